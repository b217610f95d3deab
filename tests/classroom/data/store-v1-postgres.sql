-- A PostgreSQL progress store as sq2edu 0.1.0 (schema 1) left it: two classes, the first
-- archived, with settings, attempts and a game. tests/classroom/test_migration.py loads it.
CREATE SCHEMA sq2edu;
CREATE TABLE sq2edu.meta (application TEXT NOT NULL, version INTEGER);
INSERT INTO sq2edu.meta VALUES ('sq2edu progress store', 1);
CREATE TABLE sq2edu.classes (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL,
        created TEXT NOT NULL,
        archived TEXT
    );
    CREATE TABLE sq2edu.students (
        id BIGSERIAL PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        nickname TEXT NOT NULL,
        joined TEXT NOT NULL,
        UNIQUE (class_id, nickname)
    );
    CREATE TABLE sq2edu.attempts (
        id BIGSERIAL PRIMARY KEY,
        student_id BIGINT NOT NULL REFERENCES sq2edu.students(id),
        at TEXT NOT NULL,
        text TEXT NOT NULL,
        ok BOOLEAN NOT NULL,
        codes TEXT NOT NULL,
        numbers TEXT NOT NULL,
        typed BOOLEAN NOT NULL,
        hint_level INTEGER NOT NULL,
        place TEXT NOT NULL,
        skill TEXT
    );
    CREATE INDEX attempts_by_student ON sq2edu.attempts (student_id, at);
    CREATE TABLE sq2edu.games (
        id BIGSERIAL PRIMARY KEY,
        class_id BIGINT NOT NULL REFERENCES sq2edu.classes(id),
        at TEXT NOT NULL,
        players TEXT NOT NULL,
        bots TEXT NOT NULL,
        winner TEXT,
        turns INTEGER NOT NULL,
        seconds DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE sq2edu.settings (
        class_id BIGINT PRIMARY KEY REFERENCES sq2edu.classes(id),
        data TEXT NOT NULL
    );
INSERT INTO sq2edu.classes (id, name, created, archived) VALUES
    (1, 'My class', '2026-11-30T08:00:00+00:00', '2026-11-30T12:00:00+00:00'),
    (2, 'Class 4A', '2026-11-30T12:00:00+00:00', NULL);
SELECT setval('sq2edu.classes_id_seq', 2);
INSERT INTO sq2edu.students (id, class_id, nickname, joined) VALUES
    (1, 1, 'Mia', '2026-11-30T09:00:00+00:00'),
    (2, 1, 'Leo', '2026-11-30T09:01:00+00:00'),
    (3, 2, 'Ana', '2026-12-01T10:00:00+00:00');
SELECT setval('sq2edu.students_id_seq', 3);
INSERT INTO sq2edu.attempts (id, student_id, at, text, ok, codes, numbers, typed, hint_level, place, skill) VALUES
    (1, 1, '2026-11-30T09:00:00+00:00', '2 + 3 = 5', TRUE, '[]', '[2, 3, 5]', FALSE, 0, 'game', 'addition-two'),
    (2, 2, '2026-11-30T09:01:00+00:00', '7 ÷ 2 = 3', FALSE, '["not-whole"]', '[7, 2, 3]', TRUE, 1, 'lab', 'division-two'),
    (3, 3, '2026-12-01T10:00:00+00:00', '3 × 3 = 9', TRUE, '[]', '[3, 3, 9]', FALSE, 0, 'lab', 'multiplication-two');
SELECT setval('sq2edu.attempts_id_seq', 3);
INSERT INTO sq2edu.games (id, class_id, at, players, bots, winner, turns, seconds) VALUES
    (1, 1, '2026-11-30T09:10:00+00:00', '["Mia", "Medium bot"]', '{"1": "medium"}', 'Mia', 21, 300.5);
SELECT setval('sq2edu.games_id_seq', 1);
INSERT INTO sq2edu.settings (class_id, data) VALUES
    (1, '{"operations": "+−×", "hints": "limited", "level": "medium", "quick": false, "edition": "rescue", "language": "nb"}');

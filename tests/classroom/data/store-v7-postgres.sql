-- A PostgreSQL progress store as the release with lessons (schema 7) left it, dumped by
-- pg_dump: one class with settings, two students, lesson attempts (one right after the worked
-- example, hint level 3), Lab attempts and a game. tests/classroom/test_migration.py loads it.
SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;
CREATE SCHEMA sq2edu;
SET default_tablespace = '';
SET default_table_access_method = heap;
CREATE TABLE sq2edu.attempts (
    id bigint NOT NULL,
    student_id bigint NOT NULL,
    at text NOT NULL,
    text text NOT NULL,
    ok boolean NOT NULL,
    codes text NOT NULL,
    numbers text NOT NULL,
    typed boolean NOT NULL,
    hint_level integer NOT NULL,
    place text NOT NULL,
    skill text,
    cards text DEFAULT '[]'::text NOT NULL,
    level text DEFAULT ''::text NOT NULL,
    lesson text DEFAULT ''::text NOT NULL,
    exercise integer DEFAULT 0 NOT NULL
);
CREATE SEQUENCE sq2edu.attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE sq2edu.attempts_id_seq OWNED BY sq2edu.attempts.id;
CREATE TABLE sq2edu.classes (
    id bigint NOT NULL,
    name text NOT NULL,
    created text NOT NULL,
    archived text,
    room text DEFAULT ''::text NOT NULL
);
CREATE SEQUENCE sq2edu.classes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE sq2edu.classes_id_seq OWNED BY sq2edu.classes.id;
CREATE TABLE sq2edu.events (
    id bigint NOT NULL,
    class_id bigint NOT NULL,
    at text NOT NULL,
    kind text NOT NULL,
    address text NOT NULL,
    detail text NOT NULL
);
CREATE SEQUENCE sq2edu.events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE sq2edu.events_id_seq OWNED BY sq2edu.events.id;
CREATE TABLE sq2edu.game_tables (
    id text NOT NULL,
    class_id bigint NOT NULL,
    edition text NOT NULL,
    size integer NOT NULL,
    seats text NOT NULL,
    maker text NOT NULL,
    status text NOT NULL,
    game text,
    dealt text,
    version integer NOT NULL,
    created text NOT NULL,
    changed text NOT NULL,
    started text,
    turn_since text,
    driver text,
    driver_until text
);
CREATE TABLE sq2edu.games (
    id bigint NOT NULL,
    class_id bigint NOT NULL,
    at text NOT NULL,
    players text NOT NULL,
    bots text NOT NULL,
    winner text,
    turns integer NOT NULL,
    seconds double precision NOT NULL
);
CREATE SEQUENCE sq2edu.games_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE sq2edu.games_id_seq OWNED BY sq2edu.games.id;
CREATE TABLE sq2edu.groups (
    id bigint NOT NULL,
    class_id bigint NOT NULL,
    name text NOT NULL,
    members text NOT NULL,
    focus text NOT NULL
);
CREATE SEQUENCE sq2edu.groups_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE sq2edu.groups_id_seq OWNED BY sq2edu.groups.id;
CREATE TABLE sq2edu.hub_users (
    name text NOT NULL,
    room text NOT NULL,
    nickname text,
    teacher text
);
CREATE TABLE sq2edu.meta (
    application text NOT NULL,
    version integer
);
CREATE TABLE sq2edu.room_teachers (
    room text NOT NULL,
    teacher_id bigint NOT NULL
);
CREATE TABLE sq2edu.rooms (
    name text NOT NULL,
    code text,
    created text NOT NULL
);
CREATE TABLE sq2edu.settings (
    class_id bigint NOT NULL,
    data text NOT NULL
);
CREATE TABLE sq2edu.students (
    id bigint NOT NULL,
    class_id bigint NOT NULL,
    nickname text NOT NULL,
    joined text NOT NULL,
    device text,
    seen text
);
CREATE SEQUENCE sq2edu.students_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE sq2edu.students_id_seq OWNED BY sq2edu.students.id;
CREATE TABLE sq2edu.teachers (
    id bigint NOT NULL,
    name text NOT NULL,
    secret text NOT NULL,
    created text NOT NULL
);
CREATE SEQUENCE sq2edu.teachers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE sq2edu.teachers_id_seq OWNED BY sq2edu.teachers.id;
ALTER TABLE ONLY sq2edu.attempts ALTER COLUMN id SET DEFAULT nextval('sq2edu.attempts_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.classes ALTER COLUMN id SET DEFAULT nextval('sq2edu.classes_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.events ALTER COLUMN id SET DEFAULT nextval('sq2edu.events_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.games ALTER COLUMN id SET DEFAULT nextval('sq2edu.games_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.groups ALTER COLUMN id SET DEFAULT nextval('sq2edu.groups_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.students ALTER COLUMN id SET DEFAULT nextval('sq2edu.students_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.teachers ALTER COLUMN id SET DEFAULT nextval('sq2edu.teachers_id_seq'::regclass);
INSERT INTO sq2edu.attempts VALUES (1, 1, '2026-11-30T09:00:00+00:00', '1 + 4 = 6', false, '["not-true"]', '[1, 4, 6]', false, 0, 'lesson', 'addition-two', '[1, 4, 5, 6, 8]', '', 'number-bonds', 1);
INSERT INTO sq2edu.attempts VALUES (2, 1, '2026-11-30T09:01:00+00:00', '1 + 4 = 5', true, '[]', '[1, 4, 5]', false, 3, 'lesson', 'addition-two', '[1, 4, 5, 6, 8]', '', 'number-bonds', 1);
INSERT INTO sq2edu.attempts VALUES (3, 1, '2026-11-30T09:02:00+00:00', '2 + 4 = 6', true, '[]', '[2, 4, 6]', false, 0, 'lesson', 'addition-two', '[2, 4, 6, 7, 9]', '', 'number-bonds', 2);
INSERT INTO sq2edu.attempts VALUES (4, 1, '2026-11-30T09:03:00+00:00', '3 + 5 = 8', true, '[]', '[3, 5, 8]', false, 0, 'lesson', 'addition-two', '[4, 5, 6]', '', 'number-bonds', 10);
INSERT INTO sq2edu.attempts VALUES (5, 2, '2026-11-30T09:04:00+00:00', '2 + 3 = 5', true, '[]', '[2, 3, 5]', false, 3, 'lab', 'addition-two', '[2, 3, 5, 7, 9]', 'bonds-10', '', 0);
INSERT INTO sq2edu.attempts VALUES (6, 2, '2026-11-30T09:05:00+00:00', '3 + 4 = 7', true, '[]', '[3, 4, 7]', true, 1, 'lab', 'addition-two', '[3, 4, 7, 8, 9]', 'bonds-10', '', 0);
INSERT INTO sq2edu.classes VALUES (1, 'My class', '2026-12-02T09:59:20+00:00', NULL, '');
INSERT INTO sq2edu.games VALUES (1, 1, '2026-11-30T09:30:00+00:00', '["Mia", "Leo"]', '{}', 'Leo', 31, 600);
INSERT INTO sq2edu.meta VALUES ('sq2edu progress store', 7);
INSERT INTO sq2edu.settings VALUES (1, '{"language": "nb", "operations": "+\u2212", "hints": "free", "lessons": ["number-bonds"]}');
INSERT INTO sq2edu.students VALUES (1, 1, 'Mia', '2026-12-02T09:59:20+00:00', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '2026-11-30T09:03:00+00:00');
INSERT INTO sq2edu.students VALUES (2, 1, 'Leo', '2026-12-02T09:59:20+00:00', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', '2026-11-30T09:05:00+00:00');
SELECT pg_catalog.setval('sq2edu.attempts_id_seq', 6, true);
SELECT pg_catalog.setval('sq2edu.classes_id_seq', 1, true);
SELECT pg_catalog.setval('sq2edu.events_id_seq', 1, false);
SELECT pg_catalog.setval('sq2edu.games_id_seq', 1, true);
SELECT pg_catalog.setval('sq2edu.groups_id_seq', 1, false);
SELECT pg_catalog.setval('sq2edu.students_id_seq', 2, true);
SELECT pg_catalog.setval('sq2edu.teachers_id_seq', 1, false);
ALTER TABLE ONLY sq2edu.attempts
    ADD CONSTRAINT attempts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sq2edu.classes
    ADD CONSTRAINT classes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sq2edu.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sq2edu.game_tables
    ADD CONSTRAINT game_tables_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sq2edu.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sq2edu.groups
    ADD CONSTRAINT groups_class_id_name_key UNIQUE (class_id, name);
ALTER TABLE ONLY sq2edu.groups
    ADD CONSTRAINT groups_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sq2edu.hub_users
    ADD CONSTRAINT hub_users_pkey PRIMARY KEY (name);
ALTER TABLE ONLY sq2edu.room_teachers
    ADD CONSTRAINT room_teachers_pkey PRIMARY KEY (room, teacher_id);
ALTER TABLE ONLY sq2edu.rooms
    ADD CONSTRAINT rooms_code_key UNIQUE (code);
ALTER TABLE ONLY sq2edu.rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (name);
ALTER TABLE ONLY sq2edu.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (class_id);
ALTER TABLE ONLY sq2edu.students
    ADD CONSTRAINT students_class_id_nickname_key UNIQUE (class_id, nickname);
ALTER TABLE ONLY sq2edu.students
    ADD CONSTRAINT students_pkey PRIMARY KEY (id);
ALTER TABLE ONLY sq2edu.teachers
    ADD CONSTRAINT teachers_name_key UNIQUE (name);
ALTER TABLE ONLY sq2edu.teachers
    ADD CONSTRAINT teachers_pkey PRIMARY KEY (id);
CREATE INDEX attempts_by_student ON sq2edu.attempts USING btree (student_id, at);
CREATE INDEX attempts_in_lessons ON sq2edu.attempts USING btree (lesson, student_id) WHERE (lesson <> ''::text);
CREATE INDEX classes_by_room ON sq2edu.classes USING btree (room, archived);
CREATE INDEX events_by_time ON sq2edu.events USING btree (class_id, at);
CREATE INDEX game_tables_by_class ON sq2edu.game_tables USING btree (class_id, status);
ALTER TABLE ONLY sq2edu.attempts
    ADD CONSTRAINT attempts_student_id_fkey FOREIGN KEY (student_id) REFERENCES sq2edu.students(id);
ALTER TABLE ONLY sq2edu.events
    ADD CONSTRAINT events_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);
ALTER TABLE ONLY sq2edu.game_tables
    ADD CONSTRAINT game_tables_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);
ALTER TABLE ONLY sq2edu.games
    ADD CONSTRAINT games_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);
ALTER TABLE ONLY sq2edu.groups
    ADD CONSTRAINT groups_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);
ALTER TABLE ONLY sq2edu.room_teachers
    ADD CONSTRAINT room_teachers_room_fkey FOREIGN KEY (room) REFERENCES sq2edu.rooms(name);
ALTER TABLE ONLY sq2edu.room_teachers
    ADD CONSTRAINT room_teachers_teacher_id_fkey FOREIGN KEY (teacher_id) REFERENCES sq2edu.teachers(id);
ALTER TABLE ONLY sq2edu.settings
    ADD CONSTRAINT settings_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);
ALTER TABLE ONLY sq2edu.students
    ADD CONSTRAINT students_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);

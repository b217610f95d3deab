-- A PostgreSQL progress store as the release before a school's many classes (schema 4)
-- left it, dumped by pg_dump: two classes (the first archived) with settings, students,
-- attempts, a game, a refusal, a group, a finished table and a waiting one.
-- tests/classroom/test_migration.py loads it.
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
    cards text DEFAULT '[]'::text NOT NULL
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
    archived text
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
CREATE TABLE sq2edu.meta (
    application text NOT NULL,
    version integer
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
ALTER TABLE ONLY sq2edu.attempts ALTER COLUMN id SET DEFAULT nextval('sq2edu.attempts_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.classes ALTER COLUMN id SET DEFAULT nextval('sq2edu.classes_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.events ALTER COLUMN id SET DEFAULT nextval('sq2edu.events_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.games ALTER COLUMN id SET DEFAULT nextval('sq2edu.games_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.groups ALTER COLUMN id SET DEFAULT nextval('sq2edu.groups_id_seq'::regclass);
ALTER TABLE ONLY sq2edu.students ALTER COLUMN id SET DEFAULT nextval('sq2edu.students_id_seq'::regclass);
INSERT INTO sq2edu.attempts VALUES (1, 1, '2026-11-02T09:00:00+00:00', '2 + 3 = 5', true, '[]', '[2, 3, 5]', false, 0, 'lab', 'addition-two', '[2, 3, 5]');
INSERT INTO sq2edu.attempts VALUES (2, 2, '2026-11-02T09:01:00+00:00', '7 ÷ 2 = 3', false, '["not-whole"]', '[7, 2, 3]', true, 1, 'game', 'division-two', '[]');
INSERT INTO sq2edu.attempts VALUES (3, 3, '2026-11-20T10:00:00+00:00', '3 × 3 = 9', true, '[]', '[3, 3, 9]', false, 0, 'game', 'multiplication-two', '[3, 3, 9, 1, 7]');
INSERT INTO sq2edu.classes VALUES (1, 'My class', '2026-12-01T15:13:44+00:00', '2026-12-01T15:13:44+00:00');
INSERT INTO sq2edu.classes VALUES (2, 'Class 4A', '2026-12-01T15:13:44+00:00', NULL);
INSERT INTO sq2edu.events VALUES (1, 2, '2026-11-20T10:05:00+00:00', 'wrong-code', '10.0.0.7', '');
INSERT INTO sq2edu.game_tables VALUES ('da0b096b', 2, 'classic', 2, '[{"child": "Ana"}, {"child": "Ben"}]', 'Ana', 'over', '{"format": "sq2edu-game", "edition": "classic", "version": 1, "rules": {"queens_to_win": null, "points_to_win": null, "hand_size": 5, "operations": "+", "rose_bonus_by_jester": true, "remember_sleeping_queens": true}, "state": {"players": [{"name": "Ana", "hand": ["n3b", "dragon3", "n3c", "n7c"], "queens": ["q-sunflower", "q-dog", "q-rose", "q-moon", "q-cake"]}, {"name": "Ben", "hand": ["n4b", "n8a", "n6b", "n6a", "n8c"], "queens": ["q-starfish", "q-rainbow"]}], "deck": ["wand3", "n5c", "n1b", "dragon1", "n4a", "jester3", "k-bubble-gum", "potion2", "jester2", "n5b", "n9b", "n8d", "n4d", "n5d", "n6c", "knight3", "dragon2", "n9a", "n8b", "n2c", "k-chess", "n1c", "n4c", "jester1", "potion3", "n5a", "n2b", "n2a", "wand2", "n1d", "n3d", "k-tie-dye", "n10a", "wand1", "n7d", "n2d", "knight2", "n9c", "potion4", "knight1"], "discard": ["k-hat", "knight4", "k-puzzle", "k-fire", "n10b", "potion1", "k-turtle", "jester5", "n6d", "n10c", "n1a", "n10d", "n3a", "n9d", "jester4", "n7a", "n7b", "k-cookie"], "centre": [null, null, null, null, null, null, null, "q-pancake", "q-heart", "q-ladybug", "q-cat", "q-peacock"], "known": [false, false, false, false, false, false, false, false, false, false, false, false], "current": 0, "turn_player": 0, "phase": "over", "turn": 16, "attack": null, "waking": null, "winner": 0}, "rng": [3, [2209797851, 1310782419, 3119086015, 1729616049, 3847713558, 3139771108, 2455593149, 3244754123, 3577021632, 1913712266, 737322571, 3615952240, 18424935, 1596446038, 916716787, 2212648123, 769310697, 3313257811, 3293819628, 3627437201, 36460796, 2846190702, 3878573405, 2747625764, 1428796091, 1628432771, 2260628874, 1519186401, 1063032541, 1709885350, 2738772443, 1979201122, 114541802, 2883602358, 4077737636, 173898411, 2342798504, 2450926409, 2232824625, 4033330503, 2343616686, 1515570958, 4051615260, 3522546727, 533417299, 3759121372, 696316160, 2870856616, 3323407354, 2866088407, 3692585413, 843123312, 2332531573, 405676999, 2415026264, 4280820917, 2774053132, 4108276368, 1219140474, 903806648, 3377497524, 108303057, 4102665952, 2550424930, 2100374658, 3266874912, 4077700395, 2986480159, 139009351, 3041653074, 3839964247, 4199433129, 1936388353, 1838224327, 2781758059, 4239229206, 856134791, 861511663, 581911872, 2786597277, 161930731, 445774403, 2395212803, 3311681945, 3758626802, 925604840, 517910525, 1064137318, 695871777, 3016363843, 2805185051, 1230244323, 2835894583, 290837395, 1816834323, 3421863065, 3594521870, 2677875623, 4256153362, 1405132945, 791242287, 766814324, 1464935610, 2427611059, 3944445252, 1276868917, 1051991688, 3108471098, 2375801108, 130419865, 2775849674, 3718610980, 2752757474, 2555610261, 731605625, 4283257435, 597342503, 94149598, 1947300720, 3674159161, 3642772569, 171502344, 3062579376, 1893076807, 3467331993, 1938238711, 1173227143, 4225576996, 2389174523, 1254780947, 32373735, 654097312, 3633648030, 1765314267, 1033437443, 2404206575, 3142312706, 346022565, 3757977821, 3975284955, 172054339, 141173632, 3294911448, 3847655497, 3128512066, 3166827120, 2909018246, 1745154100, 2581131425, 3032815063, 4171776785, 1561944867, 1736557639, 4280846812, 3336183825, 3773651363, 1187013754, 3337926801, 557553004, 2492430200, 3031824664, 2471699653, 2044248862, 2979841546, 1197296108, 2204504526, 2891924611, 3630721777, 2235864090, 2407183217, 4267192286, 3219204226, 1467462895, 1362378104, 213283131, 1644127254, 4292149487, 1518053450, 2625923248, 4079228224, 84463266, 3848195982, 1458295978, 1774367083, 1811631071, 781530395, 3367450532, 410798176, 312908111, 525593586, 280418179, 2123030836, 4211165599, 1461861714, 3626322618, 2710631310, 2434646958, 1656130410, 1378799180, 2779553398, 1758697796, 363954851, 4195654717, 4142148649, 3556992360, 1445991129, 2712977377, 2623222904, 3995417036, 3115788929, 1699325857, 509693981, 917411528, 600406579, 2061828895, 1876262424, 3795137002, 3270017248, 1347667415, 2479809997, 2036299856, 1042672787, 994669106, 433972083, 2502275038, 2635213551, 1402784491, 1116441945, 2581750609, 1873499699, 744207079, 2742614651, 2608503629, 2626117734, 1428853800, 28090190, 3696488853, 930414318, 4047203678, 1034926196, 202997008, 2388538012, 1475336311, 1795307474, 3168055834, 2131291408, 3231249933, 3728385138, 596052658, 3596044582, 1203065752, 1748127939, 3932865294, 149286079, 1953265224, 719931609, 2888978460, 3142736816, 3705800512, 3523583006, 837382245, 3599650457, 2286439512, 4018165742, 3724674978, 1336004804, 462879669, 1727727622, 531401034, 212853857, 1136148421, 238676462, 3349901886, 2915514296, 287788277, 3864137436, 2932501431, 882058814, 6462233, 1701589250, 670526219, 2293543260, 3754637968, 4233368352, 745686586, 3991380204, 278647854, 2766957114, 1734452913, 2073953046, 919618676, 2632861443, 3416910172, 3581023649, 1721790903, 3904737182, 3116750505, 2114602060, 1399141197, 2668710826, 2708969026, 2009997944, 3043948900, 2857570347, 1504356700, 3476754486, 337605601, 911541056, 4293815931, 965782150, 1795609552, 298342213, 650242036, 3453531348, 2748987729, 2269603523, 502899805, 2625258973, 1852894249, 660403865, 3100750820, 978021276, 3316199148, 4145513117, 1788569554, 3439492090, 3283779360, 3044239256, 160181619, 3084803175, 2577591468, 1376054904, 2092719290, 2359281501, 3297694246, 1842825422, 1015770166, 1246673105, 2184121317, 1431854310, 3554900576, 431607805, 1831438130, 4227227974, 3051300990, 2757854026, 1255948428, 2055851598, 3761123598, 1196946284, 124437989, 862640847, 1975991680, 3371472232, 3981850462, 2639877961, 1184932315, 3046627654, 2358835955, 796076182, 1724397586, 600760907, 2731800228, 1040790674, 1663004970, 4110944865, 3176958951, 3197997473, 3764669238, 648306548, 3028635007, 1326689237, 3099174219, 1406987327, 4169621564, 1077284560, 2516588097, 2471331236, 3175561268, 217180289, 779878243, 1879375519, 1828672530, 3941218980, 399632375, 1004177505, 1473602859, 1904936758, 1900322626, 1544744567, 3189862981, 58354446, 2834805588, 2219429266, 2405529016, 1179509839, 4010806002, 540066322, 4058066641, 2591914617, 2604737954, 512638304, 655555105, 2179475744, 3877613125, 3960129923, 3514780936, 124580710, 1449363681, 2013889872, 1215106344, 4197253243, 1771495503, 630786633, 900482710, 1973567676, 1003676130, 392009020, 929303200, 307990821, 733333158, 4216766864, 2751800975, 3091636639, 1334769440, 2463922810, 3388610742, 762363895, 224523551, 3653083983, 29571225, 599315482, 4206135812, 793042001, 1301837150, 540221098, 3673904522, 1535115606, 3126969041, 188941058, 4131222413, 467618210, 3433545803, 1667939342, 3286581763, 3426271201, 4134542474, 276670496, 2094650693, 3323406832, 2146918767, 1031272631, 613070666, 3181618072, 562645249, 2224965962, 3334254493, 308090498, 614051428, 2859866281, 2195356933, 1528160606, 1665293824, 3560386823, 1653238791, 2725687622, 2222859255, 1219747448, 2762083723, 4064948773, 3751507603, 1521076257, 1526035386, 1994271318, 634479170, 126809755, 1304318434, 227083616, 3463927535, 1085672862, 59608601, 3469172179, 3610547909, 686220939, 2770248908, 1064340784, 2561249201, 3958823323, 328331370, 513803273, 4280021345, 3710545529, 3066618007, 3163774037, 144496269, 3103743181, 1449446697, 3814810562, 284014431, 3179178546, 218875862, 3770807197, 3474860314, 3787757823, 1433030609, 1131933, 4205876781, 3299645145, 1827636727, 3286057352, 709834818, 2264172117, 1495718922, 3772531191, 1805614860, 2228073479, 3516977410, 656116110, 2175707694, 540089995, 2360458992, 3180823070, 275972642, 334044058, 2622249266, 2638122058, 1496683466, 1280312640, 718933516, 1185455907, 3399448045, 1225333306, 3862527484, 3917756875, 1175269666, 2032851053, 2284216277, 333256132, 1254954251, 3394290506, 2793673908, 4107471281, 3714584622, 2652656726, 3049257932, 405616044, 2858270748, 2307569624, 2160637854, 1985096318, 2943306173, 3827956010, 3726200833, 3803601849, 1648722156, 1913238844, 177235316, 974080905, 3599530103, 2194255292, 504324636, 1234932344, 3153476750, 4159951556, 1044841595, 2594661005, 4107966045, 2214358026, 1144592615, 81000664, 701228785, 1774651308, 1033723981, 92419257, 318046185, 2811172968, 2718056043, 638283309, 2334846417, 1444830275, 3291925066, 3995904012, 829773945, 3208331298, 3341973591, 2586768678, 3109668288, 3713918033, 3171783699, 3359880185, 1714687774, 692911729, 2576318252, 1390186656, 1833519037, 2874524020, 3460414965, 750244811, 1042970649, 1287970903, 1600266623, 1324127159, 2085884600, 1826115555, 1695027055, 1110468416, 2345100366, 464296305, 1086661894, 2891767629, 1889238492, 836501391, 1443901550, 4204111709, 1381984794, 1249215042, 4121858473, 96740386, 1973019081, 3581678156, 2034987407, 3211712661, 1320598276, 935579968, 99], null], "log": [{"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "king", "player": 1, "params": {"king": "k-hat"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben played the Hat King."}, {"kind": "woke", "player": 1, "params": {"queen": "q-sunflower", "slot": 0}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben woke the Sunflower Queen!"}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "knight", "player": 0, "params": {"card": "knight4", "target": 1, "queen": "q-sunflower"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana sends a Knight to take Ben''s Sunflower Queen."}, {"kind": "stole", "player": 0, "params": {"target": 1, "queen": "q-sunflower"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana took the Sunflower Queen from Ben."}, {"kind": "drew", "player": 0, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana drew 1 card."}, {"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "king", "player": 1, "params": {"king": "k-puzzle"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben played the Puzzle King."}, {"kind": "woke", "player": 1, "params": {"queen": "q-starfish", "slot": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben woke the Starfish Queen!"}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "king", "player": 0, "params": {"king": "k-fire"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana played the Fire King."}, {"kind": "woke", "player": 0, "params": {"queen": "q-dog", "slot": 2}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana woke the Dog Queen!"}, {"kind": "drew", "player": 0, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana drew 1 card."}, {"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "discarded", "player": 1, "params": {"cards": ["n10b"]}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben discarded the 10."}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "potion", "player": 0, "params": {"card": "potion1", "target": 1, "queen": "q-starfish"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana plays a Sleeping Potion on Ben''s Starfish Queen."}, {"kind": "slept", "player": 0, "params": {"target": 1, "queen": "q-starfish", "slot": 0}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben''s Starfish Queen fell asleep and went back to the middle."}, {"kind": "drew", "player": 0, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana drew 1 card."}, {"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "king", "player": 1, "params": {"king": "k-turtle"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben played the Turtle King."}, {"kind": "woke", "player": 1, "params": {"queen": "q-starfish", "slot": 0}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben woke the Starfish Queen!"}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "jester", "player": 0, "params": {"card": "n6d"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana played a Jester and turned over the 6."}, {"kind": "counted", "player": 0, "params": {"value": 6, "target": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Counting 6 from Ana lands on Ben, who wakes a queen!"}, {"kind": "woke", "player": 1, "params": {"queen": "q-rainbow", "slot": 3}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben woke the Rainbow Queen!"}, {"kind": "drew", "player": 0, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana drew 1 card."}, {"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "discarded", "player": 1, "params": {"cards": ["n10c"]}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben discarded the 10."}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "discarded", "player": 0, "params": {"cards": ["n1a"]}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana discarded the 1."}, {"kind": "drew", "player": 0, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana drew 1 card."}, {"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "discarded", "player": 1, "params": {"cards": ["n10d"]}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben discarded the 10."}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "discarded", "player": 0, "params": {"cards": ["n3a"]}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana discarded the 3."}, {"kind": "drew", "player": 0, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana drew 1 card."}, {"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "discarded", "player": 1, "params": {"cards": ["n9d"]}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben discarded the 9."}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "jester", "player": 0, "params": {"card": "n7a"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana played a Jester and turned over the 7."}, {"kind": "counted", "player": 0, "params": {"value": 7, "target": 0}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Counting 7 from Ana lands on Ana, who wakes a queen!"}, {"kind": "woke", "player": 0, "params": {"queen": "q-rose", "slot": 4}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana woke the Rose Queen!"}, {"kind": "rose-bonus", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "The Rose Queen lets Ana wake one more queen!"}, {"kind": "woke", "player": 0, "params": {"queen": "q-moon", "slot": 5}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana woke the Moon Queen!"}, {"kind": "drew", "player": 0, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana drew 1 card."}, {"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}, {"kind": "discarded", "player": 1, "params": {"cards": ["n7b"]}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben discarded the 7."}, {"kind": "drew", "player": 1, "params": {"count": 1}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ben drew 1 card."}, {"kind": "turn", "player": 0, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ana''s turn."}, {"kind": "king", "player": 0, "params": {"king": "k-cookie"}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana played the Cookie King."}, {"kind": "woke", "player": 0, "params": {"queen": "q-cake", "slot": 6}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana woke the Cake Queen!"}, {"kind": "won", "player": 0, "params": {"reason": "goal", "queens": 5, "points": 45}, "edition": "classic", "names": ["Ana", "Ben"], "text": "Ana has 5 queens and 45 points, and wins!"}], "history": [{"kind": "classic-wake", "king": "k-hat", "slot": 0}, {"kind": "classic-steal", "knight": "knight4", "target": 1, "queen": "q-sunflower"}, {"kind": "classic-no-block"}, {"kind": "classic-wake", "king": "k-puzzle", "slot": 1}, {"kind": "classic-wake", "king": "k-fire", "slot": 2}, {"kind": "classic-discard", "card": "n10b"}, {"kind": "classic-potion", "potion": "potion1", "target": 1, "queen": "q-starfish"}, {"kind": "classic-no-block"}, {"kind": "classic-wake", "king": "k-turtle", "slot": 0}, {"kind": "classic-jester", "jester": "jester5"}, {"kind": "classic-choose-queen", "slot": 3}, {"kind": "classic-discard", "card": "n10c"}, {"kind": "classic-discard", "card": "n1a"}, {"kind": "classic-discard", "card": "n10d"}, {"kind": "classic-discard", "card": "n3a"}, {"kind": "classic-discard", "card": "n9d"}, {"kind": "classic-jester", "jester": "jester4"}, {"kind": "classic-choose-queen", "slot": 4}, {"kind": "classic-choose-queen", "slot": 5}, {"kind": "classic-discard", "card": "n7b"}, {"kind": "classic-wake", "king": "k-cookie", "slot": 6}]}', '{"format": "sq2edu-game", "edition": "classic", "version": 1, "rules": {"queens_to_win": null, "points_to_win": null, "hand_size": 5, "operations": "+", "rose_bonus_by_jester": true, "remember_sleeping_queens": true}, "state": {"players": [{"name": "Ana", "hand": ["n1a", "knight4", "jester5", "potion1", "n3a"], "queens": []}, {"name": "Ben", "hand": ["n10b", "k-hat", "n10c", "n10d", "k-puzzle"], "queens": []}], "deck": ["wand3", "n5c", "n1b", "dragon1", "n4a", "jester3", "k-bubble-gum", "potion2", "jester2", "n5b", "n9b", "n8d", "n4d", "n5d", "n6c", "knight3", "dragon2", "n9a", "n8b", "n2c", "k-chess", "n1c", "n4c", "jester1", "potion3", "n5a", "n2b", "n2a", "wand2", "n1d", "n3d", "k-tie-dye", "n10a", "wand1", "n7d", "n2d", "knight2", "n9c", "potion4", "knight1", "n8c", "k-cookie", "n7a", "n6a", "jester4", "n6b", "n7c", "n8a", "n3c", "n6d", "n4b", "dragon3", "k-turtle", "n3b", "n7b", "k-fire", "n9d"], "discard": [], "centre": ["q-sunflower", "q-starfish", "q-dog", "q-rainbow", "q-rose", "q-moon", "q-cake", "q-pancake", "q-heart", "q-ladybug", "q-cat", "q-peacock"], "known": [false, false, false, false, false, false, false, false, false, false, false, false], "current": 1, "turn_player": 1, "phase": "turn", "turn": 1, "attack": null, "waking": null, "winner": null}, "rng": [3, [2209797851, 1310782419, 3119086015, 1729616049, 3847713558, 3139771108, 2455593149, 3244754123, 3577021632, 1913712266, 737322571, 3615952240, 18424935, 1596446038, 916716787, 2212648123, 769310697, 3313257811, 3293819628, 3627437201, 36460796, 2846190702, 3878573405, 2747625764, 1428796091, 1628432771, 2260628874, 1519186401, 1063032541, 1709885350, 2738772443, 1979201122, 114541802, 2883602358, 4077737636, 173898411, 2342798504, 2450926409, 2232824625, 4033330503, 2343616686, 1515570958, 4051615260, 3522546727, 533417299, 3759121372, 696316160, 2870856616, 3323407354, 2866088407, 3692585413, 843123312, 2332531573, 405676999, 2415026264, 4280820917, 2774053132, 4108276368, 1219140474, 903806648, 3377497524, 108303057, 4102665952, 2550424930, 2100374658, 3266874912, 4077700395, 2986480159, 139009351, 3041653074, 3839964247, 4199433129, 1936388353, 1838224327, 2781758059, 4239229206, 856134791, 861511663, 581911872, 2786597277, 161930731, 445774403, 2395212803, 3311681945, 3758626802, 925604840, 517910525, 1064137318, 695871777, 3016363843, 2805185051, 1230244323, 2835894583, 290837395, 1816834323, 3421863065, 3594521870, 2677875623, 4256153362, 1405132945, 791242287, 766814324, 1464935610, 2427611059, 3944445252, 1276868917, 1051991688, 3108471098, 2375801108, 130419865, 2775849674, 3718610980, 2752757474, 2555610261, 731605625, 4283257435, 597342503, 94149598, 1947300720, 3674159161, 3642772569, 171502344, 3062579376, 1893076807, 3467331993, 1938238711, 1173227143, 4225576996, 2389174523, 1254780947, 32373735, 654097312, 3633648030, 1765314267, 1033437443, 2404206575, 3142312706, 346022565, 3757977821, 3975284955, 172054339, 141173632, 3294911448, 3847655497, 3128512066, 3166827120, 2909018246, 1745154100, 2581131425, 3032815063, 4171776785, 1561944867, 1736557639, 4280846812, 3336183825, 3773651363, 1187013754, 3337926801, 557553004, 2492430200, 3031824664, 2471699653, 2044248862, 2979841546, 1197296108, 2204504526, 2891924611, 3630721777, 2235864090, 2407183217, 4267192286, 3219204226, 1467462895, 1362378104, 213283131, 1644127254, 4292149487, 1518053450, 2625923248, 4079228224, 84463266, 3848195982, 1458295978, 1774367083, 1811631071, 781530395, 3367450532, 410798176, 312908111, 525593586, 280418179, 2123030836, 4211165599, 1461861714, 3626322618, 2710631310, 2434646958, 1656130410, 1378799180, 2779553398, 1758697796, 363954851, 4195654717, 4142148649, 3556992360, 1445991129, 2712977377, 2623222904, 3995417036, 3115788929, 1699325857, 509693981, 917411528, 600406579, 2061828895, 1876262424, 3795137002, 3270017248, 1347667415, 2479809997, 2036299856, 1042672787, 994669106, 433972083, 2502275038, 2635213551, 1402784491, 1116441945, 2581750609, 1873499699, 744207079, 2742614651, 2608503629, 2626117734, 1428853800, 28090190, 3696488853, 930414318, 4047203678, 1034926196, 202997008, 2388538012, 1475336311, 1795307474, 3168055834, 2131291408, 3231249933, 3728385138, 596052658, 3596044582, 1203065752, 1748127939, 3932865294, 149286079, 1953265224, 719931609, 2888978460, 3142736816, 3705800512, 3523583006, 837382245, 3599650457, 2286439512, 4018165742, 3724674978, 1336004804, 462879669, 1727727622, 531401034, 212853857, 1136148421, 238676462, 3349901886, 2915514296, 287788277, 3864137436, 2932501431, 882058814, 6462233, 1701589250, 670526219, 2293543260, 3754637968, 4233368352, 745686586, 3991380204, 278647854, 2766957114, 1734452913, 2073953046, 919618676, 2632861443, 3416910172, 3581023649, 1721790903, 3904737182, 3116750505, 2114602060, 1399141197, 2668710826, 2708969026, 2009997944, 3043948900, 2857570347, 1504356700, 3476754486, 337605601, 911541056, 4293815931, 965782150, 1795609552, 298342213, 650242036, 3453531348, 2748987729, 2269603523, 502899805, 2625258973, 1852894249, 660403865, 3100750820, 978021276, 3316199148, 4145513117, 1788569554, 3439492090, 3283779360, 3044239256, 160181619, 3084803175, 2577591468, 1376054904, 2092719290, 2359281501, 3297694246, 1842825422, 1015770166, 1246673105, 2184121317, 1431854310, 3554900576, 431607805, 1831438130, 4227227974, 3051300990, 2757854026, 1255948428, 2055851598, 3761123598, 1196946284, 124437989, 862640847, 1975991680, 3371472232, 3981850462, 2639877961, 1184932315, 3046627654, 2358835955, 796076182, 1724397586, 600760907, 2731800228, 1040790674, 1663004970, 4110944865, 3176958951, 3197997473, 3764669238, 648306548, 3028635007, 1326689237, 3099174219, 1406987327, 4169621564, 1077284560, 2516588097, 2471331236, 3175561268, 217180289, 779878243, 1879375519, 1828672530, 3941218980, 399632375, 1004177505, 1473602859, 1904936758, 1900322626, 1544744567, 3189862981, 58354446, 2834805588, 2219429266, 2405529016, 1179509839, 4010806002, 540066322, 4058066641, 2591914617, 2604737954, 512638304, 655555105, 2179475744, 3877613125, 3960129923, 3514780936, 124580710, 1449363681, 2013889872, 1215106344, 4197253243, 1771495503, 630786633, 900482710, 1973567676, 1003676130, 392009020, 929303200, 307990821, 733333158, 4216766864, 2751800975, 3091636639, 1334769440, 2463922810, 3388610742, 762363895, 224523551, 3653083983, 29571225, 599315482, 4206135812, 793042001, 1301837150, 540221098, 3673904522, 1535115606, 3126969041, 188941058, 4131222413, 467618210, 3433545803, 1667939342, 3286581763, 3426271201, 4134542474, 276670496, 2094650693, 3323406832, 2146918767, 1031272631, 613070666, 3181618072, 562645249, 2224965962, 3334254493, 308090498, 614051428, 2859866281, 2195356933, 1528160606, 1665293824, 3560386823, 1653238791, 2725687622, 2222859255, 1219747448, 2762083723, 4064948773, 3751507603, 1521076257, 1526035386, 1994271318, 634479170, 126809755, 1304318434, 227083616, 3463927535, 1085672862, 59608601, 3469172179, 3610547909, 686220939, 2770248908, 1064340784, 2561249201, 3958823323, 328331370, 513803273, 4280021345, 3710545529, 3066618007, 3163774037, 144496269, 3103743181, 1449446697, 3814810562, 284014431, 3179178546, 218875862, 3770807197, 3474860314, 3787757823, 1433030609, 1131933, 4205876781, 3299645145, 1827636727, 3286057352, 709834818, 2264172117, 1495718922, 3772531191, 1805614860, 2228073479, 3516977410, 656116110, 2175707694, 540089995, 2360458992, 3180823070, 275972642, 334044058, 2622249266, 2638122058, 1496683466, 1280312640, 718933516, 1185455907, 3399448045, 1225333306, 3862527484, 3917756875, 1175269666, 2032851053, 2284216277, 333256132, 1254954251, 3394290506, 2793673908, 4107471281, 3714584622, 2652656726, 3049257932, 405616044, 2858270748, 2307569624, 2160637854, 1985096318, 2943306173, 3827956010, 3726200833, 3803601849, 1648722156, 1913238844, 177235316, 974080905, 3599530103, 2194255292, 504324636, 1234932344, 3153476750, 4159951556, 1044841595, 2594661005, 4107966045, 2214358026, 1144592615, 81000664, 701228785, 1774651308, 1033723981, 92419257, 318046185, 2811172968, 2718056043, 638283309, 2334846417, 1444830275, 3291925066, 3995904012, 829773945, 3208331298, 3341973591, 2586768678, 3109668288, 3713918033, 3171783699, 3359880185, 1714687774, 692911729, 2576318252, 1390186656, 1833519037, 2874524020, 3460414965, 750244811, 1042970649, 1287970903, 1600266623, 1324127159, 2085884600, 1826115555, 1695027055, 1110468416, 2345100366, 464296305, 1086661894, 2891767629, 1889238492, 836501391, 1443901550, 4204111709, 1381984794, 1249215042, 4121858473, 96740386, 1973019081, 3581678156, 2034987407, 3211712661, 1320598276, 935579968, 99], null], "log": [{"kind": "turn", "player": 1, "params": {}, "edition": "classic", "names": ["Ana", "Ben"], "text": "It is Ben''s turn."}], "history": []}', 23, '2026-12-01T15:13:44+00:00', '2026-12-01T15:13:44+00:00', '2026-12-01T15:13:44+00:00', '2026-12-01T15:13:44+00:00', NULL, NULL);
INSERT INTO sq2edu.game_tables VALUES ('08e9c8a1', 2, 'rescue', 3, '[{"child": "Ben"}, null, null]', 'Ben', 'open', NULL, NULL, 0, '2026-12-01T15:13:44+00:00', '2026-12-01T15:13:44+00:00', NULL, NULL, NULL, NULL);
INSERT INTO sq2edu.games VALUES (1, 1, '2026-11-02T09:30:00+00:00', '["Mia", "Leo"]', '{}', 'Mia', 20, 300);
INSERT INTO sq2edu.games VALUES (2, 2, '2026-12-01T15:13:44+00:00', '["Ana", "Ben"]', '{}', 'Ana', 16, 0.7);
INSERT INTO sq2edu.groups VALUES (1, 2, 'Table 1', '["Ana", "Ben"]', '{"operations": "+"}');
INSERT INTO sq2edu.meta VALUES ('sq2edu progress store', 4);
INSERT INTO sq2edu.settings VALUES (1, '{"language": "nb", "edition": "classic"}');
INSERT INTO sq2edu.settings VALUES (2, '{"language": "ru", "edition": "rescue", "turn_timeout": 90}');
INSERT INTO sq2edu.students VALUES (1, 1, 'Mia', '2026-12-01T15:13:44+00:00', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '2026-11-02T09:00:00+00:00');
INSERT INTO sq2edu.students VALUES (2, 1, 'Leo', '2026-12-01T15:13:44+00:00', NULL, '2026-11-02T09:01:00+00:00');
INSERT INTO sq2edu.students VALUES (4, 2, 'Ben', '2026-12-01T15:13:44+00:00', 'cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc', NULL);
INSERT INTO sq2edu.students VALUES (3, 2, 'Ana', '2026-12-01T15:13:44+00:00', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', '2026-11-20T10:00:00+00:00');
SELECT pg_catalog.setval('sq2edu.attempts_id_seq', 3, true);
SELECT pg_catalog.setval('sq2edu.classes_id_seq', 2, true);
SELECT pg_catalog.setval('sq2edu.events_id_seq', 1, true);
SELECT pg_catalog.setval('sq2edu.games_id_seq', 2, true);
SELECT pg_catalog.setval('sq2edu.groups_id_seq', 1, true);
SELECT pg_catalog.setval('sq2edu.students_id_seq', 4, true);
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
ALTER TABLE ONLY sq2edu.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (class_id);
ALTER TABLE ONLY sq2edu.students
    ADD CONSTRAINT students_class_id_nickname_key UNIQUE (class_id, nickname);
ALTER TABLE ONLY sq2edu.students
    ADD CONSTRAINT students_pkey PRIMARY KEY (id);
CREATE INDEX attempts_by_student ON sq2edu.attempts USING btree (student_id, at);
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
ALTER TABLE ONLY sq2edu.settings
    ADD CONSTRAINT settings_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);
ALTER TABLE ONLY sq2edu.students
    ADD CONSTRAINT students_class_id_fkey FOREIGN KEY (class_id) REFERENCES sq2edu.classes(id);

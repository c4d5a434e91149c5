-- A parlour database from before Alembic, as `create_all` made it (commit
-- bbb6195): the schema and rows of a server that played three tables and a
-- party. tests/server/test_migrations.py builds a SQLite file from it.
--   table 1: Polignac, four people, seed 1, three moves (playing)
--   table 2: Clock, one person, seed 18, won in 52 moves (its patience result)
--   table 3: Clock, one computer, seed 2**64 - 5, finished in 41 moves
--   event 1: Progress Races, two tables, two rounds, seed 3, Ada (player 0)
--            joined, the first round started (step 0)
-- The seat tokens are in the test.
BEGIN TRANSACTION;
CREATE TABLE event_steps (
	event_id INTEGER NOT NULL, 
	number INTEGER NOT NULL, 
	step JSON NOT NULL, 
	PRIMARY KEY (event_id, number), 
	FOREIGN KEY(event_id) REFERENCES events (id)
);
INSERT INTO "event_steps" VALUES(1,0,'["start"]');
CREATE TABLE events (
	id INTEGER NOT NULL, 
	version INTEGER NOT NULL, 
	options JSON NOT NULL, 
	seed VARCHAR(64) NOT NULL, 
	seating JSON NOT NULL, 
	places JSON NOT NULL, 
	host_hash VARCHAR(64) NOT NULL, 
	join_hash VARCHAR(64) NOT NULL, 
	level VARCHAR(32) NOT NULL, 
	delay FLOAT, 
	time_limit FLOAT, 
	deadline DATETIME, 
	status VARCHAR(16) NOT NULL, 
	steps INTEGER NOT NULL, 
	created DATETIME NOT NULL, 
	finished DATETIME, 
	PRIMARY KEY (id)
);
INSERT INTO "events" VALUES(1,1,'{"tables": 2, "rounds": 2, "opener": "left_of_dealer", "follow_sign": "any", "signal": "all_tables", "movers": "winners", "movement_basis": "round", "stayer_shift": true, "role_prizes": false, "p_may_open": false, "reopen_only_when_blocked": true, "p_followup": "mandatory", "deferral": "after_sequence_card", "defer_sevens": "any", "direction_lock": false, "wraparound": true, "p_value": 15}','3','[[6, 2, 0, 3], [1, 4, 5, 7]]','[{"name": "Ada", "kind": "human", "agent": null, "token_hash": "25b645ed1ef3c9245f3a21af33bb738a82a3f508365223366c5ec27eb5e80532"}, {"name": "Computer 1", "kind": "computer", "agent": "random", "token_hash": null}, {"name": "Computer 2", "kind": "computer", "agent": "random", "token_hash": null}, {"name": "Computer 3", "kind": "computer", "agent": "random", "token_hash": null}, {"name": "Computer 4", "kind": "computer", "agent": "random", "token_hash": null}, {"name": "Computer 5", "kind": "computer", "agent": "random", "token_hash": null}, {"name": "Computer 6", "kind": "computer", "agent": "random", "token_hash": null}, {"name": "Computer 7", "kind": "computer", "agent": "random", "token_hash": null}]','7b120b96d28fe519bdacb821226f616fe2e353f4157f0192e55ba637392f0fe6','69bc911a1f1fddd5897b0a8b5eda3093db28cb456593af86dc15ace92a9faabd','random',30.0,NULL,NULL,'playing',1,'2026-12-01 17:38:09.452963',NULL);
CREATE TABLE moves (
	table_id INTEGER NOT NULL, 
	move_number INTEGER NOT NULL, 
	action INTEGER NOT NULL, 
	PRIMARY KEY (table_id, move_number), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "moves" VALUES(1,0,32);
INSERT INTO "moves" VALUES(1,1,32);
INSERT INTO "moves" VALUES(1,2,32);
INSERT INTO "moves" VALUES(2,0,0);
INSERT INTO "moves" VALUES(2,1,0);
INSERT INTO "moves" VALUES(2,2,0);
INSERT INTO "moves" VALUES(2,3,0);
INSERT INTO "moves" VALUES(2,4,0);
INSERT INTO "moves" VALUES(2,5,0);
INSERT INTO "moves" VALUES(2,6,0);
INSERT INTO "moves" VALUES(2,7,0);
INSERT INTO "moves" VALUES(2,8,0);
INSERT INTO "moves" VALUES(2,9,0);
INSERT INTO "moves" VALUES(2,10,0);
INSERT INTO "moves" VALUES(2,11,0);
INSERT INTO "moves" VALUES(2,12,0);
INSERT INTO "moves" VALUES(2,13,0);
INSERT INTO "moves" VALUES(2,14,0);
INSERT INTO "moves" VALUES(2,15,0);
INSERT INTO "moves" VALUES(2,16,0);
INSERT INTO "moves" VALUES(2,17,0);
INSERT INTO "moves" VALUES(2,18,0);
INSERT INTO "moves" VALUES(2,19,0);
INSERT INTO "moves" VALUES(2,20,0);
INSERT INTO "moves" VALUES(2,21,0);
INSERT INTO "moves" VALUES(2,22,0);
INSERT INTO "moves" VALUES(2,23,0);
INSERT INTO "moves" VALUES(2,24,0);
INSERT INTO "moves" VALUES(2,25,0);
INSERT INTO "moves" VALUES(2,26,0);
INSERT INTO "moves" VALUES(2,27,0);
INSERT INTO "moves" VALUES(2,28,0);
INSERT INTO "moves" VALUES(2,29,0);
INSERT INTO "moves" VALUES(2,30,0);
INSERT INTO "moves" VALUES(2,31,0);
INSERT INTO "moves" VALUES(2,32,0);
INSERT INTO "moves" VALUES(2,33,0);
INSERT INTO "moves" VALUES(2,34,0);
INSERT INTO "moves" VALUES(2,35,0);
INSERT INTO "moves" VALUES(2,36,0);
INSERT INTO "moves" VALUES(2,37,0);
INSERT INTO "moves" VALUES(2,38,0);
INSERT INTO "moves" VALUES(2,39,0);
INSERT INTO "moves" VALUES(2,40,0);
INSERT INTO "moves" VALUES(2,41,0);
INSERT INTO "moves" VALUES(2,42,0);
INSERT INTO "moves" VALUES(2,43,0);
INSERT INTO "moves" VALUES(2,44,0);
INSERT INTO "moves" VALUES(2,45,0);
INSERT INTO "moves" VALUES(2,46,0);
INSERT INTO "moves" VALUES(2,47,0);
INSERT INTO "moves" VALUES(2,48,0);
INSERT INTO "moves" VALUES(2,49,0);
INSERT INTO "moves" VALUES(2,50,0);
INSERT INTO "moves" VALUES(2,51,0);
INSERT INTO "moves" VALUES(3,0,0);
INSERT INTO "moves" VALUES(3,1,0);
INSERT INTO "moves" VALUES(3,2,0);
INSERT INTO "moves" VALUES(3,3,0);
INSERT INTO "moves" VALUES(3,4,0);
INSERT INTO "moves" VALUES(3,5,0);
INSERT INTO "moves" VALUES(3,6,0);
INSERT INTO "moves" VALUES(3,7,0);
INSERT INTO "moves" VALUES(3,8,0);
INSERT INTO "moves" VALUES(3,9,0);
INSERT INTO "moves" VALUES(3,10,0);
INSERT INTO "moves" VALUES(3,11,0);
INSERT INTO "moves" VALUES(3,12,0);
INSERT INTO "moves" VALUES(3,13,0);
INSERT INTO "moves" VALUES(3,14,0);
INSERT INTO "moves" VALUES(3,15,0);
INSERT INTO "moves" VALUES(3,16,0);
INSERT INTO "moves" VALUES(3,17,0);
INSERT INTO "moves" VALUES(3,18,0);
INSERT INTO "moves" VALUES(3,19,0);
INSERT INTO "moves" VALUES(3,20,0);
INSERT INTO "moves" VALUES(3,21,0);
INSERT INTO "moves" VALUES(3,22,0);
INSERT INTO "moves" VALUES(3,23,0);
INSERT INTO "moves" VALUES(3,24,0);
INSERT INTO "moves" VALUES(3,25,0);
INSERT INTO "moves" VALUES(3,26,0);
INSERT INTO "moves" VALUES(3,27,0);
INSERT INTO "moves" VALUES(3,28,0);
INSERT INTO "moves" VALUES(3,29,0);
INSERT INTO "moves" VALUES(3,30,0);
INSERT INTO "moves" VALUES(3,31,0);
INSERT INTO "moves" VALUES(3,32,0);
INSERT INTO "moves" VALUES(3,33,0);
INSERT INTO "moves" VALUES(3,34,0);
INSERT INTO "moves" VALUES(3,35,0);
INSERT INTO "moves" VALUES(3,36,0);
INSERT INTO "moves" VALUES(3,37,0);
INSERT INTO "moves" VALUES(3,38,0);
INSERT INTO "moves" VALUES(3,39,0);
INSERT INTO "moves" VALUES(3,40,0);
CREATE TABLE patience_results (
	table_id INTEGER NOT NULL, 
	"key" VARCHAR(255) NOT NULL, 
	game VARCHAR(64) NOT NULL, 
	won BOOLEAN NOT NULL, 
	score INTEGER NOT NULL, 
	finished DATETIME NOT NULL, 
	PRIMARY KEY (table_id), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "patience_results" VALUES(2,'clock','clock',1,0,'2026-12-01 17:38:09.403661');
CREATE TABLE tables (
	id INTEGER NOT NULL, 
	game VARCHAR(64) NOT NULL, 
	version INTEGER NOT NULL, 
	options JSON NOT NULL, 
	seed VARCHAR(64) NOT NULL, 
	seats JSON NOT NULL, 
	delay FLOAT, 
	status VARCHAR(16) NOT NULL, 
	moves INTEGER NOT NULL, 
	scores JSON NOT NULL, 
	created DATETIME NOT NULL, 
	finished DATETIME, 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES(1,'polignac',1,'{"players": 4, "target": 20, "ace_high": false, "pack_reduction": "black_sevens", "capot": true, "capot_fail": "bidder_5", "capot_bidder_leads": false}','1','[{"kind": "human", "agent": null, "token_hash": "e155030fba4d7ff3239fb02ba84c10ac4df07ebc1cbd9f8f0996cd31613559f8"}, {"kind": "human", "agent": null, "token_hash": "36b517168a2e259358de868b5c02b205c257bd490d0c1854e0f2bc7206c2e162"}, {"kind": "human", "agent": null, "token_hash": "409912ca515d68c3c91370ec35292b1c29c1e4ece1499d4c4edcab89cae8a5b2"}, {"kind": "human", "agent": null, "token_hash": "c2bb255b6414f19c9c33480d0b5d0f988140a7e881769843190de6670dc73616"}]',0.0,'playing',3,'[0, 0, 0, 0]','2026-12-01 17:38:09.243426',NULL);
INSERT INTO "tables" VALUES(2,'clock',1,'{"progress_card": "excluded"}','18','[{"kind": "human", "agent": null, "token_hash": "04ff654afd176038ca3b2095460b1ad25ca7314913bc6ae2d0d26755cfba065b"}]',0.0,'finished',52,'[0]','2026-12-01 17:38:09.256726','2026-12-01 17:38:09.403661');
INSERT INTO "tables" VALUES(3,'clock',1,'{"progress_card": "excluded"}','18446744073709551611','[{"kind": "computer", "agent": "random", "token_hash": null}]',0.0,'finished',41,'[11]','2026-12-01 17:38:09.407580','2026-12-01 17:38:09.441080');
CREATE INDEX ix_tables_status ON tables (status);
CREATE INDEX ix_events_status ON events (status);
CREATE INDEX ix_patience_results_game ON patience_results (game);
CREATE INDEX ix_patience_results_key ON patience_results ("key");
COMMIT;

package ladder

import (
	"database/sql"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite", pure Go
)

// DBFile is the name of a ladder's database in its folder.
const DBFile = "ladder.db"

// schema is the ladder's database. A game is a row of games, written in
// one transaction once the game has ended and its move log is on disk:
// a game in flight when the process dies leaves no row, and the key
// (pair, colour) keeps a game from counting twice.
const schema = `
CREATE TABLE IF NOT EXISTS groups (
	name     TEXT PRIMARY KEY,
	display  TEXT NOT NULL,
	students TEXT NOT NULL,
	token    TEXT NOT NULL UNIQUE, -- hex sha256 of the token
	admin    INTEGER NOT NULL DEFAULT 0,
	disabled INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS versions (
	id       INTEGER PRIMARY KEY,
	grp      TEXT NOT NULL REFERENCES groups(name),
	version  INTEGER NOT NULL,
	status   TEXT NOT NULL,
	uploaded INTEGER NOT NULL, -- unix nanoseconds
	hash     TEXT NOT NULL,
	info     TEXT NOT NULL,    -- JSON: Version's own fields
	intake   TEXT NOT NULL,    -- JSON: intake.Result, "" when refused before the probe
	UNIQUE (grp, version)
);
CREATE TABLE IF NOT EXISTS pairs (
	id    INTEGER PRIMARY KEY,
	kind  TEXT NOT NULL,       -- ladder, validation, match
	a     INTEGER NOT NULL,    -- versions(id), White of the pair's first game; 0: random
	b     INTEGER NOT NULL,
	seed  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
	id     INTEGER PRIMARY KEY, -- pair*2 + colour
	pair   INTEGER NOT NULL REFERENCES pairs(id),
	colour INTEGER NOT NULL,    -- 0: a is White, 1: b is White
	white  INTEGER NOT NULL,
	black  INTEGER NOT NULL,
	kind   TEXT NOT NULL,
	ended  INTEGER NOT NULL,
	entry  TEXT NOT NULL,       -- JSON: results.Entry
	UNIQUE (pair, colour)
);
CREATE INDEX IF NOT EXISTS games_white ON games(white);
CREATE INDEX IF NOT EXISTS games_black ON games(black);
CREATE TABLE IF NOT EXISTS meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
`

// openDB opens (creating it if need be) the database at path, in WAL
// mode, each commit synced to disk.
func openDB(path string) (*sql.DB, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// One process writes the ladder; one connection keeps its writes in
	// order and never busy.
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return db, nil
}

// meta returns the value of key in the meta table, "" if none.
func meta(db *sql.DB, key string) (string, error) {
	var v string
	err := db.QueryRow(`SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if err == sql.ErrNoRows {
		return "", nil
	}
	return v, err
}

// setMeta sets key to value in the meta table.
func setMeta(db *sql.DB, key, value string) error {
	_, err := db.Exec(`INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
	return err
}

package ladder

import (
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// TokensFile is the file Init writes each group's token to, once.
const TokensFile = "tokens.csv"

// AdminGroup is the row of tokens.csv whose token is the lecturer's.
const AdminGroup = "admin"

// Member is a group of a roster.
type Member struct {
	Group    string // "P13"
	Students string // as the roster gives them, e.g. "ana/rui"
}

// groupName is what a group's name may be: it names folders and URLs.
var groupName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$`)

// ReadRoster reads a roster: one group a line, "group,students" (a first
// line "group,students" is a header). A mistake names the line and the
// fix.
func ReadRoster(path string) ([]Member, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	r.Comment = '#'
	var ms []Member
	seen := map[string]bool{}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		line, _ := r.FieldPos(0)
		g := strings.TrimSpace(rec[0])
		if len(ms) == 0 && strings.EqualFold(g, "group") {
			continue
		}
		switch {
		case !groupName.MatchString(g) || strings.EqualFold(g, AdminGroup):
			return nil, fmt.Errorf("%s:%d: group %q: want a name of letters, digits, _ and -, e.g. P13, not %q", path, line, g, AdminGroup)
		case seen[strings.ToLower(g)]:
			return nil, fmt.Errorf("%s:%d: group %s is listed twice: keep one line", path, line, g)
		case len(rec) > 2:
			return nil, fmt.Errorf("%s:%d: %d fields: want group,students (students separated by /, not commas)", path, line, len(rec))
		}
		seen[strings.ToLower(g)] = true
		m := Member{Group: g}
		if len(rec) == 2 {
			m.Students = strings.TrimSpace(rec[1])
		}
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("%s: no group: write one line per group, group,students", path)
	}
	return ms, nil
}

// InitOptions configure Init.
type InitOptions struct {
	Config Config
	Roster []Member
}

// Init makes a ladder in dir, which must not exist or be empty: its
// ladder.yaml, its database with the roster, and tokens.csv (0600) with
// each group's token and the lecturer's (row admin), which the database
// keeps only hashed.
func Init(dir string, opt InitOptions) error {
	if err := opt.Config.Check(); err != nil {
		return fmt.Errorf("%s: %w", ConfigFile, err)
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return fmt.Errorf("%s is not empty: give a new folder for the ladder", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := opt.Config.write(filepath.Join(dir, ConfigFile)); err != nil {
		return err
	}
	db, err := openDB(filepath.Join(dir, DBFile))
	if err != nil {
		return err
	}
	defer db.Close()
	var out strings.Builder
	out.WriteString("group,token\n")
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	add := func(m Member, admin bool) error {
		tok, err := newToken()
		if err != nil {
			return err
		}
		display := m.Group
		if m.Students != "" {
			display += " " + m.Students
		}
		if _, err := tx.Exec(`INSERT INTO groups(name, display, students, token, admin) VALUES(?, ?, ?, ?, ?)`,
			m.Group, display, m.Students, hashToken(tok), admin); err != nil {
			return fmt.Errorf("group %s: %w", m.Group, err)
		}
		fmt.Fprintf(&out, "%s,%s\n", m.Group, tok)
		return nil
	}
	for _, m := range opt.Roster {
		if err := add(m, false); err != nil {
			return err
		}
	}
	if err := add(Member{Group: AdminGroup, Students: "lecturer"}, true); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, TokensFile), []byte(out.String()), 0o600)
}

// newToken returns a new random token.
func newToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "lt_" + hex.EncodeToString(b), nil
}

// hashToken is how the database keeps a token.
func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

func (l *Ladder) authenticate(token string) (Principal, error) {
	token = strings.TrimSpace(token)
	if token != "" && l.opt.AdminToken != "" && token == l.opt.AdminToken {
		return Principal{Admin: true}, nil
	}
	if token == "" {
		return Principal{}, ErrUnauthorized
	}
	var name string
	var admin bool
	err := l.db.QueryRow(`SELECT name, admin FROM groups WHERE token = ?`, hashToken(token)).Scan(&name, &admin)
	if errors.Is(err, sql.ErrNoRows) {
		return Principal{}, ErrUnauthorized
	}
	if err != nil {
		return Principal{}, err
	}
	if admin {
		return Principal{Admin: true}, nil
	}
	return Principal{Group: name}, nil
}

func (l *Ladder) setDisabled(group string, disabled bool) error {
	res, err := l.db.Exec(`UPDATE groups SET disabled = ? WHERE name = ? AND admin = 0`, disabled, group)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("group %q: %w", group, ErrNotFound)
	}
	l.changed()
	// The pages open draw the standings again: a page drawn from a read
	// before the change would show it only at the next game.
	l.publish(Event{Kind: "standings", Group: group})
	return nil
}

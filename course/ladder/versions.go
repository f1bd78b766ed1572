package ladder

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/arenabots/arena/course/intake"
)

// validating is the status of a version whose validation games are being
// played: not yet in the ladder. A process that dies then leaves it so;
// Open refuses it (see sweep).
const validating Status = "validating"

// verRow is a version as the database holds it.
type verRow struct {
	id int64
	Version
	res *intake.Result // nil when refused before the probe
	// disabled: the lecturer disabled its group, as read with the row.
	disabled bool
}

// versionCols are the columns scanVersion reads, from versions: its
// group's disabled flag last.
const versionCols = `id, grp, version, status, uploaded, hash, info, intake, (SELECT disabled FROM groups WHERE name = versions.grp)`

// scanVersion reads a row of versionCols.
func scanVersion(s interface{ Scan(...any) error }) (verRow, error) {
	var (
		v            verRow
		uploaded     int64
		info, result string
	)
	if err := s.Scan(&v.id, &v.Group, &v.Version.Version, &v.Status, &uploaded, &v.Hash, &info, &result, &v.disabled); err != nil {
		return v, err
	}
	if err := json.Unmarshal([]byte(info), &v.Version); err != nil {
		return v, fmt.Errorf("version %d: %w", v.id, err)
	}
	v.Uploaded = time.Unix(0, uploaded).UTC()
	if result != "" {
		v.res = new(intake.Result)
		if err := json.Unmarshal([]byte(result), v.res); err != nil {
			return v, fmt.Errorf("version %d: %w", v.id, err)
		}
	}
	return v, nil
}

// versions returns the versions the query's WHERE clause selects, in the
// order of ORDER BY.
func (l *Ladder) versions(where string, args ...any) ([]verRow, error) {
	rows, err := l.db.Query(`SELECT `+versionCols+` FROM versions `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []verRow
	for rows.Next() {
		v, err := scanVersion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// versionByID returns one version.
func (l *Ladder) versionByID(id int64) (verRow, error) {
	v, err := scanVersion(l.db.QueryRow(`SELECT `+versionCols+` FROM versions WHERE id = ?`, id))
	if err == sql.ErrNoRows {
		return v, fmt.Errorf("version %d: %w", id, ErrNotFound)
	}
	return v, err
}

// active returns each enabled group's active version: its last accepted
// one, by group.
func (l *Ladder) active() ([]verRow, error) {
	act, _, err := l.lastAccepted()
	return act, err
}

// lastAccepted returns the last accepted version of each group, by group:
// the enabled groups' and the disabled groups'. One statement reads them,
// so a group that the lecturer disables or enables meanwhile is in one of
// the two, never in both or in neither.
func (l *Ladder) lastAccepted() (enabled, disabled []verRow, err error) {
	vs, err := l.versions(`WHERE id IN (SELECT MAX(v.id) FROM versions v JOIN groups g ON g.name = v.grp
		WHERE v.status = ? GROUP BY v.grp) ORDER BY grp`, Accepted)
	if err != nil {
		return nil, nil, err
	}
	for _, v := range vs {
		if v.disabled {
			disabled = append(disabled, v)
		} else {
			enabled = append(enabled, v)
		}
	}
	return enabled, disabled, nil
}

// saveInfo writes v's own fields back to its row.
func (l *Ladder) saveInfo(v verRow) error {
	info, err := json.Marshal(v.Version)
	if err != nil {
		return err
	}
	_, err = l.db.Exec(`UPDATE versions SET status = ?, info = ? WHERE id = ?`, v.Status, string(info), v.id)
	return err
}

// sweep refuses the versions a dead process left validating: their
// upload did not finish.
func (l *Ladder) sweep() error {
	vs, err := l.versions(`WHERE status = ?`, validating)
	if err != nil {
		return err
	}
	for _, v := range vs {
		v.Status, v.Reason = Refused, "the server stopped during its validation: upload it again"
		if err := l.saveInfo(v); err != nil {
			return err
		}
	}
	return nil
}

package ladder

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/results"
)

// gameCols are the columns scanGame reads: the game, and each side's
// group and version (NULL for random).
const gameCols = `g.id, g.kind, g.ended, g.entry, g.white, g.black, w.grp, w.version, b.grp, b.version
	FROM games g LEFT JOIN versions w ON w.id = g.white LEFT JOIN versions b ON b.id = g.black`

// scanGame reads a row of gameCols.
func scanGame(s interface{ Scan(...any) error }) (Game, results.Entry, error) {
	var (
		g          Game
		e          results.Entry
		ended      int64
		entry      string
		wid, bid   int64
		wgrp, bgrp *string
		wver, bver *int
	)
	if err := s.Scan(&g.ID, &g.Kind, &ended, &entry, &wid, &bid, &wgrp, &wver, &bgrp, &bver); err != nil {
		return g, e, err
	}
	if err := json.Unmarshal([]byte(entry), &e); err != nil {
		return g, e, fmt.Errorf("game %d: %w", g.ID, err)
	}
	side := func(grp *string, ver *int) (string, int) {
		if grp == nil {
			return randomBot, 0
		}
		return *grp, *ver
	}
	g.White, g.WhiteVersion = side(wgrp, wver)
	g.Black, g.BlackVersion = side(bgrp, bver)
	g.Ended = time.Unix(0, ended).UTC()
	g.Result, g.Reason, g.Plies = e.Result, e.Reason.String(), e.Plies
	return g, e, nil
}

// gameRow returns game id.
func (l *Ladder) gameRow(id int64) (Game, error) {
	g, _, err := scanGame(l.db.QueryRow(`SELECT `+gameCols+` WHERE g.id = ?`, id))
	if isNoRows(err) {
		return g, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	return g, err
}

// entry returns game id's journal line and move log.
func (l *Ladder) entry(id int64) (results.Entry, []results.MoveLine, error) {
	_, e, err := scanGame(l.db.QueryRow(`SELECT `+gameCols+` WHERE g.id = ?`, id))
	if isNoRows(err) {
		return e, nil, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return e, nil, err
	}
	lines, err := (&arena.Results{Dir: l.dir}).GameLog(e.ID)
	return e, lines, err
}

func (l *Ladder) games(group string, n int) ([]Game, error) {
	if n <= 0 {
		n = 50
	}
	q := `SELECT ` + gameCols + ` WHERE g.kind != 'validation' ORDER BY g.ended DESC, g.id DESC LIMIT ?`
	args := []any{n}
	if group != "" {
		q = `SELECT ` + gameCols + ` WHERE g.kind != 'validation' AND (w.grp = ? OR b.grp = ?) ORDER BY g.ended DESC, g.id DESC LIMIT ?`
		args = []any{group, group, n}
	}
	rows, err := l.db.Query(q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, _, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

func (l *Ladder) game(id int64) (Replay, error) {
	g, err := l.gameRow(id)
	if err != nil {
		return Replay{}, err
	}
	e, lines, err := l.entry(id)
	if err != nil {
		return Replay{}, err
	}
	// Everyone sees the moves; what a bot printed is its group's (on
	// its page, in its versions' warnings).
	for i := range lines {
		lines[i].Log, lines[i].LoadLog, lines[i].Answer = "", "", ""
	}
	return Replay{Game: g, Entry: e, Lines: lines}, nil
}

func (l *Ladder) group(name string, p Principal) (GroupView, error) {
	var gv GroupView
	err := l.db.QueryRow(`SELECT name, display, disabled FROM groups WHERE name = ? AND admin = 0`, name).Scan(&gv.Group, &gv.Display, &gv.Disabled)
	if isNoRows(err) {
		return gv, errNoGroup(name)
	}
	if err != nil {
		return gv, err
	}
	vs, err := l.versions(`WHERE grp = ? ORDER BY version DESC`, name)
	if err != nil {
		return gv, err
	}
	r, err := l.rated()
	if err != nil {
		return gv, err
	}
	activeID := int64(0)
	for _, v := range vs {
		if v.Status == Accepted && !gv.Disabled {
			activeID = v.id
			break
		}
	}
	mine := p.CanSee(name)
	for _, v := range vs {
		out := v.Version
		if row, ok := r.rows[botName(v.id)]; ok {
			out.Games, out.Rating, out.Margin = row.Games, row.Elo, row.EloMargin
		}
		out.Active = v.id == activeID
		if !mine {
			out.Stderr, out.Load, out.Conventions = "", "", nil
			for i := range out.Warnings {
				out.Warnings[i].Output = ""
			}
		}
		gv.Versions = append(gv.Versions, out)
	}
	gv.History, gv.Games, err = l.history(name, r)
	if err != nil {
		return gv, err
	}
	gv.Match, err = l.match(name)
	return gv, err
}

package ladder

import (
	"encoding/json"
	"fmt"

	"github.com/arenabots/arena/results"
)

// A group's new version plays its previous accepted version beside the
// ladder: results' SPRT on game pairs (match in ladder.yaml), until it
// decides or match_pairs are played. The match games are their own kind:
// they do not count in the ratings.

// openMatch is a match that needs another pair.
type openMatch struct {
	next, prev verRow
	round      int // the pair's number in the match
}

// matchOf returns the match of version next against prev, from its games.
func (l *Ladder) matchOf(next, prev verRow) (results.SPRTResult, error) {
	rows, err := l.db.Query(`SELECT entry FROM games WHERE kind = 'match' AND ((white = ? AND black = ?) OR (white = ? AND black = ?))`,
		next.id, prev.id, prev.id, next.id)
	if err != nil {
		return results.SPRTResult{}, err
	}
	defer rows.Close()
	var es []results.Entry
	for rows.Next() {
		var entry string
		if err := rows.Scan(&entry); err != nil {
			return results.SPRTResult{}, err
		}
		var e results.Entry
		if err := json.Unmarshal([]byte(entry), &e); err != nil {
			return results.SPRTResult{}, err
		}
		es = append(es, e)
	}
	if err := rows.Err(); err != nil {
		return results.SPRTResult{}, err
	}
	m := results.SPRTMatch{Test: l.cfg.Match, Bot: botName(next.id), Opponent: botName(prev.id), Rounds: l.cfg.MatchPairs}
	return m.Result(es), nil
}

// previous returns the accepted version of v's group before v; false if
// none.
func (l *Ladder) previous(v verRow) (verRow, bool, error) {
	vs, err := l.versions(`WHERE grp = ? AND status = ? AND id < ? ORDER BY id DESC LIMIT 1`, v.Group, Accepted, v.id)
	if err != nil || len(vs) == 0 {
		return verRow{}, false, err
	}
	return vs[0], true, nil
}

// openMatches returns the matches of the active versions act that are
// not decided.
func (l *Ladder) openMatches(act []verRow) ([]openMatch, error) {
	var out []openMatch
	for _, v := range act {
		prev, ok, err := l.previous(v)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		r, err := l.matchOf(v, prev)
		if err != nil {
			return nil, err
		}
		if !r.Decided() {
			out = append(out, openMatch{next: v, prev: prev, round: r.Round + 1})
		}
	}
	return out, nil
}

// match returns the match of group's last accepted version against the
// one before, nil when it has no previous one.
func (l *Ladder) match(group string) (*Match, error) {
	vs, err := l.versions(`WHERE grp = ? AND status = ? ORDER BY id DESC LIMIT 1`, group, Accepted)
	if err != nil || len(vs) == 0 {
		return nil, err
	}
	prev, ok, err := l.previous(vs[0])
	if err != nil || !ok {
		return nil, err
	}
	r, err := l.matchOf(vs[0], prev)
	if err != nil {
		return nil, err
	}
	m := &Match{Version: vs[0].Version.Version, Previous: prev.Version.Version, SPRT: r, Games: 2*r.Round + r.After}
	detail := fmt.Sprintf("LLR %.2f in [%.2f, %.2f], %d games", r.LLR, r.Lower, r.Upper, m.Games)
	switch r.Result {
	case results.AcceptH1:
		m.Result = "stronger"
		m.Text = fmt.Sprintf("version %d is stronger than version %d (%s)", m.Version, m.Previous, detail)
	case results.AcceptH0:
		m.Result = "weaker"
		m.Text = fmt.Sprintf("version %d is not stronger than version %d (%s)", m.Version, m.Previous, detail)
	case results.Inconclusive:
		m.Result = "not decided"
		m.Text = fmt.Sprintf("version %d against version %d: not decided after %d games (%s)", m.Version, m.Previous, m.Games, detail)
	default:
		m.Result = "running"
		m.Text = fmt.Sprintf("version %d against version %d: playing (%s)", m.Version, m.Previous, detail)
	}
	return m, nil
}

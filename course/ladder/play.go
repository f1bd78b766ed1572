package ladder

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/results"
)

// randomBot is the league name of the built-in random player of the
// validation games; a version's league name is "v" and its id.
const randomBot = "random"

// botName is the name of version id in the ladder's leagues.
func botName(id int64) string { return "v" + strconv.FormatInt(id, 10) }

// ladderLeague is the league the ladder plays its games in: one bot per
// version of vs (as intake writes a bot, with the conventions found at
// upload) and the built-in random, with the ladder's options. Every game
// of the ladder is a game of such a league, played by arena's runner.
type ladderLeague struct {
	cfg   *league.Config
	index map[int64]int // version id → bot index; random is randomBot's
}

// newLeague builds the league of vs.
func (l *Ladder) newLeague(vs []verRow) (*ladderLeague, error) {
	var rs []intake.Result
	for _, v := range vs {
		if v.res == nil {
			continue
		}
		r := *v.res
		r.Name, r.Display = botName(v.id), fmt.Sprintf("%s v%d", v.Group, v.Version.Version)
		r.Eligible = true
		rs = append(rs, r)
	}
	lg := intake.League{Name: "ladder", GameName: l.cfg.GameName, GameOptions: intake.GameOptions(l.rules, l.cfg.GameOptions),
		Tempo:  time.Duration(l.cfg.TempoMS) * time.Millisecond,
		Margin: time.Duration(l.cfg.MarginMS) * time.Millisecond, Rounds: 1, Dir: l.dir}
	var b bytes.Buffer
	if err := intake.WriteLeague(&b, lg, rs); err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := yaml.Unmarshal(b.Bytes(), &doc); err != nil {
		return nil, fmt.Errorf("ladder league: %w", err)
	}
	doc["clock"] = l.cfg.Clock
	doc["sandbox"] = string(l.cfg.Sandbox)
	doc["limits"] = map[string]any{"memory_mb": l.cfg.MemoryMB}
	doc["out"] = filepath.Join(l.dir, "league")
	bots, _ := doc["bots"].([]any)
	doc["bots"] = append(bots, map[string]any{"name": randomBot, "builtin": "random"})
	data, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	cfg, _, err := league.Parse(filepath.Join(l.dir, "ladder-league.yaml"), data)
	if err != nil {
		return nil, fmt.Errorf("ladder league: %w", err)
	}
	lgc := &ladderLeague{cfg: cfg, index: map[int64]int{}}
	for i, bc := range cfg.Bots {
		if bc.Name == randomBot {
			lgc.index[0] = i
			continue
		}
		id, err := strconv.ParseInt(bc.Name[1:], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("ladder league: bot %q", bc.Name)
		}
		lgc.index[id] = i
	}
	return lgc, nil
}

// pair is a game pair to play: a and b (version ids, 0: random) on one
// seeded opening, a White in the first game; a == b plays a version
// against itself (a validation game, one game).
type pair struct {
	id   int64
	kind string
	a, b int64
	seed uint64
	// round is the game's round: a match's pair number, else 1.
	round int
	// colours are the games of the pair to play: 0 (a White), 1 (b White).
	colours []int
}

// newPair records a pair to play in the database and returns it.
func (l *Ladder) newPair(kind string, a, b int64, colours ...int) (pair, error) {
	seed := l.opt.Now().UnixNano()
	res, err := l.db.Exec(`INSERT INTO pairs(kind, a, b, seed) VALUES(?, ?, ?, ?)`, kind, a, b, seed)
	if err != nil {
		return pair{}, fmt.Errorf("ladder: new pair: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return pair{}, err
	}
	// The opening is drawn from the pair's id and the time it was made:
	// nobody picks it, and both colours play it.
	s := uint64(seed) ^ uint64(id)*0x9e3779b97f4a7c15
	return pair{id: id, kind: kind, a: a, b: b, seed: s, colours: colours}, nil
}

// slotGame is a game of a pair, as the runner schedules it.
type slotGame struct {
	tournament.Scheduled
	pair         pair
	colour       int
	white, black int64 // version ids
}

// schedule returns the games of p in lg, in order.
func (lg *ladderLeague) schedule(p pair) ([]slotGame, error) {
	var out []slotGame
	for _, colour := range p.colours {
		white, black := p.a, p.b
		if colour == 1 {
			white, black = p.b, p.a
		}
		wi, ok1 := lg.index[white]
		bi, ok2 := lg.index[black]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("ladder: pair %d: a version left the league", p.id)
		}
		id := p.id*2 + int64(colour)
		out = append(out, slotGame{Scheduled: tournament.Scheduled{ID: gameID(id), Round: max(1, p.round), Seed: p.seed, White: wi, Black: bi},
			pair: p, colour: colour, white: white, black: black})
	}
	return out, nil
}

// playPair plays the games of p in lg, one after the other, with the
// runner of a league, and records each as it ends. It returns the games
// recorded; ctx's end drops the game in flight.
func (l *Ladder) playPair(ctx context.Context, lg *ladderLeague, p pair) ([]Game, error) {
	r := &arena.Runner{Config: lg.cfg, Self: l.opt.Self, LispImages: l.images}
	gs, err := lg.schedule(p)
	if err != nil {
		return nil, err
	}
	var out []Game
	for _, sg := range gs {
		played, err := r.PlayScheduled(ctx, sg.Scheduled, nil)
		if err != nil {
			return out, err
		}
		if played == nil || ctx.Err() != nil {
			return out, ctx.Err()
		}
		g, err := l.record(sg, played)
		if err != nil {
			return out, err
		}
		out = append(out, g)
	}
	return out, nil
}

// gameID is the name of game id's move log.
func gameID(id int64) string { return "g" + strconv.FormatInt(id, 10) }

// record writes a played game's move log, then its row: the row is the
// game's count, made once (the key pair, colour).
func (l *Ladder) record(sg slotGame, played *arena.Played) (Game, error) {
	e := played.Entry
	if err := results.WriteMoveLog(l.dir, e, played.Moves, l.rules); err != nil {
		return Game{}, err
	}
	data, err := json.Marshal(e)
	if err != nil {
		return Game{}, err
	}
	id := sg.pair.id*2 + int64(sg.colour)
	if _, err := l.db.Exec(`INSERT INTO games(id, pair, colour, white, black, kind, ended, entry) VALUES(?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, id, sg.pair.id, sg.colour, sg.white, sg.black, sg.pair.kind, e.End.UnixNano(), string(data)); err != nil {
		return Game{}, fmt.Errorf("ladder: record game %d: %w", id, err)
	}
	l.changed()
	g, err := l.gameRow(id)
	if err != nil {
		return Game{}, err
	}
	l.publish(Event{Kind: "game", Played: &g})
	return g, nil
}

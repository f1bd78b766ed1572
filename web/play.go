package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Human is the name a person plays under in the journal.
const Human = "human"

// StartBot starts the bot called name for one game and returns it with a
// function that stops it.
type StartBot func(ctx context.Context, name string) (referee.Player, func(), error)

// Play lets a person play a bot by clicking the board (arena serve
// --play). Its games are played on League's board and recorded in its
// results directory like a league's games: a journal line and move logs
// each, with the person named Human.
type Play struct {
	Bots   []string // the bots a person may pick
	League *League
	Start  StartBot
	// Clock is the bot's time control; the person has no time limit.
	Clock referee.Clock
	// Log, if set, is told of a game that could not be recorded.
	Log func(error)

	ctx     context.Context // the server's: games stop with it
	journal *results.Journal
	mu      sync.Mutex
	games   map[string]*humanGame
}

// NewPlay opens the journal of league's results directory, which it then
// writes until ctx is done; the caller holds the directory's lock.
func NewPlay(ctx context.Context, league *League, bots []string, clock referee.Clock, start StartBot) (*Play, error) {
	j, err := results.OpenJournal(filepath.Join(league.info.Dir, results.JournalName))
	if err != nil {
		return nil, err
	}
	go func() {
		<-ctx.Done()
		j.Close()
	}()
	return &Play{Bots: bots, League: league, Start: start, Clock: clock, ctx: ctx, journal: j, games: map[string]*humanGame{}}, nil
}

// humanGame is a person's side of a game: the moves offered and the move
// chosen.
type humanGame struct {
	id     string
	league *League
	moves  chan string
	mu     sync.Mutex
	offer  map[string][]string // the legal moves by target; nil when not the person's turn
}

// Move is the person's answer to req: it offers the legal moves on the page
// and waits for one. problem is unused: the page offers legal moves only.
func (h *humanGame) Move(ctx context.Context, req referee.Request, problem string) (string, error) {
	offer := map[string][]string{}
	d, _ := req.State.(referee.Drawer)
	for _, m := range req.Legal {
		target := ""
		if d != nil {
			target = d.Target(m)
		}
		offer[target] = append(offer[target], req.State.FormatMove(m))
	}
	h.mu.Lock()
	h.offer = offer
	h.mu.Unlock()
	h.league.offer(h.id, offer)
	defer func() {
		h.mu.Lock()
		h.offer = nil
		h.mu.Unlock()
		h.league.offer(h.id, nil)
	}()
	select {
	case m := <-h.moves:
		return m, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// choose hands the person's move to the game, if it is one offered.
func (h *humanGame) choose(move string) error {
	h.mu.Lock()
	offered := false
	for _, ms := range h.offer {
		offered = offered || slices.Contains(ms, move)
	}
	h.mu.Unlock()
	if !offered {
		return fmt.Errorf("%q is not a legal move now", move)
	}
	select {
	case h.moves <- move:
		return nil
	default:
		return errors.New("a move is already on its way")
	}
}

// humanPlayer is the referee.Player of a person.
type humanPlayer struct{ h *humanGame }

// Play asks the person for a move.
func (p humanPlayer) Play(ctx context.Context, req referee.Request) (referee.Reply, error) {
	m, err := p.h.Move(ctx, req, "")
	return referee.Reply{Move: m}, err
}

// clocked gives a bot its tempo and cuts its call off at the clock's
// limit, when the match itself has no clock because a person plays.
type clocked struct {
	p     referee.Player
	clock referee.Clock
}

// Play asks the bot with the tempo announced and the deadline set.
func (c clocked) Play(ctx context.Context, req referee.Request) (referee.Reply, error) {
	req.Tempo = c.clock.Tempo
	ctx, cancel := context.WithTimeout(ctx, c.clock.Limit())
	defer cancel()
	return c.p.Play(ctx, req)
}

// playRequest is the body of POST /api/play.
type playRequest struct {
	Bot  string `json:"bot"`
	Seed uint64 `json:"seed"`
	Side string `json:"side"` // the person's: "white" or "black"
}

// playStart starts a game between a person and a bot.
func (s *Server) playStart(w http.ResponseWriter, r *http.Request) {
	p := s.Play
	var req playRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	if !slices.Contains(p.Bots, req.Bot) {
		http.Error(w, fmt.Sprintf("unknown bot %q", req.Bot), http.StatusBadRequest)
		return
	}
	human := referee.White
	if req.Side == "black" {
		human = referee.Black
	}
	bot, stop, err := p.Start(p.ctx, req.Bot)
	if err != nil {
		http.Error(w, "starting "+req.Bot+": "+err.Error(), http.StatusInternalServerError)
		return
	}
	names := [2]string{Human, req.Bot}
	if human == referee.Black {
		names = [2]string{req.Bot, Human}
	}
	p.mu.Lock()
	id := fmt.Sprintf("p%03d-%s-%s", len(p.journal.Games())+len(p.games)+1, names[0], names[1])
	h := &humanGame{id: id, league: p.League, moves: make(chan string, 1)}
	p.games[id] = h
	p.mu.Unlock()
	var players [2]referee.Player
	players[human.Index()] = humanPlayer{h}
	players[human.Other().Index()] = clocked{bot, p.Clock}
	go p.run(h, human, players, stop, req.Seed, names)
	writeJSON(w, struct {
		League int    `json:"league"`
		Game   string `json:"game"`
	}{slices.Index(s.Leagues, p.League), id})
}

// playMove hands a person's move to their game.
func (s *Server) playMove(w http.ResponseWriter, r *http.Request) {
	var req struct{ Game, Move string }
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	s.Play.mu.Lock()
	h := s.Play.games[req.Game]
	s.Play.mu.Unlock()
	if h == nil {
		http.Error(w, "no such game in play", http.StatusNotFound)
		return
	}
	if err := h.choose(req.Move); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// run plays a person's game to its end and records it.
func (p *Play) run(h *humanGame, human referee.Side, players [2]referee.Player, stop func(), seed uint64, names [2]string) {
	defer stop()
	defer func() {
		p.mu.Lock()
		delete(p.games, h.id)
		p.mu.Unlock()
	}()
	l := p.League
	st := l.info.Rules.New(seed)
	initial := st.Clone()
	start := time.Now()
	l.Event(arena.Event{Start: &arena.GameStart{ID: h.id, Round: 1, Seed: seed, White: names[0], Black: names[1], Initial: st.Clone()}})
	l.setHuman(h.id, human)
	opt := referee.MatchOptions{OnMove: func(mr referee.MoveRecord) {
		l.Event(arena.Event{Move: &arena.MoveEvent{Game: h.id, Record: mr}})
	}}
	rec := referee.Match(p.ctx, st, players, opt)
	if rec.Reason == referee.Interrupted {
		l.drop(h.id)
		return
	}
	g := results.FromRecord(h.id, 1, seed, names[0], names[1], rec, start, time.Now())
	err := results.WriteGameLog(l.info.Dir, g, initial, rec)
	if err == nil {
		err = p.journal.Append(g)
	}
	if err != nil {
		l.drop(h.id)
		if p.Log != nil {
			p.Log(fmt.Errorf("game %s: %w", h.id, err))
		}
		return
	}
	l.Event(arena.Event{Game: &g})
}

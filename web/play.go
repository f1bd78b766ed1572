package web

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/web/human"
)

// Human is the name a person plays under in the journal.
const Human = "human"

// SeatOf returns the seat of the bot called name, one of Play.Bots.
type SeatOf func(name string) (arena.Seat, error)

// Play lets a person play a bot by clicking the board (arena serve
// --play). Its games are shown in League and recorded by a Recorder in
// League's results directory like a league's games: a journal line and
// move logs each, the person named Human.
type Play struct {
	Bots   []string // the bots a person may pick
	League *League
	// Clock is the bot's time control; the person has no time limit.
	Clock referee.Clock
	// Log, if set, is told of a game that could not be recorded.
	Log func(error)

	ctx   context.Context // the server's: games stop with it
	seat  SeatOf
	rec   *resultsdir.Recorder
	wg    sync.WaitGroup // the games in play
	mu    sync.Mutex
	n     int // games started
	games map[string]*humanGame
}

// Wait waits until every game in play has ended, its bots stopped: after
// the context of NewPlay is done, they end at once.
func (p *Play) Wait() { p.wg.Wait() }

// NewPlay returns the people's games of league against bots, each seated
// by seat and recorded by rec, which writes league's results directory.
// Games in play stop when ctx is done.
func NewPlay(ctx context.Context, league *League, bots []string, clock referee.Clock, seat SeatOf, rec *resultsdir.Recorder) *Play {
	return &Play{Bots: bots, League: league, Clock: clock, ctx: ctx, seat: seat, rec: rec, games: map[string]*humanGame{}}
}

// humanGame is the page's side of a person's game, the Source of the
// person's moves (see web/human): it offers the legal moves on the page
// and hands over the one clicked.
type humanGame struct {
	id     string // the game's id while in play
	token  string // the person's: only they may move
	league *League
	moves  chan string
	mu     sync.Mutex
	offer  map[string][]string // the legal moves by target; nil when not the person's turn
	// client is the person's address; seen, under Play.mu, when the game
	// started or its last move was played: the game ends after
	// Limits.PlayIdle with no move, whether or not a page of theirs is
	// open (an open page alone would hold a slot for ever).
	client string
	seen   time.Time
}

// Move offers the legal moves of req on the page, by the drawing's place
// that plays each, and waits for the person to pick one. problem is
// unused: the page offers legal moves only.
func (h *humanGame) Move(ctx context.Context, req referee.Request, problem string) (string, error) {
	offer, choices := map[string][]string{}, map[string]string{}
	d, _ := req.State.(referee.Drawer)
	chooser, _ := d.(referee.Chooser)
	for _, m := range req.Legal {
		target, text := "", req.State.FormatMove(m)
		if d != nil {
			target = d.Target(m)
		}
		if chooser != nil {
			choices[text] = chooser.Choice(m)
		}
		offer[target] = append(offer[target], text)
	}
	h.setOffer(offer, choices)
	defer h.setOffer(nil, nil)
	select {
	case m := <-h.moves:
		return m, nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// setOffer shows the moves on offer (nil: none) on the page, with the
// places that pick each among the moves of its place (see LiveView.Choices).
func (h *humanGame) setOffer(offer map[string][]string, choices map[string]string) {
	h.mu.Lock()
	h.offer = offer
	h.mu.Unlock()
	h.league.offer(h.id, offer, choices)
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
	if !decodeBody(w, r, &req) {
		return
	}
	if !slices.Contains(p.Bots, req.Bot) {
		http.Error(w, fmt.Sprintf("unknown bot %q", req.Bot), http.StatusBadRequest)
		return
	}
	bot, err := p.seat(req.Bot)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	person := referee.White
	if req.Side == "black" {
		person = referee.Black
	}
	token := make([]byte, 16)
	_, _ = rand.Read(token) // never fails (crypto/rand)
	lim, client := s.limits(), clientOf(r)
	p.mu.Lock()
	if len(p.games) >= lim.Games {
		p.mu.Unlock()
		http.Error(w, fmt.Sprintf("%d games are in play already: try again when one ends", len(p.games)), http.StatusServiceUnavailable)
		return
	}
	if n := p.gamesOf(client); n >= lim.GamesPerClient {
		p.mu.Unlock()
		http.Error(w, fmt.Sprintf("you have %d games in play already: finish one, or leave it %v without a move", n, lim.PlayIdle), http.StatusTooManyRequests)
		return
	}
	p.n++
	h := &humanGame{id: fmt.Sprintf("play-%d", p.n), token: hex.EncodeToString(token), league: p.League, moves: make(chan string, 1),
		client: client, seen: time.Now()}
	p.games[h.id] = h
	p.wg.Add(1)
	p.mu.Unlock()
	var seats [2]arena.Seat
	var names [2]string
	seats[person.Index()], names[person.Index()] = arena.Seat{Player: human.New(Human, h)}, Human
	seats[person.Other().Index()], names[person.Other().Index()] = bot, req.Bot
	go func() {
		defer p.wg.Done()
		p.run(h, person, seats, names, req.Seed, lim.PlayIdle)
	}()
	writeJSON(w, struct {
		League int    `json:"league"`
		GameID string `json:"game"`
		Token  string `json:"token"` // for the moves: the person's alone
		// IdleMS is Limits.PlayIdle: the page says, before it happens,
		// that a game with no move for so long ends.
		IdleMS int64 `json:"idle_ms"`
	}{slices.Index(s.Leagues, p.League), h.id, h.token, lim.PlayIdle.Milliseconds()})
}

// playMove hands a person's move to their game, when the request has the
// game's token: everyone sees a game in play, only its person moves.
func (s *Server) playMove(w http.ResponseWriter, r *http.Request) {
	var req struct {
		GameID string `json:"game"`
		Move   string `json:"move"`
		Token  string `json:"token"`
	}
	if !decodeBody(w, r, &req) {
		return
	}
	s.Play.mu.Lock()
	h := s.Play.games[req.GameID]
	s.Play.mu.Unlock()
	if h == nil {
		http.Error(w, "no such game in play", http.StatusNotFound)
		return
	}
	if subtle.ConstantTimeCompare([]byte(req.Token), []byte(h.token)) != 1 {
		http.Error(w, "this game is not yours: its moves are its player's", http.StatusForbidden)
		return
	}
	if err := h.choose(req.Move); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// decodeBody reads r's JSON body into v, or answers why it cannot: too
// big (see Limits.Body), or not the JSON wanted.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) bool {
	err := json.NewDecoder(r.Body).Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, fmt.Sprintf("request body over %d bytes", tooBig.Limit), http.StatusRequestEntityTooLarge)
		return false
	case err != nil:
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return false
	}
	return true
}

// run plays a person's game to its end, as arena play does, and records
// it; a game idle for idle (see Limits.PlayIdle) ends unrecorded, its
// bot stopped.
func (p *Play) run(h *humanGame, person referee.Side, seats [2]arena.Seat, names [2]string, seed uint64, idle time.Duration) {
	defer func() {
		p.mu.Lock()
		delete(p.games, h.id)
		p.mu.Unlock()
	}()
	ctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	go p.watch(ctx, h, idle, cancel)
	l := p.League
	st := l.info.Rules.New(seed)
	initial := st.Clone()
	start := time.Now()
	l.Event(arena.Event{Start: &arena.GameStart{ID: h.id, Seed: seed, White: names[0], Black: names[1], Initial: st.Clone()}})
	l.setHuman(h.id, person)
	opt := referee.MatchOptions{
		Clock:         p.Clock,
		RefereeForced: true, // a person is not asked to pass or play the only move
		OnMove: func(mr referee.MoveRecord) {
			p.mu.Lock()
			h.seen = time.Now() // either side's: the game is not idle
			p.mu.Unlock()
			l.Event(arena.Event{Move: &arena.MoveEvent{GameID: h.id, Record: mr}})
		},
	}
	opt.Own[person.Index()] = &referee.Clock{} // no limit
	rec := arena.Match(ctx, st, seats, opt, nil)
	if rec.Reason == referee.Interrupted {
		l.drop(h.id)
		return
	}
	g, err := p.rec.Record(seed, names[0], names[1], initial, rec, start, time.Now())
	if err != nil {
		l.drop(h.id)
		if p.Log != nil {
			p.Log(fmt.Errorf("%s: %w", h.id, err))
		}
		return
	}
	l.finish(h.id, g)
}

// watch calls stop once h has been idle for idle (see Limits.PlayIdle),
// or returns when ctx is done.
func (p *Play) watch(ctx context.Context, h *humanGame, idle time.Duration, stop context.CancelFunc) {
	tick := time.NewTicker(min(max(idle/10, 10*time.Millisecond), 10*time.Second))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			p.mu.Lock()
			quiet := now.Sub(h.seen)
			p.mu.Unlock()
			if quiet >= idle {
				if p.Log != nil {
					p.Log(fmt.Errorf("%s: no move for %v: the game ends unrecorded, its bot stopped", h.id, quiet.Round(time.Second)))
				}
				stop()
				return
			}
		}
	}
}

// gamesOf counts the games in play of client; p.mu is held.
func (p *Play) gamesOf(client string) int {
	n := 0
	for _, h := range p.games {
		if h.client == client {
			n++
		}
	}
	return n
}

// clientOf returns the address r came from, without its port: the
// client whose games Limits.GamesPerClient counts.
func clientOf(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

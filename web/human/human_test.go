package human_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/web/human"
)

// script is a Source that enters its entries in order, recording the
// problems it was shown; past its last entry it enters the first legal
// move, or fails with err when err is set.
type script struct {
	entries  []string
	err      error
	problems []string
}

func (s *script) Move(ctx context.Context, req referee.Request, problem string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.problems = append(s.problems, problem)
	if len(s.entries) > 0 {
		e := s.entries[0]
		s.entries = s.entries[1:]
		return e, nil
	}
	if s.err != nil {
		return "", s.err
	}
	return req.State.FormatMove(req.Legal[0]), nil
}

// request returns the request of a move in st.
func request(st referee.State) referee.Request {
	return referee.Request{State: st, Legal: st.Moves(nil)}
}

// cavaloAfter returns the Cavalo board of seed 1 after the two placements.
func cavaloAfter() referee.State {
	st := cavalo.Game{}.New(1)
	for range 2 {
		st.Play(st.Moves(nil)[0])
	}
	return st
}

func TestPlay(t *testing.T) {
	st := cavaloAfter()
	legal := st.FormatMove(st.Moves(nil)[0])
	tests := []struct {
		name     string
		entries  []string
		want     string
		problems []string // what each ask was told, in order: a part of it
	}{
		{"legal", []string{legal}, legal, []string{""}},
		{"lower case and spaces", []string{"  " + strings.ToLower(legal) + "\n"}, "  " + strings.ToLower(legal) + "\n", []string{""}},
		{"does not parse", []string{"Z99", legal}, legal, []string{"", `bad move "Z99": bad square`}},
		{"empty", []string{"", legal}, legal, []string{"", "empty move"}},
		{"not legal", []string{"A1", "pass", legal}, legal, []string{"", "is not a legal move for white: ", "pass is not a legal move"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := &script{entries: tt.entries, err: errors.New("asked too often")}
			reply, err := human.New("you", src).Jogar(t.Context(), request(st))
			if err != nil {
				t.Fatalf("Play: %v", err)
			}
			if reply.Move != tt.want {
				t.Errorf("move %q, want %q", reply.Move, tt.want)
			}
			if len(src.problems) != len(tt.problems) {
				t.Fatalf("asked %d times, told %q; want %d times", len(src.problems), src.problems, len(tt.problems))
			}
			for i, p := range src.problems {
				if !strings.Contains(p, tt.problems[i]) || (tt.problems[i] == "") != (p == "") {
					t.Errorf("ask %d was told %q, want it to say %q", i+1, p, tt.problems[i])
				}
			}
		})
	}
}

func TestPlayNoMove(t *testing.T) {
	st := cavaloAfter()
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		src  *script
		want error
	}{
		{"resigned", t.Context(), &script{entries: []string{"Z99"}, err: human.ErrResigned}, human.ErrResigned},
		{"cancelled", cancelled, &script{entries: []string{"Z99"}}, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := human.New("you", tt.src).Jogar(tt.ctx, request(st))
			if !errors.Is(err, tt.want) {
				t.Errorf("Play: error %v, want %v", err, tt.want)
			}
		})
	}
}

// TestMatch plays whole games of both games between two people, one of
// whom enters a wrong move before each of its moves: the referee accepts
// every move the Player returns.
func TestMatch(t *testing.T) {
	for _, st := range []referee.State{cavalo.Game{}.New(3), dots.Game{}.New(3)} {
		t.Run(st.Game().Name(), func(t *testing.T) {
			var white typo
			black := &script{}
			rec := referee.Match(t.Context(), st, [2]referee.Player{human.New("w", &white), human.New("b", black)}, referee.MatchOptions{})
			if rec.Reason != referee.Normal || !st.Terminal() {
				t.Fatalf("game ended %v (%s), want a normal end", rec.Reason, rec.Detail)
			}
			if white.typos == 0 {
				t.Error("white never entered a wrong move")
			}
			for _, m := range rec.Moves {
				if m.Move == "" {
					t.Errorf("ply %d has no move: %+v", m.Ply, m)
				}
			}
		})
	}
}

// typo enters "?!" before each move, then the first legal move once told
// why "?!" is wrong.
type typo struct{ typos int }

func (s *typo) Move(_ context.Context, req referee.Request, problem string) (string, error) {
	if problem == "" {
		s.typos++
		return "?!", nil
	}
	return req.State.FormatMove(req.Legal[0]), nil
}

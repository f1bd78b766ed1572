package gametest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// TestCavalo checks that a real game passes the kit, on other seeds than
// those games/kit_test.go runs the kit on for every game (1, 2, 7, 2026).
func TestCavalo(t *testing.T) {
	seeds := []uint64{0, 3, 42, 1<<64 - 1}
	if err := TestGame(cavalo.Game{}, seeds); err != nil {
		t.Errorf("TestGame(CavaloGame): %v", err)
	}
}

// flaw is a deliberate bug of brokenGame.
type flaw int

const (
	noFlaw             flaw = iota
	newVaries               // New gives a different board on every call
	cloneShares             // Clone returns the same state
	formatDropsRemoval      // FormatMove forgets the "xH8" of a double
	decodeLosesScores       // Decode sets the scores to 0
	terminalNever           // Terminal always says false
	passAtEnd               // Moves returns [Pass] instead of no moves
	passWithMoves           // Moves lists Pass among the real moves
	scoresSwap              // Scores swaps the sides on odd plies
	movesPlays              // Moves plays a move before listing
	playPanics              // Play panics at ply 3
	decodeAccepts           // Decode accepts anything
	noSamples               // Samples returns nothing
)

// brokenGame is Cavalo with one flaw, to check that TestGame fails.
type brokenGame struct {
	flaw flaw
	news *int // New's calls, for newVaries
}

func (g brokenGame) Name() string { return "broken" }

func (g brokenGame) New(seed uint64) referee.State {
	if g.flaw == newVaries {
		*g.news++
		seed += uint64(*g.news)
	}
	c := cavalo.New(seed)
	return &brokenState{Position: &c, g: g}
}

func (g brokenGame) Samples(seed uint64) ([]referee.Sample, error) {
	if g.flaw == noSamples {
		return nil, nil
	}
	samples, err := cavalo.Game{}.Samples(seed)
	for i, s := range samples {
		samples[i].State = &brokenState{Position: s.State.(*cavalo.Position), g: g}
	}
	return samples, err
}

func (g brokenGame) Decode(data []byte) (referee.State, error) {
	if g.flaw == decodeAccepts {
		c := cavalo.New(0)
		return &brokenState{Position: &c, g: g}, nil
	}
	if g.flaw == decodeLosesScores {
		var f map[string]any
		if err := json.Unmarshal(data, &f); err == nil {
			f["scores"] = []int{0, 0}
			data, _ = json.Marshal(f)
		}
	}
	c, err := cavalo.Decode(data)
	if err != nil {
		return nil, err
	}
	return &brokenState{Position: &c, g: g}, nil
}

type brokenState struct {
	*cavalo.Position
	g brokenGame
}

func (s *brokenState) Game() referee.Game { return s.g }

func (s *brokenState) Clone() referee.State {
	if s.g.flaw == cloneShares {
		return s
	}
	c := *s.Position
	return &brokenState{Position: &c, g: s.g}
}

func (s *brokenState) FormatMove(m referee.Move) string {
	text := s.Position.FormatMove(m)
	if s.g.flaw == formatDropsRemoval {
		text, _, _ = strings.Cut(text, "x")
	}
	return text
}

func (s *brokenState) Terminal() bool {
	return s.g.flaw != terminalNever && s.Position.Terminal()
}

func (s *brokenState) Moves(buf []referee.Move) []referee.Move {
	if s.g.flaw == movesPlays && s.Ply() == 4 {
		if m := s.Position.Moves(nil); len(m) > 0 {
			s.Position.Play(m[0])
		}
	}
	moves := s.Position.Moves(buf)
	switch {
	case s.g.flaw == passAtEnd && len(moves) == 0:
		return append(moves, referee.Pass)
	case s.g.flaw == passWithMoves && len(moves) > 0 && moves[0] != referee.Pass:
		return append(moves, referee.Pass)
	}
	return moves
}

func (s *brokenState) Play(m referee.Move) {
	if s.g.flaw == playPanics && s.Ply() == 3 {
		panic("deliberate")
	}
	s.Position.Play(m)
}

func (s *brokenState) Scores() [2]int {
	sc := s.Position.Scores()
	if s.g.flaw == scoresSwap && s.Ply()%2 == 1 {
		sc[0], sc[1] = sc[1], sc[0]
	}
	return sc
}

func TestGameReportsFlaws(t *testing.T) {
	tests := []struct {
		name string
		flaw flaw
		want []string // substrings of the error
	}{
		{"new varies", newVaries, []string{"New is not deterministic"}},
		{"clone shares", cloneShares, []string{"on a clone changed the original"}},
		{"format drops removal", formatDropsRemoval, []string{"ParseMove(FormatMove("}},
		{"decode loses scores", decodeLosesScores, []string{"Decode(Encode()) has scores"}},
		{"terminal never", terminalNever, []string{"Terminal() = false with 0 moves"}},
		{"pass at the end", passAtEnd, []string{"Terminal() = true with 1 moves", "after the pass the opponent has no move"}},
		{"pass with moves", passWithMoves, []string{"lists pass among"}},
		{"scores swap", scoresSwap, []string{"scores went from"}},
		{"moves plays", movesPlays, []string{"a method other than Play changed the state"}},
		{"play panics", playPanics, []string{"ply 3: panic: deliberate"}},
		{"decode accepts", decodeAccepts, []string{`Decode("{") returned no error`}},
		{"no samples", noSamples, []string{"Samples(0) returned 0 then 0 positions"}},
	}
	seeds := []uint64{0, 1} // each flaw shows on the first seed already
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := TestGame(brokenGame{flaw: tt.flaw, news: new(int)}, seeds)
			if err == nil {
				t.Fatalf("TestGame: got no error, want %q", tt.want)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("TestGame: got\n%v\nwant it to contain %q", err, w)
				}
			}
			if !strings.HasPrefix(err.Error(), `gametest: "broken"`) {
				t.Errorf("TestGame: got %q first, want each problem to start with gametest: \"broken\"", strings.SplitN(err.Error(), "\n", 2)[0])
			}
		})
	}
}

// TestGameWrapperIsSound checks that brokenGame without a flaw passes, so
// that the failures above come from the flaws.
func TestGameWrapperIsSound(t *testing.T) {
	if err := TestGame(brokenGame{news: new(int)}, []uint64{0, 1, 2, 3, 42}); err != nil {
		t.Errorf("TestGame(brokenGame without a flaw): %v", err)
	}
}

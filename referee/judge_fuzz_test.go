package referee_test

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
)

// samplePositions returns the positions FuzzJudge answers in: judgetest's
// (a landing on a double with a choice of removal), Cavalo's sample
// positions under games/cavalo/testdata, an opening, and Dots and Boxes'
// bot-check samples.
func samplePositions(t testing.TB) []referee.State {
	t.Helper()
	out := []referee.State{judgetest.State(t), cavalo.Game{}.New(1)}
	dotsSamples, err := dots.Game{}.Samples(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range dotsSamples {
		out = append(out, s.State)
	}
	for _, name := range samples.Names() {
		out = append(out, samples.Load(t, name))
	}
	return out
}

// FuzzJudge judges arbitrary answers in sample positions: Judge never
// panics and never changes the position, an accepted move is always legal
// and keeps the answer when it is not exactly the move, and a refused
// answer is illegal, with a detail and the answer kept.
func FuzzJudge(f *testing.F) {
	for _, s := range []string{
		"D3", "d3", " D3\n", "B3", "b3xa1", "B3xA1", "B3xB2", "B3xB3", "D3xA1", "A1xA1", "pass", "PASS",
		"", " ", "x", "B3x", "xB3", "B3xA1xC2", "J10", "A01", "K11", "A1", "\x00", "é", strings.Repeat("B3", 200),
	} {
		f.Add(uint8(0), s)
	}
	f.Add(uint8(1), "A1")
	f.Add(uint8(3), "C4xH8")
	for _, s := range []string{"A2-B2", "b2-a2", "A1-B1", "A1-A2-A3", "A1-C1", "G6-G7", "-", "A2 - B2"} {
		f.Add(uint8(2), s)
		f.Add(uint8(3), s)
	}
	positions := samplePositions(f)
	f.Fuzz(func(t *testing.T, pick uint8, answer string) {
		st := positions[int(pick)%len(positions)]
		before, err := st.Encode()
		if err != nil {
			t.Fatal(err)
		}
		j := referee.Judge(st, referee.Clock{}, referee.Call{Reply: referee.Reply{Move: answer}})
		if after, _ := st.Encode(); !bytes.Equal(after, before) {
			t.Fatalf("Judge(%q) changed the position", answer)
		}
		if utf8.ValidString(answer) && !utf8.ValidString(j.Answer) {
			t.Errorf("Judge(%q) kept the answer as %q, not valid UTF-8", answer, j.Answer)
		}
		if v := j.Verdict; v != nil {
			if v.Reason != referee.Illegal || v.Detail == "" || j.Answer == "" && answer != "" {
				t.Errorf("Judge(%q) refused it with %v %q, answer %q; want illegal, a detail and the answer", answer, v.Reason, v.Detail, j.Answer)
			}
			return
		}
		played := st.FormatMove(j.Move)
		if !referee.Legal(st, j.Move) {
			t.Fatalf("Judge(%q) accepted %s, not a legal move in\n%v", answer, played, st)
		}
		if (j.Answer == "") != (answer == played) {
			t.Errorf("Judge(%q) played %s and kept the answer %q; want it kept only when it is not exactly the move", answer, played, j.Answer)
		}
		if j.Discrepancy != "" {
			t.Errorf("Judge(%q) found a discrepancy %q with no claim", answer, j.Discrepancy)
		}
	})
}

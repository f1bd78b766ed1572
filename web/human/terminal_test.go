package human_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/web/human"
)

func TestTerminal(t *testing.T) {
	st := cavaloAfter()
	legal := st.Moves(nil)
	first := st.FormatMove(legal[0])
	var out strings.Builder
	term := human.NewTerminal(strings.NewReader("?\nZ99\r\n"+first+"\n"), &out)
	reply, err := human.New("you", term).Jogar(t.Context(), request(st))
	if err != nil {
		t.Fatalf("Play: %v\n%s", err, out.String())
	}
	if reply.Move != first {
		t.Errorf("move %q, want %q", reply.Move, first)
	}
	const prompt = "White (you) to move [? for legal moves]: "
	got := out.String()
	for _, want := range []string{
		"\n" + st.String() + "\n" + prompt + "legal moves: " + first + " ",
		prompt + "refused: bad move \"Z99\": bad square",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, prompt); n != 3 {
		t.Errorf("%d prompts, want 3 (first, after ?, after the refusal):\n%s", n, got)
	}
	for _, m := range legal {
		if !strings.Contains(got, " "+st.FormatMove(m)) {
			t.Errorf("the list of legal moves lacks %s:\n%s", st.FormatMove(m), got)
		}
	}
}

// TestTerminalList lists the 71 arcs of an empty Dots and Boxes board: every
// one, in lines of at most 72 columns.
func TestTerminalList(t *testing.T) {
	st := dots.Game{}.New(1)
	var out strings.Builder
	term := human.NewTerminal(strings.NewReader("?\nA1-B1\n"), &out)
	if _, err := term.Move(t.Context(), request(st), ""); err != nil {
		t.Fatal(err)
	}
	list := out.String()[strings.Index(out.String(), "legal moves:"):]
	list = list[:strings.LastIndex(list, "\n")]
	lines := strings.Split(list, "\n")
	if len(lines) < 2 {
		t.Errorf("the list is on %d line, want it wrapped:\n%s", len(lines), list)
	}
	for _, l := range lines {
		if len(l) > 72 {
			t.Errorf("a line of %d columns, want at most 72: %q", len(l), l)
		}
	}
	if n := len(strings.Fields(list)) - 2; n != 71 {
		t.Errorf("%d moves listed, want 71:\n%s", n, list)
	}
}

func TestTerminalNoMove(t *testing.T) {
	st := cavaloAfter()
	never, _ := io.Pipe() // an input that never comes
	cancelled, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		in   io.Reader
		want error
	}{
		{"end of input", t.Context(), strings.NewReader(""), human.ErrResigned},
		{"cancelled", cancelled, never, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			_, err := human.NewTerminal(tt.in, &out).Move(tt.ctx, request(st), "")
			if !errors.Is(err, tt.want) {
				t.Errorf("Move: error %v, want %v\n%s", err, tt.want, out.String())
			}
		})
	}
}

// TestTerminalBothSides has one Terminal serve both sides, under a clock.
func TestTerminalBothSides(t *testing.T) {
	st := cavaloAfter()
	var out strings.Builder
	term := human.NewTerminal(strings.NewReader("pass\n"), &out)
	req := request(st)
	st.Play(req.Legal[0])
	req = request(st)
	req.Tempo = 30 * time.Second
	if _, err := term.Move(t.Context(), req, ""); err != nil {
		t.Fatal(err)
	}
	if want := "you have 30s for this move\nBlack (you) to move"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}

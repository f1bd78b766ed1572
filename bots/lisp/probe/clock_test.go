package probe

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// TestReadClock reads the clock of the course's samples: the tempo_scale
// is decided on the sources, the same in every run, never on how long a
// call took.
func TestReadClock(t *testing.T) {
	entregas := filepath.Join("..", "..", "examples", "lisp", "entregas")
	for _, tc := range []struct {
		group string
		scale int
		note  string
	}{
		{"cavalo/bia_2201003_eva_2201004_P2", LispWorksScale, "reads the internal clock in jogo.lisp, line 23"},
		{"cavalo/lara_2201025_nuno_2201026_P13", LispWorksScale, "LispWorks units"},
		{"cavalo/joana_2201023_luis_2201024_P12", 1, "with internal-time-units-per-second in jogo.lisp, line 50"},
		{"cavalo/sara_2201011_vasco_2201012_P6", 1, "ignores the tempo (jogar, in jogo.lisp, line 10"},
		{"cavalo/ana_2201001_rui_2201002_P1", 1, "ignores the tempo"},
		{"dots/rita_2202009_tome_2202010_D5", 1, ""},
	} {
		t.Run(tc.group, func(t *testing.T) {
			r := ReadClock(lisp.Config{Root: filepath.Join(entregas, tc.group)})
			scale, note := r.scale()
			if scale != tc.scale || !strings.Contains(note, tc.note) {
				t.Errorf("%+v: tempo_scale %d (%s), want %d saying %q", r, scale, note, tc.scale, tc.note)
			}
		})
	}
}

// scaleBot answers legal moves only when its tempo is sent with the
// tempo_scale it reads; with another, it answers A1, no move (a bot
// whose clock ran out at once), or times out.
type scaleBot struct {
	reads   int
	timeout bool
	last    *referee.State
}

func (b scaleBot) Ask(ctx context.Context, cfg lisp.Config, st referee.State, tempo time.Duration) (lisp.Raw, error) {
	*b.last = st
	if b.timeout && max(cfg.TempoScale, 1) != b.reads {
		return lisp.Raw{}, referee.NewFault(referee.FaultTimeout, context.DeadlineExceeded)
	}
	return lisp.Raw{Elapsed: time.Millisecond}, nil
}

func (scaleBot) Estado(_ lisp.Config, st referee.State) (string, error) { return fmt.Sprint(st), nil }

func (b scaleBot) Read(cfg lisp.Config, _ lisp.Raw) (bots.Answer, string, error) {
	st := *b.last
	if max(cfg.TempoScale, 1) != b.reads {
		return bots.Answer{Move: "A1"}, "", nil
	}
	var buf [referee.MaxMoves]referee.Move
	return bots.Answer{Move: st.FormatMove(st.Moves(buf[:0])[0])}, "", nil
}

// TestDetectOtherTimeBase checks that a bot whose sources give one time
// base and that answers legal moves only under the other plays under the
// other, said; and that one that answers under neither is refused with
// both time bases named, and a timeout in the course's words.
func TestDetectOtherTimeBase(t *testing.T) {
	dir := t.TempDir()
	src := "(defun jogar (estado tempo)\n  (let ((fim (+ (get-internal-real-time) tempo)))\n    (pensar estado fim)))\n"
	if err := os.WriteFile(filepath.Join(dir, "jogo.lisp"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		bot      scaleBot
		eligible bool
		scale    int
		says     []string
	}{
		{"LispWorks, as its sources say", scaleBot{reads: LispWorksScale}, true, LispWorksScale, []string{"tempo read in LispWorks units"}},
		{"milliseconds, though its sources read LispWorks units", scaleBot{reads: 1}, true, 1, []string{"answers legal moves only with tempo_scale 1, not with 1000"}},
		{"legal under neither", scaleBot{reads: 7}, false, 0, []string{"with tempo_scale 1000 nor with tempo_scale 1 (tempo read in LispWorks units"}},
		{"a timeout", scaleBot{reads: 7, timeout: true}, false, 0, []string{"timeout: jogar did not answer within 20.05s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var last referee.State
			tc.bot.last = &last
			f := detect(context.Background(), tc.bot, cavalo.Game{}, Options{Tempo: 50 * time.Millisecond, Fixed: lisp.Config{Root: dir}})
			if f.Eligible != tc.eligible || tc.eligible && f.Config.TempoScale != tc.scale {
				t.Fatalf("eligible %v, tempo_scale %d (%s; %s), want %v, %d", f.Eligible, f.Config.TempoScale, f.Time.Note, f.Reason, tc.eligible, tc.scale)
			}
			text := f.Time.Note + " " + f.Reason
			for _, s := range tc.says {
				if !strings.Contains(text, s) {
					t.Errorf("says %q, want %q", text, s)
				}
			}
			if strings.Contains(text, "deadline") {
				t.Errorf("says %q: Go's words, not the course's", text)
			}
		})
	}
}

// TestOneLineSaysNoGo checks that a reason never says Go's words for a
// call cut off (issue 46).
func TestOneLineSaysNoGo(t *testing.T) {
	got := OneLine("start: lisp: loading jogo.lisp:\n context deadline exceeded")
	if want := "start: lisp: loading jogo.lisp: out of time"; got != want {
		t.Errorf("OneLine = %q, want %q", got, want)
	}
}

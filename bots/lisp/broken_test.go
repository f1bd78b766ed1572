package lisp

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// TestStartErrors checks that a bot that fails to start says why: for a
// load, the file, the line and the condition (and the file that loaded
// it).
func TestStartErrors(t *testing.T) {
	requireSBCL(t)
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	tests := []struct {
		name string
		cfg  Config
		want []string
	}{
		{"syntax error", Config{Files: []string{"testdata/syntax.lisp"}}, []string{
			"start: lisp: loading " + abs("testdata/syntax.lisp") + ", line 4: READ error: the form that starts on this line is not closed before the end of the file"}},
		{"missing file", Config{Files: []string{"testdata/missing.lisp"}}, []string{
			"start: lisp: loading " + abs("testdata/missing.lisp") + `, line 3: (load "C:/lisp/nada.lisp"): no such file, and no file of that name in the submission folder ` + abs("testdata") + "/"}},
		{"error in a loaded file", Config{Files: []string{"testdata/nested/top.lisp"}}, []string{
			"start: lisp: loading " + abs("testdata/nested/bad.lisp") + ", line 2: TYPE-ERROR: The value 5 is not of type LIST when binding LIST (loaded from " + abs("testdata/nested/top.lisp") + ", line 4)"}},
		{"missing package", Config{Files: []string{"testdata/first.lisp"}, Package: "p999"}, []string{"package p999 not found", "PTRIVIAL"}},
		{"no jogar", Config{Files: []string{"testdata/nojogar.lisp"}}, []string{"no package defines a function JOGAR"}},
		{"package without jogar", Config{Files: []string{"testdata/nojogar.lisp"}, Package: "pnojogar"}, []string{"package PNOJOGAR has no function JOGAR"}},
		{"two jogar", Config{Files: []string{"testdata/twojogar.lisp"}}, []string{"several packages export a function JOGAR", "PUM", "PDOIS", "set package"}},
		{"quit while loading", Config{Files: []string{"testdata/quitload.lisp"}}, []string{"(quit), (exit) or (abort)", "quitload.lisp, line 5"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			a, err := New(tc.cfg, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			ctx, cancel := context.WithTimeout(context.Background(), RecommendedStartTimeout)
			defer cancel()
			err = a.Start(ctx)
			if err == nil {
				t.Fatal("Start succeeded, want an error")
			}
			if k := referee.FaultOf(err); k != referee.FaultStart {
				t.Errorf("fault %s, want start", k)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no files", Config{}, "files: at least one file"},
		{"missing file", Config{Files: []string{"testdata/none.lisp"}}, "no such file"},
		{"directory", Config{Files: []string{"testdata"}}, "is a directory"},
		{"bad state", Config{Files: []string{"testdata/first.lisp"}, State: "tabuleiro"}, `state "tabuleiro": want one of board, board-scores, board-player-scores`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := New(tc.cfg, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New error = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

func TestTwoFilesRelativeLoad(t *testing.T) {
	a, _ := startAdapter(t, Config{Files: []string{"testdata/twofiles/pacote.lisp", "testdata/twofiles/sub/jogo.lisp"}})
	if got := a.Info().Name; got != "pdois-ficheiros" {
		t.Errorf("Info().Name = %q, want pdois-ficheiros (the package of its unexported jogar)", got)
	}
	st := cavalo.New(1)
	ans, err := a.Jogar(context.Background(), &st, time.Second)
	if err != nil || ans.Move != "A1" {
		t.Errorf("Jogar = %q, %v; want A1", ans.Move, err)
	}
}

func TestLatin1Source(t *testing.T) {
	a, _ := startAdapter(t, Config{Files: []string{"testdata/latin1.lisp"}})
	st := cavalo.New(1)
	ans, err := a.Jogar(context.Background(), &st, time.Second)
	if err != nil || ans.Move != "A1" {
		t.Errorf("Jogar = %q, %v; want A1", ans.Move, err)
	}
}

// TestMisbehaviour plays one call per misbehaviour of testdata/modes.lisp
// (tempo selects it) on one adapter, each followed by a good call, so it
// also checks that the adapter recovers.
func TestMisbehaviour(t *testing.T) {
	a, log := startAdapter(t, Config{Files: []string{"testdata/modes.lisp"}})
	tests := []struct {
		name  string
		tempo time.Duration
		fault referee.FaultKind
		want  []string // in the error, or in the illegal verdict when fault is 0
	}{
		{"error", 101, referee.FaultCrash, []string{"lisp: jogar signalled SIMPLE-ERROR in PMODES:JOGAR: tabuleiro invalido: LINHA-11"}},
		{"error in a helper", 114, referee.FaultCrash, []string{"jogar signalled TYPE-ERROR in PMODES::AVALIA: ", "is not of type LIST"}},
		{"quit", 102, referee.FaultCrash, []string{"(quit), (exit) or (abort)"}},
		{"abort", 113, referee.FaultCrash, []string{"(quit), (exit) or (abort)"}},
		{"break", 103, referee.FaultCrash, []string{"debugger", "pausa"}},
		{"infinite loop", 104, referee.FaultTimeout, []string{"in time"}},
		{"stack overflow", 109, referee.FaultCrash, []string{"CONTROL-STACK-EXHAUSTED"}},
		{"not a move", 107, 0, []string{`bad move "42"`}},
		{"circular answer", 110, 0, []string{"circular"}},
		{"reads stdin", 111, referee.FaultCrash, []string{"END-OF-FILE"}},
		{"two values", 112, 0, nil},
		{"prints a lot", 106, 0, nil},
		{"dies", 108, referee.FaultCrash, []string{"sbcl exited", "exit status 4"}},
		{"ignores interrupts", 105, referee.FaultTimeout, []string{"in time"}},
	}
	st := cavalo.New(1)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Only a timeout is about time: every other fault must show
			// whatever the machine's speed, so its call has no deadline
			// but go test's.
			ctx, cancel := context.WithCancel(t.Context())
			if tc.fault == referee.FaultTimeout {
				ctx, cancel = context.WithTimeout(t.Context(), 300*time.Millisecond)
			}
			defer cancel()
			ans, err := a.Jogar(ctx, &st, tc.tempo*time.Millisecond)
			switch {
			case tc.fault == 0 && tc.want == nil:
				if err != nil || ans.Move != "A1" {
					t.Fatalf("Jogar = %q, %v; want A1", ans.Move, err)
				}
			case tc.fault == 0:
				// An answer, however wrong: the referee's to judge.
				if err != nil {
					t.Fatalf("Jogar error = %v, want an answer for the referee", err)
				}
				j := referee.Judge(&st, referee.Clock{}, referee.Call{Reply: referee.Reply{Move: ans.Move, Claim: ans.State}})
				if j.Verdict == nil || j.Verdict.Reason != referee.Illegal || !strings.Contains(j.Verdict.Detail, tc.want[0]) {
					t.Fatalf("the referee's judgement of %q: %+v, want illegal mentioning %q", ans.Move, j.Verdict, tc.want[0])
				}
			default:
				var f *referee.Fault
				if !errors.As(err, &f) || f.Kind != tc.fault {
					t.Fatalf("Jogar error = %v, want a %s fault", err, tc.fault)
				}
				for _, w := range tc.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not mention %q", err, w)
					}
				}
			}
			// The next call must work: SBCL recovered, or was started again.
			ctx2, cancel2 := context.WithTimeout(context.Background(), RecommendedStartTimeout)
			defer cancel2()
			if ans, err := a.Jogar(ctx2, &st, time.Second); err != nil || ans.Move != "A1" {
				t.Fatalf("the call after: Jogar = %q, %v; want A1", ans.Move, err)
			}
		})
	}
	l := log.String()
	for _, w := range []string{"linha 0 de lixo", "characters in all", "sbcl restarted", "lisp: Backtrace (innermost first):\n  0: (PMODES::AVALIA 5)", "no move read in jogar's answer"} {
		if !strings.Contains(l, w) {
			t.Errorf("the log does not mention %q", w)
		}
	}
}

// TestLateJogarReturnsAtItsDeadline checks that a jogar past its deadline
// costs the call its deadline, not the grace SBCL has to unwind: with a
// grace of an hour and a jogar that ignores interrupts, the call returns a
// timeout all the same (an adapter that waited out the grace would hang
// the test until go test's -timeout fails it), and closing the adapter
// kills SBCL.
func TestLateJogarReturnsAtItsDeadline(t *testing.T) {
	requireSBCL(t)
	a, err := New(Config{Files: []string{"testdata/modes.lisp"}}, Options{Grace: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ctx, cancel := context.WithTimeout(context.Background(), RecommendedStartTimeout)
	defer cancel()
	if err := a.Start(ctx); err != nil {
		t.Fatal(err)
	}
	st := cavalo.New(1)
	late, cancelLate := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancelLate()
	_, err = a.Jogar(late, &st, 105*time.Millisecond) // 105: ignores interrupts (modes.lisp)
	var f *referee.Fault
	if !errors.As(err, &f) || f.Kind != referee.FaultTimeout {
		t.Fatalf("Jogar = %v, want a timeout fault", err)
	}
}

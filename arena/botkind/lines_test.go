package botkind

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/bots/host/conformance"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
)

// openDir returns a new folder that a sandboxed bot's own uid can read
// (arena as root runs it as another user): the test's temporary folders
// are the owner's alone.
func openDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for d := dir; d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// lineSpec is how a league starts the line bot at path: through arena's
// executable, in its sandbox.
func lineSpec(t *testing.T, path, game string) host.Spec {
	t.Helper()
	arena, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	r := Ref{Path: path, Protocol: ProtocolLines}
	if err := r.Resolve("line", "", nil); err != nil {
		t.Fatal(err)
	}
	s := r.Spec(arena, "line", game)
	s.StartTimeout = 10 * time.Second
	return s
}

// TestFirstLineBotsPassBotCheck runs the conformance checks of `arena bot
// check` on the first bots of docs/protocol.md, in C and in Python, in
// both games, through the real host and sandbox.
func TestFirstLineBotsPassBotCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds arena and starts sandboxed bots")
	}
	dir := openDir(t)
	src, _ := filepath.Abs("../../bots/examples/lines")
	py := filepath.Join(dir, "first.py")
	data, err := os.ReadFile(filepath.Join(src, "first.py"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(py, data, 0o755); err != nil {
		t.Fatal(err)
	}
	bots := map[string]string{"python": py}
	if cc, err := exec.LookPath("gcc"); err == nil {
		bin := filepath.Join(dir, "first")
		if out, err := exec.Command(cc, "-O2", "-o", bin, filepath.Join(src, "first.c")).CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		bots["c"] = bin
	} else {
		t.Log("no gcc: the C bot is not checked")
	}
	for lang, path := range bots {
		for _, game := range []referee.Game{cavalo.Game{}, dots.Game{}} {
			t.Run(lang+"/"+game.Name(), func(t *testing.T) {
				results := conformance.Run(context.Background(), lineSpec(t, path, game.Name()), conformance.Options{Game: game, Clock: referee.Clock{Tempo: time.Second, Margin: time.Second}})
				for _, r := range results {
					if !r.OK {
						t.Errorf("check %q failed: %s", r.Name, r.Detail)
					}
				}
				if len(results) < 5 {
					t.Errorf("only %d checks ran", len(results))
				}
			})
		}
	}
}

// hostileLines is a line bot whose first argument says how it misbehaves.
const hostileLines = `#!/usr/bin/env python3
import sys, time
mode = sys.argv[1]
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "arena":
        print("bot name hostile", flush=True)
    elif w[0] == "moves":
        legal = w[1:]
    elif w[0] == "go":
        if mode == "garbage":
            print("hello there", flush=True)
        elif mode == "long":
            sys.stdout.write("move " + "A" * (10 << 20) + "\n"); sys.stdout.flush()
        elif mode == "nonewline":
            sys.stdout.write("move " + legal[0]); sys.stdout.flush(); sys.exit(0)
        elif mode == "silence":
            time.sleep(60)
        elif mode == "exit":
            sys.exit(3)
        elif mode == "early":
            sys.stdout.write("move %s\nmove A1\n" % legal[0]); sys.stdout.flush()
        elif mode == "stderr":
            for i in range(20000):
                sys.stderr.write("noise " * 20 + "\n")
            print("move", legal[0], flush=True)
        else:
            print("move", legal[0], flush=True)
`

// TestHostileLineBots checks that each way a line bot can misbehave ends
// in the verdict it deserves, judged by the referee.
func TestHostileLineBots(t *testing.T) {
	if testing.Short() {
		t.Skip("builds arena and starts sandboxed bots")
	}
	dir := openDir(t)
	path := filepath.Join(dir, "hostile.py")
	if err := os.WriteFile(path, []byte(hostileLines), 0o755); err != nil {
		t.Fatal(err)
	}
	// Roomy: a busy machine must not turn a move into a timeout.
	clock := referee.Clock{Tempo: 3 * time.Second, Margin: 2 * time.Second}
	for _, tc := range []struct {
		mode   string
		want   referee.Reason
		detail string
	}{
		{"fine", 0, ""},
		{"garbage", referee.Illegal, "hello there"},
		{"long", referee.Illegal, "a line over 65536 bytes"},
		{"nonewline", referee.Crash, "in the middle of the line"},
		{"early", referee.Illegal, "unprompted: move A1"},
		{"silence", referee.Timeout, ""},
		{"exit", referee.Crash, "exit status 3"},
		{"stderr", 0, ""},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			s := lineSpec(t, path, cavalo.Name)
			s.Args = append(s.Args, tc.mode)
			p, err := host.Start(context.Background(), s)
			if err != nil {
				t.Fatalf("start: %v", err)
			}
			defer p.Close()
			st := cavalo.New(1)
			var buf [referee.MaxMoves]referee.Move
			legal := st.Moves(buf[:0])
			call := referee.Ask(context.Background(), p, &st, legal, clock)
			j := referee.Judge(&st, clock, call)
			if tc.mode == "early" && j.Verdict == nil { // its second answer came before the next go
				call = referee.Ask(context.Background(), p, &st, legal, clock)
				j = referee.Judge(&st, clock, call)
			}
			switch {
			case tc.want == 0 && j.Verdict != nil:
				t.Fatalf("verdict %v: %s; want a move", j.Verdict.Reason, j.Verdict.Detail)
			case tc.want == 0:
			case j.Verdict == nil:
				t.Fatalf("move %s accepted; want %v", st.FormatMove(j.Move), tc.want)
			case j.Verdict.Reason != tc.want || !strings.Contains(j.Verdict.Detail, tc.detail):
				t.Fatalf("verdict %v: %q; want %v naming %q", j.Verdict.Reason, j.Verdict.Detail, tc.want, tc.detail)
			}
		})
	}
}

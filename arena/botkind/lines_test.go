package botkind

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/conformance"
	"github.com/arenabots/arena/host/scaffold"
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

// lineSpec is how a league starts the line bot r: through arena's
// executable, in its sandbox.
func lineSpec(t *testing.T, r Ref, arena, game string) host.Spec {
	t.Helper()
	if err := r.Resolve("line", "", nil); err != nil {
		t.Fatal(err)
	}
	s := r.Spec(arena, "line", game)
	s.StartTimeout = 10 * time.Second
	return s
}

// TestLineStarters writes the starter of each line-protocol language as
// `arena bot new` does (the first bots of docs/protocol.md), builds it,
// runs the conformance checks of `arena bot check` on it in every game,
// and plays it against builtin:greedy under a game clock, through the real
// host and sandbox. A language whose tool the machine lacks is skipped.
func TestLineStarters(t *testing.T) {
	if testing.Short() {
		t.Skip("builds arena and starts sandboxed bots")
	}
	arena, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []scaffold.Lang{scaffold.C, scaffold.Python, scaffold.Rust, scaffold.JS} {
		t.Run(string(lang), func(t *testing.T) {
			p, err := scaffold.Write(filepath.Join(openDir(t), "first"), "first", lang, "")
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Build(context.Background()); errors.Is(err, exec.ErrNotFound) {
				t.Skipf("the %s starter is not checked: %v", lang, err)
			} else if err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p.Dir, 0o755); err != nil { // the sandboxed bot's uid reads it, whatever the umask
				t.Fatal(err)
			}
			r := Ref{Path: p.Bot, Protocol: ProtocolLines}
			if lang == scaffold.Python { // the system's Python, standard library only
				r.Env = map[string]string{"PATH": "/usr/bin:/bin"}
			}
			for _, name := range games.Names() {
				game, err := games.Lookup(name)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(name, func(t *testing.T) {
					s := lineSpec(t, r, arena, game.Name())
					results := conformance.Run(context.Background(), s, conformance.Options{Game: game, Clock: referee.Clock{Tempo: time.Second, Margin: time.Second}})
					for _, r := range results {
						if !r.OK {
							t.Errorf("check %q failed: %s", r.Name, r.Detail)
						}
					}
					if len(results) < 5 {
						t.Errorf("only %d checks ran", len(results))
					}
					playGreedy(t, s, arena, game)
				})
			}
		})
	}
}

// playGreedy plays the bot of s as White against builtin:greedy in game
// under a game clock, and fails the test unless the game ends normally.
func playGreedy(t *testing.T, s host.Spec, arena string, game referee.Game) {
	t.Helper()
	greedy := Ref{Builtin: "greedy"}.Spec(arena, "greedy", game.Name())
	var players [2]referee.Player
	for i, s := range []host.Spec{s, greedy} {
		p, err := host.Start(context.Background(), s)
		if err != nil {
			t.Fatalf("start %s: %v", s.Name, err)
		}
		defer p.Close()
		players[i] = p
	}
	// Roomy: a busy machine must not turn a move into a timeout.
	clock := referee.Clock{Margin: 2 * time.Second, Control: &referee.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}
	rec := referee.Match(context.Background(), game.New(1), players, referee.MatchOptions{Clock: clock})
	if rec.Reason != referee.Normal {
		t.Fatalf("against greedy: %v (%s) after %d moves; want a normal end", rec.Reason, rec.Detail, len(rec.Moves))
	}
	if last := rec.Moves[len(rec.Moves)-1]; last.Clocks == nil {
		t.Errorf("move %d has no clocks under a time control", last.Ply)
	}
}

// hostileLines is a line bot whose first argument says how it misbehaves.
const hostileLines = `#!/usr/bin/env python3
import os, sys, time
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
        elif mode == "closeout":
            sys.stdout.close(); os.close(1); time.sleep(60)
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
	arena, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
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
		{"closeout", referee.Crash, "closed its output"},
		{"stderr", 0, ""},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			s := lineSpec(t, Ref{Path: path, Protocol: ProtocolLines}, arena, cavalo.Name)
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

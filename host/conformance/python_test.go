package conformance

// These tests play the Python example bot (bots/examples/python/bot.py)
// through arena's real bot host: they prove that the wire contract does not
// need Go. They need /usr/bin/python3 with grpcio and protobuf (Debian:
// python3-grpcio and python3-protobuf) and fail, not skip, without them.

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
)

// python is the interpreter of bot.py's shebang.
const python = "/usr/bin/python3"

// arenaBin builds arena's executable once: it serves the built-in bots the
// Python bot plays against, and launches the script in its sandbox.
var arenaBin = sync.OnceValues(testbin.Arena)

// pythonSpec returns the Spec of bot.py, failing t when its interpreter
// lacks gRPC.
func pythonSpec(t *testing.T) host.Spec {
	t.Helper()
	out, err := exec.Command(python, "-c", "import grpc, google.protobuf").CombinedOutput()
	if err != nil {
		t.Fatalf("%s cannot import grpc (%v: %s): apt-get install python3-grpcio python3-protobuf",
			python, err, strings.TrimSpace(string(out)))
	}
	path, err := filepath.Abs("../../bots/examples/python/bot.py")
	if err != nil {
		t.Fatal(err)
	}
	arena, err := arenaBin()
	if err != nil {
		t.Fatal(err)
	}
	// Launched by arena, in the sandbox, as in a league: the script sees
	// its own directory (its generated gRPC modules).
	spec := host.ExecSpec(arena, path, nil)
	spec.Name = "python"
	// Python and gRPC take a moment to start on a busy machine.
	spec.StartTimeout = 15 * time.Second
	return spec
}

// start starts spec and closes it at the end of the test.
func start(t *testing.T, spec host.Spec) *host.Process {
	t.Helper()
	p, err := host.Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("starting %s: %v", spec.Name, err)
	}
	t.Cleanup(func() {
		if err := p.Close(); err != nil {
			t.Errorf("closing %s: %v", spec.Name, err)
		}
	})
	return p
}

func TestPythonCheck(t *testing.T) {
	results := Run(context.Background(), pythonSpec(t), Options{})
	if len(results) == 0 {
		t.Fatal("Check returned no result")
	}
	for _, r := range results {
		t.Logf("%s: ok %v: %s", r.Name, r.OK, r.Detail)
		if !r.OK {
			t.Errorf("check %q failed: %s", r.Name, r.Detail)
		}
	}
}

func TestPythonInfo(t *testing.T) {
	got := start(t, pythonSpec(t)).Info()
	want := bots.Info{Name: "python-greedy", Author: "arena examples", Version: "1", Games: []string{"cavalo"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Info = %+v, want %+v", got, want)
	}
}

func TestPythonFullGame(t *testing.T) {
	for _, tc := range []struct {
		name string
		side referee.Side // the Python bot's
		seed uint64
	}{
		{"python white", referee.White, 1},
		{"python black", referee.Black, 2026},
	} {
		t.Run(tc.name, func(t *testing.T) {
			py := start(t, pythonSpec(t))
			arena, err := arenaBin()
			if err != nil {
				t.Fatal(err)
			}
			greedy := start(t, host.SelfSpec(arena, "bot", "serve", "builtin:greedy"))
			var players [2]referee.Player
			players[tc.side.Index()], players[tc.side.Other().Index()] = py, greedy

			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			clock := referee.Clock{Tempo: time.Second, Margin: time.Second}
			rec := referee.Match(ctx, cavalo.Game{}.New(tc.seed), players, referee.MatchOptions{Clock: clock})
			if rec.Reason != referee.Normal {
				t.Fatalf("game ended %s (%s), want normal", rec.Reason, rec.Detail)
			}
			t.Logf("%d plies, scores %v (white, black)", len(rec.Moves), rec.Scores)
			checkGreedyMoves(t, tc.seed, tc.side, rec)
		})
	}
}

// checkGreedyMoves replays rec on board seed and checks that each move the
// bot of side chose scored the most points a legal move could, and that what
// the bot wrote to stderr reached the move logs.
func checkGreedyMoves(t *testing.T, seed uint64, side referee.Side, rec referee.Record) {
	t.Helper()
	st := cavalo.Game{}.New(seed)
	var buf [referee.MaxMoves]referee.Move
	chosen, logged := 0, false
	for _, mr := range rec.Moves {
		m, err := st.ParseMove(mr.Move)
		if err != nil {
			t.Fatalf("ply %d: recorded move %q: %v", mr.Ply, mr.Move, err)
		}
		if mr.Side == side && !mr.Forced {
			chosen++
			logged = logged || strings.Contains(mr.Log, "python-greedy: ")
			best := 0
			for _, alt := range st.Moves(buf[:0]) {
				best = max(best, gain(st, alt))
			}
			if g := gain(st, m); g != best {
				t.Errorf("ply %d: played %s for %d points, a legal move scored %d", mr.Ply, mr.Move, g, best)
			}
		}
		st.Play(m)
	}
	if chosen == 0 {
		t.Fatal("the Python bot chose no move")
	}
	if !logged {
		t.Error("no move log holds the Python bot's stderr")
	}
	if got := st.Scores(); got != rec.Scores {
		t.Errorf("replayed scores %v, recorded %v", got, rec.Scores)
	}
}

// gain returns the points the side to move in st scores by playing m.
func gain(st referee.State, m referee.Move) int {
	i := st.ToMove().Index()
	after := st.Clone()
	after.Play(m)
	return after.Scores()[i] - st.Scores()[i]
}

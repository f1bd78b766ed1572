package builtin

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/referee"
)

func TestAlphaBetaOptions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		opts    Options
		ttMB    int
		nodes   int64
		safety  float64
		wantErr string
	}{
		{nil, 16, 0, 0.3, ""},
		{Options{"tt_mb": "64", "nodes": "50000", "safety": "0.5"}, 64, 50000, 0.5, ""},
		{Options{"tt_mb": "0"}, 0, 0, 0, "option tt_mb"},
		{Options{"nodes": "-1"}, 0, 0, 0, "option nodes"},
		{Options{"safety": "1"}, 0, 0, 0, "option safety"},
		{Options{"depth": "4"}, 0, 0, 0, "unknown option depth (known: tt_mb, nodes, safety)"},
	}
	for _, tc := range tests {
		b, err := newAlphaBeta(tc.opts)
		switch {
		case tc.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%v: got error %v, want one with %q", tc.opts, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("%v: %v", tc.opts, err)
		default:
			ab := b.(*alphaBeta)
			if ab.ttMB != tc.ttMB || ab.nodes != tc.nodes || ab.safety != tc.safety {
				t.Errorf("%v: got tt_mb %d, nodes %d, safety %v; want %d, %d, %v", tc.opts, ab.ttMB, ab.nodes, ab.safety,
					tc.ttMB, tc.nodes, tc.safety)
			}
		}
	}
}

func TestAlphaBetaPlays(t *testing.T) {
	t.Parallel()
	b, err := newAlphaBeta(Options{"tt_mb": "2"})
	if err != nil {
		t.Fatal(err)
	}
	const tempo = 60 * time.Millisecond
	for _, name := range samples.Names() {
		st := loadSample(t, name)
		before := *st
		// The bot stops at 70% of tempo.
		a, cpu, err := jogarCPU(t, b, st, tempo)
		if cpu > 2*tempo {
			t.Errorf("%s: answered after %v of CPU, tempo %v", name, cpu, tempo)
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkAnswer(t, st, before, a)
	}
}

// TestAlphaBetaNodesDeterministic checks that alphabeta with a node budget
// plays the same move, with the same count, whatever the clock, in both
// games.
func TestAlphaBetaNodesDeterministic(t *testing.T) {
	t.Parallel()
	for name, st := range map[string]referee.State{
		"cavalo": loadSample(t, "s2_p9"),
		"dots":   dots.Game{Rows: 5, Cols: 6, OpeningArcs: 6}.New(3),
	} {
		var first bots.Answer
		for i := range 3 {
			b, err := newAlphaBeta(Options{"tt_mb": "2", "nodes": "20000"})
			if err != nil {
				t.Fatal(err)
			}
			a, err := b.Jogar(context.Background(), st, time.Nanosecond) // the clock must not matter
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if i == 0 {
				first = a
				continue
			}
			if a.Move != first.Move || a.Stats.Nodes != first.Stats.Nodes || a.Stats.Depth != first.Stats.Depth {
				t.Errorf("%s, run %d: %s, %d nodes, depth %d; first run %s, %d, %d", name, i+1,
					a.Move, a.Stats.Nodes, a.Stats.Depth, first.Move, first.Stats.Nodes, first.Stats.Depth)
			}
		}
	}
}

// TestDepthAt1s prints the depth each bot reaches in one second on each
// reference position (after the forced placements of the p0 positions). It
// takes about 10 s of CPU: set ARENA_DEPTH=1 to run it.
func TestDepthAt1s(t *testing.T) {
	if testing.Short() || os.Getenv("ARENA_DEPTH") == "" {
		t.Skip("set ARENA_DEPTH=1 to measure the depth reached in 1 s")
	}
	for _, name := range samples.Names() {
		st := loadSample(t, name)
		forced := 0
		for {
			var buf [referee.MaxMoves]referee.Move
			moves := st.Moves(buf[:0])
			if len(moves) != 1 {
				break
			}
			st.Play(moves[0])
			forced++
		}
		line := fmt.Sprintf("%-6s (+%d forced)", name, forced)
		for _, f := range []struct {
			name string
			make Factory
		}{{"alphabeta", newAlphaBeta}, {"classic", newClassic}} {
			b, err := f.make(nil)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			a, err := b.Jogar(context.Background(), st, time.Second)
			if err != nil {
				t.Fatal(err)
			}
			el := time.Since(start)
			line += fmt.Sprintf("  %s: depth %2d, %9d nodes, %4d ms, %4.1f M nodes/s, move %-6s eval %+.1f",
				f.name, a.Stats.Depth, a.Stats.Nodes, el.Milliseconds(), float64(a.Stats.Nodes)/el.Seconds()/1e6, a.Move, a.Stats.Eval)
		}
		t.Log(line)
	}
}

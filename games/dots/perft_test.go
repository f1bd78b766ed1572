package dots

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// stats are the counts of one line of testdata/perft-stats.txt: the move
// sequences of a depth, how many of their end positions have White to move,
// and the sums of White's and Black's scores over those end positions.
type stats struct {
	count, toMove1, s1, s2 uint64
}

// perftStats counts the sequences of exactly depth arcs from p.
func perftStats(p *Position, depth int) stats {
	if depth == 0 {
		sc := p.Scores()
		st := stats{count: 1, s1: uint64(sc[0]), s2: uint64(sc[1])}
		if p.ToMove() == referee.White {
			st.toMove1 = 1
		}
		return st
	}
	var buf [referee.MaxMoves]referee.Move
	var total stats
	for _, m := range p.Moves(buf[:0]) {
		child := *p
		child.Play(m)
		s := perftStats(&child, depth-1)
		total.count += s.count
		total.toMove1 += s.toMove1
		total.s1 += s.s1
		total.s2 += s.s2
	}
	return total
}

func load(t testing.TB, name string) Position {
	t.Helper()
	return gametest.LoadPosition(t, name, Decode)
}

// TestPerftStats checks every line of testdata/perft-stats.txt
// ("FILE D COUNT TOMOVE1 S1 S2 | ..."), and that Perft agrees on the
// counts.
func TestPerftStats(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "perft-stats.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		file, rest, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		lines++
		p := load(t, file)
		for _, group := range strings.Split(rest, "|") {
			var depth int
			var want stats
			if _, err := fmt.Sscan(group, &depth, &want.count, &want.toMove1, &want.s1, &want.s2); err != nil {
				t.Fatalf("%s: bad group %q: %v", file, group, err)
			}
			if testing.Short() && depth > 2 {
				continue
			}
			t.Run(file+"/depth="+strconv.Itoa(depth), func(t *testing.T) {
				q := p
				if got := perftStats(&q, depth); got != want {
					t.Errorf("got %+v, want %+v", got, want)
				}
				if got := q.Perft(depth); got != want.count {
					t.Errorf("Perft: got %d, want %d", got, want.count)
				}
			})
		}
	}
	if err := sc.Err(); err != nil || lines == 0 {
		t.Fatalf("read %d lines of perft-stats.txt: %v", lines, err)
	}
}

// TestReplays plays each line of testdata/replays.txt ("empty MOVES... =>
// FILE") from empty.json and compares the result with FILE.
func TestReplays(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "replays.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, line := range lines {
		moves, file, ok := strings.Cut(line, "=>")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		file = strings.TrimSpace(file)
		t.Run(file, func(t *testing.T) {
			fields := strings.Fields(moves)
			p := load(t, fields[0]+".json")
			for i, text := range fields[1:] {
				m, err := p.ParseMove(text)
				if err != nil {
					t.Fatalf("move %d: %v", i+1, err)
				}
				if !referee.Legal(&p, m) {
					t.Fatalf("move %d: %s is not legal", i+1, text)
				}
				p.Play(m)
			}
			want := load(t, file)
			got, _ := p.Encode()
			enc, _ := want.Encode()
			if string(got) != string(enc) {
				t.Errorf("after %d moves:\ngot  %s\nwant %s", len(fields)-1, got, enc)
			}
		})
	}
}

// BenchmarkPerft counts depth 3 from the empty 5x6 board (342,930
// sequences) with Position.Perft and, in turns, with the floor board
// (floor_test.go). It reports both speeds and x-floor, the ratio of their
// fastest counts: run side by side and taken at their best, the ratio
// holds on a loaded machine where the speeds do not.
func BenchmarkPerft(b *testing.B) {
	p := load(b, "empty.json")
	f := newFloorBoard(p.Rows(), p.Cols())
	work := make([]floorPos, 3)
	var nodes uint64
	var took, floorTook time.Duration
	best, floorBest := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for b.Loop() {
		start := time.Now()
		nodes += p.Perft(3)
		mid := time.Now()
		f.perft(&floorPos{}, 3, work)
		d, fd := mid.Sub(start), time.Since(mid)
		took, floorTook = took+d, floorTook+fd
		best, floorBest = min(best, d), min(floorBest, fd)
	}
	b.ReportMetric(float64(nodes)/took.Seconds()/1e6, "Mleaves/s")
	b.ReportMetric(float64(nodes)/floorTook.Seconds()/1e6, "floor-Mleaves/s")
	b.ReportMetric(best.Seconds()/floorBest.Seconds(), "x-floor")
}

// TestPerftAllocatesPerCall checks that Perft allocates per call, never per
// node: depth 3 (157,410 sequences from d6) no more than depth 2.
func TestPerftAllocatesPerCall(t *testing.T) {
	p := load(t, "d6.json")
	two := testing.AllocsPerRun(5, func() { p.Perft(2) })
	three := testing.AllocsPerRun(5, func() { p.Perft(3) })
	if three > two || three > 3 {
		t.Errorf("Perft allocates %v times at depth 2 and %v at depth 3, want a few, the same", two, three)
	}
}

// TestMovesPlayAllocate checks that generating and playing moves allocate
// nothing: a whole game is played on a value.
func TestMovesPlayAllocate(t *testing.T) {
	start := load(t, "empty.json")
	n := testing.AllocsPerRun(10, func() {
		p := start
		var buf [referee.MaxMoves]referee.Move
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			p.Play(moves[len(moves)/2])
		}
	})
	if n != 0 {
		t.Errorf("a game of Moves and Play allocates %v times, want 0", n)
	}
}

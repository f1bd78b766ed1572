package cavalo

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// perftCase is one line of testdata/perft.txt: a position file and its
// counts at depths 1..N.
type perftCase struct {
	file   string
	counts []uint64
}

func readPerftCases(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "perft.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		c := perftCase{file: fields[0]}
		for i := 1; i+1 < len(fields); i += 2 {
			d, err1 := strconv.Atoi(fields[i])
			n, err2 := strconv.ParseUint(fields[i+1], 10, 64)
			if err1 != nil || err2 != nil || d != len(c.counts)+1 {
				t.Fatalf("perft.txt: bad line %q", sc.Text())
			}
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("perft.txt: no cases")
	}
	return cases
}

func loadPosition(t testing.TB, name string) Position {
	t.Helper()
	return gametest.LoadPosition(t, name, Decode)
}

func TestPerft(t *testing.T) {
	for _, tc := range readPerftCases(t) {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			pos := loadPosition(t, tc.file)
			for i, want := range tc.counts {
				depth := i + 1
				if testing.Short() && depth > 5 {
					break
				}
				if got := referee.Perft(&pos, depth); got != want {
					t.Errorf("perft(%d) = %d, want %d", depth, got, want)
				}
			}
		})
	}
}

func BenchmarkPerft(b *testing.B) {
	pos := loadPosition(b, "s3_p9.json")
	var nodes uint64
	for b.Loop() {
		nodes += referee.Perft(&pos, 5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

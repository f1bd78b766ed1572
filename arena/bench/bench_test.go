package bench

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/testbin"
)

func TestRowMeasures(t *testing.T) {
	tests := []struct {
		name      string
		row       Row
		fixed     time.Duration
		perSecond float64
	}{
		{"one at once", Row{Concurrency: 1, Games: 10, Wall: 2 * time.Second, BotTime: time.Second}, 100 * time.Millisecond, 5},
		{"two at once", Row{Concurrency: 2, Games: 20, Wall: 2 * time.Second, BotTime: 3 * time.Second}, 50 * time.Millisecond, 10},
		{"no game", Row{Concurrency: 2, Wall: time.Second}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.row.FixedCost(); got != tt.fixed {
				t.Errorf("FixedCost() = %v, want %v", got, tt.fixed)
			}
			if got := tt.row.GamesPerSecond(); got != tt.perSecond {
				t.Errorf("GamesPerSecond() = %v, want %v", got, tt.perSecond)
			}
		})
	}
}

func TestQuantile(t *testing.T) {
	sorted := make([]time.Duration, 100)
	for i := range sorted {
		sorted[i] = time.Duration(i + 1)
	}
	for _, tt := range []struct {
		q    float64
		want time.Duration
	}{{0, 1}, {0.5, 51}, {0.99, 100}, {1, 100}} {
		if got := quantile(sorted, tt.q); got != tt.want {
			t.Errorf("quantile(1..100, %v) = %v, want %v", tt.q, got, tt.want)
		}
	}
}

// TestRun plays the smallest bench: one round of each fast league at
// concurrency 1 and 2, and a few punctual moves.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real leagues (-short)")
	}
	self, bot := binaries(t)
	rep, err := Run(context.Background(), Options{Self: self, TestBot: bot, Games: 1, Concurrency: 2, Moves: 20, RoundRobins: []int{3}, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 16 {
		t.Fatalf("got %d rows, want 16 (built-in and external, at 1 and 2; the pair at 1 and 2, tempo and clock, restart on and off; the round robin of 3 at 1 and 2, on and off)", len(rep.Rows))
	}
	for _, row := range rep.Rows {
		want := 12 // one round of 4 bots
		switch row.Bots {
		case "built-in pair":
			want = 2 // one round of 2 bots
		case "round robin of 3":
			want = 6
		}
		if row.Games != want {
			t.Errorf("%s, %s, restart %s, at %d: %d games, want %d", row.Bots, row.Timing, row.Restart, row.Concurrency, row.Games, want)
		}
	}
	if oc := rep.Overcharge; oc == nil || oc.Moves < 20 {
		t.Fatalf("overcharge %+v, want at least 20 moves", oc)
	}
	var out bytes.Buffer
	if err := rep.Write(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"fixed ms/game", "built-in: 2 at once plays", "external: 2 at once plays",
		"restart off, built-in pair, tempo 10 ms, 1 at once: fixed cost", "restart off, built-in pair, clock 1000+10, 2 at once: fixed cost",
		"restart off, round robin of 3, tempo 10 ms, 2 at once: fixed cost", "overcharge of a bot answering at 95 %", "launcher " + filepath.Join(filepath.Dir(self), "arena-launch")} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// BenchmarkLeague plays b.N games of four fast bots (tempo 100 ms) through
// arena.Runner, built-in or external, one or two at once, and reports
// games/s and the fixed cost of a game in ms. Profile the host's side with
//
//	go test -run '^$' -bench League/built-in/1 -benchtime 60x -cpuprofile cpu.out -blockprofile block.out ./arena/bench
func BenchmarkLeague(b *testing.B) {
	self, bot := binaries(b)
	for _, kind := range []string{"built-in", "external"} {
		for _, c := range []int{1, 2} {
			b.Run(kind+"/"+string(rune('0'+c)), func(b *testing.B) {
				opt := Options{Self: self, TestBot: bot, Games: b.N, Concurrency: c}.withDefaults()
				l := fastLeague(opt, kind, c, b.TempDir())
				b.ResetTimer()
				sum, err := l.run(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				row := Row{Bots: kind, Concurrency: sum.AtOnce, Games: sum.Played, Wall: sum.Wall, BotTime: sum.BotTime}
				b.ReportMetric(row.GamesPerSecond(), "games/s")
				b.ReportMetric(ms(row.FixedCost()), "fixed-ms/game")
			})
		}
	}
}

// BenchmarkRestart plays b.N games of two fast built-in bots, greedy and
// random, with restart on and off, at tempo 10 ms and under a clock of
// 1000+10, one at once, and reports games/s and the fixed cost of a game in
// ms: what keeping the bots' processes across games saves. It reports too
// the wall and the CPU of a game in ms (the CPU of the run and of every
// process it started and waited for), to set beside BenchmarkFloor's:
//
//	go test -run '^$' -bench 'Restart/tempo|Floor' -benchtime 60x ./arena/bench
func BenchmarkRestart(b *testing.B) {
	self, bot := binaries(b)
	for _, tm := range restartTimings {
		for _, restart := range []string{"on", "off"} {
			b.Run(strings.ReplaceAll(tm.name, " ", "-")+"/"+restart, func(b *testing.B) {
				opt := Options{Self: self, TestBot: bot, Games: b.N, Concurrency: 1}.withDefaults()
				l := pairLeague(opt, tm, restart, 1, b.TempDir())
				b.ResetTimer()
				before := cpuTime(b)
				sum, err := l.run(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				cpu := cpuTime(b) - before
				row := Row{Concurrency: sum.AtOnce, Games: sum.Played, Wall: sum.Wall, BotTime: sum.BotTime}
				b.ReportMetric(row.GamesPerSecond(), "games/s")
				b.ReportMetric(ms(row.FixedCost()), "fixed-ms/game")
				b.ReportMetric(ms(sum.Wall)/float64(sum.Played), "ms/game")
				b.ReportMetric(ms(cpu)/float64(sum.Played), "cpu-ms/game")
			})
		}
	}
}

// BenchmarkRoundRobin plays b.N games of a round robin of three and of six
// fast built-in bots at tempo 10 ms, with restart on and off, one and two
// at once, and reports games/s and the fixed cost of a game in ms: what the
// engine pool (arena.Keeper) saves when consecutive games rarely share
// both bots.
//
//	go test -run '^$' -bench RoundRobin -benchtime 60x ./arena/bench
func BenchmarkRoundRobin(b *testing.B) {
	self, bot := binaries(b)
	for _, n := range defaultRoundRobins {
		for _, c := range []int{1, 2} {
			for _, restart := range []string{"on", "off"} {
				b.Run(fmt.Sprintf("%d-bots/%d/%s", n, c, restart), func(b *testing.B) {
					opt := Options{Self: self, TestBot: bot, Games: b.N, Concurrency: c}.withDefaults()
					l := roundRobin(opt, n, restart, c, b.TempDir())
					b.ResetTimer()
					sum, err := l.run(context.Background())
					if err != nil {
						b.Fatal(err)
					}
					row := Row{Concurrency: sum.AtOnce, Games: sum.Played, Wall: sum.Wall, BotTime: sum.BotTime}
					b.ReportMetric(row.GamesPerSecond(), "games/s")
					b.ReportMetric(ms(row.FixedCost()), "fixed-ms/game")
				})
			}
		}
	}
}

// binaries returns arena's binary and the test bot's, built once.
func binaries(tb testing.TB) (self, bot string) {
	tb.Helper()
	self, err := testbin.Arena()
	if err != nil {
		tb.Fatal(err)
	}
	bot, err = testbin.Testbot()
	if err != nil {
		tb.Fatal(err)
	}
	return self, bot
}

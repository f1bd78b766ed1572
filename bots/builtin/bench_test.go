package builtin_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/host"
	"github.com/arenabots/arena/bots/internal/wire"
	"github.com/arenabots/arena/internal/testbin"
)

// BenchmarkServe times the start of a built-in bot's process, arena's own
// binary as `arena bot serve builtin:greedy` (built once for the test run,
// see internal/testbin), two ways:
//
//   - handshake: the process alone, from exec to the go-plugin handshake
//     line it prints, after which it is killed. Besides the time to the
//     line (p50-ms) it reports the process's CPU time (cpu-ms/op) and page
//     faults (faults/op) from its rusage, which adds the moment between the
//     line and the kill: what every built-in bot of every game pays before
//     its first move.
//
//   - host: host.Start of host.BuiltinSpec, as a game starts a built-in
//     bot (the launcher, `arena bot launch`, another process of the same
//     binary, then the bot in its sandbox), and Close (start-p50-ms,
//     close-p50-ms).
//
// To run it:
//
//	go test -run '^$' -bench Serve -benchtime 30x ./bots/builtin
func BenchmarkServe(b *testing.B) {
	arena, err := testbin.Arena()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("handshake", func(b *testing.B) {
		var times []time.Duration
		var cpu time.Duration
		var faults int64
		for b.Loop() {
			d, usage := handshake(b, arena)
			times = append(times, d)
			cpu += time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
			faults += usage.Minflt + usage.Majflt
		}
		n := float64(len(times))
		b.ReportMetric(p50ms(times), "p50-ms")
		b.ReportMetric(float64(cpu)/1e6/n, "cpu-ms/op")
		b.ReportMetric(float64(faults)/n, "faults/op")
	})
	b.Run("host", func(b *testing.B) {
		spec := host.BuiltinSpec(arena, "greedy", nil)
		var starts, closes []time.Duration
		for b.Loop() {
			start := time.Now()
			p, err := host.Start(context.Background(), spec)
			if err != nil {
				b.Fatal(err)
			}
			starts = append(starts, time.Since(start))
			start = time.Now()
			if err := p.Close(); err != nil {
				b.Fatal(err)
			}
			closes = append(closes, time.Since(start))
		}
		b.ReportMetric(p50ms(starts), "start-p50-ms")
		b.ReportMetric(p50ms(closes), "close-p50-ms")
	})
}

// handshake starts `arena bot serve builtin:greedy` with go-plugin's magic
// cookie, reads the handshake line it prints, then kills it, and returns the
// time to the line and the process's resource usage.
func handshake(b *testing.B, arena string) (time.Duration, *syscall.Rusage) {
	b.Helper()
	cmd := exec.Command(arena, "bot", "serve", "builtin:greedy")
	cmd.Env = append(os.Environ(), wire.MagicCookieKey+"="+wire.MagicCookieValue)
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	d := time.Since(start)
	cmd.Process.Kill()
	cmd.Wait()
	if err != nil {
		b.Fatalf("no handshake line (%v): %q", err, line)
	}
	return d, cmd.ProcessState.SysUsage().(*syscall.Rusage)
}

// p50ms returns the median of times in ms.
func p50ms(times []time.Duration) float64 {
	if len(times) == 0 {
		return 0
	}
	slices.Sort(times)
	return float64(times[len(times)/2]) / 1e6
}

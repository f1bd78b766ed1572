package builtin_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/internal/testbin"
)

// BenchmarkServe times the start of a built-in bot's process, from exec to
// the go-plugin handshake line it prints, after which it is killed, for the
// two binaries that serve one (built once for the test run, see
// internal/testbin): arena-bot, the built-in bots alone, which
// arena/botkind runs when it is beside arena (`arena-bot greedy`), and
// arena's own binary otherwise (`arena bot serve builtin:greedy`). Besides
// the time to the line (p50-ms) it reports the process's CPU time
// (cpu-ms/op) and page faults (faults/op) from its rusage, which adds the
// moment between the line and the kill: what every built-in bot of every
// game pays before its first move. host's BenchmarkStart times the whole
// start through the launcher.
//
// To run it:
//
//	go test -run '^$' -bench Serve -benchtime 30x ./bots/builtin
func BenchmarkServe(b *testing.B) {
	arena, err := testbin.Arena()
	if err != nil {
		b.Fatal(err)
	}
	for _, command := range [][]string{
		{filepath.Join(filepath.Dir(arena), botkind.BotBinary), "greedy"},
		{arena, "bot", "serve", "builtin:greedy"},
	} {
		b.Run(filepath.Base(command[0]), func(b *testing.B) {
			var times []time.Duration
			var cpu time.Duration
			var faults int64
			for b.Loop() {
				d, usage := handshake(b, command)
				times = append(times, d)
				cpu += time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
				faults += usage.Minflt + usage.Majflt
			}
			n := float64(len(times))
			b.ReportMetric(p50ms(times), "p50-ms")
			b.ReportMetric(float64(cpu)/1e6/n, "cpu-ms/op")
			b.ReportMetric(float64(faults)/n, "faults/op")
		})
	}
}

// handshake starts command with go-plugin's magic cookie, reads the
// handshake line it prints, then kills it, and returns the time to the line
// and the process's resource usage.
func handshake(b *testing.B, command []string) (time.Duration, *syscall.Rusage) {
	b.Helper()
	cmd := exec.Command(command[0], command[1:]...)
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

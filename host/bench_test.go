//go:build linux

package host

import (
	"context"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/bots/wire/goplugin"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/internal/samples"
	"github.com/arenabots/arena/internal/testbin"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

// The two benchmarks compare one Jogar round trip to the same bot (the test
// bot in mode ok, which answers its first legal move with the state it
// leads to) through the host, as the referee makes it, with a bare
// go-plugin gRPC call. The goal is a host overhead of at most 2x the bare
// call. Each reports the median and 99th percentile of its calls:
//
//	go test -run '^$' -bench Jogar -benchtime 3000x ./host

// benchRequest is the referee's request in a midgame position.
func benchRequest(b *testing.B) referee.Request {
	b.Helper()
	st := samples.Load(b, "s1_p9")
	return referee.Request{State: st, Tempo: time.Second, Legal: st.Moves(nil)}
}

// BenchmarkJogarHost is the referee's path: a context with the clock's
// deadline, Process.Jogar with the referee's state (encoded, sent, answered,
// the move and the claimed state decoded, the output log taken up to the
// call's mark), with the bot stopped between calls (the default), the same
// without the mark (nofence: the log is what has arrived by the answer,
// what the mark costs side by side) and pondering. Besides the whole
// call it reports the time charged to the bot (Reply.Elapsed, request
// written to answer received): what it has beyond a bare call is the
// transport's overhead.
//
// stopped-watched is stopped under clock: cpu, as a league calls: the request
// has its CPU limit, and the host watches the bot's cgroup during the call
// (watchCPU), so that the two compare the watch's cost side by side.
//
// stopped-partida is stopped with the calls on the Partida stream rather
// than the lean call channel (as a bot of the SDK built before it is
// called), so that the two transports compare side by side.
func BenchmarkJogarHost(b *testing.B) {
	b.Run("stopped", func(b *testing.B) { benchmarkHost(b, func(*Spec) {}, 0) })
	b.Run("stopped-nofence", func(b *testing.B) { benchmarkHost(b, func(s *Spec) { s.noFence = true }, 0) })
	b.Run("stopped-partida", func(b *testing.B) { benchmarkHost(b, func(s *Spec) { s.noCanal = true }, 0) })
	b.Run("stopped-watched", func(b *testing.B) { benchmarkHost(b, func(*Spec) {}, time.Second+250*time.Millisecond) })
	b.Run("ponder", func(b *testing.B) { benchmarkHost(b, func(s *Spec) { s.Ponder = true }, 0) })
}

// benchmarkHost times Play of the test bot's spec as set changes it (the
// bot stopped between calls unless it ponders), its CPU time watched when
// cpuLimit is not 0.
func benchmarkHost(b *testing.B, set func(*Spec), cpuLimit time.Duration) {
	spec := testSpec("ok")
	set(&spec)
	p, err := Start(context.Background(), spec)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	req := benchRequest(b)
	req.CPULimit = cpuLimit
	times := make([]time.Duration, 0, b.N)
	charged := make([]time.Duration, 0, b.N)
	for b.Loop() {
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		reply, err := p.Jogar(ctx, req)
		cancel()
		times = append(times, time.Since(start))
		charged = append(charged, reply.Elapsed)
		if err != nil || reply.Claim == nil {
			b.Fatalf("Play: %v (claim %v)", err, reply.Claim)
		}
	}
	reportPercentiles(b, "", times)
	reportPercentiles(b, "charged-", charged)
}

// BenchmarkJogarBare is a bare go-plugin gRPC call to the same bot with a
// request encoded once, the answer not looked at.
func BenchmarkJogarBare(b *testing.B) {
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  goplugin.Handshake(wire.ProtocolVersion),
		Plugins:          goplugin.Plugins(nil),
		Cmd:              exec.Command(testbot, "ok"),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		Logger:           hclog.NewNullLogger(),
	})
	defer client.Kill()
	rpc, err := client.Client()
	if err != nil {
		b.Fatal(err)
	}
	raw, err := rpc.Dispense(goplugin.PluginName)
	if err != nil {
		b.Fatal(err)
	}
	jog := raw.(pb.JogadorClient)
	preq, err := wire.ToprotoRequest(benchRequest(b))
	if err != nil {
		b.Fatal(err)
	}
	times := make([]time.Duration, 0, b.N)
	for b.Loop() {
		start := time.Now()
		_, err := jog.Jogar(context.Background(), preq)
		times = append(times, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
	}
	reportPercentiles(b, "", times)
}

// reportPercentiles reports the median and 99th percentile of times in µs,
// their units' names starting with prefix.
func reportPercentiles(b *testing.B, prefix string, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	at := func(q float64) float64 {
		return float64(times[min(len(times)-1, int(q*float64(len(times))))]) / 1e3
	}
	b.ReportMetric(at(0.50), prefix+"p50-µs")
	b.ReportMetric(at(0.99), prefix+"p99-µs")
}

// BenchmarkStart times Start, then Close, of the test bot in mode ok, with
// the sandbox (strict) and without (off): the sandbox may add at most 20 ms
// to a bot's start; and of a built-in bot as a league starts one
// (builtin-strict: arena-launch's two stages, then arena-bot).
//
//	go test -run '^$' -bench Start -benchtime 50x ./host
func BenchmarkStart(b *testing.B) {
	arena, err := testbin.Arena()
	if err != nil {
		b.Fatal(err)
	}
	builtin := SelfSpec(arena, "bot", "serve", "builtin:greedy")
	if alone := Beside(arena, "arena-bot"); alone != "" { // as arena/botkind starts it
		builtin.Path, builtin.Args = alone, []string{"greedy"}
	}
	builtin.Sandbox = sandbox.Strict
	for _, bc := range []struct {
		name string
		spec Spec
	}{
		{"strict", withSandbox(testSpec("ok"), sandbox.Strict)},
		{"off", withSandbox(testSpec("ok"), sandbox.Off)},
		{"builtin-strict", builtin},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var starts, closes []time.Duration
			for b.Loop() {
				start := time.Now()
				p, err := Start(context.Background(), bc.spec)
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
			reportPercentiles(b, "", starts)
			reportPercentiles(b, "close-", closes)
		})
	}
}

// withSandbox returns spec with its Sandbox set to mode.
func withSandbox(spec Spec, mode sandbox.Mode) Spec {
	spec.Sandbox = mode
	return spec
}

//go:build linux

package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/go-plugin/runner"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/bots/wire/goplugin"
	"github.com/arenabots/arena/host/sandbox"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

// Timings of a bot's end.
const (
	// GracePeriod is how long Close lets a bot exit after go-plugin's
	// Shutdown before its group is killed.
	GracePeriod = 500 * time.Millisecond
	// killWait bounds the wait for a killed group's main process, for the
	// sweep of its family and for go-plugin.
	killWait = 5 * time.Second
	// drainWait is how long output pipes may stay open after the end.
	drainWait = 200 * time.Millisecond
	// deadlineSlack is how early before ctx's deadline a DeadlineExceeded
	// from the bot's side still counts as the deadline passing.
	deadlineSlack = 50 * time.Millisecond
)

// maxAnswerBytes bounds one message from a bot, so that a bot cannot make
// arena allocate what it likes.
const maxAnswerBytes = 1 << 20

// Process is a running bot: a go-plugin gRPC client over a process group.
// It implements referee.Player. Jogar must not be called concurrently; Close
// may be called at any time, from any goroutine.
type Process struct {
	spec   Spec
	box    *sandbox.Box // the bot's processes
	client *plugin.Client
	run    *groupRunner
	out    *output
	jog    pb.JogadorClient
	part   *partida // the Partida stream; nil: calls are unary (see openPartida)
	canal  *canal   // the lean call channel, set by Start; nil: none (see openCanal)
	info   bots.Info
	// started is what the bot wrote while it started, to its answer to
	// Info (a Lisp bot's loading), which the first call's log begins with.
	started string
	end     string // what it wrote after its last call, to its end (Close)

	closeOnce sync.Once
	closeErr  error
}

var _ referee.Player = (*Process)(nil)

// Start launches the bot described by spec, completes the handshake, calls
// Info, and returns the running Process, stopped (frozen) until its first
// call. On failure it leaves nothing running and returns a *referee.Fault of
// kind FaultStart (FaultMemory when the bot ran out of memory), wrapping a
// *BotError. ctx bounds the whole start, with spec.StartTimeout: a bot is
// starting until it has answered Info, and a bot that exits before that
// failed to start.
//
// Start makes the calling process a child subreaper, so that the orphans of
// a bot's descendants come to it, and first (at its first call, then once a
// minute) kills what arena processes that died without closing their bots
// left behind (see sandbox.New).
func Start(ctx context.Context, spec Spec) (*Process, error) {
	if spec.StartTimeout <= 0 {
		spec.StartTimeout = defaultStartTimeout
	}
	spec.Limits = spec.Limits.withDefaults()
	if spec.Name == "" {
		spec.Name = filepath.Base(spec.Path)
	}
	startFault := func(err error) error { return fault(referee.FaultStart, spec.Name, "launch", err) }
	if err := ctx.Err(); err != nil {
		return nil, startFault(err) // an interrupted run starts no bot
	}
	path, err := executable(spec.Path)
	if err != nil {
		return nil, startFault(err)
	}
	if err := checkSum(path, spec.SHA256, spec.Name); err != nil {
		return nil, startFault(err)
	}
	box, err := sandbox.New(sandbox.Config{
		Path: path, Args: spec.Args, Launcher: spec.Launcher,
		MemoryMB: spec.Limits.MemoryMB, Processes: spec.Limits.Processes, ScratchMB: spec.Limits.ScratchMB,
		Ponder: spec.Ponder, Mode: spec.Sandbox, Files: spec.files(), Workspace: spec.Workspace, Output: spec.Output, NoCgroup: spec.noCgroup,
	})
	if err != nil {
		return nil, startFault(err)
	}
	p := &Process{spec: spec, box: box, out: newOutput(spec.Limits.OutputBytes)}
	env := append(minimalEnv(box.Dir(), spec.Env), box.Marker())
	if spec.GameName != "" {
		env = append(env, wire.GameEnv+"="+spec.GameName)
	}
	p.run = newGroupRunner(box, path, env, spec.Verbose, p.out)
	p.run.noFence = spec.noFence
	p.client = plugin.NewClient(p.clientConfig())

	ctx, cancel := context.WithTimeout(ctx, spec.StartTimeout)
	defer cancel()
	if err := p.connect(ctx); err != nil {
		p.Close()
		return nil, err
	}
	var header metadata.MD
	info, err := p.jog.Info(p.askCanal(ctx), &pb.InfoRequest{}, grpc.Header(&header))
	if err != nil {
		err = startFaultOf(p.callFault(ctx, "info", err, time.Now()))
		p.Close()
		return nil, err
	}
	p.info = bots.Info{Name: info.GetName(), Author: info.GetAuthor(), Version: info.GetVersion(), Games: info.GetGames()}
	if !p.openCanal(ctx, header) {
		p.openPartida(ctx)
	}
	p.run.barrier()
	p.started = p.out.take()
	p.box.Nice(true)
	p.box.Freeze()
	return p, nil
}

// clientConfig is go-plugin's configuration for p.
func (p *Process) clientConfig() *plugin.ClientConfig {
	logger := hclog.NewNullLogger()
	// go-plugin reads the bot's stderr for its logger through a buffer of
	// this size (its default 64 KiB, allocated at every start): the
	// runner gives it nothing to read unless verbose (groupRunner.Stderr).
	logBuffer := 16 // bufio's smallest
	if p.spec.Verbose {
		logger = hclog.New(&hclog.LoggerOptions{Name: "bot." + p.spec.Name, Output: os.Stderr, Level: hclog.Debug})
		logBuffer = 0 // go-plugin's default
	}
	return &plugin.ClientConfig{
		HandshakeConfig:  goplugin.Handshake(wire.ProtocolVersion),
		Plugins:          goplugin.Plugins(nil),
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		RunnerFunc: func(_ hclog.Logger, cmd *exec.Cmd, _ string) (runner.Runner, error) {
			p.run.pluginEnv = cmd.Env
			return p.run, nil
		},
		// The host environment stays out; the runner gives the minimal one.
		SkipHostEnv: true,
		// go-plugin's socket directory goes in the bot's directory.
		UnixSocketConfig:    &plugin.UnixSocketConfig{TempDir: p.box.Dir()},
		StartTimeout:        p.spec.StartTimeout,
		Logger:              logger,
		PluginLogBufferSize: logBuffer,
		// A Go bot's os.Stdout and os.Stderr arrive over go-plugin's stdio
		// stream; they join the raw pipes in the capped output.
		SyncStdout: p.out,
		SyncStderr: p.out,
		GRPCDialOptions: append(wire.DialOptions(),
			grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxAnswerBytes)),
			grpc.WithMaxHeaderListSize(maxAnswerBytes),
			grpc.WithChainStreamInterceptor(refuseBroker),
		),
		// GRPCBrokerMultiplex stays off: arena uses no brokered streams, and
		// a bot not written in Go need not support it.
	}
}

// brokerStream is go-plugin's broker stream, which its client opens to
// every plugin.
const brokerStream = "/plugin.GRPCBroker/StartStream"

// refuseBroker keeps go-plugin's client from opening its broker stream:
// arena uses no brokered connection, and go-plugin keeps an entry, never
// removed, for every id a bot announces on that stream, so that a bot
// could make arena's memory grow without end, outside its own limit.
// go-plugin's broker then ends at once, as with a bot that serves none.
func refuseBroker(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	if method == brokerStream {
		return nil, status.Error(codes.Unimplemented, "arena uses no go-plugin broker")
	}
	return streamer(ctx, desc, cc, method, opts...)
}

// connect starts the process and completes the handshake, within ctx.
func (p *Process) connect(ctx context.Context) error {
	type result struct {
		jog pb.JogadorClient
		err error
	}
	done := make(chan result, 1)
	go func() {
		rpc, err := p.client.Client()
		if err != nil {
			done <- result{err: err}
			return
		}
		raw, err := rpc.Dispense(goplugin.PluginName)
		if err != nil {
			done <- result{err: err}
			return
		}
		jog, ok := raw.(pb.JogadorClient)
		if !ok {
			err = fmt.Errorf("plugin %q is a %T", goplugin.PluginName, raw)
		}
		done <- result{jog: jog, err: err}
	}()
	var res result
	cut := false
	select {
	case res = <-done:
	case <-ctx.Done():
		p.box.Kill()
		res, cut = <-done, true
		if res.err == nil {
			res.err = ctx.Err()
		}
	}
	if res.err == nil {
		p.jog = res.jog
		return nil
	}
	return p.startError(ctx, res.err, cut)
}

// startError explains why the handshake failed; cut says whether ctx cut
// it short.
func (p *Process) startError(ctx context.Context, err error, cut bool) error {
	kind := referee.FaultStart
	line := p.run.handshakeLine()
	f := strings.Split(line, "|")
	handshake := len(f) >= 4 && isNumber(f[0]) && isNumber(f[1])
	switch {
	case p.run.refusedAddr() != nil:
		err = p.run.refusedAddr()
	case line != "" && !handshake:
		err = fmt.Errorf("bot wrote %q where go-plugin's handshake line belongs (CORE|VERSION|NETWORK|ADDRESS|PROTOCOL): it is not an arena bot, or it writes to stdout before serving", line)
	case handshake && f[0] != strconv.Itoa(plugin.CoreProtocolVersion):
		err = fmt.Errorf("bot speaks go-plugin core protocol version %s, arena speaks version %d: rebuild the bot with a matching SDK", f[0], plugin.CoreProtocolVersion)
	case handshake && f[1] != strconv.Itoa(wire.ProtocolVersion):
		err = fmt.Errorf("bot speaks jogador protocol version %s, arena speaks version %d: rebuild the bot with a matching SDK", f[1], wire.ProtocolVersion)
	case cut && errors.Is(ctx.Err(), context.DeadlineExceeded), strings.Contains(err.Error(), "timeout while waiting for plugin to start"):
		err = fmt.Errorf("no handshake within %v", p.spec.StartTimeout)
	case cut:
		err = ctx.Err()
	case p.box.PID() != 0 && p.box.Ending():
		p.run.drain(drainWait)
		err = fmt.Errorf("process %s before the handshake", describeExit(p.box.State()))
		if h := p.out.hint(); strings.Contains(p.out.stderrTail(), cookieRefusal) {
			err = fmt.Errorf("%w: the bot refused arena's magic cookie (%s=%s): it was built for another host, or with another SDK", err, wire.MagicCookieKey, wire.MagicCookieValue)
		} else if h != "" {
			err = fmt.Errorf("%w: %s", err, h)
		}
		if p.out.outOfMemory() {
			kind = referee.FaultMemory
		}
	}
	return fault(kind, p.spec.Name, "launch", err)
}

// cookieRefusal is how go-plugin's Serve starts the message it writes when
// the magic cookie in its environment is not the one it was built with.
const cookieRefusal = "This binary is a plugin."

// isNumber reports whether s is a decimal number.
func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// Info returns what the bot said of itself at start.
func (p *Process) Info() bots.Info { return p.info }

// Jogar asks the bot for a move: it implements referee.Player, on the
// bot's lean call channel or Partida stream where it serves one, else unary
// (see callJogar). It
// returns when the bot answers, when ctx is done, or when the process fails. Errors
// are facts for the referee, as *referee.Fault: FaultTimeout (ctx's
// deadline passed), FaultCrash (the process ended or the connection broke),
// FaultMemory (the process ran out of memory), FaultProtocol (the answer
// could not be decoded); a bot that answers with an error crashed, whatever
// it says (see callFault). A
// cancelled ctx gives ctx's error. Reply.Log holds what the bot wrote to
// its stdout and stderr in the call, capped, with or without an error: all
// it wrote before its answer (or before the call failed), whatever the
// machine's load, since arena marks the end of each call in the bot's
// pipes and reads up to the mark (see groupRunner.barrier); the first
// call's log begins with what the bot wrote while it started. A bot of the
// SDK (bots.Serve) writes its os.Stdout and os.Stderr to these pipes; a Go
// bot of another SDK may send them on go-plugin's stdio stream instead,
// which is kept too, but as it arrives, beside the call.
//
// The bot's processes run only during its calls: Jogar thaws them
// and stops them again when the call ends (sandbox.Box.Freeze), so that a bot
// cannot take the CPU on its opponent's time. Reply.Elapsed is the call
// alone, from the request written, the bot thawed, to the answer received:
// thawing, encoding, decoding and stopping the bot are not charged to it,
// and ctx's deadline moves later by the time they took before the request
// (see callContext). Reply.CPU is the CPU time the bot's cgroup counted
// over the same span, all its threads and processes together (a reading of
// its cgroup's file before and after: see sandbox.Box.CPUTime), with an
// answer or without; CPUMeasured is false where no cgroup counts it. Where
// it is counted and req.CPULimit is set, the call tells the bot it is
// charged its CPU time (see bots.ChargedCPU), and the host watches it during the call
// and ends the call, a FaultTimeout, once it passes the limit (see
// watchCPU), so that a bot that computes past its budget is not left to
// run until ctx's deadline, the wall-time cap.
func (p *Process) Jogar(ctx context.Context, req referee.Request) (referee.Reply, error) {
	entered := time.Now()
	preq, err := wire.ToprotoRequest(req)
	if err != nil {
		return referee.Reply{}, &BotError{Bot: p.spec.Name, Op: "jogar", Err: err}
	}
	p.box.Thaw(false)
	defer p.box.Freeze()
	cpu, cpuOK := p.box.CPUTime()
	start := time.Now()
	ctx, cancel := callContext(ctx, start.Sub(entered))
	defer cancel()
	ctx, unwatch := p.chargeCPU(ctx, req.CPULimit, cpu, cpuOK)
	resp, err := p.callJogar(ctx, preq, chargesCPU(req.CPULimit, cpuOK))
	elapsed := time.Since(start)
	unwatch()
	cpu, cpuOK = p.cpuSince(cpu, cpuOK)
	if p.box.OutOfMemory() {
		// A process of the bot went over the limit of all of them
		// together, whether or not the bot itself still answers.
		p.box.Kill()
		return withCPU(referee.Reply{Log: p.callLog()}, cpu, cpuOK), p.memoryFault("jogar", errors.New("a process of the bot was killed"))
	}
	if err != nil {
		err = p.callFault(ctx, "jogar", err, start)
		return withCPU(referee.Reply{Log: p.callLog()}, cpu, cpuOK), err
	}
	reply, err := wire.FromprotoReply(resp, req.State.Game())
	reply.Log, reply.Elapsed = p.callLog(), elapsed
	reply = withCPU(reply, cpu, cpuOK)
	if err != nil {
		return reply, fault(referee.FaultProtocol, p.spec.Name, "jogar", err)
	}
	return reply, nil
}

// callLog returns what the bot wrote to its output since the last call
// ended, to the end of this one (see groupRunner.barrier), capped; the
// first call's begins with what the bot wrote while it started, capped on
// its own, its loading output marked as such (referee.MarkLoadLog) even
// where the cap cut its end, so that the two never mix.
func (p *Process) callLog() string {
	p.run.barrier()
	log := p.out.take()
	if p.started != "" {
		log, p.started = p.startedThen(log), ""
	}
	return log
}

// startedThen returns what the bot wrote while it started, its loading
// output marked even where the cap cut its end, then log.
func (p *Process) startedThen(log string) string {
	load, rest := referee.SplitLoadLog(p.started)
	return referee.MarkLoadLog(load) + rest + log
}

// cpuSince returns the CPU time the bot's cgroup counted since it counted
// before, when ok (it counted it then) and it counts it now.
func (p *Process) cpuSince(before time.Duration, ok bool) (time.Duration, bool) {
	now, nowOK := p.box.CPUTime()
	if !ok || !nowOK || now < before {
		return 0, false
	}
	return now - before, true
}

// withCPU returns r with the CPU time used in its call, if measured.
func withCPU(r referee.Reply, used time.Duration, measured bool) referee.Reply {
	r.CPU, r.CPUMeasured = used, measured
	return r
}

// NewGame tells a bot kept running across games that a new game of game
// starts (the NovoJogo call, see bots.NewGamer, on the bot's lean call
// channel where it takes it there), within spec.StartTimeout:
// nothing of it is charged to the bot. A bot that does not implement the
// call plays on. Any other failure is a *referee.Fault of kind FaultStart
// (FaultMemory when the bot ran out of memory), and the Process must then
// be closed: the caller starts a fresh one. What the bot wrote since its
// last call is dropped, so that a game's move logs hold only its own.
func (p *Process) NewGame(ctx context.Context, game string) error {
	p.box.Thaw(false)
	defer p.box.Freeze()
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, p.spec.StartTimeout)
	defer cancel()
	var err error
	if p.canal.open() && p.canal.novoJogo {
		err = p.newGameCanal(ctx, game)
	} else {
		_, err = p.jog.NovoJogo(ctx, &pb.NovoJogoRequest{Game: game})
	}
	p.run.barrier()
	p.out.take()
	if p.box.OutOfMemory() {
		p.box.Kill()
		return p.memoryFault("new game", errors.New("a process of the bot was killed"))
	}
	if err == nil || status.Code(err) == codes.Unimplemented {
		return nil
	}
	return startFaultOf(p.callFault(ctx, "new game", err, start))
}

// startFaultOf makes err, a call's failure while the bot is starting or
// readying a game, a fault of kind FaultStart, unless the bot ran out of
// memory.
func startFaultOf(err error) error {
	var f *referee.Fault
	switch {
	case !errors.As(err, &f):
		return referee.NewFault(referee.FaultStart, err)
	case f.Kind != referee.FaultMemory:
		f.Kind = referee.FaultStart
	}
	return err
}

// callContext returns ctx with its deadline, if it has one, moved later by
// d: the time arena took to ready the call before writing the request
// (thawing a bot's cgroup waits on the kernel's cgroup lock, which other
// bots' cgroups being made or removed can hold for a long moment on a busy
// host). The bot's time starts when its request is written. ctx's
// cancellation for another cause than its deadline still ends the call.
func callContext(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok || d <= 0 {
		return context.WithCancel(ctx)
	}
	call, cancel := context.WithDeadline(context.WithoutCancel(ctx), dl.Add(d))
	stop := context.AfterFunc(ctx, endUnlessDeadline(ctx, cancel))
	return call, func() { stop(); cancel() }
}

// endUnlessDeadline returns what callContext runs once ctx is done: it ends
// the call (cancel) unless ctx ended at its deadline.
func endUnlessDeadline(ctx context.Context, cancel context.CancelFunc) func() {
	return func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	}
}

// memoryFault is the fault of a bot whose memory cgroup went over its limit.
func (p *Process) memoryFault(op string, err error) error {
	return fault(referee.FaultMemory, p.spec.Name, op, fmt.Errorf("%w by the kernel's out-of-memory killer in the bot's memory cgroup (memory limit %d MiB, all its processes and its scratch together)", err, p.spec.Limits.MemoryMB))
}

// Close ends the bot: go-plugin's graceful Shutdown, a grace period, then
// SIGKILL to the whole process group and to every other process of the bot
// (those that left its session, orphans reparented to arena: see
// sandbox.Box.Sweep),
// so that no descendant survives; it returns once none is alive, after
// removing the bot's temporary directory and cgroup. It is idempotent and
// safe after a crash; it returns an error only when something could not be
// cleaned up.
func (p *Process) Close() error { return p.CloseWithin(GracePeriod) }

// CloseWithin is Close with grace instead of GracePeriod between
// go-plugin's Shutdown and SIGKILL, for a caller that judges the bot by
// whether it exited (KilledOnClose): a grace that only a bot that does not
// exit runs out, on a machine however busy. A league judges nothing by it,
// and its Close keeps the short grace. Only the first Close or CloseWithin
// of a process stops it.
func (p *Process) CloseWithin(grace time.Duration) error {
	p.closeOnce.Do(func() { p.closeErr = p.shutdown(grace) })
	return p.closeErr
}

func (p *Process) shutdown(grace time.Duration) error {
	var errs []error
	if p.canal != nil {
		p.canal.conn.Close()
	}
	if p.box.PID() != 0 {
		p.box.Nice(false)
		p.box.Thaw(true)
		p.box.Remember()
		killed := make(chan struct{})
		p.run.arenaKills.Store(true) // go-plugin kills after 2 s: arena's grace may be longer
		go func() { p.client.Kill(); close(killed) }()
		if !p.box.WaitExit(grace) {
			p.box.Kill()
			if !p.box.WaitExit(killWait) {
				errs = append(errs, fmt.Errorf("process %d did not end after SIGKILL", p.box.PID()))
			}
		}
		if live := p.box.Sweep(killWait); len(live) > 0 {
			errs = append(errs, fmt.Errorf("processes %v of the bot survived SIGKILL", live))
		}
		select {
		case <-killed:
		case <-time.After(killWait):
			errs = append(errs, errors.New("go-plugin did not let go of the bot"))
		}
		p.run.drain(drainWait)
	} else {
		p.client.Kill()
	}
	p.end = p.out.take()
	if err := p.box.Close(); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return &BotError{Bot: p.spec.Name, Op: "close", Err: err}
	}
	return nil
}

// EndLog returns, once Close returned, what the bot wrote after its last
// call ended (it writes nothing between calls, stopped, unless it ponders)
// to its end, capped; for a bot that was never called, what it wrote while
// it started comes first. No call's log holds it: a game's record keeps it
// apart.
func (p *Process) EndLog() string {
	if p.started == "" {
		return p.end
	}
	return p.startedThen(p.end)
}

// Leftovers reports what of the bot is still there, after Close: the live
// processes of its groups (the main process's and the bot's) and its
// directory. It returns nil when nothing is.
func (p *Process) Leftovers() error { return p.box.Leftovers() }

// KilledOnClose reports whether Close or CloseWithin had to kill the bot:
// it did not exit within their grace of go-plugin's Shutdown.
func (p *Process) KilledOnClose() bool { return p.box.KilledByArena() }

// minimalEnv is the bot's environment: PATH, HOME and TMPDIR in its own
// directory, LANG, then extra.
func minimalEnv(dir string, extra []string) []string {
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	env := []string{"PATH=" + path, "HOME=" + dir, "TMPDIR=" + dir, "LANG=C.UTF-8"}
	for _, kv := range extra {
		if strings.Contains(kv, "=") {
			env = append(env, kv)
		}
	}
	return env
}

// Command testbot is one bot binary with many behaviours, good and bad, for
// the tests of the bot host, of `arena bot check` and of leagues of hostile
// bots (arena/hostile_test.go). The first argument picks the mode.
//
// Modes that fail to start:
//
//	exit       exits with status 7 before the handshake
//	silent     never completes the handshake
//	slowstart MS  sleeps MS milliseconds, then serves like ok
//	gatedstart FIFO  reads a byte of FIFO, which the test writes when the
//	           bot may start (the bot must see it: sandbox off), then
//	           serves like ok
//	chatter    writes text instead of the handshake line, then sleeps
//	cookie     is built with another magic cookie: go-plugin refuses to serve
//	version2   speaks jogador protocol version 2
//	core2      announces go-plugin core protocol version 2, then sleeps
//
// Modes that misbehave in a game:
//
//	sleep      sleeps past any budget, ignoring cancellation
//	late MS    sleeps the budget plus MS milliseconds, then answers
//	busy       spins on every core, never answering
//	hog        answers at once, leaving goroutines spinning on every core;
//	           reports in Stats.Cuts, as the spinner does, the CPU time it
//	           used since its previous call
//	crash      exits with status 3 when asked for a move
//	exitafter N  plays N moves, then exits with status 5
//	panic      panics when asked for a move
//	term       kills itself with SIGTERM when asked for a move
//	kill9      kills itself with SIGKILL when asked for a move
//	error      answers with an error instead of a move
//	crashfault answers with a referee.Fault of kind crash, as the Lisp
//	           adapter does for a Lisp error
//	falsetimeout answers at once with a referee.Fault of kind timeout that
//	           wraps context.DeadlineExceeded: a crash posing as a timeout
//	liar       answers at once with the status an older SDK sent for a
//	           timeout (codes.DeadlineExceeded, with an errdetails.ErrorInfo of reason
//	           "timeout"): the host must not believe it
//	garbage    answers with bytes that do not decode as a Jogada
//	canal KIND offers the lean call channel and misbehaves on it (canal.go)
//	badclaim   answers a legal move with a claimed state of 50 cells
//	wrongclaim answers a legal move with a claim that differs from the truth
//	illegal    answers a move that is not legal
//	garbagemove answers text that is not a move
//	wrongside  answers a move of the other side's knight
//	empty      answers an empty move
//	spoof      writes terminal escapes (clear screen, window title, a fake
//	           result over the line) in its Info, to stdout and stderr at
//	           each move, and after two moves answers an error saying them
//	spoofanswer  the same, answering the escapes as its third move
//	longanswer N  answers N bytes that are no move, escapes first
//	memory     allocates without end when asked for a move
//	noisy MB   writes MB MiB to its raw stdout and stderr per move, then plays
//	flood MB   writes MB MiB, half to its raw stdout and half to its raw
//	           stderr, when asked for Info; then plays like ok
//	probe K=V...  tries what a sandbox must deny (see probe) at its first
//	           move and writes what happened to stdout, then plays
//	forkbomb N has a child start up to N children that sleep, as fast as it
//	           can, until starting one fails; reports how many in
//	           Stats.Nodes; then plays
//
// Modes that attack the bots' resources (isolation.go; all of them then
// play like ok):
//
//	spinner    starts three children that spin and send SIGCONT to it and
//	           its group (one in its group, one in a group of its own, one
//	           in a session of its own); reports in Stats.Cuts the CPU time,
//	           in µs plus one, that it and they used since its previous call
//	shmem      maps 3 GiB shared and anonymous, and touches it, at its
//	           first move
//	children   starts four children that each eat 800 MiB, at its first
//	           move, and waits for them
//	disk       fallocates 4 GiB, then writes 1.5 GiB, in its /tmp at its
//	           first move, and writes how each ended to stdout
//	i386       makes the system calls seccomp denies through the i386
//	           entry (int $0x80), and a process in a new user namespace,
//	           at its first move; writes what happened to stdout
//	beside DIR writes log.dat in DIR at its first move, and says how
//
// Modes that reach the host through what arena keeps of a bot (escape.go):
//
//	announce NETWORK ADDRESS [LINK TARGET]  makes a symbolic link at LINK
//	           to TARGET (a regular file where TARGET is "file"), writes a
//	           handshake line naming NETWORK and ADDRESS, and sleeps
//	broker N KB  floods go-plugin's broker stream, once arena opens it,
//	           with N knocks of fresh ids and KB KiB each; plays the first
//	           legal move once they are sent, with how many in Stats.Nodes
//	inotify    makes inotify instances at its first move until refused
//	           (at most 200), keeps them, reports how many in Stats.Nodes
//	           and on stdout; then plays
//	files N    has N children open files until refused (at most 4096
//	           each), and opens as many itself, at its first move; keeps
//	           them, writes "files PROC: COUNT (WHY)" per process to
//	           stdout, the total in Stats.Nodes; then plays
//
// Modes that try to outlive arena (all of them then play like ok):
//
//	spawn      starts a grandchild that sleeps, holding the bot's stdout and
//	           stderr and ignoring SIGTERM
//	setsid     the same grandchild, double-forked into a session of its own
//	           (its parent exits at once)
//	hidden     like setsid, and the grandchild also runs with an empty
//	           environment in /
//	stubborn   ignores SIGTERM, and does not exit when arena stops it
//
// Good and helper modes:
//
//	ok         plays the first legal move, claims the state, writes a line
//	stamp      plays like ok, writing "stamp-N" (N: the call's number in
//	           the process) to stdout and to stderr just before it answers,
//	           and "stamp-end" to stderr when arena stops it
//	punctual PCT  plays like ok after PCT % of the budget (default 95),
//	           reporting its own time in the call, in ns, as Stats.Nodes
//	burn PCT   thinks PCT % of the budget (default 60) in CPU time, one
//	           thread spinning until its own CPU clock says so, whatever the
//	           wall clock says; then plays like ok, reporting the CPU time
//	           it used in the call, in ns, as Stats.Nodes, and its wall
//	           time as Stats.Cuts
//	clock      plays like ok, reporting in Stats.Cuts 1 when the call says
//	           it is charged the bot's CPU time (bots.ChargedCPU), else 0
//	kept N     plays like ok, reporting a number it drew at its start (its
//	           process's; a pid would repeat in the sandbox's own pid
//	           namespace) in Stats.Nodes and
//	           the new games it was told of (NewGame) in Stats.Cuts; in
//	           the N-th game of its process (N > 0) it answers an illegal
//	           move
//	newgamefail  plays like kept 0; its NewGame fails
//	env        reports its environment and directory in Info
//	limits     reports its resource limits and nice value in Info
//	fds        reports in Info the descriptors it held when it started
//	idle       sleeps, ignoring SIGTERM and SIGHUP (the grandchildren)
//	daemon     starts `idle` in a session of its own and exits (for setsid)
//	hide       the same, with an empty environment in / (for hidden)
//	bomber N   forkbomb's child
//	spin, spin-pgid, spin-sid  the spinner's children
//	eat MB     children's child: eats MB MiB and sleeps
//	holdfiles  files' child: opens files, says how many, and sleeps
package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-plugin"
	"golang.org/x/sys/unix"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/bots/wire/goplugin"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

func main() {
	mode, args := "ok", []string(nil)
	if len(os.Args) > 1 {
		mode, args = os.Args[1], os.Args[2:]
	}
	num := 0
	if len(args) > 0 {
		num, _ = strconv.Atoi(args[0])
	}
	if before(mode, num, args) {
		return
	}
	fds := ""
	if mode == "fds" {
		fds = openFDs()
	}
	switch mode {
	case "version2":
		plugin.Serve(goplugin.ServeConfig(&raw{mode: mode}, 2))
		return
	case "cookie":
		cfg := goplugin.ServeConfig(&raw{mode: mode}, wire.ProtocolVersion)
		cfg.MagicCookieValue = "not-arena's-cookie"
		plugin.Serve(cfg)
		return
	case "badclaim", "liar":
		plugin.Serve(goplugin.ServeConfig(&raw{mode: mode}, wire.ProtocolVersion))
		return
	case "broker":
		kb := 0
		if len(args) > 1 {
			kb, _ = strconv.Atoi(args[1])
		}
		serveBroker(&knocker{n: num, size: kb << 10, done: make(chan struct{})})
		return
	case "canal":
		if len(args) > 0 {
			serveCanalBot(args[0])
		}
		return
	case "garbage":
		plugin.Serve(&plugin.ServeConfig{
			HandshakeConfig: goplugin.Handshake(wire.ProtocolVersion),
			Plugins:         plugin.PluginSet{goplugin.PluginName: garbagePlugin{}},
			GRPCServer:      plugin.DefaultGRPCServer,
		})
		return
	}
	bots.Serve(&bot{mode: mode, num: num, args: args, fds: fds, id: 1 + rand.Int64N(1<<62)})
	switch mode {
	case "stubborn":
		time.Sleep(time.Hour)
	case "stamp":
		fmt.Fprintln(os.Stderr, "stamp-end")
	}
}

// bot is the testbot behind the SDK.
type bot struct {
	mode  string
	num   int      // the mode's number: MB, MS, N
	args  []string // the mode's arguments
	calls int
	games int    // the new games it was told of (NewGame)
	id    int64  // kept's number for this process, drawn at its start
	hog   bool   // the hog's spinners run
	fds   string // fds: the descriptors held at the start
	// spinners are the spinner's children; cpuEnd is the CPU time the
	// spinner and they, or the hog, had used at the end of its previous
	// call.
	spinners []int
	cpuEnd   time.Duration
}

func (b *bot) Info() bots.Info {
	info := bots.Info{Name: "testbot-" + b.mode, Author: "arena tests", Version: "1", Games: []string{"cavalo"}}
	switch b.mode {
	case "env":
		dir, _ := os.Getwd()
		info.Author = strings.Join(os.Environ(), "\n")
		info.Version = dir
	case "limits":
		var data, nproc, core unix.Rlimit
		_ = unix.Getrlimit(unix.RLIMIT_DATA, &data)
		_ = unix.Getrlimit(unix.RLIMIT_NPROC, &nproc)
		_ = unix.Getrlimit(unix.RLIMIT_CORE, &core)
		prio, _ := unix.Getpriority(unix.PRIO_PROCESS, 0) // 20 - nice
		info.Author = fmt.Sprintf("data=%d nproc=%d core=%d nice=%d", data.Cur, nproc.Cur, core.Cur, 20-prio)
	case "flood":
		flood(b.num)
	case "fds":
		info.Author = b.fds
	case "spoof", "spoofanswer":
		info = spoofInfo(b.mode)
	}
	return info
}

// openFDs returns the descriptors of this process, in order, separated by
// spaces, or the error; but the one that reads them and those of Go's
// poller (anon_inode:[eventpoll] and [eventfd], opened at start when
// stdout is non-blocking).
func openFDs() string {
	d, err := unix.Open("/proc/self/fd", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return err.Error()
	}
	defer unix.Close(d)
	var names []string
	buf := make([]byte, 4096)
	for {
		n, err := unix.Getdents(d, buf)
		if err != nil {
			return err.Error()
		}
		if n == 0 {
			break
		}
		_, _, names = unix.ParseDirent(buf[:n], -1, names)
	}
	var fds []int
	for _, n := range names {
		fd, err := strconv.Atoi(n)
		if err != nil || fd == d {
			continue
		}
		if l, _ := os.Readlink("/proc/self/fd/" + n); !strings.HasPrefix(l, "anon_inode:") {
			fds = append(fds, fd)
		}
	}
	slices.Sort(fds)
	return strings.Trim(fmt.Sprint(fds), "[]")
}

func (b *bot) Jogar(ctx context.Context, st referee.State, tempo time.Duration) (bots.Answer, error) {
	b.calls++
	start := time.Now()
	var stats referee.Stats
	switch b.mode {
	case "punctual":
		pct := b.num
		if pct == 0 {
			pct = 95
		}
		time.Sleep(time.Until(start.Add(tempo * time.Duration(pct) / 100)))
	case "burn":
		pct := b.num
		if pct == 0 {
			pct = 60
		}
		stats.Nodes = int64(burn(tempo * time.Duration(pct) / 100))
	case "sleep":
		time.Sleep(time.Minute)
	case "clock":
		if bots.ChargedCPU(ctx) {
			stats.Cuts = 1 // the call told it which clock charges it
		}
	case "late":
		time.Sleep(tempo + time.Duration(b.num)*time.Millisecond)
	case "busy":
		spin(true)
	case "hog":
		if !b.hog {
			b.hog = true
			spin(false)
		} else {
			stats.Cuts = 1 + int64((cpuTime(b.family())-b.cpuEnd)/time.Microsecond)
		}
	case "crash":
		os.Exit(3)
	case "exitafter":
		if b.calls > b.num {
			os.Exit(5)
		}
	case "panic":
		panic("testbot: boom")
	case "term":
		_ = unix.Kill(os.Getpid(), unix.SIGTERM)
		time.Sleep(time.Minute)
	case "kill9":
		_ = unix.Kill(os.Getpid(), unix.SIGKILL)
	case "error":
		return bots.Answer{}, errors.New("testbot: no idea")
	case "crashfault":
		return bots.Answer{}, referee.NewFault(referee.FaultCrash, errors.New("testbot: the interpreter died"))
	case "falsetimeout":
		return bots.Answer{}, referee.NewFault(referee.FaultTimeout, fmt.Errorf("testbot: too slow, honest: %w", context.DeadlineExceeded))
	case "memory":
		// RLIMIT_DATA counts what is mapped, touched or not: the limit is
		// reached as fast as the runtime maps.
		var keep [][]byte
		for {
			p := make([]byte, 16<<20)
			p[0] = 1
			keep = append(keep, p)
		}
	case "noisy":
		chunk := []byte(strings.Repeat("x", 1<<20-1) + "\n")
		stdout, stderr := os.NewFile(1, "stdout"), os.NewFile(2, "stderr")
		for range b.num {
			_, _ = stdout.Write(chunk)
			_, _ = stderr.Write(chunk)
		}
	case "probe":
		if b.calls == 1 {
			fmt.Println(strings.Join(escapes(b.args), "\n"))
		}
	case "forkbomb":
		if b.calls == 1 {
			stats.Nodes = int64(forkbomb(b.num))
		}
	case "spinner":
		if b.calls == 1 {
			b.spinners = startSpinners()
		} else {
			stats.Cuts = 1 + int64((cpuTime(b.family())-b.cpuEnd)/time.Microsecond)
		}
	case "shmem":
		if b.calls == 1 {
			shmem(3 << 30)
		}
	case "children":
		if b.calls == 1 {
			children(4, 800)
		}
	case "disk":
		if b.calls == 1 {
			fmt.Println(disk())
		}
	case "i386":
		if b.calls == 1 {
			fmt.Println(strings.Join(i386Escapes(), "\n"))
		}
	case "inotify":
		if b.calls == 1 {
			n, err := inotifyAll()
			fmt.Printf("inotify: %d (%v)\n", n, err)
			stats.Nodes = int64(n)
		}
	case "files":
		if b.calls == 1 {
			lines, total := filesReport(b.num)
			fmt.Println(strings.Join(lines, "\n"))
			stats.Nodes = int64(total)
		}
	case "beside":
		if b.calls == 1 && len(b.args) > 0 {
			fmt.Println(writeBeside(b.args[0]))
		}
	case "illegal":
		return bots.Answer{Move: "A1xA1"}, nil
	case "kept", "newgamefail":
		if b.games+1 == b.num {
			return bots.Answer{Move: "A1xA1"}, nil
		}
		stats.Nodes, stats.Cuts = b.id, int64(b.games)
	case "garbagemove":
		return bots.Answer{Move: "hello, world"}, nil
	case "wrongside":
		return bots.Answer{Move: wrongSide(st)}, nil
	case "empty":
		return bots.Answer{}, nil
	case "spoof", "spoofanswer":
		if a, done, err := spoof(b.mode, b.calls); done {
			return a, err
		}
	case "longanswer":
		return bots.Answer{Move: longAnswer(b.num)}, nil
	case "stamp":
		defer func() {
			fmt.Printf("stamp-%d\n", b.calls)
			fmt.Fprintf(os.Stderr, "stamp-%d\n", b.calls)
		}()
	}
	var buf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	if len(moves) == 0 {
		return bots.Answer{}, errors.New("testbot: no legal move")
	}
	m := moves[0]
	move := st.FormatMove(m)
	fmt.Printf("testbot %s: playing %s with %v\n", b.mode, move, tempo)
	next := st.Clone()
	next.Play(m)
	if b.mode == "wrongclaim" {
		next = st
	}
	if stats.Nodes == 0 {
		stats.Nodes = int64(len(moves))
	}
	stats.Depth, stats.Eval, stats.PV = 1, 0.5, []string{move}
	if b.mode == "punctual" {
		stats.Nodes = int64(time.Since(start))
	}
	if b.mode == "burn" {
		stats.Cuts = int64(time.Since(start))
	}
	if b.mode == "spinner" || b.mode == "hog" {
		b.cpuEnd = cpuTime(b.family())
	}
	return bots.Answer{Move: move, State: next, Stats: stats}, nil
}

// NewGame counts the games the bot is told of; newgamefail's fails.
func (b *bot) NewGame(context.Context) error {
	if b.mode == "newgamefail" {
		return errors.New("testbot: no new game for me")
	}
	b.games++
	return nil
}

// family returns the spinner's processes: itself and its children.
func (b *bot) family() []int { return append([]int{os.Getpid()}, b.spinners...) }

// raw serves the wire directly, for answers the SDK cannot give.
type raw struct {
	pb.UnimplementedJogadorServer
	mode   string
	knocks *knocker // broker's
}

func (r *raw) Info(context.Context, *pb.InfoRequest) (*pb.InfoResponse, error) {
	return &pb.InfoResponse{Name: "testbot-" + r.mode, Games: []string{"cavalo"}}, nil
}

func (r *raw) Jogar(_ context.Context, req *pb.JogarRequest) (*pb.Jogada, error) {
	if r.mode == "broker" {
		return r.brokerMove(req), nil
	}
	if r.mode == "liar" {
		st := status.New(codes.DeadlineExceeded, "testbot: timeout, believe me")
		st, _ = st.WithDetails(&errdetails.ErrorInfo{Reason: "timeout", Domain: "jogador.arena"})
		return nil, st.Err()
	}
	claim := &pb.Cavalo{Cells: make([]int32, 50), ToMove: pb.Side_SIDE_WHITE}
	return &pb.Jogada{
		Move:   req.GetLegalMoves()[0],
		Estado: &pb.Estado{Jogo: &pb.Estado_Cavalo{Cavalo: claim}},
	}, nil
}

// garbagePlugin registers a Jogador service whose Jogar answers with a
// message that is not a Jogada: field 1 holds bytes that are not UTF-8,
// which a Jogada's move (a string) refuses.
type garbagePlugin struct{ plugin.NetRPCUnsupportedPlugin }

func (garbagePlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	s.RegisterService(&grpc.ServiceDesc{
		ServiceName: "arena.jogador.v1.Jogador",
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{
			{MethodName: "Info", Handler: func(_ any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
				var in pb.InfoRequest
				if err := dec(&in); err != nil {
					return nil, err
				}
				return &pb.InfoResponse{Name: "testbot-garbage", Games: []string{"cavalo"}}, nil
			}},
			{MethodName: "Jogar", Handler: func(_ any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
				var in pb.JogarRequest
				if err := dec(&in); err != nil {
					return nil, err
				}
				return wrapperspb.Bytes([]byte{0xff, 0xfe, 0xfd}), nil
			}},
		},
	}, struct{}{})
	return nil
}

func (garbagePlugin) GRPCClient(context.Context, *plugin.GRPCBroker, *grpc.ClientConn) (any, error) {
	return nil, errors.New("testbot: server only")
}

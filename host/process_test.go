//go:build linux

package host

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/host/registry"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/host/sandbox/launch"
	"github.com/arenabots/arena/referee"
)

// leftovers returns the pids of live test bots running in mode: the test bot
// binary with mode as its first argument (or a launcher about to become
// one).
func leftovers(t *testing.T, mode string) []int {
	t.Helper()
	names, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, e := range names {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil || !bytes.HasPrefix(cmdline, []byte(testbot+"\x00")) {
			continue
		}
		if !bytes.Contains(cmdline, []byte("\x00"+mode+"\x00")) {
			continue
		}
		if !alive(pid) {
			continue // a zombie
		}
		pids = append(pids, pid)
	}
	return pids
}

func TestPlayOK(t *testing.T) {
	p := startTest(t, testSpec("ok"))
	info := p.Info()
	if info.Name != "testbot-ok" || len(info.Games) != 1 || info.Games[0] != "cavalo" {
		t.Errorf("Info = %+v, want testbot-ok playing cavalo", info)
	}
	req := request(time.Second)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	reply, err := p.Jogar(ctx, req)
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	m, err := req.State.ParseMove(reply.Move)
	if err != nil || !referee.Legal(req.State, m) {
		t.Fatalf("Play answered %q, not a legal move (%v)", reply.Move, err)
	}
	want := req.State.Clone()
	want.Play(m)
	if reply.Claim == nil {
		t.Fatal("no claimed state")
	}
	if d := want.(*cavalo.Position).Diff(reply.Claim); d != "" {
		t.Errorf("claimed state differs: %s", d)
	}
	if got := reply.Claim.Ply(); got != want.Ply() {
		t.Errorf("claimed ply = %d, want %d", got, want.Ply())
	}
	if reply.Stats.Depth != 1 || reply.Stats.Nodes != 1 || len(reply.Stats.PV) != 1 {
		t.Errorf("Stats = %+v, want depth 1, 1 node, PV of 1", reply.Stats)
	}
	if !strings.Contains(reply.Log, "testbot ok: playing "+reply.Move+" with 1s") {
		t.Errorf("Log = %q, want the bot's line", reply.Log)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	assertGone(t, p)
	if err := p.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestStartFaults(t *testing.T) {
	self := testSpec("ok")
	sum, err := registry.FileSHA256(testbot)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		spec Spec
		kind referee.FaultKind
		want []string // in the message
	}{
		{"missing", Spec{Path: "/nonexistent/bot"}, referee.FaultStart, []string{"no bot binary at /nonexistent/bot"}},
		{"not executable", Spec{Path: "process_test.go"}, referee.FaultStart, []string{"is not executable (chmod +x"}},
		{"exits", testSpec("exit"), referee.FaultStart, []string{"exited with status 7 before the handshake", "giving up"}},
		{"silent", withTimeout(testSpec("silent"), 300*time.Millisecond), referee.FaultStart, []string{"no handshake within 300ms"}},
		{"version", testSpec("version2"), referee.FaultStart, []string{"jogador protocol version 2", "arena speaks version 1"}},
		{"core version", testSpec("core2"), referee.FaultStart, []string{"core protocol version 2", "arena speaks version 1"}},
		{"cookie", testSpec("cookie"), referee.FaultStart, []string{"exited with status 1 before the handshake", "refused arena's magic cookie"}},
		{"chatter", testSpec("chatter"), referee.FaultStart, []string{`"Hello! I am a bot.`, "handshake line belongs"}},
		{"slow", withTimeout(testSpec("slowstart", "2000"), 300*time.Millisecond), referee.FaultStart, []string{"no handshake within 300ms"}},
		{"checksum", withSum(self, strings.Repeat("ab", 32)), referee.FaultStart, []string{"changed since it was registered", "arena bot add testbot-ok"}},
		{"checksum ok", withSum(self, sum), 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Start(context.Background(), tc.spec)
			if tc.kind == 0 {
				if err != nil {
					t.Fatalf("Start: %v", err)
				}
				p.Close()
				return
			}
			if err == nil {
				p.Close()
				t.Fatalf("Start succeeded, want a %v fault", tc.kind)
			}
			if got := faultKind(err); got != tc.kind {
				t.Errorf("fault kind = %v, want %v (%v)", got, tc.kind, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if len(tc.spec.Args) > 0 {
				if left := leftovers(t, tc.spec.Args[0]); len(left) > 0 {
					t.Errorf("processes left running: %v", left)
				}
			}
		})
	}
}

func withTimeout(s Spec, d time.Duration) Spec { s.StartTimeout = d; return s }
func withSum(s Spec, sum string) Spec          { s.SHA256 = sum; return s }

func TestPlayFaults(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		limits Limits
		kind   referee.FaultKind
		want   string
	}{
		{"sleep", Limits{}, referee.FaultTimeout, "deadline passed"},
		{"crash", Limits{}, referee.FaultCrash, "exited with status 3"},
		{"panic", Limits{}, referee.FaultCrash, "panic: testbot: boom"},
		// Sandboxed, a bot is PID 1 of its namespace, which ignores the
		// signals it sends itself: these two run without the sandbox.
		{"term", Limits{}, referee.FaultCrash, "killed by signal SIGTERM"},
		{"kill9", Limits{}, referee.FaultMemory, "killed by signal SIGKILL, not sent by arena"},
		{"error", Limits{}, referee.FaultCrash, "bot reported: testbot: no idea"},
		{"crashfault", Limits{}, referee.FaultCrash, "bot reported: crash: testbot: the interpreter died"},
		// A bot does not choose its verdict: a timeout it reports at once
		// is a crash.
		{"falsetimeout", Limits{}, referee.FaultCrash, "bot reported: timeout: testbot: too slow"},
		{"liar", Limits{}, referee.FaultCrash, "bot reported: testbot: timeout, believe me"},
		{"garbage", Limits{}, referee.FaultProtocol, "not decodable"},
		{"badclaim", Limits{}, referee.FaultProtocol, "50 cells"},
		{"memory", Limits{MemoryMB: 200}, referee.FaultMemory, "memory limit 200 MiB"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			spec := testSpec(tc.mode)
			spec.Limits = tc.limits
			if tc.mode == "term" || tc.mode == "kill9" {
				spec.Sandbox = sandbox.Off
			}
			p := startTest(t, spec)
			// Only the timeout is about time: every other fault must show
			// whatever the machine's speed, so its deadline is far away.
			deadline := time.Minute
			if tc.kind == referee.FaultTimeout {
				deadline = 300 * time.Millisecond
			}
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			start := time.Now()
			_, err := p.Jogar(ctx, request(200*time.Millisecond))
			if got := faultKind(err); got != tc.kind {
				t.Fatalf("fault kind = %v, want %v (%v)", got, tc.kind, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
			if tc.kind == referee.FaultTimeout {
				// Play returns when its context is done, not when the bot
				// would answer (never): any bound far below the bot's
				// sleep shows it.
				if el := time.Since(start); el > 30*time.Second {
					t.Errorf("Play returned after %v, want about 300ms", el)
				}
			}
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			assertGone(t, p)
		})
	}
}

// TestTimeoutLoses plays a match against a bot that sleeps past its budget:
// it loses on time, and nothing of it is left afterwards.
func TestTimeoutLoses(t *testing.T) {
	good := startTest(t, testSpec("ok"))
	sleeper := startTest(t, testSpec("sleep"))
	opt := referee.MatchOptions{Clock: referee.Clock{Tempo: 200 * time.Millisecond, Margin: 100 * time.Millisecond}}
	rec := referee.Match(context.Background(), cavalo.Game{}.New(3), [2]referee.Player{good, sleeper}, opt)
	if rec.Reason != referee.Timeout || rec.Loser != referee.Black || rec.Winner != referee.White {
		t.Errorf("record: reason %v, loser %v, winner %v; want timeout, black, white (%s)", rec.Reason, rec.Loser, rec.Winner, rec.Detail)
	}
	if err := sleeper.Close(); err != nil {
		t.Fatal(err)
	}
	assertGone(t, sleeper)
}

func TestGrandchildKilled(t *testing.T) {
	p := startTest(t, testSpec("spawn"))
	live, err := p.box.Live()
	if err != nil {
		t.Fatal(err)
	}
	if len(live) < 2 {
		t.Fatalf("group has %v, want the bot and its grandchild", live)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	assertGone(t, p)
	if left := leftovers(t, "idle"); len(left) > 0 {
		t.Errorf("grandchild left running: %v", left)
	}
}

func TestEnvironment(t *testing.T) {
	t.Setenv("ARENA_TEST_SECRET", "leak")
	for _, mode := range []sandbox.Mode{sandbox.Strict, sandbox.Off} {
		t.Run(string(mode), func(t *testing.T) { testEnvironment(t, mode) })
	}
}

// testEnvironment checks the environment and working directory of a bot:
// its scratch directory, which a sandboxed bot sees as /tmp.
func testEnvironment(t *testing.T, mode sandbox.Mode) {
	spec := testSpec("env")
	spec.Env = []string{"BOT_LEVEL=3"}
	spec.GameName = "cavalo"
	spec.Sandbox = mode
	p := startTest(t, spec)
	env := strings.Split(p.Info().Author, "\n")
	dir := p.Info().Version
	scratch := p.box.Dir()
	if mode == sandbox.Strict {
		scratch = launch.ScratchInView
	}
	if dir != scratch {
		t.Errorf("working directory = %q, want the bot's temporary directory %q", dir, scratch)
	}
	has := func(kv string) bool {
		for _, e := range env {
			if e == kv {
				return true
			}
		}
		return false
	}
	for _, kv := range []string{"HOME=" + scratch, "TMPDIR=" + scratch, "LANG=C.UTF-8", "BOT_LEVEL=3", wire.GameEnv + "=cavalo", wire.MagicCookieKey + "=" + wire.MagicCookieValue} {
		if !has(kv) {
			t.Errorf("environment lacks %s: %q", kv, env)
		}
	}
	for _, e := range env {
		if strings.HasPrefix(e, "ARENA_TEST_SECRET=") {
			t.Errorf("host environment leaked: %s", e)
		}
	}
}

func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		name     string
		launcher bool
	}{{"launcher", true}, {"prlimit", false}} {
		t.Run(tc.name, func(t *testing.T) {
			spec := testSpec("limits")
			spec.Limits = Limits{MemoryMB: 300, Processes: 40}
			if !tc.launcher {
				spec.Launcher = nil
				spec.Sandbox = sandbox.Off // the launcher builds the sandbox
			}
			p := startTest(t, spec)
			var data, nproc, core uint64
			var nice int
			if _, err := fmt.Sscanf(p.Info().Author, "data=%d nproc=%d core=%d nice=%d", &data, &nproc, &core, &nice); err != nil {
				t.Fatalf("limits %q: %v", p.Info().Author, err)
			}
			// As root, a bot starts niced and plays at nice 0.
			want := 0
			if tc.launcher && os.Geteuid() == 0 {
				want = sandbox.StartNice
			}
			if nice != want {
				t.Errorf("nice value at start = %d, want %d", nice, want)
			}
			if got, err := niceOf(p.box.Group()); err != nil || got != 0 {
				t.Errorf("nice value after Start = %d (%v), want 0", got, err)
			}
			if data != 300<<20 || core != 0 {
				t.Errorf("RLIMIT_DATA = %d, RLIMIT_CORE = %d; want %d and 0", data, core, 300<<20)
			}
			if nproc < 40 || nproc > 1<<20 {
				t.Errorf("RLIMIT_NPROC = %d, want the user's count plus 40", nproc)
			}
		})
	}
}

// TestOutputCapped has a bot write 100 MiB to each of its raw stdout and
// stderr: the log keeps the cap, says what was dropped, and arena's memory
// does not grow with it.
func TestOutputCapped(t *testing.T) {
	spec := testSpec("noisy", "100")
	spec.Limits.OutputBytes = 4096
	p := startTest(t, spec)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	reply, err := p.Jogar(ctx, request(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if err := p.Close(); err != nil { // reads what is left in the pipes
		t.Fatal(err)
	}
	if len(reply.Log) > 4096+100 || !strings.Contains(reply.Log, "bytes of output dropped") {
		t.Errorf("log of %d bytes, ends %q; want at most 4096 and a note of what was dropped", len(reply.Log), reply.Log[max(0, len(reply.Log)-80):])
	}
	if w := p.out.written(); w < 200<<20 {
		t.Errorf("output counted %d bytes, want at least 200 MiB", w)
	}
	if grew := int64(after.TotalAlloc) - int64(before.TotalAlloc); grew > 32<<20 {
		t.Errorf("arena allocated %d MiB while the bot wrote 200 MiB", grew>>20)
	}
}

// niceOf returns the nice value of process pid, from /proc.
func niceOf(pid int) (int, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The fields after the command's closing parenthesis start with the
	// third, the state; the nice value is the 19th.
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 17 {
		return 0, fmt.Errorf("short stat %q", data)
	}
	return strconv.Atoi(f[16])
}

// TestChecksumChanged starts a registered bot, then changes its file in
// place: its next start must see the change, though its sum was checked.
func TestChecksumChanged(t *testing.T) {
	data, err := os.ReadFile(testbot)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "bot")
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	sum, err := registry.FileSHA256(bin)
	if err != nil {
		t.Fatal(err)
	}
	spec := withSum(testSpec("ok"), sum)
	spec.Path = bin
	for range 2 { // the second from the cache
		p, err := Start(context.Background(), spec)
		if err != nil {
			t.Fatalf("Start: %v", err)
		}
		p.Close()
	}
	f, err := os.OpenFile(bin, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte{0}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if p, err := Start(context.Background(), spec); err == nil || !strings.Contains(err.Error(), "changed since it was registered") {
		if err == nil {
			p.Close()
		}
		t.Errorf("Start after a change = %v, want it refused", err)
	}
}

// written returns how many bytes the bot wrote in all (for the tests).
func (o *output) written() int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.total
}

// TestNewGame tells running bots that a new game starts: a bot of the SDK
// hears it (kept counts it), on its lean call channel, which then still
// carries its calls, or over gRPC where it has none; a bot that lacks the
// call (an older one, serving the wire itself) plays on, and a bot whose
// NewGame fails is a start fault.
func TestNewGame(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		canal bool
	}{{"canal", true}, {"grpc", false}} {
		t.Run(tt.name, func(t *testing.T) {
			spec := func(mode string) Spec {
				s := testSpec(mode)
				s.noCanal = !tt.canal
				return s
			}
			kept := startTest(t, spec("kept"))
			for range 2 {
				if err := kept.NewGame(ctx, cavalo.Name); err != nil {
					t.Fatalf("kept: NewGame: %v", err)
				}
			}
			if got := kept.canal.open() && kept.canal.novoJogo; got != tt.canal {
				t.Errorf("kept: channel open for NovoJogo after two NewGame: %v, want %v", got, tt.canal)
			}
			reply, err := kept.Jogar(ctx, request(time.Second))
			if err != nil || reply.Stats.Cuts != 2 {
				t.Errorf("kept: Jogar after two NewGame: told of %d new games (%v), want 2", reply.Stats.Cuts, err)
			}
			err = startTest(t, spec("newgamefail")).NewGame(ctx, cavalo.Name)
			if referee.FaultOf(err) != referee.FaultStart || !strings.Contains(err.Error(), "no new game for me") {
				t.Errorf("newgamefail: NewGame = %v, want a start fault quoting the bot", err)
			}
		})
	}
	if err := startTest(t, testSpec("liar")).NewGame(ctx, cavalo.Name); err != nil {
		t.Errorf("a bot without NovoJogo: NewGame = %v, want nil", err)
	}
}

// TestStartInterrupted: a start whose context is done, before it begins or
// while the bot is being launched, starts no bot and returns at once
// (issue 50, row 4): a box killed before its bot started let the bot run
// its course, and arena waited out its start timeout after Ctrl-C. No
// clock judges it: the bot takes a minute to start and its start timeout
// is an hour, so a Start that waited for it would succeed, and one that
// waited out the timeout would hang the test.
func TestStartInterrupted(t *testing.T) {
	spec := withTimeout(testSpec("slowstart", "60000"), time.Hour)
	for _, tc := range []struct {
		name  string
		after time.Duration // -1: cancelled before Start
	}{{"before", -1}, {"at once", 0}, {"while launching", 5 * time.Millisecond}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			if tc.after < 0 {
				cancel()
			} else {
				time.AfterFunc(tc.after, cancel)
			}
			p, err := Start(ctx, spec)
			if err == nil {
				p.Close()
				t.Fatal("Start succeeded, want it cut short")
			}
			if faultKind(err) != referee.FaultStart || !strings.Contains(err.Error(), "context canceled") {
				t.Errorf("Start: %v, want a start fault saying the context was cancelled", err)
			}
		})
	}
}

package arena

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// hostileCase is what the games of one hostile bot of
// testdata/hostile/league.yaml against greedy must show: in both, the
// reason, and for a fault the hostile bot at fault, with detail naming what
// happened; check, if set, looks at each game further.
type hostileCase struct {
	reason referee.Reason
	detail []string
	check  func(t *testing.T, cfg *league.Config, g results.Entry, bot string)
	// timed says the case is about the move clock (a timeout, or a bot
	// stopped between its calls), so it keeps the league's time margin; the
	// others play with a margin of untimedMS.
	timed bool
	// startMS is the start timeout of a case about it; the others start
	// within untimedMS.
	startMS int
	// needs, if set, says why the case cannot be played here, or "".
	needs func() string
}

// untimedMS is the time margin and the start timeout of the hostile cases
// that are not about them: long enough for a fork bomb, 100 MiB of output or
// a race-instrumented start on the busiest test machine.
const untimedMS = 20_000

// hostileCases returns the expected outcome of every hostile bot of the
// league file, by name.
func hostileCases(t *testing.T) map[string]hostileCase {
	start := func(detail ...string) hostileCase { return hostileCase{reason: referee.Start, detail: detail} }
	crash := func(detail ...string) hostileCase { return hostileCase{reason: referee.Crash, detail: detail} }
	illegal := func(detail ...string) hostileCase { return hostileCase{reason: referee.Illegal, detail: detail} }
	timeout := hostileCase{reason: referee.Timeout, detail: []string{"timeout:"}, check: checkTimeCharged, timed: true}
	normal := hostileCase{reason: referee.Normal}
	return map[string]hostileCase{
		"missing":   start("no bot binary at", "no-such-bot"),
		"notexec":   start("not-executable.txt is not executable (chmod +x"),
		"chatter":   start(`wrote "Hello! I am a bot.`, "handshake line belongs"),
		"cookie":    start("exited with status 1 before the handshake", "refused arena's magic cookie"),
		"version2":  start("jogador protocol version 2, arena speaks version 1"),
		"core2":     start("go-plugin core protocol version 2, arena speaks version 1"),
		"exitstart": start("exited with status 7 before the handshake"),
		"slowstart": {reason: referee.Start, detail: []string{"no handshake within 10s"}, startMS: 10_000},
		"crash":     crash("exited with status 3"),
		"exitlate":  {reason: referee.Crash, detail: []string{"exited with status 5"}, check: checkPlayed(6)},
		// Sandboxed, the bot is PID 1 of its namespace, which the SIGTERM
		// it sends itself does not kill: Go's runtime then exits with 2.
		"sigterm":    crash("exited with status 2"),
		"crashfault": crash("crash: ", "bot reported", "the interpreter died"),
		// A bot does not choose its verdict: a timeout it reports is a crash.
		"falsetimeout": crash("crash: ", "bot reported: timeout: testbot: too slow"),
		"liar":         crash("crash: ", "bot reported: testbot: timeout, believe me"),
		"memory":       crash("memory: ", "memory limit 256 MiB"),

		"hang": timeout,
		"late": {reason: referee.Timeout, check: checkLate, timed: true},
		"busy": timeout,

		"illegal":     illegal("A1xA1"),
		"gibberish":   illegal("bad square"),
		"wrongside":   illegal("is not a legal move"),
		"empty":       illegal("empty move"),
		"undecodable": illegal("not decodable"),
		"badclaim":    illegal("claimed state", "50 cells"),
		"wrongclaim":  {reason: referee.Normal, check: checkDiscrepancy},

		// Untimed: its children spin on its own time too, during its calls,
		// which is its own loss, not what this case is about.
		"spinner":  {reason: referee.Normal, check: checkStoppedCPU},
		"hog":      {reason: referee.Normal, check: checkStoppedCPU}, // its goroutines spin between its calls, stopped
		"shmem":    {reason: referee.Crash, detail: []string{"memory: ", "memory limit 256 MiB"}, needs: needMemoryCgroup, check: checkHostMemory(freeMemory(t))},
		"children": {reason: referee.Crash, detail: []string{"memory: ", "memory limit 256 MiB"}, needs: needMemoryCgroup, check: checkHostMemory(freeMemory(t))},
		"disk":     {reason: referee.Normal, check: checkDiskFull(freeDisk(t))},
		"i386":     {reason: referee.Normal, check: checkI386Refused},

		"flood":    {reason: referee.Normal, check: checkOutputCapped},
		"forkbomb": {reason: referee.Normal, check: checkForkBombLimited},
		"spawn":    normal,
		"setsid":   normal,
		"stubborn": normal,

		"spoof":       {reason: referee.Crash, detail: []string{"bot reported: " + spoofText}, check: checkInert},
		"spoofanswer": {reason: referee.Illegal, detail: []string{"bad square"}, check: checkInert},
		"longanswer":  {reason: referee.Illegal, detail: []string{"bad move"}, check: checkLongAnswer},
	}
}

// hostileDir returns a copy of testdata/hostile with the test bot in bin/,
// as league.yaml expects it, and the test bot's path.
func hostileDir(t *testing.T) (dir, testbot string) {
	t.Helper()
	dir = t.TempDir()
	for _, f := range []string{"league.yaml", "not-executable.txt"} {
		data, err := os.ReadFile(filepath.Join("testdata", "hostile", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A copy: the leftovers are found by the file they run.
	testbot, err := testbin.CopyTestbot(filepath.Join(dir, "bin"))
	if err != nil {
		t.Fatal(err)
	}
	return dir, testbot
}

// TestHostileLeague plays every hostile bot of testdata/hostile/league.yaml
// against greedy, both colours, through a real league of its own: the
// journal and the standings record what the bot did, and afterwards no
// process and no directory of any bot is left.
func TestHostileLeague(t *testing.T) {
	skipIfShort(t, "plays a league for each of 30 hostile bots")
	dir, testbot := hostileDir(t)
	cfg, _, err := league.Load(filepath.Join(dir, "league.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cases := hostileCases(t)
	seen := map[string]bool{}
	greedy := cfg.Bots[0]
	for _, b := range cfg.Bots {
		if b.Builtin != "" {
			continue
		}
		seen[b.Name] = true
		if _, ok := cases[b.Name]; !ok {
			t.Errorf("hostile bot %s has no expected outcome", b.Name)
			continue
		}
		t.Run(b.Name, func(t *testing.T) {
			// The checks of the attacks on the host's memory and disk
			// compare with what was free just before this league, not at
			// the start of the test: the machine's other work moves both.
			tc := hostileCases(t)[b.Name]
			if tc.needs != nil {
				if why := tc.needs(); why != "" {
					t.Skip(why)
				}
			}
			c := *cfg
			c.Bots = []league.BotConfig{greedy, b}
			c.Out = filepath.Join(t.TempDir(), "out")
			// Unless this bot shows something about time, its verdict must
			// not depend on how busy the machine is: the margin and the
			// start timeout only bound a hang.
			c.StartTimeout = cmp.Or(tc.startMS, untimedMS)
			if !tc.timed {
				c.MarginMS = untimedMS
			}
			if b.Name == "forkbomb" {
				// Where the limit is RLIMIT_NPROC, a ceiling over all of
				// the user's tasks, a bot started just before the bomb
				// has little room left: no game beside it.
				c.Concurrency = 1
			}
			if sum := run(t, &c, nil); sum.Played != 2 {
				t.Fatalf("played %d games, want 2", sum.Played)
			}
			games := readGames(t, &c)
			starved := 0
			for _, g := range games {
				if b.Name == "i386" && botLogSays(t, &c, g, b.Name, "main.int80raw") {
					// int $0x80 faulted in the bot itself: this kernel has
					// no 32-bit system call entry at all (IA-32 emulation
					// off), so there is nothing for the sandbox to refuse.
					t.Skipf("%s: this kernel runs no 32-bit system calls (int $0x80 faults outside any sandbox): the i386 row cannot run here", g.ID)
				}
				if b.Name == "forkbomb" && threadStarved(t, &c, g, b.Name) {
					// The bomb took every task its limit allows before
					// the bot's own runtime could start a thread: the
					// limit held, and the bot crashed of its own bomb.
					t.Logf("%s: the fork bomb's runtime could not start a thread under its limit: %s", g.ID, g.Detail)
					starved++
					continue
				}
				checkVerdict(t, g, b.Name, tc)
				if tc.check != nil {
					tc.check(t, &c, g, b.Name)
				}
			}
			if starved == 0 {
				checkStandings(t, &c, games, b.Name, tc.reason)
			}
		})
	}
	for name := range cases {
		if !seen[name] {
			t.Errorf("expected outcome for %s, which league.yaml does not have", name)
		}
	}
	assertNoLeftovers(t, testbot, ownerPrefix(t, os.Getpid()))
}

// checkVerdict checks a game's reason, bot at fault and detail.
func checkVerdict(t *testing.T, g results.Entry, bot string, tc hostileCase) {
	t.Helper()
	wantLoser := bot
	if tc.reason == referee.Normal {
		wantLoser = ""
	}
	if g.Reason != tc.reason || g.Loser != wantLoser {
		t.Errorf("%s: reason %s, at fault %q; want %s, %q (detail %q)", g.ID, g.Reason, g.Loser, tc.reason, wantLoser, g.Detail)
	}
	for _, d := range tc.detail {
		if !strings.Contains(g.Detail, d) {
			t.Errorf("%s: detail %q does not say %q", g.ID, g.Detail, d)
		}
	}
}

// checkStandings checks the standings file against the journal: the
// hostile bot's games lost by reason, and none for greedy.
func checkStandings(t *testing.T, cfg *league.Config, games []results.Entry, bot string, reason referee.Reason) {
	t.Helper()
	st := readStandings(t, cfg)
	want := map[referee.Reason]int{reason: 2}
	for _, r := range st.Rows {
		got := map[referee.Reason]int{referee.Timeout: r.Timeouts, referee.Illegal: r.Illegal, referee.Crash: r.Crashes, referee.Start: r.Start}
		for _, k := range []referee.Reason{referee.Timeout, referee.Illegal, referee.Crash, referee.Start} {
			w := 0
			if r.Bot == bot {
				w = want[k]
			}
			if got[k] != w {
				t.Errorf("standings: %s lost %d games by %s, want %d", r.Bot, got[k], k, w)
			}
		}
		if r.Games != len(games) {
			t.Errorf("standings: %s has %d games, want %d", r.Bot, r.Games, len(games))
		}
	}
}

// checkTimeCharged checks a timeout's clock: the late bot is charged at
// least the limit, its opponent only its own (quick) calls.
func checkTimeCharged(t *testing.T, cfg *league.Config, g results.Entry, bot string) {
	t.Helper()
	limit := cfg.MatchClock().Limit().Milliseconds()
	late, other := 0, 1
	if g.Black == bot {
		late, other = 1, 0
	}
	if g.TimeMS[late] < limit {
		t.Errorf("%s: %s charged %dms for a timeout, want at least the limit %dms", g.ID, bot, g.TimeMS[late], limit)
	}
	// Charged the late bot's time, the opponent would reach the limit too;
	// its own calls stay under it (or it would have lost on time itself).
	if g.TimeMS[other] >= limit {
		t.Errorf("%s: greedy charged %dms for at most one quick move, the late bot's time", g.ID, g.TimeMS[other])
	}
}

// checkLate checks the timeout of the bot that answers 300 ms after its
// tempo, past the limit (the margin is 250 ms): the host cuts the call off
// at the limit ("timeout: deadline passed"), or, where a busy machine runs
// the host's timer only after the answer came, the referee judges the
// answer late ("answered after"). Either is a timeout, charged as one.
func checkLate(t *testing.T, cfg *league.Config, g results.Entry, bot string) {
	t.Helper()
	if !strings.Contains(g.Detail, "timeout:") && !strings.Contains(g.Detail, "answered after") {
		t.Errorf("%s: detail %q says neither that the call was cut off nor that it answered late", g.ID, g.Detail)
	}
	checkTimeCharged(t, cfg, g, bot)
}

// checkPlayed returns a check that the game lasted at least n plies.
func checkPlayed(n int) func(*testing.T, *league.Config, results.Entry, string) {
	return func(t *testing.T, _ *league.Config, g results.Entry, _ string) {
		if g.Plies < n {
			t.Errorf("%s: %d plies, want at least %d", g.ID, g.Plies, n)
		}
	}
}

// botLines returns the lines of g's move log where bot moved.
func botLines(t *testing.T, cfg *league.Config, g results.Entry, bot string) []results.MoveLine {
	t.Helper()
	lines, err := results.ReadGameLog(cfg.Out, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	var mine []results.MoveLine
	for _, l := range lines {
		if l.Bot == bot && !l.Forced {
			mine = append(mine, l)
		}
	}
	if len(mine) == 0 {
		t.Fatalf("%s: %s made no move", g.ID, bot)
	}
	return mine
}

// botLogSays reports whether bot lost g by a crash and its output says
// said.
func botLogSays(t *testing.T, cfg *league.Config, g results.Entry, bot, said string) bool {
	t.Helper()
	if g.Reason != referee.Crash || g.Loser != bot {
		return false
	}
	lines, err := results.ReadGameLog(cfg.Out, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if l.Bot == bot && strings.Contains(l.Log, said) {
			return true
		}
	}
	return false
}

// threadStarved reports whether bot lost g by a crash of its Go runtime
// failing to start a thread, as its output says.
func threadStarved(t *testing.T, cfg *league.Config, g results.Entry, bot string) bool {
	t.Helper()
	for _, said := range []string{"pthread_create failed", "failed to create new OS thread", "newosproc"} {
		if botLogSays(t, cfg, g, bot, said) {
			return true
		}
	}
	return false
}

// checkDiscrepancy checks that the wrong claimed states were logged.
func checkDiscrepancy(t *testing.T, cfg *league.Config, g results.Entry, bot string) {
	t.Helper()
	for _, l := range botLines(t, cfg, g, bot) {
		if l.Discrepancy == "" {
			t.Errorf("%s ply %d: the wrong claimed state was not logged", g.ID, l.Ply)
		}
	}
}

// checkOutputCapped checks that the 100 MiB written at start were cut to
// the output cap, saying so.
func checkOutputCapped(t *testing.T, cfg *league.Config, g results.Entry, bot string) {
	t.Helper()
	first := botLines(t, cfg, g, bot)[0]
	if capKB := cfg.Limits.OutputKB; len(first.Log) > capKB<<10+200 || !strings.Contains(first.Log, "more bytes of output dropped") {
		t.Errorf("%s: the first log is %d bytes and ends %q; want at most %d KiB and a note of what was dropped", g.ID, len(first.Log), first.Log[max(0, len(first.Log)-60):], capKB)
	}
}

// checkForkBombLimited checks that the fork bomb hit the process limit,
// which it reports as its nodes: it stops at 300 children otherwise. Root
// is bound only where arena can make pids cgroups.
func checkForkBombLimited(t *testing.T, cfg *league.Config, g results.Entry, bot string) {
	t.Helper()
	n := botLines(t, cfg, g, bot)[0].Nodes
	switch {
	case n >= 300 && os.Getuid() == 0:
		t.Logf("%s: the fork bomb started %d children: no process limit binds root without a pids cgroup", g.ID, n)
	case n >= int64(cfg.Limits.Processes):
		t.Errorf("%s: the fork bomb started %d children under a limit of %d tasks", g.ID, n, cfg.Limits.Processes)
	}
}

// ownerPrefix returns the prefix of the names of the directories, cgroups
// and marks of the bots that process pid starts: "arena-bot-NS-PID-START-",
// with its pid namespace and start time from /proc.
func ownerPrefix(t *testing.T, pid int) string {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	link, err := os.Readlink(fmt.Sprintf("/proc/%d/ns/pid", pid))
	if err != nil {
		t.Fatal(err)
	}
	ns := strings.TrimSuffix(strings.TrimPrefix(link, "pid:["), "]")
	return fmt.Sprintf("arena-bot-%s-%d-%s-", ns, pid, f[19])
}

// leftover is a process found by assertNoLeftovers.
type leftover struct {
	pid  int
	why  string
	args string
}

// assertNoLeftovers fails if a process or a directory of a bot is left: a
// live process that runs the test bot binary, that descends from this test
// process, or that carries the mark (ARENA_BOT) of a bot whose name starts
// with prefix (see ownerPrefix) in its environment; a bot directory or
// cgroup whose name starts with prefix.
func assertNoLeftovers(t *testing.T, testbot, prefix string) {
	t.Helper()
	bin, err := os.Stat(testbot)
	if err != nil {
		t.Fatal(err)
	}
	self := os.Getpid()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	parent := map[int]int{}
	live := map[int]bool{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
		parent[pid], _ = strconv.Atoi(f[1])
		live[pid] = f[0] != "Z" && f[0] != "X"
	}
	var left []leftover
	for pid := range live {
		if pid == self || !live[pid] {
			continue
		}
		why := ""
		if exe, err := os.Stat(fmt.Sprintf("/proc/%d/exe", pid)); err == nil && os.SameFile(exe, bin) {
			why = "runs the test bot"
		}
		for p, n := parent[pid], 0; p > 1 && n < 100; p, n = parent[p], n+1 {
			if p == self {
				why = "descends from the test"
			}
		}
		if env, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid)); err == nil && bytes.Contains(env, []byte("ARENA_BOT="+prefix)) {
			why = "carries the mark " + prefix
		}
		if why != "" {
			args, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
			left = append(left, leftover{pid, why, string(bytes.ReplaceAll(args, []byte{0}, []byte{' '}))})
		}
	}
	if len(left) > 0 {
		t.Errorf("%d processes left: %+v", len(left), left)
	}
	var dirs []string
	for _, pattern := range []string{
		filepath.Join(os.TempDir(), prefix+"*"),
		"/sys/fs/cgroup/" + prefix + "*",
		"/sys/fs/cgroup/*/" + prefix + "*",
		"/sys/fs/cgroup/*/*/" + prefix + "*",
		"/sys/fs/cgroup/*/*/*/" + prefix + "*", // a memory cgroup below arena's own, say
	} {
		m, _ := filepath.Glob(pattern)
		dirs = append(dirs, m...)
	}
	if len(dirs) > 0 {
		t.Errorf("bot directories or cgroups left: %v", dirs)
	}
}

// TestHostileKill9Resume kills arena with SIGKILL in the middle of a league
// of hostile bots: its bots die with it, and the resumed league reaps what
// they left, records every game once and writes standings that agree with
// the journal.
func TestHostileKill9Resume(t *testing.T) {
	skipIfShort(t, "plays a hostile league twice, killed in between")
	dir, testbot := hostileDir(t)
	file := filepath.Join(dir, "kill9.yaml")
	body := `
name: kill9
seed: 3
rounds: 1
tempo_ms: 100
concurrency: 2
out: out
bots:
  - {name: greedy, builtin: greedy}
  - {name: random, builtin: random}
  - {name: crash, path: bin/testbot, args: [crash]}
  - {name: illegal, path: bin/testbot, args: [illegal]}
  - {name: spawn, path: bin/testbot, args: [spawn]}
  - {name: setsid, path: bin/testbot, args: [setsid]}
`
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(arenaBin, "run", "--plain", file)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	prefix := ownerPrefix(t, cmd.Process.Pid)
	journal := filepath.Join(cfg.Out, results.JournalName)
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		data, _ := os.ReadFile(journal)
		if bytes.Count(data, []byte("\n")) >= 6 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no 6 games in 60s; output:\n%s", out.String())
		}
	}
	cmd.Process.Kill() // arena alone: its bots are in sessions of their own
	cmd.Wait()
	// The bots die with arena; only the grandchildren that slept in them
	// outlive it, until the next start of a bot. The kernel ends them
	// (their parent-death signal); a busy machine may take its time, a bot
	// left behind stays however long the test waits.
	var bots []int
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		bots = markedBots(t, prefix)
		if len(bots) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, pid := range bots {
		args, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		t.Errorf("bot %d of the killed arena still runs: %q (%s)", pid, args, stat)
	}
	// The league resumes in a new arena process, as it would: its first
	// start of a bot reaps what the killed one left.
	resume := exec.Command(arenaBin, "run", "--plain", file)
	if data, err := resume.CombinedOutput(); err != nil {
		t.Fatalf("resume: %v\n%s", err, data)
	}
	assertComplete(t, cfg, 30)
	games := readGames(t, cfg)
	data, err := os.ReadFile(filepath.Join(cfg.Out, resultsdir.StandingsFile+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var got results.Standings
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	names := []string{}
	for _, b := range cfg.Bots {
		names = append(names, b.Name)
	}
	want := results.Compute(games, names, cfg.Scoring)
	if a, b := fmt.Sprintf("%+v", got.Rows), fmt.Sprintf("%+v", want.Rows); a != b || got.Games != len(games) {
		t.Errorf("standings disagree with the journal of %d games:\n got %s\nwant %s", len(games), a, b)
	}
	assertNoLeftovers(t, testbot, prefix)
	assertNoLeftovers(t, testbot, ownerPrefix(t, os.Getpid()))
}

// markedBots returns the live processes marked with prefix that are bots
// (the test bot in a game mode, or arena serving a built-in bot), not the
// grandchildren that sleep in mode idle.
func markedBots(t *testing.T, prefix string) []int {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || !bytes.Contains(env, []byte("ARENA_BOT="+prefix)) {
			continue
		}
		stat, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
		if f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:])); len(f) > 0 && f[0] == "Z" {
			continue
		}
		args, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if a := bytes.Split(args, []byte{0}); len(a) > 1 && string(a[1]) == "idle" {
			continue
		}
		pids = append(pids, pid)
	}
	return pids
}

//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Leaving no process behind. A bot's main process leads its own session and
// process group, and Close kills the group; but a descendant may leave both
// (setsid), and one whose parent dies is reparented. So:
//
//   - the host process is a child subreaper (PR_SET_CHILD_SUBREAPER): the
//     orphans of a bot's descendants are reparented to arena, not to init,
//     and never leave arena's tree;
//   - every process of a bot inherits ARENA_BOT=<the bot's name> in its
//     environment and the bot's directory as its working directory;
//   - Close sweeps /proc (family.sweep): it kills every process of the bot's
//     session or group, of its pids cgroup, with its mark in the environment
//     or its directory as working directory, or descended from one of
//     those or from the bot while it lived, until none is left, and reaps
//     those that were reparented to arena;
//   - the main process gets SIGKILL when arena dies (PR_SET_PDEATHSIG, set
//     before the launcher execs the bot), and the next Start of any arena
//     process (its first, then one a minute) kills what a dead arena left
//     (reapOrphans): the processes marked with a dead owner's name, its
//     cgroups and directories.
//
// A descendant that left session and group, cleared its environment and
// changed directory after its parent died is found only through the bot's
// pids cgroup, where there is one.

// markerKey is the environment variable that marks every process of a bot
// with the bot's name: the name of its directory.
const markerKey = "ARENA_BOT"

// namePrefix starts the names of the bots' directories and cgroups. The
// owner's pid namespace, pid and start time follow, so that the leftovers of
// an arena process that died are known for what they are.
const namePrefix = "arena-bot-"

// owner is the arena process that started a bot: its pid namespace (the
// inode of /proc/PID/ns/pid), which says where the pid means that process,
// and the process.
type owner struct {
	ns uint64
	procKey
}

// ownerOf returns the owner identity of process s.
func ownerOf(s procStat) (owner, error) {
	link, err := os.Readlink("/proc/" + strconv.Itoa(s.pid) + "/ns/pid")
	if err != nil {
		return owner{}, fmt.Errorf("pid namespace: %w", err)
	}
	var ns uint64
	if _, err := fmt.Sscanf(link, "pid:[%d]", &ns); err != nil {
		return owner{}, fmt.Errorf("pid namespace %q: %w", link, err)
	}
	return owner{ns, s.key()}, nil
}

// ownerPrefix returns the prefix of the names of the bots started by o:
// "arena-bot-NS-PID-START-".
func ownerPrefix(o owner) string {
	return fmt.Sprintf("%s%d-%d-%d-", namePrefix, o.ns, o.pid, o.start)
}

// parseOwner reads the owner of a bot from its name.
func parseOwner(name string) (owner, bool) {
	rest, ok := strings.CutPrefix(name, namePrefix)
	if !ok {
		return owner{}, false
	}
	f := strings.SplitN(rest, "-", 4)
	if len(f) != 4 {
		return owner{}, false
	}
	ns, err0 := strconv.ParseUint(f[0], 10, 64)
	pid, err1 := strconv.Atoi(f[1])
	start, err2 := strconv.ParseUint(f[2], 10, 64)
	if err0 != nil || err1 != nil || err2 != nil {
		return owner{}, false
	}
	return owner{ns, procKey{pid, start}}, true
}

// running reports whether process k is still running.
func running(k procKey) bool {
	s, err := readStat(k.pid)
	return err == nil && s.start == k.start && s.alive()
}

// becomeSubreaper makes the calling process a child subreaper, so that the
// orphans of the bots' descendants are reparented to it. It is a property
// of the whole process and harmless to set again.
func becomeSubreaper() {
	_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
}

// family says which processes are one bot's.
type family struct {
	self   int    // arena's pid
	leader int    // the bot's main process, leader of its session and group
	start  uint64 // the leader's start time: no member is older
	marker string // MARKER=NAME, in the members' environment
	dir    string // the members' working directory
	cg     *cgroup
	known  map[procKey]bool // members seen while the leader ran
}

// members returns the bot's processes among procs, zombies included.
// leaderUnreaped says whether the leader's pid is still the leader's: once
// it is reaped, its pid may be another process's.
func (f *family) members(procs []procStat, leaderUnreaped bool) []procStat {
	inCgroup := map[int]bool{}
	for _, pid := range f.cg.procs() {
		inCgroup[pid] = true
	}
	in := map[int]bool{}
	var rest []procStat
	for _, s := range procs {
		if s.pid == f.self || s.start < f.start {
			continue // arena, or older than the bot
		}
		member := false
		switch {
		case s.pid == f.leader:
			member = leaderUnreaped
		case s.pgid == f.leader || s.sid == f.leader:
			// The group and session ids keep the leader's pid from reuse
			// while a member holds them.
			member = true
		case inCgroup[s.pid], f.known[s.key()]:
			member = true
		case s.alive():
			member = hasEnv(s.pid, f.marker) || inDir(s.pid, f.dir)
		}
		if member {
			in[s.pid] = true
		} else {
			rest = append(rest, s)
		}
	}
	for grew := true; grew; { // and their descendants
		grew = false
		for i := 0; i < len(rest); i++ {
			if s := rest[i]; in[s.ppid] {
				in[s.pid], grew = true, true
				rest[i] = rest[len(rest)-1]
				rest = rest[:len(rest)-1]
				i--
			}
		}
	}
	var out []procStat
	for _, s := range procs {
		if in[s.pid] {
			out = append(out, s)
		}
	}
	return out
}

// remember records the bot's processes while its leader runs, so that a
// descendant that leaves session and group is still known after its parent
// dies. leaderUnreaped is as for members.
func (f *family) remember(leaderUnreaped bool) {
	procs, err := listProcs()
	if err != nil {
		return
	}
	for _, s := range f.members(procs, leaderUnreaped) {
		f.known[s.key()] = true
	}
}

// sweep kills every process of the bot and reaps those reparented to arena,
// until none is left or d has passed; it returns the pids still alive then.
// leaderUnreaped is as for members.
func (f *family) sweep(leaderUnreaped bool, d time.Duration) []int {
	deadline := time.Now().Add(d)
	f.cg.kill()
	for pause := 100 * time.Microsecond; ; pause = min(2*pause, 10*time.Millisecond) {
		procs, err := listProcs()
		if err != nil {
			return nil
		}
		var live []int
		for _, s := range f.members(procs, leaderUnreaped) {
			switch {
			case s.alive():
				_ = signal(s, unix.SIGKILL)
				live = append(live, s.pid)
			case s.ppid == f.self && s.pid != f.leader:
				// An orphan reparented to arena: arena reaps it (the
				// leader is reaped by its runner).
				var ws unix.WaitStatus
				_, _ = unix.Wait4(s.pid, &ws, unix.WNOHANG, nil)
			}
		}
		if len(live) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return live
		}
		time.Sleep(pause)
	}
}

// signal sends sig to the process s, if the process with s's pid is still
// s: it holds the process with a pidfd and checks its start time first, so
// that a pid reused meanwhile is not hit.
func signal(s procStat, sig unix.Signal) error {
	fd, err := unix.PidfdOpen(s.pid, 0)
	if errors.Is(err, unix.ENOSYS) {
		return unix.Kill(s.pid, sig) // before Linux 5.3
	}
	if err != nil {
		return err // gone
	}
	defer unix.Close(fd)
	if now, err := readStat(s.pid); err != nil || now.start != s.start {
		return nil // another process now
	}
	return unix.PidfdSendSignal(fd, sig, nil, 0)
}

// reapEvery is how often Start looks for what dead arena processes left:
// the listing of the temporary directory costs a few ms where it is
// crowded, and a league starts two bots a game.
const reapEvery = time.Minute

// reaping says when Start last looked for what dead arena processes left.
var reaping reapClock

// reapClock says whether it is time to look again for orphans.
type reapClock struct {
	mu   sync.Mutex
	last time.Time
}

// due reports whether reapEvery has passed since it last said yes (it
// does the first time), and if so restarts the count at now.
func (c *reapClock) due(now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.last.IsZero() && now.Sub(c.last) < reapEvery {
		return false
	}
	c.last = now
	return true
}

// reapOrphans kills what arena processes of me's pid namespace that died
// without closing their bots left behind (a SIGKILL, a power cut of the session): the bots'
// descendants, their cgroups and directories, found by the names that hold
// their owner. The leaders themselves died with their owner
// (PR_SET_PDEATHSIG), but where a cgroup v1 freezer held them, which it
// thaws. It costs a listing of the temporary directory when
// there is nothing to do.
func reapOrphans(me owner) {
	dead := map[string]bool{}
	var dirs []string
	collect := func(base string) {
		entries, err := os.ReadDir(base)
		if err != nil {
			return
		}
		for _, e := range entries {
			// A pid of another namespace (a container sharing the
			// directory) does not say whether its owner runs.
			if o, ok := parseOwner(e.Name()); ok && e.IsDir() && o.ns == me.ns && !running(o.procKey) {
				dead[e.Name()] = true
				dirs = append(dirs, filepath.Join(base, e.Name()))
			}
		}
	}
	collect(os.TempDir())
	bases := cgroupBases()
	for _, b := range bases {
		collect(b)
	}
	if len(dead) == 0 {
		return
	}
	self := os.Getpid()
	deadline := time.Now().Add(killWait)
	for {
		procs, err := listProcs()
		if err != nil {
			break
		}
		killed := 0
		for _, s := range procs {
			if s.pid == self || !s.alive() {
				continue
			}
			if v, ok := envValue(s.pid, markerKey); ok && dead[v] {
				_ = signal(s, unix.SIGKILL)
				killed++
			}
		}
		for _, d := range dirs {
			for _, pid := range cgroupProcs(d) {
				if s, err := readStat(pid); err == nil && s.alive() {
					_ = signal(s, unix.SIGKILL)
					killed++
				}
			}
			// A task frozen by a cgroup v1 freezer does not die before it
			// thaws (see cgroup.kill): a bot its dead owner left frozen
			// between two calls, and its launcher, whose parent-death
			// signal waits the same.
			if isCgroupDir(d, bases) {
				_ = write(d, "freezer.state", "THAWED")
			}
		}
		if killed == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	for _, d := range dirs {
		if isCgroupDir(d, bases) {
			_ = removeCgroup(d, drainWait)
		} else {
			_ = removeAll(d)
		}
	}
}

// isCgroupDir reports whether dir is in one of the cgroup bases.
func isCgroupDir(dir string, bases []string) bool {
	for _, b := range bases {
		if filepath.Dir(dir) == filepath.Clean(b) {
			return true
		}
	}
	return false
}

// self returns the owner identity of the calling process.
func self() (owner, error) {
	s, err := readStat(os.Getpid())
	if err != nil {
		return owner{}, err
	}
	return ownerOf(s)
}

// ReapOrphans kills now what arena processes that died without closing
// their bots left behind (see reapOrphans); New does it at its first call,
// then once a minute.
func ReapOrphans() error {
	me, err := self()
	if err != nil {
		return err
	}
	reapOrphans(me)
	return nil
}

// Leftovers reports what the bots that arena process pid (of the caller's
// PID namespace) started left behind: a live process with the mark of one
// of them in its environment, a scratch directory or a cgroup. It returns
// nil when nothing is left.
func Leftovers(pid int) error {
	me, err := self()
	if err != nil {
		return err
	}
	prefix := fmt.Sprintf("%s%d-%d-", namePrefix, me.ns, pid)
	procs, err := listProcs()
	if err != nil {
		return err
	}
	var errs []error
	for _, s := range procs {
		if v, ok := envValue(s.pid, markerKey); ok && s.alive() && strings.HasPrefix(v, prefix) {
			errs = append(errs, fmt.Errorf("process %d of bot %s left", s.pid, v))
		}
	}
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), prefix+"*"))
	for _, b := range cgroupBases() {
		more, _ := filepath.Glob(filepath.Join(b, prefix+"*"))
		dirs = append(dirs, more...)
	}
	if len(dirs) > 0 {
		errs = append(errs, fmt.Errorf("bot directories or cgroups left: %v", dirs))
	}
	return errors.Join(errs...)
}

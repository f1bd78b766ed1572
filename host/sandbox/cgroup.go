//go:build linux

package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/sandbox/internal/sysfile"
	"github.com/arenabots/arena/host/sandbox/launch"
)

// A bot gets cgroups of its own where arena may make them: children of
// arena's own cgroups, one per hierarchy that holds a controller it uses
// (cgroup v1: the pids, memory and freezer hierarchies; cgroup v2: the
// unified one, where the controllers are enabled for arena's children, and
// its freezer, cgroup.freeze, which every non-root cgroup v2 has). They
// give:
//
//   - pids.max: the exact number of tasks the bot may run, for root too,
//     which RLIMIT_NPROC is not; and a member list that holds every
//     process of the bot, including one that left its session;
//   - a memory limit for all its processes together (v1
//     memory.limit_in_bytes and memory.memsw.limit_in_bytes; v2
//     memory.max, no swap, memory.oom.group): anonymous and shared
//     mappings and the pages of its scratch tmpfs, charged to it; going
//     over wakes the kernel's out-of-memory killer inside the bot's cgroup
//     only, and its count of kills (memory.oom_control, memory.events)
//     tells an out-of-memory end from a crash;
//   - the freezer: Freeze stops every process of the bot, whatever session
//     or group it moved to, and none of them can resume the others (a
//     SIGCONT does not thaw a frozen task). The bot cannot leave: it sees
//     no cgroup file system, and may mount none;
//   - its CPU time, all its threads and processes together (v2 cpu.stat's
//     usage_usec, in every cgroup v2; v1 cpuacct.usage): what clock: cpu
//     charges a call (see cpu.go).
//
// Where arena may make none of them (no write access, no controller), the
// host does without: RLIMIT_NPROC, RLIMIT_DATA per process, SIGSTOP to the
// process group with setsid and setpgid refused (seccomp), and the /proc
// sweep of family.

// cgroup is one bot's set of cgroups, of the same name in each hierarchy.
type cgroup struct {
	dirs     []string // every directory made: the bot joins them all
	procsDir string   // where its members are listed
	pids     bool     // pids.max bounds it
	mem      string   // the directory of its memory controller, or ""
	memV2    bool
	// oom is the file that counts the out-of-memory kills in mem
	// (memory.oom_control, memory.events), open for reading at every call.
	oom *os.File
	// freeze is the freezer's file (v2 cgroup.freeze, or v1
	// freezer.state), open for writing, or nil.
	freeze   *os.File
	freezeV1 bool
	// freezeBase is arena's own cgroup in the freezer's hierarchy: where
	// a sandboxed launcher's first stage goes once it started the bot
	// (launch.Sandbox.LeaveTo), out of the freezer.
	freezeBase string
	killDir    string // a cgroup v2 directory, with cgroup.kill
	// cpu is the file that counts the CPU time of the bot's processes (v2
	// cpu.stat, or v1 cpuacct.usage), open for reading at every call, or
	// nil.
	cpu   *os.File
	cpuV1 bool
}

// hierarchy is one cgroup hierarchy where arena's own cgroup is.
type hierarchy struct {
	base        string          // arena's cgroup in it
	v2          bool            // the unified hierarchy
	controllers map[string]bool // those arena may use for its children
}

// newCgroup makes the cgroups called name: pids.max of maxTasks tasks (0
// or less: no limit), a memory limit of memoryMB MiB (0 or less: none),
// a freezer and the count of its CPU time (cgroup v2's first, unless
// freezerV1, for the tests of cgroup v1); it returns nil where
// arena may make none.
func newCgroup(name string, maxTasks, memoryMB int, freezerV1 bool) *cgroup {
	c := &cgroup{}
	made := map[string]string{} // base → dir
	mk := func(h hierarchy) string {
		if d, ok := made[h.base]; ok {
			return d
		}
		d := filepath.Join(h.base, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			return ""
		}
		made[h.base] = d
		c.dirs = append(c.dirs, d)
		return d
	}
	hs := layout()
	if h, ok := pick(hs, "pids", false); ok {
		limit := "max"
		if maxTasks > 0 {
			limit = strconv.Itoa(maxTasks)
		}
		if d := mk(h); d != "" && write(d, "pids.max", limit) == nil {
			c.pids, c.procsDir = true, d
		}
	}
	if h, ok := pick(hs, "memory", false); ok && memoryMB > 0 {
		if d := mk(h); d != "" && c.limitMemory(d, h.v2, uint64(memoryMB)<<20) == nil {
			file := "memory.oom_control"
			if h.v2 {
				file = "memory.events"
			}
			if f, err := sysfile.Open(filepath.Join(d, file), os.O_RDONLY); err == nil {
				c.mem, c.memV2, c.oom = d, h.v2, f
			}
		}
	}
	// The v2 freezer first: a frozen task still dies of SIGKILL there,
	// and cgroup.kill kills the whole cgroup at once.
	if h, ok := pick(hs, "freezer", !freezerV1); ok {
		if d := mk(h); d != "" {
			file := "cgroup.freeze"
			if !h.v2 {
				file = "freezer.state"
			}
			if f, err := sysfile.Open(filepath.Join(d, file), os.O_WRONLY); err == nil {
				c.freeze, c.freezeV1, c.freezeBase = f, !h.v2, h.base
			}
			if h.v2 {
				c.killDir = d
			}
		}
	}
	// cgroup v2's cpu.stat first: every cgroup v2 counts its CPU time,
	// whatever controllers it has.
	if h, ok := pick(hs, "cpuacct", !freezerV1); ok {
		if d := mk(h); d != "" {
			c.openCPU(d, h.v2)
		}
	}
	if len(c.dirs) == 0 {
		return nil
	}
	if c.procsDir == "" {
		c.procsDir = c.dirs[0]
	}
	return c
}

// limitMemory sets the memory limit of the cgroup dir.
func (c *cgroup) limitMemory(dir string, v2 bool, limit uint64) error {
	n := strconv.FormatUint(limit, 10)
	if v2 {
		if err := write(dir, "memory.max", n); err != nil {
			return err
		}
		_ = write(dir, "memory.swap.max", "0")
		_ = write(dir, "memory.oom.group", "1")
		return nil
	}
	if err := write(dir, "memory.limit_in_bytes", n); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, "memory.memsw.limit_in_bytes")); err == nil {
		return write(dir, "memory.memsw.limit_in_bytes", n)
	}
	return nil
}

// write writes value to dir/file.
func write(dir, file, value string) error {
	return sysfile.Write(filepath.Join(dir, file), []byte(value))
}

// pick returns the hierarchy that gives controller: cgroup v1's first, or
// v2's first with v2First.
func pick(hs []hierarchy, controller string, v2First bool) (hierarchy, bool) {
	for _, wantV2 := range []bool{v2First, !v2First} {
		for _, h := range hs {
			if h.v2 == wantV2 && h.controllers[controller] {
				return h, true
			}
		}
	}
	return hierarchy{}, false
}

// join moves process pid into the cgroups.
func (c *cgroup) join(pid int) error {
	for _, d := range c.dirs {
		if err := launch.JoinCgroup(d, pid); err != nil {
			return err
		}
	}
	return nil
}

// procs returns the processes in the cgroup.
func (c *cgroup) procs() []int {
	if c == nil {
		return nil
	}
	return cgroupProcs(c.procsDir)
}

// canFreeze reports whether the cgroup has a freezer.
func (c *cgroup) canFreeze() bool { return c != nil && c.freeze != nil }

// outsideFreezer returns arena's own cgroup in the freezer's hierarchy,
// outside the bot's, or "" where the bot has no freezer.
func (c *cgroup) outsideFreezer() string {
	if !c.canFreeze() {
		return ""
	}
	return c.freezeBase
}

// setFrozen freezes or thaws every process of the cgroup. The kernel
// completes it asynchronously, within microseconds for running tasks.
func (c *cgroup) setFrozen(frozen bool) {
	var v []byte
	switch {
	case c.freezeV1 && frozen:
		v = []byte("FROZEN")
	case c.freezeV1:
		v = []byte("THAWED")
	case frozen:
		v = []byte("1")
	default:
		v = []byte("0")
	}
	_, _ = unix.Pwrite(int(c.freeze.Fd()), v, 0)
}

// oomKills returns how many processes the kernel's out-of-memory killer
// killed in the bot's memory cgroup.
func (c *cgroup) oomKills() int {
	if c == nil || c.oom == nil {
		return 0
	}
	var buf [512]byte
	n, err := unix.Pread(int(c.oom.Fd()), buf[:], 0)
	if err != nil || n <= 0 {
		return 0
	}
	for _, line := range strings.Split(string(buf[:n]), "\n") {
		if v, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	return 0
}

// kill kills every process in the cgroup at once where the kernel can
// (cgroup.kill, cgroup v2 since Linux 5.14); elsewhere it does nothing and
// the sweep kills the members one by one. A cgroup v1 freezer is thawed,
// since a frozen task there does not die before it thaws.
func (c *cgroup) kill() {
	if c == nil {
		return
	}
	if c.killDir != "" {
		_ = write(c.killDir, "cgroup.kill", "1")
	}
	if c.freezeV1 {
		c.setFrozen(false)
	}
}

// remove removes the cgroups once their last process is gone, waiting up
// to d.
func (c *cgroup) remove(d time.Duration) error {
	if c == nil {
		return nil
	}
	for _, f := range []*os.File{c.freeze, c.oom, c.cpu} {
		if f != nil {
			_ = f.Close()
		}
	}
	var errs []error
	for _, dir := range c.dirs {
		errs = append(errs, removeCgroup(dir, d))
	}
	return errors.Join(errs...)
}

// removeCgroup removes the cgroup dir once its last process is gone,
// waiting up to d.
func removeCgroup(dir string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		err := os.Remove(dir)
		if err == nil || errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("removing cgroup: %w", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// describe says, for the sandbox's report, how c stops the bot and counts
// its memory.
func (c *cgroup) describe() (freezer, memory string) {
	freezer = "none: SIGSTOP to its process group, setsid and setpgid refused"
	memory = "none: RLIMIT_DATA per process"
	if c.canFreeze() {
		freezer = "cgroup v2 cgroup.freeze"
		if c.freezeV1 {
			freezer = "cgroup v1 freezer.state"
		}
	}
	if c != nil && c.mem != "" {
		memory = "cgroup v2 memory.max, no swap"
		if !c.memV2 {
			memory = "cgroup v1 memory.limit_in_bytes"
			if _, err := os.Stat(filepath.Join(c.mem, "memory.memsw.limit_in_bytes")); err == nil {
				memory += " and memory.memsw.limit_in_bytes"
			}
		}
	}
	return freezer, memory
}

// cgroupProcs reads dir/cgroup.procs.
func cgroupProcs(dir string) []int {
	data, err := sysfile.Read(filepath.Join(dir, "cgroup.procs"))
	if err != nil {
		return nil
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// cgroupBases returns arena's own cgroups in the hierarchies it uses.
func cgroupBases() []string {
	var bases []string
	for _, h := range layout() {
		bases = append(bases, h.base)
	}
	return bases
}

// usedControllers are the cgroup v1 controllers a bot's cgroups use.
var usedControllers = []string{"pids", "memory", "freezer", "cpuacct"}

// layout returns hierarchies, read at its first call: arena's own cgroups
// and the mounts of their hierarchies stay as they are while it runs (a
// controller enabled for its children later counts from its next start),
// and reading them (/proc/self/cgroup and /proc/self/mountinfo) took
// 0.3 ms of each bot's start. The result is shared: read it, never change
// it.
var layout = sync.OnceValue(hierarchies)

// hierarchies returns the cgroup hierarchies where arena's own cgroup is
// and that give one of usedControllers (or cgroup v2's freezer and
// cpu.stat, which every cgroup v2 has, as "freezer" and "cpuacct"), from
// /proc/self/cgroup and /proc/self/mountinfo.
func hierarchies() []hierarchy {
	own := map[string]string{} // hierarchy's controller list (v1), or "" (v2): arena's cgroup path
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return nil
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// hierarchy-id:controllers:path
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			own[""] = parts[2]
		case parts[1] != "":
			for _, c := range strings.Split(parts[1], ",") {
				own[c] = parts[2]
			}
		}
	}
	f.Close()
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	var hs []hierarchy
	seen := map[string]bool{}
	for _, line := range strings.Split(string(mounts), "\n") {
		// id parent dev root mountpoint opts [optional...] - fstype source superopts
		pre, post, ok := strings.Cut(line, " - ")
		if !ok {
			continue
		}
		a, b := strings.Fields(pre), strings.Fields(post)
		if len(a) < 5 || len(b) < 3 {
			continue
		}
		root, point := a[3], a[4]
		h := hierarchy{controllers: map[string]bool{}}
		var path string
		switch b[0] {
		case "cgroup2":
			p, ok := own[""]
			if !ok {
				continue
			}
			path, h.v2 = p, true
		case "cgroup":
			for _, c := range usedControllers {
				if hasWord(b[2], c) {
					if p, ok := own[c]; ok {
						path = p
						h.controllers[c] = true
					}
				}
			}
			if len(h.controllers) == 0 {
				continue
			}
		default:
			continue
		}
		if root != "/" {
			path = strings.TrimPrefix(path, root)
		}
		h.base = filepath.Join(point, path)
		if seen[h.base] {
			continue
		}
		if h.v2 {
			data, _ := os.ReadFile(filepath.Join(h.base, "cgroup.subtree_control"))
			for _, c := range strings.Fields(string(data)) {
				h.controllers[c] = true
			}
			h.controllers["freezer"] = true // cgroup.freeze, in every child
			h.controllers["cpuacct"] = true // cpu.stat, in every child
		}
		seen[h.base] = true
		hs = append(hs, h)
	}
	return hs
}

// hasWord reports whether the comma-separated list holds w.
func hasWord(list, w string) bool {
	for _, x := range strings.Split(list, ",") {
		if x == w {
			return true
		}
	}
	return false
}

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
	"time"

	"github.com/arenabots/arena/bots/sandbox/launch"
)

// A bot gets its own pids cgroup when arena may make one: a child of
// arena's own cgroup in the pids hierarchy (cgroup v1) or in the unified
// hierarchy (cgroup v2, where the pids controller is enabled for arena's
// children). Its pids.max is the exact number of tasks the bot may run, for
// root too, which RLIMIT_NPROC is not; and its member list holds every
// process of the bot, including one that left the bot's session. Where
// arena may make none (no write access, no pids controller), the host does
// without: RLIMIT_NPROC and the /proc sweep of family.

// cgroup is one bot's pids cgroup.
type cgroup struct {
	dir string
}

// newCgroup makes the pids cgroup called name with a pids.max of max tasks
// (0 or less: no limit), or returns nil where arena may not.
func newCgroup(name string, max int) *cgroup {
	limit := "max"
	if max > 0 {
		limit = strconv.Itoa(max)
	}
	for _, base := range cgroupBases() {
		dir := filepath.Join(base, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(limit), 0); err != nil {
			_ = os.Remove(dir) // no pids controller here
			continue
		}
		return &cgroup{dir: dir}
	}
	return nil
}

// join moves process pid into the cgroup.
func (c *cgroup) join(pid int) error {
	return launch.JoinCgroup(c.dir, pid)
}

// procs returns the processes in the cgroup.
func (c *cgroup) procs() []int {
	if c == nil {
		return nil
	}
	return cgroupProcs(c.dir)
}

// kill kills every process in the cgroup at once where the kernel can
// (cgroup.kill, cgroup v2 since Linux 5.14); elsewhere it does nothing and
// the sweep kills the members one by one.
func (c *cgroup) kill() {
	if c != nil {
		_ = os.WriteFile(filepath.Join(c.dir, "cgroup.kill"), []byte("1"), 0)
	}
}

// remove removes the cgroup once its last process is gone, waiting up to d.
func (c *cgroup) remove(d time.Duration) error {
	if c == nil {
		return nil
	}
	deadline := time.Now().Add(d)
	for {
		err := os.Remove(c.dir)
		if err == nil || errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("removing cgroup: %w", err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// cgroupProcs reads dir/cgroup.procs.
func cgroupProcs(dir string) []int {
	data, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
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

// cgroupBases returns where arena's own cgroups are: in the pids hierarchy
// of cgroup v1 first, then in the unified hierarchy; those it finds.
func cgroupBases() []string {
	own := map[string]string{} // "pids" (v1) or "" (v2): arena's cgroup path
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
		case hasWord(parts[1], "pids"):
			own["pids"] = parts[2]
		}
	}
	f.Close()
	mounts, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	found := map[string]string{}
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
		var which string
		switch {
		case b[0] == "cgroup2":
			which = ""
		case b[0] == "cgroup" && hasWord(b[2], "pids"):
			which = "pids"
		default:
			continue
		}
		path, ok := own[which]
		if !ok {
			continue
		}
		if root != "/" {
			path = strings.TrimPrefix(path, root)
		}
		found[which] = filepath.Join(point, path)
	}
	var bases []string
	for _, which := range []string{"pids", ""} {
		if b, ok := found[which]; ok {
			bases = append(bases, b)
		}
	}
	return bases
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

//go:build linux

package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/arenabots/arena/host/sandbox/internal/sysfile"
	"golang.org/x/sys/unix"
)

// The CPU time of a bot is what its cgroup counts: every thread of every
// process of the bot, whatever session or group it moved to, and nothing
// of the rest of the machine. The file stays open, and each reading is one
// pread(2) of a few dozen bytes, so that reading it before and after every
// call costs the call a few microseconds (see docs/limits.md).

// openCPU opens the file of dir, a cgroup v2 (cpu.stat) or a cgroup v1 of
// the cpuacct controller (cpuacct.usage), that counts the CPU time of its
// processes, and keeps it in c if it can be read.
func (c *cgroup) openCPU(dir string, v2 bool) {
	file := "cpu.stat"
	if !v2 {
		file = "cpuacct.usage"
	}
	f, err := sysfile.Open(filepath.Join(dir, file), os.O_RDONLY)
	if err != nil {
		return
	}
	c.cpu, c.cpuV1 = f, !v2
	if _, ok := c.cpuTime(); !ok {
		_ = f.Close()
		c.cpu = nil
	}
}

// cpuTime returns the CPU time the cgroup's processes used since it was
// made, and false where it has no file that counts it or the file cannot be
// read.
func (c *cgroup) cpuTime() (time.Duration, bool) {
	if c == nil || c.cpu == nil {
		return 0, false
	}
	var buf [128]byte
	n, err := unix.Pread(int(c.cpu.Fd()), buf[:], 0)
	if err != nil || n <= 0 {
		return 0, false
	}
	return parseCPU(buf[:n], c.cpuV1)
}

// usageKey starts cgroup v2 cpu.stat's line of the total CPU time, in µs.
var usageKey = []byte("usage_usec ")

// parseCPU reads the CPU time in data: cgroup v1 cpuacct.usage (a number of
// nanoseconds), or cgroup v2 cpu.stat (its usage_usec line, the first).
func parseCPU(data []byte, v1 bool) (time.Duration, bool) {
	var unit time.Duration = time.Nanosecond
	if !v1 {
		i := bytes.Index(data, usageKey)
		if i < 0 {
			return 0, false
		}
		data, unit = data[i+len(usageKey):], time.Microsecond
	}
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[:i]
	}
	v, err := strconv.ParseUint(string(bytes.TrimSpace(data)), 10, 63)
	if err != nil {
		return 0, false
	}
	return time.Duration(v) * unit, true
}

// describeCPU says, for the sandbox's report, what counts the bot's CPU
// time.
func (c *cgroup) describeCPU() string {
	switch {
	case c == nil || c.cpu == nil:
		return NoCPUClock
	case c.cpuV1:
		return "cgroup v1 cpuacct.usage"
	}
	return "cgroup v2 cpu.stat usage_usec"
}

// NoCPUClock is Report.CPUClock where no cgroup counts a bot's CPU time:
// clock: cpu falls back to the wall clock.
const NoCPUClock = "none: the wall clock"

// CPUTime returns the CPU time every process of the bot used so far, all
// their threads together, as its cgroup counts it; false where the bot has
// no cgroup that counts it (no cgroup, or neither cgroup v2 nor cgroup v1's
// cpuacct controller), where a caller charges the wall clock instead. It
// reads one open file: a few microseconds.
func (b *Box) CPUTime() (time.Duration, bool) { return b.cg.cpuTime() }

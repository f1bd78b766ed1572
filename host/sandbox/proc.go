//go:build linux

package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/arenabots/arena/host/sandbox/internal/sysfile"
)

// What the host reads of other processes, from /proc. Every scan is a
// snapshot: a process may end or start the moment after, so callers treat
// what they find as candidates and check again before they act (see kill).

// procStat is what /proc/PID/stat says of a process.
type procStat struct {
	pid, ppid, pgid, sid int
	state                byte   // R, S, D, T, Z, X...
	flags                uint64 // the kernel's flags of the task (PF_*)
	start                uint64 // start time, in clock ticks since boot
	cpu                  uint64 // user and system time, in clock ticks
}

// procKey names a process for good: a pid is reused, a pid and a start
// time are not.
type procKey struct {
	pid   int
	start uint64
}

func (s procStat) key() procKey { return procKey{s.pid, s.start} }

// alive reports whether the process still runs (a zombie is dead).
func (s procStat) alive() bool { return s.state != 'Z' && s.state != 'X' }

// pfExiting is the kernel's task flag PF_EXITING (include/linux/sched.h),
// set as a task starts to exit, before it closes its files.
const pfExiting = 0x4

// exiting reports whether the process is ending or dead: the kernel set
// PF_EXITING on it, which no process comes back from.
func (s procStat) exiting() bool { return !s.alive() || s.flags&pfExiting != 0 }

// readStat reads /proc/PID/stat.
func readStat(pid int) (procStat, error) {
	data, err := sysfile.Read("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, err
	}
	return parseStat(pid, data)
}

// parseStat reads the line of /proc/PID/stat: "pid (comm) state ppid pgrp
// session ...", where comm may hold spaces and parentheses.
func parseStat(pid int, data []byte) (procStat, error) {
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return procStat{}, fmt.Errorf("/proc/%d/stat: no command name", pid)
	}
	f := strings.Fields(string(data[i+1:]))
	// Fields from 3 (state) on: f[k] is field k+3 of proc(5).
	if len(f) < 20 || len(f[0]) != 1 {
		return procStat{}, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f)+2)
	}
	s := procStat{pid: pid, state: f[0][0]}
	var errs [7]error
	s.ppid, errs[0] = strconv.Atoi(f[1])
	s.pgid, errs[1] = strconv.Atoi(f[2])
	s.sid, errs[2] = strconv.Atoi(f[3])
	utime, e3 := strconv.ParseUint(f[11], 10, 64)
	stime, e4 := strconv.ParseUint(f[12], 10, 64)
	errs[3], errs[4] = e3, e4
	s.start, errs[5] = strconv.ParseUint(f[19], 10, 64)
	s.flags, errs[6] = strconv.ParseUint(f[6], 10, 64)
	s.cpu = utime + stime
	if err := errors.Join(errs[:]...); err != nil {
		return procStat{}, fmt.Errorf("/proc/%d/stat: %w", pid, err)
	}
	return s, nil
}

// listProcs returns every process it can read.
func listProcs() ([]procStat, error) {
	d, err := os.Open("/proc")
	if err != nil {
		return nil, fmt.Errorf("listing processes: %w", err)
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil, fmt.Errorf("listing processes: %w", err)
	}
	procs := make([]procStat, 0, len(names))
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		if s, err := readStat(pid); err == nil {
			procs = append(procs, s)
		} // else gone meanwhile
	}
	return procs, nil
}

// hasEnv reports whether process pid was started with kv ("KEY=VALUE") in
// its environment. A process that is gone or not readable has not.
func hasEnv(pid int, kv string) bool {
	data, err := sysfile.Read("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	for _, e := range bytes.Split(data, []byte{0}) {
		if string(e) == kv {
			return true
		}
	}
	return false
}

// envValue returns the value of key in process pid's initial environment.
func envValue(pid int, key string) (string, bool) {
	data, err := sysfile.Read("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return "", false
	}
	for _, e := range bytes.Split(data, []byte{0}) {
		if v, ok := bytes.CutPrefix(e, []byte(key+"=")); ok {
			return string(v), true
		}
	}
	return "", false
}

// inDir reports whether process pid's working directory is dir or under it.
func inDir(pid int, dir string) bool {
	cwd, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/cwd")
	if err != nil {
		return false
	}
	cwd = strings.TrimSuffix(cwd, " (deleted)")
	return cwd == dir || strings.HasPrefix(cwd, dir+"/")
}

// liveInGroup returns the processes of group pgid that are still running
// (zombies, already dead, are left out).
func liveInGroup(pgid int) ([]int, error) {
	procs, err := listProcs()
	if err != nil {
		return nil, err
	}
	var live []int
	for _, s := range procs {
		if s.pgid == pgid && s.alive() {
			live = append(live, s.pid)
		}
	}
	return live, nil
}

// ProcState returns process pid's state letter (R, S, T for stopped, Z for
// a zombie...) and the CPU time it used, in clock ticks, from /proc.
func ProcState(pid int) (state byte, cpu uint64, err error) {
	s, err := readStat(pid)
	return s.state, s.cpu, err
}

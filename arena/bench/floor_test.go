//go:build linux

package bench

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/internal/testbin"
)

// The floor benchmarks play what a game of BenchmarkRestart's costs with
// nothing of arena in it: a plain Go program (the benchmark) starts two
// children (floorchild, a plain Go program too) and sends them floorCalls
// requests of floorRequest bytes in turns, each answered by one line, over
// pipes. Their ms/game and cpu-ms/game sit beside BenchmarkRestart's in one
// run, so that arena's cost over the floor is a ratio on any machine:
//
//	go test -run '^$' -bench 'Restart/tempo|Floor' -benchtime 60x ./arena/bench
const (
	floorCalls   = 30
	floorRequest = 400
)

// floorNamespaces are the namespaces of a sandbox-like child: mount, PID,
// network, IPC, UTS and cgroup.
const floorNamespaces = unix.CLONE_NEWNS | unix.CLONE_NEWPID | unix.CLONE_NEWNET | unix.CLONE_NEWIPC | unix.CLONE_NEWUTS | unix.CLONE_NEWCGROUP

// BenchmarkFloor plays b.N floor games of each kind:
//
//   - fresh/plain: two children forked and executed per game;
//   - fresh/sandbox-like: the same, each child in six new namespaces
//     (floorNamespaces) and three new cgroups (pids, memory, freezer; one
//     cgroup under cgroup v2), removed after it;
//   - kept/plain: two children kept across games;
//   - kept/freeze: the same, each in a freezer cgroup thawed before and
//     frozen after every call, as restart: off does, with the freezer a
//     bot gets (cgroup v2's where there is one: see floorCgroups).
//
// It reports the wall and the CPU (the benchmark's and its children's) of a
// game in ms; a kept child's CPU is counted when it ends, after the last
// game, its start spread over the games.
func BenchmarkFloor(b *testing.B) {
	child, err := testbin.FloorChild()
	if err != nil {
		b.Fatal(err)
	}
	request := append(bytes.Repeat([]byte("x"), floorRequest-1), '\n')
	fresh := func(b *testing.B, sandbox bool) {
		for b.Loop() {
			var kids [2]*floorKid
			for i := range kids {
				kids[i] = startFloorKid(b, child, sandbox, sandboxCgroups(sandbox))
			}
			for c := range floorCalls {
				kids[c%2].call(b, request)
			}
			for _, k := range kids {
				k.stop(b)
			}
		}
	}
	kept := func(b *testing.B, freeze bool) {
		var kids [2]*floorKid
		for i := range kids {
			kids[i] = startFloorKid(b, child, false, freezerCgroups(freeze))
			if freeze {
				kids[i].setFrozen(b, true)
			}
		}
		for b.Loop() {
			for c := range floorCalls {
				k := kids[c%2]
				if freeze {
					k.setFrozen(b, false)
				}
				k.call(b, request)
				if freeze {
					k.setFrozen(b, true)
				}
			}
		}
		for _, k := range kids {
			if freeze {
				k.setFrozen(b, false)
			}
			k.stop(b)
		}
	}
	run := func(name string, play func(*testing.B)) {
		b.Run(name, func(b *testing.B) {
			before := cpuTime(b)
			start := time.Now()
			play(b)
			wall, cpu := time.Since(start), cpuTime(b)-before
			b.ReportMetric(ms(wall)/float64(b.N), "ms/game")
			b.ReportMetric(ms(cpu)/float64(b.N), "cpu-ms/game")
		})
	}
	run("fresh/plain", func(b *testing.B) { fresh(b, false) })
	run("fresh/sandbox-like", func(b *testing.B) { fresh(b, true) })
	run("kept/plain", func(b *testing.B) { kept(b, false) })
	run("kept/freeze", func(b *testing.B) { kept(b, true) })
}

// cpuTime returns the CPU time of this process and of its children waited
// for.
func cpuTime(tb testing.TB) time.Duration {
	var total time.Duration
	for _, who := range []int{unix.RUSAGE_SELF, unix.RUSAGE_CHILDREN} {
		var ru unix.Rusage
		if err := unix.Getrusage(who, &ru); err != nil {
			tb.Fatal(err)
		}
		total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total
}

// floorKid is one child of a floor game.
type floorKid struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	cgroups []string // its cgroups' directories
	freeze  string   // its freezer's state file, or ""
}

// floorCgroups are the cgroups a floor child is put in.
type floorCgroups int

const (
	noCgroups floorCgroups = iota
	// sandboxLike are the cgroups of a sandbox-like child: pids, memory
	// and freezer under cgroup v1, one cgroup under v2.
	sandboxLike
	// freezerOnly is a freezer cgroup of the version arena gives a bot
	// (host/sandbox): cgroup v2's where arena's own cgroup has one, as in
	// a hybrid layout's unified hierarchy, else v1's. cgroup v2's wakes
	// every thread of the child to stop it, and again to resume it, where
	// v1's leaves a sleeping thread asleep.
	freezerOnly
)

// sandboxCgroups returns sandboxLike if sandbox, else noCgroups.
func sandboxCgroups(sandbox bool) floorCgroups {
	if sandbox {
		return sandboxLike
	}
	return noCgroups
}

// freezerCgroups returns freezerOnly if freeze, else noCgroups.
func freezerCgroups(freeze bool) floorCgroups {
	if freeze {
		return freezerOnly
	}
	return noCgroups
}

// startFloorKid starts child, in new namespaces when isolate, in the
// cgroups cg.
func startFloorKid(tb testing.TB, child string, isolate bool, cg floorCgroups) *floorKid {
	cmd := exec.Command(child)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if isolate {
		cmd.SysProcAttr.Cloneflags = floorNamespaces
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	k := &floorKid{cmd: cmd, in: in, out: bufio.NewReader(out)}
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting the floor's child: %v", err)
	}
	if cg != noCgroups {
		k.joinCgroups(tb, cg)
	}
	return k
}

// joinCgroups makes the kid's cgroups cg and moves it in.
func (k *floorKid) joinCgroups(tb testing.TB, cg floorCgroups) {
	name := fmt.Sprintf("arena-floor-%d-%d", os.Getpid(), k.cmd.Process.Pid)
	bases := []string{"/sys/fs/cgroup/pids", "/sys/fs/cgroup/memory", "/sys/fs/cgroup/freezer"}
	if cg == freezerOnly {
		bases = bases[2:]
	}
	for _, v2 := range []string{"/sys/fs/cgroup", "/sys/fs/cgroup/unified"} {
		if _, err := os.Stat(filepath.Join(v2, "cgroup.controllers")); err == nil && (v2 == "/sys/fs/cgroup" || cg == freezerOnly) {
			bases = []string{v2}
			break
		}
	}
	for _, base := range bases {
		dir := filepath.Join(base, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			tb.Skipf("cannot make a cgroup: %v", err)
		}
		k.cgroups = append(k.cgroups, dir)
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(k.cmd.Process.Pid)), 0); err != nil {
			tb.Fatal(err)
		}
	}
	last := k.cgroups[len(k.cgroups)-1]
	k.freeze = filepath.Join(last, "cgroup.freeze")
	if filepath.Base(filepath.Dir(last)) == "freezer" {
		k.freeze = filepath.Join(last, "freezer.state")
	}
}

// setFrozen freezes or thaws the kid's freezer cgroup.
func (k *floorKid) setFrozen(tb testing.TB, frozen bool) {
	v := map[bool]string{true: "1", false: "0"}
	if filepath.Base(k.freeze) == "freezer.state" {
		v = map[bool]string{true: "FROZEN", false: "THAWED"}
	}
	if err := os.WriteFile(k.freeze, []byte(v[frozen]), 0); err != nil {
		tb.Fatal(err)
	}
}

// call sends one request and reads the answer.
func (k *floorKid) call(tb testing.TB, request []byte) {
	if _, err := k.in.Write(request); err != nil {
		tb.Fatal(err)
	}
	if _, err := k.out.ReadSlice('\n'); err != nil {
		tb.Fatal(err)
	}
}

// stop ends the kid's input, waits for it and removes its cgroups.
func (k *floorKid) stop(tb testing.TB) {
	k.in.Close()
	if err := k.cmd.Wait(); err != nil {
		tb.Fatal(err)
	}
	for _, dir := range k.cgroups {
		if err := os.Remove(dir); err != nil {
			tb.Error(err)
		}
	}
}

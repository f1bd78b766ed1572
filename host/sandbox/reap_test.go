//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/host/sandbox/internal/sysfile"
	"golang.org/x/sys/unix"
)

// TestReapThawsFrozenOrphans leaves a process frozen by a cgroup v1
// freezer whose cgroup is named as a dead arena process's: such a task does
// not die of SIGKILL before it thaws, so the reaper must thaw it, and then
// kills it and removes the cgroup.
func TestReapThawsFrozenOrphans(t *testing.T) {
	const base = "/sys/fs/cgroup/freezer"
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	if _, err := os.Stat(base); err != nil {
		t.Skip("no cgroup v1 freezer")
	}
	me, err := self()
	if err != nil {
		t.Fatal(err)
	}
	// The dead owner: a process that ran and was reaped.
	gone := exec.Command("sleep", "60")
	if err := gone.Start(); err != nil {
		t.Fatal(err)
	}
	s, err := readStat(gone.Process.Pid)
	gone.Process.Kill()
	gone.Wait()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(base, fmt.Sprintf("%s%d-%d-%d-1", namePrefix, me.ns, s.pid, s.start))
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	orphan := exec.Command("sleep", "600")
	orphan.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := orphan.Start(); err != nil {
		os.Remove(dir)
		t.Fatal(err)
	}
	var waited error
	ended := make(chan struct{})
	go func() { waited = orphan.Wait(); close(ended) }()
	t.Cleanup(func() { // whatever the reaper left
		_ = write(dir, "freezer.state", "THAWED")
		_ = orphan.Process.Kill()
		<-ended
		_ = removeCgroup(dir, time.Minute)
	})
	if err := write(dir, "cgroup.procs", fmt.Sprint(orphan.Process.Pid)); err != nil {
		t.Fatal(err)
	}
	if err := write(dir, "freezer.state", "FROZEN"); err != nil {
		t.Fatal(err)
	}
	for { // the kernel freezes asynchronously: until it says it did
		state, err := sysfile.Read(filepath.Join(dir, "freezer.state"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(string(state)) == "FROZEN" {
			break
		}
		time.Sleep(time.Millisecond)
	}
	reapOrphans(me)
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the dead owner's frozen cgroup %s is still there", dir)
	}
	<-ended
	if waited == nil || !strings.Contains(waited.Error(), "killed") {
		t.Errorf("the frozen orphan ended with %v, want killed", waited)
	}
}

// TestExiting reads the kernel's word on whether a process is ending: this
// one runs, a child that exited and is not yet reaped (a zombie) is ending,
// and so is a task whose flags have PF_EXITING, which the kernel sets
// before it closes the task's files.
func TestExiting(t *testing.T) {
	self, err := readStat(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if self.exiting() {
		t.Errorf("this process (flags %#x, state %c) reads as exiting", self.flags, self.state)
	}
	cmd := exec.Command("/bin/true")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var info unix.Siginfo // waited for, not reaped: a zombie
	if err := unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil); err != nil {
		t.Fatal(err)
	}
	zombie, err := readStat(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	if !zombie.exiting() {
		t.Errorf("an exited child (state %c, flags %#x) does not read as exiting", zombie.state, zombie.flags)
	}
	_ = cmd.Wait()
	// A task in do_exit, between PF_EXITING and its files' close, as
	// /proc/PID/stat shows it (flags 0x40444c: PF_EXITING among others).
	line := []byte("4242 (arena bot) S 1 4242 4242 0 -1 4211788 100 0 0 0 5 3 0 0 20 0 1 0 777 0 0 0")
	s, err := parseStat(4242, line)
	if err != nil {
		t.Fatal(err)
	}
	if s.flags != 4211788 || !s.exiting() {
		t.Errorf("flags %d (exiting %v), want 4211788, exiting", s.flags, s.exiting())
	}
}

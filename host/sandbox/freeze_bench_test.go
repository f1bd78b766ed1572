//go:build linux

package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// BenchmarkFreezeThaw measures what stopping and resuming a bot costs the
// host per call, for each way there is here: SIGSTOP and SIGCONT to its
// process group, the cgroup v2 freezer (cgroup.freeze) and the cgroup v1
// freezer (freezer.state). The bot is a process that spins, as a bot
// thinking would.
func BenchmarkFreezeThaw(b *testing.B) {
	spin := func(b *testing.B) *exec.Cmd {
		cmd := exec.Command("/bin/sh", "-c", "while :; do :; done")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() {
			_ = unix.Kill(-cmd.Process.Pid, unix.SIGKILL)
			_ = cmd.Wait()
		})
		return cmd
	}
	b.Run("signal", func(b *testing.B) {
		pid := spin(b).Process.Pid
		for b.Loop() {
			_ = unix.Kill(-pid, unix.SIGSTOP)
			_ = unix.Kill(-pid, unix.SIGCONT)
		}
	})
	for _, v2 := range []bool{true, false} {
		name := map[bool]string{true: "cgroup-v2", false: "cgroup-v1"}[v2]
		b.Run(name, func(b *testing.B) {
			var base string
			for _, h := range hierarchies() {
				if h.v2 == v2 && h.controllers["freezer"] {
					base = h.base
				}
			}
			if base == "" {
				b.Skip("no " + name + " freezer here")
			}
			dir := filepath.Join(base, "arena-bench-freeze-"+strconv.Itoa(os.Getpid()))
			if err := os.Mkdir(dir, 0o755); err != nil {
				b.Skip("cannot make a cgroup: ", err)
			}
			b.Cleanup(func() { _ = removeCgroup(dir, killWait) }) // after the kill
			cmd := spin(b)
			if err := write(dir, "cgroup.procs", strconv.Itoa(cmd.Process.Pid)); err != nil {
				b.Fatal(err)
			}
			file := map[bool]string{true: "cgroup.freeze", false: "freezer.state"}[v2]
			f, err := os.OpenFile(filepath.Join(dir, file), os.O_WRONLY, 0)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			c := &cgroup{freeze: f, freezeV1: !v2}
			b.Cleanup(func() { c.setFrozen(false) })
			for b.Loop() {
				c.setFrozen(true)
				c.setFrozen(false)
			}
		})
	}
}

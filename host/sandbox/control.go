//go:build linux

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"golang.org/x/sys/unix"
)

// A running bot's control: its end awaited, its group stopped, resumed,
// reniced and killed, its family remembered and swept, its box removed.

// wait waits for the main process to end without reaping it, kills what is
// left of its group while the zombie still holds the group id, then reaps.
func (b *Box) wait() {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, b.pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	b.mu.Lock()
	_ = unix.Kill(-b.pid, unix.SIGKILL)
	b.waitErr = b.cmd.Wait()
	b.state = b.cmd.ProcessState
	b.reaped = true
	b.mu.Unlock()
	close(b.exited)
}

// Wait waits for the main process to end and returns exec.Cmd.Wait's error.
func (b *Box) Wait() error {
	<-b.exited
	return b.waitErr
}

// State returns how the main process ended, once WaitExit said it did.
func (b *Box) State() *os.ProcessState {
	select {
	case <-b.exited:
		return b.state
	default:
		return nil
	}
}

// WaitExit waits up to d for the main process to be reaped.
func (b *Box) WaitExit(d time.Duration) bool {
	select {
	case <-b.exited:
		return true
	default:
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-b.exited:
		return true
	case <-t.C:
		return false
	}
}

// Ending reports whether the bot's main process ended or is ending, and
// waits for it to be reaped if so: how it ended is then a failed call's or
// start's truest name. The answer rests on what the kernel says, not on a
// wait of this machine's: the bot's process or its launcher's is gone, a
// zombie, or PF_EXITING, which the kernel sets before it closes a
// process's files, so that a connection that broke because the bot exited
// always finds it so. The wait is as long as a busy machine takes (endWait
// bounds a task stuck in the kernel). A bot that lives returns false at
// once.
func (b *Box) Ending() bool {
	return b.WaitExit(0) || b.ending() && b.WaitExit(endWait)
}

// EndsBefore is Ending, but waits too, until ctx ends (a call's own
// deadline), for a bot that lives: one whose connection broke may have
// closed it before it exits.
func (b *Box) EndsBefore(ctx context.Context) bool {
	if b.Ending() {
		return true
	}
	select {
	case <-b.exited:
		return true
	case <-ctx.Done():
		return b.WaitExit(0)
	}
}

// ending reports whether the kernel is ending the bot's process or its
// launcher's, or has ended one.
func (b *Box) ending() bool {
	b.mu.Lock()
	pids := []int{b.group, b.pid}
	b.mu.Unlock()
	for _, pid := range pids {
		if pid <= 0 {
			continue
		}
		s, err := readStat(pid)
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, unix.ESRCH) || err == nil && s.exiting() {
			return true
		}
	}
	return false
}

// endWait bounds Ending's wait for a bot the kernel is ending: only a task
// stuck in the kernel takes more than milliseconds.
const endWait = time.Minute

// Kill sends SIGKILL to the bot's process group, unless the main process
// was reaped already (then the group was killed at that moment). A box
// killed before its bot started kills the bot as soon as Start starts it.
func (b *Box) Kill() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.reaped {
		return
	}
	b.killed = true
	if b.pid == 0 {
		return // not started: Start kills it as soon as it is
	}
	// The bot's group: a sandboxed launcher's first stage, which waits for
	// the bot, then ends as it ended, after the bot's PID namespace is
	// gone, so that the main process's end still means the bot's.
	_ = unix.Kill(-b.group, unix.SIGKILL)
	// A frozen first stage could not reap the bot, nor a task frozen by
	// cgroup v1 die: all of them run again, and no Freeze stops them.
	if b.cg.canFreeze() {
		b.cg.setFrozen(false)
	}
}

// KilledByArena reports whether arena sent the group SIGKILL.
func (b *Box) KilledByArena() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.killed
}

// StartNice is the nice value of a bot while it starts and while it ends,
// where arena may set it back to 0 for its calls (see Box.niced): the work
// of starting and stopping bots, which a league does while other games
// play, then yields the CPU to the bots in play, whose time runs.
const StartNice = 10

// Nice gives the bot's process group nice 0 for its calls (playing), or
// StartNice again for its end, where it is niced.
func (b *Box) Nice(playing bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pid == 0 || b.reaped || !b.niced {
		return
	}
	n := StartNice
	if playing {
		n = 0
	}
	_ = unix.Setpriority(unix.PRIO_PGRP, b.group, n)
}

// Freeze stops the bot between its calls, unless it may ponder, is being
// closed, or its main process was reaped already: all its processes with
// its cgroup freezer, where it has one (none of them can resume another);
// otherwise its process group (SIGSTOP), which a sandboxed bot cannot
// leave (setsid and setpgid are refused then).
func (b *Box) Freeze() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pid != 0 && !b.reaped && !b.closing && !b.killed && !b.cfg.Ponder {
		if b.cg.canFreeze() {
			b.cg.setFrozen(true)
			return
		}
		_ = unix.Kill(-b.group, unix.SIGSTOP)
	}
}

// Thaw lets the bot run again; for good, when the bot is being closed: no
// later Freeze stops it.
func (b *Box) Thaw(forGood bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closing = b.closing || forGood
	if b.cg.canFreeze() {
		b.cg.setFrozen(false)
		if !forGood {
			return
		}
	}
	if b.pid != 0 && !b.reaped {
		_ = unix.Kill(-b.group, unix.SIGCONT)
	}
}

// Frozen reports whether the bot is stopped by its cgroup freezer (rather
// than by SIGSTOP to its process group) between its calls.
func (b *Box) Frozen() bool { return b.cg.canFreeze() }

// OutOfMemory reports whether the kernel's out-of-memory killer killed a
// process of the bot in its memory cgroup: the bot went over its memory
// limit, all its processes and its scratch tmpfs together.
func (b *Box) OutOfMemory() bool { return b.cg.oomKills() > 0 }

// hasMemoryCgroup reports whether the bot's memory is counted for all its
// processes together, in a memory cgroup of its own.
func (b *Box) hasMemoryCgroup() bool { return b.cg != nil && b.cg.mem != "" }

// bounded reports whether the bot's PID namespace bounds its family: a
// sandboxed bot is PID 1 of its own, which no process can leave, and when
// it ends the kernel kills every other process there and waits for them
// all before the bot's own end is reported. Once its main process is
// reaped, nothing of a bounded bot is left, and no scan of /proc is needed
// to find it.
func (b *Box) bounded() bool { return b.sandbox != nil }

// Remember records the bot's processes, its main process included while it
// is not reaped, so that a descendant that leaves session and group is
// still known after its parent dies; a bounded bot needs no record.
func (b *Box) Remember() {
	if b.bounded() {
		return
	}
	b.mu.Lock() // the main process is not reaped meanwhile
	defer b.mu.Unlock()
	if b.pid != 0 {
		b.fam.remember(!b.reaped)
	}
}

// Sweep kills what is left of the bot's family once its main process is
// reaped, waiting up to d; it returns the pids still alive then. A bounded
// bot has left nothing once reaped.
func (b *Box) Sweep(d time.Duration) []int {
	if b.PID() == 0 || b.bounded() && b.WaitExit(0) {
		return nil
	}
	return b.fam.sweep(false, d)
}

// PID returns the main process's pid, which is also its process group id,
// or 0 before it started.
func (b *Box) PID() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.pid
}

// Group returns the bot's process group id (see Box.group), or 0 before it
// started.
func (b *Box) Group() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.group
}

// Close removes the bot's cgroup and scratch directory and gives its uid
// back, once its processes are gone (Kill, WaitExit and Sweep). It returns
// what could not be removed.
func (b *Box) Close() error {
	var errs []error
	if err := b.cg.remove(killWait); err != nil {
		errs = append(errs, err)
	}
	if err := removeAll(b.dir); err != nil {
		errs = append(errs, err)
	}
	if sb := b.sandbox; sb != nil {
		sb.id.release()
	}
	b.mu.Lock()
	if b.sock != nil {
		_ = b.sock.Close()
		b.sock = nil
	}
	b.mu.Unlock()
	return errors.Join(errs...)
}

// Live returns the live processes of the bot's process group.
func (b *Box) Live() ([]int, error) { return liveInGroup(b.Group()) }

// Leftovers reports what of the bot is still there, after Close: the live
// processes of its groups (the main process's and the bot's) and its
// directory. It returns nil when nothing is.
func (b *Box) Leftovers() error {
	var errs []error
	for _, pgid := range slices.Compact([]int{b.PID(), b.Group()}) {
		if pgid == 0 {
			continue
		}
		live, err := liveInGroup(pgid)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("listing processes: %w", err))
		case len(live) > 0:
			errs = append(errs, fmt.Errorf("processes %v still running", live))
		}
	}
	if _, err := os.Stat(b.dir); !errors.Is(err, os.ErrNotExist) {
		errs = append(errs, fmt.Errorf("directory %s still there", b.dir))
	}
	return errors.Join(errs...)
}

// removeAll removes dir even where the bot took away its own permissions.
func removeAll(dir string) error {
	if err := os.RemoveAll(dir); err == nil {
		return nil
	}
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(path, 0o700)
		}
		return nil
	})
	return os.RemoveAll(dir)
}

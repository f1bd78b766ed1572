package bots

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Limits are applied by a launcher, a tiny trampoline: the host starts
//
//	LAUNCHER... -memory-mb N -processes N -- BOT ARGS...
//
// (arena's `arena bot launch`, which calls Launch) in the bot's new process
// group; the launcher sets the limits on itself with setrlimit and then
// execs the bot, which keeps the pid, the group and the limits. The bot so
// never runs a single instruction without its limits, which prlimit(2) on
// the child's pid after start cannot promise.

// launchArgs returns the arguments that follow the launcher command.
func launchArgs(l Limits, path string, args []string) []string {
	out := []string{
		"-memory-mb", strconv.Itoa(l.MemoryMB),
		"-processes", strconv.Itoa(l.Processes),
		"--", path,
	}
	return append(out, args...)
}

// Launch is the launcher's body (see Spec.Launcher): args are
// `-memory-mb N -processes N -- PATH [ARGS...]`. It sets the limits on its
// own process, then replaces itself with PATH, keeping the environment. It
// returns only on error.
func Launch(args []string) error {
	fs := flag.NewFlagSet("launch", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var l Limits
	fs.IntVar(&l.MemoryMB, "memory-mb", 0, "data memory limit in MiB (negative: none)")
	fs.IntVar(&l.Processes, "processes", 0, "processes and threads above the user's current count (negative: none)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return errors.New("launch: no executable after the limits")
	}
	if err := setLimits(0, l); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	err := syscall.Exec(rest[0], rest, os.Environ())
	return fmt.Errorf("launch %s: %w", rest[0], err)
}

// setLimits applies l to process pid (0: this process). It also turns off
// core dumps.
func setLimits(pid int, l Limits) error {
	set := func(name string, res int, v uint64) error {
		r := unix.Rlimit{Cur: v, Max: v}
		if err := unix.Prlimit(pid, res, &r, nil); err != nil {
			return fmt.Errorf("setting %s to %d: %w", name, v, err)
		}
		return nil
	}
	if err := set("RLIMIT_CORE", unix.RLIMIT_CORE, 0); err != nil {
		return err
	}
	if l.MemoryMB > 0 {
		if err := set("RLIMIT_DATA", unix.RLIMIT_DATA, uint64(l.MemoryMB)<<20); err != nil {
			return err
		}
	}
	if l.Processes > 0 {
		n, err := userTasks(os.Getuid())
		if err != nil {
			return err
		}
		if err := set("RLIMIT_NPROC", unix.RLIMIT_NPROC, uint64(n+l.Processes)); err != nil {
			return err
		}
	}
	return nil
}

// userTasks counts the processes and threads whose real user is uid, as the
// kernel does for RLIMIT_NPROC.
func userTasks(uid int) (int, error) {
	d, err := os.Open("/proc")
	if err != nil {
		return 0, fmt.Errorf("counting processes: %w", err)
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return 0, fmt.Errorf("counting processes: %w", err)
	}
	want := strconv.Itoa(uid)
	n := 0
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		data, err := os.ReadFile("/proc/" + name + "/status")
		if err != nil {
			continue // gone meanwhile
		}
		var realUID string
		threads := 0
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			key, val, _ := strings.Cut(sc.Text(), ":")
			switch key {
			case "Uid":
				if f := strings.Fields(val); len(f) > 0 {
					realUID = f[0]
				}
			case "Threads":
				threads, _ = strconv.Atoi(strings.TrimSpace(val))
			}
		}
		if realUID == want {
			n += threads
		}
	}
	return n, nil
}

// liveInGroup returns the processes of group pgid that are still running
// (zombies, already dead, are left out).
func liveInGroup(pgid int) ([]int, error) {
	d, err := os.Open("/proc")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil, err
	}
	var live []int
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...; comm may hold spaces and parens.
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) < 3 || f[0] == "Z" || f[0] == "X" {
			continue
		}
		if g, _ := strconv.Atoi(f[2]); g == pgid {
			live = append(live, pid)
		}
	}
	return live, nil
}

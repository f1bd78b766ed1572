package host

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// Limits are applied by a launcher, a tiny trampoline: the host starts
//
//	LAUNCHER... -memory-mb N -processes N [-cgroup DIR] -- BOT ARGS...
//
// (arena's `arena bot launch`, which calls Launch) in the bot's new session
// and process group, with SIGKILL as its parent-death signal; the launcher
// sets the limits on itself with setrlimit, joins the bot's pids cgroup,
// and then execs the bot, which keeps the pid, the session, the group, the
// cgroup, the limits and the parent-death signal (set again on the thread
// that execs, the one that lives on as the bot). The bot so never runs a
// single instruction without its limits, which prlimit(2) on the child's pid
// after start cannot promise.

// launchArgs returns the arguments that follow the launcher command; cg is
// the bot's cgroup directory, or "".
func launchArgs(l Limits, cg, path string, args []string) []string {
	out := []string{
		"-memory-mb", strconv.Itoa(l.MemoryMB),
		"-processes", strconv.Itoa(l.Processes),
	}
	if cg != "" {
		out = append(out, "-cgroup", cg)
	}
	out = append(out, "--", path)
	return append(out, args...)
}

// Launch is the launcher's body (see Spec.Launcher): args are
// `-memory-mb N -processes N [-cgroup DIR] -- PATH [ARGS...]`. It sets the
// limits on its own process, joins the cgroup DIR when given, then replaces
// itself with PATH, keeping the environment. It returns only on error.
func Launch(args []string) error {
	ppid := os.Getppid()
	fs := flag.NewFlagSet("launch", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var l Limits
	var cg string
	fs.IntVar(&l.MemoryMB, "memory-mb", 0, "data memory limit in MiB (negative: none)")
	fs.IntVar(&l.Processes, "processes", 0, "processes and threads above the user's current count (negative: none)")
	fs.StringVar(&cg, "cgroup", "", "the pids cgroup to join")
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
	if cg != "" {
		if err := (&cgroup{dir: cg}).join(os.Getpid()); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
	}
	// The parent-death signal that the host set when it forked the
	// launcher belongs to the launcher's first thread, and only the thread
	// that execs lives on in the bot: the Go runtime may run this code on
	// another. So set it again on this thread, and keep to it until exec.
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(unix.SIGKILL), 0, 0, 0); err != nil {
		return fmt.Errorf("launch: setting the parent-death signal: %w", err)
	}
	if os.Getppid() != ppid {
		return errors.New("launch: arena died meanwhile")
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

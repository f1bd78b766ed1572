package host

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
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

// launchOptions are the launcher's arguments besides the bot's command.
type launchOptions struct {
	limits Limits
	cgroup string // the pids cgroup to join, or "" (the host joins a sandboxed bot itself)
	// With the sandbox (see sandbox.go):
	sandbox  bool
	uidMode  string    // how the bot's uid was chosen, for the report
	scratch  string    // host path of the scratch directory
	readOnly []ownFile // the bot's own files
	report   bool      // print what the sandbox achieved instead of exec
}

// ownFile is one of the bot's own files (or directories) in its view: at
// path, attached from descriptor fd, a detached copy of its mount tree
// (see detach), or bound from path when fd is negative.
type ownFile struct {
	path string
	fd   int
}

// String returns the launcher's argument for f: FD:PATH, or PATH.
func (f ownFile) String() string {
	if f.fd < 0 {
		return f.path
	}
	return strconv.Itoa(f.fd) + ":" + f.path
}

// parseOwnFile reads an ownFile argument: FD:PATH, or an absolute PATH.
func parseOwnFile(s string) (ownFile, error) {
	if strings.HasPrefix(s, "/") {
		return ownFile{path: s, fd: -1}, nil
	}
	fd, path, _ := strings.Cut(s, ":")
	n, err := strconv.Atoi(fd)
	if err != nil || n < 0 || !strings.HasPrefix(path, "/") {
		return ownFile{}, fmt.Errorf("%q: want FD:PATH or PATH, with PATH absolute", s)
	}
	return ownFile{path: path, fd: n}, nil
}

// syncFD is the descriptor on which a sandboxed launcher waits for the
// host: one byte once the host has moved it into its cgroup, end of file if
// the host gave up.
const syncFD = 3

// args returns the arguments that follow the launcher command.
func (o launchOptions) args(path string, args []string) []string {
	out := []string{
		"-memory-mb", strconv.Itoa(o.limits.MemoryMB),
		"-processes", strconv.Itoa(o.limits.Processes),
	}
	if o.cgroup != "" {
		out = append(out, "-cgroup", o.cgroup)
	}
	if o.sandbox {
		out = append(out, "-sandbox", "-uid-mode", o.uidMode, "-scratch", o.scratch)
		for _, f := range o.readOnly {
			out = append(out, "-ro", f.String())
		}
	}
	if o.report {
		out = append(out, "-report")
	}
	out = append(out, "--", path)
	return append(out, args...)
}

// Launch is the launcher's body (see Spec.Launcher): args are
// `-memory-mb N -processes N [-cgroup DIR] [-sandbox -uid-mode TEXT
// -scratch DIR -ro [FD:]PATH... [-report]] -- PATH [ARGS...]`. It sets the
// limits on its own process and joins the cgroup DIR when given; with
// -sandbox it first waits for the host (syncFD), and after the limits
// builds the bot's view, attaching the bot's files from the descriptors FD
// the host handed over (or binding their paths), and confines itself (see
// sandbox.go); the bot inherits no descriptor beyond 0-2. Then it
// replaces itself with PATH, keeping the environment; with -report it
// prints what the sandbox achieved, as JSON, and exits instead. It returns
// only on error.
func Launch(args []string) error {
	ppid := os.Getppid()
	fs := flag.NewFlagSet("launch", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o launchOptions
	fs.IntVar(&o.limits.MemoryMB, "memory-mb", 0, "data memory limit in MiB (negative: none)")
	fs.IntVar(&o.limits.Processes, "processes", 0, "processes and threads above the user's current count (negative: none)")
	fs.StringVar(&o.cgroup, "cgroup", "", "the pids cgroup to join")
	fs.BoolVar(&o.sandbox, "sandbox", false, "build the bot's view and confine it")
	fs.StringVar(&o.uidMode, "uid-mode", "", "how the bot's uid was chosen")
	fs.StringVar(&o.scratch, "scratch", "", "the scratch directory, the bot's /tmp")
	fs.Func("ro", "a file of the bot's, read-only: [FD:]PATH", func(s string) error {
		f, err := parseOwnFile(s)
		o.readOnly = append(o.readOnly, f)
		return err
	})
	fs.BoolVar(&o.report, "report", false, "report what the sandbox achieved instead of exec")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return errors.New("launch: no executable after the limits")
	}
	if o.sandbox {
		if err := awaitHost(); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
	}
	if err := setLimits(0, o.limits); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	if o.cgroup != "" {
		if err := (&cgroup{dir: o.cgroup}).join(os.Getpid()); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
	}
	if o.sandbox {
		if err := (view{scratch: o.scratch, readOnly: o.readOnly}).build(); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
	}
	// The parent-death signal that the host set when it forked the
	// launcher belongs to the launcher's first thread, and only the thread
	// that execs lives on in the bot: the Go runtime may run this code on
	// another. So set it again on this thread, and keep to it until exec;
	// the sandbox's credentials are per thread too.
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(unix.SIGKILL), 0, 0, 0); err != nil {
		return fmt.Errorf("launch: setting the parent-death signal: %w", err)
	}
	if os.Getppid() != ppid {
		return errors.New("launch: arena died meanwhile")
	}
	report := SandboxReport{Mode: SandboxOff}
	if o.sandbox {
		var err error
		if report, err = confine(o.uidMode); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
		// arena's binary (launcherFD) and the bot's files stay with the
		// launcher.
		if err := unix.CloseRange(syncFD, math.MaxUint32, unix.CLOSE_RANGE_CLOEXEC); err != nil {
			return fmt.Errorf("launch: closing the host's descriptors: %w", err)
		}
	}
	if o.report {
		data, err := json.Marshal(report)
		if err != nil {
			return fmt.Errorf("launch: %w", err)
		}
		fmt.Printf("%s\n", data)
		os.Exit(0)
	}
	err := syscall.Exec(rest[0], rest, os.Environ())
	return fmt.Errorf("launch %s: %w", rest[0], err)
}

// awaitHost waits for the host's go on descriptor syncFD, then closes it.
func awaitHost() error {
	f := os.NewFile(syncFD, "sync")
	defer f.Close()
	var b [1]byte
	if n, _ := f.Read(b[:]); n != 1 {
		return errors.New("the host gave up before the bot started")
	}
	return nil
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

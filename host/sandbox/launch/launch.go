//go:build linux

package launch

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/arenabots/arena/host/sandbox/internal/sysfile"
)

// Command is what follows the executable of a program that imports this
// package on its command line to make it the launcher: `EXECUTABLE bot
// launch ARGS...`, ARGS as Options.Args makes them. Binary, the launcher
// alone, takes ARGS right away.
var Command = []string{"bot", "launch"}

// Binary is the name of the launcher alone (cmd/arena-launch), which arena
// uses when it finds it beside its own executable.
const Binary = "arena-launch"

// init makes the binary the launcher when its command line starts with
// Command: see the package comment.
func init() {
	if len(os.Args) <= len(Command) || os.Args[1] != Command[0] || os.Args[2] != Command[1] {
		return
	}
	err := Run(os.Args[1+len(Command):])
	fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[0], err)
	os.Exit(1)
}

// Run is the launcher's body: args are what Options.Args makes. It sets
// its nice value and the limits on its own process and joins the cgroup.
// Without a sandbox it then replaces itself with the bot. With one, it
// starts its second stage from SelfFD in the bot's new namespaces, as the
// bot's uid, and waits for it, ending as the bot ends (its exit status, or
// its signal); the second stage builds the bot's view, confines itself and
// replaces itself with the bot, which so becomes PID 1 of its PID
// namespace. With Report the bot is not started: the launcher prints what
// the sandbox achieved, as JSON, and exits. Run returns only on error.
func Run(args []string) error {
	ppid := os.Getppid()
	o, inside, command, err := parse(args)
	if err != nil {
		return err
	}
	if inside {
		return enter(o.Sandbox, o.ScratchMB, o.Report, command)
	}
	if o.Nice != 0 {
		if err := unix.Setpriority(unix.PRIO_PGRP, 0, o.Nice); err != nil {
			return fmt.Errorf("launch: setting the nice value %d: %w", o.Nice, err)
		}
	}
	for _, c := range o.Cgroups {
		if err := JoinCgroup(c, os.Getpid()); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
	}
	var leave *os.File
	if o.Sandbox != nil && o.Sandbox.LeaveTo != "" {
		// Opened as root, before this thread becomes the bot's uid.
		leave, _ = sysfile.Open(o.Sandbox.LeaveTo+"/cgroup.procs", os.O_WRONLY)
	}
	if o.Sandbox != nil {
		// Credentials and the parent-death signal are per thread: this
		// one forks the second stage.
		runtime.LockOSThread()
		if err := becomeBot(o.Sandbox, ppid); err != nil {
			return fmt.Errorf("launch: %w", err)
		}
	}
	if err := SetLimits(0, o.MemoryMB, o.Processes, o.ScratchMB); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	if o.Sandbox != nil {
		// The second stage starts as this one did, with -inside.
		argv := append(slices.Clone(os.Args[:len(os.Args)-len(args)]), "-inside")
		return stage(o.Sandbox, append(argv, args...), leave)
	}
	if o.Report {
		return reportAndExit(Report{Mode: "off"})
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
	err = syscall.Exec(command[0], command, os.Environ())
	return fmt.Errorf("launch %s: %w", command[0], err)
}

// stage starts the sandbox's second stage, argv, in the bot's process
// group and namespaces (see namespaces), with the descriptors SelfFD and
// those of the bot's files; it tells the host the bot's group on GroupFD
// and ends as the bot ends. The launcher so forks, not the host: a fork
// that makes a user namespace cannot share the parent's memory (vfork),
// and the copy of a large host's memory, with a fault on every page the
// host writes afterwards, costs far more than this small process's. Once
// the host knows the group, the first stage moves to leave
// (Sandbox.LeaveTo's cgroup.procs), if not nil: see leaveFreezer.
func stage(sb *Sandbox, argv []string, leave *os.File) error {
	const closed = ^uintptr(0) // not passed on
	files := []uintptr{0, 1, 2, closed, SelfFD}
	for _, f := range sb.ReadOnly {
		for f.FD >= len(files) {
			files = append(files, uintptr(len(files)))
		}
	}
	pid, err := syscall.ForkExec("/proc/self/fd/"+strconv.Itoa(SelfFD), argv, &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: files,
		Sys:   namespaces(sb),
	})
	if err != nil {
		return fmt.Errorf("launch: the kernel refused a process its own user, mount, PID, network, IPC and UTS namespaces: %w", err)
	}
	// The bot stops and resumes at every call: with SIGCHLD's default
	// action the kernel tells this process nothing of it (Go's handler
	// would run twice a call); wait4 still gets the bot's end.
	defaultAction(syscall.SIGCHLD)
	group := os.NewFile(GroupFD, "group")
	// Not fmt: its first use (its printer's pool, its code's pages) cost
	// the first stage more than the write.
	_, err = group.WriteString(strconv.Itoa(pid) + "\n")
	group.Close()
	if err != nil {
		// The host cannot stop or kill the bot: end it, and this.
		_ = unix.Kill(-pid, unix.SIGKILL)
		return fmt.Errorf("launch: telling the host the bot's group: %w", err)
	}
	// The bot's files and this executable are the second stage's now.
	for fd := SelfFD; fd < len(files); fd++ {
		_ = unix.Close(fd)
	}
	leaveFreezer(leave)
	var ws syscall.WaitStatus
	for {
		_, err = syscall.Wait4(pid, &ws, 0, nil)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("launch: waiting for the bot: %w", err)
	}
	if ws.Signaled() {
		dieOf(ws.Signal())
	}
	exit(ws.ExitStatus())
	return nil // not reached
}

// leaveFreezer moves the first stage, every thread of it, out of the
// bot's freezer through leave, the cgroup.procs of a cgroup outside it,
// and closes leave; a nil leave does nothing. Its second stage, the bot,
// started in the freezer's cgroup and stays there with whatever it
// starts. The bot's cgroup is frozen and thawed at every call, and each
// of its tasks runs to stop or resume; out of it, this stage's threads
// sleep until the bot ends. The write goes from another thread than this
// one, the bot's uid by now: the kernel checks the writer's credentials
// (before Linux 5.16) or the opener's, root's. Where the move fails, the
// first stage stays in the freezer, stopped and resumed with the bot, as
// it was before: slower, no less safe.
func leaveFreezer(leave *os.File) {
	if leave == nil {
		return
	}
	done := make(chan struct{})
	go func() {
		// A new goroutine never runs on the caller's locked thread.
		_, _ = leave.WriteString(strconv.Itoa(os.Getpid()))
		_ = leave.Close()
		close(done)
	}()
	<-done
}

// namespaces is how the launcher starts its second stage: a process group
// of its own, new user, mount, PID, network, IPC and UTS namespaces, with
// sb's ids, the launcher's own by now (see becomeBot), mapped to 0, and
// SIGKILL when the launcher dies. The user namespace so belongs to the
// bot's uid, not to root.
func namespaces(sb *Sandbox) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{
		Setpgid:   true,
		Pdeathsig: syscall.SIGKILL,
		Cloneflags: syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID |
			syscall.CLONE_NEWNET | syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: sb.UID, Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: sb.GID, Size: 1}},
	}
}

// becomeBot makes the first stage, as root, the bot's uid and gid, with no
// supplementary group (an unmapped group would still grant access on the
// host), before it makes the bot's namespaces. The kernel charges what a
// user namespace's processes hold of the per-user counts (inotify
// instances and watches, user namespaces, and the others of
// /proc/sys/user) to its owner in the parent namespace too: made by
// root, a bot's inotify instances were root's, and a bot could take all
// of root's. Made by the bot's own uid, a bot's count is its own, under
// the host's per-user limits, which the host's users never feel. With a
// shared uid (arena does not run as root) there is nothing to change. The
// thread, locked by the caller, gets its parent-death signal again, which
// a change of credentials clears, and stays dumpable, so that it may
// write its child's uid and gid maps. ppid is the launcher's parent.
func becomeBot(sb *Sandbox, ppid int) error {
	if sb.Shared {
		return nil
	}
	// The calls of this thread only: syscall.Setgroups, Setresgid and
	// Setresuid change every thread of the process (AllThreadsSyscall),
	// which stops the world and waits, yielding, until each thread has
	// run a signal handler; on a busy machine that was measured at some
	// 2 ms of CPU a bot's start. Only this thread, locked, forks the
	// second stage and writes its maps; the others only wait.
	if _, _, e := unix.RawSyscall(sysSetgroups, 0, 0, 0); e != 0 {
		return fmt.Errorf("dropping the supplementary groups: %w", e)
	}
	if _, _, e := unix.RawSyscall(sysSetresgid, uintptr(sb.GID), uintptr(sb.GID), uintptr(sb.GID)); e != 0 {
		return fmt.Errorf("becoming gid %d: %w", sb.GID, e)
	}
	if _, _, e := unix.RawSyscall(sysSetresuid, uintptr(sb.UID), uintptr(sb.UID), uintptr(sb.UID)); e != 0 {
		return fmt.Errorf("becoming uid %d: %w", sb.UID, e)
	}
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(unix.SIGKILL), 0, 0, 0); err != nil {
		return fmt.Errorf("setting the parent-death signal: %w", err)
	}
	if os.Getppid() != ppid {
		return errors.New("arena died meanwhile")
	}
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("staying dumpable: %w", err)
	}
	return nil
}

// dieOf ends the launcher by sig, as the bot ended: with the signal's
// default action, which the Go runtime's handlers would otherwise replace.
func dieOf(sig syscall.Signal) {
	defaultAction(sig)
	var set unix.Sigset_t
	set.Val[(sig-1)/64] = 1 << ((sig - 1) % 64)
	_ = unix.PthreadSigmask(unix.SIG_UNBLOCK, &set, nil)
	_ = unix.Kill(os.Getpid(), sig)
	exit(128 + int(sig)) // a signal whose default is not to end
}

// exit ends the first stage as soon as the bot has ended: syscall.Exit, not
// os.Exit, which in a binary built with -race (the tests' arena) sleeps a
// second first, past the host's grace period for a bot's exit.
func exit(code int) {
	syscall.Exit(code)
}

// defaultAction gives sig its default action, in place of the Go
// runtime's handler.
func defaultAction(sig syscall.Signal) {
	var dfl [4]uint64 // struct sigaction: SIG_DFL, no flags, no mask
	_, _, _ = unix.RawSyscall6(unix.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&dfl)), 0, 8, 0, 0)
}

// enter is the sandbox's second stage, in the bot's namespaces: it builds
// the bot's view, attaching the bot's files from the descriptors the host
// handed over (or binding their paths), confines the thread that execs
// (see confine) and replaces itself with the bot; the bot inherits no
// descriptor beyond 0-2. With report it prints what the sandbox achieved
// instead.
func enter(sb *Sandbox, scratchMB int, report bool, command []string) error {
	if sb == nil {
		return errors.New("launch: -inside without -sandbox")
	}
	v := &view{scratch: sb.Scratch, scratchMB: scratchMB, readOnly: sb.ReadOnly, workspace: sb.Workspace, output: sb.Output}
	if report && scratchMB > 0 {
		v.probeOverlay = true
	}
	if err := v.build(); err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	// Credentials and the parent-death signal are per thread, and only the
	// thread that execs lives on in the bot.
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(unix.SIGKILL), 0, 0, 0); err != nil {
		return fmt.Errorf("launch: setting the parent-death signal: %w", err)
	}
	r, err := confine(sb.UIDMode, v, sb.KeepGroup)
	if err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	if err := unix.CloseRange(SelfFD, math.MaxUint32, unix.CLOSE_RANGE_CLOEXEC); err != nil {
		return fmt.Errorf("launch: closing the host's descriptors: %w", err)
	}
	if report {
		return reportAndExit(r)
	}
	err = syscall.Exec(command[0], command, os.Environ())
	return fmt.Errorf("launch %s: %w", command[0], err)
}

// reportAndExit prints r as JSON on stdout and exits.
func reportAndExit(r Report) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("launch: %w", err)
	}
	fmt.Printf("%s\n", data)
	os.Exit(0)
	return nil
}

// MaxFiles is every bot process's RLIMIT_NOFILE, soft and hard: open files
// are counted by no cgroup nor per user, and the host's file-max is
// everyone's.
const MaxFiles = 1024

// SetLimits applies to process pid (0: this process) a data memory limit
// of memoryMB MiB, a ceiling of processes tasks above those the user runs
// already, and a file size limit of twice scratchMB MiB (0 or less: none),
// at most MaxFiles open files, and turns off core dumps.
func SetLimits(pid, memoryMB, processes, scratchMB int) error {
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
	if err := set("RLIMIT_NOFILE", unix.RLIMIT_NOFILE, MaxFiles); err != nil {
		return err
	}
	if memoryMB > 0 {
		if err := set("RLIMIT_DATA", unix.RLIMIT_DATA, uint64(memoryMB)<<20); err != nil {
			return err
		}
	}
	if scratchMB > 0 {
		if err := set("RLIMIT_FSIZE", unix.RLIMIT_FSIZE, 2*uint64(scratchMB)<<20); err != nil {
			return err
		}
	}
	if processes > 0 {
		n, err := userTasks(os.Getuid())
		if err != nil {
			return err
		}
		if err := set("RLIMIT_NPROC", unix.RLIMIT_NPROC, uint64(n+processes)); err != nil {
			return err
		}
	}
	return nil
}

// JoinCgroup moves process pid into the cgroup dir.
func JoinCgroup(dir string, pid int) error {
	if err := sysfile.Write(dir+"/cgroup.procs", []byte(strconv.Itoa(pid))); err != nil {
		return fmt.Errorf("joining cgroup %s: %w", dir, err)
	}
	return nil
}

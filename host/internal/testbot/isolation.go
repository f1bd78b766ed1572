package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The modes of issue 23's attacks on the bots' resources (see
// arena/isolation_test.go): a bot that thinks on its opponent's time
// (spinner), that fills the host's memory (shmem, children) or disk
// (disk), that reaches the kernel through another architecture's entry
// (i386), and one that writes beside its own files (beside).

// spinKinds are the spinner's children: in the bot's group, in a group of
// their own, in a session of their own.
var spinKinds = []string{"spin", "spin-pgid", "spin-sid"}

// startSpinners starts the spinner's children, which busy-loop and keep
// sending SIGCONT to the bot and its group; it returns their pids.
func startSpinners() []int {
	var pids []int
	for _, kind := range spinKinds {
		cmd := exec.Command(self(), kind)
		switch kind {
		case "spin-pgid":
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		case "spin-sid":
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		}
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "testbot: spinner:", kind+":", err)
			continue
		}
		pids = append(pids, cmd.Process.Pid)
	}
	return pids
}

// spinChild is a spinner's child: it spins, and every millisecond sends
// SIGCONT to its parent (the bot) and the bot's process group.
func spinChild() {
	parent := os.Getppid()
	pgid, _ := unix.Getpgid(parent)
	next := time.Now()
	for {
		if time.Now().After(next) {
			_ = unix.Kill(parent, unix.SIGCONT)
			if pgid > 0 {
				_ = unix.Kill(-pgid, unix.SIGCONT)
			}
			next = time.Now().Add(time.Millisecond)
		}
	}
}

// cpuTime returns the CPU time the processes pids used, every thread of
// each, from /proc/PID/task/TID/schedstat (nanoseconds on the CPU):
// /proc/PID/schedstat is the first thread's alone, and a Go program spins
// on the others too.
func cpuTime(pids []int) time.Duration {
	var total time.Duration
	for _, pid := range pids {
		tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/schedstat")
		for _, path := range tasks {
			data, err := os.ReadFile(path)
			if err != nil {
				continue // a thread gone meanwhile
			}
			if f := strings.Fields(string(data)); len(f) > 0 {
				ns, _ := strconv.ParseInt(f[0], 10, 64)
				total += time.Duration(ns)
			}
		}
	}
	return total
}

// shmem maps size bytes shared and anonymous, and touches them all: memory
// that RLIMIT_DATA does not count.
func shmem(size int) {
	mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_ANONYMOUS)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testbot: shmem:", err)
		return
	}
	for i := 0; i < len(mem); i += 4096 {
		mem[i] = 1
	}
	fmt.Fprintf(os.Stderr, "testbot: shmem: %d MiB touched\n", size>>20)
}

// children starts n children that each eat mb MiB, and waits for them to
// end: each ends when it has eaten and slept, or when the memory limit
// kills it, and the bot with it (memory.oom.group), however long the
// machine's load makes either take.
func children(n, mb int) {
	var wg sync.WaitGroup
	for range n {
		cmd := exec.Command(self(), "eat", strconv.Itoa(mb))
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "testbot: children:", err)
			continue
		}
		wg.Go(func() { _ = cmd.Wait() })
	}
	wg.Wait()
}

// eat allocates and touches mb MiB, 16 MiB at a time, then sleeps.
func eat(mb int) {
	var keep [][]byte
	for len(keep)*16 < mb {
		p := make([]byte, 16<<20)
		for i := 0; i < len(p); i += 4096 {
			p[i] = 1
		}
		keep = append(keep, p)
	}
	time.Sleep(2 * time.Second)
	_ = keep
}

// disk tries to fill the bot's scratch: fallocate 4 GiB, then 1.5 GiB
// written 1 MiB at a time in another file. It says how each ended.
func disk() string {
	dir := os.TempDir()
	var falloc error
	if f, err := os.Create(filepath.Join(dir, "big")); err != nil {
		falloc = err
	} else {
		falloc = unix.Fallocate(int(f.Fd()), 0, 0, 4<<30)
		f.Close()
	}
	written, werr := 0, error(nil)
	if f, err := os.Create(filepath.Join(dir, "more")); err != nil {
		werr = err
	} else {
		chunk := make([]byte, 1<<20)
		for ; written < 1536; written++ {
			if _, werr = f.Write(chunk); werr != nil {
				break
			}
		}
		f.Close()
	}
	return fmt.Sprintf("disk: fallocate 4 GiB: %v; wrote %d MiB of 1536: %v", errText(falloc), written, errText(werr))
}

// errText is err's text, or "ok".
func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// i386Calls are what the seccomp deny-list refuses, by their i386 numbers,
// and getpid, which it allows on the native entry.
var i386Calls = []struct {
	name string
	nr   uintptr
	a1   uintptr
}{
	{"getpid", 20, 0},
	{"ptrace", 26, 0}, // PTRACE_TRACEME
	{"perf_event_open", 336, 0},
	{"io_uring_setup", 425, 0},
	{"userfaultfd", 374, 0},
	{"keyctl", 288, 0},
	{"unshare", 310, unix.CLONE_NEWUSER},
}

// i386Escapes makes i386Calls through the i386 entry (int $0x80), and a
// process in a new user namespace the native way, and returns one line
// each: "i386 NAME: ERRNO" or "i386 NAME: ALLOWED (RESULT)".
func i386Escapes() []string {
	var lines []string
	for _, c := range i386Calls {
		r, ok := int80(c.nr, c.a1)
		switch {
		case !ok:
			lines = append(lines, "i386 "+c.name+": no i386 entry on this architecture")
		case int32(r) < 0 && int32(r) > -4096:
			lines = append(lines, fmt.Sprintf("i386 %s: %v", c.name, unix.Errno(-int32(r))))
		default:
			lines = append(lines, fmt.Sprintf("i386 %s: ALLOWED (%d)", c.name, int32(r)))
		}
	}
	cmd := exec.Command("/bin/true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWUSER}
	err := cmd.Run()
	var errno syscall.Errno
	switch {
	case errors.As(err, &errno):
		lines = append(lines, "native clone(CLONE_NEWUSER): "+errno.Error())
	case err != nil:
		lines = append(lines, "native clone(CLONE_NEWUSER): "+err.Error())
	default:
		lines = append(lines, "native clone(CLONE_NEWUSER): ALLOWED")
	}
	return lines
}

// writeBeside writes log.dat in dir, a directory of the bot's own files,
// and reads it back.
func writeBeside(dir string) string {
	var out []string
	// A new file at the top, a handed-in file rewritten, a new file in a
	// handed-in folder: what course projects do with their log.dat.
	for _, name := range []string{"log.dat", "jogo.lisp", "sub/log.dat"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("written by the bot\n"), 0o644); err != nil {
			return "beside: " + err.Error()
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return "beside: " + err.Error()
		}
		out = append(out, fmt.Sprintf("%s %q", name, data))
	}
	return "beside: wrote and read " + strings.Join(out, ", ")
}

package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	// The test bot is also the launcher of the host's tests: `testbot bot
	// launch ARGS...`, as `arena bot launch ARGS...`.
	_ "github.com/arenabots/arena/host/sandbox/launch"
	"github.com/arenabots/arena/referee"
)

// before runs what a mode does before it serves, and reports whether the
// process is done (the mode never serves).
func before(mode string, num int, args []string) (done bool) {
	switch mode {
	case "announce":
		a := append(args, "", "", "", "")
		announce(a[0], a[1], a[2], a[3])
		return true
	case "holdfiles":
		holdFiles()
		return true
	case "bomber":
		bomber(num)
		return true
	case "idle":
		signal.Ignore(syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
		time.Sleep(time.Hour)
		return true
	case "daemon", "hide":
		cmd := exec.Command(self(), "idle")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if mode == "hide" {
			cmd.Env, cmd.Dir = []string{}, "/"
		}
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "testbot:", mode+":", err)
			os.Exit(1)
		}
		os.Exit(0) // the grandchild is an orphan at once
	case "exit":
		fmt.Fprintln(os.Stderr, "testbot: giving up before the handshake")
		os.Exit(7)
	case "silent":
		time.Sleep(time.Hour)
		return true
	case "chatter":
		fmt.Println("Hello! I am a bot. Which move would you like?")
		time.Sleep(time.Hour)
		return true
	case "core2":
		fmt.Println("2|1|unix|/nonexistent/socket|grpc")
		time.Sleep(time.Hour)
		return true
	case "slowstart":
		time.Sleep(time.Duration(num) * time.Millisecond)
	case "gatedstart":
		if len(args) > 0 {
			awaitLine(args[0])
		}
	case "stubborn":
		signal.Ignore(syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	case "spin", "spin-pgid", "spin-sid":
		spinChild()
	case "eat":
		eat(num)
		return true
	case "spawn", "setsid", "hidden":
		// Before Serve, os.Stdout and os.Stderr are still the pipes to
		// arena: the grandchild holds them.
		child := map[string]string{"spawn": "idle", "setsid": "daemon", "hidden": "hide"}[mode]
		cmd := exec.Command(self(), child)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "testbot:", mode+":", err)
			os.Exit(1)
		}
		if mode != "spawn" {
			_ = cmd.Wait() // the daemon exits at once
		}
	}
	return false
}

// self returns the test bot's own executable.
func self() string {
	p, err := os.Executable()
	if err != nil {
		return os.Args[0]
	}
	return p
}

// flood writes mb MiB, half to the raw stdout pipe and half to the raw
// stderr pipe (not go-plugin's stream).
func flood(mb int) {
	chunk := []byte(strings.Repeat("y", 1<<20-1) + "\n")
	stdout, stderr := os.NewFile(1, "stdout"), os.NewFile(2, "stderr")
	for i := range mb {
		w := stdout
		if i%2 == 1 {
			w = stderr
		}
		_, _ = w.Write(chunk)
	}
}

// spin keeps every core busy: with forever, the calling goroutine spins too
// and never returns; without, the spinners let the bot's other goroutines
// run, so that it still answers in time.
func spin(forever bool) {
	n := runtime.NumCPU()
	if forever {
		n--
	}
	for range n {
		go func() {
			for {
				if !forever {
					runtime.Gosched()
				}
			}
		}()
	}
	for forever {
	}
}

// forkbomb has a child, the bomber, start up to n children that sleep,
// until starting one fails, and returns how many it started. The bomber
// then ends a few of them, so that the bot itself (whose Go runtime may need
// a new thread at any time) keeps some room under the limit.
func forkbomb(n int) int {
	// Threads first: the Go runtime keeps idle threads for later use, and
	// it could start none while the bomb holds every task the limit allows.
	var ready sync.WaitGroup
	release := make(chan struct{})
	for range 16 {
		ready.Add(1)
		go func() {
			runtime.LockOSThread() // a thread of its own
			ready.Done()
			<-release
			runtime.UnlockOSThread() // back to the runtime's idle threads
		}()
	}
	ready.Wait()
	close(release)
	cmd := exec.Command(self(), "bomber", strconv.Itoa(n))
	out, err := cmd.StdoutPipe()
	if err != nil {
		return 0
	}
	if err := cmd.Start(); err != nil {
		return 0
	}
	started := 0
	sc := bufio.NewScanner(out)
	for sc.Scan() && sc.Text() == "started" {
		started++
	}
	return started
}

// bomber is forkbomb's child: see there. It reports each child it starts on
// stdout, then "done", and sleeps. Under RLIMIT_NPROC, a ceiling over all
// the user's tasks, the room it leaves is also the other bots' room.
func bomber(n int) {
	const room = 16
	child := []string{self(), "idle"}
	if sleep, err := exec.LookPath("sleep"); err == nil {
		child = []string{sleep, "3600"} // one task, not a Go runtime's five
	}
	var children []*exec.Cmd
	for len(children) < n {
		cmd := exec.Command(child[0], child[1:]...)
		if err := cmd.Start(); err != nil {
			fmt.Fprintf(os.Stderr, "testbot: forkbomb: child %d: %v\n", len(children)+1, err)
			break
		}
		children = append(children, cmd)
		fmt.Println("started")
	}
	for _, c := range children[max(0, len(children)-room):] {
		_ = c.Process.Kill()
		_ = c.Wait()
	}
	fmt.Println("done")
	time.Sleep(time.Hour)
}

// wrongSide returns a move of the side not to move: one it could play
// after the first move of the side to move, which the side to move cannot
// play now; "A1xA1" when there is none.
func wrongSide(st referee.State) string {
	var buf, childBuf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	legal := map[string]bool{}
	for _, m := range moves {
		legal[st.FormatMove(m)] = true
	}
	if len(moves) == 0 {
		return "A1"
	}
	child := st.Clone()
	child.Play(moves[0])
	for _, m := range child.Moves(childBuf[:0]) {
		if text := child.FormatMove(m); m != referee.Pass && !legal[text] {
			return text
		}
	}
	return "A1xA1"
}

// awaitLine reads a byte of the file at path, a FIFO the test writes a
// line into when the bot may go on: until then the bot waits, blocked in
// read(2). An error ends the wait, and is said on stderr.
func awaitLine(path string) {
	f, err := os.Open(path)
	if err == nil {
		_, err = f.Read(make([]byte, 1))
		f.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "testbot: gatedstart:", err)
	}
}

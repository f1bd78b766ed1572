package main

import (
	"bufio"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/host/sandbox/launch"
	"github.com/arenabots/arena/internal/testbin"
)

// TestServePlayInterruptLeavesNothing starts people's games against
// sandboxed bots in `arena serve --play`, stops it with Ctrl-C (SIGINT) in
// the middle of them, and finds none of its bots' scratch folders,
// cgroups or processes left.
func TestServePlayInterruptLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: starts arena serve --play and sandboxed bots")
	}
	bin, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	// A machine where a bot cannot start sandboxed says so before any
	// game: what the launcher beside arena achieves in the strict sandbox.
	if _, err := sandbox.Survey(t.Context(), []string{filepath.Join(filepath.Dir(bin), launch.Binary)}, 0); err != nil {
		t.Skipf("no sandboxed bot here: %v", err)
	}
	dir, tmp := t.TempDir(), t.TempDir()
	cmd := exec.Command(bin, "serve", "--play", "--play-out", filepath.Join(dir, "people"), "--tempo", "100", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	pid := cmd.Process.Pid
	url := make(chan string, 1)
	go func() {
		defer close(url)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := regexp.MustCompile(`web page at (http://\S+)/`).FindStringSubmatch(sc.Text()); m != nil {
				url <- m[1]
			}
			t.Log("arena:", sc.Text())
		}
	}()
	base, ok := <-url
	if !ok {
		t.Fatal("arena serve ended without saying where it listens")
	}
	// The person plays white and never moves: each bot waits, started.
	// Three games, as many as one address may hold.
	for range 3 {
		resp, err := http.Post(base+"/api/play", "application/json", strings.NewReader(`{"bot": "greedy", "seed": 1, "side": "white"}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("start: status %d", resp.StatusCode)
		}
	}
	mine := "-" + strconv.Itoa(pid) + "-"
	botDirs := func() []string {
		var found []string
		entries, _ := os.ReadDir(tmp)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "arena-bot-") && strings.Contains(e.Name(), mine) {
				found = append(found, filepath.Join(tmp, e.Name()))
			}
		}
		_ = filepath.WalkDir("/sys/fs/cgroup", func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if strings.HasPrefix(d.Name(), "arena-bot-") && strings.Contains(d.Name(), mine) {
				found = append(found, p)
				return filepath.SkipDir
			}
			if strings.Count(p, "/") > 6 {
				return filepath.SkipDir
			}
			return nil
		})
		return found
	}
	waitFor(t, "the bots' scratch folders and cgroups", func() bool { return len(botDirs()) >= 3 })
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if left := botDirs(); len(left) > 0 {
		t.Errorf("Ctrl-C left %d scratch folders and cgroups: %v", len(left), left)
	}
	if out, _ := exec.Command("pgrep", "-f", "ARENA_BOT=arena-bot-[0-9]+"+mine).Output(); len(out) > 0 {
		t.Errorf("Ctrl-C left bot processes: %s", out)
	}
}

package queue_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arenabots/arena/internal/testbin"
)

// TestKnockoutOverQueue plays arena's knockout of six bots
// (../testdata/knockout6.yaml) locally, then through two workers
// of the coordinator's embedded server, the coordinator stopped with
// SIGINT in the middle of the first round and started again: the
// coordinator queues each stage once the one before is recorded, and the
// journal and the bracket equal the local run's.
func TestKnockoutOverQueue(t *testing.T) {
	skipIfShort(t, "a knockout through workers, the coordinator restarted")
	arena, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ko, err := os.ReadFile("../testdata/knockout6.yaml")
	if err != nil {
		t.Fatal(err)
	}
	queuedLeague, localOut, queuedOut := playLocally(t, arena, dir, string(ko))
	port := freePort(t)
	where, url := fmt.Sprintf("embedded:%d", port), fmt.Sprintf("nats://127.0.0.1:%d", port)
	secret := secretFile(t)
	coordinate := func() *proc {
		return start(t, arena, "run", queuedLeague, "--plain", "--queue", where, "--secret", secret)
	}
	coord := coordinate()
	var workers []*proc
	for _, name := range []string{"w1", "w2"} {
		workers = append(workers, start(t, arena, "worker", url, "--name", name, "--cache", filepath.Join(dir, "cache"), "--secret", secret))
	}
	journal := filepath.Join(queuedOut, "games.jsonl")
	waitFor(t, 2*time.Minute, "a game in the journal", func() bool {
		_, err := os.Stat(journal)
		return err == nil && len(journalIDs(t, journal)) >= 1
	})
	if err := coord.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := coord.wait(); err == nil || !strings.Contains(coord.out(), "interrupted") {
		t.Fatalf("coordinator stopped by SIGINT: %v\n%s", err, coord.out())
	}
	coord = coordinate()
	if err := coord.wait(); err != nil {
		t.Fatalf("coordinator: %v\n%s", err, coord.out())
	}
	for _, w := range workers {
		w.stop(t)
	}
	// Stages: what was left of round 1, the semi-finals, the final, and a
	// board pair of each level tie.
	stages := regexp.MustCompile(`queued \d+ games`).FindAllString(coord.out(), -1)
	if len(stages) < 3 {
		t.Errorf("the restarted coordinator queued %d stages, want 3 or more (round 1, semi-finals, final):\n%s", len(stages), coord.out())
	}
	want, got := games(t, localOut), games(t, queuedOut)
	if len(got) != len(want) {
		t.Errorf("%d games through the queue, %d locally", len(got), len(want))
	}
	for id, w := range want {
		if g, ok := got[id]; !ok {
			t.Errorf("game %s is missing", id)
		} else if a, b := strip(w), strip(g); a != b {
			t.Errorf("game %s:\n got %+v\nwant %+v", id, b, a)
		}
	}
	local, err := exec.Command(arena, "standings", localOut).CombinedOutput()
	if err != nil {
		t.Fatal(err)
	}
	queued, err := exec.Command(arena, "standings", queuedOut).CombinedOutput()
	if err != nil {
		t.Fatal(err)
	}
	bracket := func(s []byte) string {
		_, b, _ := strings.Cut(string(s), "knockout bracket")
		return b
	}
	if bracket(local) == "" || bracket(queued) != bracket(local) || !strings.Contains(bracket(queued), "winner: ") {
		t.Errorf("bracket through the queue:\n%s\nlocal:\n%s", bracket(queued), bracket(local))
	}
}

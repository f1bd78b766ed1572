package queue_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/results"
)

// TestSPRTOverQueue plays an SPRT match of alphabeta against greedy
// through two workers: once it is decided, the coordinator withdraws the
// games no worker holds, records those in play and ends; the workers get
// no game after that.
func TestSPRTOverQueue(t *testing.T) {
	skipIfShort(t, "an SPRT match through workers")
	arena, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "sprt.yaml")
	league := "name: qsprt\nseed: 3\nrounds: 60\ntempo_ms: 20\nsprt: {elo0: 0, elo1: 100}\nout: qsprt\nbots:\n" +
		"  - {name: alphabeta, builtin: alphabeta}\n  - {name: greedy, builtin: greedy}\n"
	if err := os.WriteFile(file, []byte(league), 0o644); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	secret := secretFile(t)
	coord := start(t, arena, "run", file, "--plain", "--queue", fmt.Sprintf("embedded:%d", port), "--secret", secret)
	url := fmt.Sprintf("nats://127.0.0.1:%d", port)
	w1 := start(t, arena, "worker", url, "--name", "w1", "--cache", filepath.Join(dir, "cache"), "--secret", secret)
	w2 := start(t, arena, "worker", url, "--name", "w2", "--cache", filepath.Join(dir, "cache"), "--secret", secret)
	if err := coord.wait(); err != nil {
		t.Fatalf("coordinator: %v\n%s", err, coord.out())
	}
	m := regexp.MustCompile(`the league is decided: withdrew (\d+) queued games; (\d+) games that workers hold`).FindStringSubmatch(coord.out())
	if m == nil {
		t.Fatalf("the coordinator does not say it withdrew the games left:\n%s", coord.out())
	}
	data, err := os.ReadFile(filepath.Join(dir, "qsprt", "standings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var st results.Standings
	if err := json.Unmarshal(data, &st); err != nil || st.SPRT == nil {
		t.Fatalf("standings.json: %v, sprt %v", err, st.SPRT)
	}
	r := st.SPRT
	ids := journalIDs(t, filepath.Join(dir, "qsprt", results.JournalName))
	t.Logf("%d games; withdrew %s, %s in play; %s", len(ids), m[1], m[2], r.Line())
	if r.Result != results.AcceptH1 || r.Round > 30 {
		t.Fatalf("%s, want H1 long before 60 pairs", r.Line())
	}
	if len(ids) != 2*r.Round+r.After || r.After > 2+1 || atoi(m[1])+len(ids) < 100 {
		t.Errorf("%d games recorded, %d after the decision at pair %d, %s withdrawn of 120", len(ids), r.After, r.Round, m[1])
	}
	// Once the workers have ended, their output holds every game they
	// played: no more than the recorded ones and one in play, whatever
	// they did after the coordinator ended.
	w1.stop(t)
	w2.stop(t)
	if played := strings.Count(w1.out(), "played ") + strings.Count(w2.out(), "played "); played > len(ids)+1 {
		t.Errorf("the workers played %d games; %d are recorded", played, len(ids))
	}
}

package lisp

import (
	"context"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// requireSBCL fails the test when sbcl is missing: the adapter's tests play
// real games through SBCL and must not pass without it.
func requireSBCL(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("sbcl not found in PATH (%v): the Lisp adapter is tested against a real SBCL; install it with `apt-get install sbcl`", err)
	}
}

// sidesOf returns the sides that the i-th of a list of sample bots plays
// against greedy: both, or under -short one, White and Black in turn, so
// that every sample plays and each side is played.
func sidesOf(i int) []referee.Side {
	sides := []referee.Side{referee.White, referee.Black}
	if testing.Short() {
		return sides[i%2 : i%2+1]
	}
	return sides
}

// testLog collects what an adapter logs.
type testLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *testLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startAdapter starts an adapter for c and closes it when the test ends.
func startAdapter(t testing.TB, c Config) (*Adapter, *testLog) {
	t.Helper()
	requireSBCL(t)
	log := &testLog{}
	a, err := New(c, Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), RecommendedStartTimeout)
	defer cancel()
	if err := a.Start(ctx); err != nil {
		t.Fatalf("Start: %v\nlog:\n%s", err, log)
	}
	t.Cleanup(func() { a.Close() })
	return a, log
}

// greedy is an in-process opponent that takes the highest number.
type greedy struct{}

func (greedy) Jogar(_ context.Context, req referee.Request) (referee.Reply, error) {
	best, bestScore := req.Legal[0], -1
	side := req.State.ToMove().Index()
	for _, m := range req.Legal {
		st := req.State.Clone()
		st.Play(m)
		if s := st.Scores()[side]; s > bestScore {
			best, bestScore = m, s
		}
	}
	return referee.Reply{Move: req.State.FormatMove(best)}, nil
}

// example returns the path of a sample bot's file.
func example(name string) string {
	return filepath.Join("..", "examples", "lisp", name, "jogo.lisp")
}

// testClock is generous: these tests check rules and translation, not
// speed, on a shared machine.
var testClock = referee.Clock{Tempo: 2 * time.Second, Margin: 2 * time.Second}

// gamePositions plays a random game from seed and returns every position
// where the side to move has a real choice, with the move played there.
func gamePositions(seed uint64) (before []cavalo.Position, played []referee.Move) {
	r := rand.New(rand.NewPCG(seed, 1))
	c := cavalo.New(seed)
	for {
		moves := c.Moves(nil)
		if len(moves) == 0 {
			return before, played
		}
		m := moves[r.IntN(len(moves))]
		if m != referee.Pass {
			before, played = append(before, c), append(played, m)
		}
		c.Play(m)
	}
}

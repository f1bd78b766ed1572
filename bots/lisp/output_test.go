package lisp

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/internal/cpuload"
)

// TestCallOutputIsItsOwn: what SBCL writes at a call outside the driver's
// capture (to its own stdout) is in the log when the call returns, with
// what the driver captured, beside three busy loops per core.
func TestCallOutputIsItsOwn(t *testing.T) {
	a, log := startAdapter(t, Config{Files: []string{"testdata/rawprint.lisp"}})
	stop := cpuload.Start(t, 0, time.Minute)
	defer stop()
	stamp := regexp.MustCompile(`(captured|raw)-\d+`)
	seen := len(log.String())
	for n := 1; n <= 20; n++ {
		ctx, cancel := context.WithCancel(t.Context())
		_, err := a.Jogar(ctx, cavalo.Game{}.New(1), time.Second)
		cancel()
		if err != nil {
			t.Fatalf("call %d: %v", n, err)
		}
		all := log.String()
		got := stamp.FindAllString(all[seen:], -1)
		seen = len(all)
		if want := []string{fmt.Sprintf("captured-%d", n), fmt.Sprintf("raw-%d", n)}; strings.Join(got, " ") != strings.Join(want, " ") && strings.Join(got, " ") != want[1]+" "+want[0] {
			t.Errorf("call %d logged %q, want %q", n, got, want)
		}
	}
}

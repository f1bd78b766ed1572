package conformance

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/judgetest"
)

// TestCheckMoveJudgesTheTable runs judgetest's table through checkMove, the
// check of arena bot check, which must accept and refuse what a league
// game does (referee's TestMatchJudgesTheTable): an accepted move names the
// move played and the bot's answer when the referee completed it, a refused
// one fails with the referee's verdict, and a wrong claimed state, which a
// game only logs, fails the check.
func TestCheckMoveJudgesTheTable(t *testing.T) {
	for _, c := range judgetest.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			detail, err := checkMove(context.Background(), c.Bot.Player(), judgetest.State(t), c.Clock)
			played := c.Move
			if c.Answer != "" {
				played += fmt.Sprintf(" (answered %q)", c.Answer)
			}
			var v *referee.Verdict
			switch {
			case c.Reason != 0:
				if !errors.As(err, &v) || v.Reason != c.Reason || !strings.Contains(v.Detail, c.Detail) {
					t.Errorf("got %q, %v; want a verdict %v with %q in its detail", detail, err, c.Reason, c.Detail)
				}
			case c.Discrepancy != "":
				if err == nil || !strings.HasPrefix(err.Error(), "played "+played+" but claimed a wrong state: ") || !strings.Contains(err.Error(), c.Discrepancy) {
					t.Errorf("got %q, %v; want an error saying %s was played and %q", detail, err, played, c.Discrepancy)
				}
			case err != nil || !strings.HasPrefix(detail, played+" in "):
				t.Errorf("got %q, %v; want %q first", detail, err, played+" in ")
			}
		})
	}
}

package results

import (
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/referee"
)

func TestFromRecord(t *testing.T) {
	start := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	moves := make([]referee.MoveRecord, 7)
	tests := []struct {
		name   string
		rec    referee.Record
		result string
		loser  string
	}{
		{"white wins", referee.Record{Scores: [2]int{10, 5}, Winner: referee.White, Reason: referee.Normal}, WhiteWins, ""},
		{"black wins", referee.Record{Scores: [2]int{1, 5}, Winner: referee.Black, Reason: referee.Normal}, BlackWins, ""},
		{"draw", referee.Record{Scores: [2]int{5, 5}, Reason: referee.Normal}, Draw, ""},
		{"white timed out", referee.Record{Scores: [2]int{50, 5}, Winner: referee.Black, Reason: referee.Timeout, Loser: referee.White}, BlackWins, "greedy"},
		{"black illegal, adjudicated", referee.Record{Scores: [2]int{5, 50}, Winner: referee.Black, Reason: referee.Illegal, Loser: referee.Black}, BlackWins, "random"},
		{"neither started", referee.Record{Reason: referee.Start}, DoubleForfeit, BothAtFault},
		{"interrupted", referee.Record{Reason: referee.Interrupted}, "*", ""},
		{"black resigned: a loss, no fault", referee.Record{Scores: [2]int{5, 50}, Winner: referee.White, Reason: referee.Resigned, Loser: referee.Black}, WhiteWins, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.rec.Moves = moves
			tt.rec.Time = [2]time.Duration{1500 * time.Millisecond, 2*time.Second + 999*time.Microsecond}
			tt.rec.Detail = "why"
			g := FromRecord("01-greedy-random", 1, 42, "greedy", "random", tt.rec, start, start.Add(time.Minute))
			if g.Result != tt.result || g.Loser != tt.loser {
				t.Errorf("result %q loser %q, want %q %q", g.Result, g.Loser, tt.result, tt.loser)
			}
			if g.Plies != 7 || g.TimeMS != [2]int64{1500, 2000} || g.Scores != tt.rec.Scores || g.Detail != "why" || g.Seed != 42 {
				t.Errorf("got %+v", g)
			}
			if err := g.Validate(); (err != nil) != (tt.rec.Reason == referee.Interrupted) {
				t.Errorf("Validate() = %v", err)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	ok := game("01-a-b", "a", "b", WhiteWins, referee.Normal, "", 2, 1)
	tests := []struct {
		name   string
		change func(*Entry)
		want   string // in the error; "" for none
	}{
		{"ok", func(*Entry) {}, ""},
		{"empty id", func(g *Entry) { g.ID = "" }, "empty game id"},
		{"id with slash", func(g *Entry) { g.ID = "a/b" }, "bad game id"},
		{"id with dot", func(g *Entry) { g.ID = ".." }, "bad game id"},
		{"id with space", func(g *Entry) { g.ID = "a b" }, "bad game id"},
		{"no black", func(g *Entry) { g.Black = "" }, "bad bot name"},
		{"bot named *", func(g *Entry) { g.White = "*" }, "bad bot name"},
		{"bad result", func(g *Entry) { g.Result = "2-0" }, "bad result"},
		{"no reason", func(g *Entry) { g.Reason = 0 }, "bad reason"},
		{"interrupted", func(g *Entry) { g.Reason = referee.Interrupted }, "interrupted"},
		{"normal with loser", func(g *Entry) { g.Loser = "b" }, "ended normally but"},
		{"normal against points", func(g *Entry) { g.Result = BlackWins }, "so its result is 1-0"},
		{"normal 0-0", func(g *Entry) { g.Result, g.Scores = DoubleForfeit, [2]int{} }, "so its result is 1/2-1/2"},
		{"normal win on equal points", func(g *Entry) { g.Scores = [2]int{3, 3} }, "so its result is 1/2-1/2"},
		{"normal draw, points a tie-break", func(g *Entry) { g.Result = Draw }, ""},
		{"fault without loser", func(g *Entry) { g.Reason = referee.Timeout }, "loser \"\" is neither"},
		{"fault with stranger", func(g *Entry) { g.Reason, g.Loser = referee.Crash, "c" }, "is neither"},
		{"fault", func(g *Entry) { g.Reason, g.Loser = referee.Crash, "b" }, ""},
		{"both at fault but 1-0", func(g *Entry) { g.Reason, g.Loser = referee.Start, BothAtFault }, "disagree"},
		{"0-0 with one loser", func(g *Entry) { g.Reason, g.Loser, g.Result = referee.Start, "a", DoubleForfeit }, "disagree"},
		{"double forfeit", func(g *Entry) { g.Reason, g.Loser, g.Result = referee.Start, BothAtFault, DoubleForfeit }, ""},
		{"negative plies", func(g *Entry) { g.Plies = -1 }, "negative"},
		{"resigned", func(g *Entry) { g.Reason, g.Result, g.Scores = referee.Resigned, BlackWins, [2]int{9, 1} }, ""},
		{"resigned at fault", func(g *Entry) { g.Reason, g.Loser = referee.Resigned, "a" }, "a resignation is no fault"},
		{"resigned to a draw", func(g *Entry) { g.Reason, g.Result = referee.Resigned, Draw }, "1-0 or 0-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := ok
			tt.change(&g)
			err := g.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Validate() = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestResignedStandings checks that a resignation counts as a loss in the
// standings and not as a fault.
func TestResignedStandings(t *testing.T) {
	g := game("01-a-b", "a", "b", BlackWins, referee.Resigned, "", 3, 1)
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	st := Compute([]Entry{g}, []string{"a", "b"}, DefaultScoring())
	for _, r := range st.Rows {
		switch {
		case r.Bot == "a" && (r.Losses != 1 || r.Faults != 0 || r.Crashes != 0):
			t.Errorf("a resigned: %+v, want one loss and no fault", r)
		case r.Bot == "b" && r.Wins != 1:
			t.Errorf("b: %+v, want one win", r)
		}
	}
}

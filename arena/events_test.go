package arena

import (
	"testing"
)

// TestEventStream checks the event stream of a league: each game starts,
// reports each of its plies in order, then ends, and the plies reported are
// the plies the journal records.
func TestEventStream(t *testing.T) {
	cfg := loadLeague(t, smallLeague)
	type game struct {
		started, ended bool
		plies          int
	}
	seen := map[string]*game{}
	var runs int
	run(t, cfg, func(e Event) {
		switch {
		case e.Warning != "":
		case e.Start != nil:
			if seen[e.Start.ID] != nil {
				t.Errorf("game %s started twice", e.Start.ID)
			}
			if e.Start.Initial == nil || e.Start.Initial.Ply() != 0 {
				t.Errorf("game %s starts from %v, want the initial state", e.Start.ID, e.Start.Initial)
			}
			seen[e.Start.ID] = &game{started: true}
		case e.Move != nil:
			g := seen[e.Move.GameID]
			switch {
			case g == nil || g.ended:
				t.Errorf("move of game %s outside the game", e.Move.GameID)
			case e.Move.Record.Ply != g.plies+1:
				t.Errorf("game %s: ply %d after ply %d", e.Move.GameID, e.Move.Record.Ply, g.plies)
			default:
				g.plies++
			}
		case e.End != nil:
			g := seen[e.End.ID]
			if g == nil {
				t.Fatalf("game %s ended without starting", e.End.ID)
			}
			g.ended = true
			if g.plies != e.End.Plies {
				t.Errorf("game %s: %d moves reported, %d in the journal", e.End.ID, g.plies, e.End.Plies)
			}
		default:
			runs++
		}
	})
	if runs != 1 || len(seen) != 12 {
		t.Errorf("%d run starts and %d games, want 1 and 12", runs, len(seen))
	}
	for id, g := range seen {
		if !g.ended {
			t.Errorf("game %s never ended", id)
		}
	}
}

package web

import (
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
)

// TestLeagueShowsCPU checks that a game in play shows each side's last call
// and time used in CPU time beside the wall time, where the moves carry it,
// and neither where they do not.
func TestLeagueShowsCPU(t *testing.T) {
	initial, rec := record(9)
	for _, tc := range []struct {
		name string
		cpu  []time.Duration // per move; nil: not measured
		last *[2]float64
		used *[2]float64
	}{
		{"measured", []time.Duration{3 * time.Millisecond, 5 * time.Millisecond, 4 * time.Millisecond}, &[2]float64{4, 5}, &[2]float64{7, 5}},
		{"not measured", nil, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLeague(testInfo(t.TempDir()))
			l.Event(arena.Event{Start: &arena.GameStart{ID: "01-a-b", White: "a", Black: "b", Initial: initial.Clone()}})
			for i := range 3 {
				mr := rec.Moves[i]
				mr.Forced = false
				if tc.cpu != nil {
					mr.CPU = &tc.cpu[i]
				}
				l.Event(arena.Event{Move: &arena.MoveEvent{GameID: "01-a-b", Record: mr}})
			}
			snap, _ := l.snapshot()
			g := snap.Live[0]
			if !equalMS(g.LastCPUMS, tc.last) || !equalMS(g.UsedCPUMS, tc.used) {
				t.Errorf("last CPU %v, used %v; want %v, %v", g.LastCPUMS, g.UsedCPUMS, tc.last, tc.used)
			}
			if tc.cpu != nil && (g.Last == nil || g.Last.CPUMS == nil || *g.Last.CPUMS != 4) {
				t.Errorf("last move %+v: want its CPU time, 4 ms", g.Last)
			}
		})
	}
}

// equalMS reports whether a and b are both nil or hold the same times.
func equalMS(a, b *[2]float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

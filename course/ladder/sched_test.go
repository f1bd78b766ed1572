package ladder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/course/intake"
)

// addVersion stores an accepted version of group, uploaded at, with an
// intake result that names a Lisp file (never started here), and returns
// its id.
func addVersion(t *testing.T, l *Ladder, group string, version int, at time.Time) int64 {
	t.Helper()
	res, _ := json.Marshal(intake.Result{Eligible: true, Config: lisp.Config{Root: "/nowhere/" + group, Files: []string{"/nowhere/" + group + "/jogo.lisp"}}})
	r, err := l.db.Exec(`INSERT INTO versions(grp, version, status, uploaded, hash, info, intake) VALUES(?, ?, 'accepted', ?, ?, '{}', ?)`,
		group, version, at.UnixNano(), fmt.Sprintf("%s-%d", group, version), string(res))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := r.LastInsertId()
	return id
}

// TestNext checks the scheduler's picks: the version with the fewest
// games first (games in play counted), never a group against itself,
// both colours of a pair, a group's new version in place of its old one
// at the next pick, a disabled group left out.
func TestNext(t *testing.T) {
	l, _ := newLadder(t)
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	p1 := addVersion(t, l, "P1", 1, at)
	p2 := addVersion(t, l, "P2", 1, at.Add(time.Hour))
	p3 := addVersion(t, l, "P3", 1, at.Add(2*time.Hour))
	s := &sched{inPlay: map[int64]int{}, matching: map[int64]bool{}, rnd: rand.New(rand.NewPCG(1, 2))}
	seen := map[int64]int{}
	for range 6 {
		p, lg, err := l.next(s)
		if err != nil || lg == nil {
			t.Fatalf("next: %v, league %v", err, lg)
		}
		if p.a == p.b || len(p.colours) != 2 || p.kind != "ladder" {
			t.Fatalf("pair %+v: want two versions, both colours", p)
		}
		if _, err := lg.schedule(p); err != nil {
			t.Fatal(err)
		}
		seen[p.a]++
		seen[p.b]++
	}
	// 6 pairs in play, 12 games a side: each version in 4 of them.
	for _, id := range []int64{p1, p2, p3} {
		if seen[id] != 4 {
			t.Errorf("version %d in %d pairs, want 4 (fewest games first): %v", id, seen[id], seen)
		}
	}
	// The newest upload first among equals: P3, the last uploaded.
	s = &sched{inPlay: map[int64]int{}, matching: map[int64]bool{}, rnd: rand.New(rand.NewPCG(1, 2))}
	if p, _, _ := l.next(s); p.a != p3 {
		t.Errorf("first pick %d, want P3's version %d (the newest)", p.a, p3)
	}
	// P2's new version replaces its old one; its match against the old
	// one comes first, then the ladder.
	p2b := addVersion(t, l, "P2", 2, at.Add(3*time.Hour))
	s = &sched{inPlay: map[int64]int{}, matching: map[int64]bool{}, rnd: rand.New(rand.NewPCG(1, 2))}
	p, _, err := l.next(s)
	if err != nil || p.kind != "match" || p.a != p2b || p.b != p2 {
		t.Fatalf("after P2's upload: %+v, %v; want its match, version %d against %d", p, err, p2b, p2)
	}
	for range 4 {
		p, _, err := l.next(s)
		if err != nil {
			t.Fatal(err)
		}
		if p.a == p2 || p.b == p2 {
			t.Errorf("pair %+v plays P2's old version", p)
		}
	}
	if err := l.SetDisabled("P1", true); err != nil {
		t.Fatal(err)
	}
	for range 4 {
		p, _, err := l.next(s)
		if err != nil {
			t.Fatal(err)
		}
		if p.a == p1 || p.b == p1 {
			t.Errorf("pair %+v plays disabled P1", p)
		}
	}
	// The lecturer still sees it, last and unranked, to enable it again.
	st, err := l.Standings()
	if err != nil {
		t.Fatal(err)
	}
	if last := st[len(st)-1]; last.Group != "P1" || !last.Disabled || last.Rank != 0 {
		t.Errorf("standings end with %+v, want P1 disabled and unranked", last)
	}
	for _, s := range st[:len(st)-1] {
		if s.Disabled || s.Group == "P1" {
			t.Errorf("standings row %+v", s)
		}
	}
}

// TestStandingsWhileDisabling reads the standings while the lecturer
// disables and enables a group again and again: each read lists every
// group once, enabled or disabled. The lecturer's view draws its rows
// from the standings: a group left out of a read lost its button, and
// one read twice had two. Read in two statements, the enabled groups and
// then the disabled ones, a group toggled between them was in neither
// or in both: five runs in five failed within their 500 reads.
func TestStandingsWhileDisabling(t *testing.T) {
	l, _ := newLadder(t)
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	addVersion(t, l, "P1", 1, at)
	addVersion(t, l, "P2", 1, at.Add(time.Hour))
	stop, toggled := make(chan struct{}), make(chan error, 1)
	go func() {
		for off := true; ; off = !off {
			select {
			case <-stop:
				toggled <- nil
				return
			default:
			}
			if err := l.SetDisabled("P2", off); err != nil {
				toggled <- err
				return
			}
		}
	}()
	defer func() {
		close(stop)
		if err := <-toggled; err != nil {
			t.Error(err)
		}
	}()
	for range 500 {
		st, err := l.Standings()
		if err != nil {
			t.Fatal(err)
		}
		var groups []string
		for _, s := range st {
			groups = append(groups, s.Group)
		}
		if slices.Sort(groups); !slices.Equal(groups, []string{"P1", "P2"}) {
			t.Fatalf("standings list %v while P2 is disabled and enabled, want P1 and P2 once each", groups)
		}
	}
}

// TestDisableTellsThePages checks that disabling or enabling a group
// tells the pages open: a "standings" event naming the group, sent
// before SetDisabled returns. Without it a page drawn from a read just
// before the change kept showing the group as it was until the next
// game ended, and never when no game followed.
func TestDisableTellsThePages(t *testing.T) {
	l, _ := newLadder(t)
	events, stop := l.Subscribe()
	defer stop()
	for _, off := range []bool{true, false} {
		if err := l.SetDisabled("P2", off); err != nil {
			t.Fatal(err)
		}
		select {
		case e := <-events:
			if e.Kind != "standings" || e.Group != "P2" {
				t.Errorf("disabled %v: event %+v, want standings of P2", off, e)
			}
		default:
			t.Errorf("disabled %v: no event", off)
		}
	}
}

// TestPlaySlotsStopsAtAnError checks that a slot's error stops the
// ladder: the other slots' context ends, and the error is returned. Before,
// the slot that failed ended alone and its error waited for the ladder's
// end, while the other slots played on or waited for something to play:
// with nothing else to play, a ladder that played nothing and said
// nothing. Here the last slot to start fails once the others wait on
// their context; only go test -timeout bounds that wait.
func TestPlaySlotsStopsAtAnError(t *testing.T) {
	const slots = 4
	boom := errors.New("boom")
	var (
		started atomic.Int32
		waiting = make(chan struct{}, slots)
	)
	err := playSlots(context.Background(), slots, func(ctx context.Context) error {
		if started.Add(1) == slots {
			for range slots - 1 {
				<-waiting
			}
			return boom
		}
		waiting <- struct{}{}
		<-ctx.Done()
		return nil
	})
	if !errors.Is(err, boom) {
		t.Errorf("playSlots: %v, want the failed slot's error", err)
	}
	// The ladder's own end is no slot's error.
	ctx, cancel := context.WithCancel(context.Background())
	err = playSlots(ctx, slots, func(ctx context.Context) error {
		if started.Add(1) == 2*slots {
			cancel()
		}
		<-ctx.Done()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("playSlots after ctx's end: %v, want %v", err, context.Canceled)
	}
}

package webladder

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/results"
)

// fake is a ladder in memory for the unit tests: two groups, P13 and
// P14, whose display names and logs hold markup, and the lecturer.
type fake struct {
	mu       sync.Mutex
	disabled map[string]bool
	versions map[string][]ladder.Version
	events   chan ladder.Event
	frozen   bool
}

// The fake's tokens.
const (
	tokenP13   = "tok-p13-secret"
	tokenP14   = "tok-p14-secret"
	tokenAdmin = "tok-admin-secret"
)

// hostile is markup a student could put in a name or an output.
const hostile = `<img src=x onerror="alert(1)"></script><script>alert(2)</script>`

func newFake() *fake {
	up := time.Date(2026, 11, 28, 22, 0, 0, 0, time.UTC)
	return &fake{
		disabled: map[string]bool{},
		events:   make(chan ladder.Event, 16),
		versions: map[string][]ladder.Version{
			"P13": {
				{Group: "P13", Version: 2, Status: ladder.Refused, Uploaded: up.Add(time.Hour), Reason: "crashed at ply 12: " + hostile,
					Position: `{"bad":`, Stderr: "debugger invoked on a UNBOUND-VARIABLE " + hostile, Load: "; loading\n" + hostile,
					Answer: "crash: " + hostile},
				{Group: "P13", Version: 1, Status: ladder.Accepted, Uploaded: up, Active: true, Games: 4, Rating: 35, Margin: 120,
					Conventions: map[string]string{"answer": "move"}, Stderr: "p13's secret stderr"},
			},
			"P14": {
				{Group: "P14", Version: 1, Status: ladder.Accepted, Uploaded: up, Active: true, Games: 4, Rating: -35, Margin: 120,
					Stderr: "p14's secret stderr", Load: "p14's secret load", Answer: "p14's secret answer"},
			},
		},
	}
}

func (f *fake) Authenticate(token string) (ladder.Principal, error) {
	switch token {
	case tokenP13:
		return ladder.Principal{Group: "P13"}, nil
	case tokenP14:
		return ladder.Principal{Group: "P14"}, nil
	case tokenAdmin:
		return ladder.Principal{Admin: true}, nil
	}
	return ladder.Principal{}, ladder.ErrUnauthorized
}

func (f *fake) Upload(ctx context.Context, group string, archive io.Reader, filename string, progress func(ladder.Stage)) (ladder.Version, error) {
	data, err := io.ReadAll(archive)
	if err != nil {
		return ladder.Version{}, err
	}
	progress(ladder.Stage{Name: "unpacking", Detail: filename})
	progress(ladder.Stage{Name: "probing"})
	f.mu.Lock()
	defer f.mu.Unlock()
	v := ladder.Version{Group: group, Version: len(f.versions[group]) + 1, Status: ladder.Accepted, Uploaded: time.Now(), Active: true,
		Stderr: string(data)}
	for i := range f.versions[group] {
		f.versions[group][i].Active = false
	}
	f.versions[group] = append([]ladder.Version{v}, f.versions[group]...)
	f.events <- ladder.Event{Kind: "upload", Group: group}
	return v, nil
}

func (f *fake) Files(group string, version int, p ladder.Principal, w io.Writer) error {
	if !p.CanSee(group) {
		return ladder.ErrForbidden
	}
	_, err := io.WriteString(w, "the files of "+group)
	return err
}

func (f *fake) Standings() ([]ladder.Standing, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return []ladder.Standing{
		{Rank: 1, Group: "P13", Display: "Grupo 13 " + hostile, Version: 1, Rating: 35, Margin: 120, Games: 4, Wins: 2, Draws: 1, Losses: 1,
			Provisional: true, Disabled: f.disabled["P13"]},
		{Rank: 2, Group: "P14", Display: "Grupo 14", Version: 1, Rating: -35, Margin: 120, Games: 4, Wins: 1, Draws: 1, Losses: 2,
			Provisional: true, Disabled: f.disabled["P14"]},
	}, nil
}

func (f *fake) Group(name string, p ladder.Principal) (ladder.GroupView, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	vs, ok := f.versions[name]
	if !ok {
		return ladder.GroupView{}, ladder.ErrNotFound
	}
	return ladder.GroupView{Group: name, Display: "Grupo " + name, Disabled: f.disabled[name], Versions: append([]ladder.Version(nil), vs...),
		History: []ladder.RatingPoint{{GameID: 1, Version: 1, Rating: 0, Margin: 300}, {GameID: 2, Version: 1, Rating: 35, Margin: 120}},
		Games: []ladder.GroupGame{{Game: ladder.Game{ID: 7, White: name, Black: "P99", Result: "1-0", Reason: "normal"},
			Opponent: "P99", Colour: "white", Score: 1, Expected: 0.5, Change: 16.2}},
		Match: &ladder.Match{Version: 2, Previous: 1, Result: "not decided", Games: 38, Text: "version 2 against version 1: not decided after 38 games",
			SPRT: results.SPRTResult{LLR: 1.25, Lower: -2.94, Upper: 2.94}}}, nil
}

func (f *fake) Games(group string, n int) ([]ladder.Game, error) {
	return []ladder.Game{{ID: 7, White: "P13", Black: "P14", WhiteVersion: 1, BlackVersion: 1, Kind: "ladder", Result: "1-0", Reason: "normal"}}, nil
}

func (f *fake) Game(id int64) (ladder.Replay, error) { return ladder.Replay{}, ladder.ErrNotFound }

func (f *fake) Status() ladder.State { return ladder.State{Queued: 3, Busy: 1, Slots: 2} }

func (f *fake) Subscribe() (<-chan ladder.Event, func()) { return f.events, func() {} }

func (f *fake) SetDisabled(group string, disabled bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.versions[group]; !ok {
		return ladder.ErrNotFound
	}
	f.disabled[group] = disabled
	// As the ladder does: the pages open draw the standings again, so that
	// one drawn from a read before the change does not stay.
	select {
	case f.events <- ladder.Event{Kind: "standings", Group: group}:
	default: // no page reads the events: none to tell
	}
	return nil
}

func (f *fake) Freeze(at time.Time) (ladder.FreezeResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.frozen = true
	return ladder.FreezeResult{League: []byte("name: championship\n# " + hostile + "\n"), Frozen: map[string]int{"P13": 1, "P14": 1}, Seed: 42}, nil
}

// fakeServer serves the pages of a fake ladder, the API answering 501.
func fakeServer(t *testing.T, opt Options) (*fake, *httptest.Server) {
	t.Helper()
	f := newFake()
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "the fake has no API", http.StatusNotImplemented)
	})
	h, err := newHandler(f, api, opt)
	if err != nil {
		t.Fatal(err)
	}
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return f, s
}

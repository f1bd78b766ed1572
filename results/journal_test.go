package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/referee"
)

// line returns g's journal line, newline included.
func line(t testing.TB, g Entry) string {
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

func TestJournalRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "league", "out", JournalName)
	j, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	games := sampleGames()
	for _, g := range games {
		if err := j.Append(g); err != nil {
			t.Fatal(err)
		}
	}
	if !j.Has("03-beta-delta") || j.Has("99-x-y") {
		t.Errorf("Has is wrong")
	}
	if err := j.Append(games[2]); err == nil || !strings.Contains(err.Error(), "already recorded") {
		t.Errorf("duplicate Append = %v, want already recorded", err)
	}
	bad := games[0]
	bad.ID, bad.Reason = "09-x-y", referee.Interrupted
	if err := j.Append(bad); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("interrupted Append = %v", err)
	}
	if got := j.Games(); !reflect.DeepEqual(got, games) {
		t.Errorf("Games() differs from what was appended:\n%+v\n%+v", got, games)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
	if err := j.Append(game("10-a-b", "a", "b", Draw, referee.Normal, "", 0, 0)); err == nil {
		t.Error("Append after Close succeeded")
	}

	data, _ := os.ReadFile(path)
	if n := bytes.Count(data, []byte("\n")); n != len(games) {
		t.Errorf("file has %d lines, want %d", n, len(games))
	}
	got, damaged, err := ReadJournal(path)
	if err != nil || len(damaged) > 0 || !reflect.DeepEqual(got, games) {
		t.Errorf("ReadJournal = %v, %v, %v", got, damaged, err)
	}
	j, err = OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if !reflect.DeepEqual(j.Games(), games) || j.Torn() != 0 || j.TornFile() != "" {
		t.Errorf("reopened journal differs or was repaired")
	}
}

func TestJournalTornTail(t *testing.T) {
	g1, g2 := sampleGames()[0], sampleGames()[1]
	l1, l2 := line(t, g1), line(t, g2)
	tests := []struct {
		name  string
		data  string
		games int    // games kept
		after string // file after OpenJournal
		torn  int
	}{
		{"clean", l1 + l2, 2, l1 + l2, 0},
		{"empty", "", 0, "", 0},
		{"torn JSON", l1 + l2[:40], 1, l1, 40},
		{"torn after the brace", l1 + l2[:len(l2)-2], 1, l1, len(l2) - 2},
		{"one torn byte", l1 + "{", 1, l1, 1},
		{"only a torn line", l2[:10], 0, "", 10},
		{"NUL tail", l1 + "\x00\x00\x00\x00", 1, l1, 4},
		{"torn then NULs", l1 + l2[:30] + "\x00\x00", 1, l1, 32},
		{"complete but no newline", l1 + strings.TrimSuffix(l2, "\n"), 2, l1 + l2, 0},
		{"blank lines", "\n" + l1 + "\n\n" + l2, 2, "\n" + l1 + "\n\n" + l2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), JournalName)
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			read, damaged, err := ReadJournal(path)
			if err != nil || len(damaged) > 0 || len(read) != tt.games {
				t.Fatalf("ReadJournal: %d games, %v, %v; want %d", len(read), damaged, err, tt.games)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.data {
				t.Error("ReadJournal changed the file")
			}
			j, err := OpenJournal(path)
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			if len(j.Games()) != tt.games || j.Torn() != tt.torn {
				t.Errorf("OpenJournal: %d games, torn %d; want %d, %d", len(j.Games()), j.Torn(), tt.games, tt.torn)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.after {
				t.Errorf("file after OpenJournal:\n%q\nwant\n%q", data, tt.after)
			}
			// The cut bytes are kept, not lost.
			switch cut, err := os.ReadFile(j.TornFile()); {
			case tt.torn == 0 && j.TornFile() != "":
				t.Errorf("clean journal: TornFile = %q, want none", j.TornFile())
			case tt.torn > 0 && (err != nil || string(cut) != tt.data[len(tt.data)-tt.torn:]):
				t.Errorf("TornFile %q holds %q, %v; want %q", j.TornFile(), cut, err, tt.data[len(tt.data)-tt.torn:])
			}
			// The repaired journal takes a new line cleanly.
			g3 := game("07-x-y", "x", "y", Draw, referee.Normal, "", 1, 1)
			if err := j.Append(g3); err != nil {
				t.Fatal(err)
			}
			if got, _, err := ReadJournal(path); err != nil || len(got) != tt.games+1 || got[len(got)-1].ID != g3.ID {
				t.Errorf("after Append: %d games, %v", len(got), err)
			}
		})
	}
}

func TestJournalDamaged(t *testing.T) {
	g1, g2 := sampleGames()[0], sampleGames()[1]
	l1, l2 := line(t, g1), line(t, g2)
	bad := g2
	bad.Result = "2-0"
	tests := []struct {
		name, data, want string
		games            int // valid games, which the readers keep
	}{
		{"garbage in the middle", l1 + "not json\n" + l2, ":2: invalid character", 2},
		{"torn line in the middle", l1 + l2[:20] + "\n" + l2, ":2: unexpected end of JSON", 2},
		{"interleaved writers", l1[:30] + l2 + l1[30:], ":1: unexpected end of JSON", 0},
		{"complete garbage last line", l1 + "{}x\n", ":2: invalid character", 1},
		{"invalid game", l1 + line(t, bad), `:2: game 01-gamma-delta: bad result "2-0"`, 1},
		{"duplicate", l1 + l2 + l1, ":3: game 01-alpha-beta is recorded twice (first on line 1)", 2},
		{"unknown reason", strings.Replace(l1, `"normal"`, `"conceded"`, 1), `:1: unknown reason "conceded"`, 0},
		{"no reason", strings.Replace(l1, `"reason":"normal",`, ``, 1), `:1: game 01-alpha-beta: bad reason invalid`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), JournalName)
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			games, damaged, err := ReadJournal(path)
			if err != nil || len(games) != tt.games || len(damaged) == 0 || !strings.Contains(damaged[0].Error(), path+tt.want) {
				t.Errorf("ReadJournal = %d games, damaged %v, %v; want %d games and damaged lines, the first with %q", len(games), damaged, err, tt.games, path+tt.want)
			}
			j, err := OpenJournal(path)
			var de *DamagedError
			if !errors.As(err, &de) || !strings.Contains(err.Error(), path+tt.want) {
				if j != nil {
					j.Close()
				}
				t.Fatalf("OpenJournal = %v, want a *DamagedError with %q", err, path+tt.want)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.data {
				t.Error("OpenJournal changed a damaged file")
			}

			r, err := RepairJournal(path, time.Date(2026, 11, 23, 14, 30, 5, 0, time.UTC))
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != tt.games || len(r.Removed) != len(damaged) || r.Backup != path+".bak-20261123T143005Z" {
				t.Errorf("RepairJournal = %+v, want %d games, %d removed, a backup", r, tt.games, len(damaged))
			}
			if data, err := os.ReadFile(r.Backup); err != nil || string(data) != tt.data {
				t.Errorf("backup %s = %q, %v; want the original", r.Backup, data, err)
			}
			var moved strings.Builder
			for _, d := range damaged {
				moved.WriteString(d.Text + "\n")
			}
			if data, err := os.ReadFile(r.Moved); err != nil || string(data) != moved.String() {
				t.Errorf("moved lines %s = %q, %v; want %q", r.Moved, data, err, moved.String())
			}
			j, err = OpenJournal(path)
			if err != nil {
				t.Fatalf("repaired journal: %v", err)
			}
			defer j.Close()
			if len(j.Games()) != tt.games || j.Torn() != 0 {
				t.Errorf("repaired journal: %d games, torn %d; want %d, 0", len(j.Games()), j.Torn(), tt.games)
			}
		})
	}
}

func TestRepairJournal(t *testing.T) {
	l1, l2 := line(t, sampleGames()[0]), line(t, sampleGames()[1])
	now := time.Date(2026, 11, 23, 14, 30, 5, 0, time.UTC)
	tests := []struct {
		name, data, after string
		removed           []int // line numbers
		changed           bool
	}{
		{"clean", l1 + l2, l1 + l2, nil, false},
		{"blank lines and no last newline", "\n" + l1 + "\n" + strings.TrimSuffix(l2, "\n"), "\n" + l1 + "\n" + strings.TrimSuffix(l2, "\n"), nil, false},
		{"torn last line", l1 + l2[:20], l1, []int{2}, true},
		{"two damaged and torn", "x\n" + l1 + "y\n" + l2 + "{", l1 + l2, []int{1, 3, 5}, true},
		{"NUL tail", l1 + "\x00\x00", l1, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), JournalName)
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := RepairJournal(path, now)
			if err != nil {
				t.Fatal(err)
			}
			var lines []int
			for _, d := range r.Removed {
				lines = append(lines, d.Line)
			}
			if !reflect.DeepEqual(lines, tt.removed) || (r.Backup != "") != tt.changed {
				t.Errorf("removed lines %v, backup %q; want %v, changed %v", lines, r.Backup, tt.removed, tt.changed)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.after {
				t.Errorf("journal after repair:\n%q\nwant\n%q", data, tt.after)
			}
			if files, _ := filepath.Glob(path + ".*"); tt.changed != (len(files) == 2) {
				t.Errorf("side files %v, want 2 when changed (%v)", files, tt.changed)
			}
		})
	}
}

func TestReadJournalMissing(t *testing.T) {
	_, _, err := ReadJournal(filepath.Join(t.TempDir(), "nope", JournalName))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("ReadJournal of a missing file = %v, want ErrNotExist", err)
	}
}

func TestJournalConcurrentAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), JournalName)
	j, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	const workers, each = 8, 25
	var wg sync.WaitGroup
	errs := make(chan error, workers*each)
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				id := fmt.Sprintf("%02d-w%d-b", i, w)
				errs <- j.Append(game(id, fmt.Sprintf("w%d", w), "b", WhiteWins, referee.Normal, "", 2, 1))
				// Everyone also tries the same id: exactly one wins.
				if err := j.Append(game("00-same-id", "a", "b", Draw, referee.Normal, "", 0, 0)); err != nil && !strings.Contains(err.Error(), "already recorded") {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	got, damaged, err := ReadJournal(path)
	if err != nil || len(damaged) > 0 {
		t.Fatal(err, damaged)
	}
	if len(got) != workers*each+1 {
		t.Errorf("got %d games, want %d", len(got), workers*each+1)
	}
	if !reflect.DeepEqual(got, j.Games()) {
		t.Error("file and Games() disagree")
	}
}

// FuzzReadJournal feeds arbitrary bytes to the journal reader: it must
// return games and damaged lines, never panic; every damaged line names the
// file and its line; whatever it accepts must survive a rewrite unchanged,
// and the kept prefix must read the same.
func FuzzReadJournal(f *testing.F) {
	l1, l2 := line(f, sampleGames()[0]), line(f, sampleGames()[5])
	for _, s := range []string{"", "\n", l1, l1 + l2, l1 + l2[:33], l1 + "\x00\x00", l1 + "x\n" + l2, "{}\n", `{"id":"a"}`, l1 + l1} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := parseJournal("fuzz", data)
		for _, d := range p.damaged {
			if !strings.HasPrefix(d.Error(), fmt.Sprintf("fuzz:%d: ", d.Line)) {
				t.Errorf("damaged line without file:line: %v", d)
			}
		}
		if p.keep > len(data) {
			t.Fatalf("keep %d > %d", p.keep, len(data))
		}
		var again bytes.Buffer
		for _, g := range p.games {
			if err := g.Validate(); err != nil {
				t.Fatalf("accepted an invalid game: %v", err)
			}
			again.WriteString(line(t, g))
		}
		q := parseJournal("again", again.Bytes())
		if len(q.damaged) > 0 || !reflect.DeepEqual(p.games, q.games) || q.keep != again.Len() {
			t.Fatalf("rewritten journal reads differently: %v", q.damaged)
		}
		// The kept prefix holds the same games and damage, with nothing torn.
		r := parseJournal("fuzz", data[:p.keep])
		if len(r.games) != len(p.games) || len(r.damaged) != len(p.damaged) || r.keep != p.keep || r.torn != nil {
			t.Fatalf("kept prefix: %d games, %d damaged, keep %d; want %d, %d, %d", len(r.games), len(r.damaged), r.keep, len(p.games), len(p.damaged), p.keep)
		}
	})
}

// TestJournalLinesNeverSplit appends from two journals open on one file at
// once, as two processes without the lock would: each line is one write on
// a file opened for appending, so every line lands whole and none is lost.
func TestJournalLinesNeverSplit(t *testing.T) {
	path := filepath.Join(t.TempDir(), JournalName)
	var js [2]*Journal
	for i := range js {
		j, err := OpenJournal(path)
		if err != nil {
			t.Fatal(err)
		}
		defer j.Close()
		js[i] = j
	}
	const each = 200
	var wg sync.WaitGroup
	for w, j := range js {
		wg.Go(func() {
			for i := range each {
				g := game(fmt.Sprintf("%02d-w%d-b%d", i%100, w, i), fmt.Sprintf("w%d", w), fmt.Sprintf("b%d", i), WhiteWins, referee.Normal, "", 2, 1)
				g.Detail = strings.Repeat("x", 1000*(i%5)) // lines of several sizes
				if err := j.Append(g); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	got, damaged, err := ReadJournal(path)
	if err != nil || len(damaged) > 0 || len(got) != 2*each {
		t.Fatalf("ReadJournal: %d games, %d damaged lines (%v), %v; want %d, 0", len(got), len(damaged), damaged, err, 2*each)
	}
}

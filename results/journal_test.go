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

	"github.com/arenabots/arena/referee"
)

// line returns g's journal line, newline included.
func line(t testing.TB, g Game) string {
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
	got, err := ReadJournal(path)
	if err != nil || !reflect.DeepEqual(got, games) {
		t.Errorf("ReadJournal = %v, %v", got, err)
	}
	j, err = OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if !reflect.DeepEqual(j.Games(), games) || j.Torn() != 0 {
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
			read, err := ReadJournal(path)
			if err != nil || len(read) != tt.games {
				t.Fatalf("ReadJournal: %d games, %v; want %d", len(read), err, tt.games)
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
			// The repaired journal takes a new line cleanly.
			g3 := game("07-x-y", "x", "y", Draw, referee.Normal, "", 1, 1)
			if err := j.Append(g3); err != nil {
				t.Fatal(err)
			}
			if got, err := ReadJournal(path); err != nil || len(got) != tt.games+1 || got[len(got)-1].ID != g3.ID {
				t.Errorf("after Append: %d games, %v", len(got), err)
			}
		})
	}
}

func TestJournalCorrupt(t *testing.T) {
	g1, g2 := sampleGames()[0], sampleGames()[1]
	l1, l2 := line(t, g1), line(t, g2)
	bad := g2
	bad.Result = "2-0"
	tests := []struct {
		name, data, want string
	}{
		{"garbage in the middle", l1 + "not json\n" + l2, ":2: invalid character"},
		{"torn line in the middle", l1 + l2[:20] + "\n" + l2, ":2: unexpected end of JSON"},
		{"complete garbage last line", l1 + "{}x\n", ":2: invalid character"},
		{"invalid game", l1 + line(t, bad), `:2: game 01-gamma-delta: bad result "2-0"`},
		{"duplicate", l1 + l2 + l1, ":3: game 01-alpha-beta is recorded twice (first on line 1)"},
		{"unknown reason", strings.Replace(l1, `"normal"`, `"resigned"`, 1), `:1: unknown reason "resigned"`},
		{"no reason", strings.Replace(l1, `"reason":"normal",`, ``, 1), `:1: game 01-alpha-beta: bad reason invalid`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), JournalName)
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadJournal(path)
			if err == nil || !strings.Contains(err.Error(), path+tt.want) {
				t.Errorf("ReadJournal = %v, want an error with %q", err, path+tt.want)
			}
			j, err := OpenJournal(path)
			if err == nil {
				j.Close()
				t.Fatal("OpenJournal succeeded")
			}
			if data, _ := os.ReadFile(path); string(data) != tt.data {
				t.Error("OpenJournal changed a corrupt file")
			}
		})
	}
}

func TestReadJournalMissing(t *testing.T) {
	_, err := ReadJournal(filepath.Join(t.TempDir(), "nope", JournalName))
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
	got, err := ReadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != workers*each+1 {
		t.Errorf("got %d games, want %d", len(got), workers*each+1)
	}
	if !reflect.DeepEqual(got, j.Games()) {
		t.Error("file and Games() disagree")
	}
}

// FuzzReadJournal feeds arbitrary bytes to the journal reader: it must
// return games or an error, never panic; whatever it accepts must survive a
// rewrite unchanged, and a file it accepts must open (repaired) with the same
// games.
func FuzzReadJournal(f *testing.F) {
	l1, l2 := line(f, sampleGames()[0]), line(f, sampleGames()[5])
	for _, s := range []string{"", "\n", l1, l1 + l2, l1 + l2[:33], l1 + "\x00\x00", l1 + "x\n" + l2, "{}\n", `{"id":"a"}`, l1 + l1} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parseJournal("fuzz", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Errorf("error without file:line: %v", err)
			}
			return
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
		q, err := parseJournal("again", again.Bytes())
		if err != nil || !reflect.DeepEqual(p.games, q.games) || q.keep != again.Len() {
			t.Fatalf("rewritten journal reads differently: %v", err)
		}
		// The kept prefix holds the same games, with nothing torn.
		r, err := parseJournal("kept", data[:p.keep])
		if err != nil || len(r.games) != len(p.games) || r.keep != p.keep {
			t.Fatalf("kept prefix: %d games, keep %d, %v; want %d, %d", len(r.games), r.keep, err, len(p.games), p.keep)
		}
	})
}

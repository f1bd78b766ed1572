package quatro

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// checkFiles returns the position files of checkdata.
func checkFiles(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("checkdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("checkdata/*.json: %d files, %v", len(files), err)
	}
	return files
}

// load decodes checkdata/name, failing t when it cannot.
func load(t testing.TB, name string) Position {
	t.Helper()
	data, err := checkData.ReadFile("checkdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	q, err := Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return q
}

// TestPositionRoundTrip checks that positions encode and decode back to
// themselves: the files of checkdata, and positions of random games,
// won ones included.
func TestPositionRoundTrip(t *testing.T) {
	var positions []Position
	for _, file := range checkFiles(t) {
		positions = append(positions, load(t, filepath.Base(file)))
	}
	for seed := range uint64(20) {
		q := New()
		r := referee.SplitMix64{State: seed}
		for !q.Terminal() {
			moves := q.Moves(nil)
			q.Play(moves[r.Below(uint64(len(moves)))])
			positions = append(positions, q)
		}
	}
	positions = append(positions, drawnBoard(t))
	for _, q := range positions {
		enc, err := q.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(enc)
		if err != nil || back != q {
			t.Fatalf("Decode(Encode()) = %v, %v; want\n%s", &back, err, &q)
		}
	}
}

// TestDecodeReserveOrder checks that the reserve may list its pieces in
// any order, and the board's cells may carry spaces.
func TestDecodeReserveOrder(t *testing.T) {
	q := load(t, "win.json")
	var f map[string]any
	enc, _ := q.Encode()
	if err := json.Unmarshal(enc, &f); err != nil {
		t.Fatal(err)
	}
	res := f["reserve"].([]any)
	for i, j := 0, len(res)-1; i < j; i, j = i+1, j-1 {
		res[i], res[j] = res[j], res[i]
	}
	data, _ := json.MarshalIndent(f, "", "  ")
	back, err := Decode(data)
	if err != nil || back != q {
		t.Errorf("reserve reversed: Decode = %v, %v; want\n%s", &back, err, &q)
	}
}

// empty is a position file of the start, to break in TestDecodeRejects.
const empty = `{"board":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]],"reserve":[` +
	`["BRANCA","QUADRADA","ALTA","CHEIA"],["BRANCA","QUADRADA","ALTA","OCA"],["BRANCA","QUADRADA","BAIXA","CHEIA"],["BRANCA","QUADRADA","BAIXA","OCA"],` +
	`["BRANCA","REDONDA","ALTA","CHEIA"],["BRANCA","REDONDA","ALTA","OCA"],["BRANCA","REDONDA","BAIXA","CHEIA"],["BRANCA","REDONDA","BAIXA","OCA"],` +
	`["PRETA","QUADRADA","ALTA","CHEIA"],["PRETA","QUADRADA","ALTA","OCA"],["PRETA","QUADRADA","BAIXA","CHEIA"],["PRETA","QUADRADA","BAIXA","OCA"],` +
	`["PRETA","REDONDA","ALTA","CHEIA"],["PRETA","REDONDA","ALTA","OCA"],["PRETA","REDONDA","BAIXA","CHEIA"],["PRETA","REDONDA","BAIXA","OCA"]],` +
	`"to_move":1,"ply":0}`

func TestDecodeRejects(t *testing.T) {
	start, err := Decode([]byte(empty))
	if err != nil || start != New() {
		t.Fatalf("Decode(empty) = %v, %v; want the start", &start, err)
	}
	// Row 1 all BRANCA, and row 4 all PRETA: two lines through no one cell.
	twoLines := `{"board":[[["BRANCA","QUADRADA","ALTA","CHEIA"],["BRANCA","QUADRADA","ALTA","OCA"],["BRANCA","QUADRADA","BAIXA","CHEIA"],["BRANCA","QUADRADA","BAIXA","OCA"]],` +
		`[0,0,0,0],[0,0,0,0],[["PRETA","QUADRADA","ALTA","CHEIA"],["PRETA","QUADRADA","ALTA","OCA"],["PRETA","QUADRADA","BAIXA","CHEIA"],["PRETA","QUADRADA","BAIXA","OCA"]]],` +
		`"reserve":[["BRANCA","REDONDA","ALTA","CHEIA"],["BRANCA","REDONDA","ALTA","OCA"],["BRANCA","REDONDA","BAIXA","CHEIA"],["BRANCA","REDONDA","BAIXA","OCA"],` +
		`["PRETA","REDONDA","ALTA","CHEIA"],["PRETA","REDONDA","ALTA","OCA"],["PRETA","REDONDA","BAIXA","CHEIA"],["PRETA","REDONDA","BAIXA","OCA"]],"to_move":1,"ply":8}`
	bqac, bqao := `["BRANCA","QUADRADA","ALTA","CHEIA"]`, `["BRANCA","QUADRADA","ALTA","OCA"]`
	for _, c := range []struct {
		name, data, err string
	}{
		{"empty file", "", "empty file"},
		{"not JSON", "quatro", "line 1, column 1"},
		{"unknown field", strings.Replace(empty, `"ply"`, `"plies"`, 1), `unknown field "plies"`},
		{"no board", `{"reserve":[],"to_move":1}`, "board has 0 rows, want 4"},
		{"three rows", strings.Replace(empty, `[0,0,0,0],`, ``, 1), "board has 3 rows, want 4"},
		{"short row", strings.Replace(empty, `[0,0,0,0]`, `[0,0,0]`, 1), "board row 1 has 3 cells, want 4"},
		{"bad cell", strings.Replace(empty, `[0,0,0,0]`, `[0,1,0,0]`, 1), "board cell B1 is 1: want 0 or a piece"},
		{"three words", strings.Replace(empty, `[0,0,0,0]`, `[0,["BRANCA","QUADRADA","ALTA"],0,0]`, 1), `board cell B1: piece ["BRANCA" "QUADRADA" "ALTA"] has 3 words, want 4`},
		{"bad word", strings.Replace(empty, `[0,0,0,0]`, `[0,["BRANCA","QUADRADA","ALTA","VAZIA"],0,0]`, 1), `fill is "VAZIA", want CHEIA or OCA`},
		{"lower case", strings.Replace(empty, `[0,0,0,0]`, `[0,["branca","QUADRADA","ALTA","OCA"],0,0]`, 1), `colour is "branca", want BRANCA or PRETA`},
		{"piece on board and in reserve", strings.Replace(empty, `[0,0,0,0]`, `[0,`+bqac+`,0,0]`, 1), "reserve lists BQAC, which is on B1"},
		{"piece twice on board", strings.Replace(strings.Replace(empty, `[0,0,0,0]`, `[`+bqac+`,`+bqac+`,0,0]`, 1), bqac+`,`+bqao, bqao, 1), "board cell B1 holds BQAC, which is on A1 already"},
		{"piece twice in reserve", strings.Replace(empty, bqao, bqac, 1), "reserve lists BQAC twice"},
		{"piece missing", strings.Replace(empty, bqao+`,`, ``, 1), "BQAO is neither on the board nor in the reserve"},
		{"bad reserve piece", strings.Replace(empty, bqao, `["BRANCA"]`, 1), "reserve piece 2: piece"},
		{"to_move 0", strings.Replace(empty, `"to_move":1`, `"to_move":0`, 1), "to_move is 0, want 1"},
		{"to_move 2", strings.Replace(empty, `"to_move":1`, `"to_move":2`, 1), "to_move is 2, want 1: 0 pieces are on the board"},
		{"ply negative", strings.Replace(empty, `"ply":0`, `"ply":-1`, 1), "ply is -1, want 0 to 0"},
		{"ply beyond the pieces", strings.Replace(empty, `"ply":0`, `"ply":1`, 1), "ply is 1, want 0 to 0"},
		{"two lines", twoLines, "complete lines that no one piece completed"},
		{"data after", empty + "{}", "data after the position"},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, err := Decode([]byte(c.data))
			if err == nil {
				t.Fatalf("Decode returned no error, and\n%s", &q)
			}
			if !strings.HasPrefix(err.Error(), "position: ") || !strings.Contains(err.Error(), c.err) {
				t.Errorf("error %q, want it to start with \"position: \" and contain %q", err, c.err)
			}
		})
	}
}

// TestDecodeWon checks that a board with a line is over, won by the side
// not to move.
func TestDecodeWon(t *testing.T) {
	q := load(t, "win.json")
	play(t, &q, "D1:BRAO")
	enc, _ := q.Encode()
	back, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Terminal() || back.Winner() != referee.White || back.Scores() != [2]int{1, 0} {
		t.Errorf("decoded win: terminal %v, winner %v, scores %v; want white's win", back.Terminal(), back.Winner(), back.Scores())
	}
}

func TestDiff(t *testing.T) {
	a := load(t, "midgame.json")
	if d := a.Diff(&a); d != "" {
		t.Errorf("Diff(itself) = %q, want \"\"", d)
	}
	b := a
	play(t, &b, "D4:PRBC")
	want := "D4 is empty, claimed PRBC; PRBC is in the reserve, claimed played; white is to move, claimed black"
	if d := a.Diff(&b); d != want {
		t.Errorf("Diff = %q, want %q", d, want)
	}
	if d := a.Diff(nil); d != "no claimed state" {
		t.Errorf("Diff(nil) = %q", d)
	}
}

// TestSamples checks that the samples are the opening, a midgame without a
// move that wins, and a position where some moves win.
func TestSamples(t *testing.T) {
	s, err := Game{}.Samples(3)
	if err != nil || len(s) != 3 {
		t.Fatalf("Samples = %d, %v; want 3", len(s), err)
	}
	if q := s[0].State.(*Position); *q != New() {
		t.Errorf("sample %q is not the empty board", s[0].Name)
	}
	wins := func(st referee.State) int {
		n := 0
		for _, m := range st.Moves(nil) {
			next := st.Clone()
			next.Play(m)
			if next.Scores() != [2]int{} {
				n++
			}
		}
		return n
	}
	if n := wins(s[1].State); n != 0 {
		t.Errorf("sample %q has %d winning moves, want a midgame with none", s[1].Name, n)
	}
	if n := wins(s[2].State); n != 5 {
		t.Errorf("sample %q has %d winning moves, want 5 (the BRANCA pieces of the reserve on D1)", s[2].Name, n)
	}
	o, err := Game{OpeningPlies: 5}.Samples(3)
	if err != nil || o[0].State.(*Position).filled == 0 || !strings.Contains(o[0].Name, "5 opening plies") {
		t.Errorf("Samples with an opening: %q, %v", o[0].Name, err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, file := range checkFiles(f) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(empty))
	f.Add([]byte(`{"board":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}`))
	f.Add([]byte(`{"board":[[["PRETA","REDONDA","BAIXA","OCA"]]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gametest.CheckPositionFile(Game{}, data); err != nil {
			t.Error(err)
		}
	})
}

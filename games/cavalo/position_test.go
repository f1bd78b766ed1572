package cavalo

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

func TestDecodeTestdata(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("testdata/*.json: got %d files, %v; want some", len(files), err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c, err := Decode(data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			enc, err := c.Encode()
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			var want, got any
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(enc, &got); err != nil {
				t.Fatalf("Encode wrote bad JSON: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Encode(Decode(file)):\ngot  %s\nwant %s", enc, data)
			}
			back, err := Decode(enc)
			if err != nil {
				t.Fatalf("Decode(Encode()): %v", err)
			}
			if back != c {
				t.Errorf("Decode(Encode()):\ngot  %v\nwant %v", back.String(), c.String())
			}
		})
	}
}

// position builds a position file: rows from row 1 with cells separated by
// spaces, numbers as in String ("05"), "." for null, "W" and "B" for the
// knights; scores and the side to move.
func position(rows [10]string, scores [2]int, toMove int) string {
	var b strings.Builder
	b.WriteString(`{"board": [`)
	for r, row := range rows {
		if r > 0 {
			b.WriteString(", ")
		}
		cells := strings.Fields(row)
		for i, cell := range cells {
			switch cell {
			case ".":
				cells[i] = "null"
			case "W":
				cells[i] = "-1"
			case "B":
				cells[i] = "-2"
			default: // drop leading zeros: "05" is not JSON
				if n, err := strconv.Atoi(cell); err == nil {
					cells[i] = strconv.Itoa(n)
				}
			}
		}
		b.WriteString("[" + strings.Join(cells, ", ") + "]")
	}
	fmt.Fprintf(&b, `], "scores": [%d, %d], "to_move": %d}`, scores[0], scores[1], toMove)
	return b.String()
}

// emptyRows is a board with no numbers and no knights.
var emptyRows = [10]string{
	". . . . . . . . . .", ". . . . . . . . . .", ". . . . . . . . . .", ". . . . . . . . . .", ". . . . . . . . . .",
	". . . . . . . . . .", ". . . . . . . . . .", ". . . . . . . . . .", ". . . . . . . . . .", ". . . . . . . . . .",
}

func TestDecodeErrors(t *testing.T) {
	withRow := func(r int, row string) [10]string {
		rows := emptyRows
		rows[r] = row
		return rows
	}
	valid := position(withRow(0, "1 2 3 . W . . . . ."), [2]int{0, 0}, 1)
	tests := []struct {
		name, data, want string
	}{
		{"empty", "", "position: empty file"},
		{"spaces", " \n ", "position: empty file"},
		{"truncated", valid[:40], "unexpected end of file"},
		{"syntax", "{\n  \"board\": x\n}", "line 2, column 12: invalid character 'x'"},
		{"type", "{\"to_move\": \"white\"}", "line 1, column 19: json: cannot unmarshal string"},
		{"float", position(withRow(0, "1.5 . . . . . . . . ."), [2]int{}, 1), "cannot unmarshal number 1.5"},
		{"unknown field", `{"board": [], "ply": 3}`, `unknown field "ply"`},
		{"trailing data", valid + "\n{}", "line 2, column 1: data after the position"},
		{"no board", `{"scores": [0, 0], "to_move": 1}`, "board has 0 rows, want 10"},
		{"nine rows", `{"board": [[],[],[],[],[],[],[],[],[]], "to_move": 1}`, "board has 9 rows, want 10"},
		{"short row", position(withRow(3, ". . ."), [2]int{}, 1), "board row 4 has 3 cells, want 10"},
		{"long row", position(withRow(9, ". . . . . . . . . . ."), [2]int{}, 1), "board row 10 has 11 cells, want 10"},
		{"number 100", position(withRow(1, ". 100 . . . . . . . ."), [2]int{}, 1), "square B2 holds 100"},
		{"number -3", position(withRow(0, "-3 . . . . . . . . ."), [2]int{}, 1), "square A1 holds -3"},
		{"repeated number", position(withRow(0, "7 . . . . . . . . 7"), [2]int{}, 1), "number 7 appears twice (second on J1)"},
		{"two white knights", position(withRow(4, "W . . . . . . . . W"), [2]int{}, 1), "two white knights (A5 and J5)"},
		{"two black knights", position(withRow(4, "B B . . . . . . . ."), [2]int{}, 1), "two black knights (A5 and B5)"},
		{"no side to move", position(emptyRows, [2]int{}, 0), "to_move is 0"},
		{"side 3 to move", position(emptyRows, [2]int{}, 3), "to_move is 3"},
		{"negative score", position(emptyRows, [2]int{-1, 0}, 1), "score -1: want 0..4950"},
		{"huge score", position(emptyRows, [2]int{0, 1 << 40}, 1), "score 1099511627776: want 0..4950"},
	}
	if _, err := Decode([]byte(valid)); err != nil {
		t.Fatalf("valid position: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.data))
			if err == nil {
				t.Fatalf("Decode(%q): got no error, want %q", tt.data, tt.want)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.want) || !strings.HasPrefix(msg, "position: ") || strings.Contains(msg, "\n") {
				t.Errorf("got error %q, want one line starting \"position: \" and containing %q", msg, tt.want)
			}
		})
	}
}

func TestGameDecode(t *testing.T) {
	st, err := Game{}.Decode([]byte(position(emptyRows, [2]int{3, 4}, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := st.(*Position); !ok {
		t.Errorf("Game.Decode: got a %T, want a *Position", st)
	}
	if got, want := st.Scores(), [2]int{3, 4}; got != want {
		t.Errorf("scores: got %v, want %v", got, want)
	}
	if _, err := (Game{}).Decode([]byte("{")); err == nil {
		t.Errorf("Game.Decode(\"{\"): got no error, want one")
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(position(emptyRows, [2]int{1, 2}, 2)))
	f.Add([]byte(`{"board": null}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gametest.CheckPositionFile(Game{}, data); err != nil {
			t.Error(err)
		}
	})
}

func TestDiff(t *testing.T) {
	base := New(7)
	base.Play(base.Moves(nil)[0]) // the white knight on the board
	cells := base.Cells()
	wn := base.Knight(referee.White)
	num, empty, free := -1, -1, 99
	seen := map[int]bool{}
	for sq, v := range cells {
		seen[v] = true
		switch {
		case v >= 0 && num < 0:
			num = sq
		case v == Empty && empty < 0:
			empty = sq
		}
	}
	for seen[free] {
		free--
	}
	if num < 0 || empty < 0 || free < 0 {
		t.Fatalf("position %v: no number or no empty square", base.String())
	}
	tests := []struct {
		name string
		edit func(*[Squares]int)
		want string
	}{
		{"same", func(*[Squares]int) {}, ""},
		{"number", func(c *[Squares]int) { c[num] = free }, fmt.Sprintf("%s is %02d, claimed %02d", SquareName(num), cells[num], free)},
		{"emptied", func(c *[Squares]int) { c[num] = Empty }, fmt.Sprintf("%s is %02d, claimed empty", SquareName(num), cells[num])},
		{"knight moved", func(c *[Squares]int) { c[wn], c[empty] = Empty, WhiteKnight }, fmt.Sprintf("%s is WN, claimed empty", SquareName(wn))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := cells
			tt.edit(&c)
			claim, err := FromCells(c, base.Scores(), base.ToMove())
			if err != nil {
				t.Fatal(err)
			}
			got := base.Diff(&claim)
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("Diff = %q, want %q in it", got, tt.want)
			}
		})
	}
}

// TestEncodeIsMarshal checks that Encode writes what json.Marshal writes
// of a position's positionFile, at every position of random games, so that
// the position files and move logs it writes stay byte for byte the same.
func TestEncodeIsMarshal(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		c := New(seed)
		for plies := 0; ; plies++ {
			f := positionFile{Board: make([][]*int, 10), Scores: c.Scores(), ToMove: int(c.ToMove())}
			for r := range f.Board {
				f.Board[r] = make([]*int, 10)
			}
			for sq, v := range c.Cells() {
				if v != Empty {
					f.Board[sq/10][sq%10] = &v
				}
			}
			want, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := c.Encode(); string(got) != string(want) {
				t.Fatalf("seed %d ply %d: Encode\n%s\nwant\n%s", seed, plies, got, want)
			}
			moves := c.Moves(nil)
			if len(moves) == 0 {
				break
			}
			c.Play(moves[r.IntN(len(moves))])
		}
	}
}

package solitario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

const startFile = `{"game":"solitario","board":[[null,null,1,1,1,null,null],[null,null,1,1,1,null,null],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[null,null,2,2,2,null,null],[null,null,2,2,2,null,null]],"to_move":1,"ply":0,"max_plies":200,"moved":[false,false],"scores":[0,0]}`

func TestEncodeStart(t *testing.T) {
	p := New(DefaultMaxPlies)
	data, err := p.Encode()
	if err != nil || string(data) != startFile {
		t.Errorf("Encode() = %s, %v\nwant %s", data, err, startFile)
	}
}

// TestPositionRoundTrip decodes the sample files and positions of a
// random game, and checks that Encode gives the same file back and
// Decode the same position (Ply counted from the file's ply).
func TestPositionRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("checkdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("checkdata/*.json: %d files, %v", len(files), err)
	}
	var datas [][]byte
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		datas = append(datas, []byte(strings.TrimSpace(string(data))))
	}
	p := New(60)
	r := referee.SplitMix64{State: 3}
	var buf [referee.MaxMoves]referee.Move
	for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
		p.Play(moves[r.Below(uint64(len(moves)))])
		data, _ := p.Encode()
		datas = append(datas, data)
	}
	for _, data := range datas {
		q, err := Decode(data)
		if err != nil {
			t.Fatalf("Decode(%s): %v", data, err)
		}
		back, err := q.Encode()
		if err != nil || string(back) != string(data) {
			t.Errorf("Encode(Decode(%s)) = %s, %v", data, back, err)
		}
		if q.Ply() != 0 {
			t.Errorf("Decode(%s).Ply() = %d, want 0", data, q.Ply())
		}
	}
	// The game's ply and first-move flags survive.
	q, err := Decode(datas[len(datas)-1])
	if err != nil || q.GamePly() != p.GamePly() || q.Moved(referee.White) != p.Moved(referee.White) || q.Scores() != p.Scores() {
		t.Errorf("Decode of the last position: %v, ply %d, want %d", err, q.GamePly(), p.GamePly())
	}
	q.SetPly(7)
	if q.Ply() != 7 || q.GamePly() != p.GamePly() {
		t.Errorf("SetPly(7): Ply %d, GamePly %d; want 7 and %d", q.Ply(), q.GamePly(), p.GamePly())
	}
}

// TestDecodeRejects checks that Decode refuses what is not a position and
// names the field at fault.
func TestDecodeRejects(t *testing.T) {
	edit := func(old, new string) string {
		if !strings.Contains(startFile, old) {
			t.Fatalf("%q is not in the start file", old)
		}
		return strings.Replace(startFile, old, new, 1)
	}
	tests := []struct {
		name, data, want string
	}{
		{"empty", "", "position: empty file"},
		{"not JSON", "board", "position: line 1, column 1"},
		{"a list", "[]", "position: line 1"},
		{"unknown field", edit(`"ply":0`, `"ply":0,"turn":1`), `unknown field "turn"`},
		{"other game", edit(`"game":"solitario"`, `"game":"dots"`), `game is "dots", want "solitario"`},
		{"no game", "{}", `game is ""`},
		{"no board", `{"game":"solitario"}`, "board has 0 rows, want 7"},
		{"short row", edit(`[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]`, `[0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0]`), "board row 3 has 6 values, want 7"},
		{"peg off the board", edit(`[null,null,1,1,1,null,null]`, `[1,null,1,1,1,null,null]`), "board row 1 col 1 is off the board and holds 1: want null"},
		{"null hole", edit(`[null,null,1,1,1,null,null]`, `[null,null,null,1,1,null,null]`), "board row 1 col 3 is a hole and holds null"},
		{"bad value", edit(`[0,0,0,0,0,0,0]`, `[0,3,0,0,0,0,0]`), "board row 3 col 2 holds 3: want 0 (empty), 1 or 2"},
		{"seven pegs", edit(`[0,0,0,0,0,0,0]`, `[1,0,0,0,0,0,0]`), "board has 7 pegs of player 1, want 6 at most"},
		{"both on start holes", `{"game":"solitario","board":[[null,null,2,0,0,null,null],[null,null,0,0,0,null,null],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[null,null,1,0,0,null,null],[null,null,0,0,0,null,null]],"to_move":1,"scores":[10,10]}`, "both players"},
		{"to_move 0", edit(`"to_move":1`, `"to_move":0`), "to_move is 0: want 1"},
		{"to_move 3", edit(`"to_move":1`, `"to_move":3`), "to_move is 3"},
		{"max_plies 0", edit(`"max_plies":200`, `"max_plies":0`), "max_plies is 0: want 1 to 1000"},
		{"ply past the cap", edit(`"ply":0`, `"ply":201`), "ply is 201: want 0 to max_plies (200)"},
		{"negative ply", edit(`"ply":0`, `"ply":-1`), "ply is -1"},
		{"captures with no peg lost", edit(`"scores":[0,0]`, `"scores":[1,0]`), "scores[0] is 1: want player 1's captures, 0 to 0"},
		{"negative score", edit(`"scores":[0,0]`, `"scores":[0,-1]`), "scores[1] is -1"},
		{"bonus without a win", `{"game":"solitario","board":[[null,null,0,0,0,null,null],[null,null,0,0,0,null,null],[0,0,0,0,0,0,0],[0,0,0,1,0,0,0],[0,0,0,0,0,0,0],[null,null,0,0,0,null,null],[null,null,0,2,0,null,null]],"to_move":1,"scores":[10,0]}`, "scores[0] is 10"},
		{"win without the bonus", `{"game":"solitario","board":[[null,null,0,0,0,null,null],[null,null,0,0,0,null,null],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[0,0,0,0,0,0,0],[null,null,0,1,0,null,null],[null,null,0,2,0,null,null]],"to_move":2,"scores":[0,0]}`, "plus 10 for reaching"},
		{"data after", startFile + " {}", "data after the position"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Decode([]byte(tc.data))
			if err == nil {
				t.Fatalf("Decode = %s, want an error", &p)
			}
			if !strings.HasPrefix(err.Error(), "position: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to start with position: and hold %q", err, tc.want)
			}
		})
	}
}

// TestDecodeDefaults checks what a hand-written file may leave out:
// max_plies (the rules' cap), ply, moved and scores (zero).
func TestDecodeDefaults(t *testing.T) {
	data := strings.Replace(startFile, `,"ply":0,"max_plies":200,"moved":[false,false],"scores":[0,0]`, "", 1)
	p, err := Decode([]byte(data))
	if err != nil || p != New(DefaultMaxPlies) {
		t.Errorf("Decode(%s) = %s, %v; want the start", data, &p, err)
	}
}

func TestDiff(t *testing.T) {
	p := New(DefaultMaxPlies)
	q := p
	if d := p.Diff(&q); d != "" {
		t.Errorf("Diff of equal positions = %q", d)
	}
	m, _ := ParseMove("b2-4")
	q.Play(m)
	if got, want := p.Diff(&q), "row 2 col 4 is a white peg, claimed empty; row 3 col 4 is empty, claimed a white peg"; got != want {
		t.Errorf("Diff = %q, want %q", got, want)
	}
	if got := p.Diff(nil); got != "no claimed state" {
		t.Errorf("Diff(nil) = %q", got)
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("checkdata", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(startFile))
	f.Add([]byte(`{"game":"solitario"}`))
	f.Add([]byte(`{"game":"solitario","board":[[null,null,0,0,0,null,null],[null,null,0,0,0,null,null],[1,2,2,0,0,0,0],[2,0,0,0,0,0,0],[2,0,0,0,0,0,0],[null,null,0,0,0,null,null],[null,null,0,0,0,null,null]],"to_move":1,"moved":[true,true],"ply":5,"max_plies":7}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gametest.CheckPositionFile(Game{}, data); err != nil {
			t.Error(err)
		}
	})
}

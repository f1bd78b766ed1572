package adji

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
)

// TestPositionRoundTrip encodes positions under every option and decodes
// them back, under the default game and another one: the file carries its
// rules.
func TestPositionRoundTrip(t *testing.T) {
	var cases []Position
	for _, g := range []Game{{}, {SowOrigin: true, FirstRow: 1, MaxPlies: 77}, {OpeningPlies: 13}} {
		cases = append(cases, *g.New(9).(*Position))
		samples, err := g.Samples(4)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range samples {
			cases = append(cases, *s.State.(*Position))
		}
	}
	for i, p := range cases {
		p.SetPly(i * 3)
		data, err := p.Encode()
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range []Game{{}, {FirstRow: 1, SowOrigin: true, MaxPlies: 20}} {
			back, err := g.decode(data)
			back.maxPlies = p.maxPlies // the one thing the file leaves to the game
			if err != nil || back != p {
				t.Errorf("case %d under %+v: Decode(Encode()) = %v, %v; want\n%s", i, g, &back, err, &p)
			}
		}
	}
}

// TestDecodeDefaults checks that a file in the course's layout alone takes
// the rules of the game that decodes it.
func TestDecodeDefaults(t *testing.T) {
	const file = `{"board": [[8,8,8,8,8,8],[8,8,8,8,8,8]], "scores": [0,0], "to_move": 1, "ply": 10}`
	st, err := Game{SowOrigin: true, FirstRow: 1, MaxPlies: 50}.Decode([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*Position)
	if p.skip || p.Row(referee.White) != 1 || p.PliesLeft() != 40 || p.Ply() != 10 {
		t.Errorf("decoded %s: skip %v, white's row %d, %d plies left, ply %d; want false, 1, 40, 10", p, p.skip, p.Row(referee.White), p.PliesLeft(), p.Ply())
	}
	if _, err := Decode([]byte(`{"board": [[8,8,8,8,8,8],[8,8,8,8,8,8]], "scores": [0,0], "to_move": 1}`)); err != nil {
		t.Errorf("the course's layout with no ply: %v", err)
	}
}

func TestDecodeRejects(t *testing.T) {
	const row = `[8,8,8,8,8,8]`
	tests := []struct{ name, file, want string }{
		{"not JSON", `{`, "position: unexpected end"},
		{"unknown field", `{"board":[` + row + `,` + row + `],"scores":[0,0],"to_move":1,"x":1}`, `unknown field "x"`},
		{"other game", `{"game":"dots","board":[` + row + `,` + row + `],"scores":[0,0],"to_move":1}`, `game is "dots", want "adji"`},
		{"one row", `{"board":[` + row + `],"scores":[0,0],"to_move":1}`, "board has 1 rows, want 2"},
		{"short row", `{"board":[` + row + `,[8,8]],"scores":[0,0],"to_move":1}`, "board row 1 has 2 holes, want 6"},
		{"negative hole", `{"board":[[-8,8,8,8,8,8],` + row + `],"scores":[16,0],"to_move":1}`, "board hole (0 0) holds -8"},
		{"full hole", `{"board":[[97,0,0,0,0,0],[0,0,0,0,0,0]],"scores":[0,0],"to_move":1}`, "board hole (0 0) holds 97: want 0 to 96"},
		{"negative score", `{"board":[` + row + `,` + row + `],"scores":[-1,1],"to_move":1}`, "scores[0] is -1"},
		{"seeds lost", `{"board":[` + row + `,` + row + `],"scores":[1,0],"to_move":1}`, "board and scores hold 97 seeds (96 on the board, 1 and 0 captured), want 96"},
		{"to_move 0", `{"board":[` + row + `,` + row + `],"scores":[0,0]}`, "to_move is 0: want 1 or 2"},
		{"negative ply", `{"board":[` + row + `,` + row + `],"scores":[0,0],"to_move":1,"ply":-1}`, "ply is -1"},
		{"ply past the cap", `{"board":[` + row + `,` + row + `],"scores":[0,0],"to_move":1,"ply":301}`, "ply is 301, past max_plies 300"},
		{"plies_left", `{"board":[` + row + `,` + row + `],"scores":[0,0],"to_move":1,"plies_left":-2}`, "plies_left is -2: want 0 to 10000"},
		{"first_row", `{"board":[` + row + `,` + row + `],"scores":[0,0],"to_move":1,"first_row":2}`, "first_row is 2: want 0 or 1"},
		{"skip_origin", `{"board":[` + row + `,` + row + `],"scores":[0,0],"to_move":1,"skip_origin":1}`, "skip_origin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.file))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "position: ") {
				t.Errorf("Decode: error %v, want one with %q", err, tt.want)
			}
		})
	}
}

// TestDecodeEnds checks that a file may hold a finished game: an empty
// board, or no plies left.
func TestDecodeEnds(t *testing.T) {
	for _, file := range []string{
		`{"board":[[0,0,0,0,0,0],[0,0,0,0,0,0]],"scores":[50,46],"to_move":2,"ply":120}`,
		`{"board":[[8,8,8,8,8,8],[8,8,8,8,8,8]],"scores":[0,0],"to_move":1,"ply":300}`,
	} {
		p, err := Decode([]byte(file))
		if err != nil || !p.Terminal() {
			t.Errorf("Decode(%s): terminal %v, %v; want a finished game", file, p.Terminal(), err)
		}
	}
}

func TestString(t *testing.T) {
	p := Start()
	want := `     c0  c1  c2  c3  c4  c5
r0    8   8   8   8   8   8   white
r1    8   8   8   8   8   8   black
white 0, black 0, white to move, 300 plies left`
	if got := p.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestDiff(t *testing.T) {
	p := Start()
	q := p
	if d := p.Diff(&q); d != "" {
		t.Errorf("same position: %q", d)
	}
	q.holes[7] = 9
	q.score[1] = 1
	q.holes[0] = 6
	want := "hole (0 0) holds 8, claimed 6; hole (1 1) holds 8, claimed 9; scores are 0-0, claimed 0-1"
	if d := p.Diff(&q); d != want {
		t.Errorf("got %q, want %q", d, want)
	}
	if d := p.Diff(nil); d != "no claimed state" {
		t.Errorf("nil: %q", d)
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := fs.Glob(checkData, "checkdata/*.json")
	for _, file := range files {
		data, err := checkData.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	start := Start()
	data, _ := start.Encode()
	f.Add(data)
	f.Add([]byte(`{"board":[[0,0,0,0,0,0],[0,0,0,0,0,1]],"scores":[50,45],"to_move":1,"plies_left":2,"skip_origin":false,"first_row":1}`))
	f.Add([]byte(`{"board":[[96,0,0,0,0,0],[0,0,0,0,0,0]],"scores":[0,0],"to_move":2,"ply":299}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gametest.CheckPositionFile(Game{}, data); err != nil {
			t.Error(err)
		}
	})
}

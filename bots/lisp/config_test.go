package lisp

import (
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestConfigYAML(t *testing.T) {
	t.Parallel()
	// The entry of issue #8, as a league file has it.
	const entry = `
files: [submissions/g12/jogo.lisp, submissions/g12/projeto.lisp]  # loaded in order
package: p170221035
state: board-player-scores
answer: move-and-state
perspective: absolute
knights: [-1, -2]
root: submissions/g12
side: knight
`
	var c Config
	dec := yaml.NewDecoder(strings.NewReader(entry))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		t.Fatal(err)
	}
	want := Config{
		Files:       []string{"submissions/g12/jogo.lisp", "submissions/g12/projeto.lisp"},
		Package:     "p170221035",
		State:       StateBoardPlayerScores,
		Answer:      AnswerMoveAndState,
		Perspective: PerspectiveAbsolute,
		Knights:     []int{-1, -2},
		Root:        "submissions/g12",
		Side:        SideKnight,
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("decoded %+v, want %+v", c, want)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
}

func TestArgsRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  Config
		args string
	}{
		{"defaults", Config{Files: []string{"/s/g1/a.lisp"}},
			"lisp file=/s/g1/a.lisp state=board-player-scores side=number perspective=absolute knights=-1,-2 index_base=0"},
		{"everything", Config{
			Files: []string{"/s/g 12/jogo.lisp", "/s/g12/projeto.lisp"}, Root: "/s/g 12", Package: "p170221035",
			State: StateBoardPlayerScores, Side: SideKnight, Answer: AnswerState, Perspective: PerspectiveWhite,
			Knights: []int{-7, -8}, IndexBase: 1, HeapMB: 512, TempoScale: 1000,
		}, "lisp file=/s/g 12/jogo.lisp file=/s/g12/projeto.lisp root=/s/g 12 package=p170221035 state=board-player-scores side=knight perspective=white knights=-7,-8 index_base=1 heap_mb=512 tempo_scale=1000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			args := Args(tc.cfg)
			if got := strings.Join(args, " "); got != tc.args {
				t.Errorf("Args = %s\nwant   %s", got, tc.args)
			}
			back, err := ParseArgs(args)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.cfg.WithDefaults()
			want.Answer = "" // it plays no part, and Args leaves it out
			if !reflect.DeepEqual(back, want) {
				t.Errorf("ParseArgs(Args(c)) = %+v, want %+v", back, want)
			}
			if _, err := ParseArgs(args[1:]); err != nil {
				t.Errorf("without the selector: %v", err)
			}
		})
	}
}

func TestParseArgsErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"not key=value", []string{"lisp", "a.lisp"}, `argument "a.lisp": want key=value`},
		{"unknown key", []string{"lisp", "file=a.lisp", "depth=3"}, `unknown argument "depth"`},
		{"bad number", []string{"file=a.lisp", "index_base=one"}, `argument "index_base=one"`},
		{"no file", []string{"lisp", "state=board"}, "at least one file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseArgs(tc.args)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseArgs(%q) error = %v, want it to mention %q", tc.args, err, tc.want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	ok := []string{"a.lisp"}
	tests := []struct {
		name string
		cfg  Config
		want []string // empty: valid
	}{
		{"minimal", Config{Files: ok}, nil},
		{"no files", Config{}, []string{"files: at least one file is required"}},
		{"empty file", Config{Files: []string{"a.lisp", " "}}, []string{"files[1] is empty"}},
		{"state", Config{Files: ok, State: "tabuleiro"}, []string{`state "tabuleiro": want one of board, board-scores, board-player-scores`}},
		{"answer", Config{Files: ok, Answer: "move"}, []string{`answer "move": want one of move-and-state, state`}},
		{"old answer", Config{Files: ok, Answer: AnswerState}, nil},
		{"side", Config{Files: ok, Side: "white"}, []string{`side "white": want one of number, knight`}},
		{"blank root", Config{Files: ok, Root: "  "}, []string{`root "  " is blank`}},
		{"perspective", Config{Files: ok, Perspective: "black"}, []string{`perspective "black": want one of absolute, white`}},
		{"one knight", Config{Files: ok, Knights: []int{-1}}, []string{"want two codes"}},
		{"same knights", Config{Files: ok, Knights: []int{-1, -1}}, []string{"must differ"}},
		{"knight is a number", Config{Files: ok, Knights: []int{-1, 5}}, []string{"5 is also a square's number"}},
		{"index base", Config{Files: ok, IndexBase: 2}, []string{"index_base 2: want 0"}},
		{"heap", Config{Files: ok, HeapMB: 10}, []string{"heap_mb 10"}},
		{"tempo scale", Config{Files: ok, TempoScale: -2}, []string{"tempo_scale -2: want a whole number of at least 1"}},
		{"all at once", Config{State: "x", Answer: "y"}, []string{"files:", `state "x"`, `answer "y"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := tc.cfg.Validate()
			if len(tc.want) == 0 {
				if err != nil {
					t.Errorf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Validate() = nil, want errors mentioning %q", tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("Validate() = %q, want it to mention %q", err, w)
				}
			}
		})
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	c := Config{Files: []string{"g12/jogo.lisp", "/abs/projeto.lisp"}, Root: "g12"}.Resolve("/leagues")
	want := []string{"/leagues/g12/jogo.lisp", "/abs/projeto.lisp"}
	if !reflect.DeepEqual(c.Files, want) {
		t.Errorf("Resolve: files %q, want %q", c.Files, want)
	}
	if c.Root != "/leagues/g12" {
		t.Errorf("Resolve: root %q, want /leagues/g12", c.Root)
	}
}

// TestInfoGames checks that a Lisp bot's Info lists the game it is entered
// for, which Args carries to the adapter's process, and none when it is
// not stated.
func TestInfoGames(t *testing.T) {
	for _, game := range []string{"cavalo", "dots", ""} {
		c, err := ParseArgs(Args(Config{Files: []string{"testdata/syntax.lisp"}, GameName: game}))
		if err != nil {
			t.Fatal(err)
		}
		a, err := New(c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := a.Info().Games
		if game == "" && len(got) != 0 || game != "" && (len(got) != 1 || got[0] != game) {
			t.Errorf("game %q: Info().Games = %q, want just it", game, got)
		}
	}
}

// TestParseWords: the one reader of a Lisp bot's words on a command line.
func TestParseWords(t *testing.T) {
	abs := func(key, v string) (string, error) { return "/w/" + key + "/" + v, nil }
	for _, tc := range []struct {
		name  string
		words []string
		path  func(key, v string) (string, error)
		want  func(c Config) bool
		err   string
	}{
		{"bare files", []string{"a.lisp", "b.lisp", "state=board"}, nil, func(c Config) bool {
			return reflect.DeepEqual(c.Files, []string{"a.lisp", "b.lisp"}) && c.State == "board"
		}, ""},
		{"paths rewritten", []string{"a.lisp", "read=d.txt", "root=r", "package=p1"}, abs, func(c Config) bool {
			return reflect.DeepEqual(c.Files, []string{"/w/file/a.lisp"}) && reflect.DeepEqual(c.Reads, []string{"/w/read/d.txt"}) && c.Root == "/w/root/r" && c.Package == "p1"
		}, ""},
		{"unknown key", []string{"a.lisp", "colour=red"}, nil, nil, "colour"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseWords(tc.words, tc.path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseWords(%q) error %v, want one naming %q", tc.words, err, tc.err)
				}
				return
			}
			if err != nil || !tc.want(c) {
				t.Errorf("ParseWords(%q) = %+v, %v", tc.words, c, err)
			}
		})
	}
}

package referee

import (
	"strings"
	"testing"
)

func TestReadOptions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options map[string]int
		want    [3]int // max_plies, opening_plies, size
		err     string
	}{
		{"none", nil, [3]int{}, ""},
		{"all", map[string]int{"max_plies": 50, "opening_plies": 4, "size": 7}, [3]int{50, 4, 7}, ""},
		{"unknown", map[string]int{"rows": 3}, [3]int{}, `game_options: g has no option "rows": want max_plies, opening_plies or size, e.g. {size: 5}`},
		{"cap too large", map[string]int{"max_plies": 101}, [3]int{}, "game_options: max_plies is 101: want 1 to 100 plies (default 60)"},
		{"negative opening", map[string]int{"opening_plies": -1}, [3]int{}, "game_options: opening_plies is -1: want 0 or more random plies from the start, fewer than max_plies"},
		{"size", map[string]int{"size": 2}, [3]int{}, "game_options: size is 2: want 3 to 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got [3]int
			err := ReadOptions("g", tc.options, "{size: 5}",
				MaxPliesOption(&got[0], 60, 100),
				OpeningPliesOption(&got[1], 0),
				Option{Key: "size", Min: 3, Max: 9, Want: "3 to 9", Set: func(v int) { got[2] = v }})
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("error %v", err)
			case tc.err != "" && (err == nil || err.Error() != tc.err):
				t.Fatalf("error %v, want %q", err, tc.err)
			case tc.err == "" && got != tc.want:
				t.Errorf("read %v, want %v", got, tc.want)
			}
		})
	}
	if err := ReadOptions("g", map[string]int{"x": 1}, ""); err == nil || !strings.HasSuffix(err.Error(), "it has no options") {
		t.Errorf("a game with no options: %v", err)
	}
	if err := CheckOpening(60, 60); err == nil {
		t.Error("an opening as long as the cap passed")
	}
}

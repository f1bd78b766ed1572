package main

import (
	"context"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
)

func TestBoardCmd(t *testing.T) {
	tests := []struct {
		golden string
		args   []string
	}{
		{"board_seed42.golden", []string{"--seed", "42"}},
		{"board_seed0.golden", []string{"--seed=0"}},
		{"board_seed42_json.golden", []string{"--seed", "42", "--json"}},
		{"board_seedmax_json.golden", []string{"--json", "--seed", "18446744073709551615"}},
		{"board_dots_seed3.golden", []string{"--game", "dots", "--game-options", "rows=3,cols=4,opening_arcs=8", "--seed", "3"}},
		{"board_dots_seed3_json.golden", []string{"--game", "dots", "--game-options", "rows=3,cols=4,opening_arcs=8", "--seed", "3", "--json"}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			stdout, stderr, err := execute(t, context.Background(), newBoardCmd(), tt.args...)
			if err != nil {
				t.Fatalf("arena board %q: %v", tt.args, err)
			}
			if stderr != "" {
				t.Errorf("stderr: got %q, want nothing", stderr)
			}
			checkGolden(t, tt.golden, []byte(stdout))
		})
	}
}

// TestBoardJSONDecodes checks that --json writes a position file that the
// referee reads back as the seed's initial position.
func TestBoardJSONDecodes(t *testing.T) {
	stdout, _, err := execute(t, context.Background(), newBoardCmd(), "--seed", "7", "--json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := cavalo.Decode([]byte(stdout))
	if err != nil {
		t.Fatalf("DecodeCavalo(arena board --json): %v", err)
	}
	if want := cavalo.New(7); got != want {
		t.Errorf("decoded board:\n%s\nwant:\n%s", got.String(), want.String())
	}
}

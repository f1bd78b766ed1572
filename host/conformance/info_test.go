package conformance

import (
	"testing"

	"github.com/arenabots/arena/bots"
)

// TestInfoLine checks that the Info row leaves out the fields a bot leaves
// empty and says when a bot names no game.
func TestInfoLine(t *testing.T) {
	tests := []struct {
		name string
		info bots.Info
		want string
	}{
		{"every field", bots.Info{Name: "first", Version: "1.0", Author: "Ana", Games: []string{"cavalo", "dots"}}, "first 1.0 by Ana, plays cavalo, dots"},
		{"a Lisp bot entered for cavalo", bots.Info{Name: "p34", Version: "lisp", Games: []string{"cavalo"}}, "p34 lisp, plays cavalo"},
		{"no game", bots.Info{Name: "p34", Version: "lisp"}, "p34 lisp, plays: not stated"},
		{"blank author", bots.Info{Name: "x", Author: "  ", Games: []string{"dots"}}, "x, plays dots"},
		{"nothing", bots.Info{}, "plays: not stated"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := InfoLine(tc.info); got != tc.want {
				t.Errorf("InfoLine(%+v) = %q, want %q", tc.info, got, tc.want)
			}
		})
	}
}

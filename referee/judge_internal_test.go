package referee

import "testing"

func TestCapText(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly", 7, "exactly"},
		{"abcdef", 3, "abc…(6 bytes)"},
		{"aéé", 2, "a…(5 bytes)"}, // é is 2 bytes: never cut inside one
		{"日本", 4, "日…(6 bytes)"},
	}
	for _, tt := range tests {
		if got := capText(tt.in, tt.n); got != tt.want {
			t.Errorf("capText(%q, %d): got %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

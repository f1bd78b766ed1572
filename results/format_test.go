package results

import "testing"

func TestWrap(t *testing.T) {
	tests := []struct {
		name, s string
		width   int
		want    string
	}{
		{"fits", "a bc def", 8, "a bc def"},
		{"breaks at spaces", "a bc def", 7, "a bc\n  def"},
		{"indented lines wrap too", "aa bb cc dd ee", 5, "aa bb\n  cc\n  dd\n  ee"},
		{"long word keeps its line", "a abcdefgh b", 4, "a\n  abcdefgh\n  b"},
		{"spaces collapse", "  a   b ", 10, "a b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := wrap(tt.s, tt.width, "  "); got != tt.want {
				t.Errorf("wrap(%q, %d) = %q, want %q", tt.s, tt.width, got, tt.want)
			}
		})
	}
}

func TestCutMiddle(t *testing.T) {
	tests := []struct {
		s     string
		width int
		want  string
	}{
		{"short", 5, "short"},
		{"student-bot-v1", 9, "stud…t-v1"},
		{"student-bot-v2", 10, "stude…t-v2"},
		{"joão-ção", 5, "jo…ão"},
	}
	for _, tt := range tests {
		if got := cutMiddle(tt.s, tt.width); got != tt.want {
			t.Errorf("cutMiddle(%q, %d) = %q, want %q", tt.s, tt.width, got, tt.want)
		}
	}
}

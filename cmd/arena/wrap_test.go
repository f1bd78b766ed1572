package main

import (
	"strings"
	"testing"
)

func TestWrapText(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     string
		width  int
		indent string
		want   string
	}{
		{"fits", "a  b   c\n", 20, "  ", "a  b   c\n"},
		{"at spaces", "one two three four five", 13, "  ", "one two three\n  four five"},
		{"keeps the lead", "   3  white  (a long answer from the bot)", 20, "      ", "   3  white  (a long\n      answer from\n      the bot)"},
		{"a path breaks after a slash", "file=/home/ana/src/projeto.lisp tempo_scale=1000", 24, "  ", "file=/home/ana/src/\n  projeto.lisp\n  tempo_scale=1000"},
		{"a word with no slash is cut only when wider than a line", "x abcdefghijklmnopqrstuvwxyz", 12, "", "x abcdefghij\nklmnopqrstuv\nwxyz"},
		{"each line apart", "short\nlonger than ten\n", 10, "", "short\nlonger\nthan ten\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := wrapText(tc.in, tc.width, tc.indent)
			if got != tc.want {
				t.Errorf("wrapText(%q, %d) =\n%s\nwant\n%s", tc.in, tc.width, got, tc.want)
			}
			if w, line := widest(got); w > tc.width {
				t.Errorf("a line of %d columns, want at most %d: %q", w, tc.width, line)
			}
			if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(tc.in), " ") && !strings.Contains(tc.name, "slash") && !strings.Contains(tc.name, "cut") {
				t.Errorf("wrapText changed the words: %q", got)
			}
		})
	}
}

func TestWrapShell(t *testing.T) {
	for _, tc := range []struct {
		name, cmd string
		width     int
		want      string
	}{
		{"fits", "arena bot add bob bin/bob", 40, "  arena bot add bob bin/bob"},
		{"breaks outside quotes", "arena bot add --registry other.yaml bob bin/changed --args=--depth --args=3 '--args=two words'", 50,
			"  arena bot add --registry other.yaml bob \\\n    bin/changed --args=--depth --args=3 \\\n    '--args=two words'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := wrapShell(tc.cmd, tc.width, "  "); got != tc.want {
				t.Errorf("wrapShell =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestWrapFields checks that a line of fields apart by two spaces breaks
// between fields.
func TestWrapFields(t *testing.T) {
	in := "ply 2  black  greedy  B10xC2  nodes 200  cuts 2  time 2.200 ms  depth 3  eval 0.5"
	want := "ply 2  black  greedy  B10xC2  nodes 200  cuts 2  time 2.200 ms  depth 3\n    eval 0.5"
	if got := wrapText(in, 80, "    "); got != want {
		t.Errorf("wrapText =\n%s\nwant\n%s", got, want)
	}
}

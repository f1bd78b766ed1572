package inert

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	tests := []struct {
		name, in, text, line string
	}{
		{"plain", "E5 wins", "E5 wins", "E5 wins"},
		{"empty", "", "", ""},
		{"accents kept", "Jogo do Cavalo, peão, 日本", "Jogo do Cavalo, peão, 日本", "Jogo do Cavalo, peão, 日本"},
		{"backslash kept", `C:\bots\x1b`, `C:\bots\x1b`, `C:\bots\x1b`},
		{"newline and tab", "a\tb\nc", "a\tb\nc", `a\tb\nc`},
		{"clear screen", "\x1b[2J\x1b[H", `\x1b[2J\x1b[H`, `\x1b[2J\x1b[H`},
		{"window title", "\x1b]0;pwned\x07", `\x1b]0;pwned\a`, `\x1b]0;pwned\a`},
		{"carriage return", "ok\rprobe wins 2-0", `ok\rprobe wins 2-0`, `ok\rprobe wins 2-0`},
		{"other C0", "\b\f\v\x01\x1f", `\b\f\v\x01\x1f`, `\b\f\v\x01\x1f`},
		{"NUL and DEL", "a\x00b\x7f", `a\x00b\x7f`, `a\x00b\x7f`},
		{"C1 CSI as a character", "a\u009b2J", `a\u009b2J`, `a\u009b2J`},
		{"C1 CSI as a raw byte", "a\x9b2J", `a\x9b2J`, `a\x9b2J`},
		{"not UTF-8", "\xff\xfe", `\xff\xfe`, `\xff\xfe`},
		{"cut UTF-8", "ã"[:1] + "x", `\xc3x`, `\xc3x`},
		{"replacement character kept", "\ufffd", "\ufffd", "\ufffd"},
		{"right-to-left override", "probe \u202e0-2 sniw", `probe \u202e0-2 sniw`, `probe \u202e0-2 sniw`},
		{"isolates and marks", "\u2066\u2067\u2068\u2069\u200e\u200f\u061c", `\u2066\u2067\u2068\u2069\u200e\u200f\u061c`, `\u2066\u2067\u2068\u2069\u200e\u200f\u061c`},
		{"line separator", "a\u2028b", `a\u2028b`, `a\u2028b`},
		{"as a quoted answer", "\x1b[2J\a\r\u202e\x00\xff", `\x1b[2J\a\r\u202e\x00\xff`, `\x1b[2J\a\r\u202e\x00\xff`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.in); got != tt.text {
				t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.text)
			}
			if got := Line(tt.in); got != tt.line {
				t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.line)
			}
			if got := string(AppendText([]byte("> "), tt.in)); got != "> "+tt.text {
				t.Errorf("AppendText(%q) = %q, want %q", tt.in, got, "> "+tt.text)
			}
			if got := string(AppendLine([]byte("> "), tt.in)); got != "> "+tt.line {
				t.Errorf("AppendLine(%q) = %q, want %q", tt.in, got, "> "+tt.line)
			}
		})
	}
}

// TestLineEscapesAsQuote checks that every character Line escapes is
// written as strconv.Quote writes it, as a rejected answer is shown.
func TestLineEscapesAsQuote(t *testing.T) {
	var unsafe []string
	for c := range 0x80 {
		unsafe = append(unsafe, string(rune(c)))
	}
	for _, r := range []rune{0x80, 0x9b, 0x9f, 0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202e, 0x2066, 0x2069} {
		unsafe = append(unsafe, string(r))
	}
	unsafe = append(unsafe, "\x80", "\xff")
	for _, s := range unsafe {
		got := Line(s)
		if got == s {
			continue // printable ASCII
		}
		if want := strconv.Quote(s); got != want[1:len(want)-1] {
			t.Errorf("Line(%q) = %s, want %s as strconv.Quote writes it", s, got, want)
		}
	}
}

func TestTextDoesNotCopySafeText(t *testing.T) {
	s := strings.Repeat("safe text, ", 100)
	if n := testing.AllocsPerRun(100, func() { _ = Text(s) }); n != 0 {
		t.Errorf("Text of safe text allocates %v times, want 0", n)
	}
}

// FuzzText checks that nothing escaped is left in what Text and Line
// return, that they change nothing else, and that Line keeps to one line.
func FuzzText(f *testing.F) {
	for _, s := range []string{"", "E5", "\x1b[2J\rprobe wins 2-0\n", "\u202e\u009b\xff", "a\tb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text, line := Text(s), Line(s)
		if !utf8.ValidString(text) || !utf8.ValidString(line) {
			t.Errorf("Text or Line of %q is not UTF-8: %q, %q", s, text, line)
		}
		if i := firstUnsafe(text, false); i >= 0 {
			t.Errorf("Text(%q) = %q keeps an unsafe byte at %d", s, text, i)
		}
		if i := firstUnsafe(line, true); i >= 0 {
			t.Errorf("Line(%q) = %q keeps an unsafe byte at %d", s, line, i)
		}
		if strings.ContainsAny(line, "\n\r") {
			t.Errorf("Line(%q) = %q spans lines", s, line)
		}
		if firstUnsafe(s, false) < 0 && text != s {
			t.Errorf("Text(%q) = %q changed safe text", s, text)
		}
		if len(text) < len(s) || len(line) < len(text) {
			t.Errorf("Text(%q) = %q, Line = %q: an escape is never shorter", s, text, line)
		}
	})
}

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mattn/go-runewidth"
)

// Text that arena prints for people (summaries, settings, move lines,
// messages) wraps at the width of the output (outputWidth: the terminal's,
// or maxWidth off a terminal) on word boundaries; a word wider than a line
// (a path) breaks after a "/", and only a word with no "/" to break at is
// cut at the width.

// wrapText returns s with each of its lines wider than width broken at
// spaces into lines of at most width columns, each continuation line
// starting with indent. A line that fits is left as it is, its spacing
// included.
func wrapText(s string, width int, indent string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		nl := strings.HasSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\n")
		b.WriteString(strings.Join(wrapLine(line, width, indent), "\n"))
		if nl {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// wrapLine breaks line, which holds no newline, as wrapText does: the
// spacing between words is kept within a line.
func wrapLine(line string, width int, indent string) []string {
	if runewidth.StringWidth(line) <= width {
		return []string{line}
	}
	rest := strings.TrimLeft(line, " ")
	lead := line[:len(line)-len(rest)]
	width = max(width, runewidth.StringWidth(indent)+8, runewidth.StringWidth(lead)+8)
	var lines []string
	cur, fresh := lead, true // fresh: cur holds no word yet
	for rest != "" {
		word := rest
		if i := strings.IndexByte(rest, ' '); i >= 0 {
			word = rest[:i]
		}
		rest = rest[len(word):]
		sep := rest[:len(rest)-len(strings.TrimLeft(rest, " "))]
		rest = rest[len(sep):]
		for word != "" {
			room := width - runewidth.StringWidth(cur)
			if runewidth.StringWidth(word) <= room {
				cur, fresh, word = cur+word, false, ""
				break
			}
			if !fresh && runewidth.StringWidth(word) <= width-runewidth.StringWidth(indent) {
				lines, cur, fresh = append(lines, strings.TrimRight(cur, " ")), indent, true
				continue
			}
			// A word wider than a line: the part that fits, broken
			// after a "/" where there is one.
			cut := cutAt(word, room)
			if cut == 0 {
				lines, cur, fresh = append(lines, strings.TrimRight(cur, " ")), indent, true
				continue
			}
			lines = append(lines, cur+word[:cut])
			cur, fresh, word = indent, true, word[cut:]
		}
		if !fresh {
			cur += sep
		}
	}
	if !fresh || len(lines) == 0 {
		lines = append(lines, strings.TrimRight(cur, " "))
	}
	return lines
}

// cutAt returns the length in bytes of the part of word that fills at most
// room columns, ending after its last "/" there when that keeps more than
// a third of room, else cut at room; 0 when room is too small to be worth
// a part.
func cutAt(word string, room int) int {
	if room < 4 {
		return 0
	}
	end, slash, w := 0, 0, 0
	for i, r := range word {
		w += runewidth.RuneWidth(r)
		if w > room {
			break
		}
		end = i + len(string(r))
		if r == '/' {
			slash = end
		}
	}
	if slash > 0 && runewidth.StringWidth(word[:slash]) > room/3 {
		return slash
	}
	return end
}

// printWrapped writes s to w, wrapped to w's width (see wrapText), with
// continuation lines indented by indent.
func printWrapped(w io.Writer, indent, s string) error {
	_, err := io.WriteString(w, wrapText(s, outputWidth(w), indent))
	return err
}

// printfWrapped is printWrapped of a formatted string.
func printfWrapped(w io.Writer, indent, format string, args ...any) error {
	return printWrapped(w, indent, fmt.Sprintf(format, args...))
}

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

// wrapLine breaks line, which holds no newline, as wrapText does. The
// spacing between words is kept within a line. A line laid out in fields
// apart by two spaces or more ("time 2.2 ms  depth 3") breaks between
// fields, and within one only when it is wider than a line.
func wrapLine(line string, width int, indent string) []string {
	if runewidth.StringWidth(line) <= width {
		return []string{line}
	}
	rest := strings.TrimLeft(line, " ")
	lead := line[:len(line)-len(rest)]
	width = max(width, runewidth.StringWidth(indent)+8, runewidth.StringWidth(lead)+8)
	type token struct{ text, sep string } // sep: the spacing after text
	split := func(s, gap string) []token {
		var out []token
		for s != "" {
			text := s
			if i := strings.Index(s, gap); i >= 0 {
				text = s[:i]
			}
			s = s[len(text):]
			sep := s[:len(s)-len(strings.TrimLeft(s, " "))]
			s = s[len(sep):]
			out = append(out, token{text, sep})
		}
		return out
	}
	tokens := split(rest, " ")
	if strings.Contains(rest, "  ") {
		tokens = split(rest, "  ")
	}
	var lines []string
	cur, fresh := lead, true // fresh: cur holds no word yet
	newLine := func() { lines, cur, fresh = append(lines, strings.TrimRight(cur, " ")), indent, true }
	for len(tokens) > 0 {
		tok := tokens[0]
		tokens = tokens[1:]
		w, line := runewidth.StringWidth(tok.text), width-runewidth.StringWidth(indent)
		switch {
		case w <= width-runewidth.StringWidth(cur):
			cur, fresh = cur+tok.text+tok.sep, false
		case w <= line && !fresh:
			newLine()
			tokens = append([]token{tok}, tokens...)
		case strings.Contains(tok.text, " "):
			// A field wider than a line: its words, one by one.
			words := split(tok.text, " ")
			words[len(words)-1].sep = tok.sep
			tokens = append(words, tokens...)
		default:
			// A word wider than a line: the part that fits, broken
			// after a "/" where there is one.
			cut := cutAt(tok.text, width-runewidth.StringWidth(cur))
			if cut == 0 {
				newLine()
				tokens = append([]token{tok}, tokens...)
				continue
			}
			lines = append(lines, cur+tok.text[:cut])
			cur, fresh = indent, true
			tokens = append([]token{{tok.text[cut:], tok.sep}}, tokens...)
		}
	}
	if !fresh || len(lines) == 0 {
		lines = append(lines, strings.TrimRight(cur, " "))
	}
	return lines
}

// cutAt returns the length in bytes of the part of word that fills at most
// room columns, ending after its last "/" there but a leading one, else
// cut at room; 0 when room is too small to be worth a part.
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
	if slash > 1 {
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

// writeWrapped writes to w what write writes, wrapped to w's width (see
// wrapText), with continuation lines indented by indent.
func writeWrapped(w io.Writer, indent string, write func(io.Writer) error) error {
	var b strings.Builder
	if err := write(&b); err != nil {
		return err
	}
	return printWrapped(w, indent, b.String())
}

// wrapShell returns the shell command line cmd, indented by indent,
// broken at spaces outside quotes into lines of at most width columns,
// each but the last ending in " \" so that the lines still paste as one
// command.
func wrapShell(cmd string, width int, indent string) string {
	var words []string
	start, quote := 0, rune(0)
	for i, r := range cmd {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '\'' || r == '"'):
			quote = r
		case quote == 0 && r == ' ':
			if i > start {
				words = append(words, cmd[start:i])
			}
			start = i + 1
		}
	}
	if start < len(cmd) {
		words = append(words, cmd[start:])
	}
	var lines []string
	cur := indent
	for _, w := range words {
		switch {
		case cur == indent || cur == indent+"  ":
			cur += w
		case runewidth.StringWidth(cur)+1+runewidth.StringWidth(w)+2 <= width:
			cur += " " + w
		default:
			lines, cur = append(lines, cur+" \\"), indent+"  "+w
		}
	}
	return strings.Join(append(lines, cur), "\n")
}

// reflow returns the text s, paragraphs apart by blank lines, with each
// paragraph that has a line wider than width joined and wrapped again at
// width: a command's long help, written for a wider page. A paragraph of
// indented lines (examples) only has its long lines wrapped.
func reflow(s string, width int) string {
	paras := strings.Split(s, "\n\n")
	for i, p := range paras {
		if w, _ := widestLine(p); w <= width {
			continue
		}
		if strings.HasPrefix(p, " ") || strings.Contains(p, "\n ") {
			paras[i] = wrapText(p, width, "    ")
			continue
		}
		paras[i] = wrapText(strings.Join(strings.Fields(p), " "), width, "")
	}
	return strings.Join(paras, "\n\n")
}

// widestLine returns the width of the widest line of s and that line.
func widestLine(s string) (int, string) {
	w, line := 0, ""
	for l := range strings.Lines(s) {
		l = strings.TrimSuffix(l, "\n")
		if n := runewidth.StringWidth(l); n > w {
			w, line = n, l
		}
	}
	return w, line
}

// hangingIndent returns the indent of the lines that continue line, a
// line of help: under its second column ("  bench   Measure...") when it
// has one left of the middle, else two spaces more than line's own.
func hangingIndent(line string) string {
	rest := strings.TrimLeft(line, " ")
	lead := len(line) - len(rest)
	if i := strings.Index(rest, "  "); i > 0 {
		col := lead + i + len(rest[i:]) - len(strings.TrimLeft(rest[i:], " "))
		if col <= 40 {
			return strings.Repeat(" ", col)
		}
	}
	return strings.Repeat(" ", lead+2)
}

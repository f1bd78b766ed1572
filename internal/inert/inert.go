package inert

import (
	"strconv"
	"unicode/utf8"
)

// Text returns s with every character that could act on a terminal or
// reorder shown text written as an escape: C0 controls but newline and tab,
// DEL, C1 controls (U+0080–U+009F), Unicode bidirectional controls
// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the line and
// paragraph separators U+2028 and U+2029, and bytes that are not UTF-8.
// They are written as in a Go quoted string (and as %q writes a rejected
// answer): `\r`, `\a` and the like for the controls that have a letter,
// else `\xNN` for bytes and `\uNNNN` for characters, lower case. Everything
// else, backslashes included, is kept as it is: the result is for people,
// not a quoted string to parse back. Text returns s itself, without
// copying, when nothing needs escaping.
func Text(s string) string { return escape(s, false) }

// Line is Text for text shown on one line, such as a table cell or a
// progress line: it escapes newlines and tabs too, so that a bot cannot
// start a line of its own.
func Line(s string) string { return escape(s, true) }

// AppendText appends Text(s) to b.
func AppendText(b []byte, s string) []byte { return appendEscaped(b, s, false) }

// AppendLine appends Line(s) to b.
func AppendLine(b []byte, s string) []byte { return appendEscaped(b, s, true) }

// escape returns s escaped, or s itself when nothing is to escape.
func escape(s string, line bool) string {
	i := firstUnsafe(s, line)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	return string(appendEscaped(b, s[i:], line))
}

// appendEscaped appends s escaped to b.
func appendEscaped(b []byte, s string, line bool) []byte {
	for {
		i := firstUnsafe(s, line)
		if i < 0 {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r < utf8.RuneSelf && shortEscape(s[i]) != 0:
			b = append(b, '\\', shortEscape(s[i]))
		case r == utf8.RuneError && size <= 1, r < utf8.RuneSelf:
			b = append(b, `\x`...)
			b = appendHex(b, uint32(s[i]), 2)
		default:
			b = append(b, `\u`...)
			b = appendHex(b, uint32(r), 4)
		}
		s = s[i+size:]
	}
}

// shortEscape returns the letter Go writes control c with, as in "\r" (the
// escapes a quoted answer shows it with too), or 0 when it has none.
func shortEscape(c byte) byte {
	switch c {
	case '\a':
		return 'a'
	case '\b':
		return 'b'
	case '\f':
		return 'f'
	case '\n':
		return 'n'
	case '\r':
		return 'r'
	case '\t':
		return 't'
	case '\v':
		return 'v'
	}
	return 0
}

// appendHex appends v in lower-case hexadecimal, at least digits long.
func appendHex(b []byte, v uint32, digits int) []byte {
	h := strconv.FormatUint(uint64(v), 16)
	for range digits - len(h) {
		b = append(b, '0')
	}
	return append(b, h...)
}

// firstUnsafe returns the index in s of the first byte or character to
// escape, or -1.
func firstUnsafe(s string, line bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < ' ' && (line || c != '\n' && c != '\t') || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || unsafeRune(r) {
			return i
		}
		i += size
	}
	return -1
}

// unsafeRune reports whether r, a character past ASCII, is a C1 control,
// a bidirectional control or a line or paragraph separator.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f, // C1 controls
		r == 0x061c,              // ARABIC LETTER MARK
		r == 0x200e, r == 0x200f, // LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK
		r >= 0x2028 && r <= 0x202e, // LINE and PARAGRAPH SEPARATOR; LRE, RLE, PDF, LRO, RLO
		r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	}
	return false
}

package inert

import "unicode/utf8"

// JSON returns b, a JSON document as encoding/json writes it, with the
// characters Text escapes that JSON leaves as they are (DEL, the C1
// controls, the bidirectional controls) written as \u escapes: the document
// decodes to the very same values, and shows nothing raw to whoever prints
// it (`tail -f games.jsonl`). encoding/json already escapes the C0 controls
// and the line and paragraph separators, and writes bytes that are not
// UTF-8 as U+FFFD; outside strings such a document holds only ASCII. JSON
// returns b itself when nothing needs escaping.
func JSON(b []byte) []byte {
	i := firstUnsafeJSON(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for i >= 0 {
		out = append(out, b[:i]...)
		r, size := utf8.DecodeRune(b[i:])
		out = append(out, `\u`...)
		out = appendHex(out, uint32(r), 4)
		b = b[i+size:]
		i = firstUnsafeJSON(b)
	}
	return append(out, b...)
}

// firstUnsafeJSON returns the index in b of the first character JSON
// escapes, or -1.
func firstUnsafeJSON(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			if b[i] == 0x7f {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if unsafeRune(r) {
			return i
		}
		i += size
	}
	return -1
}

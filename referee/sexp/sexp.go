package sexp

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the type of a Value. The zero value is invalid.
type Kind uint8

// The kinds of values.
const (
	_          Kind = iota
	KindList        // a proper list; NIL is the empty list
	KindInt         // an integer that fits in an int64
	KindSymbol      // a symbol, named without its package
	KindString      // a string
)

var kindNames = [...]string{"invalid", "list", "integer", "symbol", "string"}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Value is one s-expression. Which fields matter depends on Kind: Items for
// a list, Int for an integer, Text for a symbol's name or a string's
// contents.
//
// Start and End are where a Decoder read the value: the byte offsets of its
// first byte and just past its last, counted from the start of the input
// (a prefix such as ' or #' included). Both are 0 in a value built by hand
// and in the symbols a reader macro adds (the QUOTE of 'x); Equal ignores
// them.
type Value struct {
	Kind       Kind
	Int        int64
	Text       string
	Items      []Value
	Start, End int64
}

// Nil returns NIL, the empty list.
func Nil() Value { return Value{Kind: KindList} }

// List returns the list of items.
func List(items ...Value) Value { return Value{Kind: KindList, Items: items} }

// Int returns the integer n.
func Int(n int64) Value { return Value{Kind: KindInt, Int: n} }

// Sym returns the symbol called name. Names are case-sensitive: the reader
// upcases unescaped characters, so a symbol written jogar is named "JOGAR".
func Sym(name string) Value { return Value{Kind: KindSymbol, Text: name} }

// Str returns the string s.
func Str(s string) Value { return Value{Kind: KindString, Text: s} }

// IsNil reports whether v is NIL, the empty list.
func (v Value) IsNil() bool { return v.Kind == KindList && len(v.Items) == 0 }

// Equal reports whether v and w are the same s-expression.
func (v Value) Equal(w Value) bool {
	if v.Kind != w.Kind || v.Int != w.Int || v.Text != w.Text || len(v.Items) != len(w.Items) {
		return false
	}
	for i := range v.Items {
		if !v.Items[i].Equal(w.Items[i]) {
			return false
		}
	}
	return true
}

// String writes v as Lisp would read it back; see Append.
func (v Value) String() string { return string(Append(nil, v)) }

// Append appends v written as an s-expression to dst and returns the result.
// Reading the text back with Parse gives a Value equal to v (a symbol
// named NIL aside, which reads as the empty list). Symbols are written bare
// when the reader would read the same name back, and between bars
// otherwise; an invalid Kind is written as NIL.
func Append(dst []byte, v Value) []byte {
	switch v.Kind {
	case KindInt:
		return strconv.AppendInt(dst, v.Int, 10)
	case KindString:
		return appendEscaped(dst, v.Text, '"')
	case KindSymbol:
		if bareSymbol(v.Text) {
			return append(dst, v.Text...)
		}
		return appendEscaped(dst, v.Text, '|')
	case KindList:
		if len(v.Items) == 0 {
			return append(dst, "NIL"...)
		}
		dst = append(dst, '(')
		for i, it := range v.Items {
			if i > 0 {
				dst = append(dst, ' ')
			}
			dst = Append(dst, it)
		}
		return append(dst, ')')
	}
	return append(dst, "NIL"...)
}

// appendEscaped writes s between quote characters, escaping the quote and
// backslash with a backslash.
func appendEscaped(dst []byte, s string, quote byte) []byte {
	dst = append(dst, quote)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == quote || c == '\\' {
			dst = append(dst, '\\')
		}
		dst = append(dst, s[i])
	}
	return append(dst, quote)
}

// bareSymbol reports whether name reads back as itself when written without
// escapes: upper-case constituents only, not a number and not all dots.
func bareSymbol(name string) bool {
	if name == "" || strings.Trim(name, ".") == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("*+-/<>=!?%&_^~.$@", c) >= 0) {
			return false
		}
	}
	_, isInt, _ := parseInteger(name)
	return !isInt && !looksNumeric(name)
}

// looksNumeric reports whether a token could be read as a number by Common
// Lisp other than an integer (a ratio or a float), which the writer must not
// leave bare: its name would not survive a Lisp round trip.
func looksNumeric(tok string) bool {
	t := strings.TrimLeft(tok, "+-")
	if t == "" {
		return false
	}
	digits := false
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '0' && c <= '9':
			digits = true
		case c == '.' || c == '/' || c == 'E' || c == 'D' || c == 'F' || c == 'S' || c == 'L' || c == '+' || c == '-':
		default:
			return false
		}
	}
	return digits
}

// parseInteger reads tok as a Common Lisp decimal integer: an optional sign,
// digits, and an optional trailing decimal point. isInt reports whether tok
// has that syntax; err reports one that does not fit in an int64.
func parseInteger(tok string) (n int64, isInt bool, err error) {
	t := strings.TrimSuffix(tok, ".")
	digits := strings.TrimLeft(t, "+-")
	if len(t)-len(digits) > 1 || digits == "" {
		return 0, false, nil
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false, nil
		}
	}
	n, err = strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, true, fmt.Errorf("integer %s does not fit in 64 bits", tok)
	}
	return n, true, nil
}

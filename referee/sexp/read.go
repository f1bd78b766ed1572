package sexp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Limits of the reader. An expression that exceeds one is an error, so that
// a garbage answer cannot make the reader use unbounded memory or stack.
const (
	maxDepth  = 256     // lists nested inside lists
	maxAtom   = 1 << 20 // bytes in one string or symbol
	maxValues = 1 << 20 // values (atoms and lists) in one expression
)

// SyntaxError is a reading error, with the byte offset where it was found.
type SyntaxError struct {
	Offset int64 // bytes read before the error, counted from the start of the input
	Msg    string
}

// Error describes the error and where it is.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("s-expression: %s at byte %d", e.Msg, e.Offset)
}

// Parse reads exactly one s-expression from data: comments and spaces may
// surround it, anything else after it is an error.
//
// Besides the syntax listed in the package documentation, tokens that are
// not decimal integers (floats, ratios) read as symbols of that name, and an
// integer that does not fit in an int64 is an error.
func Parse(data []byte) (Value, error) {
	d := NewDecoder(bytes.NewReader(data))
	v, err := d.Decode()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return Value{}, &SyntaxError{Offset: d.off, Msg: "no expression"}
		}
		return Value{}, err
	}
	if err := d.skipSpace(); err == nil {
		return Value{}, d.errorf("unexpected text after the expression")
	} else if !errors.Is(err, io.EOF) {
		return Value{}, err
	}
	return v, nil
}

// Decoder reads a stream of s-expressions.
type Decoder struct {
	r      *bufio.Reader
	off    int64
	values int
	buf    []byte
	source bool  // read Lisp source leniently (see NewSourceDecoder)
	start  int64 // the offset of the last expression Decode read
}

// NewDecoder returns a decoder reading from r. It buffers r, and may read
// past the expressions it returns.
func NewDecoder(r io.Reader) *Decoder {
	return &Decoder{r: bufio.NewReader(r)}
}

// Decode reads the next expression. It returns io.EOF when the input ends
// before one starts, and io.ErrUnexpectedEOF (wrapped in a SyntaxError) when
// it ends inside one.
func (d *Decoder) Decode() (Value, error) {
	d.values = 0
	if err := d.skipSpace(); err != nil {
		return Value{}, err
	}
	d.start = d.off
	return d.notDot(d.value(0))
}

// Start returns the byte offset in the input of the first byte of the
// expression that Decode last read: a source's line, for a message.
func (d *Decoder) Start() int64 { return d.start }

// errorf returns a SyntaxError at the current offset.
func (d *Decoder) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: d.off, Msg: fmt.Sprintf(format, args...)}
}

// eof turns an io.EOF inside an expression into an error saying so.
func (d *Decoder) eof(err error, what string) error {
	if errors.Is(err, io.EOF) {
		return &SyntaxError{Offset: d.off, Msg: "input ends inside " + what}
	}
	return err
}

func (d *Decoder) readByte() (byte, error) {
	c, err := d.r.ReadByte()
	if err == nil {
		d.off++
	}
	return c, err
}

func (d *Decoder) unreadByte() {
	if d.r.UnreadByte() == nil {
		d.off--
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isTerminating reports whether c ends a token (a terminating macro
// character or whitespace in the standard readtable).
func isTerminating(c byte) bool {
	return isSpace(c) || c == '(' || c == ')' || c == '"' || c == '\'' || c == ';' || c == '`' || c == ','
}

// skipSpace skips whitespace and comments up to the next expression's first
// byte, which it leaves unread.
func (d *Decoder) skipSpace() error {
	for {
		c, err := d.readByte()
		if err != nil {
			return err
		}
		switch {
		case isSpace(c):
		case c == ';':
			for c != '\n' {
				if c, err = d.readByte(); err != nil {
					return err
				}
			}
		case c == '#':
			d.unreadByte()
			if next, err := d.r.Peek(2); err != nil || next[1] != '|' {
				return nil
			}
			n, _ := d.r.Discard(2)
			d.off += int64(n)
			if err := d.blockComment(); err != nil {
				return err
			}
		default:
			d.unreadByte()
			return nil
		}
	}
}

// blockComment skips a #|...|# comment, nested ones included, after its
// opening #|.
func (d *Decoder) blockComment() error {
	depth := 1
	var prev byte
	for depth > 0 {
		c, err := d.readByte()
		if err != nil {
			return d.eof(err, "a #| comment")
		}
		switch {
		case prev == '|' && c == '#':
			depth, c = depth-1, 0
		case prev == '#' && c == '|':
			depth, c = depth+1, 0
		}
		prev = c
	}
	return nil
}

// value reads one expression whose first byte is next in the input, and
// records where it is.
func (d *Decoder) value(depth int) (Value, error) {
	start := d.off
	v, err := d.valueAt(depth)
	v.Start, v.End = start, d.off
	return v, err
}

// valueAt reads the expression for value.
func (d *Decoder) valueAt(depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, d.errorf("lists nested deeper than %d", maxDepth)
	}
	if d.values++; d.values > maxValues {
		return Value{}, d.errorf("more than %d values in one expression", maxValues)
	}
	c, err := d.readByte()
	if err != nil {
		return Value{}, d.eof(err, "an expression")
	}
	switch c {
	case '(':
		return d.list(depth, ')')
	case ')':
		return Value{}, d.errorf("unexpected )")
	case '"':
		s, err := d.quoted('"', "a string")
		return Str(s), err
	case '\'':
		return d.prefixed(depth, "QUOTE")
	case '`', ',':
		if d.source {
			return d.backquote(depth, c)
		}
		return Value{}, d.errorf("backquote syntax is not supported")
	case '#':
		return d.dispatch(depth)
	}
	d.unreadByte()
	return d.token()
}

// notDot rejects the consing dot where a whole expression is wanted.
func (d *Decoder) notDot(v Value, err error) (Value, error) {
	if err == nil && v.Kind == kindDot {
		return Value{}, d.errorf("a dot outside a list")
	}
	return v, err
}

// prefixed reads the expression after a reader macro such as ' and returns
// (NAME expression).
func (d *Decoder) prefixed(depth int, name string) (Value, error) {
	if err := d.skipSpace(); err != nil {
		return Value{}, d.eof(err, "an expression")
	}
	v, err := d.notDot(d.value(depth + 1))
	if err != nil {
		return Value{}, err
	}
	return List(Sym(name), v), nil
}

// dispatch reads the syntax after a #.
func (d *Decoder) dispatch(depth int) (Value, error) {
	c, err := d.readByte()
	if err != nil {
		return Value{}, d.eof(err, "# syntax")
	}
	switch c {
	case '(':
		return d.list(depth, ')')
	case '\'':
		return d.prefixed(depth, "FUNCTION")
	}
	if d.source {
		return d.sourceDispatch(depth, c)
	}
	return Value{}, d.errorf("#%c syntax is not supported", c)
}

// list reads list items up to the closing byte, after the opening one.
func (d *Decoder) list(depth int, closing byte) (Value, error) {
	var items []Value
	for {
		if err := d.skipSpace(); err != nil {
			return Value{}, d.eof(err, "a list")
		}
		c, err := d.readByte()
		if err != nil {
			return Value{}, d.eof(err, "a list")
		}
		if c == closing {
			return List(items...), nil
		}
		d.unreadByte()
		v, err := d.value(depth + 1)
		if err != nil {
			return Value{}, err
		}
		if v.Kind == kindDot && d.source {
			continue // (a . b) reads as (a b)
		}
		if v.Kind == kindDot {
			return Value{}, d.errorf("dotted lists are not supported")
		}
		items = append(items, v)
	}
}

// kindDot marks the consing dot token internally; it never escapes the
// reader.
const kindDot Kind = 255

// quoted reads up to the unescaped closing quote byte, after the opening
// one, and returns the text with its escapes removed.
func (d *Decoder) quoted(quote byte, what string) (string, error) {
	d.buf = d.buf[:0]
	for {
		c, err := d.readByte()
		if err != nil {
			return "", d.eof(err, what)
		}
		if c == quote {
			return string(d.buf), nil
		}
		if c == '\\' {
			if c, err = d.readByte(); err != nil {
				return "", d.eof(err, what)
			}
		}
		if len(d.buf) >= maxAtom {
			return "", d.errorf("%s longer than %d bytes", what, maxAtom)
		}
		d.buf = append(d.buf, c)
	}
}

// token reads a symbol or an integer.
func (d *Decoder) token() (Value, error) {
	var name []byte
	plain := true // no escape anywhere in the token
	for {
		c, err := d.readByte()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Value{}, err
		}
		if isTerminating(c) {
			d.unreadByte()
			break
		}
		switch c {
		case '|':
			s, err := d.quoted('|', "a |symbol|")
			if err != nil {
				return Value{}, err
			}
			name, plain = append(name, s...), false
		case '\\':
			if c, err = d.readByte(); err != nil {
				return Value{}, d.eof(err, "a symbol")
			}
			name, plain = append(name, c), false
		case ':':
			// A package marker: keep only what follows it.
			name = name[:0]
		default:
			if c >= 'a' && c <= 'z' {
				c -= 'a' - 'A'
			}
			name = append(name, c)
		}
		if len(name) > maxAtom {
			return Value{}, d.errorf("symbol longer than %d bytes", maxAtom)
		}
	}
	tok := string(name)
	if plain {
		if tok == "." {
			return Value{Kind: kindDot}, nil
		}
		if tok != "" && bytes.Count(name, []byte{'.'}) == len(name) {
			return Value{}, d.errorf("token %q is only dots", tok)
		}
		if n, isInt, err := parseInteger(tok); isInt {
			if err != nil {
				return Value{}, d.errorf("%v", err)
			}
			return Int(n), nil
		}
	}
	if tok == "NIL" {
		return Nil(), nil
	}
	return Sym(tok), nil
}

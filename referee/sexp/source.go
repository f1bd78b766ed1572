package sexp

import "io"

// NewSourceDecoder returns a decoder that reads Lisp source files, such as
// a course project's, leniently enough to see their top-level forms:
// besides the syntax of NewDecoder, `x and ,x (,@x) read as (QUASIQUOTE x)
// and (UNQUOTE x), #\c as the string "c", #+f x and #-f x as (FEATURE+ f
// x) and (FEATURE- f x), #.x as (READ-EVAL x), #:x and #p"..." as the symbol
// or string, #b #o #x #* #1= #1# and other dispatch syntax as a symbol, and
// a dotted pair (a . b) as the list (a b). Nothing is evaluated.
func NewSourceDecoder(r io.Reader) *Decoder {
	d := NewDecoder(r)
	d.source = true
	return d
}

// backquote reads what follows a backquote or a comma in source.
func (d *Decoder) backquote(depth int, c byte) (Value, error) {
	if c == '`' {
		return d.prefixed(depth, "QUASIQUOTE")
	}
	if next, err := d.r.Peek(1); err == nil && (next[0] == '@' || next[0] == '.') {
		d.readByte()
	}
	return d.prefixed(depth, "UNQUOTE")
}

// sourceDispatch reads the # syntax after #c that NewDecoder rejects.
func (d *Decoder) sourceDispatch(depth int, c byte) (Value, error) {
	switch c {
	case '\\':
		// A character: the next byte, and the rest of its name (#\Space).
		first, err := d.readByte()
		if err != nil {
			return Value{}, d.eof(err, "a character")
		}
		name := []byte{first}
		for {
			b, err := d.readByte()
			if err != nil {
				break
			}
			if isTerminating(b) {
				d.unreadByte()
				break
			}
			name = append(name, b)
		}
		return Str(string(name)), nil
	case '+', '-':
		feature, err := d.prefixed(depth, "FEATURE")
		if err != nil {
			return Value{}, err
		}
		if err := d.skipSpace(); err != nil {
			return Value{}, d.eof(err, "the form after a feature")
		}
		form, err := d.notDot(d.value(depth + 1))
		if err != nil {
			return Value{}, err
		}
		return List(Sym("FEATURE"+string(c)), feature.Items[1], form), nil
	case '.':
		return d.prefixed(depth, "READ-EVAL")
	case ':', 'p', 'P':
		return d.value(depth + 1)
	}
	// #b101, #x1F, #*101, #1=, #1#, #c(...): read as a token.
	d.unreadByte()
	v, err := d.token()
	if err != nil {
		return Value{}, err
	}
	if next, err := d.r.Peek(1); err == nil && next[0] == '(' {
		d.readByte()
		return d.list(depth, ')')
	}
	return v, nil
}

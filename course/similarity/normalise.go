package similarity

import (
	"bytes"
	"errors"
	"hash/fnv"
	"io"
	"strings"

	"github.com/arenabots/arena/referee/sexp"
)

// role is what a name of the submission stands for, which is all of it
// that survives renaming.
type role string

// The roles. They start with a byte no symbol read from source has
// unescaped, so that a role never equals a name kept as it is.
const (
	roleFn    role = "\x00FN"    // a function or macro it defines (defun, flet, labels...)
	roleVar   role = "\x00VAR"   // a variable it defines or binds (defvar, let, loop for...)
	roleParam role = "\x00PARAM" // a parameter of one of its functions or lambdas
	rolePkg   role = "\x00PKG"   // a package it defines or enters
	roleType  role = "\x00TYPE"  // a structure or class it defines
	roleStr   role = "\x00STR"   // any string: messages are reworded as easily as comments
)

// token is one normalised token: a symbol kept, a role, a number, a
// parenthesis. Start and End are its bytes in its file.
type token struct {
	h          uint64
	file       int32
	start, end int32
}

// form is a top-level form's tokens: the range [from, to) of its
// submission's tokens.
type form struct{ from, to int32 }

// names are a submission's global definitions: what its functions, global
// variables, packages and types are called, and the given names, which
// stay as they are even where the submission defines them.
type names struct {
	fns, vars, pkgs, types map[string]bool
	given                  map[string]bool
}

func newNames(given map[string]bool) *names {
	return &names{fns: map[string]bool{}, vars: map[string]bool{}, pkgs: map[string]bool{}, types: map[string]bool{}, given: given}
}

// readForms reads the top-level forms of a Lisp file, up to the first
// error, which it returns with the forms before it.
func readForms(data []byte) ([]sexp.Value, error) {
	d := sexp.NewSourceDecoder(bytes.NewReader(data))
	var forms []sexp.Value
	for {
		v, err := d.Decode()
		if errors.Is(err, io.EOF) {
			return forms, nil
		}
		if err != nil {
			return forms, err
		}
		forms = append(forms, v)
	}
}

// sym returns the name of v when it is a symbol, else "".
func sym(v sexp.Value) string {
	if v.Kind == sexp.KindSymbol {
		return v.Text
	}
	return ""
}

// head returns the symbol heading the list v, or "".
func head(v sexp.Value) string {
	if v.Kind == sexp.KindList && len(v.Items) > 0 {
		return sym(v.Items[0])
	}
	return ""
}

// collect records the global definitions of the top-level form v.
func (n *names) collect(v sexp.Value) {
	add := func(m map[string]bool, name string) {
		if name != "" && !n.given[name] {
			m[name] = true
		}
	}
	it := v.Items
	switch head(v) {
	case "PROGN", "EVAL-WHEN", "FEATURE+", "FEATURE-", "LOCALLY":
		for _, x := range it[1:] {
			n.collect(x)
		}
	case "DEFUN", "DEFMACRO", "DEFGENERIC", "DEFMETHOD", "DEFINE-COMPILER-MACRO":
		if len(it) > 1 {
			add(n.fns, sym(it[1]))
			if h := head(it[1]); h == "SETF" && len(it[1].Items) > 1 {
				add(n.fns, sym(it[1].Items[1]))
			}
		}
	case "DEFVAR", "DEFPARAMETER", "DEFCONSTANT", "SETQ", "SETF", "PSETQ":
		for i := 1; i < len(it); i += 2 {
			add(n.vars, sym(it[i]))
			if head(v) == "DEFVAR" || head(v) == "DEFPARAMETER" || head(v) == "DEFCONSTANT" {
				break
			}
		}
	case "DEFPACKAGE", "IN-PACKAGE":
		if len(it) > 1 {
			add(n.pkgs, sym(it[1]))
		}
	case "DEFSTRUCT":
		if len(it) < 2 {
			return
		}
		name := sym(it[1])
		if name == "" && it[1].Kind == sexp.KindList && len(it[1].Items) > 0 {
			name = sym(it[1].Items[0])
		}
		if name == "" {
			return
		}
		add(n.types, name)
		add(n.fns, "MAKE-"+name)
		add(n.fns, "COPY-"+name)
		add(n.fns, name+"-P")
		for _, slot := range it[2:] {
			s := sym(slot)
			if s == "" && slot.Kind == sexp.KindList && len(slot.Items) > 0 {
				s = sym(slot.Items[0])
			}
			if s != "" {
				add(n.fns, name+"-"+s)
			}
		}
	case "DEFCLASS", "DEFTYPE", "DEFINE-CONDITION":
		if len(it) > 1 {
			add(n.types, sym(it[1]))
		}
	}
}

// binding is a lexical binding in scope.
type binding struct {
	name string
	role role
	fn   bool // in the function namespace (flet, labels)
}

// normaliser turns one submission's forms into tokens.
type normaliser struct {
	names  *names
	scope  []binding
	tokens []token
	file   int32
	hashes map[string]uint64
}

// emit appends the token text, at bytes [start, end) of the file.
func (z *normaliser) emit(text string, start, end int64) {
	h, ok := z.hashes[text]
	if !ok {
		f := fnv.New64a()
		f.Write([]byte(text))
		h = f.Sum64()
		z.hashes[text] = h
	}
	z.tokens = append(z.tokens, token{h: h, file: z.file, start: int32(start), end: int32(end)})
}

// lookup returns the role of the symbol name used as a variable (fn
// false) or a function (fn true), or "" when it stays as it is.
func (z *normaliser) lookup(name string, fn bool) role {
	for i := len(z.scope) - 1; i >= 0; i-- {
		if b := z.scope[i]; b.name == name && b.fn == fn {
			return b.role
		}
	}
	n := z.names
	switch {
	case n.given[name]:
		return ""
	case fn && n.fns[name]:
		return roleFn
	case !fn && n.vars[name]:
		return roleVar
	case n.fns[name]: // #'f, 'f, (:export f)
		return roleFn
	case n.pkgs[name]:
		return rolePkg
	case n.types[name]:
		return roleType
	}
	return ""
}

// bind brings name into scope with role r.
func (z *normaliser) bind(name string, r role, fn bool) {
	if name != "" && !strings.HasPrefix(name, "&") {
		z.scope = append(z.scope, binding{name: name, role: r, fn: fn})
	}
}

// symbol emits the symbol v, as a function name when fn.
func (z *normaliser) symbol(v sexp.Value, fn bool, start, end int64) {
	if r := z.lookup(v.Text, fn); r != "" {
		z.emit(string(r), start, end)
		return
	}
	z.emit(v.Text, start, end)
}

// at returns where v is, or where its parent is for a value a reader macro
// made up (the QUOTE of 'x).
func at(v, parent sexp.Value) (int64, int64) {
	if v.End == 0 {
		return parent.Start, parent.End
	}
	return v.Start, v.End
}

// expr emits the expression v, evaluated (fn: in function position), inside
// parent.
func (z *normaliser) expr(v, parent sexp.Value, fn bool) {
	start, end := at(v, parent)
	switch v.Kind {
	case sexp.KindSymbol:
		z.symbol(v, fn, start, end)
	case sexp.KindString:
		z.emit(string(roleStr), start, end)
	case sexp.KindInt:
		z.emit(v.String(), start, end)
	case sexp.KindList:
		z.emit("(", start, min(start+1, end))
		z.list(v)
		z.emit(")", max(end-1, start), end)
	}
}

// exprs emits the expressions vs, inside parent.
func (z *normaliser) exprs(vs []sexp.Value, parent sexp.Value) {
	for _, x := range vs {
		z.expr(x, parent, false)
	}
}

// body emits a body of forms, without its docstring (a string first,
// with forms after it).
func (z *normaliser) body(vs []sexp.Value, parent sexp.Value) {
	if len(vs) > 1 && vs[0].Kind == sexp.KindString {
		vs = vs[1:]
	}
	z.exprs(vs, parent)
}

// list emits the items of the list v, binding the names that the binding
// forms bring into scope for their bodies.
func (z *normaliser) list(v sexp.Value) {
	it := v.Items
	if len(it) == 0 {
		return
	}
	mark := len(z.scope)
	defer func() { z.scope = z.scope[:mark] }()
	h := head(v)
	if h != "" && z.lookup(h, true) != "" {
		h = "" // a function of the submission's that has a standard name
	}
	switch {
	case (h == "DEFUN" || h == "DEFMACRO" || h == "DEFINE-COMPILER-MACRO") && len(it) >= 3:
		z.expr(it[0], v, true)
		z.expr(it[1], v, true)
		z.lambdaList(it[2], v)
		z.body(it[3:], v)
	case h == "DEFMETHOD" && len(it) >= 3:
		z.expr(it[0], v, true)
		z.expr(it[1], v, true)
		i := 2
		for i < len(it)-1 && it[i].Kind == sexp.KindSymbol { // qualifiers
			z.expr(it[i], v, false)
			i++
		}
		z.lambdaList(it[i], v)
		z.body(it[i+1:], v)
	case h == "LAMBDA" && len(it) >= 2:
		z.expr(it[0], v, true)
		z.lambdaList(it[1], v)
		z.body(it[2:], v)
	case (h == "DEFVAR" || h == "DEFPARAMETER" || h == "DEFCONSTANT") && len(it) == 4 && it[3].Kind == sexp.KindString:
		z.exprs(it[:3], v) // without the docstring
	case (h == "FLET" || h == "LABELS" || h == "MACROLET") && len(it) >= 2:
		z.expr(it[0], v, true)
		z.localFunctions(it[1], h == "LABELS")
		z.exprs(it[2:], v)
	case (h == "LET" || h == "LET*" || h == "SYMBOL-MACROLET") && len(it) >= 2:
		z.expr(it[0], v, true)
		z.bindings(it[1], h == "LET*")
		z.exprs(it[2:], v)
	case (h == "DO" || h == "DO*") && len(it) >= 3:
		z.expr(it[0], v, true)
		z.bindings(it[1], true)
		z.exprs(it[2:], v)
	case (h == "DOLIST" || h == "DOTIMES" || h == "DO-SYMBOLS" || h == "WITH-OPEN-FILE" || h == "WITH-OPEN-STREAM" ||
		h == "WITH-OUTPUT-TO-STRING" || h == "WITH-INPUT-FROM-STRING") && len(it) >= 2:
		z.expr(it[0], v, true)
		spec := it[1]
		start, end := at(spec, v)
		if spec.Kind == sexp.KindList && len(spec.Items) > 0 {
			z.emit("(", start, start+1)
			z.exprs(spec.Items[1:], spec)
			z.bind(sym(spec.Items[0]), roleVar, false)
			z.expr(spec.Items[0], spec, false)
			z.emit(")", end-1, end)
		} else {
			z.expr(spec, v, false)
		}
		z.exprs(it[2:], v)
	case (h == "MULTIPLE-VALUE-BIND" || h == "DESTRUCTURING-BIND") && len(it) >= 3:
		z.expr(it[0], v, true)
		z.expr(it[2], v, false) // the values, evaluated outside the bindings
		z.pattern(it[1], v)
		z.exprs(it[3:], v)
	case h == "LOOP":
		z.expr(it[0], v, true)
		z.loop(it[1:], v)
	case h == "QUOTE" || h == "FUNCTION":
		z.expr(it[0], v, true)
		for _, x := range it[1:] {
			z.expr(x, v, h == "FUNCTION")
		}
	default:
		z.expr(it[0], v, true)
		z.exprs(it[1:], v)
	}
}

// lambdaList binds and emits the parameters of a lambda list, with the
// default values of optional and key parameters evaluated as they are
// bound.
func (z *normaliser) lambdaList(ll, parent sexp.Value) {
	if ll.Kind != sexp.KindList {
		z.bind(sym(ll), roleParam, false) // (lambda args ...) in a macro's &rest
		z.expr(ll, parent, false)
		return
	}
	start, end := at(ll, parent)
	z.emit("(", start, start+1)
	for _, p := range ll.Items {
		switch {
		case p.Kind == sexp.KindList && len(p.Items) > 0:
			// (name default supplied-p), ((:key name) default), (name type) in defmethod
			ps, pe := at(p, ll)
			z.emit("(", ps, ps+1)
			name := p.Items[0]
			if name.Kind == sexp.KindList && len(name.Items) == 2 {
				name = name.Items[1]
			}
			z.exprs(p.Items[1:], p)
			z.bind(sym(name), roleParam, false)
			z.expr(name, p, false)
			if len(p.Items) == 3 {
				z.bind(sym(p.Items[2]), roleParam, false)
			}
			z.emit(")", pe-1, pe)
		default:
			z.bind(sym(p), roleParam, false)
			z.expr(p, ll, false)
		}
	}
	z.emit(")", end-1, end)
}

// pattern binds and emits the variables of a destructuring pattern (or
// the list of a multiple-value-bind).
func (z *normaliser) pattern(p, parent sexp.Value) {
	switch p.Kind {
	case sexp.KindSymbol:
		z.bind(p.Text, roleVar, false)
		z.expr(p, parent, false)
	case sexp.KindList:
		start, end := at(p, parent)
		z.emit("(", start, start+1)
		for _, x := range p.Items {
			z.pattern(x, p)
		}
		z.emit(")", end-1, end)
	default:
		z.expr(p, parent, false)
	}
}

// bindings binds and emits the ((var init) var...) of a let or a do, the
// inits evaluated before the names are bound unless sequential.
func (z *normaliser) bindings(bs sexp.Value, sequential bool) {
	if bs.Kind != sexp.KindList {
		z.expr(bs, bs, false)
		return
	}
	var later []string
	z.emit("(", bs.Start, bs.Start+1)
	for _, b := range bs.Items {
		if b.Kind == sexp.KindList && len(b.Items) > 0 {
			z.emit("(", b.Start, b.Start+1)
			z.exprs(b.Items[1:], b)
			name := sym(b.Items[0])
			if sequential {
				z.bind(name, roleVar, false)
			} else {
				later = append(later, name)
			}
			z.emit(string(roleVar), b.Items[0].Start, b.Items[0].End)
			z.emit(")", b.End-1, b.End)
			continue
		}
		z.bind(sym(b), roleVar, false)
		z.expr(b, bs, false)
	}
	z.emit(")", bs.End-1, bs.End)
	for _, name := range later {
		z.bind(name, roleVar, false)
	}
}

// localFunctions binds and emits the definitions of a flet, labels or
// macrolet: their names are in scope in their own bodies for labels.
func (z *normaliser) localFunctions(defs sexp.Value, recursive bool) {
	if defs.Kind != sexp.KindList {
		z.expr(defs, defs, false)
		return
	}
	var names []string
	for _, d := range defs.Items {
		if d.Kind == sexp.KindList && len(d.Items) > 0 {
			names = append(names, sym(d.Items[0]))
		}
	}
	if recursive {
		for _, n := range names {
			z.bind(n, roleFn, true)
		}
	}
	z.emit("(", defs.Start, defs.Start+1)
	for _, d := range defs.Items {
		if d.Kind != sexp.KindList || len(d.Items) < 2 {
			z.expr(d, defs, false)
			continue
		}
		mark := len(z.scope)
		z.emit("(", d.Start, d.Start+1)
		z.emit(string(roleFn), d.Items[0].Start, d.Items[0].End)
		z.lambdaList(d.Items[1], d)
		z.body(d.Items[2:], d)
		z.emit(")", d.End-1, d.End)
		z.scope = z.scope[:mark]
	}
	z.emit(")", defs.End-1, defs.End)
	if !recursive {
		for _, n := range names {
			z.bind(n, roleFn, true)
		}
	}
}

// loopVarWords are the loop keywords that a variable follows.
var loopVarWords = map[string]bool{"FOR": true, "AS": true, "WITH": true, "INTO": true}

// loop emits the clauses of an extended loop, binding the variables that
// follow for, as, with and into for the rest of it.
func (z *normaliser) loop(items []sexp.Value, parent sexp.Value) {
	for i := 0; i < len(items); i++ {
		x := items[i]
		z.expr(x, parent, false)
		if loopVarWords[sym(x)] && i+1 < len(items) {
			i++
			z.pattern(items[i], parent)
		}
	}
}

// normalise appends the tokens of one file's top-level forms to z and
// returns where each form's are.
func (z *normaliser) normalise(forms []sexp.Value, file int32) []form {
	z.file = file
	var out []form
	for _, v := range forms {
		from := int32(len(z.tokens))
		z.scope = z.scope[:0]
		z.expr(v, v, false)
		out = append(out, form{from: from, to: int32(len(z.tokens))})
	}
	return out
}

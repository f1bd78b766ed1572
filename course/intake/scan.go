package intake

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/arenabots/arena/referee/sexp"
)

// sourceFile is what reading a Lisp file showed, without running it.
type sourceFile struct {
	path     string // absolute
	rel      string // relative to the submission's root, with /
	jogars   []jogarDef
	loads    []string            // the files it loads or compiles, resolved in the submission
	calls    []string            // heads of its top-level forms that run code when loaded
	defines  map[string]bool     // functions it defines
	readers  []string            // functions it defines that read the terminal
	uses     map[string][]string // the functions each of its functions calls
	unread   string              // why reading stopped early, or ""
	packages []string            // packages it defines
	macros   map[string]bool     // macros it defines (also in defines)
	// topRefs are the functions and globals its top-level forms use when
	// the file is loaded (a defparameter's value, a call), and pkgRefs the
	// packages it goes into or uses: they must be defined before it loads.
	topRefs []string
	pkgRefs []string
	// heads are the heads of every list in the file: a macro used in a
	// defun must be defined before the defun is loaded.
	heads map[string]bool
}

// jogarDef is a definition of JOGAR.
type jogarDef struct {
	pkg      string // the package it is defined in (upper case), from in-package
	required int    // required parameters
	takes2   bool   // it can be called with two arguments
	params   string // the lambda list as written
	second   string // its second parameter's name, or ""
	reads    bool   // it reads the terminal itself
	line     int    // the line of its defun in its file
	inside   string // the top-level form it is inside (lower case: "let"), or ""
	stub     string // what makes it a stub, or ""
}

// sourceExts are the extensions of Lisp source files.
var sourceExts = []string{".lisp", ".lsp", ".cl", ".l"}

// isSource reports whether name is a Lisp source file.
func isSource(name string) bool {
	return slices.Contains(sourceExts, strings.ToLower(filepath.Ext(name)))
}

// definitions are the heads of top-level forms that only define things:
// loading a file made of them runs nothing of the bot's.
var definitions = map[string]bool{
	"DEFUN": true, "DEFMACRO": true, "DEFVAR": true, "DEFPARAMETER": true, "DEFCONSTANT": true,
	"DEFSTRUCT": true, "DEFCLASS": true, "DEFMETHOD": true, "DEFGENERIC": true, "DEFTYPE": true,
	"DEFPACKAGE": true, "IN-PACKAGE": true, "LOAD": true, "COMPILE-FILE": true, "DECLAIM": true,
	"PROCLAIM": true, "SETF": true, "SETQ": true, "EXPORT": true, "USE-PACKAGE": true, "REQUIRE": true,
	"PROVIDE": true, "DEFSETF": true, "DEFINE-CONDITION": true, "QUOTE": true, "FUNCTION": true,
}

// wrappers hold top-level forms of their own.
var wrappers = map[string]bool{"PROGN": true, "EVAL-WHEN": true, "FEATURE+": true, "FEATURE-": true}

// scopes are the forms whose body, from the index given, may hold
// definitions that loading the file makes global: a defun inside a
// top-level let is defined when the let runs.
var scopes = map[string]int{"LET": 2, "LET*": 2, "FLET": 2, "LABELS": 2, "MACROLET": 2, "SYMBOL-MACROLET": 2, "LOCALLY": 1}

// defunJogar finds a (defun jogar in a file's text, for its line.
var defunJogar = regexp.MustCompile(`(?i)\(\s*defun\s+(\S+::?)?jogar[\s(]`)

// scanFile reads the Lisp file at path, in the submission rooted at root.
func scanFile(root, path string) (*sourceFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rel, _ := filepath.Rel(root, path)
	f := &sourceFile{path: path, rel: filepath.ToSlash(rel), defines: map[string]bool{}, uses: map[string][]string{},
		macros: map[string]bool{}, heads: map[string]bool{}}
	d := sexp.NewSourceDecoder(bytes.NewReader(data))
	pkg := "COMMON-LISP-USER"
	// from is where the next (defun jogar is looked for: the start of the
	// top-level form being read, then past each one found in it.
	var from int
	jogarLine := func() int {
		at := min(from, len(data))
		if loc := defunJogar.FindIndex(data[at:]); loc != nil {
			at, from = at+loc[0], at+loc[1]
		}
		return 1 + bytes.Count(data[:at], []byte("\n"))
	}
	var top func(v sexp.Value, inside string)
	top = func(v sexp.Value, inside string) {
		head := headOf(v)
		walk(v, func(x sexp.Value) {
			if h := headOf(x); h != "" {
				f.heads[h] = true
			}
		})
		switch {
		case head == "IN-PACKAGE" && len(v.Items) == 2:
			pkg = strings.ToUpper(v.Items[1].Text)
			f.pkgRefs = append(f.pkgRefs, pkg)
		case head == "DEFPACKAGE" && len(v.Items) >= 2:
			f.packages = append(f.packages, strings.ToUpper(v.Items[1].Text))
			for _, opt := range v.Items[2:] {
				if o := headOf(opt); o == "USE" {
					for _, u := range opt.Items[1:] {
						f.pkgRefs = append(f.pkgRefs, strings.ToUpper(u.Text))
					}
				}
			}
		case (head == "DEFUN" || head == "DEFMACRO" || head == "DEFGENERIC" || head == "DEFMETHOD") &&
			len(v.Items) >= 3 && v.Items[1].Kind == sexp.KindSymbol:
			name := v.Items[1].Text
			f.defines[name] = true
			if head == "DEFMACRO" {
				f.macros[name] = true
			}
			if name == "JOGAR" && head == "DEFUN" {
				f.jogars = append(f.jogars, jogarDef{pkg: pkg, required: required(v.Items[2]), takes2: takesTwo(v.Items[2]),
					params: v.Items[2].String(), second: secondParam(v.Items[2]), reads: readsTerminal(v), line: jogarLine(), inside: inside, stub: stub(v)})
			}
			if readsTerminal(v) {
				f.readers = append(f.readers, name)
			}
			for _, body := range v.Items[3:] {
				f.uses[name] = append(f.uses[name], refs(body)...)
			}
		case (head == "DEFVAR" || head == "DEFPARAMETER" || head == "DEFCONSTANT") && len(v.Items) >= 2 && v.Items[1].Kind == sexp.KindSymbol:
			f.defines[v.Items[1].Text] = true
			for _, init := range v.Items[2:] {
				f.topRefs = append(f.topRefs, refs(init)...)
			}
		case head == "DEFSTRUCT" && len(v.Items) >= 2:
			f.defineStruct(v)
		case wrappers[head]:
			in := inside
			if !strings.HasPrefix(head, "FEATURE") { // #+sbcl is not a form
				in = cmp.Or(inside, strings.ToLower(head))
			}
			for _, it := range v.Items[1:] {
				top(it, in)
			}
		case scopes[head] > 0 && len(v.Items) >= scopes[head]:
			body := scopes[head]
			for _, it := range v.Items[1:body] {
				if readsTerminal(it) && head != "FLET" && head != "LABELS" {
					f.calls = append(f.calls, "READ")
				}
				f.topRefs = append(f.topRefs, refs(it)...)
			}
			for _, it := range v.Items[body:] {
				top(it, cmp.Or(inside, strings.ToLower(head)))
			}
		case head != "" && !definitions[head]:
			f.calls = append(f.calls, head)
			if readsTerminal(v) {
				f.calls = append(f.calls, "READ")
			}
			f.topRefs = append(f.topRefs, refs(v)...)
		case v.Kind == sexp.KindList && head == "":
			f.calls = append(f.calls, "(...)")
		}
	}
	for {
		v, err := d.Decode()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			f.unread = err.Error()
			break
		}
		from = int(d.Start())
		top(v, "")
		// Once per top-level form, not again for the forms inside a
		// progn or a let; a load in a function's body runs when the
		// function is called, not when the file loads.
		walkLoaded(v, func(x sexp.Value) {
			if h := headOf(x); h == "LOAD" || h == "COMPILE-FILE" {
				if target := loadTarget(x); target != "" {
					f.loads = append(f.loads, target)
				}
			}
		})
	}
	return f, nil
}

// headOf returns the name of the symbol that heads the list v, or "".
func headOf(v sexp.Value) string {
	if v.Kind == sexp.KindList && len(v.Items) > 0 && v.Items[0].Kind == sexp.KindSymbol {
		return v.Items[0].Text
	}
	return ""
}

// walk calls fn on v and every list inside it.
func walk(v sexp.Value, fn func(sexp.Value)) {
	if v.Kind != sexp.KindList {
		return
	}
	fn(v)
	for _, it := range v.Items {
		walk(it, fn)
	}
}

// bodies are the forms whose body runs when a function is called, not
// when the file that holds them loads.
var bodies = map[string]bool{"DEFUN": true, "DEFMACRO": true, "DEFMETHOD": true, "LAMBDA": true}

// walkLoaded is walk, without going into the bodies of functions (see
// bodies): fn sees the forms that run when the file loads.
func walkLoaded(v sexp.Value, fn func(sexp.Value)) {
	if v.Kind != sexp.KindList || bodies[headOf(v)] {
		return
	}
	fn(v)
	for _, it := range v.Items {
		walkLoaded(it, fn)
	}
}

// refs returns the functions a form calls (the heads of its lists, and
// #'NAME) and the globals it names (*NAME* and +NAME+), in the order
// written.
func refs(form sexp.Value) []string {
	var out []string
	var visit func(v sexp.Value)
	visit = func(v sexp.Value) {
		switch v.Kind {
		case sexp.KindSymbol:
			if n := len(v.Text); n > 2 && (v.Text[0] == '*' && v.Text[n-1] == '*' || v.Text[0] == '+' && v.Text[n-1] == '+') {
				out = append(out, v.Text)
			}
		case sexp.KindList:
			if h := headOf(v); h != "" {
				out = append(out, h)
				if h == "FUNCTION" && len(v.Items) == 2 && v.Items[1].Kind == sexp.KindSymbol {
					out = append(out, v.Items[1].Text)
				}
			}
			for _, it := range v.Items {
				visit(it)
			}
		}
	}
	visit(form)
	return out
}

// defineStruct records the functions a defstruct defines: its
// constructor, predicate, copier and slot accessors.
func (f *sourceFile) defineStruct(v sexp.Value) {
	nameV := v.Items[1]
	if nameV.Kind == sexp.KindList && len(nameV.Items) > 0 {
		nameV = nameV.Items[0]
	}
	if nameV.Kind != sexp.KindSymbol {
		return
	}
	name := nameV.Text
	for _, fn := range []string{"MAKE-" + name, name + "-P", "COPY-" + name} {
		f.defines[fn] = true
	}
	for _, slot := range v.Items[2:] {
		if slot.Kind == sexp.KindList && len(slot.Items) > 0 {
			slot = slot.Items[0]
		}
		if slot.Kind == sexp.KindSymbol {
			f.defines[name+"-"+slot.Text] = true
		}
	}
}

// required counts the required parameters of a lambda list.
func required(params sexp.Value) int {
	n := 0
	for _, p := range params.Items {
		if p.Kind == sexp.KindSymbol && strings.HasPrefix(p.Text, "&") {
			break
		}
		n++
	}
	return n
}

// secondParam returns the name of the second parameter of a lambda
// list, or "" when it has none before a lambda-list keyword.
func secondParam(params sexp.Value) string {
	if len(params.Items) < 2 {
		return ""
	}
	p := params.Items[1]
	if p.Kind != sexp.KindSymbol || strings.HasPrefix(p.Text, "&") || strings.HasPrefix(params.Items[0].Text, "&") {
		return ""
	}
	return p.Text
}

// takesTwo reports whether a function of the lambda list params can be
// called with two arguments.
func takesTwo(params sexp.Value) bool {
	req, opt, rest, part := 0, 0, false, "required"
	for _, p := range params.Items {
		if p.Kind == sexp.KindSymbol && strings.HasPrefix(p.Text, "&") {
			part = p.Text
			rest = rest || part == "&REST" || part == "&BODY"
			continue
		}
		switch part {
		case "required":
			req++
		case "&OPTIONAL":
			opt++
		}
	}
	return req <= 2 && (req+opt >= 2 || rest)
}

// stub says what makes the defun v a stub, when its only body is a string
// it returns, or "".
func stub(v sexp.Value) string {
	var body []sexp.Value
	for _, it := range v.Items[3:] {
		if headOf(it) != "DECLARE" {
			body = append(body, it)
		}
	}
	if len(body) == 0 || body[len(body)-1].Kind != sexp.KindString {
		return ""
	}
	last := body[len(body)-1]
	switch {
	case len(body) > 1:
		return fmt.Sprintf("returns the string %q", last.Text)
	case v.Items[len(v.Items)-1].Kind != sexp.KindString:
		return "has only its documentation string"
	}
	return "returns its documentation string"
}

// loadTarget returns the file a (load ...) or (compile-file ...) form
// names: its last string that looks like a file name, or "".
func loadTarget(form sexp.Value) string {
	var target string
	walk(form, func(x sexp.Value) {
		for _, it := range x.Items {
			if it.Kind == sexp.KindString && (strings.Contains(it.Text, ".") || strings.ContainsAny(it.Text, `/\`)) {
				target = it.Text
			}
		}
	})
	return target
}

// readsTerminal reports whether the form calls read, read-line or
// read-char on the terminal (no stream, t, *standard-input* or
// *query-io*).
func readsTerminal(form sexp.Value) bool {
	found := false
	walk(form, func(x sexp.Value) {
		switch headOf(x) {
		case "READ", "READ-LINE", "READ-CHAR":
			if len(x.Items) == 1 {
				found = true
				return
			}
			s := x.Items[1]
			if s.Kind == sexp.KindSymbol && (s.Text == "T" || s.Text == "*STANDARD-INPUT*" || s.Text == "*QUERY-IO*" || s.Text == "*TERMINAL-IO*") || s.IsNil() {
				found = true
			}
		}
	})
	return found
}

// scanTree reads every Lisp file under root (see SourceFiles).
func scanTree(root string) ([]*sourceFile, error) {
	paths, err := SourceFiles(root)
	if err != nil {
		return nil, err
	}
	files := make([]*sourceFile, 0, len(paths))
	for _, path := range paths {
		f, err := scanFile(root, path)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		files = append(files, f)
	}
	return files, nil
}

// SourceFiles returns the paths of the Lisp source files (.lisp, .lsp, .cl,
// .l) under root, in lexical order, skipping hidden folders and macOS'
// __MACOSX: the files of a submission that intake reads, and that arena
// similarity compares.
func SourceFiles(root string) ([]string, error) {
	var paths []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "__MACOSX") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && isSource(name) {
			paths = append(paths, path)
		}
		return nil
	})
	return paths, err
}

// resolve finds the file of the submission that a load names: the same
// path, else the Lisp source of the same base name in any case (a Windows
// path, a compiled .ofasl/.fasl name), the nearest to from's folder first.
func resolve(files []*sourceFile, from *sourceFile, target string) *sourceFile {
	target = strings.ReplaceAll(target, `\`, "/")
	if !strings.HasPrefix(target, "/") && !strings.Contains(target, ":") {
		want := joinClean(from.path, target)
		for _, f := range files {
			if f.path == want {
				return f
			}
		}
	}
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(target), filepath.Ext(target)))
	var best *sourceFile
	for _, f := range files {
		name := strings.ToLower(strings.TrimSuffix(filepath.Base(f.path), filepath.Ext(f.path)))
		if name != base || f == from {
			continue
		}
		if best == nil || distance(from.path, f.path) < distance(from.path, best.path) {
			best = f
		}
	}
	return best
}

// distance counts the folders between two files' folders.
func distance(a, b string) int {
	rel, err := filepath.Rel(filepath.Dir(a), filepath.Dir(b))
	if err != nil {
		return 1 << 20
	}
	if rel == "." {
		return 0
	}
	return strings.Count(rel, "/") + 1
}

// joinClean returns target, a path relative to the folder of the file at
// from, as a clean absolute path.
func joinClean(from, target string) string {
	target = strings.ReplaceAll(target, `\`, "/")
	if filepath.IsAbs(target) {
		return filepath.Clean(target)
	}
	return filepath.Clean(filepath.Join(filepath.Dir(from), target))
}

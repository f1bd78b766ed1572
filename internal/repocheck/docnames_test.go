package repocheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// Doc comments name identifiers, and a name left behind by a rename reads
// as true. Every doc comment of the module's non-test files is checked for
// three forms of name (a test's functions count as declared, for a doc
// that names a test):
//
//	[Name], [pkg.Name], [Type.Method]   doc links
//	pkg.Name, pkg.Type.Method           pkg is the name of a package of the module
//	Type.Member                         Type a type of the module
//	CamelCase                           a word with a capital inside (HostSpec)
//
// A doc link must resolve in its package; pkg.Name must be declared in a
// package of that name; Type.Member must be a method or field of a type of
// that name in some package of the module; a CamelCase word must be declared somewhere in the
// module, unless it is a proper name (notIdentifiers). Sentence-initial
// words such as "Run" cannot be told from English, so the rule asks for
// one of these forms when a doc means an identifier.
var (
	docLink   = regexp.MustCompile(`\[([A-Za-z_]\w*(?:\.[A-Za-z_]\w*){0,2})\]`)
	qualified = regexp.MustCompile(`\b([a-z]\w*)\.([A-Z]\w*)(?:\.([A-Z]\w*))?\b`)
	camelCase = regexp.MustCompile(`(?:^|[^\w./\x60-])([A-Z][a-z]+[A-Z]\w*)\b`)
	member    = regexp.MustCompile(`(?:^|[^\w./\x60-])([A-Z]\w*)\.([A-Z]\w*)\b`)
)

// notIdentifiers are the words with a capital inside that docs use as
// proper names, not as Go identifiers.
var notIdentifiers = []string{
	"LispWorks", "JetStream", "GitHub", "BayesElo", "OpenSpiel", "TestMain",
	"SplitMix", "JavaScript", "PostScript", "TypeScript", "ChromeDriver", "DevTools",
	"FastChess", "SQLite", "MacOS", "WebSocket", "LaTeX", "OpenBench", "KiB", "MiB", "GiB",
}

// declared are the names a package declares: its top-level identifiers and
// Type.Member (methods and struct fields), with the package's names and
// paths.
type declared struct {
	byPkg  map[string]map[string]bool // relative path → names
	byName map[string][]string        // package name → relative paths
	all    map[string]bool            // every name of the module
}

// readDeclared parses the module's non-test Go files.
func readDeclared(t *testing.T) (declared, map[string][]*ast.File) {
	t.Helper()
	d := declared{byPkg: map[string]map[string]bool{}, byName: map[string][]string{}, all: map[string]bool{}}
	files := map[string][]*ast.File{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			if n := e.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, "_test.go") { // a doc may name a test
			for _, decl := range f.Decls {
				if fn, ok := decl.(*ast.FuncDecl); ok {
					d.all[fn.Name.Name] = true
				}
			}
			return nil
		}
		pkg, _ := filepath.Rel(root, filepath.Dir(path))
		pkg = filepath.ToSlash(pkg)
		files[pkg] = append(files[pkg], f)
		names := d.byPkg[pkg]
		if names == nil {
			names = map[string]bool{}
			d.byPkg[pkg] = names
			d.byName[f.Name.Name] = append(d.byName[f.Name.Name], pkg)
		}
		add := func(n string) { names[n], d.all[n] = true, true }
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv == nil {
					add(decl.Name.Name)
				} else {
					add(recvType(decl.Recv.List[0].Type) + "." + decl.Name.Name)
					d.all[decl.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						add(spec.Name.Name)
						addMembers(spec, add, d.all)
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							add(n.Name)
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return d, files
}

// addMembers adds Type.Field for a struct's fields and Type.Method for an
// interface's methods.
func addMembers(spec *ast.TypeSpec, add func(string), all map[string]bool) {
	var fields *ast.FieldList
	switch ty := spec.Type.(type) {
	case *ast.StructType:
		fields = ty.Fields
	case *ast.InterfaceType:
		fields = ty.Methods
	default:
		return
	}
	for _, f := range fields.List {
		for _, n := range f.Names {
			add(spec.Name.Name + "." + n.Name)
			all[n.Name] = true
		}
		if len(f.Names) == 0 { // embedded: its members are the type's too
			add(spec.Name.Name + ".*")
		}
	}
}

// recvType returns the name of a receiver's or embedded field's type.
func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvType(e.X)
	case *ast.IndexExpr:
		return recvType(e.X)
	case *ast.IndexListExpr:
		return recvType(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// has reports whether pkg declares name (a top-level name, or Type.Member)
// or, for Type.Member, whether the type embeds something that might.
func (d declared) has(pkg, name string) bool {
	names := d.byPkg[pkg]
	if names[name] {
		return true
	}
	typ, _, ok := strings.Cut(name, ".")
	return ok && names[typ+".*"] // a member of an embedded type
}

// isType reports whether some package of the module declares a type (or
// any name with members) called typ.
func (d declared) isType(typ string) bool {
	for _, names := range d.byPkg {
		for n := range names {
			if strings.HasPrefix(n, typ+".") {
				return true
			}
		}
	}
	return false
}

// hasMember reports whether a type called typ, in some package, has the
// member name or embeds a type that might.
func (d declared) hasMember(typ, name string) bool {
	for _, names := range d.byPkg {
		if names[typ+"."+name] || names[typ+".*"] {
			return true
		}
	}
	return false
}

// hasQualified reports whether a package called pkgName declares name.
func (d declared) hasQualified(pkgName, name string) (known, ok bool) {
	paths := d.byName[pkgName]
	if len(paths) == 0 {
		return false, false
	}
	return true, slices.ContainsFunc(paths, func(p string) bool { return d.has(p, name) })
}

// checkDocNames returns one line per name that a doc comment of pkg names
// and the module does not declare. CamelCase words are checked in a
// package's doc (pkgDoc) alone: elsewhere a doc may name the identifiers
// of the libraries a file uses.
func checkDocNames(d declared, pkg, text string, pkgDoc bool) []string {
	var bad []string
	say := func(name string) {
		bad = append(bad, pkg+": a doc comment names "+name+", which the module does not declare")
	}
	for _, m := range docLink.FindAllStringSubmatch(text, -1) {
		if !strings.Contains(m[1], ".") && !unicode.IsUpper(rune(m[1][0])) {
			continue // [i]: an index, not a link
		}
		parts := strings.SplitN(m[1], ".", 2)
		if len(parts) == 2 {
			if known, ok := d.hasQualified(parts[0], parts[1]); known {
				if !ok {
					say(m[0])
				}
				continue
			}
		}
		if !d.has(pkg, m[1]) {
			say(m[0])
		}
	}
	for _, m := range qualified.FindAllStringSubmatch(text, -1) {
		name := m[2]
		if m[3] != "" {
			name += "." + m[3]
		}
		if known, ok := d.hasQualified(m[1], name); known && !ok {
			say(m[0])
		}
	}
	for _, m := range member.FindAllStringSubmatch(text, -1) {
		if d.isType(m[1]) && !d.hasMember(m[1], m[2]) {
			say(m[1] + "." + m[2])
		}
	}
	if !pkgDoc {
		return bad
	}
	for _, m := range camelCase.FindAllStringSubmatch(text, -1) {
		w := m[1]
		if !d.all[w] && !slices.ContainsFunc(notIdentifiers, func(n string) bool { return strings.HasPrefix(w, n) }) {
			say(w)
		}
	}
	return bad
}

// docText is a doc comment, and whether it is a package's doc.
type docText struct {
	text   string
	pkgDoc bool
}

// docTexts returns the doc comments of a package's files: the package
// clause's and each declaration's.
func docTexts(files []*ast.File) []docText {
	var out []docText
	add := func(g *ast.CommentGroup) {
		if g != nil {
			out = append(out, docText{text: g.Text()})
		}
	}
	for _, f := range files {
		if f.Doc != nil {
			out = append(out, docText{f.Doc.Text(), true})
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				add(decl.Doc)
			case *ast.GenDecl:
				add(decl.Doc)
				for _, spec := range decl.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						add(ts.Doc)
					}
				}
			}
		}
	}
	return out
}

// TestDocNames checks that every identifier a doc comment names exists.
func TestDocNames(t *testing.T) {
	d, files := readDeclared(t)
	var bad []string
	for pkg, fs := range files {
		for _, doc := range docTexts(fs) {
			bad = append(bad, checkDocNames(d, pkg, doc.text, doc.pkgDoc)...)
		}
	}
	slices.Sort(bad)
	for _, line := range slices.Compact(bad) {
		t.Error(line)
	}
}

// TestDocNamesCatch checks that each form of a stale name is caught, and a
// true one is not.
func TestDocNamesCatch(t *testing.T) {
	d := declared{
		byPkg: map[string]map[string]bool{
			"host":  {"Spec": true, "Start": true, "Spec.Name": true},
			"probe": {"Serve": true, "Findings": true},
		},
		byName: map[string][]string{"host": {"host"}, "probe": {"bots/lisp/probe"}},
		all:    map[string]bool{"Spec": true, "Start": true, "Serve": true, "Findings": true, "Name": true},
	}
	d.byPkg["bots/lisp/probe"] = d.byPkg["probe"]
	for _, tc := range []struct {
		text string
		bad  bool
	}{
		{"see Serve and HostSpec", true},
		{"host.Start starts it", false},
		{"host.Run starts it", true},
		{"host.Spec.Name names it", false},
		{"host.Spec.Path names it", true},
		{"see [Findings]", false},
		{"see [Run]", true},
		{"see [host.Spec]", false},
		{"reads tempo in LispWorks units", false},
		{"a file such as bots/lisp/probe.go or x.Foo", false},
		{"s[i] is a square", false},
		{"Spec.Name names it", false},
		{"Spec.Path names it", true},
		{"Unknown.Path is not the module's", false},
	} {
		got := checkDocNames(d, "bots/lisp/probe", tc.text, true)
		if (len(got) > 0) != tc.bad {
			t.Errorf("%q: got %q, want a complaint: %v", tc.text, got, tc.bad)
		}
	}
}

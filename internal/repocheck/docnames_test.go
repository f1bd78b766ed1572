package repocheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
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
// that name in some package of the module, or of a type it embeds; a
// CamelCase word must be declared somewhere in the module, unless it is a
// proper name (notIdentifiers). Sentence-initial words such as "Run"
// cannot be told from English, so the rule asks for one of these forms
// when a doc means an identifier.
//
// The Markdown a reader meets (README.md, docs/*.md, bots/**/README.md)
// is checked too, for pkg.Name and Type.Member in its code spans (the
// text in backquotes, blocks of code left out).
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
			add(spec.Name.Name + ".*" + recvType(f.Type))
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
// or, for Type.Member, whether the type embeds a type that has the member
// (or one from outside the module, which might).
func (d declared) has(pkg, name string) bool {
	names := d.byPkg[pkg]
	if names[name] {
		return true
	}
	typ, m, ok := strings.Cut(name, ".")
	return ok && d.embedsMember(names, typ, m, 0)
}

// embedsMember reports whether type typ of a package that declares names
// embeds a type with member m: a type of the module that has it, or one
// from outside the module, which might. depth bounds a chain of
// embeddings.
func (d declared) embedsMember(names map[string]bool, typ, m string, depth int) bool {
	for n := range names {
		emb, ok := strings.CutPrefix(n, typ+".*")
		if !ok {
			continue
		}
		if !d.isType(emb) || depth < 4 && d.hasMemberDepth(emb, m, depth+1) {
			return true
		}
	}
	return false
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
// member name or embeds a type that has it (see embedsMember).
func (d declared) hasMember(typ, name string) bool { return d.hasMemberDepth(typ, name, 0) }

// hasMemberDepth is hasMember at depth embeddings down.
func (d declared) hasMemberDepth(typ, name string, depth int) bool {
	for _, names := range d.byPkg {
		if names[typ+"."+name] || d.embedsMember(names, typ, name, depth) {
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
	for _, name := range d.staleNames(text) {
		say(name)
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

// staleNames returns the names of text in the forms pkg.Name,
// pkg.Type.Member and Type.Member that the module does not declare: a
// package or type of the module's, and no such name in it.
func (d declared) staleNames(text string) []string {
	var bad []string
	for _, m := range qualified.FindAllStringSubmatch(text, -1) {
		name := m[2]
		if m[3] != "" {
			name += "." + m[3]
		}
		if known, ok := d.hasQualified(m[1], name); known && !ok {
			bad = append(bad, m[0])
		}
	}
	for _, m := range member.FindAllStringSubmatch(text, -1) {
		if d.isType(m[1]) && !d.hasMember(m[1], m[2]) {
			bad = append(bad, m[1]+"."+m[2])
		}
	}
	return bad
}

// codeSpan is a span of Markdown's inline code; fence opens or closes a
// block of code.
var (
	codeSpan = regexp.MustCompile("`([^`\n]+)`")
	fence    = regexp.MustCompile("(?m)^\\s*```")
)

// markdownFiles returns the Markdown files whose code spans name Go
// identifiers: README.md, docs/*.md and every README.md under bots/.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(root, "README.md"))
	err = filepath.WalkDir(filepath.Join(root, "bots"), func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && e.Name() == "README.md" {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// checkMarkdownNames returns one line per name in the forms pkg.Name and
// Type.Member that a code span of text, the Markdown file file, names and
// the module does not declare. Blocks of code (shell sessions, league
// files) are left out: what they name is not Go.
func checkMarkdownNames(d declared, file, text string) []string {
	var bad []string
	for i, part := range fence.Split(text, -1) {
		if i%2 == 1 {
			continue // inside a fence
		}
		for _, span := range codeSpan.FindAllStringSubmatch(part, -1) {
			for _, name := range d.staleNames(span[1]) {
				bad = append(bad, file+": `"+span[1]+"` names "+name+", which the module does not declare")
			}
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
	for _, path := range markdownFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		file, _ := filepath.Rel(root, path)
		bad = append(bad, checkMarkdownNames(d, filepath.ToSlash(file), string(data))...)
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
			"host":  {"Spec": true, "Start": true, "Spec.Name": true, "Spec.*Limits": true, "Limits.MemoryMB": true},
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
		{"host.Spec.MemoryMB, a field of an embedded type", false},
		{"host.Spec.Memory names it", true},
		{"Spec.MemoryMB and Limits.MemoryMB", false},
		{"Spec.Memory names it", true},
	} {
		got := checkDocNames(d, "bots/lisp/probe", tc.text, true)
		if (len(got) > 0) != tc.bad {
			t.Errorf("%q: got %q, want a complaint: %v", tc.text, got, tc.bad)
		}
	}
	for _, tc := range []struct {
		text string
		bad  bool
	}{
		{"`host.Start` starts it", false},
		{"`host.Run` starts it", true},
		{"it is `Spec.Path`", true},
		{"`Spec.Name` and host.Run outside code", false},
		{"```\nhost.Run(spec)\n```\nthen `host.Start`", false},
		{"```go\nx\n```\n`host.Spec.Path`", true},
	} {
		got := checkMarkdownNames(d, "docs/x.md", tc.text)
		if (len(got) > 0) != tc.bad {
			t.Errorf("Markdown %q: got %q, want a complaint: %v", tc.text, got, tc.bad)
		}
	}
}

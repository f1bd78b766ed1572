package repocheck

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// What a package's doc.go says of imports is checked against `go list`, so
// that it stays true. A sentence that speaks of imports must take one of
// these forms, where LIST names packages of the module by their path
// relative to the module ("referee", "host", "games/..."), separated
// by commas, "and" or "or"; words that name no package of the module (the
// standard library, gRPC) are not checked, paths with a dot in their first
// element (golang.org/x/sys) are:
//
//	… imports only LIST        its imports of the module are in LIST
//	… imports nothing of arena / nothing outside the standard library
//	… must not import LIST     nor depend on them through another package
//	… never imports LIST       the same
//	Only LIST import(s) it     every package that imports it is in LIST
//
// The module's path names its root package (sdk).
//
// A path names that package alone; "x/..." and a folder that is no
// package (cmd) name every package below.
var (
	importOnly   = regexp.MustCompile(`(?i)\bimports? only (.+)`)
	importNone   = regexp.MustCompile(`(?i)\bimports? nothing (of arena|outside the standard library)`)
	importNever  = regexp.MustCompile(`(?i)\b(?:must not|never) imports? (.+)`)
	importedOnly = regexp.MustCompile(`(?i)^only (.+?) imports? (?:it|\w+)\b`)
	sentenceEnd  = regexp.MustCompile(`\.(\s+|$)`)
	listSep      = regexp.MustCompile(`,\s*(?:and |or )?|\s+and\s+|\s+or\s+`)
	parenthesis  = regexp.MustCompile(`\s*\([^)]*\)`)
	speaksImport = regexp.MustCompile(`(?i)\b(?:import(?:s|ed)?|depends? on)\b`)
)

// docClaim is what a doc.go's sentence says of its package's imports.
type docClaim struct {
	pkg, sentence string
	kind          string   // "only", "never", "importers"
	list          []string // the packages named, as patterns
}

// sentences returns the sentences of the package doc of the doc.go at
// path, a paragraph's lines joined; code blocks (indented) are left out.
func sentences(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	if f.Doc == nil {
		return nil
	}
	var prose []string
	for _, line := range strings.Split(f.Doc.Text(), "\n") {
		if !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "  ") {
			prose = append(prose, line)
		}
	}
	text := strings.Join(strings.Fields(strings.Join(prose, " ")), " ")
	var out []string
	for _, s := range sentenceEnd.Split(text, -1) {
		for _, clause := range strings.Split(s, "; ") {
			if c := strings.TrimSpace(clause); c != "" {
				out = append(out, c)
			}
		}
	}
	return out
}

// parseClaim returns the claim of sentence s of package pkg's doc, and
// false when s speaks of imports in no form the test can check.
func parseClaim(pkg, s string, known func(string) bool) (docClaim, bool) {
	c := docClaim{pkg: pkg, sentence: s}
	var list string
	switch {
	case importNone.MatchString(s):
		c.kind = "only"
		return c, true
	case importOnly.MatchString(s):
		c.kind, list = "only", importOnly.FindStringSubmatch(s)[1]
	case importNever.MatchString(s):
		c.kind, list = "never", importNever.FindStringSubmatch(s)[1]
	case importedOnly.MatchString(s):
		c.kind, list = "importers", importedOnly.FindStringSubmatch(s)[1]
	case speaksImport.MatchString(s):
		return c, false
	default:
		return c, true // no claim
	}
	for _, item := range listSep.Split(parenthesis.ReplaceAllString(list, ""), -1) {
		words := strings.Fields(item)
		words = slices.DeleteFunc(words, func(w string) bool { return w == "the" || w == "package" || w == "packages" })
		if len(words) == 0 {
			continue
		}
		w := strings.Trim(words[0], "`,:;")
		if w == module {
			w = "."
		}
		if known(w) || strings.Contains(strings.SplitN(w, "/", 2)[0], ".") {
			c.list = append(c.list, w)
		}
	}
	return c, c.kind == "only" || len(c.list) > 0
}

// namesPkg reports whether pattern, as a doc.go writes it, names pkg (both
// relative to the module, or absolute outside it); pkgs are the module's.
func namesPkg(pattern, pkg string, pkgs map[string]bool) bool {
	if !strings.HasSuffix(pattern, "/...") && !pkgs[pattern] && !strings.Contains(pattern, ".") {
		pattern += "/..." // a folder without a package: everything below
	}
	if strings.Contains(pattern, ".") && !strings.HasSuffix(pattern, "/...") {
		pattern += "/..." // a module outside: all its packages
	}
	return matches(pattern, pkg)
}

// checkDocClaims returns one line per doc.go sentence about imports that
// is not in a checkable form, or that go list contradicts.
func checkDocClaims(claims []docClaim, unchecked []string, list []listed) []string {
	bad := slices.Clone(unchecked)
	pkgs := map[string]bool{}
	for _, p := range list {
		r, _ := rel(p.ImportPath)
		pkgs[r] = true
	}
	in := func(list []string, pkg string) bool {
		return slices.ContainsFunc(list, func(p string) bool { return namesPkg(p, pkg, pkgs) })
	}
	for _, c := range claims {
		for _, p := range list {
			pkg, _ := rel(p.ImportPath)
			switch {
			case c.kind == "only" && pkg == c.pkg:
				var imports []string
				for _, imp := range p.Imports {
					r, ok := rel(imp)
					if ok && !in(c.list, r) {
						bad = append(bad, c.pkg+"/doc.go says \""+c.sentence+"\", and it imports "+r)
					}
					if !ok {
						r = imp
					}
					imports = append(imports, r)
				}
				for _, named := range c.list {
					if !slices.ContainsFunc(imports, func(imp string) bool { return namesPkg(named, imp, pkgs) }) {
						bad = append(bad, c.pkg+"/doc.go says \""+c.sentence+"\", and it does not import "+named)
					}
				}
			case c.kind == "never" && pkg == c.pkg:
				for _, d := range p.Deps {
					dep := d
					if r, ok := rel(d); ok {
						dep = r
					}
					if in(c.list, dep) {
						bad = append(bad, c.pkg+"/doc.go says \""+c.sentence+"\", and it depends on "+dep)
					}
				}
			case c.kind == "importers" && pkg != c.pkg && !in(c.list, pkg):
				if slices.Contains(p.Imports, module+"/"+c.pkg) {
					bad = append(bad, c.pkg+"/doc.go says \""+c.sentence+"\", and "+pkg+" imports it")
				}
			}
		}
	}
	return bad
}

// readDocClaims returns the claims of every doc.go of the module's
// packages, and a line for each sentence about imports that has no
// checkable form.
func readDocClaims(t *testing.T, list []listed) ([]docClaim, []string) {
	t.Helper()
	pkgs := map[string]bool{}
	for _, p := range list {
		r, _ := rel(p.ImportPath)
		pkgs[r] = true
	}
	known := func(w string) bool {
		w = strings.TrimSuffix(w, "/...")
		if pkgs[w] {
			return true
		}
		for p := range pkgs {
			if strings.HasPrefix(p, w+"/") {
				return true
			}
		}
		return false
	}
	var claims []docClaim
	var unchecked []string
	for pkg := range pkgs {
		path := filepath.Join(root, pkg, "doc.go")
		if _, err := os.Stat(path); err != nil {
			continue
		}
		for _, s := range sentences(t, path) {
			c, ok := parseClaim(pkg, s, known)
			switch {
			case !ok:
				unchecked = append(unchecked, pkg+"/doc.go: \""+s+"\" speaks of imports in no form internal/repocheck checks: see docclaims_test.go")
			case c.kind != "":
				claims = append(claims, c)
			}
		}
	}
	return claims, unchecked
}

// TestDocClaims checks what each package's doc.go says of its imports.
func TestDocClaims(t *testing.T) {
	list := listPackages(t)
	claims, unchecked := readDocClaims(t, list)
	if len(claims) == 0 {
		t.Fatal("no doc.go says anything of its imports: the test reads none")
	}
	for _, line := range checkDocClaims(claims, unchecked, list) {
		t.Error(line)
	}
}

// TestDocClaimsCatch checks that a false claim of each form is caught.
func TestDocClaimsCatch(t *testing.T) {
	list := []listed{
		{ImportPath: module + "/referee"},
		{ImportPath: module + "/proto"},
		{ImportPath: module + "/games", Imports: []string{module + "/referee", module + "/games/dots"}},
		{ImportPath: module + "/games/dots", Imports: []string{module + "/referee"}},
		{ImportPath: module + "/web", Imports: []string{module + "/games"}, Deps: []string{module + "/games", module + "/referee", module + "/proto"}},
		{ImportPath: module + "/cmd/arena", Imports: []string{module + "/games"}},
	}
	known := func(w string) bool {
		return slices.Contains([]string{"referee", "proto", "games", "games/dots", "web", "cmd", "cmd/arena"}, strings.TrimSuffix(w, "/..."))
	}
	for _, tc := range []struct {
		pkg, sentence, want string
	}{
		{"games", "games imports only referee", "and it imports games/dots"},
		{"games/dots", "dots imports only referee and proto", "and it does not import proto"},
		{"web", "web must not import proto or gRPC", "and it depends on proto"},
		{"games", "Only arena and cmd/arena (the wiring) import it", "and web imports it"},
		{"games", "games imports nothing of arena", "and it imports referee"},
	} {
		t.Run(tc.sentence, func(t *testing.T) {
			c, ok := parseClaim(tc.pkg, tc.sentence, known)
			if !ok {
				t.Fatalf("%q: no checkable form", tc.sentence)
			}
			bad := checkDocClaims([]docClaim{c}, nil, list)
			if !slices.ContainsFunc(bad, func(l string) bool { return strings.Contains(l, tc.want) }) {
				t.Errorf("got %q, want a line containing %q", bad, tc.want)
			}
		})
	}
	if _, ok := parseClaim("web", "web depends on arena for its views and imports games", known); ok {
		t.Error("a sentence about imports in no checkable form was taken")
	}
}

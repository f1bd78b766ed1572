package repocheck

import (
	"go/ast"
	"slices"
	"testing"
)

// readers are the functions of package results that read a results
// directory's files, and arena/resultsdir's reader of a journal; only
// arena's Results (arena/resultsdir.go) and the files' package
// (arena/resultsdir) call them, so that every command, page and report
// reads a results directory one way: arena.OpenResults or
// arena.ReadResults, then the Results' games, config and GameLog.
var readers = []struct {
	pkg   string   // the package name the call is made through
	names []string // its functions that read
	homes []string // the packages that may call them
}{
	{"results", []string{"ReadJournal", "ReadGameLog"}, []string{"results", "arena", "arena/resultsdir"}},
	{"resultsdir", []string{"ReadJournal"}, []string{"arena", "arena/resultsdir"}},
}

// TestOneReader checks that no other package reads a results directory's
// files itself.
func TestOneReader(t *testing.T) {
	_, files := readDeclared(t)
	for _, r := range readers {
		for pkg, fs := range files {
			if slices.Contains(r.homes, pkg) {
				continue
			}
			for _, f := range fs {
				for _, call := range selectorCalls(f, r.pkg, r.names) {
					t.Errorf("%s calls %s.%s: read a results directory through arena.Results (ReadResults, GameLog)", pkg, r.pkg, call)
				}
			}
		}
	}
}

// selectorCalls returns the names of the pkg.Name calls in f whose Name is
// one of names.
func selectorCalls(f *ast.File, pkg string, names []string) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == pkg && slices.Contains(names, sel.Sel.Name) {
			out = append(out, sel.Sel.Name)
		}
		return true
	})
	return out
}

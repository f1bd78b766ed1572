package repocheck

import (
	"go/ast"
	"slices"
	"testing"
)

// readers are the functions of package results that read a results
// directory's files; only arena's Results (arena/resultsdir.go) calls
// them, so that every command, page and report reads a results directory
// one way: arena.OpenResults or arena.ReadResults, then the Results'
// games, config and GameLog.
var readers = []string{"ReadJournal", "ReadGameLog"}

// readerHome is the one package outside results that may call them.
const readerHome = "arena"

// TestOneReader checks that no other package reads a results directory's
// files itself.
func TestOneReader(t *testing.T) {
	_, files := readDeclared(t)
	for pkg, fs := range files {
		if pkg == readerHome || pkg == "results" {
			continue
		}
		for _, f := range fs {
			for _, call := range selectorCalls(f, "results", readers) {
				t.Errorf("%s calls results.%s: read a results directory through arena.Results (ReadResults, GameLog)", pkg, call)
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

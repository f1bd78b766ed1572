package repocheck

import (
	"go/ast"
	"go/token"
	"slices"
	"testing"
)

// formatNames are package arena's names of its tournaments. Outside arena no
// code names them or compares a league's format (Config.Tournament): it asks
// the league (arena.Schedule, arena.Standings, arena.WriteScheduleNotes), so
// that a new kind of tournament is a file of arena and a line of its table.
var formatNames = []string{"RoundRobin", "Gauntlet", "Knockout", "Swiss"}

// TestNothingDecidesByTournament checks that no package but arena names a format
// or compares a league's format, and that arena itself never switches on
// one: each format is a Format in the table.
func TestNothingDecidesByTournament(t *testing.T) {
	_, files := readDeclared(t)
	isFormat := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Tournament"
	}
	for pkg, fs := range files {
		for _, f := range fs {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SwitchStmt:
					if n.Tag != nil && isFormat(n.Tag) {
						t.Errorf("%s switches on a league's format: give the tournaments a method (arena.Tournament) instead", pkg)
					}
				case *ast.BinaryExpr:
					if pkg != "arena" && (n.Op == token.EQL || n.Op == token.NEQ) && (isFormat(n.X) || isFormat(n.Y)) {
						t.Errorf("%s compares a league's format: ask package arena instead", pkg)
					}
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "arena" && pkg != "arena" && slices.Contains(formatNames, n.Sel.Name) {
						t.Errorf("%s names arena.%s: ask package arena instead of deciding by format", pkg, n.Sel.Name)
					}
				}
				return true
			})
		}
	}
}

package repocheck

import (
	"go/ast"
	"go/token"
	"slices"
	"testing"
)

// formatNames are package tournament's names of its kinds of tournament.
// Outside the formats and the league file (package arena/league, whose
// hash and defaults name the default), no code names them or compares a league's
// format (Settings.Tournament): it asks the formats (tournament.Schedule,
// tournament.Standings, tournament.WriteNotes), so that a new kind of
// tournament is a file of arena/tournament and a line of its table.
var formatNames = []string{"RoundRobin", "Gauntlet", "Knockout", "Swiss"}

// formatPackages may name a format and compare a league's with one.
var formatPackages = []string{"arena/tournament", "arena/league"}

// TestNothingDecidesByTournament checks that no package but the formats
// and the league file names a format or compares a league's format, and
// that none switches on one: each format is a Tournament in the table.
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
						t.Errorf("%s switches on a league's format: give the tournaments a method (tournament.Tournament) instead", pkg)
					}
				case *ast.BinaryExpr:
					if !slices.Contains(formatPackages, pkg) && (n.Op == token.EQL || n.Op == token.NEQ) && (isFormat(n.X) || isFormat(n.Y)) {
						t.Errorf("%s compares a league's format: ask package tournament instead", pkg)
					}
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "tournament" && !slices.Contains(formatPackages, pkg) && slices.Contains(formatNames, n.Sel.Name) {
						t.Errorf("%s names tournament.%s: ask package tournament instead of deciding by format", pkg, n.Sel.Name)
					}
				}
				return true
			})
		}
	}
}

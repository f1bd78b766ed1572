package repocheck

import (
	"go/ast"
	"testing"
)

// One name, one meaning (docs/architecture.md, the glossary): a field
// named Game holds a game's rules, a referee.Game. A game's name is
// GameName, a game of a league GameID (its id), Scheduled (its place in
// the schedule) or Entry (its journal line). The generated code of proto
// keeps the wire's names.
func TestGameFieldsAreGames(t *testing.T) {
	_, files := readDeclared(t)
	for pkg, fs := range files {
		if pkg == "proto" {
			continue
		}
		for _, f := range fs {
			ast.Inspect(f, func(n ast.Node) bool {
				st, ok := n.(*ast.StructType)
				if !ok {
					return true
				}
				for _, field := range st.Fields.List {
					for _, name := range field.Names {
						if name.Name == "Game" && !isGameType(pkg, field.Type) {
							t.Errorf("%s: a field named Game is not a referee.Game: name it for what it holds (GameName, GameID, Scheduled, Entry)", pkg)
						}
					}
				}
				return true
			})
		}
	}
}

// isGameType reports whether e, a field's type in package pkg, is
// referee.Game.
func isGameType(pkg string, e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && x.Name == "referee" && e.Sel.Name == "Game"
	case *ast.Ident:
		return pkg == "referee" && e.Name == "Game"
	}
	return false
}

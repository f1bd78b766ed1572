package repocheck

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// kindNames are the names of package botkind that decide by a bot's kind
// or protocol: the kinds, the protocols, and how to start or read one kind
// alone. The commands never use them: botkind.ParseSpec takes every form
// of the command line, a Ref's Form and LeagueEntry write it back, so that
// a new kind is a change in botkind alone.
var kindNames = []string{
	"Builtin", "Registered", "Path", "Lisp", "ProtocolGRPC", "ProtocolLines",
	"LispSpec", "ProbeSpec", "ParseLisp",
}

// TestCommandsDecideNoKind checks that no command names a kind of bot or
// asks a Ref for its protocol (Lines): the commands parse, ask botkind and
// print.
func TestCommandsDecideNoKind(t *testing.T) {
	_, files := readDeclared(t)
	for pkg, fs := range files {
		if !strings.HasPrefix(pkg, "cmd/") {
			continue
		}
		for _, f := range fs {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && x.Name == "botkind" && slices.Contains(kindNames, n.Sel.Name) {
						t.Errorf("%s names botkind.%s: ask botkind (ParseSpec, Ref.Form, Ref.Spec) instead of deciding by kind", pkg, n.Sel.Name)
					}
				case *ast.CallExpr:
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Lines" && len(n.Args) == 0 {
						t.Errorf("%s asks a bot whether it speaks the line protocol (.Lines()): ask botkind instead", pkg)
					}
				}
				return true
			})
		}
	}
}

// refKinds are the keys of a botkind.Ref that name its kind.
var refKinds = []string{"Builtin", "Registered", "Lisp"}

// TestKindsDecidedInBotkind checks that no code outside arena/botkind asks
// a bot which kind it is by the key that names it (b.Lisp != nil,
// b.Builtin == "") or makes a botkind.Ref of a kind by its keys: botkind
// decides (Ref.Kind and the Ref's methods), so that a new kind is a change
// there alone.
func TestKindsDecidedInBotkind(t *testing.T) {
	_, files := readDeclared(t)
	for pkg, fs := range files {
		if pkg == "arena/botkind" {
			continue
		}
		for _, f := range fs {
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.CompositeLit); ok {
					if sel, ok := lit.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Ref" && isIdent(sel.X, "botkind") && len(lit.Elts) > 0 {
						t.Errorf("%s makes a botkind.Ref by its keys: ask botkind (Parse, Named, a Ref method) for the bot", pkg)
					}
					return true
				}
				cmp, ok := n.(*ast.BinaryExpr)
				if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
					return true
				}
				for _, side := range [][2]ast.Expr{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
					sel, ok := side[0].(*ast.SelectorExpr)
					if ok && slices.Contains(refKinds, sel.Sel.Name) && isZero(side[1]) {
						t.Errorf("%s compares .%s with its zero value: ask botkind (a Ref method) instead of deciding by kind", pkg, sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isZero reports whether e is nil or "".
func isZero(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "nil"
	case *ast.BasicLit:
		return e.Kind == token.STRING && (e.Value == `""` || e.Value == "``")
	}
	return false
}

package repocheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A game is one folder: everything particular to a game lives in
// games/<name>, and the rest of arena reaches it only through interfaces
// it implements, found through the table of games (package games). The
// rule in one sentence: outside games/<name>, no package imports it but
// the table. Tests may: the rule looks at non-test files.

// gameFolder returns the game folder (games/<name>) that pkg lies in, or
// "" when it lies in none.
func gameFolder(pkg string) string {
	rest, ok := strings.CutPrefix(pkg, "games/")
	if !ok || rest == "" {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return "games/" + name
}

// checkGameFolders returns one line per import of a game's package from
// outside its folder that is not the table's.
func checkGameFolders(pkgs []listed) []string {
	var bad []string
	for _, p := range pkgs {
		pkg, _ := rel(p.ImportPath)
		for _, imp := range p.Imports {
			dep, ok := rel(imp)
			folder := gameFolder(dep)
			if !ok || folder == "" || gameFolder(pkg) == folder || pkg == "games" {
				continue
			}
			bad = append(bad, pkg+" imports "+dep+": outside "+folder+", only the table of games (package games) may name the game; reach it through an interface it implements")
		}
	}
	return bad
}

// TestGameIsOneFolder checks that no package outside games/<name>
// imports it, but the table.
func TestGameIsOneFolder(t *testing.T) {
	for _, line := range checkGameFolders(listPackages(t)) {
		t.Error(line)
	}
}

// TestGameIsOneFolderCatches checks that the rule can fail.
func TestGameIsOneFolderCatches(t *testing.T) {
	for _, tc := range []struct {
		name string
		pkg  listed
		want string
	}{
		{"the search engine names a game", listed{ImportPath: module + "/bots/search", Imports: []string{module + "/games/cavalo"}}, "bots/search imports games/cavalo"},
		{"a game names another", listed{ImportPath: module + "/games/dots", Imports: []string{module + "/games/cavalo"}}, "games/dots imports games/cavalo"},
		{"a test helper names a game", listed{ImportPath: module + "/internal/samples", Imports: []string{"testing", module + "/games/cavalo"}}, "internal/samples imports games/cavalo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := checkGameFolders([]listed{tc.pkg})
			if !slices.ContainsFunc(bad, func(line string) bool { return strings.HasPrefix(line, tc.want) }) {
				t.Errorf("got %q, want a line starting %q", bad, tc.want)
			}
		})
	}
	for _, ok := range []listed{
		{ImportPath: module + "/games", Imports: []string{module + "/games/cavalo"}},
		{ImportPath: module + "/games/cavalo/checkdata", Imports: []string{module + "/games/cavalo"}},
	} {
		if bad := checkGameFolders([]listed{ok}); len(bad) > 0 {
			t.Errorf("%s: %q, want nothing", ok.ImportPath, bad)
		}
	}
}

// TestPageNamesNoGame checks that the page (web/assets) names no game: a
// board's looks come with its drawing (referee.Drawer), so that a new game
// needs no line of the page's CSS or JavaScript.
func TestPageNamesNoGame(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join(root, "games"))
	if err != nil {
		t.Fatal(err)
	}
	assets, err := filepath.Glob(filepath.Join(root, "web", "assets", "*"))
	if err != nil || len(assets) == 0 {
		t.Fatalf("no web/assets: %v", err)
	}
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "testdata" {
			continue
		}
		// A class (svg.dots), a string ("dots"), or a CSS attribute value.
		named := regexp.MustCompile(`\.` + d.Name() + `\b|["'` + "`" + `]` + d.Name() + `["'` + "`" + `]`)
		for _, a := range assets {
			data, err := os.ReadFile(a)
			if err != nil {
				t.Fatal(err)
			}
			if loc := named.FindIndex(data); loc != nil {
				t.Errorf("%s names the game %s (%q): let the game's drawing say it", a, d.Name(), data[loc[0]:loc[1]])
			}
		}
	}
}

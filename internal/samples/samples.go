// Package samples gives tests outside the games' packages the reference
// positions of games/cavalo/testdata and games/dots/testdata (the shared
// positions with known perft counts). A game's own tests read them with
// gametest.LoadPosition.
package samples

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// Names returns the names of Cavalo's reference positions.
func Names() []string {
	return []string{"s1_p0", "s1_p9", "s2_p0", "s2_p9", "s3_p0", "s3_p9"}
}

// Path returns the path of the reference position file of game ("cavalo",
// "dots") called file, e.g. "s1_p9.json", from wherever the test runs.
func Path(game, file string) string {
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		panic("samples: cannot locate the module's games directory")
	}
	return filepath.Join(filepath.Dir(self), "..", "..", "games", game, "testdata", file)
}

// Load reads Cavalo's reference position called name (one of Names), a
// *cavalo.Position, found through the table of games.
func Load(tb testing.TB, name string) referee.State {
	tb.Helper()
	data, err := os.ReadFile(Path("cavalo", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := games.Lookup("cavalo")
	if err != nil {
		tb.Fatal(err)
	}
	st, err := g.Decode(data)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return st
}

// Package samples gives tests outside referee the reference positions of
// games/cavalo/testdata (the shared positions with known perft counts).
package samples

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
)

// Names returns the names of the reference positions.
func Names() []string {
	return []string{"s1_p0", "s1_p9", "s2_p0", "s2_p9", "s3_p0", "s3_p9"}
}

// Load reads the reference position called name.
func Load(tb testing.TB, name string) cavalo.Position {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("samples: cannot locate games/cavalo/testdata")
	}
	data, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "..", "games", "cavalo", "testdata", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	c, err := cavalo.Decode(data)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return c
}

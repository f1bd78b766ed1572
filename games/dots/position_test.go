package dots

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/referee/gametest"
)

// TestSamplesRoundTrip checks that every shared sample decodes, encodes
// back to the same position, and carries scores that add up.
func TestSamplesRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("testdata/*.json: %d files, %v", len(files), err)
	}
	for _, file := range files {
		p := load(t, filepath.Base(file))
		enc, err := p.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(enc)
		if err != nil || back != p {
			t.Errorf("%s: Decode(Encode()) = %v, %v; want the same position", file, back.String(), err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"game":"dots","rows":2,"cols":2,"horizontal":[[1,1],[2,2],[1,1]],"vertical":[[1,2],[2,1],[2,2]],"scores":[1,3],"to_move":2}`))
	f.Add([]byte(`{"game":"dots"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := gametest.CheckPositionFile(Game{}, data); err != nil {
			t.Error(err)
		}
	})
}

package dots

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
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
		p, err := Decode(data)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "position: ") {
				t.Errorf("Decode(%q): got error %q, want it to start with \"position: \"", data, msg)
			}
			return
		}
		enc, err := p.Encode()
		if err != nil {
			t.Fatalf("Encode: %v", err)
		}
		back, err := Decode(enc)
		if err != nil {
			t.Fatalf("Decode(Encode(Decode(%q))): %v", data, err)
		}
		if back != p {
			t.Errorf("round trip of %q:\ngot  %s\nwant %s", data, back.String(), p.String())
		}
		// Whatever the file, the position must be playable without panics.
		var buf [referee.MaxMoves]referee.Move
		for moves := p.Moves(buf[:0]); len(moves) > 0; moves = p.Moves(buf[:0]) {
			p.Play(moves[0])
		}
		_ = p.String()
	})
}

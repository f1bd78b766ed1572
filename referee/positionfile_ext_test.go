package referee_test

import (
	"testing"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

func TestDecodeState(t *testing.T) {
	st := cavalo.Game{}.New(7)
	data, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := referee.DecodeState(cavalo.Decode, data)
	if p, ok := got.(*cavalo.Position); err != nil || !ok || p.Diff(st) != "" {
		t.Errorf("DecodeState of board 7 = %v, %v; want board 7", got, err)
	}
	// A file that does not read is an error and no State at all, not a
	// nil *Position.
	if got, err := referee.DecodeState(cavalo.Decode, []byte("{")); err == nil || got != nil {
		t.Errorf("DecodeState of a broken file = %#v, %v; want nil and an error", got, err)
	}
}

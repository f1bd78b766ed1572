package referee

import (
	"strings"
	"testing"
)

func TestDecodeGameFile(t *testing.T) {
	type file struct {
		GameName string `json:"game"`
		Ply      int    `json:"ply"`
	}
	for _, tc := range []struct{ data, err string }{
		{`{"game": "g", "ply": 3}`, ""},
		{`{"game": "h", "ply": 3}`, `position: game is "h", want "g"`},
		{`{"ply": 3}`, `position: game is "", want "g"`},
		{`{"game": "g", "size": 3}`, `unknown field "size"`},
	} {
		var f file
		err := DecodeGameFile([]byte(tc.data), "g", &f, &f.GameName)
		if tc.err == "" && (err != nil || f.Ply != 3) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("DecodeGameFile(%s) = %+v, %v; want error %q", tc.data, f, err, tc.err)
		}
	}
}

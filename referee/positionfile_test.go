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
	for _, tc := range []struct {
		data     string
		optional bool
		err      string
	}{
		{`{"game": "g", "ply": 3}`, false, ""},
		{`{"game": "h", "ply": 3}`, false, `position: game is "h", want "g"`},
		{`{"ply": 3}`, false, `position: game is "", want "g"`},
		{`{"game": "g", "size": 3}`, false, `unknown field "size"`},
		{`{"game": "g", "ply": 3}`, true, ""},
		{`{"game": "h", "ply": 3}`, true, `position: game is "h", want "g"`},
		{`{"ply": 3}`, true, ""},
	} {
		var f file
		decode, name := DecodeGameFile, "DecodeGameFile"
		if tc.optional {
			decode, name = DecodeOptionalGameFile, "DecodeOptionalGameFile"
		}
		err := decode([]byte(tc.data), "g", &f, &f.GameName)
		if tc.err == "" && (err != nil || f.Ply != 3) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s(%s) = %+v, %v; want error %q", name, tc.data, f, err, tc.err)
		}
	}
}

package inert

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a":"plain é 日本"}`, `{"a":"plain é 日本"}`},
		{"{\"a\":\"x\u202e0-2\u0085\x7f\"}", `{"a":"x\u202e0-2\u0085\u007f"}`},
		{`{"a":"\u001b[2J\r"}`, `{"a":"\u001b[2J\r"}`}, // as encoding/json wrote it
	}
	for _, tt := range tests {
		if got := JSON([]byte(tt.in)); string(got) != tt.want {
			t.Errorf("JSON(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
	plain := []byte(`{"a":"plain"}`)
	if got := JSON(plain); &got[0] != &plain[0] {
		t.Errorf("JSON copied a document with nothing to escape")
	}
}

// FuzzJSON checks that a string encoded by encoding/json, then passed
// through JSON, decodes to the same string and holds nothing Text escapes.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{"", "E5", "\x1b[2J\rprobe wins 2-0\n", "\u202e\u009b\x7f", "\xff\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enc, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		got := JSON(bytes.Clone(enc))
		var a, b string
		if err := json.Unmarshal(enc, &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got, &b); err != nil {
			t.Fatalf("JSON(%s) = %s does not decode: %v", enc, got, err)
		}
		if a != b {
			t.Errorf("JSON(%s) = %s decodes to %q, want %q", enc, got, b, a)
		}
		if i := firstUnsafe(string(got), true); i >= 0 {
			t.Errorf("JSON(%s) = %s keeps an unsafe byte at %d", enc, got, i)
		}
	})
}

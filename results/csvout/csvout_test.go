package csvout

import (
	"bytes"
	"encoding/csv"
	"testing"
)

func TestCell(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"P13 ana/rui", "P13 ana/rui"},
		{`=HYPERLINK("http://x","click")`, `'=HYPERLINK("http://x","click")`},
		{"@SUM(1+9)*cmd|x!A0", "'@SUM(1+9)*cmd|x!A0"},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"\t=1+1", "'\t=1+1"},
		{"\r=1+1", "'\r=1+1"},
		{"-", "'-"},
		{"-3", "-3"},
		{"+0.5", "'+0.5"},
		{"+1", "'+1"},
		{"--3", "'--3"},
		{"-12.25", "-12.25"},
		{"-1e5", "-1e5"},
		{"-1e", "'-1e"},
		{"-Inf", "'-Inf"},
		{"-0x1p3", "'-0x1p3"},
		{"a=b", "a=b"},
	} {
		if got := Cell(tc.in); got != tc.want {
			t.Errorf("Cell(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWriter writes records and reads them back: every cell as Cell
// returns it, the header too.
func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	in := [][]string{{"bot", "=1+1"}, {"@x", "-3"}}
	if err := w.WriteAll(in); err != nil {
		t.Fatal(err)
	}
	got, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"bot", "'=1+1"}, {"'@x", "-3"}}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("cell %d,%d = %q, want %q", i, j, got[i][j], want[i][j])
			}
		}
	}
}

package referee

import "testing"

func TestSplitLoadLog(t *testing.T) {
	for _, tc := range []struct{ log, load, rest string }{
		{"before\n" + MarkLoadLog("; STYLE-WARNING: x") + "after\n", "; STYLE-WARNING: x\n", "before\nafter\n"},
		{MarkLoadLog("a\nb"), "a\nb\n", ""},
		{loadBegin + "cut off", "cut off", ""},
		{"no marks\n", "", "no marks\n"},
		{"not at a line's start: " + loadBegin, "", "not at a line's start: " + loadBegin},
		{MarkLoadLog(""), "", ""},
	} {
		load, rest := SplitLoadLog(tc.log)
		if load != tc.load || rest != tc.rest {
			t.Errorf("SplitLoadLog(%q) = %q, %q; want %q, %q", tc.log, load, rest, tc.load, tc.rest)
		}
	}
}

package sexp

import (
	"reflect"
	"testing"
)

func TestMoveCandidates(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		pair bool
	}{
		{`"A1-B1"`, []string{`"A1-B1"`}, false},
		{`((2 3) (board))`, []string{`((2 3) (BOARD))`, `(2 3)`}, false},
		{`(2 3)`, []string{`(2 3)`, `2`}, true},
		{`()`, []string{`NIL`}, false},
		{`(2 x)`, []string{`(2 X)`, `2`}, false},
	} {
		x, err := Parse([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range MoveCandidates(x) {
			got = append(got, c.String())
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("MoveCandidates(%s) = %q, want %q", tc.in, got, tc.want)
		}
		if IsPair(x) != tc.pair {
			t.Errorf("IsPair(%s) = %v, want %v", tc.in, !tc.pair, tc.pair)
		}
	}
}

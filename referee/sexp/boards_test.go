package sexp

import "testing"

func TestIsGridAndShape(t *testing.T) {
	isBoard := func(x Value) bool { return IsGrid(x, 2, 3, IsInt) }
	for _, tc := range []struct {
		text  string
		board bool   // IsGrid(x, 2, 3, IsInt)
		any   bool   // IsGrid(x, 2, 3, nil)
		shape string // Shape(x, isBoard, "board 2×3")
	}{
		{"((1 2 3) (4 5 6))", true, true, "(board 2×3)"},
		{"((1 2 3) (4 NIL 6))", false, true, "(2 lists of 3)"},
		{"((1 2 3) (4 5))", false, false, "((1 2 3) (4 5))"},
		{"((1 2 3) (4 5 6) (7 8 9))", false, false, "(3 lists of 3)"},
		{"(((1 2 3) (4 5 6)) 7 8)", false, false, "((board 2×3) 7 8)"},
		{"B2-3", false, false, "B2-3"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			x, err := Parse([]byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			if got := IsGrid(x, 2, 3, IsInt); got != tc.board {
				t.Errorf("IsGrid(ints) = %v, want %v", got, tc.board)
			}
			if got := IsGrid(x, 2, 3, nil); got != tc.any {
				t.Errorf("IsGrid(any) = %v, want %v", got, tc.any)
			}
			if got := Shape(x, isBoard, "board 2×3"); got != tc.shape {
				t.Errorf("Shape = %q, want %q", got, tc.shape)
			}
		})
	}
}

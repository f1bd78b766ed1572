package lisp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// TestReadStats checks which answers carry search statistics, and how
// their numbers are read.
func TestReadStats(t *testing.T) {
	row := "(" + strings.Repeat("0 ", 10) + ")"
	board := "(" + strings.Repeat(row, 10) + ")"
	tests := []struct {
		name, answer string
		want         referee.Stats
	}{
		{"(state depth value time nodes cuts)", "((" + board + " (10 20)) 4 -12 950 3000 41)", referee.Stats{Depth: 4, Eval: -12, Nodes: 3000, Cuts: 41}},
		{"(state depth value time expanded generated cuts)", "((" + board + " 2 10 20) 3 -5 950 2000 5000 7)", referee.Stats{Depth: 3, Eval: -5, Nodes: 5000, Cuts: 7}},
		{"(state depth value time nodes)", "((" + board + ") 2 8 100 77)", referee.Stats{Depth: 2, Eval: 8, Nodes: 77}},
		{"(state depth value)", "((" + board + ") 5 1)", referee.Stats{Depth: 5, Eval: 1}},
		{"(board depth value time nodes cuts)", "(" + board[1:len(board)-1] + ")", referee.Stats{}}, // a board alone
		{"(board depth value time nodes cuts), board first", "(" + board + " 6 3 900 100 9)", referee.Stats{Depth: 6, Eval: 3, Nodes: 100, Cuts: 9}},
		{"a state (board player white black)", "(" + board + " 2 196 95)", referee.Stats{}},
		{"(move new-state)", "((7 6) (" + board + " 1 0 0))", referee.Stats{}},
		{"a symbol among the numbers", "((" + board + ") 4 -12 TEMPO 3000 41)", referee.Stats{}},
		{"no board in the state", "((1 2) 4 -12 950 3000 41)", referee.Stats{}},
		{"a negative depth", "((" + board + ") -1 5 9 9 9)", referee.Stats{}},
		{"negative nodes", "((" + board + ") 1 5 9 -9 9)", referee.Stats{}},
		{"too many numbers", "((" + board + ") 1 2 3 4 5 6 7)", referee.Stats{}},
		{"an atom", "42", referee.Stats{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, err := sexp.Parse([]byte(tc.answer))
			if err != nil {
				t.Fatal(err)
			}
			if got := readStats(x, new(cavalo.Position).IsLispBoard); fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("readStats(%s) = %+v, want %+v", tc.name, got, tc.want)
			}
		})
	}
}

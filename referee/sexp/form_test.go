package sexp

import (
	"slices"
	"testing"
)

func TestSettings(t *testing.T) {
	c := DefaultConventions
	c.Perspective, c.IndexBase = PerspectiveWhite, 1
	got := c.Settings("state", "side", "perspective", "knights", "index_base")
	want := []Setting{
		{"state", "board-player-scores", true},
		{"side", "number", true},
		{"perspective", "white", false},
		{"knights", "-1/-2", true},
		{"index_base", "1", false},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Settings = %v, want %v", got, want)
	}
	if got := c.Settings("index_base", "state"); !slices.Equal(got, []Setting{want[4], want[0]}) {
		t.Errorf("Settings(index_base, state) = %v, want them in that order", got)
	}
}

func TestEachPerspective(t *testing.T) {
	got := EachPerspective(Conventions{State: StateBoard, IndexBase: 1}, Conventions{State: StateBoardScores})
	want := []Conventions{
		{State: StateBoard, Perspective: PerspectiveAbsolute, IndexBase: 1},
		{State: StateBoard, Perspective: PerspectiveWhite, IndexBase: 1},
		{State: StateBoardScores, Perspective: PerspectiveAbsolute},
		{State: StateBoardScores, Perspective: PerspectiveWhite},
	}
	if !slices.Equal(got, want) {
		t.Errorf("EachPerspective = %v, want %v", got, want)
	}
}

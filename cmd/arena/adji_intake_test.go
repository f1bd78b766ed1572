package main

import "testing"

// TestIntakeThenRunAdji is TestIntakeThenRun on Adji-boto's samples: arena
// intake finds the game from the sources, writes a league of the two
// working bots (the two others listed as not eligible, with the reason),
// and arena run plays it: whole games, from seeded openings.
func TestIntakeThenRunAdji(t *testing.T) {
	t.Parallel()
	playIntake(t, lispExamples(t), "adji")
}

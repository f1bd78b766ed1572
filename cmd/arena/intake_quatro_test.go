package main

import "testing"

// TestIntakeThenRunQuatro is TestIntakeThenRun for the Jogo do Quatro
// samples (games/quatro): intake finds the game, the two working
// submissions play a league of whole games with its opening_plies, the two
// others are listed with their reasons.
func TestIntakeThenRunQuatro(t *testing.T) {
	t.Parallel()
	playIntake(t, lispExamples(t), "quatro")
}

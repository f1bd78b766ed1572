package main

import "testing"

// TestIntakeThenRunSolitario is TestIntakeThenRun on a class of Solitário
// 2 (2025/26): zips named P2_nome1_numero1_nome2_numero2, where P2 is the
// project's number. `arena intake` finds the game, names each group by
// its students' numbers, takes in the two working groups, lists the jogar
// of three arguments and the stub that answers NIL with the reason, and
// the league it wrote (seeded openings) is played for real.
func TestIntakeThenRunSolitario(t *testing.T) {
	t.Parallel()
	playIntake(t, lispExamples(t), "solitario")
}

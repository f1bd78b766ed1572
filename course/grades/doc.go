// Package grades is `arena grades`: the championship's grades, one row per
// submission of a class, from a league's results directory and the
// intake.json that `arena intake` wrote (docs/grading.md). Each row joins
// what intake found (the group, its students, eligible or not and why, the
// similarity flags) to what the league played (rank, points, the tie-break
// that decided, games, faults by kind, median think time against the
// tempo) and gives the bonus by the league's grading: rule, with the bands
// a reference gauntlet earns.
//
// grades reads results directories through arena and results; it must not
// import cmd or web, and it plays no game.
package grades

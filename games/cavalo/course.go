package cavalo

import "github.com/arenabots/arena/referee"

// CourseValue returns the evaluation a course project of Jogo do Cavalo
// uses, for the side to move: the score difference plus the points each
// side could take with its next jump. It is what the classic built-in bot
// plays by (bots/builtin's CoursePosition).
func (c *Position) CourseValue() int {
	s := c.toMove
	return int(c.score[s.Index()]-c.score[1-s.Index()]) + c.reach(s) - c.reach(s.Other())
}

// reach is the sum of the numbers side's placed knight could jump to now.
func (c *Position) reach(side referee.Side) int {
	if c.knight[side.Index()] < 0 {
		return 0
	}
	sum := 0
	for t := c.targets(side); !t.Empty(); {
		sum += int(c.cell[t.Pop()])
	}
	return sum
}

// CourseWords returns pieces of the names of the functions the course's
// statement of Jogo do Cavalo asks for: how intake recognises a submission written for
// it (course/intake's Course).
func (Game) CourseWords() []string {
	return []string{"CAVALO", "KNIGHT", "SIMETRIC", "DUPLO", "BARALHAR"}
}

// CourseTitle returns the game's name as a course's championship is titled
// with it (course/intake's Course).
func (Game) CourseTitle() string { return "Jogo do Cavalo" }

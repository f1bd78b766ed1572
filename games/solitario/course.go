package solitario

// CourseValue returns the evaluation a course project of Solitário 2
// uses, for the side to move: 10 per peg of capture difference, plus the
// steps by which its most advanced peg is closer to the opponent's start
// holes than the opponent's most advanced peg is to its own. It is what
// the classic built-in bot plays by (bots/builtin's CoursePosition).
func (p *Position) CourseValue() int {
	me := p.toMove.Index()
	v := 10 * int(p.captures[me]-p.captures[1-me])
	bestMe, _ := race(p.pegs[me], me)
	bestOpp, _ := race(p.pegs[1-me], 1-me)
	if bestMe < 99 && bestOpp < 99 {
		v += int(bestOpp - bestMe)
	}
	return v
}

// CourseWords returns pieces of the names of the functions the course's
// statement of Solitário 2 asks for (the game, its jumps and its
// operators): how intake recognises a submission written for it
// (course/intake's Course). Pegs (PECA) and captures are left out: Quatro
// has pieces and Adji-boto captures.
func (Game) CourseWords() []string {
	return []string{"SOLITARIO", "SALT", "CIMA", "BAIXO", "ESQUERDA", "DIREITA"}
}

// CourseTitle returns the game's name as a course's championship is titled
// with it (course/intake's Course).
func (Game) CourseTitle() string { return "Solitário 2" }

// CourseOptions returns the game_options of the leagues intake writes for
// Solitário 2 (course/intake's GameSettings): each round starts from the
// fixed start with 4 random plies from its seed, so that deterministic
// bots do not replay one game every round.
func (Game) CourseOptions() map[string]int {
	return map[string]int{"opening_plies": 4}
}

// OpeningOption returns the option that varies each round's start, as a
// league file sets it (referee.Opener).
func (Game) OpeningOption() string { return "opening_plies: 4" }

package dots

// CourseValue returns the evaluation a course project of Dots and Boxes
// uses, for the side to move: 10 per box of score difference, and 5 per box
// of three sides, which it can take (the course's "−5 per box left with
// three sides", seen from the side that left them). It is what the classic
// built-in bot plays by (bots/builtin's CoursePosition).
func (p *Position) CourseValue() int {
	s := p.ToMove().Index()
	sc := p.Scores()
	three := 0
	for b := range int(p.rows) * int(p.cols) {
		if p.sides(b) == 3 {
			three++
		}
	}
	return 10*(sc[s]-sc[1-s]) + 5*three
}

// CourseWords returns pieces of the names of the functions the course's
// statement of Dots and Boxes asks for: how intake recognises a submission written for
// it (course/intake's Course).
func (Game) CourseWords() []string {
	return []string{"ARCO", "CAIXA", "HORIZONTA", "VERTICA", "LADOS", "FECHA"}
}

// CourseTitle returns the game's name as a course's championship is titled
// with it (course/intake's Course).
func (Game) CourseTitle() string { return "Dots and Boxes" }

// CourseOptions returns the game_options of the leagues intake writes
// for Dots and Boxes (course/intake's GameSettings): each round starts
// from a board with 6 arcs drawn from its seed, so that deterministic bots
// do not replay one game every round.
func (Game) CourseOptions() map[string]int { return map[string]int{"opening_arcs": 6} }

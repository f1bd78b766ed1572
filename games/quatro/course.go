package quatro

// CourseWords returns pieces of the names of the functions the course's
// projects of Jogo do Quatro define (the reserve, the pieces' attributes,
// the game's name): how intake recognises a submission written for it
// (course/intake's Course). PECA and LINHA are left out: other games'
// projects name their pieces and rows so too.
func (Game) CourseWords() []string {
	return []string{"RESERVA", "ATRIBUTO", "QUATRO", "CARACTERISTICA"}
}

// CourseTitle returns the game's name as a course's championship is titled
// with it (course/intake's Course).
func (Game) CourseTitle() string { return "Jogo do Quatro" }

// CourseOptions returns the game_options of the leagues intake writes for
// Jogo do Quatro (course/intake's GameSettings): two opening plies from
// each round's seed, so that deterministic bots do not replay one game
// every round from the fixed empty board.
func (Game) CourseOptions() map[string]int { return map[string]int{"opening_plies": 2} }

// OpeningOption returns the option that varies each round's start, as a
// league file sets it (referee.Opener).
func (Game) OpeningOption() string { return "opening_plies: 2" }

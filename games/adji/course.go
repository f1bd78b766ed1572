package adji

// CourseWords returns pieces of the names of the functions the course's
// projects of Adji-boto define (sowing, seeds, holes, captures, the
// game's name): how intake recognises a submission written for it
// (course/intake's Course). Rows and boards (LINHA, TABULEIRO) are left
// out: every game's projects name theirs so.
func (Game) CourseWords() []string {
	return []string{"SEMEA", "SEMENTE", "CAVIDADE", "BURACO", "CAPTURA", "ADJI"}
}

// CourseTitle returns the game's name as a course's championship is titled
// with it (course/intake's Course).
func (Game) CourseTitle() string { return "Adji-boto" }

// CourseOpeningPlies is the opening_plies of the leagues intake writes for
// Adji-boto: the start is fixed, so each round starts from the board 4
// random plies from its seed give, and deterministic bots do not replay
// one game every round.
const CourseOpeningPlies = 4

// CourseOptions returns the game_options of the leagues intake writes for
// Adji-boto (course/intake's GameSettings): opening_plies
// CourseOpeningPlies, the rules' defaults otherwise.
func (Game) CourseOptions() map[string]int {
	return map[string]int{"opening_plies": CourseOpeningPlies}
}

// OpeningOption returns the option that varies each round's start, as a
// league file sets it (referee.Opener).
func (Game) OpeningOption() string { return "opening_plies: 4" }

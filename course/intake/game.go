package intake

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// Course is implemented by the games (their referee.Game) that a class's
// course projects are written for: what intake knows of the game's course.
// A game's package implements it without importing intake.
type Course interface {
	referee.Game
	// CourseWords MUST return pieces of the names of the functions the
	// game's course statement asks for (its board's parts and rules), in
	// upper case: a submission that defines or calls functions whose names
	// hold them is written for the game. They should be words no other
	// game's statement uses.
	CourseWords() []string
	// CourseTitle MUST return the game's name as a course's championship
	// is titled with it, e.g. "Jogo do Cavalo".
	CourseTitle() string
}

// gameWords returns the CourseWords of each game of the table that has a
// course, by name.
func gameWords() map[string][]string {
	words := map[string][]string{}
	for _, name := range games.Names() {
		if g, err := games.Lookup(name); err == nil {
			if c, ok := g.(Course); ok {
				words[name] = c.CourseWords()
			}
		}
	}
	return words
}

// Detected is what the sources of a class say of its game.
type Detected struct {
	// Game is the game most submissions are written for, "" when the
	// sources do not say.
	Game string
	// Votes are how many submissions point to Game, of Of that point to
	// any game; Words are the pieces of function names found for it.
	Votes, Of int
	Words     []string
}

// String says what was found, e.g. "4 of 5 submissions define or call
// functions of dots (ARCO, CAIXA)".
func (d Detected) String() string {
	if d.Game == "" {
		return "the sources name no game's functions"
	}
	return fmt.Sprintf("%d of %d submissions define or call functions of %s (%s)", d.Votes, d.Of, d.Game, strings.Join(d.Words, ", "))
}

// DetectGame reads the Lisp sources of subs, without running them, and
// says which game they are written for: the game whose statement's
// functions (gameWords) at least two thirds of the submissions that name
// any define or call more than the other's.
func DetectGame(subs []Submission) Detected {
	gameWords := gameWords()
	votes := map[string]int{}
	words := map[string]map[string]bool{}
	of := 0
	for _, s := range subs {
		if s.Problem != "" {
			continue
		}
		files, err := scanTree(s.Root)
		if err != nil {
			continue
		}
		count := map[string]int{}
		for _, f := range files {
			names := make([]string, 0, len(f.defines))
			for name := range f.defines {
				names = append(names, name)
			}
			for _, called := range f.uses {
				names = append(names, called...)
			}
			for _, name := range names {
				name = strings.ToUpper(name)
				for game, ws := range gameWords {
					for _, w := range ws {
						if strings.Contains(name, w) {
							count[game]++
							if words[game] == nil {
								words[game] = map[string]bool{}
							}
							words[game][w] = true
						}
					}
				}
			}
		}
		best, n, tie := "", 0, false
		for game, c := range count {
			switch {
			case c > n:
				best, n, tie = game, c, false
			case c == n:
				tie = true
			}
		}
		if n > 0 {
			of++
			if !tie {
				votes[best]++
			}
		}
	}
	var d Detected
	for game, v := range votes {
		if 3*v >= 2*of && v > d.Votes {
			d = Detected{Game: game, Votes: v, Of: of}
		}
	}
	for w := range words[d.Game] {
		d.Words = append(d.Words, w)
	}
	slices.Sort(d.Words)
	return d
}

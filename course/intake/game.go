package intake

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

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

// course is what DetectGame knows of a game's course: its words (see
// Course), and its title, folded (see foldWords), which a submission's
// comments or strings may name it by.
type course struct {
	words []string
	title string
}

// courses returns the course of each game of the table that has one, by
// name.
func courses() map[string]course {
	out := map[string]course{}
	for _, name := range games.Names() {
		g, err := games.Lookup(name)
		if err != nil {
			continue
		}
		if c, ok := g.(Course); ok {
			out[name] = course{words: c.CourseWords(), title: foldWords(c.CourseTitle())}
		}
	}
	return out
}

// Detected is what the sources of a class say of its game.
type Detected struct {
	// GameName is the game the class is written for, "" when the sources
	// do not say.
	GameName string
	// Votes are how many submissions use more of Game's words than of any
	// other game's, of Of, every submission read (those that use no
	// game's words too); Words are the words of Game found in the class.
	Votes, Of int
	Words     []string
	// Others are the other games whose words the class uses, the most
	// used first, each with the submissions that use them.
	Others []Mention
}

// Mention is a game whose words some submissions of a class use.
type Mention struct {
	GameName    string
	Submissions int
	Words       []string
}

// String says what was found, e.g. "4 of 5 submissions use the words of
// the statement of dots most (ARCO, CAIXA); 1 uses words of cavalo
// (CAVALO)".
func (d Detected) String() string {
	if d.GameName == "" {
		return fmt.Sprintf("none of %d submissions uses the words of a game's statement", d.Of)
	}
	s := fmt.Sprintf("%d of %d submissions use the words of the statement of %s most (%s)", d.Votes, d.Of, d.GameName, strings.Join(d.Words, ", "))
	for _, m := range d.Others {
		verb := "use"
		if m.Submissions == 1 {
			verb = "uses"
		}
		s += fmt.Sprintf("; %d %s words of %s (%s)", m.Submissions, verb, m.GameName, strings.Join(m.Words, ", "))
	}
	return s
}

// DetectGame reads the Lisp sources of subs, without running them, and
// says which game they are written for. Every submission read counts,
// with a weight for each game: the fraction of the words of the game's
// statement (Course) that the names its code writes hold (the functions
// it defines or calls, the symbols it quotes, its files' names), or 1
// when its comments or strings name the game by its title ("Solitário 2",
// accents aside); the class's game is the one whose weights, summed over
// the class, are highest. A helper whose name holds another
// game's word (e-captura-p in a Solitário 2 project) is one word of one
// submission against the words of the whole class.
func DetectGame(subs []Submission) Detected {
	courses := courses()
	weight := map[string]float64{}
	votes := map[string]int{}
	uses := map[string]int{}
	found := map[string]map[string]bool{}
	var d Detected
	for _, s := range subs {
		if s.Problem != "" {
			continue
		}
		text, err := readSource(s.Root)
		if err != nil {
			continue
		}
		d.Of++
		best, top, tie := "", 0.0, false
		for game, c := range courses {
			if found[game] == nil {
				found[game] = map[string]bool{}
			}
			n := 0
			for _, w := range c.words {
				if strings.Contains(text.code, w) {
					n++
					found[game][w] = true
				}
			}
			f := float64(n) / float64(len(c.words))
			if strings.Contains(text.prose, c.title) {
				f = 1 // its comments name the game
				found[game][strings.TrimSpace(c.title)] = true
			}
			if f == 0 {
				continue
			}
			uses[game]++
			weight[game] += f
			switch {
			case f > top:
				best, top, tie = game, f, false
			case f == top:
				tie = true
			}
		}
		if best != "" && !tie {
			votes[best]++
		}
	}
	top, tie := 0.0, false
	for _, game := range slices.Sorted(maps.Keys(weight)) {
		switch w := weight[game]; {
		case w > top:
			d.GameName, top, tie = game, w, false
		case w == top:
			tie = true
		}
	}
	if tie {
		d.GameName = ""
	}
	if d.GameName == "" {
		return d
	}
	d.Votes, d.Words = votes[d.GameName], slices.Sorted(maps.Keys(found[d.GameName]))
	for _, game := range slices.Sorted(maps.Keys(uses)) {
		if game != d.GameName {
			d.Others = append(d.Others, Mention{GameName: game, Submissions: uses[game], Words: slices.Sorted(maps.Keys(found[game]))})
		}
	}
	slices.SortStableFunc(d.Others, func(a, b Mention) int { return b.Submissions - a.Submissions })
	return d
}

// DetectLispGame is DetectGame for the Lisp bot of words, as ParseBot
// takes them (`arena bot check --lisp`, lisp:...): the submission is its
// folder, its root=, or the folder of its files; an archive is not read.
func DetectLispGame(words []string) Detected {
	var subs []Submission
	for _, w := range words {
		key, path, ok := strings.Cut(w, "=")
		if !ok {
			key, path = "file", w
		}
		if key != "file" && key != "root" {
			continue
		}
		fi, err := os.Stat(path)
		switch {
		case err != nil:
			continue
		case !fi.IsDir() && isSource(path):
			path = filepath.Dir(path)
		case !fi.IsDir():
			continue
		}
		if !slices.ContainsFunc(subs, func(s Submission) bool { return s.Root == path }) {
			subs = append(subs, Submission{Group: filepath.Base(path), Root: path})
		}
	}
	return DetectGame(subs)
}

// sourceText is the text of a submission's Lisp files that DetectGame
// reads, folded (see foldWords): code holds the names its code writes
// (outside comments and strings) and its files' names; prose its comments
// and strings.
type sourceText struct{ code, prose string }

// readSource reads the Lisp files under root (see SourceFiles).
func readSource(root string) (sourceText, error) {
	paths, err := SourceFiles(root)
	if err != nil {
		return sourceText{}, err
	}
	var code, prose strings.Builder
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return sourceText{}, fmt.Errorf("reading %s: %w", path, err)
		}
		code.WriteString(filepath.Base(path) + " ")
		splitProse(string(data), &code, &prose)
	}
	return sourceText{foldWords(code.String()), foldWords(prose.String())}, nil
}

// splitProse writes the code of the Lisp text src to code, and its
// comments (; to the end of the line, #| |#) and strings to prose, a space
// between the pieces.
func splitProse(src string, code, prose *strings.Builder) {
	for i := 0; i < len(src); {
		var end int
		switch {
		case src[i] == ';':
			end = strings.IndexByte(src[i:], '\n')
		case strings.HasPrefix(src[i:], "#|"):
			if end = strings.Index(src[i:], "|#"); end >= 0 {
				end += 2
			}
		case src[i] == '"':
			end = 1
			for end < len(src)-i && src[i+end] != '"' {
				if src[i+end] == '\\' {
					end++
				}
				end++
			}
			end = min(end+1, len(src)-i)
		case strings.HasPrefix(src[i:], "#\\"): // a character: #\; is code
			code.WriteString(src[i:min(i+3, len(src))])
			i += 3
			continue
		default:
			next := strings.IndexAny(src[i:], ";\"#")
			if next == 0 {
				next = 1
			}
			if next < 0 {
				next = len(src) - i
			}
			code.WriteString(src[i : i+next])
			i += next
			continue
		}
		if end < 0 {
			end = len(src) - i
		}
		prose.WriteString(src[i:i+end] + " ")
		code.WriteByte(' ')
		i += end
	}
}

// foldWords returns s in upper case, its accented letters without their
// accents ("Solitário" is SOLITARIO), every run of characters other than
// letters and digits one space, with a space at each end.
func foldWords(s string) string {
	s = unaccent.Replace(s)
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(' ')
	space := true
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToUpper(r))
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	if !space {
		b.WriteByte(' ')
	}
	return b.String()
}

// unaccent drops the accents of Portuguese's letters.
var unaccent = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ã", "a", "é", "e", "ê", "e", "í", "i", "ó", "o", "ô", "o", "õ", "o", "ú", "u", "ü", "u", "ç", "c",
	"Á", "A", "À", "A", "Â", "A", "Ã", "A", "É", "E", "Ê", "E", "Í", "I", "Ó", "O", "Ô", "O", "Õ", "O", "Ú", "U", "Ü", "U", "Ç", "C")

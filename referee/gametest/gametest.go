// Package gametest checks that an implementation of referee.Game keeps the
// contract of the Game and State interfaces, as testing/fstest checks an
// fs.FS: a game's own tests call TestGame, and so can a command that vets a
// game before a league.
//
// gametest imports only referee and the standard library, and runs no
// processes: it plays games in memory.
package gametest

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

// maxPlies bounds a playout: a game not over after maxPlies plies is
// reported as endless.
const maxPlies = 10_000

// playoutsPerSeed is the number of random games TestGame plays from each seed.
const playoutsPerSeed = 3

// drawEvery is how often a playout checks the drawing of a state that is
// a referee.Drawer: every drawEvery plies, and at the end.
const drawEvery = 20

// One bug tends to repeat at every ply: a playout is abandoned after
// maxPlayoutErrors problems, and the whole check after maxErrors.
const (
	maxPlayoutErrors = 5
	maxErrors        = 30
)

// TestGame checks g on the initial states of seeds and on random but
// deterministic playouts from them, and returns every problem found, joined
// with errors.Join, or nil. It checks that:
//   - New(seed) is deterministic and starts at ply 0;
//   - Clone is independent of the original, both ways, and plays alike;
//   - the methods other than Play leave the state as it was;
//   - every legal move survives FormatMove then ParseMove and is Legal,
//     and Moves lists no move twice;
//   - Encode then Decode gives a state with the same Moves, Scores,
//     ToMove and Terminal;
//   - Terminal() == (len(Moves) == 0);
//   - Moves returns Pass only alone, only when the opponent then has a real
//     move, and a pass hands the turn over;
//   - scores never decrease, Ply counts the moves, and games end within
//     maxPlies plies;
//   - Samples gives the same named positions of the game on every call,
//     each with a move to play;
//   - a state that is a referee.Drawer draws well-formed SVG whose
//     data-target attributes are unique and name the Target of every
//     legal move but a pass (checked every few plies);
//   - Decode rejects what is not a position, and nothing panics.
func TestGame(g referee.Game, seeds []uint64) error {
	c := &checker{g: g, where: fmt.Sprintf("gametest: %q", g.Name())}
	if g.Name() == "" {
		c.errorf("Name() is empty")
	}
	c.guard(c.checkDecodeRejects)
	for _, seed := range seeds {
		if len(c.errs) >= maxErrors {
			c.errs = append(c.errs, fmt.Errorf("gametest: %q: too many problems, stopping", g.Name()))
			break
		}
		c.where = fmt.Sprintf("gametest: %q seed %d", g.Name(), seed)
		c.guard(func() { c.checkNew(seed) })
		c.guard(func() { c.checkSamples(seed) })
		for p := range playoutsPerSeed {
			c.where = fmt.Sprintf("gametest: %q seed %d playout %d", g.Name(), seed, p)
			c.n = 0
			c.guard(func() { c.playout(seed, uint64(p)) })
		}
	}
	return errors.Join(c.errs...)
}

// checker collects problems, each prefixed with where it was found.
type checker struct {
	g     referee.Game
	where string
	errs  []error
	n     int // problems in the current playout
}

func (c *checker) errorf(format string, args ...any) {
	c.n++
	c.errs = append(c.errs, fmt.Errorf("%s: %s", c.where, fmt.Sprintf(format, args...)))
}

// tooMany reports whether the current playout has had enough problems.
func (c *checker) tooMany() bool {
	if c.n >= maxPlayoutErrors {
		c.errorf("too many problems, giving up on this playout")
		return true
	}
	return false
}

// guard runs f and reports a panic in it as a problem.
func (c *checker) guard(f func()) {
	defer func() {
		if r := recover(); r != nil {
			c.errorf("panic: %v", r)
		}
	}()
	f()
}

func (c *checker) checkDecodeRejects() {
	for _, data := range []string{"", "{", "not a position", "[]"} {
		if _, err := c.g.Decode([]byte(data)); err == nil {
			c.errorf("Decode(%q) returned no error", data)
		}
	}
}

func (c *checker) checkNew(seed uint64) {
	a, b := c.g.New(seed), c.g.New(seed)
	if ea, eb := c.encode(a), c.encode(b); ea != eb {
		c.errorf("New is not deterministic: two calls encode as\n%s\nand\n%s", ea, eb)
	}
	if ma, mb := c.moves(a), c.moves(b); !slices.Equal(ma, mb) {
		c.errorf("New is not deterministic: two calls have moves %q and %q", ma, mb)
	}
	if a.Ply() != 0 {
		c.errorf("New(%d).Ply() = %d, want 0", seed, a.Ply())
	}
	if name := a.Game().Name(); name != c.g.Name() {
		c.errorf("New(%d).Game().Name() = %q, want %q", seed, name, c.g.Name())
	}
}

func (c *checker) checkSamples(seed uint64) {
	a, errA := c.g.Samples(seed)
	b, errB := c.g.Samples(seed)
	if errA != nil || errB != nil {
		c.errorf("Samples(%d): %v", seed, errors.Join(errA, errB))
		return
	}
	if len(a) == 0 || len(a) != len(b) {
		c.errorf("Samples(%d) returned %d then %d positions, want the same number, 1 or more", seed, len(a), len(b))
		return
	}
	for i, s := range a {
		switch {
		case s.Name == "" || s.State == nil:
			c.errorf("Samples(%d)[%d] has name %q and state %v, want both", seed, i, s.Name, s.State)
		case s.State.Game().Name() != c.g.Name():
			c.errorf("Samples(%d)[%d] (%s) is a %q position", seed, i, s.Name, s.State.Game().Name())
		case s.State.Terminal():
			c.errorf("Samples(%d)[%d] (%s) is over: a bot has nothing to play", seed, i, s.Name)
		case b[i].Name != s.Name || c.encode(b[i].State) != c.encode(s.State):
			c.errorf("Samples(%d)[%d] (%s) is not deterministic", seed, i, s.Name)
		}
	}
}

// playout plays one random game from seed, checking every ply.
func (c *checker) playout(seed, stream uint64) {
	rng := rand.New(rand.NewPCG(seed, stream))
	base := c.where
	s := c.g.New(seed)
	for ply := 0; ; ply++ {
		c.where = fmt.Sprintf("%s ply %d", base, ply)
		if c.tooMany() {
			return
		}
		if ply >= maxPlies {
			c.errorf("game not over after %d plies", maxPlies)
			return
		}
		before := c.encode(s)
		moves := s.Moves(nil)
		c.checkState(s, before, moves)
		// A drawing is checked now and then: parsing it costs more than
		// every other check of the ply.
		if d, ok := s.(referee.Drawer); ok && (ply%drawEvery == 0 || len(moves) == 0) {
			c.checkDrawing(s, d, moves)
		}
		if len(moves) == 0 {
			return
		}
		m := moves[rng.IntN(len(moves))]
		text := s.FormatMove(m)
		scores, side := s.Scores(), s.ToMove()

		// Independence both ways: a move on a clone leaves the original,
		// a move on the original leaves a clone.
		other := moves[rng.IntN(len(moves))]
		s.Clone().Play(other)
		if after := c.encode(s); after != before {
			c.errorf("playing %s on a clone changed the original", s.FormatMove(other))
		}
		clone := s.Clone()
		s.Play(m)
		if after := c.encode(clone); after != before {
			c.errorf("playing %s changed a clone made before", text)
		}
		clone.Play(m)
		if a, b := c.encode(s), c.encode(clone); a != b {
			c.errorf("after %s, the clone and the original differ:\n%s\n%s", text, a, b)
		}

		if got := s.Ply(); got != ply+1 {
			c.errorf("after %s, Ply() = %d, want %d", text, got, ply+1)
		}
		if got := s.Scores(); got[0] < scores[0] || got[1] < scores[1] {
			c.errorf("after %s, scores went from %v to %v", text, scores, got)
		}
		if m == referee.Pass && s.ToMove() != side.Other() {
			c.errorf("after %v passed, ToMove() = %v, want %v", side, s.ToMove(), side.Other())
		}
	}
}

// checkState checks s, which encodes as before and whose moves are moves.
func (c *checker) checkState(s referee.State, before string, moves []referee.Move) {
	if side := s.ToMove(); side != referee.White && side != referee.Black {
		c.errorf("ToMove() = %v, want white or black", side)
	}
	if got, want := s.Terminal(), len(moves) == 0; got != want {
		c.errorf("Terminal() = %v with %d moves", got, len(moves))
	}
	for i, m := range moves {
		if slices.Contains(moves[:i], m) {
			c.errorf("Moves lists %s twice", s.FormatMove(m))
		}
		text := s.FormatMove(m)
		back, err := s.ParseMove(text)
		switch {
		case err != nil:
			c.errorf("ParseMove(FormatMove(%d) = %q): %v", m, text, err)
		case back != m:
			c.errorf("ParseMove(FormatMove(%d) = %q) = %d, want %d", m, text, back, m)
		}
		if !referee.Legal(s, m) {
			c.errorf("Legal(%s) = false for a move from Moves", text)
		}
	}
	if slices.Contains(moves, referee.Pass) {
		if len(moves) > 1 {
			c.errorf("Moves lists pass among %d moves, want it alone", len(moves))
		} else {
			next := s.Clone()
			next.Play(referee.Pass)
			if nm := next.Moves(nil); len(nm) == 0 || slices.Contains(nm, referee.Pass) {
				c.errorf("Moves is [pass] but after the pass the opponent has no move to play (its moves: %q)", c.moves(next))
			}
		}
	}
	_ = s.String()
	_ = s.Scores()
	if after := c.encode(s); after != before {
		c.errorf("a method other than Play changed the state from\n%s\nto\n%s", before, after)
	}

	d, err := c.g.Decode([]byte(before))
	if err != nil {
		c.errorf("Decode(Encode()): %v", err)
		return
	}
	if got, want := c.moves(d), c.moves(s); !slices.Equal(got, want) {
		c.errorf("Decode(Encode()) has moves %q, want %q", got, want)
	}
	if got, want := d.Scores(), s.Scores(); got != want {
		c.errorf("Decode(Encode()) has scores %v, want %v", got, want)
	}
	if got, want := d.ToMove(), s.ToMove(); got != want {
		c.errorf("Decode(Encode()) has %v to move, want %v", got, want)
	}
	if got, want := d.Terminal(), s.Terminal(); got != want {
		c.errorf("Decode(Encode()) has Terminal() = %v, want %v", got, want)
	}
}

// checkDrawing checks d, the drawing of s, whose moves are moves.
func (c *checker) checkDrawing(s referee.State, d referee.Drawer, moves []referee.Move) {
	targets, err := Targets(d.SVG())
	if err != nil {
		c.errorf("SVG: %v", err)
		return
	}
	chooser, _ := d.(referee.Chooser)
	for _, m := range moves {
		if m == referee.Pass {
			continue
		}
		if t := d.Target(m); !targets[t] {
			c.errorf("Target(%s) = %q, not a data-target of the drawing", s.FormatMove(m), t)
		}
		if chooser == nil {
			continue
		}
		if t := chooser.Choice(m); !targets[t] {
			c.errorf("Choice(%s) = %q, not a data-target of the drawing", s.FormatMove(m), t)
		}
	}
	// The last move's place is in the drawing after it: one move tells,
	// played on a decoded copy (a flawed Clone is another check's).
	if len(moves) == 0 || moves[0] == referee.Pass {
		return
	}
	next, err := c.g.Decode([]byte(c.encode(s)))
	if err != nil {
		return // Decode is checked with the state
	}
	next.Play(moves[0])
	nd, ok := next.(referee.Drawer)
	if !ok {
		return
	}
	after, err := Targets(nd.SVG())
	if err != nil {
		c.errorf("SVG after %s: %v", s.FormatMove(moves[0]), err)
		return
	}
	if t := referee.LastTarget(d, moves[0]); !after[t] {
		c.errorf("the place of %s once played is %q, not a data-target of the drawing after it", s.FormatMove(moves[0]), t)
	}
}

// Targets parses an SVG drawing (see referee.Drawer) and returns the set of
// its data-target attributes. It is an error when the drawing is not
// well-formed XML or names a target twice.
func Targets(svg string) (map[string]bool, error) {
	dec := xml.NewDecoder(strings.NewReader(svg))
	targets := map[string]bool{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return targets, nil
		}
		if err != nil {
			return nil, err
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		for _, a := range el.Attr {
			if a.Name.Local != "data-target" {
				continue
			}
			if targets[a.Value] {
				return nil, fmt.Errorf("data-target %q appears twice", a.Value)
			}
			targets[a.Value] = true
		}
	}
}

// encode returns s's position file, or a marker after reporting the error.
func (c *checker) encode(s referee.State) string {
	data, err := s.Encode()
	if err != nil {
		c.errorf("Encode: %v", err)
		return "(Encode failed)"
	}
	return string(data)
}

// moves returns s's legal moves in its notation.
func (c *checker) moves(s referee.State) []string {
	var out []string
	for _, m := range s.Moves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

// CheckPositionFile checks what g's Decode makes of data, any bytes at all,
// as a fuzz target does: either an error that starts with "position: ", or
// a state that encodes to a file that decodes to the same file again, and
// that plays every legal move and then a playout to its end without
// panicking. It returns nil when all holds.
func CheckPositionFile(g referee.Game, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%q: panic: %v", data, r)
		}
	}()
	s, err := g.Decode(data)
	if err != nil {
		if msg := err.Error(); !strings.HasPrefix(msg, "position: ") {
			return fmt.Errorf("Decode(%q): error %q, want it to start with \"position: \"", data, msg)
		}
		return nil
	}
	enc, err := s.Encode()
	if err != nil {
		return fmt.Errorf("Decode(%q) then Encode: %v", data, err)
	}
	back, err := g.Decode(enc)
	if err != nil {
		return fmt.Errorf("Decode(Encode(Decode(%q))): %v", data, err)
	}
	again, err := back.Encode()
	if err != nil || string(again) != string(enc) {
		return fmt.Errorf("round trip of %q:\ngot  %s (%v)\nwant %s", data, again, err, enc)
	}
	var buf [referee.MaxMoves]referee.Move
	moves := s.Moves(buf[:0])
	if got, want := s.Terminal(), len(moves) == 0; got != want {
		return fmt.Errorf("%q: Terminal() = %v with %d legal moves", data, got, len(moves))
	}
	for _, m := range moves {
		child := s.Clone()
		child.Play(m)
	}
	for n := 0; n < maxPlies; n++ {
		moves = s.Moves(buf[:0])
		if len(moves) == 0 {
			return nil
		}
		s.Play(moves[0])
	}
	return fmt.Errorf("%q: no end after %d plies", data, maxPlies)
}

// LoadPosition decodes testdata/name, a position file of a game's package,
// with decode, failing t when it cannot.
func LoadPosition[P any](t testing.TB, name string, decode func([]byte) (P, error)) P {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := decode(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

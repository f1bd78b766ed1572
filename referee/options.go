package referee

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// Option is one of a game's game_options, as its Configure reads it: the
// key, the values it takes, and where the value goes.
type Option struct {
	Key      string
	Min, Max int
	// Want says what the key wants, for the message about a value out of
	// range, e.g. "1 to 1000 plies (the rules' cap is 200)".
	Want string
	// Set stores a value in range.
	Set func(v int)
}

// NoOptionError is ReadOptions's error for a key that is not one of the
// game's options.
type NoOptionError struct {
	GameName, Key string
	// Known says which options the game has, e.g. "want rows or cols,
	// e.g. {rows: 5}".
	Known string
}

// Error says which key the game lacks and which it has.
func (e *NoOptionError) Error() string {
	return fmt.Sprintf("game_options: %s has no option %q: %s", e.GameName, e.Key, e.Known)
}

// Opener is implemented by a game whose rounds all start from one fixed
// position unless one of its game_options draws an opening from each
// round's seed: the warning about a league whose rounds repeat their
// games names that option.
type Opener interface {
	// OpeningOption returns the option and a value to suggest, as in
	// game_options, e.g. "opening_plies: 4".
	OpeningOption() string
}

// ReadOptions reads a league's game_options for the game called game: each
// key of options, in sorted order, that one of known names is checked
// against its range and Set; any other is an error naming the key, the
// options the game has and example, e.g. "{max_plies: 200}". The errors
// name the key at fault and the fix, as a league file's errors do.
func ReadOptions(game string, options map[string]int, example string, known ...Option) error {
	for _, k := range slices.Sorted(maps.Keys(options)) {
		v := options[k]
		i := slices.IndexFunc(known, func(o Option) bool { return o.Key == k })
		if i < 0 {
			return &NoOptionError{GameName: game, Key: k, Known: optionNames(known, example)}
		}
		o := known[i]
		if v < o.Min || v > o.Max {
			return fmt.Errorf("game_options: %s is %d: want %s", k, v, o.Want)
		}
		o.Set(v)
	}
	return nil
}

// optionNames says which options a game has: "want a, b or c, e.g. {…}",
// or that it has none.
func optionNames(known []Option, example string) string {
	if len(known) == 0 {
		return "it has no options"
	}
	keys := make([]string, len(known))
	for i, o := range known {
		keys[i] = o.Key
	}
	list := keys[len(keys)-1]
	if len(keys) > 1 {
		list = strings.Join(keys[:len(keys)-1], ", ") + " or " + list
	}
	return "want " + list + ", e.g. " + example
}

// MaxPliesOption is the option max_plies, a move cap of 1 to most plies
// (def when left out), read into *v.
func MaxPliesOption(v *int, def, most int) Option {
	return Option{Key: "max_plies", Min: 1, Max: most, Want: fmt.Sprintf("1 to %d plies (default %d)", most, def), Set: func(n int) { *v = n }}
}

// OpeningPliesOption is the option opening_plies, 0 to most random plies
// played from the start, read into *v; most 0 leaves the bound to the move
// cap (see CheckOpening).
func OpeningPliesOption(v *int, most int) Option {
	o := Option{Key: "opening_plies", Min: 0, Max: most, Want: fmt.Sprintf("0 to %d random plies from the start", most), Set: func(n int) { *v = n }}
	if most == 0 {
		o.Max, o.Want = math.MaxInt, "0 or more random plies from the start, fewer than max_plies"
	}
	return o
}

// CheckOpening checks, once a game's options are read, that its opening
// leaves the game going: fewer opening plies than its move cap (the
// default applied).
func CheckOpening(openingPlies, maxPlies int) error {
	if openingPlies >= maxPlies {
		return fmt.Errorf("game_options: opening_plies is %d: want fewer than max_plies (%d), or the game is over before it starts", openingPlies, maxPlies)
	}
	return nil
}

package league

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/arenabots/arena/arena/tournament"
	"gopkg.in/yaml.v3"
)

// ConfigError is a mistake in a league file, located by file and line.
type ConfigError struct {
	File string
	Line int
	Msg  string
}

// Error formats the error as "file:line: message".
func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// checkNode reports the first mistake in the YAML under n for a value of
// the yaml-tagged type t, the value of key: a mapping key that t does not
// have (with the closest known key as the fix), or a value of the wrong
// shape (with what the key wants and an example). It runs before decoding,
// so a user never sees the decoder's Go type names and a 1.5 never becomes
// the integer 1.
func checkNode(file string, n *yaml.Node, t reflect.Type, key string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return nil
		}
		return checkNode(file, n.Content[0], t, key)
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		return nil // an empty value keeps the default
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return wrongValue(file, n, t, key)
		}
		fields := yamlFields(t)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			ft, ok := fields[k.Value]
			if !ok {
				return &ConfigError{file, k.Line, unknownKey(k.Value, fields)}
			}
			if err := checkNode(file, v, ft, k.Value); err != nil {
				return err
			}
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			return wrongValue(file, n, t, key)
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if err := checkNode(file, n.Content[i+1], t.Elem(), key+"."+n.Content[i].Value); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			return wrongValue(file, n, t, key)
		}
		for _, c := range n.Content {
			if err := checkNode(file, c, t.Elem(), key+" entry"); err != nil {
				return err
			}
		}
	default:
		if n.Kind != yaml.ScalarNode || !scalarFits(n, t.Kind()) {
			return wrongValue(file, n, t, key)
		}
	}
	return nil
}

// scalarFits reports whether the scalar n decodes as a value of kind k
// without losing anything.
func scalarFits(n *yaml.Node, k reflect.Kind) bool {
	tag := n.ShortTag()
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return tag == "!!int"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return tag == "!!int" && !strings.HasPrefix(n.Value, "-")
	case reflect.Float32, reflect.Float64:
		return tag == "!!int" || tag == "!!float"
	case reflect.Bool:
		return tag == "!!bool"
	}
	return true // any scalar reads as text
}

// keyDoc says what a key wants, for the message about a wrong value.
type keyDoc struct {
	want    string // what the value must be
	example string // a right line, key included
}

// keyDocs documents the keys of a league file whose values are not free
// text. A key missing here is described by its type (see kindDoc).
var keyDocs = map[string]keyDoc{
	"league file":      {"keys and values", "name: mine"},
	"seed":             {"a whole number, 0 or more", "seed: 2026"},
	"game_options":     {"a mapping of the game's options to whole numbers", "game_options: {rows: 5, cols: 6}"},
	"rounds":           {"a whole number of seeded boards", "rounds: 10"},
	"tempo_ms":         {"a whole number of milliseconds", "tempo_ms: 1000"},
	"time_margin_ms":   {"a whole number of milliseconds", "time_margin_ms: 250"},
	"clock":            {"cpu or wall: what a call is charged", "clock: cpu"},
	"time_control":     {"a game clock: base, increment and moves per period, in place of tempo_ms", "time_control: {base_ms: 2000, inc_ms: 50, moves: 0}"},
	"base_ms":          {"a whole number of milliseconds on each clock at the start (and each period)", "base_ms: 2000"},
	"inc_ms":           {"a whole number of milliseconds added after each move", "inc_ms: 50"},
	"moves":            {"a whole number of moves a period (0: the whole game)", "moves: 40"},
	"start_timeout_ms": {"a whole number of milliseconds", "start_timeout_ms: 5000"},
	"concurrency":      {"a whole number of games played at once", "concurrency: 4"},
	"ponder":           {"true or false", "ponder: true"},
	"scoring":          {"the points of a win, a draw and a loss", "scoring: {win: 1, draw: 0.5, loss: 0}"},
	"win":              {"a number of points", "win: 1"},
	"draw":             {"a number of points", "draw: 0.5"},
	"loss":             {"a number of points", "loss: 0"},
	"limits":           {"the limits of each bot process", "limits: {memory_mb: 1024, processes: 512, output_kb: 16}"},
	"memory_mb":        {"a whole number of MiB", "memory_mb: 1024"},
	"scratch_mb":       {"a whole number of MiB", "scratch_mb: 64"},
	"processes":        {"a whole number of processes", "processes: 512"},
	"output_kb":        {"a whole number of KiB", "output_kb: 16"},
	"bots":             {"a list of bots", "bots: [{name: greedy, builtin: greedy}, {name: mine, path: ./mybot}]"},
	"bots entry":       {"a bot: a name and one of builtin, registered, path or lisp", "- {name: greedy, builtin: greedy}"},
	"rating":           {"a number: the bot's rating (a ladder's), used only to seed and as the last tie-break", "rating: 1512.5"},
	"args":             {"a list of arguments", "args: [--fast]"},
	"env":              {"a mapping of variables to values", "env: {LANG: C}"},
	"options":          {"a mapping of options to values", "options: {depth: 4}"},
	"lisp":             {"the files and settings of a Lisp bot", "lisp: {files: [jogo.lisp], state: board}"},
	"files":            {"a list of Lisp files, loaded in order", "files: [jogo.lisp]"},
	"knights":          {"a list of whole numbers", "knights: [1, 2]"},
	"index_base":       {"a whole number", "index_base: 0"},
	"heap_mb":          {"a whole number of MiB", "heap_mb: 1024"},
	"tiebreak":         {"tied or playoff", "tiebreak: playoff"},
	"grading":          {"the bonus rule of arena grades (docs/grading.md)", "grading: {places: [3, 2], participant: 1}"},
	"places":           {"a list of the bonus of each place, the winner's first", "places: [3, 2]"},
	"participant":      {"the bonus of every other group that plays", "participant: 1"},
	"ties":             {"share or best", "ties: share"},
	"bands":            {"a list of bands, the best first", "bands: [{name: B, beats: greedy, share: 0.6}]"},
	"sprt":             {"the settings of an SPRT match (docs/sprt.md)", "sprt: {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05}"},
	"elo0":             {"a number of normalized Elo", "elo0: 0"},
	"elo1":             {"a number of normalized Elo", "elo1: 10"},
	"alpha":            {"a probability between 0 and 1", "alpha: 0.05"},
	"beta":             {"a probability between 0 and 1", "beta: 0.05"},
}

// kindDoc describes a value of type t for key when keyDocs does not.
func kindDoc(t reflect.Type, key string) keyDoc {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return keyDoc{"a whole number", key + ": 1"}
	case reflect.Float32, reflect.Float64:
		return keyDoc{"a number", key + ": 1"}
	case reflect.Bool:
		return keyDoc{"true or false", key + ": true"}
	case reflect.Slice, reflect.Array:
		return keyDoc{"a list", key + ": [a, b]"}
	case reflect.Map, reflect.Struct:
		return keyDoc{"a mapping", key + ": {KEY: VALUE}"}
	}
	return keyDoc{"a single value", key + ": x"}
}

// docOf returns the doc of key: of keyDocs, or of a tournament's keys.
func docOf(key string) (keyDoc, bool) {
	if d, ok := keyDocs[key]; ok {
		return d, true
	}
	d, ok := tournament.KeyDoc(key)
	return keyDoc{d.Want, d.Example}, ok
}

// wrongValue is the error for the value n of key, which does not fit type t.
func wrongValue(file string, n *yaml.Node, t reflect.Type, key string) error {
	d, ok := docOf(key)
	if !ok {
		d = kindDoc(t, key)
	}
	var got string
	switch {
	case n.Kind == yaml.MappingNode:
		got = "a mapping"
	case n.Kind == yaml.SequenceNode:
		got = "a list"
	case n.ShortTag() == "!!str":
		got = fmt.Sprintf("%q", n.Value)
	default:
		got = n.Value
	}
	return &ConfigError{file, n.Line, fmt.Sprintf("%s: want %s, e.g. %s, got %s", key, d.want, d.example, got)}
}

// yamlFields maps the yaml keys of struct type t to their types, those of
// an inlined struct (`yaml:",inline"`) among them.
func yamlFields(t reflect.Type) map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if opts == "inline" && f.Type.Kind() == reflect.Struct {
			maps.Copy(m, yamlFields(f.Type))
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		m[name] = f.Type
	}
	return m
}

// unknownKey says that key is not one of fields and suggests the closest.
func unknownKey(key string, fields map[string]reflect.Type) string {
	known := make([]string, 0, len(fields))
	for k := range fields {
		known = append(known, k)
	}
	if best := suggest(key, known); best != "" {
		return fmt.Sprintf("unknown key %q: did you mean %q?", key, best)
	}
	return fmt.Sprintf("unknown key %q (docs/config.md lists the keys)", key)
}

// suggest returns the word of known that word most likely misspells: the
// closest within an edit distance of 2, else the one word starts (tempo for
// tempo_ms) or the shortest such, else "".
func suggest(word string, known []string) string {
	known = slices.Sorted(slices.Values(known))
	best, dist := "", 3
	for _, k := range known {
		if d := editDistance(word, k); d < dist {
			best, dist = k, d
		}
	}
	if best != "" || len(word) < 3 {
		return best
	}
	for _, k := range known {
		if strings.HasPrefix(k, word) && (best == "" || len(k) < len(best)) {
			best = k
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// find returns the node at path under the document root n (mapping keys and
// sequence indexes), or nil. It is used to locate semantic errors.
func find(n *yaml.Node, path ...any) *yaml.Node {
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, p := range path {
		if n == nil {
			return nil
		}
		switch p := p.(type) {
		case string:
			var next *yaml.Node
			for i := 0; n.Kind == yaml.MappingNode && i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == p {
					next = n.Content[i+1]
				}
			}
			n = next
		case int:
			if n.Kind != yaml.SequenceNode || p >= len(n.Content) {
				return nil
			}
			n = n.Content[p]
		}
	}
	return n
}

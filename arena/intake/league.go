package intake

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/bots/lisp"
)

// League is what the league file written by WriteLeague says besides its
// bots.
type League struct {
	Name string
	Game string
	// GameOptions are the game's options, as a league's game_options.
	GameOptions map[string]int
	Tempo       time.Duration
	// Rounds are the league's rounds: seeded boards, each played with
	// both colours.
	Rounds int
	// Margin is the league's time margin; 0: lisp.RecommendedMargin.
	Margin time.Duration
	// Dir is the league file's folder: paths are written relative to it.
	Dir string
	// Report is the intake report's path, named in the file's header.
	Report string
	// Sources are the folders given to intake, named in the header.
	Sources []string
}

// WriteLeague writes a league file with one lisp entry per eligible
// result, every setting written out so that a person can read and
// override it, and the others as comments saying why they cannot play.
func WriteLeague(w io.Writer, l League, results []Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Written by arena intake from %s.\n", strings.Join(l.Sources, ", "))
	fmt.Fprintf(&b, "# What was found, with the evidence: %s. Every lisp: setting below was\n", l.rel(l.Report))
	b.WriteString("# found by probing the submission; change any to override it (bots/lisp/README.md).\n")
	fmt.Fprintf(&b, "name: %s\ngame: %s\n", quote(l.Name), l.Game)
	if len(l.GameOptions) > 0 {
		var opts []string
		for _, k := range slices.Sorted(maps.Keys(l.GameOptions)) {
			opts = append(opts, fmt.Sprintf("%s: %d", k, l.GameOptions[k]))
		}
		fmt.Fprintf(&b, "game_options: {%s}\n", strings.Join(opts, ", "))
	}
	fmt.Fprintf(&b, "seed: 1\nrounds: %d\n", l.Rounds)
	margin := l.Margin
	if margin <= 0 {
		margin = lisp.RecommendedMargin
	}
	fmt.Fprintf(&b, "tempo_ms: %d\ntime_margin_ms: %d\n", l.Tempo.Milliseconds(), margin.Milliseconds())
	fmt.Fprintf(&b, "start_timeout_ms: %d   # Lisp bots load their files before the first move\n", lisp.RecommendedStartTimeout.Milliseconds())
	b.WriteString("bots:\n")
	eligible := 0
	for _, r := range results {
		if !r.Eligible {
			continue
		}
		eligible++
		c := r.Config.WithDefaults()
		fmt.Fprintf(&b, "  # %s: %s; time %s\n", r.Group, r.Findings.Conventions, r.Findings.Time)
		fmt.Fprintf(&b, "  - name: %s\n    lisp:\n", quote(r.Name))
		fmt.Fprintf(&b, "      root: %s\n", quote(l.rel(c.Root)))
		files := make([]string, len(c.Files))
		for i, f := range c.Files {
			files[i] = quote(l.rel(f))
		}
		fmt.Fprintf(&b, "      files: [%s]\n", strings.Join(files, ", "))
		if c.Package != "" {
			fmt.Fprintf(&b, "      package: %s\n", quote(c.Package))
		}
		fmt.Fprintf(&b, "      state: %s\n      side: %s\n      perspective: %s\n", c.State, c.Side, c.Perspective)
		fmt.Fprintf(&b, "      knights: [%d, %d]\n      index_base: %d\n      tempo_scale: %d\n", c.Knights[0], c.Knights[1], c.IndexBase, c.TempoScale)
	}
	if eligible == 0 {
		b.WriteString("  []  # no submission can play: see the report\n")
	}
	for _, r := range results {
		if !r.Eligible {
			fmt.Fprintf(&b, "# not eligible: %s (%s): %s\n", r.Group, r.Name, r.Reason)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// rel writes path relative to the league's folder when it is beneath it.
func (l League) rel(path string) string {
	if l.Dir == "" || path == "" {
		return path
	}
	rel, err := filepath.Rel(l.Dir, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	return rel
}

// quote writes s as a YAML scalar: bare when it is plain, else quoted.
func quote(s string) string {
	plain := s != "" && !strings.ContainsAny(s, ":#{}[],&*?|<>=!%@`'\"\\\n\t") &&
		!strings.HasPrefix(s, "-") && !strings.HasPrefix(s, " ") && !strings.HasSuffix(s, " ")
	if s != "" && (s[0] >= '0' && s[0] <= '9' || s[0] == '.') {
		plain = false // a number, or one to YAML 1.1 (2201234_2205678)
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "null", "~":
		plain = false
	}
	if plain {
		return s
	}
	return strconv.Quote(s)
}

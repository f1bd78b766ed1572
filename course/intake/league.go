package intake

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/referee"
)

// League is what the league file written by WriteLeague says besides its
// bots.
type League struct {
	Name string
	// Title is the league's title, shown by its pages and reports (see
	// Title).
	Title    string
	GameName string
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

// GameSettings is implemented by the games whose leagues intake writes with
// game_options of their own, such as a seeded opening for a game whose
// start is fixed (opening_plies).
type GameSettings interface {
	referee.Game
	// CourseOptions MUST return the game_options of the leagues intake
	// writes for the game, each a key the game's Configure takes.
	CourseOptions() map[string]int
}

// GameOptions returns the game_options intake writes in a league of g: the
// options given (--game-options) over g's CourseOptions.
func GameOptions(g referee.Game, given map[string]int) map[string]int {
	o, ok := g.(GameSettings)
	if !ok {
		return given
	}
	opts := maps.Clone(o.CourseOptions())
	maps.Copy(opts, given)
	return opts
}

// Title returns the title intake gives a league of game: "Campeonato IA —
// " and the game's CourseTitle ("Jogo do Cavalo"), or its name when it has
// none.
func Title(game string) string {
	if g, err := games.Lookup(game); err == nil {
		if c, ok := g.(Course); ok {
			return "Campeonato IA — " + c.CourseTitle()
		}
	}
	return "Campeonato IA — " + game
}

// digestPrefix starts the first line of the league files WriteLeague
// writes: it holds the digest of the file's data (see dataDigest), which
// tells intake that it may write the file again (see CheckOverwrite).
const digestPrefix = "# intake data sha256 "

// WriteLeague writes a league file with one lisp entry per eligible
// result, every setting written out so that a person can read and
// override it, and the others as comments saying why they cannot play.
// The file is written by a YAML encoder: whatever a submission's names,
// answers or reasons hold, it cannot add a key or a bot (comments are one
// line each, their text escaped by inert.Line).
func WriteLeague(w io.Writer, l League, results []Result) error {
	doc := l.document(results)
	var data bytes.Buffer
	enc := yaml.NewEncoder(&data)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("league file: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("league file: %w", err)
	}
	digest, err := dataDigest(data.Bytes())
	if err != nil {
		return fmt.Errorf("league file: %w", err)
	}
	_, err = fmt.Fprintf(w, "%s%s\n%s", digestPrefix, digest, data.Bytes())
	return err
}

// document is the league file as YAML nodes.
func (l League) document(results []Result) *yaml.Node {
	top := mapping()
	top.add("name", str(l.Name))
	if l.Title != "" {
		top.add("title", str(l.Title))
	}
	top.add("game", str(l.GameName))
	if len(l.GameOptions) > 0 {
		opts := mapping()
		opts.Style = yaml.FlowStyle
		for _, k := range slices.Sorted(maps.Keys(l.GameOptions)) {
			opts.add(k, integer(l.GameOptions[k]))
		}
		top.add("game_options", opts.Node)
	}
	top.add("seed", integer(1))
	top.add("rounds", integer(l.Rounds))
	margin := l.Margin
	if margin <= 0 {
		margin = lisp.RecommendedMargin
	}
	top.add("tempo_ms", integer(int(l.Tempo.Milliseconds())))
	top.add("time_margin_ms", integer(int(margin.Milliseconds())))
	start := integer(int(lisp.RecommendedStartTimeout.Milliseconds()))
	start.LineComment = comment("Lisp bots load their files before the first move")
	top.add("start_timeout_ms", start)
	bots := &yaml.Node{Kind: yaml.SequenceNode}
	var foot []string
	for _, r := range results {
		if !r.Plays() {
			foot = append(foot, comment(fmt.Sprintf("not eligible: %s (%s): %s", r.Group, r.Name, r.Reason)))
			continue
		}
		if bad := l.notUTF8(r); bad != "" {
			foot = append(foot, comment(fmt.Sprintf("not eligible: %s (%s): the path %s is not UTF-8 text: rename it", r.Group, r.Name, bad)))
			continue
		}
		bots.Content = append(bots.Content, l.bot(r))
	}
	if len(bots.Content) == 0 {
		bots.Style = yaml.FlowStyle
		bots.LineComment = comment("no submission can play: see the report")
	}
	top.add("bots", bots)
	return &yaml.Node{
		Kind: yaml.DocumentNode,
		HeadComment: strings.Join([]string{
			comment("Written by arena intake from " + strings.Join(l.Sources, ", ") + "."),
			comment("What was found, with the evidence: " + l.rel(l.Report) + ". Every lisp: setting below was"),
			comment("found by probing the submission; change any to override it (bots/lisp/README.md)."),
			comment("intake writes this file again only while its data is as it wrote it (the digest above)."),
		}, "\n"),
		FootComment: strings.Join(foot, "\n"),
		Content:     []*yaml.Node{top.Node},
	}
}

// bot is the league entry of an eligible result.
func (l League) bot(r Result) *yaml.Node {
	c := r.Config.WithDefaults()
	b := mapping()
	b.HeadComment = comment(fmt.Sprintf("%s: %s; time %s", r.Group, r.Findings.Conventions, r.Findings.Time))
	if r.Admitted {
		conv := r.Findings.Conventions
		if conv == "" {
			conv = "none found, the defaults"
		}
		b.HeadComment = comment(fmt.Sprintf("%s: admitted on purpose (--admit), not eligible: %s", r.Group, r.Reason)) + "\n" +
			comment(fmt.Sprintf("settings: the closest the probe found (%s)", conv))
	}
	b.add("name", str(r.Name))
	if d := inert.Line(r.DisplayName()); d != "" && d != r.Name {
		b.add("display", str(d))
	}
	lc := mapping()
	lc.add("root", str(l.rel(c.Root)))
	files := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, f := range c.Files {
		files.Content = append(files.Content, str(l.rel(f)))
	}
	lc.add("files", files)
	if c.Package != "" {
		lc.add("package", str(c.Package))
	}
	has := gameKeys(l.GameName, c) // a Dots entry has no knights
	if has("state") {
		lc.add("state", str(string(c.State)))
	}
	if has("side") {
		lc.add("side", str(string(c.Side)))
	}
	if has("perspective") {
		lc.add("perspective", str(string(c.Perspective)))
	}
	if has("knights") {
		knights := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, k := range c.Knights {
			knights.Content = append(knights.Content, integer(k))
		}
		lc.add("knights", knights)
	}
	if has("index_base") {
		lc.add("index_base", integer(c.IndexBase))
	}
	lc.add("tempo_scale", integer(c.TempoScale))
	b.add("lisp", lc.Node)
	return b.Node
}

// gameKeys returns whether a key of a lisp entry of c (state, side,
// perspective, knights, index_base) is one that the Lisp form of game
// reads (see probe.Settings): a league file and intake.json hold their
// game's settings only. For a game without a Lisp form, every key is.
func gameKeys(game string, c lisp.Config) func(key string) bool {
	keys := map[string]bool{}
	for _, set := range probe.Settings(game, c) {
		keys[set.Key] = true
	}
	return func(key string) bool { return len(keys) == 0 || keys[key] }
}

// notUTF8 returns the first path of r's entry that is not UTF-8 text, which
// a league file cannot hold, or "".
func (l League) notUTF8(r Result) string {
	for _, p := range append([]string{r.Config.Root}, r.Config.Files...) {
		if !utf8.ValidString(p) {
			return inert.Line(l.rel(p))
		}
	}
	return ""
}

// comment is a one-line YAML comment of text, which may come from a
// submission: inert.Line escapes every character that could end the line
// or act on a terminal.
func comment(text string) string { return "# " + inert.Line(text) }

// node is a YAML mapping node being built.
type node struct{ *yaml.Node }

// mapping returns an empty block mapping.
func mapping() node { return node{&yaml.Node{Kind: yaml.MappingNode}} }

// add appends key: v.
func (n node) add(key string, v *yaml.Node) {
	n.Content = append(n.Content, str(key), v)
}

// str is a string scalar: the encoder quotes it as YAML needs.
func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// integer is an integer scalar.
func integer(i int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(i)}
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

// dataDigest is the SHA-256 of a YAML file's data, comments and layout
// aside: the JSON of its decoded value, whose maps have sorted keys.
func dataDigest(data []byte) (string, error) {
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		return "", err
	}
	j, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(j)
	return hex.EncodeToString(sum[:]), nil
}

// ErrNotOurs says that a league file is not intake's to write: a person
// wrote it, or edited what intake wrote.
var ErrNotOurs = errors.New("not intake's to overwrite")

// CheckOverwrite says whether intake may write the league file whose
// present content is data: it may when the file is one it wrote and its
// data is as it wrote it (the digest in its header matches); comments may
// have changed. Otherwise the error, wrapping ErrNotOurs, says why.
func CheckOverwrite(data []byte) error {
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	want, ok := strings.CutPrefix(string(first), digestPrefix)
	if !ok {
		return fmt.Errorf("%w: arena intake did not write it", ErrNotOurs)
	}
	got, err := dataDigest(rest)
	if err != nil || got != strings.TrimSpace(want) {
		return fmt.Errorf("%w: it was edited since arena intake wrote it", ErrNotOurs)
	}
	return nil
}

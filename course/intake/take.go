package intake

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// Class is a class's hand-ins and what Take does with them: what arena
// intake is told.
type Class struct {
	// Dirs are the folders given: each a class's folder of hand-ins (one
	// folder or archive per group) or one group's folder.
	Dirs []string
	// Work is the work folder: archives unpack under it, and Take writes
	// intake.md, intake.json and similarity.html in it.
	Work string
	// LeagueFile is the league file Take writes; Force writes it even when
	// a person wrote or edited it (see CheckOverwrite).
	LeagueFile string
	Force      bool
	// GameName is the game played; "" for the one the sources are written
	// for (DetectGame), games.Default when they point to none.
	// GameOptions are its options, over its CourseOptions.
	GameName    string
	GameOptions map[string]int
	// Tempo, Margin and Rounds are the league's.
	Tempo, Margin time.Duration
	Rounds        int
	// Admit names the groups admitted though not eligible (see Admit).
	Admit []string
	// Probe says how each submission is probed (Run): its Self, Sandbox,
	// Limits, Concurrency and Progress; Take sets its Game, Tempo and
	// Margin.
	Probe Options
	// Similar compares the submissions with each other, records in each
	// result those it is flagged with, writes the side-by-side report to
	// path and returns the pairs flagged (similarity.Intake: course/similarity
	// imports intake).
	Similar func(ctx context.Context, subs []Submission, results []Result, path string) ([]Flagged, error)
	// OneGroup, when set, is told the source of each of Dirs that is one
	// group's submission, taken in alone.
	OneGroup func(source string)
	// GameFound, when set, is told the game played, whether GameName gave
	// it, and what the sources point to.
	GameFound func(name string, given bool, d Detected)
}

// Flagged is a pair of submissions the similarity check flagged: the
// groups as the tables show them, and the pair's score.
type Flagged struct {
	A, B  string
	Score float64
}

// Taken is what Take found and wrote.
type Taken struct {
	Results []Result
	League  League
	Flagged []Flagged
	// Report, Summary and Similarity are the files Take wrote in Work:
	// intake.md, intake.json and similarity.html.
	Report, Summary, Similarity string
}

// Eligible returns how many of the submissions can play.
func (t *Taken) Eligible() int {
	n := 0
	for _, r := range t.Results {
		if r.Plays() {
			n++
		}
	}
	return n
}

// MistakeError is a mistake of the person running Take, such as a folder
// without submissions, a league file a person wrote, or a group to admit
// that is not there: the commands exit 2 on one.
type MistakeError struct{ Err error }

// Error returns the mistake.
func (e *MistakeError) Error() string { return e.Err.Error() }

// Unwrap returns the mistake.
func (e *MistakeError) Unwrap() error { return e.Err }

// Take takes a class's hand-ins in, as arena intake does: it lists them
// (List), finds the game, probes each (Run), admits the groups named,
// compares them (c.Similar), and writes the report, the summary and the
// league file. An interruption (ctx) is ctx's error.
func Take(ctx context.Context, c Class) (*Taken, error) {
	if err := checkLeagueFile(c.LeagueFile, c.Force); err != nil {
		return nil, err
	}
	subs, err := List(ctx, c.Dirs, c.Work)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, &MistakeError{err}
	}
	if len(subs) == 0 {
		return nil, &MistakeError{fmt.Errorf("no submission in %q: want one folder or archive per group", c.Dirs)}
	}
	for _, s := range subs {
		if s.Whole && c.OneGroup != nil {
			c.OneGroup(s.Source)
		}
	}
	name, d := c.GameName, DetectGame(subs)
	if name == "" {
		name = cmp.Or(d.GameName, games.Default)
	}
	if c.GameFound != nil {
		c.GameFound(name, c.GameName != "", d)
	}
	rules, err := games.Configure(name, c.GameOptions)
	if err != nil {
		return nil, &MistakeError{fmt.Errorf("--game %s: %w", name, err)}
	}
	if problems := Unadmittable(subs, c.Admit); len(problems) > 0 {
		return nil, &MistakeError{errors.New(strings.Join(problems, "; "))}
	}
	opts := c.Probe
	opts.Game, opts.Tempo, opts.Margin = rules, c.Tempo, c.Margin
	results := Run(ctx, subs, opts)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if problems := Admit(results, c.Admit); len(problems) > 0 {
		return nil, &MistakeError{errors.New(strings.Join(problems, "; "))}
	}
	t := &Taken{
		Results:    results,
		Report:     filepath.Join(c.Work, "intake.md"),
		Summary:    filepath.Join(c.Work, "intake.json"),
		Similarity: filepath.Join(c.Work, "similarity.html"),
	}
	if t.Flagged, err = c.Similar(ctx, subs, results, t.Similarity); err != nil {
		return nil, err
	}
	if t.League, err = c.league(rules, t.Report); err != nil {
		return nil, err
	}
	return t, t.write(c.Work, c.LeagueFile)
}

// league returns the league Take writes for the game rules.
func (c Class) league(rules referee.Game, report string) (League, error) {
	name := rules.Name()
	dir, err := filepath.Abs(filepath.Dir(c.LeagueFile))
	if err != nil {
		return League{}, err
	}
	reportAbs, _ := filepath.Abs(report)
	sources := make([]string, len(c.Dirs))
	for i, d := range c.Dirs {
		sources[i], _ = filepath.Abs(d)
	}
	return League{Name: "intake", Title: Title(name), GameName: name, GameOptions: GameOptions(rules, c.GameOptions),
		Tempo: c.Tempo, Rounds: c.Rounds, Margin: c.Margin, Dir: dir, Report: reportAbs, Sources: sources}, nil
}

// write writes the report, the summary (naming the league file relative
// to work) and the league file.
func (t *Taken) write(work, leagueFile string) error {
	if err := WriteFile(t.Report, func(w io.Writer) error { return WriteReport(w, "arena intake: "+t.League.Title, t.Results) }); err != nil {
		return err
	}
	workAbs, err := filepath.Abs(work)
	if err != nil {
		return err
	}
	leagueAbs, err := filepath.Abs(leagueFile)
	if err != nil {
		return err
	}
	leagueRel, err := filepath.Rel(workAbs, leagueAbs)
	if err != nil {
		leagueRel = leagueAbs
	}
	if err := WriteFile(t.Summary, func(w io.Writer) error {
		return WriteSummary(w, NewSummary(t.League, filepath.ToSlash(leagueRel), t.Results))
	}); err != nil {
		return err
	}
	return WriteFile(leagueFile, func(w io.Writer) error { return WriteLeague(w, t.League, t.Results) })
}

// checkLeagueFile refuses to write over the league file at path unless
// intake wrote it and it was not edited since, or force.
func checkLeagueFile(path string, force bool) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || force {
		return nil
	}
	if err != nil {
		return &MistakeError{err}
	}
	if err := CheckOverwrite(data); err != nil {
		return &MistakeError{fmt.Errorf("%s is %v: write the league elsewhere with -o, or pass --force to overwrite it", path, err)}
	}
	return nil
}

// WriteFile writes a file through write, creating its folder, and fails
// if writing or closing fails.
func WriteFile(path string, write func(io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = write(f)
	return errors.Join(err, f.Close())
}

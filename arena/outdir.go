package arena

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/results"
)

// ErrConfigChanged is returned when Out holds results of another config and
// Restart is not set.
var ErrConfigChanged = errors.New("config changed")

// File names inside a league's results directory, besides the journal and
// per-move logs named by package results.
const (
	ConfigFile     = "config.yaml"
	standingsFile  = "standings"  // standings.txt, .md, .csv, .json
	crosstableFile = "crosstable" // crosstable.txt, .md, .csv
)

// prepare makes the results directory and checks that its results, if any,
// come from the same config, then records the config there, with what the
// bots' sandbox achieved.
func (r *Runner) prepare(achieved sandbox.Report) error {
	c := r.Config
	old, err := readHash(filepath.Join(c.Out, ConfigFile))
	if err != nil {
		return err
	}
	if !r.Restart && c.adoptRecordedClock(old) {
		r.warn(fmt.Sprintf("the results in %s were played on the wall clock, before clock: cpu was the default: the league goes on with clock: wall (set clock: cpu and run with --restart to play it anew on the CPU clock)", c.Out))
	}
	if r.Restart || (old != "" && old != c.Hash()) {
		if !r.Restart {
			return r.changed(old)
		}
		for _, name := range []string{results.JournalName, results.GamesDir} {
			if err := os.RemoveAll(filepath.Join(c.Out, name)); err != nil {
				return fmt.Errorf("restart: %w", err)
			}
		}
	}
	record, err := yaml.Marshal(struct {
		Achieved sandbox.Report `yaml:"sandbox_achieved"`
	}{achieved})
	if err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(c.Out, ConfigFile), append(c.Resolved(), record...))
}

// adoptRecordedClock makes the league charge the wall clock, and reports
// that it did, when its results directory holds results of hash old that
// were played on the wall clock, before clock was a key and cpu its
// default, and the league file leaves clock to that default: the same
// config, clock: wall, has hash old. A league file that sets clock keeps
// it, and resumes only under the same hash.
func (c *Config) adoptRecordedClock(old string) bool {
	if old == "" || c.clockSet || c.Clock == ClockWall || old == c.Hash() {
		return false
	}
	w := *c
	w.Clock = ClockWall
	if w.Hash() != old {
		return false
	}
	c.Clock = ClockWall
	return true
}

// changed is the error for a results directory whose config, of hash old,
// is not the league's: it names the keys that changed.
func (r *Runner) changed(old string) error {
	c := r.Config
	what := fmt.Sprintf("hash %s, now %s", old, c.Hash())
	data, err := os.ReadFile(filepath.Join(c.Out, ConfigFile))
	if err != nil {
		return err
	}
	if changes, err := c.changes(data); err == nil && len(changes) > 0 {
		const shown = 4
		what = strings.Join(changes[:min(shown, len(changes))], ", ")
		if len(changes) > shown {
			what += fmt.Sprintf(" and %d more", len(changes)-shown)
		}
	}
	return fmt.Errorf("%w since the results in %s were played (%s): run again with --restart to discard the old results and play anew, or set another out", ErrConfigChanged, c.Out, what)
}

// readHash returns the hash recorded in a results directory's config.yaml,
// or "" when there is none.
func readHash(path string) (string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if h, ok := strings.CutPrefix(sc.Text(), "hash: "); ok {
			return strings.TrimSpace(h), nil
		}
	}
	return "", sc.Err()
}

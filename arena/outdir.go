package arena

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/results"
)

// ErrConfigChanged is returned when Out holds results of another config and
// DiscardResults is not set.
var ErrConfigChanged = errors.New("config changed")

// prepare makes the results directory and checks that its results, if any,
// can go on under the league's config (see resume), then records the
// config there, with its keys and what the bots' sandbox achieved.
func (r *Runner) prepare(achieved sandbox.Report) error {
	c := r.Config
	old, err := readRecord(filepath.Join(c.Out, resultsdir.ConfigFile))
	if err != nil {
		return err
	}
	switch {
	case r.DiscardResults:
		for _, name := range []string{results.JournalName, results.GamesDir} {
			if err := os.RemoveAll(filepath.Join(c.Out, name)); err != nil {
				return fmt.Errorf("restart: %w", err)
			}
		}
	case old != nil:
		if err := r.resume(old); err != nil {
			return err
		}
	}
	keys := c.Keys() // after resume, which may adopt the recorded clock
	record, err := yaml.Marshal(struct {
		Keys     league.Keys    `yaml:"keys"`
		Achieved sandbox.Report `yaml:"sandbox_achieved"`
	}{keys, achieved})
	if err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(c.Out, resultsdir.ConfigFile), append(c.Resolved(), record...))
}

// changed is the error for a results directory whose config, recorded in
// old, differs from the league's in what all its games share: it names the
// keys that changed.
func (r *Runner) changed(old *recorded) error {
	c := r.Config
	what := fmt.Sprintf("hash %s, now %s", old.Hash, c.Hash())
	if changes, err := c.Changes(old.data); err == nil {
		changes = slices.DeleteFunc(changes, func(ch string) bool {
			return strings.HasPrefix(ch, "bots.") || strings.HasPrefix(ch, "challengers.")
		})
		if len(changes) == 0 && !slices.Equal(old.names(), c.Names()) {
			what = "the bots' order" // an SPRT match's: who is tested
		}
		if len(changes) > 0 {
			const shown = 4
			what = strings.Join(changes[:min(shown, len(changes))], ", ")
			if len(changes) > shown {
				what += fmt.Sprintf(" and %d more", len(changes)-shown)
			}
		}
	}
	return fmt.Errorf("%w since the results in %s were played (%s): every game depends on it; run again with --restart to discard the old results and play anew, or set another out", ErrConfigChanged, c.Out, what)
}

package arena

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// recorded is what the config.yaml of a results directory says of the
// games in it: the config's hash, its keys (nil in a directory recorded
// before keys, by the hash alone) and its bots, in order.
type recorded struct {
	Hash string             `yaml:"hash"`
	Keys *league.Keys       `yaml:"keys"`
	Bots []league.BotConfig `yaml:"bots"`

	path string
	data []byte
}

// readRecord reads the config.yaml at path, or returns nil when there is
// none.
func readRecord(path string) (*recorded, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec := &recorded{path: path, data: data}
	if err := yaml.Unmarshal(data, rec); err != nil {
		// An unreadable config.yaml holds no keys: only its hash line,
		// if any, can match.
		h, _ := resultsdir.ReadHash(path)
		return &recorded{Hash: h, path: path, data: data}, nil
	}
	return rec, nil
}

// names returns the names of the recorded bots, in order.
func (rec *recorded) names() []string {
	out := make([]string, len(rec.Bots))
	for i, b := range rec.Bots {
		out[i] = b.Name
	}
	return out
}

// resume checks that the results recorded in old can go on under the
// league's config and sets aside the games that can not.
// What every game shares (Keys.League) must be unchanged, or the run is
// refused, naming what changed. Then every game of the journal between
// two bots whose keys are unchanged is kept; the games of a bot that left
// the league or whose code or settings changed are moved out of the
// journal (results.SetAside) and played again, each bot named in a
// warning, as is each new bot. A Swiss or a knockout, whose pairings
// depend on the results, refuses any change of its bots; a playoff is
// played again after the other games.
func (r *Runner) resume(old *recorded) error {
	c := r.Config
	before, now := old.Keys, c.Keys()
	if before == nil {
		if c.AdoptRecordedClock(old.Hash) {
			r.warnWallClock()
		}
		if old.Hash == c.Hash() {
			return nil // recorded before keys, under the same config
		}
		legacyOld, legacyNow, ok := c.LegacyKeys(old.path, old.data)
		if !ok {
			return r.changed(old)
		}
		before, now = &legacyOld, legacyNow
	}
	if before.League != now.League && c.AdoptClockOf(before.League) {
		r.warnWallClock()
		now.League = c.LeagueKey()
	}
	if before.League != now.League {
		return r.changed(old)
	}
	ch := compareBots(before.Bots, now.Bots, old.names(), c.Names())
	if c.League().Traits().PairsOnResults {
		// The order of the bots is the seeding here.
		what := ch.summary()
		if what == "" && !slices.Equal(old.names(), c.Names()) {
			what = "the bots' order, its seeding"
		}
		if what == "" {
			return nil
		}
		return fmt.Errorf("%w since the results in %s were played (%s): a %s's pairings depend on its results, so its games cannot be kept: run again with --restart to discard the old results and play anew, or set another out", ErrConfigChanged, c.Out, what, c.Tournament)
	}
	scheduled := map[string]bool{}
	counts := map[string]int{}
	for _, g := range tournament.Schedule(c.League(), nil) {
		scheduled[g.ID] = true
		counts[c.Bots[g.White].Name]++
		counts[c.Bots[g.Black].Name]++
	}
	// A game of the main event stays while it is in the schedule (a
	// gauntlet's challengers may have changed) and its bots are unchanged;
	// a playoff stays while nothing else changed.
	stale := func(g results.Entry) bool {
		return !tournament.PlayoffGame(g.ID) && (!scheduled[tournament.ScheduledID(g)] || ch.stale(g.White, g.Black))
	}
	journal := filepath.Join(c.Out, results.JournalName)
	games, _, err := results.ReadJournal(journal)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if ch.none() && !slices.ContainsFunc(games, stale) {
		return nil
	}
	aside, err := results.SetAside(journal, func(g results.Entry) bool {
		return stale(g) || tournament.PlayoffGame(g.ID)
	}, time.Now())
	var damaged *results.DamagedError
	if errors.As(err, &damaged) {
		return fmt.Errorf("%w; arena sets no game aside in a damaged journal: 'arena journal repair %s' moves the damaged lines out and keeps a copy of the journal", err, c.Out)
	}
	if err != nil {
		return err
	}
	r.warnChanges(old, ch, counts, aside)
	return nil
}

// warnChanges names each bot of ch and what becomes of its games: counts
// are the games of each bot in the schedule, aside the games set aside.
func (r *Runner) warnChanges(old *recorded, ch rosterChange, counts map[string]int, aside results.Aside) {
	c := r.Config
	where := ""
	if aside.File != "" {
		where = ", the old ones kept in " + aside.File
	}
	settings, _ := c.Changes(old.data)
	for _, name := range ch.added {
		r.warn(fmt.Sprintf("bot %q is new to the league: its %d games are played", name, counts[name]))
	}
	for _, name := range ch.code {
		r.warn(fmt.Sprintf("bot %q: its code changed since its games were played: its %d games are played again%s", name, counts[name], where))
	}
	for _, name := range ch.settings {
		what := ""
		var keys []string
		for _, s := range settings {
			if k, ok := strings.CutPrefix(s, "bots."+name+"."); ok && !pathKey(k) {
				keys = append(keys, k)
			}
		}
		if len(keys) > 0 {
			what = " (" + strings.Join(keys, ", ") + ")"
		}
		r.warn(fmt.Sprintf("bot %q: its settings changed%s: its %d games are played again%s", name, what, counts[name], where))
	}
	for _, name := range ch.removed {
		r.warn(fmt.Sprintf("bot %q left the league: its games no longer count%s", name, where))
	}
	playoffs, unscheduled := 0, 0
	for _, g := range aside.Games {
		switch {
		case tournament.PlayoffGame(g.ID):
			playoffs++
		case !ch.stale(g.White, g.Black):
			unscheduled++
		}
	}
	if unscheduled > 0 {
		r.warn(fmt.Sprintf("%d games are no longer in the schedule (the challengers changed): they no longer count%s", unscheduled, where))
	}
	if playoffs > 0 {
		r.warn(fmt.Sprintf("the playoff's %d games are set aside: the playoff is played again, if the standings still call for one, once the other games are", playoffs))
	}
}

// pathKey reports whether k, a key of a bot's entry, is a path or the
// sum of a file, which league.BotKey.Code stands for.
func pathKey(k string) bool {
	for _, p := range []string{"path", "registered", "sha256", "lisp.root", "lisp.files", "lisp.reads"} {
		if k == p || strings.HasPrefix(k, p+".") {
			return true
		}
	}
	return false
}

// warnWallClock says that the league goes on with clock: wall, as its
// results were played.
func (r *Runner) warnWallClock() {
	r.warn(fmt.Sprintf("the results in %s were played on the wall clock, before clock: cpu was the default: the league goes on with clock: wall (set clock: cpu and run with --restart to play it anew on the CPU clock)", r.Config.Out))
}

// PlayedGames returns the games of league c's results directory when it
// holds this config's results (the same keys, or, recorded before keys,
// the same hash), else none: what tournament.Schedule needs to know a Swiss's or
// knockout's later rounds. Damaged journal lines are skipped.
func PlayedGames(c *league.Config) ([]results.Entry, error) {
	old, err := readRecord(filepath.Join(c.Out, resultsdir.ConfigFile))
	if err != nil || old == nil {
		return nil, err
	}
	if old.Keys == nil && old.Hash != c.Hash() {
		return nil, nil
	}
	if k := c.Keys(); old.Keys != nil && (old.Keys.League != k.League || !compareBots(old.Keys.Bots, k.Bots, old.names(), c.Names()).none()) {
		return nil, nil
	}
	games, _, err := resultsdir.ReadJournal(c.Out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return games, err
}

// rosterChange is how the bots of a league differ from those its results
// were played with: bots added, removed, and those whose code or settings
// changed, each in the order of its league.
type rosterChange struct {
	added, removed, code, settings []string
}

// none reports whether the bots are those the results were played with.
func (r rosterChange) none() bool {
	return len(r.added)+len(r.removed)+len(r.code)+len(r.settings) == 0
}

// stale reports whether a game between white and black is no longer
// valid: one of them left the league or changed.
func (r rosterChange) stale(white, black string) bool {
	for _, list := range [][]string{r.removed, r.code, r.settings} {
		if slices.Contains(list, white) || slices.Contains(list, black) {
			return true
		}
	}
	return false
}

// compareBots returns how the bots of now differ from those of old, the
// keys of the results; order is the league's bots, oldOrder the results'.
func compareBots(old, now map[string]league.BotKey, oldOrder, order []string) rosterChange {
	var r rosterChange
	for _, name := range order {
		o, ok := old[name]
		switch n := now[name]; {
		case !ok:
			r.added = append(r.added, name)
		case o.Code != n.Code:
			r.code = append(r.code, name)
		case o.Settings != n.Settings:
			r.settings = append(r.settings, name)
		}
	}
	for _, name := range oldOrder {
		if _, ok := now[name]; !ok {
			r.removed = append(r.removed, name)
		}
	}
	return r
}

// summary says what changed in the bots, for a refusal: "bot late added,
// bot p12's code changed".
func (r rosterChange) summary() string {
	var parts []string
	for _, l := range []struct {
		names []string
		what  string
	}{{r.added, "bot %q added"}, {r.removed, "bot %q removed"}, {r.code, "bot %q's code changed"}, {r.settings, "bot %q's settings changed"}} {
		for _, n := range l.names {
			parts = append(parts, fmt.Sprintf(l.what, n))
		}
	}
	return strings.Join(parts, ", ")
}

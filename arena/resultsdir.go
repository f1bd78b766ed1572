package arena

import (
	"errors"
	"io/fs"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/results"
)

// Results is a league's results directory read back: the config arena run
// recorded there, the games of its journal and their move logs. It is the
// one way in: the report commands, the web page of a league on disk, the
// grades, the bench and the end of a run all read a results directory
// through it, so that they show the same standings and total.
type Results struct {
	// Dir is the results directory.
	Dir string
	// Config is the recorded config (see ReadResults).
	Config *league.Config
	// Games are the journal's games, in order; Damaged its damaged lines,
	// which are skipped.
	Games   []results.Entry
	Damaged []results.DamagedLine
}

// OpenResults reads the results directory dir: its recorded config and its
// journal. A dir that is not a directory, or holds no journal, is an error
// that says so; so is a config.yaml that cannot be read.
func OpenResults(dir string) (*Results, error) {
	if err := resultsdir.CheckDir(dir); err != nil {
		return nil, err
	}
	if err := resultsdir.CheckJournal(dir); err != nil {
		return nil, err
	}
	return ReadResults(dir)
}

// ReadResults reads the results directory dir as OpenResults does, except
// that a directory without a journal yet (a league whose first game has not
// ended) has no games. Reload reads the journal again.
func ReadResults(dir string) (*Results, error) {
	c, err := league.ReadRecorded(dir)
	if err != nil {
		return nil, err
	}
	r := &Results{Dir: dir, Config: c}
	if err := r.Reload(); err != nil {
		return nil, err
	}
	return r, nil
}

// Reload reads the journal again: its games and damaged lines. No journal
// is no games.
func (r *Results) Reload() error {
	gs, damaged, err := resultsdir.ReadJournal(r.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		gs, damaged, err = nil, nil, nil
	}
	if err != nil {
		return err
	}
	r.Games, r.Damaged = gs, damaged
	return nil
}

// GameLog returns the move log of game id (results.ReadGameLog): an error
// wrapping fs.ErrNotExist when the game has none.
func (r *Results) GameLog(id string) ([]results.MoveLine, error) {
	return results.ReadGameLog(r.Dir, id)
}

// Standings returns the league's standings in its tournament's view (see
// Standings).
func (r *Results) Standings() results.Standings {
	return tournament.Standings(r.Config.League(), r.Games)
}

// Crosstable returns the league's crosstable, its rows in the order of st,
// the league's standings; a playoff's games are not in it (see tournament.MainGames).
func (r *Results) Crosstable(st results.Standings) results.Crosstable {
	ct := results.NewCrosstable(tournament.MainGames(r.Config.League(), r.Games), st.Bots(), r.Config.Scoring)
	ct.Display = r.Config.Displays()
	return ct
}

// writeReports writes st, the league's standings, in every format, and the
// crosstable in text, Markdown and CSV, to the results directory.
func (r *Results) writeReports(st results.Standings) error {
	return resultsdir.WriteReports(r.Config.Out, st, r.Crosstable(st))
}

package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/results"
)

func newReplayCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "replay DIR GAME_ID",
		Short: "Show one game of a league move by move",
		Long: `Show the game GAME_ID of the league whose results are in DIR, move by move
from its move log DIR/games/GAME_ID.jsonl: for each ply the side, bot, move,
search statistics and time, then the board after it; at the end the result,
its reason and the scores. This is the same text as DIR/games/GAME_ID.log.dat.

With --json, print the move log's lines as one JSON array instead: each
holds the ply, side, bot, move, time, statistics, any rejected answer,
discrepancy or bot output, and the position after the ply.

Game ids are "round-white-black", e.g. 03-greedy-random, a '-' in a bot's
name written '~' (a-b against c: 01-a~b-c). DIR/games.jsonl lists them,
and an unknown id gets a reply naming some.`,
		Example: "  arena replay results/course-2025 03-greedy-random\n  arena replay results/course-2025 03-greedy-random --json | jq '.[].time_ms'",
		Args:    nArgs("DIR", "GAME_ID"),
		RunE: func(c *cobra.Command, args []string) error {
			dir, id := args[0], args[1]
			r, g, err := findGame(c.ErrOrStderr(), dir, id)
			if err != nil {
				return err
			}
			lines, err := r.GameLog(id)
			if errors.Is(err, fs.ErrNotExist) {
				return usage(fmt.Errorf("game %s has no move log %s", id, results.MoveLogPath(dir, id)))
			}
			if err != nil {
				return usage(err)
			}
			if !asJSON {
				// Bots are named as the tables name them: their display names.
				shown := r.Config.Displays()
				g.White, g.Black = cmp.Or(shown[g.White], g.White), cmp.Or(shown[g.Black], g.Black)
				for i := range lines {
					lines[i].Bot = cmp.Or(shown[lines[i].Bot], lines[i].Bot)
				}
				return writeWrapped(c.OutOrStdout(), "    ", func(w io.Writer) error { return results.WriteReplay(w, g, lines, games.Lookup) })
			}
			var b bytes.Buffer
			b.WriteString("[\n")
			for i, l := range lines {
				j, err := json.Marshal(l)
				if err != nil {
					return err
				}
				b.Write(inert.JSON(j))
				if i < len(lines)-1 {
					b.WriteByte(',')
				}
				b.WriteByte('\n')
			}
			b.WriteString("]\n")
			_, err = c.OutOrStdout().Write(b.Bytes())
			return err
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the move log as a JSON array, one ply per line")
	return c
}

// findGame returns the results directory dir and game id's journal line,
// or a Game holding only the id when the journal lacks it but its move log
// exists (a game that did not finish). Damaged journal lines are skipped
// with a warning on stderr. An unknown id is a usage error that lists some
// known ones.
func findGame(stderr io.Writer, dir, id string) (*arena.Results, results.Entry, error) {
	if err := resultsdir.CheckDir(dir); err != nil {
		return nil, results.Entry{}, usage(err)
	}
	r, err := arena.ReadResults(dir)
	if err != nil {
		return nil, results.Entry{}, usage(err)
	}
	games := r.Games
	warnDamaged(stderr, dir, r.Damaged)
	for _, g := range games {
		if g.ID == id {
			return r, g, nil
		}
	}
	if results.ValidID(id) == nil {
		if _, err := os.Stat(results.MoveLogPath(dir, id)); err == nil {
			return r, results.Entry{ID: id}, nil
		}
	}
	var known []string
	for _, g := range games {
		known = append(known, g.ID)
	}
	if len(known) == 0 {
		logs, _ := filepath.Glob(filepath.Join(dir, results.GamesDir, "*.jsonl"))
		for _, p := range logs {
			known = append(known, strings.TrimSuffix(filepath.Base(p), ".jsonl"))
		}
	}
	if len(known) == 0 {
		return nil, results.Entry{}, usage(fmt.Errorf("no game %q in %s: it has no games yet", id, dir))
	}
	slices.Sort(known)
	const show = 5
	list := strings.Join(known[:min(show, len(known))], ", ")
	if len(known) > show {
		list += fmt.Sprintf(" and %d more", len(known)-show)
	}
	return nil, results.Entry{}, usage(fmt.Errorf("no game %q in %s (known: %s)", id, dir, list))
}

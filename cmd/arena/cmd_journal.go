package main

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/results"
)

func newJournalCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "journal",
		Short: "Look after a league's journal (games.jsonl)",
	}
	c.AddCommand(&cobra.Command{
		Use:   "repair DIR",
		Short: "Move the damaged lines out of a league's journal",
		Long: `Repair the journal DIR/games.jsonl of the league whose results are in DIR, so
that 'arena run' resumes it: every line that is not a game (unparsable, an
invalid game, a game recorded twice) and a torn last line are moved out.

Nothing is lost: the journal as it was is kept in games.jsonl.bak-<time>, the
removed lines in games.jsonl.damaged-<time>, and the repaired journal
replaces the old one atomically. The games of the removed lines are played
again when the league resumes. A journal without damage is left alone.
While a league runs in DIR it holds the directory's lock, and the repair is
refused.`,
		Example: "  arena journal repair results/course-2025",
		Args:    nArgs("DIR"),
		RunE: func(c *cobra.Command, args []string) error {
			return repairJournal(c.OutOrStdout(), args[0], time.Now())
		},
	})
	return c
}

// repairJournal repairs the journal of the results directory dir under its
// lock and says what it did.
func repairJournal(w io.Writer, dir string, now time.Time) error {
	if err := resultsdir.CheckDir(dir); err != nil {
		return usage(err)
	}
	if err := resultsdir.CheckJournal(dir); err != nil {
		return usage(err)
	}
	path := filepath.Join(dir, results.JournalName)
	lock, err := results.LockDir(dir)
	if err != nil {
		return usage(err)
	}
	defer lock.Unlock()
	r, err := results.RepairJournal(path, now)
	if err != nil {
		return err
	}
	if r.Backup == "" {
		err := printfWrapped(w, "  ", "%s: no damaged line, %d game%s: nothing to repair\n", path, r.Games, plural(r.Games))
		return err
	}
	printfWrapped(w, "  ", "%s: removed %d line%s, kept %d game%s\n", path, len(r.Removed), plural(len(r.Removed)), r.Games, plural(r.Games))
	for _, d := range r.Removed {
		printfWrapped(w, "    ", "  line %d: %v\n", d.Line, d.Err)
	}
	err = printfWrapped(w, "  ", "removed lines in %s; the journal as it was in %s\n", r.Moved, r.Backup)
	return err
}

// warnDamaged warns on w of each damaged line of the journal of the
// results directory dir, which was skipped.
func warnDamaged(w io.Writer, dir string, damaged []results.DamagedLine) {
	for _, d := range damaged {
		fmt.Fprintf(w, "arena: warning: %v: skipped (arena journal repair %s)\n", d, dir)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

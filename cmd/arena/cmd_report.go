package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/results"
	"github.com/arenabots/arena/web"
)

func newReportCmd() *cobra.Command {
	var out, lang string
	cmd := &cobra.Command{
		Use:   "report DIR",
		Short: "Write a league's results as one self-contained HTML page",
		Long: `Write the page of the results directory DIR (finished or running) as one HTML
file with everything inline, for posting on a course page: standings, ratings chart
with error bars, crosstable, faults, time per move, and every finished game in a
viewer (arrow keys step through it). It opens without a network.`,
		Args: nArgs("DIR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := resultsdir.CheckDir(dir); err != nil {
				return usage(err)
			}
			if err := league.CheckLang(lang); err != nil {
				return usage(fmt.Errorf("--%w", err))
			}
			l, err := web.Open(dir)
			if err != nil {
				return usage(err)
			}
			if lang != "" {
				l.SetLang(lang)
			}
			c := &counter{}
			err = results.WriteAtomic(out, func(w io.Writer) error {
				c.w = w
				return web.WriteReport(c, l)
			})
			if err != nil && c.err == nil && c.n > 0 {
				return err // the report's, not the disk's
			}
			if err != nil {
				// The results are only read: nothing of them is lost.
				return fmt.Errorf("%w: free space on that disk, or write the report elsewhere with -o FILE", err)
			}
			printfWrapped(cmd.OutOrStdout(), "  ", "wrote %s (%d games, %d KB)\n", out, len(l.Games()), c.n/1024)
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "report.html", "the file to write")
	cmd.Flags().StringVar(&lang, "lang", "", "the report's language: en or pt (default: the league's lang:)")
	return cmd
}

// counter is a writer that counts the bytes written through it and keeps
// its first error.
type counter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	if c.err == nil {
		c.err = err
	}
	return n, err
}

package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/arena/lispimage"
)

func newBotImagesCmd() *cobra.Command {
	var trim time.Duration
	cmd := &cobra.Command{
		Use:   "images [--trim AGE]",
		Short: "Show the saved images of Lisp bots, and trim them",
		Long: `Lisp bots start from saved images (SBCL cores with the project loaded, about 45 MB
each), built once for each version of a bot's files and kept in arena's cache folder
(arena/lisp-images under the user's cache folder). Images prints how many there are
and their size; --trim AGE removes those no game started from for AGE (e.g. 24h;
0 removes them all). arena removes images unused for 30 days by itself; a bot
whose image is gone is built again at its next game.`,
		Example: "  arena bot images\n  arena bot images --trim 24h\n  arena bot images --trim 0",
		Args:    nArgs(),
		RunE: func(c *cobra.Command, _ []string) error {
			im := lispImages()
			if im == nil {
				return usage(errors.New("no cache folder: set $XDG_CACHE_HOME or $HOME"))
			}
			if trim < 0 {
				return usage(fmt.Errorf("--trim %v: want an age of 0 or more, e.g. 24h", trim))
			}
			w := c.OutOrStdout()
			if c.Flags().Changed("trim") {
				n, freed, err := im.Trim(time.Now(), trim)
				if err != nil {
					return err
				}
				printfWrapped(w, "  ", "removed %d saved image(s), %s\n", n, megabytes(freed))
			}
			return printImages(w, im)
		},
	}
	cmd.Flags().DurationVar(&trim, "trim", 0, "remove the images no game started from for this long (0: all)")
	return cmd
}

// printImages says how many saved images im holds, their size, where, and
// how to trim them.
func printImages(w io.Writer, im *lispimage.Cache) error {
	n, size, err := im.Usage()
	if err != nil {
		return err
	}
	printfWrapped(w, "  ", "Lisp images: %d saved, %s in %s (arena bot images --trim 24h removes those unused for a day)\n", n, megabytes(size), im.Dir)
	return nil
}

// megabytes writes a size in MB, to one decimal.
func megabytes(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/1e6) }

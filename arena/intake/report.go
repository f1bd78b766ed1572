package intake

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/arenabots/arena/bots/lisp/probe"
)

// Header returns the header of the intake table (see Rows).
func Header() []string {
	return []string{"group", "bot (package)", "files", "conventions", "time use", "eligible"}
}

// Rows returns the intake table, one row per result: the same in the
// report and on the terminal.
func Rows(results []Result) [][]string {
	rows := make([][]string, len(results))
	for i, r := range results {
		verdict := "yes"
		if !r.Eligible {
			verdict = "no: " + r.Reason
		}
		conv, use := "-", r.Findings.Time.Short()
		if r.Findings.Conventions != "" {
			conv = probe.Short(r.Game, r.Findings.Config)
		}
		if !r.Eligible {
			use = "-"
		}
		bot := r.Name
		if pkg := r.Config.Package; pkg != "" && pkg != r.Name {
			bot += " (" + pkg + ")"
		}
		files := strings.Join(r.Files, " ")
		if files == "" {
			files = "-"
		}
		rows[i] = []string{r.Group, bot, files, conv, use, verdict}
	}
	return rows
}

// WriteReport writes the intake report in Markdown: the table, then for
// each submission what the scan chose and the evidence of each convention
// (position, side to move, answer, move read, verdict).
func WriteReport(w io.Writer, title string, results []Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", title)
	eligible := 0
	for _, r := range results {
		if r.Eligible {
			eligible++
		}
	}
	fmt.Fprintf(&b, "%d submissions, %d eligible.\n\n", len(results), eligible)
	b.WriteString("| " + strings.Join(Header(), " | ") + " |\n")
	b.WriteString("|" + strings.Repeat("---|", len(Header())) + "\n")
	for _, row := range Rows(results) {
		for i, c := range row {
			row[i] = strings.ReplaceAll(c, "|", `\|`)
		}
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	for _, r := range results {
		fmt.Fprintf(&b, "\n## %s (%s)\n\n", r.Group, r.Name)
		fmt.Fprintf(&b, "- handed in: `%s`; root: `%s`\n", r.Source, r.Root)
		if len(r.Files) > 0 {
			fmt.Fprintf(&b, "- loads: `%s`\n", strings.Join(r.Files, "`, `"))
		}
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
		if r.Findings.Conventions != "" {
			fmt.Fprintf(&b, "- conventions: %s\n", r.Findings.Conventions)
		}
		if r.Eligible {
			fmt.Fprintf(&b, "- time per move: %s; %s\n", r.Findings.Time, r.Findings.Time.Measured())
		} else {
			fmt.Fprintf(&b, "- **not eligible**: %s\n", r.Reason)
		}
		fmt.Fprintf(&b, "- intake: %v, %d calls of jogar\n", r.Elapsed.Round(time.Millisecond), r.Findings.Calls)
		for _, s := range r.Similar {
			fmt.Fprintf(&b, "- **similar** to %s: score %.2f, over the class's threshold (evidence to read in similarity.html, not a verdict)\n", s.With, s.Score)
		}
		if len(r.Findings.Evidence) > 0 {
			b.WriteString("\n| position | to move | answer | move read | verdict |\n|---|---|---|---|---|\n")
			for _, e := range r.Findings.Evidence {
				move := e.Move
				if move == "" {
					move = "-"
				}
				fmt.Fprintf(&b, "| %s | %s | `%s` | %s | %s |\n", e.Position, e.ToMove,
					strings.ReplaceAll(e.Answer, "|", `\|`), move, strings.ReplaceAll(e.Verdict, "|", `\|`))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

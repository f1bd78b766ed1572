package arena

import (
	"fmt"
	"strings"
)

// BotsError is the Runner's refusal to start a league some of whose bots
// cannot start, under the default missing_bots: refuse.
type BotsError struct {
	File     string  // the league file
	Problems []error // from Config.Preflight, one per bot
}

func (e *BotsError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "league not started: not every bot can start; fix those below, or set `missing_bots: forfeit` in %s to play their games as forfeits (reason start):", e.File)
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.Error())
	}
	return b.String()
}

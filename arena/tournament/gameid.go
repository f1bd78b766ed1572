package tournament

import (
	"strings"

	"github.com/arenabots/arena/results"
)

// idPart returns a bot's name as a game's id writes it: each '-' made a
// '~', which no bot name holds (registry.CheckName), so that the '-'
// between the parts of an id ("03-greedy-random") separate them one way
// only. Without it a against b-c and a-b against c were both "01-a-b-c",
// and the second game to end was dropped as played. A name without '-'
// is written as it is, as ids were before.
func idPart(name string) string { return strings.ReplaceAll(name, "-", "~") }

// ScheduledID returns the id game g has in the schedule (Schedule): its
// own, or, for a game recorded before ids wrote names with idPart (a name
// holding '-', "01-a-b-c" for a against b-c), the id it has now
// ("01-a-b~c"), found from the names the game records. So results
// directories recorded then still resume: their games keep their ids,
// files and pages, and count as the games the schedule names. Whoever
// compares a journal's games with the schedule compares these.
func ScheduledID(g results.Entry) string {
	w, b := idPart(g.White), idPart(g.Black)
	if w == g.White && b == g.Black {
		return g.ID
	}
	if prefix, ok := strings.CutSuffix(g.ID, "-"+g.White+"-"+g.Black); ok {
		return prefix + "-" + w + "-" + b
	}
	return g.ID
}

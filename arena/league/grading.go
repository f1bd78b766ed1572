package league

import (
	"fmt"
	"slices"

	"github.com/arenabots/arena/arena/botkind"
)

// Grading is a league's grading: block, the rule `arena grades` gives the
// course's bonus by (docs/grading.md). It decides no game, so it is not in
// the config's hash: it may change after the games without --restart.
type Grading struct {
	// Places are the bonus of the first places, the winner's first; every
	// other group that plays (eligible, or admitted on purpose) gets Participant.
	Places      []float64 `yaml:"places" json:"places"`
	Participant float64   `yaml:"participant" json:"participant"`
	// Ties is how groups that share a rank share the places they cover:
	// TiesShare (each gets their mean, the default) or TiesBest (each
	// gets the best of them).
	Ties string `yaml:"ties,omitempty" json:"ties,omitempty"`
	// Reference is the results directory of a gauntlet of the groups
	// against reference bots (e.g. builtin greedy), not counted in the
	// standings, that Bands read; relative to the league file.
	Reference string `yaml:"reference,omitempty" json:"reference,omitempty"`
	// Bands are checked in order, the best first: a group gets the first
	// band whose reference bot it beats often enough.
	Bands []Band `yaml:"bands,omitempty" json:"bands,omitempty"`
}

// Band is a grade band against a reference bot: a group is in it when it
// won at least Share of its games against the bot Beats of the Reference
// gauntlet. Bonus, if any, is added to the group's bonus.
type Band struct {
	Name  string  `yaml:"name" json:"name"`
	Beats string  `yaml:"beats" json:"beats"`
	Share float64 `yaml:"share" json:"share"`
	Bonus float64 `yaml:"bonus,omitempty" json:"bonus,omitempty"`
}

// Values of Grading.Ties.
const (
	TiesShare = "share"
	TiesBest  = "best"
)

// DefaultGrading is the course's rule: 3 points to the winner, 2 to the
// second and 1 to every other group that plays.
func DefaultGrading() Grading {
	return Grading{Places: []float64{3, 2}, Participant: 1, Ties: TiesShare}
}

// GradingRule returns the league's grading rule, the course's when the
// league has no grading: block.
func (c *Config) GradingRule() Grading {
	if c.Grading == nil {
		return DefaultGrading()
	}
	return *c.Grading
}

// completeGrading fills in the course's places and participant bonus where
// the grading: block leaves them out, resolves its reference directory and
// checks the bands.
func (c *Config) completeGrading(dir string) error {
	g := c.Grading
	if g == nil {
		return nil
	}
	def := DefaultGrading()
	if find(c.root, "grading", "places") == nil {
		g.Places = def.Places
	}
	if find(c.root, "grading", "participant") == nil {
		g.Participant = def.Participant
	}
	switch g.Ties {
	case "":
		g.Ties = TiesShare
	case TiesShare, TiesBest:
	default:
		return c.errAt(fmt.Sprintf("grading: ties is %q: want share (tied groups share their places' bonus) or best (each gets the best)", g.Ties), "grading", "ties")
	}
	for i, p := range g.Places {
		if p < 0 {
			return c.errAt(fmt.Sprintf("grading: places: a bonus is 0 or more, got %g", p), "grading", "places", i)
		}
	}
	if g.Participant < 0 {
		return c.errAt(fmt.Sprintf("grading: participant: a bonus is 0 or more, got %g", g.Participant), "grading", "participant")
	}
	if len(g.Bands) > 0 && g.Reference == "" {
		return c.errAt("grading: bands are measured against reference bots: add reference: DIR, the results directory of a gauntlet of the groups against them (docs/grading.md)", "grading", "bands")
	}
	if g.Reference != "" {
		g.Reference = botkind.Abs(dir, g.Reference)
	}
	var names []string
	for i, b := range g.Bands {
		switch {
		case b.Name == "" || b.Beats == "":
			return c.errAt("grading: a band needs a name and the reference bot it beats, e.g. {name: B, beats: greedy, share: 0.6}", "grading", "bands", i)
		case slices.Contains(names, b.Name):
			return c.errAt(fmt.Sprintf("grading: band %q is listed twice", b.Name), "grading", "bands", i)
		case b.Share <= 0 || b.Share > 1:
			return c.errAt(fmt.Sprintf("grading: band %s: share is the part of the games won, more than 0 and at most 1, got %g", b.Name, b.Share), "grading", "bands", i, "share")
		}
		names = append(names, b.Name)
	}
	return nil
}

package cavalo

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestWhyIllegalNamesEveryRule plays random games and asks, in every
// position, why each move that is not legal is not: every one gets a
// reason, no legal move gets one, and each rule is named somewhere (but
// a landing on the other knight, which play never reaches: the knights
// never stand a jump apart).
func TestWhyIllegalNamesEveryRule(t *testing.T) {
	rules := map[string]string{
		"pass":      "passes only when it has none",
		"placement": "the first move places",
		"jump":      "is not a knight's jump from",
		"empty":     "holds no number: it was visited or removed",
		"attacked":  "is attacked by the",
		"no double": "not a double: the double rule removes nothing",
		"removal":   "the double rule removes another double still on the board, and",
		"name it":   "removes another double still on the board: name it",
		"over":      "the game is over",
	}
	seen := map[string]int{}
	var buf [referee.MaxMoves]referee.Move
	for seed := uint64(1); seed <= 12; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		c := New(seed)
		for {
			legal := map[referee.Move]bool{}
			moves := c.Moves(buf[:0])
			for _, m := range moves {
				legal[m] = true
			}
			candidates := []referee.Move{referee.Pass}
			for sq := range Squares {
				candidates = append(candidates, referee.Move(sq))
				for d := 0; d < 100; d += 11 {
					if w := c.where[d]; w >= 0 {
						candidates = append(candidates, referee.Move(sq)|referee.Move(int(w)+1)<<moveRemove)
					}
				}
				candidates = append(candidates, referee.Move(sq)|referee.Move(sq+1)<<moveRemove)
			}
			for _, m := range candidates {
				why := c.WhyIllegal(m)
				if legal[m] {
					if why != "" {
						t.Fatalf("seed %d ply %d: legal move %s explained as illegal: %s", seed, c.Ply(), FormatMove(m), why)
					}
					continue
				}
				if why == "" {
					t.Fatalf("seed %d ply %d: no reason for illegal move %s (%d)", seed, c.Ply(), FormatMove(m), m)
				}
				for name, phrase := range rules {
					if strings.Contains(why, phrase) {
						seen[name]++
					}
				}
			}
			if len(moves) == 0 {
				break
			}
			c.Play(moves[r.IntN(len(moves))])
		}
	}
	for name := range rules {
		if seen[name] == 0 {
			t.Errorf("rule %q never named in 12 random games", name)
		}
	}
}

func TestWhyIllegalExamples(t *testing.T) {
	c := New(1)
	if why := c.WhyIllegal(referee.Pass); why != "white has a move, and passes only when it has none" {
		t.Errorf("pass at the start: %q", why)
	}
	t0 := c.targets(referee.White)
	place := t0.Pop()
	wrong := (place + 1) % 10
	if why := c.WhyIllegal(referee.Move(wrong)); !strings.HasPrefix(why, "the first move places white's knight on the highest number of its home row, "+SquareName(place)) {
		t.Errorf("a placement off the square: %q", why)
	}
}

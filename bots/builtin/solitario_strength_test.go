package builtin

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/games/solitario"
	"github.com/arenabots/arena/referee"
)

// solitarioBots are the built-in bots of the Solitário 2 league, with
// options that make their games reproducible (alphabeta by a node budget).
var solitarioBots = []struct {
	name string
	make func() (bots.Bot, error)
}{
	{"random", func() (bots.Bot, error) { return newRandom(nil) }},
	{"greedy", func() (bots.Bot, error) { return newGreedy(nil) }},
	{"classic", func() (bots.Bot, error) { return newClassic(Options{"depth": "3"}) }},
	{"alphabeta", func() (bots.Bot, error) { return newAlphaBeta(Options{"tt_mb": "4", "nodes": "10000"}) }},
}

// TestSolitarioBotsPlay checks that each built-in bot lists solitario
// and answers the reference positions with a legal move and the state it
// leads to.
func TestSolitarioBotsPlay(t *testing.T) {
	samples, err := solitario.Game{OpeningPlies: 4}.Samples(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range solitarioBots {
		t.Run(b.name, func(t *testing.T) {
			bot, err := b.make()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(bot.Info().Games, solitario.Name) {
				t.Fatalf("%s does not list solitario in its Info: %v", b.name, bot.Info().Games)
			}
			for _, s := range samples {
				ans, err := bot.Jogar(context.Background(), s.State.Clone(), time.Second)
				if err != nil {
					t.Fatalf("%s: %v", s.Name, err)
				}
				m, err := s.State.ParseMove(ans.Move)
				if err != nil || !referee.Legal(s.State, m) {
					t.Fatalf("%s: answer %q is not a legal move (%v)", s.Name, ans.Move, err)
				}
				after := s.State.Clone()
				after.Play(m)
				if ans.State != nil {
					if d := after.(*solitario.Position).Diff(ans.State); d != "" {
						t.Errorf("%s: after %s the claimed state differs: %s", s.Name, ans.Move, d)
					}
				}
			}
		})
	}
}

// TestSolitarioLeague plays a short league of the built-in bots on
// seeded openings (opening_plies 4): each pair meets on 4 boards with both
// colours. alphabeta must finish first, clearly ahead of greedy: more
// than 75% of the points against it (at 10,000 nodes a move it takes 7 of
// 8 and 22 points of 24, as at 20,000; at 5,000, 6.5 of 8).
func TestSolitarioLeague(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 48 games of Solitário 2")
	}
	const rounds = 4
	game := solitario.Game{OpeningPlies: 4}
	points := map[string]float64{}
	head := map[[2]string]float64{} // points of the first against the second
	for i, a := range solitarioBots {
		for _, b := range solitarioBots[i+1:] {
			for round := 1; round <= rounds; round++ {
				seed := referee.RoundSeed(11, round)
				for colour := range 2 {
					pair := [2]string{a.name, b.name}
					makers := [2]func() (bots.Bot, error){a.make, b.make}
					if colour == 1 {
						pair[0], pair[1] = pair[1], pair[0]
						makers[0], makers[1] = makers[1], makers[0]
					}
					var players [2]referee.Player
					for k, mk := range makers {
						bot, err := mk()
						if err != nil {
							t.Fatal(err)
						}
						players[k] = bots.Local(bot)
					}
					rec := referee.Match(context.Background(), game.New(seed), players, referee.MatchOptions{
						Clock: referee.Clock{Tempo: 2 * time.Second, Margin: time.Second},
					})
					if rec.Reason != referee.Normal {
						t.Fatalf("%s-%s seed %#x: %s (%s)", pair[0], pair[1], seed, rec.Reason, rec.Detail)
					}
					for k, side := range []referee.Side{referee.White, referee.Black} {
						p := 0.0
						switch rec.Winner {
						case side:
							p = 1
						case 0:
							p = 0.5
						}
						points[pair[k]] += p
						head[[2]string{pair[k], pair[1-k]}] += p
					}
					t.Logf("%-9s - %-9s seed %#016x: %d-%d", pair[0], pair[1], seed, rec.Scores[0], rec.Scores[1])
				}
			}
		}
	}
	var table string
	for _, b := range solitarioBots {
		table += fmt.Sprintf(" %s %.1f", b.name, points[b.name])
	}
	t.Logf("points of %d games each:%s", 2*rounds*(len(solitarioBots)-1), table)
	for _, b := range solitarioBots[:3] {
		if points["alphabeta"] <= points[b.name] {
			t.Errorf("alphabeta has %.1f points, %s %.1f: want alphabeta first", points["alphabeta"], b.name, points[b.name])
		}
	}
	if ab := head[[2]string{"alphabeta", "greedy"}]; ab <= 0.75*2*rounds {
		t.Errorf("alphabeta took %.1f of %d points from greedy: want more than 75%%", ab, 2*rounds)
	}
}

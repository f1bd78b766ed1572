package adji

import (
	"embed"
	"fmt"

	"github.com/arenabots/arena/referee"
)

// checkData holds the midgames of Samples, written for player 1 on row 0
// and with no rules fields, so that each game's options apply.
//
//go:embed checkdata/*.json
var checkData embed.FS

// Samples returns the start of seed (after the game's opening plies) and
// three midgames: a capture to take, a hole that sows round the board, and
// a late game with few seeds left. The midgames keep their meaning under
// every option: with first_row 1 the board is turned half a turn, which
// maps each row onto the other and keeps the sowing order.
func (g Game) Samples(seed uint64) ([]referee.Sample, error) {
	open := *g.New(seed).(*Position)
	name := fmt.Sprintf("start (seed %d, after %d opening plies)", seed, g.OpeningPlies)
	if open.Terminal() {
		open, name = g.start(), "start (the opening of the seed ends the game)"
	}
	out := []referee.Sample{{Name: name, State: &open}}
	return referee.ReadSamples(out, checkData, g.decodeSample,
		referee.SampleFile{File: "checkdata/capture.json", Name: "midgame, a capture to take"},
		referee.SampleFile{File: "checkdata/round.json", Name: "midgame, a hole that sows round the board"},
		referee.SampleFile{File: "checkdata/late.json", Name: "late game, few seeds left"},
	)
}

// decodeSample reads a midgame of checkdata under g's options: turned half a
// turn when player 1 owns row 1.
func (g Game) decodeSample(data []byte) (referee.State, error) {
	p, err := g.decode(data)
	if err != nil {
		return nil, err
	}
	if g.FirstRow == 1 {
		p.turn()
	}
	return &p, nil
}

// turn turns the board half a turn: hole (r c) goes to (1-r 5-c), so that
// each row takes the other's place and the sowing order is kept.
func (p *Position) turn() {
	var h [Holes]uint8
	for i, n := range p.holes {
		h[Holes-1-i] = n
	}
	p.holes = h
}

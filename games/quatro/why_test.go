package quatro

import (
	"testing"

	"github.com/arenabots/arena/referee"
)

func TestWhyIllegal(t *testing.T) {
	q := load(t, "midgame.json") // A1 BQAC, C1 PRBO, B2 BRAO, D2 PQBC, A3 PRAC, C4 BQBO
	won := load(t, "win.json")
	play(t, &won, "D1:BRAO")
	full := drawnBoard(t)
	for _, c := range []struct {
		name string
		q    *Position
		move string
		m    referee.Move
		want string
	}{
		{"cell taken", &q, "A1:PQAO", 0, "A1 is taken (by BQAC)"},
		{"piece played", &q, "B1:PRBO", 0, "PRBO was played already (on C1)"},
		{"both", &q, "C4:BRAO", 0, "C4 is taken (by BQBO) and BRAO was played already (on B2)"},
		{"pass", &q, "", referee.Pass, "there is no pass in Jogo do Quatro: place a piece of the reserve on an empty cell"},
		{"no such move", &q, "", 256, "the move is no cell and piece of the game"},
		{"legal", &q, "B1:PQAO", 0, ""},
		{"game won", &won, "A4:PQAO", 0, "the game is over: white completed a line"},
		{"board full", &full, "A1:BQAC", 0, "the game is over: the board is full"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := c.m
			if c.move != "" {
				var err error
				if m, err = c.q.ParseMove(c.move); err != nil {
					t.Fatal(err)
				}
			}
			if got := c.q.WhyIllegal(m); got != c.want {
				t.Errorf("WhyIllegal(%s) = %q, want %q", c.q.FormatMove(m), got, c.want)
			}
		})
	}
}

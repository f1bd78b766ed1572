// Command first is the smallest arena bot: it plays the first legal move.
// Build it with `go build` and check it with `arena bot check ./first`.
package main

import (
	"context"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee"
)

type first struct{}

func (first) Info() bots.Info {
	return bots.Info{Name: "first", Author: "you", Version: "1", Games: []string{"cavalo"}}
}

func (first) Jogar(_ context.Context, st referee.State, _ time.Duration) (bots.Answer, error) {
	m := st.Moves(nil)[0] // arena sends only positions with a legal move
	next := st.Clone()
	next.Play(m)
	return bots.Answer{Move: st.FormatMove(m), State: next}, nil
}

func main() { bots.Serve(first{}) }

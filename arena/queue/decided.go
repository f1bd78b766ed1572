package queue

import (
	"context"
	"errors"
	"fmt"

	"github.com/arenabots/arena/arena/tournament"
	"github.com/nats-io/nats.go/jetstream"
)

// withdraw deletes from the games stream the specs of left that no worker
// has been handed yet, those after the last stream sequence the workers'
// consumer delivered, and drops them from left: the league is decided and
// needs no more games. The specs that workers hold stay in left: their
// games end and are recorded. seqs are the specs' stream sequences. A
// worker that takes a spec between the consumer's count and its deletion
// plays the game for nothing: its result is not one of left, and is
// dropped.
func (c *Coordinator) withdraw(ctx context.Context, games jetstream.Stream, seqs map[string]uint64, left map[string]tournament.Scheduled) error {
	cons, err := games.Consumer(ctx, workersName)
	if err != nil {
		return fmt.Errorf("withdrawing the games no longer needed: %w", err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return fmt.Errorf("withdrawing the games no longer needed: %w", err)
	}
	withdrawn := 0
	for id := range left {
		seq, ok := seqs[id]
		if !ok || seq <= info.Delivered.Stream {
			continue
		}
		if err := games.DeleteMsg(ctx, seq); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
			return fmt.Errorf("withdrawing game %s: %w", id, err)
		}
		delete(left, id)
		withdrawn++
	}
	c.notify(fmt.Sprintf("the league is decided: withdrew %d queued games; %d games that workers hold end and are recorded", withdrawn, len(left)))
	return nil
}

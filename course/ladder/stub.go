package ladder

import (
	"context"
	"errors"
	"io"
	"time"
)

var errNotYet = errors.New("not yet")

// Ladder is an open ladder.
type Ladder struct{}

func open(dir string, opt Options) (*Ladder, error)      { return nil, errNotYet }
func (l *Ladder) close() error                           { return nil }
func (l *Ladder) run(ctx context.Context) error          { return errNotYet }
func (l *Ladder) authenticate(string) (Principal, error) { return Principal{}, ErrUnauthorized }
func (l *Ladder) upload(context.Context, string, io.Reader, string, func(Stage)) (Version, error) {
	return Version{}, errNotYet
}
func (l *Ladder) standings() ([]Standing, error)             { return nil, errNotYet }
func (l *Ladder) group(string, Principal) (GroupView, error) { return GroupView{}, errNotYet }
func (l *Ladder) games(string, int) ([]Game, error)          { return nil, errNotYet }
func (l *Ladder) game(int64) (Replay, error)                 { return Replay{}, errNotYet }
func (l *Ladder) status() State                              { return State{} }
func (l *Ladder) subscribe() (<-chan Event, func())          { return nil, func() {} }
func (l *Ladder) setDisabled(string, bool) error             { return errNotYet }
func (l *Ladder) freeze(time.Time) (FreezeResult, error)     { return FreezeResult{}, errNotYet }

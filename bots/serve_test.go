package bots

import (
	"context"
	"errors"
	"testing"

	"google.golang.org/grpc/codes"

	pb "github.com/arenabots/arena/proto"
)

// newGameBot counts the new games it is told of; told with fail set, it
// refuses.
type newGameBot struct {
	infoBot
	games int
	fail  bool
}

func (b *newGameBot) NewGame(context.Context) error {
	if b.fail {
		return errors.New("no new game for me")
	}
	b.games++
	return nil
}

// TestAnswerNovoJogo: a Pedido of NovoJogo, as the lean call channel
// carries it, tells the bot of the new game and is answered without a
// Jogada, or with the bot's error as a status.
func TestAnswerNovoJogo(t *testing.T) {
	novo := &pb.Pedido{NovoJogo: &pb.NovoJogoRequest{Game: "cavalo"}, PrazoUs: 1e6}
	for _, tt := range []struct {
		name  string
		fail  bool
		code  codes.Code
		games int
	}{{"told", false, codes.OK, 1}, {"refused", true, codes.Unknown, 0}} {
		t.Run(tt.name, func(t *testing.T) {
			b := &newGameBot{fail: tt.fail}
			r := (&server{bot: b}).answer(context.Background(), novo)
			if codes.Code(r.GetCode()) != tt.code || r.GetJogada() != nil || b.games != tt.games {
				t.Errorf("answer = code %v, jogada %v, %d games told; want code %v, no jogada, %d", codes.Code(r.GetCode()), r.GetJogada(), b.games, tt.code, tt.games)
			}
			if tt.fail && r.GetMessage() != "no new game for me" {
				t.Errorf("message %q, want the bot's error", r.GetMessage())
			}
		})
	}
}

package wire

import (
	"context"
	"slices"

	"google.golang.org/grpc/metadata"
)

// ClockKey is the gRPC metadata key of a Jogar call charged the bot's CPU
// time (a league's clock: cpu, where the host measures it), with the value
// ClockCPU; a call charged its wall time carries no such key. It is
// metadata, not a field of jogador.proto, so that bots built before it
// speak the same protocol.
const (
	ClockKey = "arena-clock"
	ClockCPU = "cpu"
)

// WithCPUClock returns ctx, the host's context of a Jogar call, marked as
// charged the bot's CPU time.
func WithCPUClock(ctx context.Context) context.Context {
	return metadata.AppendToOutgoingContext(ctx, ClockKey, ClockCPU)
}

// ChargedCPU reports whether the Jogar call whose server-side context is
// ctx is charged the bot's CPU time.
func ChargedCPU(ctx context.Context) bool {
	// The key's values alone: FromIncomingContext copies every header.
	return slices.Contains(metadata.ValueFromIncomingContext(ctx, ClockKey), ClockCPU)
}

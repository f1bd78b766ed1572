package wire

import (
	"context"
	"testing"

	"google.golang.org/grpc/metadata"
)

// TestChargedCPU: a call is charged the bot's CPU time when its incoming
// metadata carries ClockKey with ClockCPU, and only then.
func TestChargedCPU(t *testing.T) {
	for _, tc := range []struct {
		name string
		md   metadata.MD
		want bool
	}{
		{"no metadata", nil, false},
		{"wall clock", metadata.Pairs("user-agent", "grpc-go"), false},
		{"cpu clock", metadata.Pairs("user-agent", "grpc-go", ClockKey, ClockCPU), true},
		{"another value", metadata.Pairs(ClockKey, "wall"), false},
		{"key not lower case", metadata.MD{"Arena-Clock": {ClockCPU}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.md != nil {
				ctx = metadata.NewIncomingContext(ctx, tc.md)
			}
			if got := ChargedCPU(ctx); got != tc.want {
				t.Errorf("ChargedCPU = %v, want %v", got, tc.want)
			}
		})
	}
}

// BenchmarkChargedCPU reads the mark from the metadata a call of the host
// carries.
func BenchmarkChargedCPU(b *testing.B) {
	ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs(
		":authority", "localhost", "content-type", "application/grpc", "user-agent", "grpc-go/1.85.0",
		"grpc-timeout", "1249999u", ClockKey, ClockCPU))
	for b.Loop() {
		if !ChargedCPU(ctx) {
			b.Fatal("not charged")
		}
	}
}

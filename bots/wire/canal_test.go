package wire

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"google.golang.org/protobuf/proto"

	pb "github.com/arenabots/arena/proto"
)

// TestFrames: a frame written is read back as it was; a frame over the
// limit, one that is not a message of the type read, one cut short and
// none at all are each the error that says so.
func TestFrames(t *testing.T) {
	want := &pb.Resposta{Jogada: &pb.Jogada{Move: "E5", Stats: &pb.Stats{Nodes: 7}}}
	var good bytes.Buffer
	if err := WriteFrame(&good, want); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		in    []byte
		limit int
		want  error // nil: want read back
	}{
		{"good", good.Bytes(), 1 << 20, nil},
		{"at the limit", good.Bytes(), good.Len() - frameHeader, nil},
		{"over the limit", good.Bytes(), good.Len() - frameHeader - 1, ErrFrameTooLarge},
		{"huge", []byte{0xff, 0xff, 0xff, 0xff}, 1 << 20, ErrFrameTooLarge},
		{"not a message", []byte{0, 0, 0, 3, 0xff, 0xff, 0xff}, 1 << 20, ErrBadFrame},
		{"cut short", good.Bytes()[:good.Len()-1], 1 << 20, io.ErrUnexpectedEOF},
		{"header cut short", []byte{0, 0}, 1 << 20, io.ErrUnexpectedEOF},
		{"nothing", nil, 1 << 20, io.EOF},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got pb.Resposta
			err := ReadFrame(bytes.NewReader(tc.in), tc.limit, &got)
			switch {
			case tc.want == nil && err != nil:
				t.Fatalf("ReadFrame: %v", err)
			case tc.want == nil && !proto.Equal(&got, want):
				t.Errorf("read %v, want %v", &got, want)
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("ReadFrame: %v, want %v", err, tc.want)
			}
		})
	}
}

package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"google.golang.org/protobuf/proto"
)

// The lean call channel ("canal"): a bot of the Go SDK, asked by arena,
// carries its calls of Jogar over a Unix socket of its own, beside
// go-plugin's gRPC connection, as frames: a Pedido a call, answered by one
// Resposta, each a 4-byte big-endian length and the message's bytes
// (proto/README.md). It spares a call gRPC's HTTP/2 framing and the
// hand-offs between the goroutines of gRPC's connections, in both
// processes.

// CanalKey is the gRPC metadata key of the channel. arena sends it, with
// CanalAsk, in the headers of its Info call; a bot that serves the channel
// listens on a Unix socket in its socket directory and answers, in Info's
// response headers, the socket's address under this key.
const CanalKey = "arena-canal"

// CanalAsk is CanalKey's value in arena's Info call.
const CanalAsk = "1"

// CanalNovoJogoKey is a response header of Info, with the value "1", of a
// bot that takes NovoJogo on its channel too (a Pedido's novo_jogo): a bot
// built before it is told of a new game over gRPC.
const CanalNovoJogoKey = "arena-canal-novo-jogo"

// CanalName is the name of the channel's socket in the bot's socket
// directory (go-plugin's, $PLUGIN_UNIX_SOCKET_DIR).
const CanalName = "arena-canal.sock"

// ErrFrameTooLarge is ReadFrame's error for a frame longer than its limit:
// the frame is not read.
var ErrFrameTooLarge = errors.New("frame too large")

// ErrBadFrame is ReadFrame's error for a frame that is not a message of
// the type read.
var ErrBadFrame = errors.New("frame not decodable")

// frameHeader is the length of a frame's header: its length, big-endian.
const frameHeader = 4

// WriteFrame writes m to w as one frame, in one write.
func WriteFrame(w io.Writer, m proto.Message) error {
	size := proto.Size(m)
	if uint64(size) > 1<<32-1 {
		return fmt.Errorf("%w: %d bytes", ErrFrameTooLarge, size)
	}
	buf := make([]byte, frameHeader, frameHeader+size)
	binary.BigEndian.PutUint32(buf, uint32(size))
	buf, err := proto.MarshalOptions{}.MarshalAppend(buf, m)
	if err != nil {
		return err
	}
	_, err = w.Write(buf)
	return err
}

// ReadFrame reads one frame from r into m. A frame longer than limit bytes
// is ErrFrameTooLarge, a frame that is not a message of m's type
// ErrBadFrame, an end of r within a frame
// io.ErrUnexpectedEOF, and an end of r before it io.EOF; r is then out of
// step with its writer.
func ReadFrame(r io.Reader, limit int, m proto.Message) error {
	var h [frameHeader]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return err
	}
	n := binary.BigEndian.Uint32(h[:])
	if uint64(n) > uint64(limit) {
		return fmt.Errorf("%w: %d bytes, more than %d", ErrFrameTooLarge, n, limit)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	if err := proto.Unmarshal(buf, m); err != nil {
		return fmt.Errorf("%w: %w", ErrBadFrame, err)
	}
	return nil
}

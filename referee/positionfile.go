package referee

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// DecodePositionFile reads data, a game's position file in JSON, into v
// strictly: no unknown field, nothing after the value. Its errors start with
// "position:" and give the line and column of JSON mistakes, so that every
// game reports a bad file the same way.
func DecodePositionFile(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(data, err)
	}
	if rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		return fmt.Errorf("position: %s: data after the position", lineCol(data, len(data)-len(rest)))
	}
	return nil
}

// DecodeGameFile is DecodePositionFile for a file that names its game:
// once v is read, the field game points into must hold name, the game's.
func DecodeGameFile(data []byte, name string, v any, game *string) error {
	return decodeGameFile(data, name, v, game, false)
}

// DecodeOptionalGameFile is DecodeGameFile for a file that may leave its
// game out: the field game points into, when given, must hold name.
func DecodeOptionalGameFile(data []byte, name string, v any, game *string) error {
	return decodeGameFile(data, name, v, game, true)
}

func decodeGameFile(data []byte, name string, v any, game *string, optional bool) error {
	if err := DecodePositionFile(data, v); err != nil {
		return err
	}
	if *game != name && !(optional && *game == "") {
		return fmt.Errorf("position: game is %q, want %q", *game, name)
	}
	return nil
}

// DecodeState returns what decode, a game's reader of its position file
// that returns a position by value, reads of data, as a State: the body of
// every game's Game.Decode.
func DecodeState[T any, P interface {
	*T
	State
}](decode func([]byte) (T, error), data []byte) (State, error) {
	p, err := decode(data)
	if err != nil {
		return nil, err
	}
	return P(&p), nil
}

// jsonError turns an error of encoding/json into one line that says where in
// data the mistake is.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New("position: empty file")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("position: unexpected end of file")
	case errors.As(err, &syn):
		return fmt.Errorf("position: %s: %w", lineCol(data, int(syn.Offset)-1), err)
	case errors.As(err, &typ):
		return fmt.Errorf("position: %s: %w", lineCol(data, int(typ.Offset)-1), err)
	}
	return fmt.Errorf("position: %w", err)
}

// lineCol names where the byte data[i] is, as a line and a column counted
// from 1.
func lineCol(data []byte, i int) string {
	before := data[:min(max(i, 0), len(data))]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

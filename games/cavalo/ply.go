package cavalo

// SetPly sets the number of moves c counts as played (Ply). It is for
// adapters that rebuild a position sent over the wire, where the move number
// travels beside the board; decoding a position file leaves it at 0.
func (c *Position) SetPly(n int) { c.ply = int32(n) }

package cavalo

import (
	"github.com/arenabots/arena/referee"
)

// Zobrist keys of Jogo do Cavalo, drawn once from a fixed seed so that hashes
// are the same in every run: one key per square for "holds a number" (the
// numbers never move, so a square stands for its number), one per side and
// knight square with index 100 for "not placed yet" (its placement is
// pending), and one for Black to move.
//
// The hash also mixes in the score difference (referee.LeadKey): values depend on
// it, and the same board is reached with different scores (taking 12 and
// losing 21 to the twin rule, or the reverse, can lead to the same squares),
// so a table keyed by the board alone would hand one position's value to
// another.
var (
	numberKeys, knightKeys, blackKey = zobristKeys(0x61726e6163617661) // "arnacava"
)

// notPlaced is the knightKeys index of a knight before its placement.
const notPlaced = Squares

// zobristKeys draws the keys from SplitMix64 seeded with seed.
func zobristKeys(seed uint64) (num [Squares]uint64, knight [2][Squares + 1]uint64, black referee.TurnKey) {
	r := referee.SplitMix64{State: seed}
	r.Fill(num[:])
	for s := range knight {
		r.Fill(knight[s][:])
	}
	return num, knight, referee.TurnKey(r.Next())
}

// lead returns White's lead in p.
func lead(p *Position) int {
	s := p.Scores()
	return s[0] - s[1]
}

// knightIndex is the knightKeys index of a knight on sq (-1: not placed).
func knightIndex(sq int) int {
	if sq < 0 {
		return notPlaced
	}
	return sq
}

// Hash returns the Zobrist hash of p: its numbers, knights, side to move and
// score difference. p is a *Position.
func (e *Evaluator) Hash(st referee.State) uint64 {
	p := st.(*Position)
	h := blackKey.Start(p.ToMove(), lead(p))
	for sq := range Squares {
		if p.Cell(sq) >= 0 {
			h ^= numberKeys[sq]
		}
	}
	h ^= knightKeys[0][knightIndex(p.Knight(referee.White))]
	h ^= knightKeys[1][knightIndex(p.Knight(referee.Black))]
	return h
}

// HashAfter returns the hash of p after m from h = Hash(p): the side to move
// changes, the mover's knight leaves its square (or its pending placement)
// for the target, the target's number, its digit-swapped twin and a removed
// double leave the board, and the mover scores the number. p is a
// *Position.
func (e *Evaluator) HashAfter(h uint64, st referee.State, m referee.Move) uint64 {
	p := st.(*Position)
	h, done := blackKey.After(h, m)
	if done {
		return h
	}
	side := p.ToMove()
	i := side.Index()
	to, removed := decodeMove(m)
	h ^= knightKeys[i][knightIndex(p.Knight(side))] ^ knightKeys[i][to] ^ numberKeys[to]
	n, d := p.Cell(to), lead(p)
	if side == referee.White {
		h ^= referee.LeadKey(d) ^ referee.LeadKey(d+n)
	} else {
		h ^= referee.LeadKey(d) ^ referee.LeadKey(d-n)
	}
	if tw := twin(n); tw >= 0 {
		if sq := int(e.sqOf[tw]); sq >= 0 && p.Cell(sq) == tw {
			h ^= numberKeys[sq]
		}
	}
	if removed >= 0 {
		h ^= numberKeys[removed]
	}
	return h
}

// decodeMove splits a move (not Pass) into its target square and the
// square of the double it removes (-1 for none).
func decodeMove(m referee.Move) (to, removed int) {
	return int(m & moveTo), int(m>>moveRemove) - 1
}

// twin returns the number with n's digits swapped (n read with two digits),
// or -1 when n is a double.
func twin(n int) int {
	t, u := n/10, n%10
	if t == u {
		return -1
	}
	return u*10 + t
}

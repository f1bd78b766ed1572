package search

import (
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// Zobrist keys of Jogo do Cavalo, drawn once from a fixed seed so that hashes
// are the same in every run: one key per square for "holds a number" (the
// numbers never move, so a square stands for its number), one per side and
// knight square with index 100 for "not placed yet" (its placement is
// pending), and one for Black to move.
//
// The hash also mixes in the score difference (scoreKey): values depend on
// it, and the same board is reached with different scores (taking 12 and
// losing 21 to the twin rule, or the reverse, can lead to the same squares),
// so a table keyed by the board alone would hand one position's value to
// another.
var (
	numberKeys, knightKeys, blackKey = zobristKeys(0x61726e6163617661) // "arnacava"
)

// notPlaced is the knightKeys index of a knight before its placement.
const notPlaced = cavalo.Squares

func zobristKeys(seed uint64) (num [cavalo.Squares]uint64, knight [2][cavalo.Squares + 1]uint64, black uint64) {
	next := func() uint64 { // SplitMix64
		seed += 0x9E3779B97F4A7C15
		z := seed
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for i := range num {
		num[i] = next()
	}
	for s := range knight {
		for i := range knight[s] {
			knight[s][i] = next()
		}
	}
	return num, knight, next()
}

// scoreKey is the hash component of White's lead d (negative when Black
// leads): SplitMix64's finaliser of d, a bijection, so that different leads
// never share a key.
func scoreKey(d int) uint64 {
	z := uint64(d) * 0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// lead returns White's lead in p.
func lead(p *cavalo.Position) int {
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
// score difference.
func (e *CavaloEval) Hash(p *cavalo.Position) uint64 {
	h := scoreKey(lead(p))
	for sq := range cavalo.Squares {
		if p.Cell(sq) >= 0 {
			h ^= numberKeys[sq]
		}
	}
	h ^= knightKeys[0][knightIndex(p.Knight(referee.White))]
	h ^= knightKeys[1][knightIndex(p.Knight(referee.Black))]
	if p.ToMove() == referee.Black {
		h ^= blackKey
	}
	return h
}

// HashAfter returns the hash of p after m from h = Hash(p): the side to move
// changes, the mover's knight leaves its square (or its pending placement)
// for the target, the target's number, its digit-swapped twin and a removed
// double leave the board, and the mover scores the number.
func (e *CavaloEval) HashAfter(h uint64, p *cavalo.Position, m referee.Move) uint64 {
	h ^= blackKey
	if m == referee.Pass {
		return h
	}
	side := p.ToMove()
	i := side.Index()
	to, removed := decodeMove(m)
	h ^= knightKeys[i][knightIndex(p.Knight(side))] ^ knightKeys[i][to] ^ numberKeys[to]
	n, d := p.Cell(to), lead(p)
	if side == referee.White {
		h ^= scoreKey(d) ^ scoreKey(d+n)
	} else {
		h ^= scoreKey(d) ^ scoreKey(d-n)
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

// decodeMove splits a Cavalo move (not Pass) into its target square and the
// square of the double it removes (-1 for none). It mirrors referee's
// encoding, target | (removed+1)<<8, which a test checks against
// cavalo.FormatMove.
func decodeMove(m referee.Move) (to, removed int) {
	return int(m & 0xff), int(m>>8) - 1
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

package solitario

import (
	"math/bits"

	"github.com/arenabots/arena/referee"
)

// Zobrist keys of Solitário 2, drawn once from a fixed seed so that hashes
// are the same in every run: one key per side and cell for "holds a peg
// of that side", one per side for "has made its first move", and one for
// Black to move. The hash also mixes in the difference of the captures
// (referee.LeadKey): a position file may give captures that its pegs do
// not show.
var pegKeys, movedKeys, blackKey = zobristKeys(0x61726e61736f6c32) // "arnasol2"

// zobristKeys draws the keys from SplitMix64 seeded with seed.
func zobristKeys(seed uint64) (pegs [2][cells]uint64, moved [2]uint64, black referee.TurnKey) {
	r := referee.SplitMix64{State: seed}
	for s := range pegs {
		r.Fill(pegs[s][:])
	}
	r.Fill(moved[:])
	return pegs, moved, referee.TurnKey(r.Next())
}

// Hash returns the Zobrist hash of p, a *Position: its pegs, first moves
// made, side to move and difference of captures.
func (e *Evaluator) Hash(st referee.State) uint64 {
	p := st.(*Position)
	h := blackKey.Start(p.toMove, int(p.captures[0])-int(p.captures[1]))
	for s := range p.pegs {
		for b := p.pegs[s]; b != 0; b &= b - 1 {
			h ^= pegKeys[s][bits.TrailingZeros64(uint64(b))]
		}
		if p.moved[s] {
			h ^= movedKeys[s]
		}
	}
	return h
}

// HashAfter returns the hash of p, a *Position, after m from h = Hash(p):
// the turn passes; the mover's peg leaves its origin for the hole it
// lands on, its first move is made, and a jump removes the opponent's
// peg it passes over and adds a capture.
func (e *Evaluator) HashAfter(h uint64, st referee.State, m referee.Move) uint64 {
	p := st.(*Position)
	h, done := blackKey.After(h, m)
	if done {
		return h
	}
	i := p.toMove.Index()
	sq, op := int(m&moveCell), int(m>>moveOp)
	d := op % directions
	to := int(neighbour[sq][d])
	if op >= jumpOp {
		h ^= pegKeys[1-i][to]
		lead := int(p.captures[0]) - int(p.captures[1])
		after := lead + 1
		if i == 1 {
			after = lead - 1
		}
		h ^= referee.LeadKey(lead) ^ referee.LeadKey(after)
		to = int(neighbour[to][d])
	}
	h ^= pegKeys[i][sq] ^ pegKeys[i][to]
	if !p.moved[i] {
		h ^= movedKeys[i]
	}
	return h
}

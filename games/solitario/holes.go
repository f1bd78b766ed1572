package solitario

// Size is the side of the grid the cross of holes is drawn on: 7 rows of 7
// cells, of which Holes are on the board.
const Size = 7

// Holes is the number of holes of the cross.
const Holes = 33

// cells is the number of cells of the grid, on the board or not. A cell
// is indexed (row-1)*Size + (col-1), row 1 (player 1's side) first.
const cells = Size * Size

// The four directions, in the order of the operators c, b, e, d (up, down,
// left, right); a jump adds 4 to the direction (cc, cb, ce, cd).
const (
	up = iota
	down
	left
	right
	directions
)

// ops are the operators of the notation, indexed by a move's op: the four
// steps, then the four jumps.
var ops = [2 * directions]string{"c", "b", "e", "d", "cc", "cb", "ce", "cd"}

// dirName names each direction for people.
var dirName = [directions]string{"up", "down", "left", "right"}

// OnBoard reports whether (row col), counted from 1, is a hole of the
// cross: inside the grid, and not in a corner where both the row and the
// column are in {1, 2, 6, 7}.
func OnBoard(row, col int) bool {
	if row < 1 || row > Size || col < 1 || col > Size {
		return false
	}
	edge := func(x int) bool { return x <= 2 || x >= 6 }
	return !(edge(row) && edge(col))
}

// bitset is a set of cells, bit i for cell i.
type bitset uint64

func bit(sq int) bitset { return 1 << uint(sq) }

// onBoard is the set of the Holes cells of the cross.
var onBoard = func() (b bitset) {
	for sq := range cells {
		if OnBoard(sq/Size+1, sq%Size+1) {
			b |= bit(sq)
		}
	}
	return b
}()

// startHoles[i] are the six start holes of side i+1: rows 1-2 (White) or
// 6-7 (Black), columns 3-5.
var startHoles = func() (s [2]bitset) {
	for _, c := range []int{2, 3, 4} {
		s[0] |= bit(0*Size+c) | bit(1*Size+c)
		s[1] |= bit(5*Size+c) | bit(6*Size+c)
	}
	return s
}()

// firstRow[i] are the cells side i+1's first move may start from, row 2
// (White) or row 6 (Black), and firstDir[i] the direction it must take.
var (
	firstRow = [2]bitset{0x7f << (1 * Size), 0x7f << (5 * Size)}
	firstDir = [2]int{down, up}
)

// neighbour[sq][d] is the cell next to sq in direction d, or -1 when it
// is off the board (or sq is).
var neighbour = func() (t [cells][directions]int8) {
	dr := [directions]int{-1, 1, 0, 0}
	dc := [directions]int{0, 0, -1, 1}
	for sq := range cells {
		r, c := sq/Size+1, sq%Size+1
		for d := range directions {
			t[sq][d] = -1
			if OnBoard(r, c) && OnBoard(r+dr[d], c+dc[d]) {
				t[sq][d] = int8((r+dr[d]-1)*Size + c + dc[d] - 1)
			}
		}
	}
	return t
}()

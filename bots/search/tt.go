package search

import (
	"unsafe"

	"github.com/arenabots/arena/referee"
)

// Bound kinds of a table entry.
const (
	boundExact uint8 = iota + 1 // value is the position's value at depth
	boundLower                  // the search failed high: value or more
	boundUpper                  // the search failed low: value or less
)

// entry is one slot of the transposition table, 16 bytes.
type entry struct {
	check uint32       // the key's high half, to tell positions apart
	move  referee.Move // the best (or refuting) move found, or noMove
	value int32
	depth int8
	bound uint8
	gen   uint8 // the search that wrote it, for replacement
	// fill is the table's fill when the entry was written: entries of
	// another fill are empty slots (0, the allocated table's, is none).
	fill uint8
}

// hugePage is the size of a huge page (2 MiB on x86-64 and arm64 Linux), to
// which newTable aligns a large table.
const hugePage = 2 << 20

// bucketSize entries share a 64-byte bucket; a key may sit in any of them.
const bucketSize = 4

type bucket [bucketSize]entry

// table is the transposition table: buckets chosen by the key's low bits.
// It is allocated once; clear empties it by starting a new fill, and the
// generation counter ages its entries.
type table struct {
	buckets []bucket
	mask    uint64
	gen     uint8
	fill    uint8
}

// newTable returns a table of at most mb MiB (at least one bucket), a power
// of two of buckets. A table of a huge page or more starts on a huge page,
// which it asks the system to back with huge pages: a probe goes to a bucket
// anywhere in the table, and on pages of 4 KiB nearly every probe also
// misses the processor's table of pages (the TLB).
func newTable(mb int) table {
	n := uint64(1)
	for n*2*64 <= uint64(max(mb, 0))<<20 {
		n *= 2
	}
	var b []bucket
	if per := uint64(hugePage / unsafe.Sizeof(bucket{})); n >= per {
		b = make([]bucket, n+per)
		off := (hugePage - uintptr(unsafe.Pointer(&b[0]))%hugePage) % hugePage
		b = b[off/unsafe.Sizeof(bucket{}):][:n:n]
		adviseHuge(unsafe.Pointer(&b[0]), uintptr(n)*unsafe.Sizeof(bucket{}))
	} else {
		b = make([]bucket, n)
	}
	return table{buckets: b, mask: n - 1, fill: 1}
}

// clear empties the table: its entries become another fill's, and only
// when the fills wrap around are they cleared.
func (t *table) clear() {
	t.fill++
	if t.fill == 0 {
		clear(t.buckets)
		t.fill = 1
	}
	t.gen = 0
}

// age starts a new search: entries of older searches are replaced first.
func (t *table) age() { t.gen++ }

// probe returns the entry of key, if the table holds one.
func (t *table) probe(key uint64) (entry, bool) {
	b := &t.buckets[key&t.mask]
	check := uint32(key >> 32)
	for i := range b {
		if b[i].check == check && b[i].fill == t.fill {
			return b[i], true
		}
	}
	return entry{}, false
}

// prefetch starts bringing key's bucket into the cache, so that a probe of
// key a little later does not wait for memory.
func (t *table) prefetch(key uint64) { prefetch(unsafe.Pointer(&t.buckets[key&t.mask])) }

// store records a search result for key, replacing the entry of the same
// key, else the empty, oldest or shallowest entry of its bucket.
func (t *table) store(key uint64, depth int, value int32, bound uint8, move referee.Move) {
	b := &t.buckets[key&t.mask]
	check := uint32(key >> 32)
	victim, worst := 0, 1<<30
	for i := range b {
		e := &b[i]
		if e.fill != t.fill || e.check == check {
			victim = i
			break
		}
		// Prefer to replace entries of old searches, then shallow ones.
		w := int(e.depth)
		if e.gen == t.gen {
			w += 256
		}
		if w < worst {
			victim, worst = i, w
		}
	}
	e := &b[victim]
	if e.fill == t.fill && e.check == check && move == noMove {
		move = e.move // keep the old best move when this search found none
	}
	*e = entry{check: check, move: move, value: value, depth: int8(depth), bound: bound, gen: t.gen, fill: t.fill}
}

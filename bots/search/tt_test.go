package search

import (
	"testing"
	"unsafe"
)

// TestTableClear checks that a cleared table holds nothing of before, over
// enough clears for its fills to wrap around, and keeps what it is given
// after.
func TestTableClear(t *testing.T) {
	tt := newTable(0)
	for i := range 600 {
		key := uint64(i)<<32 | 1
		if _, ok := tt.probe(key - 1<<32); ok && i > 0 {
			t.Fatalf("clear %d: the entry of before is still there", i)
		}
		tt.store(key, 3, 7, boundExact, 5)
		if e, ok := tt.probe(key); !ok || e.move != 5 || e.value != 7 {
			t.Fatalf("clear %d: probe = %+v, %v after storing", i, e, ok)
		}
		tt.clear()
		if _, ok := tt.probe(key); ok {
			t.Fatalf("clear %d: the entry survived", i)
		}
	}
}

// TestTableAligned checks that a table of a huge page or more holds its
// buckets from a huge page's start, and a smaller one all it was asked for.
func TestTableAligned(t *testing.T) {
	for _, tc := range []struct {
		mb      int
		buckets int
		aligned bool
	}{
		{0, 1, false},
		{1, 1 << 14, false},
		{2, 1 << 15, true},
		{16, 1 << 18, true},
	} {
		tt := newTable(tc.mb)
		if len(tt.buckets) != tc.buckets || cap(tt.buckets) != tc.buckets || tt.mask != uint64(tc.buckets-1) {
			t.Errorf("newTable(%d): %d buckets (cap %d, mask %#x), want %d", tc.mb, len(tt.buckets), cap(tt.buckets), tt.mask, tc.buckets)
		}
		if at := uintptr(unsafe.Pointer(&tt.buckets[0])) % hugePage; tc.aligned && at != 0 {
			t.Errorf("newTable(%d) starts %d bytes into a huge page", tc.mb, at)
		}
	}
}

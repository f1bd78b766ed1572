package search

import "testing"

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

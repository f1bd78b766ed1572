package referee

import "testing"

// TestReasonTexts checks that every reason has its short name, which reads
// back, and its long text.
func TestReasonTexts(t *testing.T) {
	for r := Normal; r <= Resigned; r++ {
		var back Reason
		if err := back.UnmarshalText([]byte(r.String())); err != nil || back != r {
			t.Errorf("%d: %q reads back as %v, %v", r, r.String(), back, err)
		}
		if r.Text() == "" || r.Text() == r.String() {
			t.Errorf("%v: long text %q", r, r.Text())
		}
	}
	if got := faultReason(FaultResign); got != Resigned {
		t.Errorf("a resignation's fault is judged %v, want resigned", got)
	}
}

package tournament

import "testing"

// TestSwissPairingGivesUp builds a round that cannot be paired, which the
// search only finds out at its last bots: it must give up after
// maxPairingSteps instead of trying every pairing of the others.
func TestSwissPairingGivesUp(t *testing.T) {
	const n = 30
	met := map[[2]int]bool{}
	for _, last := range []int{n - 2, n - 1} { // both may meet bot 0 alone
		for b := 1; b < n; b++ {
			if b != last {
				met[[2]int{last, b}], met[[2]int{b, last}] = true, true
			}
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	p := &pairing{met: met, points: make([]float64, n)}
	if pairs, bye, ok := p.pair(order, make([]bool, n)); ok {
		t.Fatalf("paired %v (bye %d), want no pairing", pairs, bye)
	}
	if p.steps != maxPairingSteps {
		t.Errorf("gave up after %d steps, want %d", p.steps, maxPairingSteps)
	}
}

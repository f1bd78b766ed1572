package similarity

// print is one fingerprint: the hash of n tokens from pos in its
// submission's tokens, in its top-level form number form.
type print struct {
	h            uint64
	pos, n, form int32
}

// mix spreads the bits of a hash (splitmix64's finaliser), so that the
// smallest hash of a window is a fair choice.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// wholeSeed marks the hash of a whole form, so that it never equals a
// k-gram's.
const wholeSeed = 0x9e3779b97f4a7c15

// kgramBase is the base of the polynomial hash of k tokens.
const kgramBase = 0x100000001b3

// winnow appends to dst the fingerprints of the top-level form f, number
// index, of toks: by winnowing (Schleimer, Wilkerson, Aiken 2003) the
// hashes of its k-grams, the smallest in each window of w consecutive
// k-grams (the rightmost on a tie), each recorded once; and, when the form
// has at least minWhole tokens, the hash of the whole form.
//
// Any run of at least w+k-1 tokens that two forms share thus gives them a
// fingerprint in common, and no run shorter than k does.
func winnow(dst []print, toks []token, f form, index int32, k, w, minWhole int) []print {
	from, to := f.from, f.to
	n := int(to - from)
	if n >= minWhole {
		h := uint64(wholeSeed)
		for _, t := range toks[from:to] {
			h = h*kgramBase + t.h
		}
		dst = append(dst, print{h: mix(h), pos: from, n: int32(n), form: index})
	}
	if n < k {
		return dst
	}
	// The k-gram hashes, rolling.
	grams := make([]uint64, 0, n-k+1)
	var h, top uint64 = 0, 1
	for i := 0; i < k-1; i++ {
		top *= kgramBase
	}
	for i := 0; i < n; i++ {
		if i >= k {
			h -= toks[int(from)+i-k].h * top
		}
		h = h*kgramBase + toks[int(from)+i].h
		if i >= k-1 {
			grams = append(grams, mix(h))
		}
	}
	last := -1
	win := min(w, len(grams))
	for end := win; end <= len(grams); end++ {
		best := end - win
		for i := best + 1; i < end; i++ {
			if grams[i] <= grams[best] {
				best = i
			}
		}
		if best != last {
			dst = append(dst, print{h: grams[best], pos: from + int32(best), n: int32(k), form: index})
			last = best
		}
	}
	return dst
}

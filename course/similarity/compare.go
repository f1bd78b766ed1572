package similarity

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/referee/sexp"
)

// Entry is one submission to compare.
type Entry struct {
	// Name is the folder's or zip's name as handed in.
	Name string
	// Root is the folder its files are in (a zip's unpacked copy).
	Root string
	// Past marks a submission of a past year: it is compared with this
	// year's, never with other past ones.
	Past bool
}

// Entries returns the entries of submissions listed by intake.List, named
// as handed in, marked past or not.
func Entries(subs []intake.Submission, past bool) []Entry {
	out := make([]Entry, len(subs))
	for i, s := range subs {
		out[i] = Entry{Name: filepath.Base(s.Source), Root: s.Root, Past: past}
	}
	return out
}

// Options configure a comparison. The zero value compares with the
// defaults.
type Options struct {
	// Base are the files given to every group (the course's rules, the code
	// of a project it allows to reuse): what they hold is left out, and
	// the names they define stay as they are.
	Base []string
	// K is the noise threshold, in tokens: no shared run shorter is seen
	// (default 12). Window is the winnowing window (default 8): any shared
	// run of K+Window-1 tokens is seen.
	K, Window int
	// MaxShare: a fingerprint found in more than this share of the
	// submissions (and in more than 3) is a common idiom and is left out
	// (default 0.2).
	MaxShare float64
	// Rule chooses the threshold.
	Rule Rule
}

// Defaults of Options.
const (
	DefaultK        = 12
	DefaultWindow   = 8
	DefaultMaxShare = 0.2
	minCommon       = 3  // a fingerprint in this many submissions or fewer is never common
	minWhole        = 10 // tokens of a form fingerprinted whole
	maxOccurrences  = 8  // places of one fingerprint matched per submission
)

func (o Options) withDefaults() Options {
	if o.K <= 0 {
		o.K = DefaultK
	}
	if o.Window <= 0 {
		o.Window = DefaultWindow
	}
	if o.MaxShare <= 0 {
		o.MaxShare = DefaultMaxShare
	}
	o.Rule = o.Rule.withDefaults()
	return o
}

// Report is the outcome of a comparison.
type Report struct {
	// Submissions are the entries compared, in their order.
	Submissions []Submission `json:"submissions"`
	// Pairs are every pair compared, the most similar first.
	Pairs []Pair `json:"pairs"`
	// Threshold is the score over which a pair is flagged, and how it was
	// chosen.
	Threshold Threshold `json:"threshold"`
	// Settings are the options used.
	Settings Settings `json:"settings"`
}

// Settings are the options a report was made with.
type Settings struct {
	K         int      `json:"k"`
	Window    int      `json:"window"`
	MaxShare  float64  `json:"max_share"`
	MaxCommon int      `json:"max_common"` // submissions a kept fingerprint may be in
	Base      []string `json:"base,omitempty"`
}

// Submission is one submission compared.
type Submission struct {
	Name  string `json:"name"`
	Root  string `json:"root"`
	Past  bool   `json:"past,omitempty"`
	Files []File `json:"files"`
	// Tokens is the length of its normalised text; Fingerprints, how many
	// of its fingerprints were kept (the base's and common ones left out).
	Tokens       int `json:"tokens"`
	Fingerprints int `json:"fingerprints"`

	toks  []token
	kept  []print
	set   []uint64           // the distinct hashes of kept
	where map[uint64][]int32 // indexes in kept of each hash
}

// File is a Lisp file of a submission.
type File struct {
	// Path is relative to the submission's root, with /.
	Path string `json:"path"`
	// Unread says why reading stopped before its end ("" when it did not):
	// what follows is not compared.
	Unread string `json:"unread,omitempty"`
}

// Pair is the comparison of two submissions.
type Pair struct {
	A string `json:"a"`
	B string `json:"b"`
	// Score is the share of the smaller one's fingerprints that the other
	// has, from 0 to 1.
	Score float64 `json:"score"`
	// Shared is the count of fingerprints they share; Longest, the longest
	// run of normalised tokens they share.
	Shared  int  `json:"shared"`
	Longest int  `json:"longest_run"`
	Flagged bool `json:"flagged"`

	a, b    int
	regions []region
}

// region is a run of tokens that a pair shares: [aFrom, aTo) of a's
// tokens and [bFrom, bTo) of b's.
type region struct{ aFrom, aTo, bFrom, bTo int32 }

// Compare reads every entry and the base files and compares every pair of
// entries (but past with past). A file that cannot be read fully is
// compared up to where reading stopped; a base file that cannot be read
// is an error.
func Compare(ctx context.Context, entries []Entry, opt Options) (*Report, error) {
	opt = opt.withDefaults()
	given, baseSet, err := readBase(opt)
	if err != nil {
		return nil, err
	}
	r := &Report{Settings: Settings{K: opt.K, Window: opt.Window, MaxShare: opt.MaxShare, Base: opt.Base}}
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s, err := readSubmission(e, given, opt)
		if err != nil {
			return nil, err
		}
		r.Submissions = append(r.Submissions, s)
	}
	r.Settings.MaxCommon = max(minCommon, int(math.Ceil(opt.MaxShare*float64(len(entries)))))
	keep(r.Submissions, baseSet, r.Settings.MaxCommon)
	r.Pairs = pairs(r.Submissions, opt.Window)
	r.Threshold = opt.Rule.choose(r.Pairs)
	for i := range r.Pairs {
		p := &r.Pairs[i]
		p.Flagged = p.Score >= r.Threshold.Value && p.Shared >= r.Threshold.MinShared
	}
	return r, nil
}

// readBase reads the base files: the names they define, and their
// fingerprints.
func readBase(opt Options) (map[string]bool, map[uint64]bool, error) {
	defs := newNames(nil)
	files := make([][]sexp.Value, len(opt.Base))
	for i, path := range opt.Base {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, fmt.Errorf("base file: %w", err)
		}
		if files[i], err = readForms(data); err != nil {
			return nil, nil, fmt.Errorf("base file %s: %w", path, err)
		}
		for _, v := range files[i] {
			defs.collect(v)
		}
	}
	given := map[string]bool{}
	for _, m := range []map[string]bool{defs.fns, defs.vars, defs.pkgs, defs.types} {
		for n := range m {
			given[n] = true
		}
	}
	z := &normaliser{names: newNames(given), hashes: map[string]uint64{}}
	var prints []print
	for i, vs := range files {
		for j, f := range z.normalise(vs, int32(i)) {
			prints = winnow(prints, z.tokens, f, int32(j), opt.K, opt.Window, minWhole)
		}
	}
	set := make(map[uint64]bool, len(prints))
	for _, p := range prints {
		set[p.h] = true
	}
	return given, set, nil
}

// readSubmission reads and fingerprints the Lisp files of one entry. An
// entry with no Root (an archive intake did not read) has no files: it
// keeps its place among the entries and shares nothing.
func readSubmission(e Entry, given map[string]bool, opt Options) (Submission, error) {
	s := Submission{Name: e.Name, Root: e.Root, Past: e.Past}
	if e.Root == "" {
		return s, nil
	}
	paths, err := intake.SourceFiles(e.Root)
	if err != nil {
		return s, fmt.Errorf("submission %s: %w", e.Name, err)
	}
	defs := newNames(given)
	read := make([][]sexp.Value, len(paths))
	for i, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return s, fmt.Errorf("submission %s: %w", e.Name, err)
		}
		rel, _ := filepath.Rel(e.Root, path)
		f := File{Path: filepath.ToSlash(rel)}
		vs, err := readForms(data)
		if err != nil {
			f.Unread = err.Error()
		}
		for _, v := range vs {
			defs.collect(v)
		}
		read[i] = vs
		s.Files = append(s.Files, f)
	}
	z := &normaliser{names: defs, hashes: map[string]uint64{}}
	var prints []print
	index := int32(0)
	for i, vs := range read {
		for _, f := range z.normalise(vs, int32(i)) {
			prints = winnow(prints, z.tokens, f, index, opt.K, opt.Window, minWhole)
			index++
		}
	}
	s.toks, s.kept, s.Tokens = z.tokens, prints, len(z.tokens)
	return s, nil
}

// keep leaves out of each submission's fingerprints those of the base and
// those in more than maxCommon submissions, and indexes the rest.
func keep(subs []Submission, base map[uint64]bool, maxCommon int) {
	df := map[uint64]int{}
	for i := range subs {
		s := &subs[i]
		s.set = s.set[:0]
		for _, p := range s.kept {
			s.set = append(s.set, p.h)
		}
		slices.Sort(s.set)
		s.set = slices.Compact(s.set)
		for _, h := range s.set {
			df[h]++
		}
	}
	for i := range subs {
		s := &subs[i]
		s.kept = slices.DeleteFunc(s.kept, func(p print) bool { return base[p.h] || df[p.h] > maxCommon })
		s.set = slices.DeleteFunc(s.set, func(h uint64) bool { return base[h] || df[h] > maxCommon })
		s.Fingerprints = len(s.set)
		s.where = make(map[uint64][]int32, len(s.set))
		for j, p := range s.kept {
			if w := s.where[p.h]; len(w) < maxOccurrences {
				s.where[p.h] = append(w, int32(j))
			}
		}
	}
}

// pairs scores every pair of submissions (but past with past), the most
// similar first.
func pairs(subs []Submission, window int) []Pair {
	owners := map[uint64][]int32{}
	for i, s := range subs {
		for _, h := range s.set {
			owners[h] = append(owners[h], int32(i))
		}
	}
	n := len(subs)
	shared := make([]int32, n*n)
	for _, o := range owners {
		for x := 0; x < len(o); x++ {
			for y := x + 1; y < len(o); y++ {
				shared[int(o[x])*n+int(o[y])]++
			}
		}
	}
	var out []Pair
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if subs[a].Past && subs[b].Past {
				continue
			}
			p := Pair{A: subs[a].Name, B: subs[b].Name, a: a, b: b, Shared: int(shared[a*n+b])}
			if small := min(len(subs[a].set), len(subs[b].set)); small > 0 {
				p.Score = float64(p.Shared) / float64(small)
			}
			if p.Shared > 0 {
				p.regions = matchRegions(&subs[a], &subs[b], window)
				for _, r := range p.regions {
					p.Longest = max(p.Longest, int(r.aTo-r.aFrom))
				}
			}
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(x, y Pair) int {
		switch {
		case x.Score != y.Score:
			return cmpDesc(x.Score, y.Score)
		case x.Longest != y.Longest:
			return y.Longest - x.Longest
		}
		return strings.Compare(x.A+"\x00"+x.B, y.A+"\x00"+y.B)
	})
	return out
}

// cmpDesc orders floats from the largest.
func cmpDesc(x, y float64) int {
	if x > y {
		return -1
	}
	return 1
}

// match is one shared fingerprint's place in each submission.
type match struct{ fa, fb, a, b, n int32 }

// matchRegions finds the runs that a and b share: their shared
// fingerprints chained where they follow each other at the same distance
// in the same pair of top-level forms, with gaps shorter than the window.
func matchRegions(a, b *Submission, window int) []region {
	var ms []match
	for h, as := range a.where {
		bs, ok := b.where[h]
		if !ok {
			continue
		}
		for _, i := range as {
			pa := a.kept[i]
			for _, j := range bs {
				pb := b.kept[j]
				ms = append(ms, match{fa: pa.form, fb: pb.form, a: pa.pos, b: pb.pos, n: pa.n})
			}
		}
	}
	slices.SortFunc(ms, func(x, y match) int {
		for _, d := range [...]int32{x.fa - y.fa, x.fb - y.fb, (x.a - x.b) - (y.a - y.b), x.a - y.a, y.n - x.n} {
			if d != 0 {
				return int(d)
			}
		}
		return 0
	})
	var out []region
	for i := 0; i < len(ms); {
		m := ms[i]
		r := region{aFrom: m.a, aTo: m.a + m.n, bFrom: m.b, bTo: m.b + m.n}
		j := i + 1
		for ; j < len(ms); j++ {
			x := ms[j]
			if x.fa != m.fa || x.fb != m.fb || x.a-x.b != m.a-m.b || x.a > r.aTo+int32(window) {
				break
			}
			r.aTo, r.bTo = max(r.aTo, x.a+x.n), max(r.bTo, x.b+x.n)
		}
		out = append(out, r)
		i = j
	}
	slices.SortFunc(out, func(x, y region) int { return int((y.aTo - y.aFrom) - (x.aTo - x.aFrom)) })
	return out
}

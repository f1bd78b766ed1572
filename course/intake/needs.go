package intake

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"
)

// scope is what completing a plan needs of a submission: its files, their
// loads, and which run a menu when loaded.
type scope struct {
	files []*sourceFile
	graph map[*sourceFile][]load
	menu  func(*sourceFile) bool
}

// pkgRef marks a package among the names a file uses or defines.
const pkgRef = "package "

// closure returns fs and every file they load, directly or through
// others, each once, in the order first met.
func (s scope) closure(fs ...*sourceFile) []*sourceFile {
	var out []*sourceFile
	var visit func(f *sourceFile)
	visit = func(f *sourceFile) {
		if slices.Contains(out, f) {
			return
		}
		out = append(out, f)
		for _, l := range s.graph[f] {
			if l.file != nil {
				visit(l.file)
			}
		}
	}
	for _, f := range fs {
		visit(f)
	}
	return out
}

// defines reports whether f defines name (a function, macro or global,
// or pkgRef+package).
func defines(f *sourceFile, name string) bool {
	if p, ok := strings.CutPrefix(name, pkgRef); ok {
		return slices.Contains(f.packages, p)
	}
	return f.defines[name]
}

// needsFirst returns what must be defined before f loads: the packages it
// goes into or uses, what its top-level forms call or read, and the
// macros of the submission it uses anywhere.
func (s scope) needsFirst(f *sourceFile) []string {
	out := slices.Clone(f.topRefs)
	for _, p := range f.pkgRefs {
		out = append(out, pkgRef+p)
	}
	heads := make([]string, 0, len(f.heads))
	for h := range f.heads {
		heads = append(heads, h)
	}
	slices.Sort(heads)
	for _, h := range heads {
		if slices.ContainsFunc(s.files, func(o *sourceFile) bool { return o.macros[h] }) {
			out = append(out, h)
		}
	}
	return out
}

// complete adds to p the files that define what p's files use and do
// not define, starting from jogar (in jogo) and the top-level forms of
// every file loaded: the functions jogar calls, those they call, and so
// on; the globals, macros and packages used. A name defined by several
// files is taken from one that is not a test file, nearest jogo, first
// by path; a file that runs a menu when loaded, or loads one, is never
// added. The files are then ordered so that each comes after those that
// define what it uses when loaded (see order), and files that an added
// file loads itself are dropped.
func (s scope) complete(p plan, jogo *sourceFile) plan {
	loaded := map[*sourceFile]bool{}
	var queue []string
	seen := map[string]bool{}
	push := func(names ...string) {
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	load := func(fs ...*sourceFile) {
		for _, f := range s.closure(fs...) {
			if !loaded[f] {
				loaded[f] = true
				push(s.needsFirst(f)...)
			}
		}
	}
	load(p.files...)
	push("JOGAR")
	var added []*sourceFile
	needs := map[*sourceFile]*Need{}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		var in []*sourceFile // the files loaded that define name
		for _, f := range s.files {
			if loaded[f] && defines(f, name) {
				in = append(in, f)
			}
		}
		if len(in) == 0 {
			d := s.definer(name, jogo, loaded)
			if d == nil {
				continue
			}
			load(d)
			added = append(added, d)
			needs[d] = &Need{File: d.rel}
			in = []*sourceFile{d}
		}
		for _, f := range in {
			if n := needs[f]; n != nil && !slices.Contains(n.Defines, name) {
				n.Defines = append(n.Defines, name)
			}
			push(f.uses[name]...)
		}
	}
	if len(added) == 0 {
		return p
	}
	// A file of p that an added file loads is loaded by it.
	var rest []*sourceFile
	for _, f := range p.files {
		if !slices.ContainsFunc(added, func(a *sourceFile) bool { return slices.Contains(s.closure(a)[1:], f) }) {
			rest = append(rest, f)
		}
	}
	slices.SortFunc(added, func(a, b *sourceFile) int { return strings.Compare(a.rel, b.rel) })
	p.files = s.order(append(added, rest...))
	for _, f := range p.files {
		if n := needs[f]; n != nil {
			p.needs = append(p.needs, *n)
		}
	}
	return p
}

// definer returns the file, not loaded, that defines name and can be
// added: it neither runs nor loads a menu. Of several, one that is not a
// test file, the nearest to jogo, the first by path; nil if none.
func (s scope) definer(name string, jogo *sourceFile, loaded map[*sourceFile]bool) *sourceFile {
	var cands []*sourceFile
	for _, f := range s.files {
		if !loaded[f] && defines(f, name) && !slices.ContainsFunc(s.closure(f), s.menu) {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return slices.MinFunc(cands, func(a, b *sourceFile) int {
		if ta, tb := isTest(a), isTest(b); ta != tb {
			if ta {
				return 1
			}
			return -1
		}
		if c := cmp.Compare(distance(jogo.path, a.path), distance(jogo.path, b.path)); c != 0 {
			return c
		}
		return strings.Compare(filepath.ToSlash(a.rel), filepath.ToSlash(b.rel))
	})
}

// order returns fs so that each file comes after the files that define
// what it needs when it loads (see needsFirst) and that it does not
// define itself, each file with what it loads; otherwise, and to break a
// cycle, in the order given.
func (s scope) order(fs []*sourceFile) []*sourceFile {
	defs := func(f *sourceFile, name string) bool {
		return slices.ContainsFunc(s.closure(f), func(o *sourceFile) bool { return defines(o, name) })
	}
	// before reports whether a must load before b; packages alone when
	// only is set.
	before := func(a, b *sourceFile, only bool) bool {
		for _, f := range s.closure(b) {
			for _, n := range s.needsFirst(f) {
				if (!only || strings.HasPrefix(n, pkgRef)) && defs(a, n) && !defs(b, n) {
					return true
				}
			}
		}
		return false
	}
	var out []*sourceFile
	left := slices.Clone(fs)
	for len(left) > 0 {
		// The first file nothing left must precede; in a cycle, the first
		// whose packages are defined.
		pick := -1
		for _, only := range []bool{false, true} {
			pick = slices.IndexFunc(left, func(f *sourceFile) bool {
				return !slices.ContainsFunc(left, func(o *sourceFile) bool { return o != f && before(o, f, only) })
			})
			if pick >= 0 {
				break
			}
		}
		pick = max(pick, 0)
		out = append(out, left[pick])
		left = slices.Delete(left, pick, pick+1)
	}
	return out
}

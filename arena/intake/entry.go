package intake

import (
	"fmt"
	"slices"
	"strings"
)

// entry is what a submission's scan chose to load.
type entry struct {
	files  []string // absolute, in load order
	rel    []string // the same, relative to the submission's root
	pkg    string   // jogar's package, upper case
	jogar  jogarDef
	notes  []string // what the report should say of the choice
	reason string   // why the submission cannot play, or ""
}

// chooseEntry picks the files to load from a submission's Lisp files:
//
//   - jogar: the definition of JOGAR with two required parameters (estado
//     and tempo) in a package whose name starts with P, as the course asks,
//     preferring one in a file that runs no menu when loaded;
//   - the entry: the file that loads, directly or through others, the file
//     of that jogar, when loading it runs nothing that reads the terminal
//     (the topmost such loader); else, when only a menu file loads it, the
//     files that menu file loads, in its order; else jogar's file alone.
//
// Files that only hold tests, menus or a (read) loop are thus loaded only
// when the entry loads them.
func chooseEntry(files []*sourceFile) entry {
	var e entry
	type candidate struct {
		file  *sourceFile
		def   jogarDef
		score int
	}
	interactive := readers(files)
	runsMenu := func(f *sourceFile) bool {
		return slices.ContainsFunc(f.calls, func(c string) bool { return interactive[c] })
	}
	var cands []candidate
	for _, f := range files {
		for _, d := range f.jogars {
			score := 0
			if d.required == 2 {
				score += 4
			}
			if strings.HasPrefix(d.pkg, "P") {
				score += 2
			}
			if !runsMenu(f) {
				score++
			}
			cands = append(cands, candidate{f, d, score})
		}
	}
	if len(cands) == 0 {
		e.reason = "no file defines jogar"
		if n := len(files); n == 0 {
			e.reason = "no Lisp file (.lisp, .lsp, .cl)"
		}
		return e
	}
	best := slices.MaxFunc(cands, func(a, b candidate) int {
		if a.score != b.score {
			return a.score - b.score
		}
		return strings.Compare(b.file.rel, a.file.rel) // the first by path
	})
	// MaxFunc returns the first maximal element.
	e.jogar, e.pkg = best.def, best.def.pkg
	switch {
	case best.def.required != 2:
		e.reason = fmt.Sprintf("jogar takes %d required arguments %s in %s: the championship calls (jogar estado tempo)",
			best.def.required, best.def.params, best.file.rel)
	case best.def.reads:
		e.reason = fmt.Sprintf("jogar in %s reads the keyboard (an interactive menu): a bot's standard input is empty", best.file.rel)
	}

	graph := loadGraph(files)
	for _, f := range files {
		for _, l := range graph[f] {
			if l.note != "" {
				e.notes = append(e.notes, l.note)
			}
		}
	}
	reaches := func(from *sourceFile) bool { return reachable(graph, from, best.file) }
	var loaders, menus []*sourceFile
	for _, f := range files {
		if f == best.file || !reaches(f) {
			continue
		}
		if runsMenu(f) {
			menus = append(menus, f)
		} else {
			loaders = append(loaders, f)
		}
	}
	// The topmost loader: one no other loader reaches.
	for _, l := range loaders {
		if !slices.ContainsFunc(loaders, func(o *sourceFile) bool { return o != l && reachable(graph, o, l) }) {
			e.use(l)
			e.notes = append(e.notes, fmt.Sprintf("%s loads %s, which defines jogar", l.rel, best.file.rel))
			return e
		}
	}
	for _, m := range menus {
		var order []*sourceFile
		for _, l := range graph[m] {
			if l.file != nil && !runsMenu(l.file) && !slices.Contains(order, l.file) {
				order = append(order, l.file)
			}
		}
		if slices.Contains(order, best.file) || slices.ContainsFunc(order, func(f *sourceFile) bool { return reachable(graph, f, best.file) }) {
			for _, f := range order {
				e.use(f)
			}
			e.notes = append(e.notes, fmt.Sprintf("%s runs a menu when loaded: its loads are loaded instead", m.rel))
			return e
		}
	}
	e.use(best.file)
	return e
}

// use appends f to the files to load.
func (e *entry) use(f *sourceFile) {
	e.files = append(e.files, f.path)
	e.rel = append(e.rel, f.rel)
}

// load is one load of a file: the file of the submission it resolves to
// (nil when none), and a note when that is not the path written.
type load struct {
	file *sourceFile
	note string
}

// loadGraph resolves the loads of every file in the submission.
func loadGraph(files []*sourceFile) map[*sourceFile][]load {
	g := map[*sourceFile][]load{}
	for _, f := range files {
		for _, target := range f.loads {
			to := resolve(files, f, target)
			l := load{file: to}
			switch {
			case to == nil:
				l.note = fmt.Sprintf("%s loads %q, which is not in the submission", f.rel, target)
			case joinClean(f.path, target) != to.path:
				l.note = fmt.Sprintf("%s loads %q: the submission's %s", f.rel, target, to.rel)
			}
			g[f] = append(g[f], l)
		}
	}
	return g
}

// reachable reports whether from loads to, directly or through others.
func reachable(g map[*sourceFile][]load, from, to *sourceFile) bool {
	seen := map[*sourceFile]bool{}
	var visit func(f *sourceFile) bool
	visit = func(f *sourceFile) bool {
		if seen[f] {
			return false
		}
		seen[f] = true
		for _, l := range g[f] {
			if l.file == to || l.file != nil && visit(l.file) {
				return true
			}
		}
		return false
	}
	return visit(from)
}

// readers returns the functions of the submission that read the terminal,
// directly or through other functions, with the reading functions
// themselves.
func readers(files []*sourceFile) map[string]bool {
	r := map[string]bool{"READ": true, "READ-LINE": true, "READ-CHAR": true}
	for _, f := range files {
		for _, n := range f.readers {
			r[n] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range files {
			for name, uses := range f.uses {
				if !r[name] && slices.ContainsFunc(uses, func(u string) bool { return r[u] }) {
					r[name], changed = true, true
				}
			}
		}
	}
	return r
}

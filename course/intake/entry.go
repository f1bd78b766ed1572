package intake

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// entry is what a submission's scan chose to load.
type entry struct {
	files  []string // the first plan's files, absolute, in load order
	rel    []string // the same, relative to the submission's root
	pkg    string   // jogar's package, upper case
	jogar  jogarDef
	where  string   // where jogar is defined: "jogo.lisp, line 9"
	plans  []plan   // the ways of loading it, best first
	notes  []string // what the report should say of the loads (paths resolved)
	reason string   // why the submission cannot play, or ""
}

// plan is one way of loading a submission: the files, in load order,
// why they were chosen, and those added for what they define.
type plan struct {
	files []*sourceFile
	why   string
	needs []Need
}

// Need is a file that intake loads because it defines what the files
// chosen use and do not define (functions, macros, globals, packages).
type Need struct {
	// File is the file, relative to the submission's root.
	File string `json:"file"`
	// Defines are the names it defines that are used, in the order found.
	Defines []string `json:"defines"`
}

// rel returns the plan's files relative to the submission's root.
func (p plan) rel() []string {
	out := make([]string, len(p.files))
	for i, f := range p.files {
		out[i] = f.rel
	}
	return out
}

// abs returns the plan's files, absolute.
func (p plan) abs() []string {
	out := make([]string, len(p.files))
	for i, f := range p.files {
		out[i] = f.path
	}
	return out
}

// chooseEntry picks the ways of loading a submission from its Lisp files:
//
//   - jogar: the definition of JOGAR with two required parameters (estado
//     and tempo) in a package whose name starts with P, as the course asks,
//     preferring one in a file that runs no menu when loaded;
//   - the plans, best first: each file that loads, directly or through
//     others, the file of that jogar, when loading it runs nothing that
//     reads the terminal: the topmost first (a cycle of loads is not a
//     hierarchy: of files that load each other, the one whose loads reach
//     jogar's file without going through the others, and not a test file,
//     comes first); then, when a menu file loads it, the files that menu
//     file loads, in its order; then jogar's file alone; then the loaders
//     that are not topmost.
//
// Each plan is completed with the files that define what its files use
// and do not define (see complete), in an order that works. Files that
// only hold tests, menus or a (read) loop are thus loaded only when the
// entry loads them, and a file that reads the keyboard when loaded never
// is. entry.files is the first plan's.
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
			if d.takes2 && d.stub == "" {
				score += 4
			}
			if strings.HasPrefix(d.pkg, "P") {
				score += 2
			}
			if championship(f, d) {
				score += 8 // the file the statement asks for comes first
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
	e.where = fmt.Sprintf("%s, line %d", best.file.rel, best.def.line)
	e.reason = jogarReason(best.def, best.file.rel)

	graph := loadGraph(files)
	for _, f := range files {
		for _, l := range graph[f] {
			if l.note != "" {
				e.notes = append(e.notes, l.note)
			}
		}
	}
	s := scope{files: files, graph: graph, menu: runsMenu}
	jogo := best.file
	var loaders, menus []*sourceFile
	for _, f := range files {
		if f == jogo || !reachable(graph, f, jogo, nil) {
			continue
		}
		if runsMenu(f) {
			menus = append(menus, f)
		} else {
			loaders = append(loaders, f)
		}
	}
	// A loader's rank: whether jogar's file loads it back, whether a
	// loader outside its cycle reaches it (it is not topmost), whether it
	// reaches jogar's file only through the other files of its cycle,
	// whether it is a test file; then its path.
	type ranked struct {
		f     *sourceFile
		key   [4]bool
		late  bool // tried after jogar's file alone
		cycle bool // it is in a cycle of loads
	}
	cyclic := func(a, b *sourceFile) bool { return reachable(graph, a, b, nil) && reachable(graph, b, a, nil) }
	var rs []ranked
	for _, l := range loaders {
		back := reachable(graph, jogo, l, nil)
		inner := slices.ContainsFunc(loaders, func(o *sourceFile) bool { return o != l && !cyclic(o, l) && reachable(graph, o, l, nil) })
		through := !reachable(graph, l, jogo, func(o *sourceFile) bool { return o != l && cyclic(o, l) })
		r := ranked{f: l, key: [4]bool{back, inner, through, isTest(l)}}
		r.late = back || inner
		r.cycle = back || slices.ContainsFunc(loaders, func(o *sourceFile) bool { return o != l && cyclic(o, l) })
		rs = append(rs, r)
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		for i := range a.key {
			if a.key[i] != b.key[i] {
				if a.key[i] {
					return 1
				}
				return -1
			}
		}
		return strings.Compare(a.f.rel, b.f.rel)
	})
	var plans []plan
	addPlan := func(p plan) {
		p = s.complete(p, jogo)
		if !slices.ContainsFunc(plans, func(o plan) bool { return slices.Equal(o.files, p.files) }) {
			plans = append(plans, p)
		}
	}
	loaderPlan := func(r ranked) plan {
		why := fmt.Sprintf("%s loads %s, which defines jogar", r.f.rel, jogo.rel)
		if r.cycle {
			why += " (in a cycle of loads)"
		}
		return plan{files: []*sourceFile{r.f}, why: why}
	}
	for _, r := range rs {
		if !r.late {
			addPlan(loaderPlan(r))
		}
	}
	for _, m := range menus {
		var order []*sourceFile
		for _, l := range graph[m] {
			if l.file != nil && !runsMenu(l.file) && !slices.Contains(order, l.file) {
				order = append(order, l.file)
			}
		}
		if slices.ContainsFunc(order, func(f *sourceFile) bool { return f == jogo || reachable(graph, f, jogo, nil) }) {
			addPlan(plan{files: order, why: fmt.Sprintf("%s runs a menu when loaded: its loads are loaded instead", m.rel)})
		}
	}
	addPlan(plan{files: []*sourceFile{jogo}, why: jogo.rel + " defines jogar"})
	for _, r := range rs {
		if r.late {
			addPlan(loaderPlan(r))
		}
	}
	e.plans = plans
	e.files, e.rel = plans[0].abs(), plans[0].rel()
	return e
}

// championship reports whether f, which defines the jogar d, is the
// championship's file that the statement asks for: named after the
// group's package p<number> that jogar is in (p55.lisp, in-package :p55),
// beside the project's folder.
func championship(f *sourceFile, d jogarDef) bool {
	name := strings.TrimSuffix(filepath.Base(f.rel), filepath.Ext(f.rel))
	return groupPackage.MatchString(d.pkg) && strings.EqualFold(name, d.pkg)
}

// groupPackage matches the package a course's statement asks a group's
// jogar to be in: P and the group's number, or its students' numbers.
var groupPackage = regexp.MustCompile(`^P[0-9]+(-[0-9]+)?$`)

// depthNames are what students call a search's depth: a jogar whose
// second parameter is named so takes a depth, not the tempo.
var depthNames = regexp.MustCompile(`^(PROF|PROFUNDIDADE|PROFUNDIDADE-MAXIMA|PROF-MAX|DEPTH|MAX-DEPTH|NIVEL|NIVEL-MAXIMO)$`)

// jogarReason says, in a student's terms, why the jogar d of the file rel
// cannot play, or "": "jogar (in algoritmo.lisp, line 19, inside a let)
// takes 3 required arguments (ESTADO TEMPO PROFUNDIDADE): the
// championship calls (jogar estado tempo)".
func jogarReason(d jogarDef, rel string) string {
	where := fmt.Sprintf("jogar (in %s, line %d", rel, d.line)
	if d.inside != "" {
		article := "a"
		if strings.ContainsRune("aeiou", rune(d.inside[0])) {
			article = "an"
		}
		where += ", inside " + article + " " + d.inside
	}
	where += ")"
	const calls = ": the championship calls (jogar estado tempo)"
	switch {
	case d.params == "NIL" || d.params == "()":
		return where + " takes no parameters" + calls
	case !d.takes2 && d.required == 1:
		return fmt.Sprintf("%s takes 1 required argument %s%s", where, d.params, calls)
	case !d.takes2:
		return fmt.Sprintf("%s takes %d required arguments %s%s", where, d.required, d.params, calls)
	case d.stub != "":
		return where + " " + d.stub + ": it is a stub"
	case depthNames.MatchString(d.second):
		return fmt.Sprintf("%s takes a depth as its second argument %s: the championship calls (jogar estado tempo), tempo in milliseconds", where, d.params)
	case d.reads:
		return where + " reads the keyboard (an interactive menu): a bot's standard input is empty"
	}
	return ""
}

// notes say why p's files are loaded, for the report.
func (p plan) notes() []string {
	out := []string{p.why}
	if n := needText(p.needs); n != "" {
		out = append(out, n)
	}
	return out
}

// needText says why the files of needs are loaded, e.g. "loads
// puzzle.lisp, algoritmo.lisp: they define TERMINAL, ALPHABETA that the
// files chosen use", or "".
func needText(needs []Need) string {
	if len(needs) == 0 {
		return ""
	}
	var files, names []string
	for _, n := range needs {
		files = append(files, n.File)
		names = append(names, n.Defines...)
	}
	if len(names) > 8 {
		names = append(names[:8], "…")
	}
	they := "they define"
	if len(files) == 1 {
		they = "it defines"
	}
	return fmt.Sprintf("loads %s: %s %s that jogar and its files use", strings.Join(files, ", "), they, strings.Join(names, ", "))
}

// isTest reports whether f is a test file: its name or folder says test.
func isTest(f *sourceFile) bool {
	rel := strings.ToLower(f.rel)
	return strings.Contains(rel, "test") || strings.HasPrefix(rel, "t/") || strings.Contains(rel, "/t/")
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

// reachable reports whether from loads to, directly or through others
// for which avoid (when not nil) is false.
func reachable(g map[*sourceFile][]load, from, to *sourceFile, avoid func(*sourceFile) bool) bool {
	seen := map[*sourceFile]bool{}
	var visit func(f *sourceFile) bool
	visit = func(f *sourceFile) bool {
		if seen[f] {
			return false
		}
		seen[f] = true
		for _, l := range g[f] {
			if l.file == to || l.file != nil && (avoid == nil || !avoid(l.file)) && visit(l.file) {
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

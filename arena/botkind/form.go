package botkind

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/bots/lisp"
)

// Form returns r, a resolved bot, as the command line gives it, which
// ParseSpec (Parse, for every kind but Lisp) reads back to r in dir:
// builtin:NAME[,KEY=VALUE...] (options in key order), the path of an
// executable (lines:PATH for the line protocol; a registered bot's path
// too, since the command line names no registered bot), or
// lisp:FILE,...,KEY=VALUE... with the settings that are not their
// defaults. Paths are relative to dir (the current folder, where Parse
// resolves them) when they lie below it; with dir "" they stay as they
// are. Args are not in it: they follow it (after -- or in --args).
func (r Ref) Form(dir string) string {
	k, _ := r.Kind()
	switch k {
	case Builtin:
		f := BuiltinPrefix + r.Builtin
		for _, k := range slices.Sorted(maps.Keys(r.Options)) {
			f += "," + k + "=" + r.Options[k]
		}
		return f
	case Lisp:
		return LispPrefix + strings.Join(lispForm(shortLisp(*r.Lisp), dir), ",")
	}
	if r.Lines() {
		return LinesPrefix + below(dir, r.Path)
	}
	return below(dir, r.Path)
}

// Registrable reports whether r is a bot that `arena bot add` records in a
// registry: an executable at a path that speaks gRPC (see
// ParseRegistrable); a league names the others as they are.
func (r Ref) Registrable() bool {
	k, _ := r.Kind()
	return k == Path && !r.Lines()
}

// AsRegistered returns the bot r becomes once `arena bot add` records it
// in a registry under name: the registered bot of that name; false when r
// is not Registrable.
func (r Ref) AsRegistered(name string) (Ref, bool) {
	if !r.Registrable() {
		return Ref{}, false
	}
	return Ref{Registered: name}, true
}

// LeagueEntry returns bot r, resolved, called name, as one entry of a
// league file's bots in dir holds it, on one line in YAML's flow style:
// {name: NAME, path: PATH, protocol: lines}. Paths are relative to dir
// when they lie below it; a registered bot is its name in the registry,
// a Lisp bot's settings those that are not their defaults. Resolve in dir
// reads it back to r.
func (r Ref) LeagueEntry(name, dir string) (string, error) {
	e := r
	e.given = ""
	k, _ := r.Kind()
	switch k {
	case Registered: // the registry holds the rest
		e = Ref{Registered: r.Registered, Env: r.Env, Protocol: r.Protocol}
	case Lisp:
		l := shortLisp(*r.Lisp)
		e.Lisp = &l
	}
	e.MapFiles(func(p string) string { return below(dir, p) })
	var n yaml.Node
	if err := n.Encode(struct {
		Name string `yaml:"name"`
		Ref  `yaml:",inline"`
	}{name, e}); err != nil {
		return "", fmt.Errorf("bot %q: %w", name, err)
	}
	n.Style = yaml.FlowStyle
	out, err := yaml.Marshal(&n)
	if err != nil {
		return "", fmt.Errorf("bot %q: %w", name, err)
	}
	return strings.TrimSuffix(string(out), "\n"), nil
}

// shortLisp returns c with the settings that are their defaults (see
// lisp.Config.WithDefaults) left out, and no game: what a person writes.
func shortLisp(c lisp.Config) lisp.Config {
	d := lisp.Config{}.WithDefaults()
	if c.State == d.State {
		c.State = ""
	}
	if c.Side == d.Side {
		c.Side = ""
	}
	if c.Perspective == d.Perspective {
		c.Perspective = ""
	}
	if slices.Equal(c.Knights, d.Knights) {
		c.Knights = nil
	}
	if c.TempoScale == d.TempoScale {
		c.TempoScale = 0
	}
	c.GameName = ""
	return c
}

// lispForm returns the words of the Lisp bot c on the command line: its
// files, then its settings that are set as KEY=VALUE, in the order of a
// league's lisp entry, paths relative to dir when below it.
func lispForm(c lisp.Config, dir string) []string {
	var words []string
	for _, f := range c.Files {
		words = append(words, below(dir, f))
	}
	add := func(key, val string) {
		if val != "" {
			words = append(words, key+"="+val)
		}
	}
	for _, f := range c.Reads {
		add("read", below(dir, f))
	}
	add("package", c.Package)
	add("state", string(c.State))
	add("answer", string(c.Answer))
	add("perspective", string(c.Perspective))
	if len(c.Knights) > 0 {
		var ks []string
		for _, k := range c.Knights {
			ks = append(ks, strconv.Itoa(k))
		}
		add("knights", strings.Join(ks, ","))
	}
	if c.IndexBase != 0 {
		add("index_base", strconv.Itoa(c.IndexBase))
	}
	if c.HeapMB != 0 {
		add("heap_mb", strconv.Itoa(c.HeapMB))
	}
	if c.Root != "" {
		add("root", below(dir, c.Root))
	}
	add("side", string(c.Side))
	if c.TempoScale != 0 {
		add("tempo_scale", strconv.Itoa(c.TempoScale))
	}
	return words
}

// below returns path relative to dir when it lies below it, else path; with
// dir "", path.
func below(dir, path string) string {
	if dir == "" {
		return path
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || !filepath.IsLocal(rel) {
		return path
	}
	return rel
}

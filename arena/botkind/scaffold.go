package botkind

import (
	"errors"
	"os"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/host/scaffold"
)

// Scaffolded returns the bot of p, a project that `arena bot new` wrote:
// a Lisp bot that loads p.Bot with p's settings, else the executable
// p.Bot, which speaks the line protocol when p.Lines; resolved as a
// league entry of its name in p's folder is.
func Scaffolded(p *scaffold.Project) (Ref, error) {
	if p.Lang == scaffold.Lisp {
		return ParseLisp(append([]string{p.Bot}, p.Settings...))
	}
	r := Ref{Path: p.Bot}
	if p.Lines {
		r.Protocol = ProtocolLines
	}
	if err := r.Resolve(p.Name, p.Dir, nil); err != nil {
		return Ref{}, err
	}
	return r, nil
}

// ParseLisp reads a Lisp bot given by words: the .lisp files to load, in
// order, and settings as KEY=VALUE with the keys of a league's lisp entry
// (state=board, read=FILE, ...), paths relative to the current folder. Its
// settings are taken as given, nothing probed, and resolved as a league
// entry's are.
func ParseLisp(words []string) (Ref, error) {
	c, err := lisp.ParseWords(words, nil)
	if err != nil {
		return Ref{}, err
	}
	if len(c.Files) == 0 {
		return Ref{}, errors.New("lisp: give the .lisp files to load")
	}
	wd, err := os.Getwd()
	if err != nil {
		return Ref{}, err
	}
	r := Ref{Lisp: &c}
	if err := r.Resolve(r.DefaultName(), wd, nil); err != nil {
		return Ref{}, err
	}
	return r, nil
}

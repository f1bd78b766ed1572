package intake

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
)

// ParseBot reads a Lisp bot given by hand, as `arena bot check --lisp` and
// `arena play --white lisp:...` take it: words that are paths (the .lisp
// files to load, in order, or one submission: its folder, or its archive
// as intake reads it, unpacked under work) and KEY=VALUE settings with the
// keys of a league's lisp entry (state=board, read=FILE, ...). It returns
// the bot's config, paths absolute, and the keys given among probe.Keys(),
// which the probe keeps as they are. A class's folder is refused, naming
// arena intake; so is an archive when work is "".
func ParseBot(words []string, work string) (lisp.Config, []string, error) {
	dir := "" // a submission folder given in place of files
	c, err := lisp.ParseWords(words, func(key, path string) (string, error) {
		abs, err := filepath.Abs(path)
		if err != nil || key != "file" {
			return abs, err
		}
		if abs, err = submissionRoot(abs, work); err != nil || !isDir(abs) {
			return abs, err
		}
		if dir != "" {
			return "", fmt.Errorf("lisp: two folders, %s and %s: give one submission", dir, abs)
		}
		dir = abs
		return filepath.Join(dir, "entry"), nil // ParseArgs wants a file: this one stands for the entry
	})
	if err != nil {
		return lisp.Config{}, nil, err
	}
	var given []string
	for _, w := range words {
		if key, _, ok := strings.Cut(w, "="); ok && slices.Contains(probe.Keys(), key) {
			given = append(given, key)
		}
	}
	if dir != "" {
		if len(c.Files) > 1 {
			return lisp.Config{}, nil, fmt.Errorf("lisp: %s is a folder: give it alone (the submission) or the .lisp files to load", dir)
		}
		c.Files, c.Root = nil, dir
	}
	for _, f := range c.Files {
		fi, err := os.Stat(f)
		switch {
		case err != nil:
			return lisp.Config{}, nil, fmt.Errorf("no Lisp file at %s", f)
		case !fi.Mode().IsRegular():
			return lisp.Config{}, nil, fmt.Errorf("%s is not a Lisp file", f)
		}
	}
	return c, given, nil
}

// submissionRoot returns the folder of the submission at path: path when
// it is a Lisp file or a group's folder, the folder an archive unpacks to
// under work. A class's folder is an error naming arena intake.
func submissionRoot(path, work string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return path, nil // ParseBot says there is no such file
	}
	if fi.IsDir() {
		ents, err := os.ReadDir(path)
		if err != nil {
			return "", err
		}
		groups := 0
		for _, e := range ents {
			if (e.IsDir() || archiveOf(e.Name()) != nil) && isGroup(trimArchive(e.Name())) {
				groups++
			}
		}
		if groups >= 2 && !whole(path, ents) {
			return "", fmt.Errorf("%s is a class's folder (%d groups' submissions): take a class in with `arena intake %s`; give one group's folder or archive here", path, groups, path)
		}
		return path, nil
	}
	a := archiveOf(fi.Name())
	switch {
	case a == nil:
		return path, nil
	case a.unpack == nil:
		return "", fmt.Errorf("%s is a %s archive, which arena does not read: unpack it and give its folder", path, a.kind)
	case work == "":
		return "", fmt.Errorf("%s is an archive: unpack it and give its folder", path)
	}
	// One archive the user names, not a class's: within the limits of a
	// submission, it is read at once.
	root, err := unpack(context.Background(), path, filepath.Join(work, trimArchive(fi.Name())), a, submissionLimits())
	if err != nil {
		return "", fmt.Errorf("%s: its %s %w", path, a.kind, err)
	}
	return root, nil
}

// isDir reports whether path is a folder.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// Prepared is a Lisp bot given by hand, ready to play.
type Prepared struct {
	Name   string
	Config lisp.Config
	// Findings are the probe's, nil when every convention was given.
	Findings *probe.Findings
	// Notes say what was chosen to load, for a submission folder.
	Notes []string
}

// Prepare completes the Lisp bot c given by hand (see ParseBot) the way
// arena intake does: a submission folder (c.Root without Files) is read to
// choose its entry files and package; then the conventions not among
// given, and the time base, are probed in the bot's sandbox, unless every
// key is given. A bot that cannot play is an error saying why, with what
// was found.
func Prepare(ctx context.Context, c lisp.Config, given []string, opt Options) (Prepared, error) {
	p := Prepared{Name: "lisp"}
	var plans []plan
	if len(c.Files) == 0 {
		files, err := scanTree(c.Root)
		if err != nil {
			return p, err
		}
		e := chooseEntry(files)
		if len(e.files) == 0 {
			return p, fmt.Errorf("%s: %s", c.Root, e.reason)
		}
		c.Files, p.Notes, plans = e.files, e.notes, e.plans
		if c.Package == "" {
			c.Package = strings.ToLower(e.pkg)
		}
		p.Name = ParseGroup(filepath.Base(c.Root)).ID
		if e.reason != "" {
			return p, fmt.Errorf("%s: %s", c.Root, e.reason)
		}
	} else {
		last := c.Files[len(c.Files)-1]
		p.Name = ParseGroup(strings.TrimSuffix(filepath.Base(last), filepath.Ext(last))).ID
	}
	loads := func(k plan) {
		p.Notes = append(append(p.Notes, k.notes()...), "loads "+strings.Join(k.rel(), ", "))
	}
	if len(given) == len(probe.Keys()) {
		if plans != nil {
			loads(plans[0])
		}
		p.Config = c.WithDefaults()
		return p, nil
	}
	opt.Fixed, opt.Given = c, given
	if opt.Progress != nil {
		opt.step = func(doing string) { opt.Progress(Step{Total: 1, Group: p.Name, Doing: doing}) }
	}
	if plans == nil {
		opt.note("probing %s in its sandbox", strings.Join(c.Files, " + "))
		cfg, f := probeConfig(ctx, p.Name, c, opt)
		p.Config, p.Findings = cfg, &f
	} else {
		cfg, f, tried, kept := probePlans(ctx, p.Name, c, plans, opt)
		p.Config, p.Findings = cfg, &f
		loads(kept)
		if len(tried) > 1 {
			p.Notes = append(p.Notes, triedText(tried))
		}
	}
	if !p.Findings.Eligible {
		return p, &botkind.CannotPlayError{Bot: p.Name, Reason: p.Findings.Reason}
	}
	return p, nil
}

// Completer completes the Lisp bots of the command line
// (botkind.LispCompleter: `arena play --white lisp:...`, `arena bot check
// --lisp`) as arena intake completes a hand-in, so that the three find the
// same conventions: ParseBot reads the words, Prepare completes the bot
// for the game, tempo and sandbox of the Env, through its Self.
type Completer struct {
	// Progress, when set, is told what the probe is doing (see Options).
	Progress func(Step)
}

// CompleteLisp returns the name and settings of the Lisp bot of words (see
// ParseBot and Prepare) and notes what it found: what it chose to load,
// and the conventions and time base the probe found. Words that name no
// bot, or a folder without a jogar to play, are a *botkind.FormError; a
// bot that cannot play is an error, with the closest settings found.
func (c Completer) CompleteLisp(ctx context.Context, words []string, env botkind.Env) (string, lisp.Config, error) {
	cfg, given, err := ParseBot(words, env.Work)
	if err != nil {
		return "", lisp.Config{}, &botkind.FormError{Err: err}
	}
	p, err := Prepare(ctx, cfg, given, Options{Game: env.Game, Tempo: env.Tempo, Self: env.Self, Sandbox: env.Sandbox, Driver: env.Images.Driver(ctx), Progress: c.Progress})
	for _, n := range p.Notes {
		env.Notef("lisp: %s", n)
	}
	if f := p.Findings; f != nil && f.Eligible {
		env.Notef("lisp: %s, package %s: found %s; time per move %s", p.Name, f.Package, f.Conventions, f.Time)
	}
	if err != nil && len(cfg.Files) == 0 && len(p.Config.Files) == 0 {
		return p.Name, p.Config, &botkind.FormError{Err: err} // a folder without a jogar to play
	}
	return p.Name, p.Config, err
}

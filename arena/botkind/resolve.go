package botkind

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/referee"
)

// Env is what ParseSpec needs beside a bot's form on the command line:
// where the bot will play, and how to complete a Lisp submission.
type Env struct {
	// Self is arena's executable, which runs the built-in, line and Lisp
	// bots (and a Lisp bot's probe).
	Self string
	// Game is the game to play (nil: none named): a line bot's handshake
	// names it, a Lisp bot's Info lists it and its probe plays it.
	Game referee.Game
	// Tempo is the time per move, at which a Lisp bot's time base is
	// measured.
	Tempo time.Duration
	// Sandbox is where the bot runs, and a Lisp bot's probe.
	Sandbox sandbox.Mode
	// Registry is the registry file whose bots a bare name may have meant
	// (see Parse).
	Registry string
	// Lisp completes a Lisp submission (LispPrefix); nil: its words are
	// taken as ParseLisp takes them, .lisp files and settings, nothing
	// probed.
	Lisp LispCompleter
	// Work is a folder under which a Lisp submission's archive is
	// unpacked, which the caller removes; "": an archive is refused.
	Work string
	// Lenient keeps a Lisp bot that cannot play: it is noted, told to
	// CannotPlay when set, and started with the closest settings found,
	// for a check to show what fails. Otherwise it is an error.
	Lenient bool
	// CannotPlay, when set, is told why a Lisp bot kept by Lenient
	// cannot play.
	CannotPlay func(*CannotPlayError)
	// Note, when set, gets what was found of a Lisp bot, one line each
	// without its newline ("lisp: settings: ..."), for a person to read.
	Note func(string)
	// Images, when set, starts a Lisp bot from its saved image, built
	// first when there is none (see lispimage.Cache.Apply); a bot without
	// one loads its files, and a note says why.
	Images *lispimage.Cache
}

// Notef passes a formatted note to e.Note, if any.
func (e Env) Notef(format string, args ...any) {
	if e.Note != nil {
		e.Note(fmt.Sprintf(format, args...))
	}
}

// gameName is the name of e.Game, or "".
func (e Env) gameName() string {
	if e.Game == nil {
		return ""
	}
	return e.Game.Name()
}

// LispCompleter completes a Lisp submission given on the command line as
// arena intake completes a hand-in (course/intake's Completer implements
// it; botkind, below intake, only asks).
type LispCompleter interface {
	// CompleteLisp returns the name and the settings of the Lisp bot of
	// words (its folder, its archive, unpacked under env.Work, or its
	// .lisp files, and settings as KEY=VALUE that override what would be
	// found), paths absolute and every convention written out, for a game
	// of env.Game at env.Tempo in env.Sandbox; it says what it found
	// through env.Note. Words that name no bot (no such file, a class's
	// folder, a folder without a jogar) MUST be a *FormError; a bot that
	// cannot play MUST be a *CannotPlayError, returned with the closest
	// settings found and their name.
	CompleteLisp(ctx context.Context, words []string, env Env) (name string, c lisp.Config, err error)
}

// CannotPlayError is a Lisp bot that arena would not let play in a
// league, as intake finds it: Reason says why, in the course's words.
type CannotPlayError struct{ Bot, Reason string }

func (e *CannotPlayError) Error() string { return e.Bot + " cannot play: " + e.Reason }

// FormError is a bot of the command line that names none arena can start:
// the user's mistake (no such file, a bad option, a class's folder for one
// submission), where a bot that cannot play is not.
type FormError struct{ Err error }

func (e *FormError) Error() string { return e.Err.Error() }
func (e *FormError) Unwrap() error { return e.Err }

// ParseSpec returns how to start the bot of the command line ref, of any
// form (see Parse; LispPrefix for a Lisp submission, completed by
// env.Lisp), run with args (for a Lisp submission: more words, each
// whole), for a game of env.Game in env.Sandbox through env.Self. The
// spec's name is the bot's (see DefaultName; for a Lisp submission, the
// completer's); limits and timeouts are the caller's, but a Lisp bot keeps
// the adapter's longer start timeout. A Lisp bot says its settings through
// env.Note. A form that names no bot is a *FormError.
func ParseSpec(ctx context.Context, ref string, args []string, env Env) (host.Spec, error) {
	words, ok := lispWords(ref)
	if !ok {
		r, err := Parse(ref, args, env.Registry)
		if err != nil {
			return host.Spec{}, &FormError{err}
		}
		s := r.Spec(env.Self, r.DefaultName(), env.gameName())
		s.Sandbox = env.Sandbox
		return s, nil
	}
	words = append(words, args...)
	if len(words) == 0 {
		return host.Spec{}, &FormError{fmt.Errorf("%s: give a Lisp submission: %sFOLDER, %sARCHIVE or %sFILE,...,KEY=VALUE...", ref, LispPrefix, LispPrefix, LispPrefix)}
	}
	name, c, err := env.completeLisp(ctx, words)
	if _, form := errors.AsType[*FormError](err); form || (err != nil && !env.Lenient) {
		return host.Spec{}, err
	}
	if err != nil {
		env.Notef("lisp: %v", err)
		if cannot, ok := errors.AsType[*CannotPlayError](err); ok && env.CannotPlay != nil {
			env.CannotPlay(cannot)
		}
	}
	env.Notef("lisp: settings: %s", strings.Join(lisp.Args(c)[1:], " "))
	r := Ref{Lisp: &c}
	s := r.Spec(env.Self, name, env.gameName())
	s.Sandbox = env.Sandbox
	s, err = r.FromImage(ctx, env.Images, s)
	if err != nil && ctx.Err() == nil {
		env.Notef("lisp: %s: no saved image (%v): loading the files", name, err)
	}
	return s, nil
}

// completeLisp completes the Lisp bot of words with e.Lisp, or takes them
// as ParseLisp does when there is none.
func (e Env) completeLisp(ctx context.Context, words []string) (string, lisp.Config, error) {
	if e.Lisp != nil {
		return e.Lisp.CompleteLisp(ctx, words, e)
	}
	r, err := ParseLisp(words)
	if err != nil {
		return "", lisp.Config{}, &FormError{err}
	}
	return r.DefaultName(), *r.Lisp, nil
}

// lispWords returns the words of ref when it is a Lisp submission of the
// command line (LispPrefix, then words split at commas): its folder,
// archive or files, and settings as KEY=VALUE; knights=W,B stays one word.
// Such a bot is completed as arena intake completes a hand-in, its archive
// unpacked and its conventions found by playing it (Env.Lisp), which a
// package below intake cannot do.
func lispWords(ref string) ([]string, bool) {
	rest, ok := strings.CutPrefix(ref, LispPrefix)
	if !ok {
		return nil, false
	}
	if rest == "" {
		return nil, true
	}
	var words []string
	for _, w := range strings.Split(rest, ",") {
		if n := len(words); n > 0 && isInt(w) && strings.HasPrefix(words[n-1], "knights=") && !strings.Contains(words[n-1], ",") {
			words[n-1] += "," + w
			continue
		}
		words = append(words, w)
	}
	return words, true
}

// isInt reports whether s is a decimal integer.
func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

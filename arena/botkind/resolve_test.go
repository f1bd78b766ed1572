package botkind

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// fakeLisp is a LispCompleter that notes what it was asked and answers
// with name, c and err.
type fakeLisp struct {
	name string
	c    lisp.Config
	err  error
	got  *[]string
}

func (f fakeLisp) CompleteLisp(_ context.Context, words []string, env Env) (string, lisp.Config, error) {
	*f.got = words
	env.Notef("lisp: found it")
	return f.name, f.c, f.err
}

// TestParseSpecLisp checks how ParseSpec completes a Lisp submission with
// the Env's completer: its words (the form's, then args), its notes, its
// settings noted, a bot that cannot play kept only when lenient, a form
// that names no bot a *FormError either way.
func TestParseSpecLisp(t *testing.T) {
	c := lisp.Config{Files: []string{"/s/g12/jogo.lisp"}, State: lisp.StateBoard}.WithDefaults()
	cannot := errors.New("g12 cannot play: no jogar")
	noBot := &FormError{errors.New("no Lisp file at /s/x.lisp")}
	for _, tc := range []struct {
		name      string
		ref       string
		args      []string
		err       error
		lenient   bool
		words     []string
		notes     []string
		wantErr   error
		wantStart bool
	}{
		{"plays", "lisp:g12,state=board", []string{"x.lisp"}, nil, false, []string{"g12", "state=board", "x.lisp"},
			[]string{"lisp: found it", "lisp: settings: " + strings.Join(lisp.Args(c)[1:], " ")}, nil, true},
		{"cannot play", "lisp:g12", nil, cannot, false, []string{"g12"}, []string{"lisp: found it"}, cannot, false},
		{"cannot play, lenient", "lisp:g12", nil, cannot, true, []string{"g12"},
			[]string{"lisp: found it", "lisp: " + cannot.Error(), "lisp: settings: " + strings.Join(lisp.Args(c)[1:], " ")}, nil, true},
		{"no bot, lenient", "lisp:x.lisp", nil, noBot, true, []string{"x.lisp"}, []string{"lisp: found it"}, noBot, false},
		{"the words of --lisp", LispPrefix, []string{"a,b.lisp", "state=board"}, nil, false, []string{"a,b.lisp", "state=board"},
			[]string{"lisp: found it", "lisp: settings: " + strings.Join(lisp.Args(c)[1:], " ")}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var words, notes []string
			env := Env{Self: "/usr/bin/arena", Game: game(t, "cavalo"), Lenient: tc.lenient,
				Lisp: fakeLisp{"g12", c, tc.err, &words}, Note: func(n string) { notes = append(notes, n) }}
			spec, err := ParseSpec(context.Background(), tc.ref, tc.args, env)
			if err != tc.wantErr {
				t.Errorf("error %v, want %v", err, tc.wantErr)
			}
			if !slices.Equal(words, tc.words) || !slices.Equal(notes, tc.notes) {
				t.Errorf("completer got %q, notes %q; want %q, %q", words, notes, tc.words, tc.notes)
			}
			if want := (Ref{Lisp: &c}).Spec("/usr/bin/arena", "g12", "cavalo"); tc.wantStart && !reflect.DeepEqual(spec, want) {
				t.Errorf("spec %+v, want %+v", spec, want)
			}
		})
	}
	if _, err := ParseSpec(context.Background(), LispPrefix, nil, Env{}); !isFormError(err) {
		t.Errorf("ParseSpec(lisp:) = %v, want a *FormError", err)
	}
	if _, err := ParseSpec(context.Background(), "./no-such-bot", nil, Env{}); !isFormError(err) {
		t.Errorf("ParseSpec(./no-such-bot) = %v, want a *FormError", err)
	}
}

func isFormError(err error) bool {
	_, ok := errors.AsType[*FormError](err)
	return ok
}

// game returns the game of name in the table.
func game(t *testing.T, name string) referee.Game {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

package lisp

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// handedIn is the course-style submission of testdata/handedin: its entry
// loads its other files as on its author's Windows PC.
var handedIn = Config{Files: []string{"testdata/handedin/src/entry.lisp"}, Root: "testdata/handedin"}

// TestLoadAsHandedIn loads testdata/handedin, whose loads name files that
// are not where it says (a Windows path, \ separators, another case, a
// LispWorks compiled file) and whose sources are in Latin-1 with CRLF, and
// checks what every file defined and the retries noted in the log.
func TestLoadAsHandedIn(t *testing.T) {
	a, log := startAdapter(t, handedIn)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	got, err := a.call(ctx, sexp.Nil(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// procura.lisp loaded once (compile-file, then the load of its
	// .64ofasl skipped); acentos's format directive ~ at a CRLF line end
	// works; ajuda.lisp found by *compile-file-truename*.
	const want = `("A1" (1 REGRAS TESTES "açb" VIZINHO "ajuda"))` // keywords lose their colon
	if got.String() != want {
		t.Errorf("jogar = %s, want %s\nlog:\n%s", got, want, log)
	}
	root, err := filepath.Abs("testdata/handedin")
	if err != nil {
		t.Fatal(err)
	}
	retries := []LoadRetry{
		{Op: "compile-file", Written: "C:/Users/aluno/Desktop/projeto/Procura.lisp", Used: root + "/procura.lisp"},
		{Op: "load", Written: "C:/Users/aluno/Desktop/projeto/procura.64ofasl", Used: root + "/procura.lisp", Skipped: true},
		{Op: "load", Written: `C:\lisp\SUB\REGRAS.LISP`, Used: root + "/sub/regras.lisp"},
		{Op: "load", Written: "latin.ofasl", Used: root + "/latin.lisp"},
	}
	if got := ParseLoadRetries(log.String()); !reflect.DeepEqual(got, retries) {
		t.Errorf("retries %+v\nwant %+v\nlog:\n%s", got, retries, log)
	}
	if strings.Contains(log.String(), "WARNING") {
		t.Errorf("the log holds warnings, of the driver's or the bot's:\n%s", log)
	}
	if !strings.Contains(log.String(), `lisp: load retried: load "C:\\lisp\\SUB\\REGRAS.LISP" -> "`+root+`/sub/regras.lisp"`+"\n") {
		t.Errorf("the log does not hold the retry line of REGRAS.LISP as documented:\n%s", log)
	}
	// What loading printed is marked, for the move log to keep apart.
	if load, rest := referee.SplitLoadLog(log.String()); !strings.Contains(load, "lisp: load retried") || strings.Contains(rest, "lisp: load retried") {
		t.Errorf("loading output %q, the rest %q: want the retries in the loading output", load, rest)
	}
}

func TestParseLoadRetries(t *testing.T) {
	t.Parallel()
	log := strings.Join([]string{
		"the bot's own output",
		`lisp: load retried: load "C:\\x\\y.lisp" -> "/s/y.lisp"`,
		`lisp: load retried: compile-file "a \"b\".lisp" -> "/s/a \"b\".lisp"`,
		`lisp: load retried: load "y.fasl" -> "/s/y.lisp" (already loaded by compile-file)`,
		`  lisp: load retried: load "not at the start" -> "/x"`,
	}, "\n")
	want := []LoadRetry{
		{Op: "load", Written: `C:\x\y.lisp`, Used: "/s/y.lisp"},
		{Op: "compile-file", Written: `a "b".lisp`, Used: `/s/a "b".lisp`},
		{Op: "load", Written: "y.fasl", Used: "/s/y.lisp", Skipped: true},
	}
	if got := ParseLoadRetries(log); !reflect.DeepEqual(got, want) {
		t.Errorf("ParseLoadRetries = %+v, want %+v", got, want)
	}
}

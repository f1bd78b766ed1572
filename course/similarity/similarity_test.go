package similarity

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/course/intake/intaketest"
)

// examples is bots/examples/lisp, from this package's folder.
const examples = "../../bots/examples/lisp"

// The groups of the class that the tests add to the samples.
const (
	alfaGroup  = "alfa_2209001_bruno_2209002_P20"
	copyGroup  = "copia_2209101_carla_2209102_P21"
	betaGroup  = "beta_2209201_duarte_2209202_P22"
	alfaSource = "testdata/alfa/jogo.lisp"
)

// alfaRenames renames every function, variable, parameter and package of
// testdata/alfa but jogar, which the championship calls.
var alfaRenames = map[string]string{
	"palfa": "pcopia", "*saltos-cavalo*": "*movimentos*", "*infinito*": "*maximo*", "casa": "valor-em",
	"tabuleiro": "tab", "linha": "lin", "coluna": "col", "dentro-p": "valida-p", "substituir": "trocar",
	"valor": "v", "nova-linha": "fila", "onde-esta": "procura", "peca": "alvo", "resultado": "achado",
	"l": "i", "c": "j", "inverso": "espelho", "numero": "n", "duplo-p": "dobro-p",
	"saltos-possiveis": "movimentos", "jogador": "vez", "origem": "de", "p": "q", "s": "m",
	"aplicar-salto": "mover", "destino": "para", "sem-origem": "limpo", "novo": "seguinte", "par": "gemeo",
	"avaliar": "heuristica", "pontos": "placar", "somar-pontos": "pontuar", "ganho": "lucro",
	"negamax": "minimax", "profundidade": "nivel", "alfa": "a", "beta": "b", "saltos": "opcoes",
	"melhor": "topo", "escolher": "decidir", "melhor-valor": "maior", "melhor-destino": "escolha",
	"estado": "e", "tempo": "limite", "brancas": "pb", "pretas": "pp",
}

// disguise returns a copy of the Lisp source src as a group that copied it
// would hand it in: every name of renames renamed, its top-level forms
// after the package's in reverse order, its comments and docstrings
// reworded.
func disguise(t testing.TB, src []byte, renames map[string]string) []byte {
	t.Helper()
	forms, err := readForms(src)
	if err != nil {
		t.Fatal(err)
	}
	symbol := regexp.MustCompile(`[A-Za-z0-9*+\-/<>=!?%&_^~.$@]+`)
	comment := regexp.MustCompile(`;[^\n]*`)
	str := regexp.MustCompile(`"[^"]*"`)
	var top, body []string
	for _, f := range forms {
		text := string(src[f.Start:f.End])
		text = str.ReplaceAllString(text, `"Explicado no relatorio."`)
		text = comment.ReplaceAllString(text, "")
		text = symbol.ReplaceAllStringFunc(text, func(s string) string {
			if to, ok := renames[strings.ToLower(s)]; ok {
				return to
			}
			return s
		})
		if h := head(f); h == "DEFPACKAGE" || h == "IN-PACKAGE" {
			top = append(top, text)
		} else {
			body = append(body, text)
		}
	}
	slices.Reverse(body)
	var b bytes.Buffer
	b.WriteString(";;; Projeto de IA, grupo 21: o nosso jogador.\n\n")
	b.WriteString(strings.Join(top, "\n") + "\n")
	for i, f := range body {
		fmt.Fprintf(&b, "\n;; parte %d do programa\n%s\n", i+1, f)
	}
	return b.Bytes()
}

// writeClass writes a class's folder: the Cavalo samples as handed in,
// the project testdata/alfa, a disguised copy of it and the independent
// project testdata/beta, each with the course's rules as regras.lisp.
func writeClass(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for _, s := range intaketest.Samples {
		if s.Game != "cavalo" || s.Derived() {
			continue
		}
		if err := intaketest.Assemble(examples, dir, s, false); err != nil {
			t.Fatal(err)
		}
	}
	rules, err := os.ReadFile(filepath.Join(examples, "regras.lisp"))
	if err != nil {
		t.Fatal(err)
	}
	alfa, err := os.ReadFile(alfaSource)
	if err != nil {
		t.Fatal(err)
	}
	beta, err := os.ReadFile("testdata/beta/jogo.lisp")
	if err != nil {
		t.Fatal(err)
	}
	copied := disguise(t, alfa, alfaRenames)
	for _, name := range []string{"negamax", "somar-pontos", "palfa", "onde-esta"} {
		if bytes.Contains(bytes.ToLower(copied), []byte(name)) {
			t.Fatalf("the disguised copy still says %s:\n%s", name, copied)
		}
	}
	for path, data := range map[string][]byte{
		alfaGroup + "/jogo.lisp": alfa, alfaGroup + "/regras.lisp": rules,
		copyGroup + "/src/principal.lisp": copied, copyGroup + "/src/regras.lisp": rules,
		betaGroup + "/jogo.lisp": beta, betaGroup + "/regras.lisp": rules,
	} {
		path = filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// compareClass lists the class in dir as intake does and compares it.
func compareClass(t testing.TB, dir string, opt Options) *Report {
	t.Helper()
	subs, err := intake.List(t.Context(), []string{dir}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(context.Background(), Entries(subs, false), opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCopyRanksFirst(t *testing.T) {
	t.Parallel()
	dir := writeClass(t)
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"with the course's rules as base", Options{Base: []string{filepath.Join(examples, "regras.lisp")}}},
		{"without a base: the rules are common to the class", Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := compareClass(t, dir, tc.opt)
			want := 3 // alfa, beta and the disguised copy
			for _, s := range intaketest.Samples {
				if s.Game == "cavalo" && !s.Derived() {
					want++
				}
			}
			if n := len(r.Submissions); n != want {
				t.Fatalf("%d submissions, want %d: the Cavalo samples, alfa, beta and the copy", n, want)
			}
			top := r.Pairs[0]
			t.Logf("threshold %.3f (median %.3f, MAD %.3f); top pair %s %s: score %.3f, %d shared, longest run %d",
				r.Threshold.Value, r.Threshold.Median, r.Threshold.MAD, top.A, top.B, top.Score, top.Shared, top.Longest)
			for _, p := range r.Pairs[1:4] {
				t.Logf("next: %s %s: score %.3f, %d shared, longest run %d, flagged %v", p.A, p.B, p.Score, p.Shared, p.Longest, p.Flagged)
			}
			if top.A != alfaGroup || top.B != copyGroup {
				t.Fatalf("the most similar pair is %s and %s, want %s and its copy %s", top.A, top.B, alfaGroup, copyGroup)
			}
			if top.Score < 0.8 || !top.Flagged {
				t.Errorf("the copy scores %.3f, flagged %v: want at least 0.8, flagged", top.Score, top.Flagged)
			}
			if top.Longest < 100 {
				t.Errorf("the copy's longest shared run is %d tokens, want a whole function's (at least 100)", top.Longest)
			}
			for _, p := range r.Pairs[1:] {
				if p.Score > top.Score/2 {
					t.Errorf("independent pair %s %s scores %.3f, over half the copy's %.3f", p.A, p.B, p.Score, top.Score)
				}
				if p.Flagged {
					t.Errorf("independent pair %s %s is flagged (score %.3f, %d shared, threshold %.3f)", p.A, p.B, p.Score, p.Shared, r.Threshold.Value)
				}
			}
		})
	}
}

func TestPastYears(t *testing.T) {
	t.Parallel()
	dir := writeClass(t)
	past := t.TempDir()
	if err := os.Rename(filepath.Join(dir, alfaGroup), filepath.Join(past, alfaGroup)); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, betaGroup), filepath.Join(past, betaGroup)); err != nil {
		t.Fatal(err)
	}
	now, err := intake.List(t.Context(), []string{dir}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	before, err := intake.List(t.Context(), []string{past}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(context.Background(), append(Entries(now, false), Entries(before, true)...), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if top := r.Pairs[0]; top.A != copyGroup || top.B != alfaGroup || !top.Flagged {
		t.Errorf("the most similar pair is %s and %s (flagged %v), want last year's %s and its copy", top.A, top.B, top.Flagged, alfaGroup)
	}
	for _, p := range r.Pairs {
		if (p.A == alfaGroup || p.A == betaGroup) && (p.B == alfaGroup || p.B == betaGroup) {
			t.Errorf("two past submissions compared: %s and %s", p.A, p.B)
		}
	}
}

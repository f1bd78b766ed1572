// Package intaketest builds a class's folder of course-style Lisp
// submissions from the samples of bots/examples/lisp/entregas, for the
// tests of arena intake (course/intake, bots/lisp/probe, cmd/arena),
// and lets a test binary stand in for arena as the probe (Main,
// ProbeSpec).
//
// intaketest imports host, for the probe's Spec.
package intaketest

import (
	"archive/zip"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Sample is one sample submission: bots/examples/lisp/entregas/GAME/GROUP,
// which the course's rules file completes.
type Sample struct {
	GameName string // a game of the table: cavalo, dots, adji, solitario, quatro
	Group    string
	// Package is jogar's package, which names the bot.
	Package string
	// Eligible says whether the sample can play; Reason is a piece of the
	// reason when it cannot.
	Eligible bool
	Reason   string
	// Shape is the shape of project it stands for, when it is not one of
	// the conventions of jogar (which the first samples are): "cycle" (a
	// test loader loads the entry back), "needs" (jogar alone beside the
	// files it needs and an interactive loader), "timed" (its answers
	// depend on its search time), "timed-lispworks" (the same, reading
	// tempo in LispWorks units), "late-failure" (structured right, it
	// fails on a late position: eligible with a warning; P14 answers no
	// move there, P19 signals a Lisp error), "reason" (its jogar
	// cannot play: the reason's wording is the point), "own-rules" (the
	// group wrote the game's rules itself: no course rules file beside it).
	Shape string
	// Files are the files intake must load, in order, when Shape is set.
	Files []string
	// Scale is the tempo_scale intake must find; 0: 1.
	Scale int
}

// Samples are the sample submissions, one per convention a course project
// may have, and two that cannot take part.
var Samples = []Sample{
	{GameName: "cavalo", Group: "ana_2201001_rui_2201002_P1", Package: "p1", Eligible: true},
	{GameName: "cavalo", Group: "bia_2201003_eva_2201004_P2", Package: "p2", Eligible: true, Scale: 1000},
	{GameName: "cavalo", Group: "caio_2201005_luis_2201006_P3", Package: "p3", Eligible: true},
	{GameName: "cavalo", Group: "dani_2201007_joao_2201008_P4", Package: "p4", Eligible: true},
	{GameName: "cavalo", Group: "rita_2201009_tome_2201010_P5", Package: "p5", Eligible: true},
	{GameName: "cavalo", Group: "sara_2201011_vasco_2201012_P6", Package: "p6", Eligible: true},
	{GameName: "cavalo", Group: "tiago_2201013_vera_2201014_P7", Package: "p7", Eligible: true},
	{GameName: "cavalo", Group: "ugo_2201015_zoe_2201016_P8", Package: "p8", Eligible: true},
	{GameName: "cavalo", Group: "xavier_2201017_yara_2201018_P9", Package: "p9", Reason: "takes 3 required arguments"},
	{GameName: "cavalo", Group: "zeca_2201019_ines_2201020_P10", Package: "p10", Reason: "reads the keyboard"},
	{GameName: "dots", Group: "ana_2202001_rui_2202002_D1", Package: "pd1", Eligible: true},
	{GameName: "dots", Group: "bia_2202003_eva_2202004_D2", Package: "pd2", Eligible: true},
	{GameName: "dots", Group: "caio_2202005_luis_2202006_D3", Package: "pd3", Eligible: true},
	{GameName: "dots", Group: "dani_2202007_joao_2202008_D4", Package: "pd4", Eligible: true},
	{GameName: "dots", Group: "rita_2202009_tome_2202010_D5", Package: "pd5", Eligible: true},
	{GameName: "cavalo", Group: "filipa_2201021_gil_2201022_P11", Package: "p11", Eligible: true,
		Shape: "cycle", Files: []string{"src/interact.lisp"}},
	{GameName: "cavalo", Group: "joana_2201023_luis_2201024_P12", Package: "p12", Eligible: true,
		Shape: "timed", Files: []string{"jogo.lisp"}},
	{GameName: "cavalo", Group: "lara_2201025_nuno_2201026_P13", Package: "p13", Eligible: true,
		Shape: "timed-lispworks", Files: []string{"jogo.lisp"}, Scale: 1000},
	{GameName: "cavalo", Group: "olga_2201027_raul_2201028_P14", Package: "p14", Eligible: true,
		Shape: "late-failure", Files: []string{"jogo.lisp"}},
	{GameName: "cavalo", Group: "pedro_2201037_sofia_2201038_P19", Package: "p19", Eligible: true,
		Shape: "late-failure", Files: []string{"jogo.lisp"}},
	{GameName: "dots", Group: "hugo_2202011_ivo_2202012_D6", Package: "p2202011", Eligible: true,
		Shape: "needs", Files: []string{"p2202011.lisp", "puzzle.lisp", "algoritmo.lisp"}},
	// Adji-boto: the board alone (2018/19), the board and points answered
	// with ((row col) new-state) (2024/25), the 2024/25 group's jogar of
	// three arguments, and a jogar that returns NIL.
	{GameName: "adji", Group: "ana_2203001_rui_2203002_A1", Package: "pa1", Eligible: true},
	{GameName: "adji", Group: "bia_2203003_eva_2203004_A2", Package: "pa2", Eligible: true},
	{GameName: "adji", Group: "caio_2203005_luis_2203006_A3", Package: "pa3", Reason: "takes 3 required arguments (NO TEMPO JOGADOR)"},
	{GameName: "adji", Group: "dani_2203007_joao_2203008_A4", Package: "pa4", Reason: "NIL"},

	// Solitário 2 (2025/26): zips named P2_nome1_numero1_nome2_numero2 (P2
	// is the project's number), packages p<numero1>-<numero2>.
	{GameName: "solitario", Group: "P2_ana_2203001_rui_2203002", Package: "p2203001-2203002", Eligible: true},
	{GameName: "solitario", Group: "P2_bia_2203003_eva_2203004", Package: "p2203003-2203004", Eligible: true},
	{GameName: "solitario", Group: "P2_caio_2203005_luis_2203006", Package: "p2203005-2203006", Reason: "takes 3 required arguments"},
	{GameName: "solitario", Group: "P2_dani_2203007_joao_2203008", Package: "p2203007-2203008", Reason: "no convention gives legal moves"},
	// A group that wrote its own rules, its operators named by the
	// statement's codes (c, cc...), with a helper e-captura-p whose name
	// holds a word of Adji-boto's statement (issue 46).
	{GameName: "solitario", Group: "P2_eva_2203009_ivo_2203010", Package: "p2203009-2203010", Eligible: true,
		Shape: "own-rules", Files: []string{"projeto.lisp"}},

	// Jogo do Quatro (games/quatro): the two answers of the course's
	// groups, ((row col) estado) and (B3 estado); a jogar with no
	// parameters; a stub that returns its description.
	{GameName: "quatro", Group: "ana_2203001_rui_2203002_Q1", Package: "q1", Eligible: true},
	{GameName: "quatro", Group: "bia_2203003_eva_2203004_Q2", Package: "q2", Eligible: true},
	{GameName: "quatro", Group: "caio_2203005_luis_2203006_Q3", Package: "q3", Reason: "takes no parameters"},
	{GameName: "quatro", Group: "dani_2203007_joao_2203008_Q4", Package: "q4", Reason: "returns its documentation string: it is a stub"},

	// Groups that wrote their bots in LispWorks, whose internal clock
	// counts milliseconds (issue 46): a Dots group that thinks a fifth of
	// its tempo and answers ((0 0) NIL) without time, and a Quatro group
	// whose first move builds and sorts its successors, which costs more
	// than the tempo, before it looks at its clock.
	{GameName: "dots", Group: "eva_2202013_ivo_2202014_D7", Package: "pd7", Eligible: true,
		Shape: "timed", Files: []string{"jogo.lisp"}, Scale: 1000},
	{GameName: "quatro", Group: "eva_2203011_ivo_2203012_Q5", Package: "q5", Eligible: true,
		Shape: "timed", Files: []string{"jogo.lisp"}, Scale: 1000},

	// Reasons a student would dispute (issue 41): the reason names the
	// file, the line and what is wrong in the student's terms.
	{GameName: "cavalo", Group: "marta_2201031_nuno_2201032_P16", Shape: "reason", Package: "p16",
		Reason: "jogar (in algoritmo.lisp, line 17, inside a let) takes 3 required arguments"},
	{GameName: "cavalo", Group: "olga_2201033_paulo_2201034_P17", Shape: "reason", Package: "p17",
		Reason: "jogar (in jogo.lisp, line 9) returns its documentation string: it is a stub"},
	{GameName: "cavalo", Group: "quim_2201035_rosa_2201036_P18", Shape: "reason", Package: "p18",
		Reason: "jogar (in jogo.lisp, line 12) takes no parameters"},

	// The course's habits of issue 46: a championship file named after the
	// group (p55.lisp, in-package :p55) beside the project's folder, whose
	// jogar takes three arguments, where the project's own jogar calls a
	// LispWorks-only function; a load inside a defun (the menu's), and a
	// jogar whose second parameter is a depth.
	{GameName: "adji", Group: "filipa_2203013_gil_2203014_P55", Shape: "reason", Package: "p55",
		Reason: "jogar (in p55.lisp, line 10) takes 3 required arguments (ESTADO TEMPO JOGADOR)"},
	{GameName: "dots", Group: "hugo_2202015_ivo_2202016_D8", Shape: "reason", Package: "pd8",
		Reason: "jogar (in jogo.lisp, line 17) takes a depth as its second argument (ESTADO PROFUNDIDADE)"},
}

// Derived reports whether s was made from another sample, the same
// project made to fail one way (P13 from P12, P14 and P19 from P1): a
// similarity check rightly flags the pair, so s is no independent
// project.
func (s Sample) Derived() bool { return s.Shape == "timed-lispworks" || s.Shape == "late-failure" }

// rulesFile returns the course's rules file that completes a sample of game,
// under examples (bots/examples/lisp): the game's own folder's regras.lisp
// when it has one (dots, adji, solitario, quatro), else Jogo do Cavalo's.
func rulesFile(examples, game string) string {
	if own := filepath.Join(examples, game, "regras.lisp"); game != "" {
		if _, err := os.Stat(own); err == nil {
			return own
		}
	}
	return filepath.Join(examples, "regras.lisp")
}

// Assemble writes the submission s into dir as a group hands it in: its
// files, from examples (bots/examples/lisp), with the course's rules as
// regras.lisp at its root; as dir/GROUP/ or, with zipped, as dir/GROUP.zip
// holding the folder GROUP/.
func Assemble(examples, dir string, s Sample, zipped bool) error {
	return AssembleAs(examples, dir, s, s.Group, zipped)
}

// AssembleAs is Assemble with the submission named group: a sample
// replicated for a larger class.
func AssembleAs(examples, dir string, s Sample, group string, zipped bool) error {
	files := map[string]string{"regras.lisp": rulesFile(examples, s.GameName)}
	if s.Shape == "own-rules" {
		delete(files, "regras.lisp")
	}
	src := filepath.Join(examples, "entregas", s.GameName, s.Group)
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		files[filepath.ToSlash(rel)] = path
		return err
	})
	if err != nil {
		return err
	}
	if !zipped {
		for rel, from := range files {
			if err := copyFile(from, filepath.Join(dir, group, filepath.FromSlash(rel))); err != nil {
				return err
			}
		}
		return nil
	}
	out, err := os.Create(filepath.Join(dir, group+".zip"))
	if err != nil {
		return err
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	for rel, from := range files {
		w, err := zw.Create(group + "/" + rel)
		if err != nil {
			return err
		}
		in, err := os.Open(from)
		if err != nil {
			return err
		}
		_, err = io.Copy(w, in)
		in.Close()
		if err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Close()
}

// copyFile copies the file from to to, creating its folder.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}

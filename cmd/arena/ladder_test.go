package main

import (
	"archive/zip"
	"bufio"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/results"
)

// ladderServer is a real `arena ladder serve` process of the tests.
type ladderServer struct {
	cmd *exec.Cmd
	url string
}

// startLadder starts arena ladder serve on dir, on two slots, with the
// flags more (which may set others), and waits for its address.
func startLadder(t *testing.T, dir string, more ...string) *ladderServer {
	t.Helper()
	cmd := exec.Command(arenaBinary(t), append([]string{"ladder", "serve", dir, "--addr", "127.0.0.1:0", "--slots", "2"}, more...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &ladderServer{cmd: cmd}
	t.Cleanup(func() { s.kill() })
	r := bufio.NewReader(stderr)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("arena ladder serve: %v before its address", err)
		}
		if u, ok := strings.CutPrefix(strings.TrimSpace(line), "arena: ladder at "); ok {
			s.url = strings.TrimSuffix(u, "/")
			break
		}
		t.Logf("serve: %s", line)
	}
	go io.Copy(io.Discard, r)
	return s
}

// arenaBinary returns arena's binary (testbin.Arena), for the servers and
// workers the tests start, and the commands that start Lisp bots
// (arenaExec). It is built without the race detector whatever
// the tests are: a race in such a process would be reported on its
// stderr, which the tests do not read, and at its exit, which a server
// killed never reaches; under the race detector it took several times the
// CPU. The ladder's and the queue's own tests run them in the test
// process.
func arenaBinary(t *testing.T) string {
	t.Helper()
	bin, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// kill stops the server with SIGKILL, as a crash would, and waits for it.
func (s *ladderServer) kill() {
	if s.cmd.ProcessState == nil {
		s.cmd.Process.Signal(syscall.SIGKILL)
		s.cmd.Wait()
	}
}

// upload posts the archive at path as the group of tok; it returns the
// status and the answer's body.
func (s *ladderServer) upload(t *testing.T, tok, path string) (int, []byte) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	req, _ := http.NewRequest(http.MethodPost, s.url+"/api/ladder/upload?name="+filepath.Base(path), f)
	req.Header.Set("Authorization", "Bearer "+tok)
	return s.do(t, req)
}

func (s *ladderServer) get(t *testing.T, tok, path string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.url+path, nil)
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	return s.do(t, req)
}

func (s *ladderServer) do(t *testing.T, req *http.Request) (int, []byte) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

// ladderTokens reads DIR/tokens.csv.
func ladderTokens(t *testing.T, dir string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ladder.TokensFile))
	if err != nil {
		t.Fatal(err)
	}
	toks := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		g, tok, _ := strings.Cut(line, ",")
		toks[g] = tok
	}
	return toks
}

// gamesIn counts the games of the ladder's database and checks its
// integrity.
func gamesIn(t *testing.T, dir string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, ladder.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var ok string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check: %q, %v", ok, err)
	}
	var n, distinct int
	if err := db.QueryRow(`SELECT COUNT(*), COUNT(DISTINCT pair || '-' || colour) FROM games`).Scan(&n, &distinct); err != nil {
		t.Fatal(err)
	}
	if n != distinct {
		t.Fatalf("%d games, %d distinct: a game counted twice", n, distinct)
	}
	return n
}

// waitFor polls cond until it holds; the test's own deadline (go test
// -timeout) bounds the wait.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		if t.Context().Err() != nil {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestLadderServe runs a ladder of the sample class in a real arena
// ladder serve process: uploads over HTTP are accepted or refused as
// intake finds the samples (P14's late failure a warning); a wrong token
// is 401 and stores nothing; a hostile archive is refused and the server
// goes on; the same files again play nothing; a group cannot read
// another's page (403); a second version plays a match against the first;
// the games go on across a kill -9, none lost but those in play, none
// counted twice; the freeze writes a league file of the accepted groups
// with a drawn seed; an upload after it says it is not in the
// championship.
func TestLadderServe(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays a ladder of Lisp projects: not -short")
	}
	dir, toks, zips := newSampleLadder(t, "P1,ana/rui", "P3,caio/luis", "P9,xavier/yara", "P14,olga/raul")
	work := filepath.Dir(dir)
	// One slot while the groups upload: the ladder plays beside every
	// upload from the second group accepted on, and its games on two
	// slots took most of the test's CPU. Two after the restart.
	srv := startLadder(t, dir, "--slots", "1")

	if code, body := srv.upload(t, "lt_wrong", zips["P1"]); code != http.StatusUnauthorized {
		t.Errorf("upload with a wrong token: %d %s, want 401", code, body)
	}
	if n := gamesIn(t, dir); n != 0 {
		t.Errorf("%d games after a wrong token", n)
	}
	want := map[string]ladder.Status{"P1": ladder.Accepted, "P3": ladder.Accepted, "P9": ladder.Refused, "P14": ladder.Accepted}
	// P9 before P3: the ladder plays from the second group accepted on,
	// beside every later upload.
	for _, g := range []string{"P1", "P9", "P3", "P14"} {
		code, body := srv.upload(t, toks[g], zips[g])
		var v ladder.Version
		if err := json.Unmarshal(body, &v); code != http.StatusOK || err != nil {
			t.Fatalf("upload %s: %d %s", g, code, body)
		}
		if v.Status != want[g] {
			t.Errorf("upload %s: %s (%s), want %s as intake finds it", g, v.Status, v.Reason, want[g])
		}
		if v.Status == ladder.Refused && !strings.Contains(v.Reason, "takes 3 required arguments") {
			t.Errorf("upload %s: refused for %q, want intake's reason", g, v.Reason)
		}
		// P14 fails on a later position: accepted, "yes, but", with what
		// it answered there.
		if g == "P14" && (len(v.Warnings) == 0 || v.Warnings[0].Output == "") {
			t.Errorf("upload P14: warnings %+v, want intake's yes-but with the bot's answer", v.Warnings)
		}
	}
	code, body := srv.upload(t, toks["P1"], zips["P1"])
	if code != http.StatusOK || !strings.Contains(string(body), `"same":1`) {
		t.Errorf("the same files again: %d %s, want same as version 1", code, body)
	}
	bomb := filepath.Join(work, "bomb.tar.bz2")
	if err := intaketest.WriteBomb(bomb, intaketest.ManySkipped); err != nil {
		t.Fatal(err)
	}
	code, body = srv.upload(t, toks["P3"], bomb)
	if code != http.StatusOK || !strings.Contains(string(body), `"status":"refused"`) {
		t.Errorf("a hostile archive: %d %s, want refused with a reason", code, body)
	}
	if code, body := srv.get(t, toks["P1"], "/api/ladder/group/P3"); code != http.StatusForbidden {
		t.Errorf("P1 reads P3's page: %d %s, want 403", code, body)
	}

	// A second version of P1 plays a match against the first.
	p1b := withFile(t, zips["P1"], "P1/notas.txt", "versão 2")
	if code, body := srv.upload(t, toks["P1"], p1b); code != http.StatusOK || !strings.Contains(string(body), `"version":2`) {
		t.Fatalf("P1's second version: %d %s", code, body)
	}
	waitFor(t, "P1's match", func() bool {
		_, body := srv.get(t, toks["P1"], "/api/ladder/group/P1")
		var gv ladder.GroupView
		json.Unmarshal(body, &gv)
		return gv.Match != nil && gv.Match.Games >= 2 && strings.Contains(gv.Match.Text, "version 2") && len(gv.Games) > 0
	})

	waitFor(t, "10 ladder games", func() bool { return gamesIn(t, dir) >= 8+10 }) // 8: the validation games
	waitFor(t, "a game in play", func() bool {
		_, body := srv.get(t, "", "/api/ladder/status")
		var st ladder.State
		json.Unmarshal(body, &st)
		return st.Busy > 0
	})
	srv.kill()
	before := gamesIn(t, dir)
	srv = startLadder(t, dir)
	if after := gamesIn(t, dir); after < before {
		t.Fatalf("%d games after the restart, %d before", after, before)
	}
	waitFor(t, "games after the restart", func() bool { return gamesIn(t, dir) > before+2 })

	_, body = srv.get(t, "", "/api/ladder/standings")
	var st []ladder.Standing
	if err := json.Unmarshal(body, &st); err != nil || len(st) != 3 {
		t.Fatalf("standings: %s (%v), want P1, P3, P14", body, err)
	}
	srv.kill()
	out, err := arenaOut(t, "ladder", "standings", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if !strings.Contains(out, s.Display) {
			t.Errorf("arena ladder standings lacks %s:\n%s", s.Display, out)
		}
	}
	file := filepath.Join(work, "league.yaml")
	if out, err := arenaOut(t, "ladder", "freeze", dir, "-o", file); err != nil {
		t.Fatalf("freeze: %v\n%s", err, out)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Bots) != 3 || cfg.Seed == 1 {
		t.Errorf("the frozen league has %d bots, seed %d; want 3, a drawn seed", len(cfg.Bots), cfg.Seed)
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), "not eligible: P9") {
		t.Errorf("the frozen league does not list P9 as not eligible:\n%s", data)
	}
	// An upload after the freeze plays on the ladder, and says it does
	// not count for the championship (one slot, as above).
	srv = startLadder(t, dir, "--slots", "1")
	code, body = srv.upload(t, toks["P3"], withFile(t, zips["P3"], "P3/notas.txt", "tarde"))
	if code != http.StatusOK || !strings.Contains(string(body), "not in the championship") {
		t.Errorf("an upload after the freeze: %d %s, want a warning that it is not in the championship", code, body)
	}
}

// withFile returns a copy of the zip at path with one more file, name,
// holding data.
func withFile(t *testing.T, path, name, data string) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	for _, e := range zr.File {
		if err := zw.Copy(e); err != nil {
			t.Fatal(err)
		}
	}
	w, _ := zw.Create(name)
	w.Write([]byte(data))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out
}

// newSampleLadder makes a ladder of the sample class's groups (cavalo,
// the course's rules file in each archive) and returns its folder, its
// tokens and each group's archive.
func newSampleLadder(t *testing.T, groups ...string) (dir string, toks, zips map[string]string) {
	t.Helper()
	intaketest.Self(t) // needs sbcl
	work := t.TempDir()
	dir = filepath.Join(work, "ladder")
	roster := "group,students\n"
	for _, g := range groups { // "P1" or "P1,ana/rui"
		roster += g + "\n"
	}
	os.WriteFile(filepath.Join(work, "roster.csv"), []byte(roster), 0o644)
	// At 20 ms a move, and the tests take groups whose bots answer in a
	// few ms (P1, P3, P4, P14), not one that thinks as long as its tempo
	// allows (P2): a ladder plays on while a test waits for it, and such
	// a bot made most of its CPU time. What the tests check holds at any
	// tempo.
	if out, err := arenaOut(t, "ladder", "init", dir, "--game", "cavalo", "--roster", filepath.Join(work, "roster.csv"), "--tempo", "20"); err != nil {
		t.Fatalf("ladder init: %v\n%s", err, out)
	}
	toks = ladderTokens(t, dir)
	zips = map[string]string{}
	examples := filepath.Join("..", "..", "bots", "examples", "lisp")
	for _, s := range intaketest.Samples {
		g := s.Group[strings.LastIndex(s.Group, "_")+1:]
		if s.GameName != "cavalo" || toks[g] == "" {
			continue
		}
		if err := intaketest.AssembleAs(examples, work, s, g, true); err != nil {
			t.Fatal(err)
		}
		zips[g] = filepath.Join(work, g+".zip")
	}
	return dir, toks, zips
}

// TestLadderNATS plays a ladder through a real nats-server and two arena
// workers: both play ladder games, each recorded once.
func TestLadderNATS(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays a ladder of Lisp projects on workers: not -short")
	}
	natsBin, err := exec.LookPath("nats-server")
	if err != nil {
		t.Skip("no nats-server on PATH: apt-get install nats-server")
	}
	dir, toks, zips := newSampleLadder(t, "P1", "P4")
	port := freePort(t)
	nats := exec.Command(natsBin, "-js", "-a", "127.0.0.1", "-p", fmt.Sprint(port), "-sd", t.TempDir())
	if err := nats.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nats.Process.Kill(); nats.Wait() })
	url := fmt.Sprintf("nats://127.0.0.1:%d", port)
	waitFor(t, "nats-server listening", func() bool {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	srv := startLadder(t, dir, "--nats", url)
	for _, g := range []string{"P1", "P4"} {
		if code, body := srv.upload(t, toks[g], zips[g]); code != http.StatusOK || !strings.Contains(string(body), `"accepted"`) {
			t.Fatalf("upload %s: %d %s", g, code, body)
		}
	}
	// The workers share one cache folder, as two on one machine do by
	// default (the user's): w2 starts once w1 has played, and finds the
	// bots' files and their saved images there instead of building the
	// images again (the test's most CPU). Both have played when it ends.
	cache := t.TempDir()
	for _, name := range []string{"w1", "w2"} {
		w := exec.Command(arenaBinary(t), "worker", url, "--secret", filepath.Join(dir, "worker.secret"), "--cache", cache, "--name", name)
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { w.Process.Signal(syscall.SIGTERM); w.Wait() })
		waitFor(t, "ladder games by "+name, func() bool { return workersOf(t, dir)[name] > 0 })
	}
	gamesIn(t, dir) // integrity, none counted twice
}

// workersOf counts the ladder games of each worker.
func workersOf(t *testing.T, dir string) map[string]int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, ladder.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT json_extract(entry, '$.worker'), COUNT(*) FROM games WHERE kind = 'ladder' GROUP BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	by := map[string]int{}
	for rows.Next() {
		var w sql.NullString
		var n int
		if err := rows.Scan(&w, &n); err != nil {
			t.Fatal(err)
		}
		by[w.String] = n
	}
	return by
}

// freePort returns a TCP port free now on 127.0.0.1.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// TestLadderStandingsGolden prints the standings of a ladder whose games
// are written into its database (three groups, a provisional one), as a
// table and as the API's JSON.
func TestLadderStandingsGolden(t *testing.T) {
	work := t.TempDir()
	dir := filepath.Join(work, "ladder")
	os.WriteFile(filepath.Join(work, "roster.csv"), []byte("P1,ana/rui\nP2,bia/eva\nP3,caio/luis\nP4\n"), 0o644)
	if out, err := arenaOut(t, "ladder", "init", dir, "--roster", filepath.Join(work, "roster.csv"), "--tempo", "200"); err != nil {
		t.Fatalf("ladder init: %v\n%s", err, out)
	}
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, ladder.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	for i, g := range []string{"P1", "P2", "P3"} {
		if _, err := db.Exec(`INSERT INTO versions(id, grp, version, status, uploaded, hash, info, intake) VALUES(?, ?, 1, 'accepted', ?, ?, '{}', '')`,
			i+1, g, at.Add(time.Duration(i)*time.Hour).UnixNano(), fmt.Sprintf("%064d", i+1)); err != nil {
			t.Fatal(err)
		}
	}
	// P1 beats P2 and P3 mostly; P3 has played least.
	results := []struct {
		white, black int
		result       string
		n            int
	}{{1, 2, "1-0", 12}, {2, 1, "1-0", 4}, {1, 3, "1-0", 3}, {3, 1, "1-0", 1}, {2, 3, "1/2-1/2", 2}, {3, 2, "0-1", 2}}
	pair := 0
	for _, r := range results {
		for range r.n {
			pair++
			if _, err := db.Exec(`INSERT INTO pairs(id, kind, a, b, seed) VALUES(?, 'ladder', ?, ?, 1)`, pair, r.white, r.black); err != nil {
				t.Fatal(err)
			}
			end := at.Add(time.Duration(pair) * time.Minute)
			entry := fmt.Sprintf(`{"id":"g%d","round":1,"board_seed":1,"white":"v%d","black":"v%d","result":%q,"reason":"normal","scores":[0,0],"plies":20,"time_ms":[5,5],"start":%q,"end":%q}`,
				pair*2, r.white, r.black, r.result, end.Format(time.RFC3339Nano), end.Format(time.RFC3339Nano))
			if _, err := db.Exec(`INSERT INTO games(id, pair, colour, white, black, kind, ended, entry) VALUES(?, ?, 0, ?, ?, 'ladder', ?, ?)`,
				pair*2, pair, r.white, r.black, end.UnixNano(), entry); err != nil {
				t.Fatal(err)
			}
		}
	}
	db.Close()
	table, err := arenaOut(t, "ladder", "standings", dir)
	if err != nil {
		t.Fatalf("%v\n%s", err, table)
	}
	checkGolden(t, "ladder/standings.txt", []byte(table))
	js, err := arenaOut(t, "ladder", "standings", dir, "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	checkGolden(t, "ladder/standings.json", []byte(js))
	var st []ladder.Standing
	if err := json.Unmarshal([]byte(js), &st); err != nil || len(st) != 3 {
		t.Fatalf("--json: %v, %d rows", err, len(st))
	}
	for _, s := range st {
		if !strings.Contains(table, fmt.Sprintf("%.1f", s.Rating)) || !strings.Contains(table, fmt.Sprintf("%.1f", s.Margin)) {
			t.Errorf("the table does not show %s's %.1f ± %.1f of --json", s.Group, s.Rating, s.Margin)
		}
	}
}

// TestLadderFreezeRunGrades is the lecturer's end of term on a ladder of
// real projects: the groups upload, the ladder plays, `arena ladder
// freeze` writes the championship's league file (the ladder's ratings as
// rating: keys, the refused group listed as not eligible), `arena run`
// plays it and `arena grades` grades it. (TestLadderServe checks that an
// upload after the freeze says it is not in the championship.)
func TestLadderFreezeRunGrades(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("plays a ladder and a championship of Lisp projects: not -short")
	}
	dir, toks, zips := newSampleLadder(t, "P1,ana/rui", "P4,dani/joao", "P9,xavier/yara")
	work := filepath.Dir(dir)
	// One slot, P9 (refused) before P4: the ladder plays from the
	// second group accepted on, beside the uploads (see TestLadderServe).
	srv := startLadder(t, dir, "--slots", "1")
	for _, g := range []string{"P1", "P9", "P4"} {
		if code, body := srv.upload(t, toks[g], zips[g]); code != http.StatusOK {
			t.Fatalf("upload %s: %d %s", g, code, body)
		}
	}
	waitFor(t, "both groups rated on the ladder", func() bool {
		_, body := srv.get(t, "", "/api/ladder/standings")
		var st []ladder.Standing
		json.Unmarshal(body, &st)
		return len(st) == 2 && st[0].Games > 0 && st[1].Games > 0
	})
	srv.kill()

	// arena run writes results/championship in work.
	file := filepath.Join(work, "league.yaml")
	if out, err := arenaOut(t, "ladder", "freeze", dir, "-o", file); err != nil {
		t.Fatalf("freeze: %v\n%s", err, out)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "# not eligible: P9") || strings.Count(string(data), "\n    rating: ") != 2 {
		t.Errorf("the frozen league lacks P9 as not eligible or a rating: key for P1 and P4:\n%s", data)
	}
	// One round, as a lecturer might set it: what the test shows holds
	// for any number. Each bot plays two games: loading its files for
	// them costs a third of building its saved image (the frozen files
	// are a copy, so the ladder's images do not serve), so image: false,
	// as a lecturer may set it.
	one := strings.Replace(string(data), "\nrounds: 4\n", "\nrounds: 1\n", 1)
	one = strings.ReplaceAll(one, "\n    lisp:\n", "\n    lisp:\n      image: false\n")
	if err := os.WriteFile(file, []byte(one), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Bots) != 2 || cfg.Rounds != 1 || cfg.Bots[0].Rating == nil || cfg.Bots[1].Rating == nil || strings.Count(one, "image: false") != 2 {
		t.Fatalf("the frozen league: %d bots, %d rounds, want P1 and P4 rated, one round, image: false:\n%s", len(cfg.Bots), cfg.Rounds, one)
	}
	if out, err := arenaExecIn(t, work, "run", "league.yaml", "--plain", "--concurrency", "1"); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	outDir, gradesFile := under(work, cfg.Out), filepath.Join(work, "grades.csv")
	if out, err := arenaOut(t, "grades", outDir, "-o", gradesFile); err != nil {
		t.Fatalf("arena grades: %v\n%s", err, out)
	}
	grades, err := os.ReadFile(gradesFile)
	if err != nil {
		t.Fatal(err)
	}
	if rows := strings.Split(strings.TrimSpace(string(grades)), "\n"); len(rows) != 3 || !strings.Contains(string(grades), "P1") || !strings.Contains(string(grades), "P4") {
		t.Errorf("grades.csv: want a row for P1 and P4:\n%s", grades)
	}
	// The ratings are the standings' last key: groups level on every
	// other key are placed by them.
	games, _, err := results.ReadJournal(filepath.Join(outDir, results.JournalName))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games (%v), want 2", len(games), err)
	}
	rating := map[string]float64{}
	for _, b := range cfg.Bots {
		rating[b.Name] = *b.Rating
	}
	st := tournament.Standings(cfg.League(), games)
	if st.Order[len(st.Order)-1] != results.ByRating {
		t.Errorf("the standings' keys %v do not end with %s", st.Order, results.ByRating)
	}
	if r := st.Rows; r[0].Tiebreak == results.ByRating && rating[r[0].Bot] < rating[r[1].Bot] {
		t.Errorf("%s placed above %s by rating, with the lower one (%v)", r[0].Bot, r[1].Bot, rating)
	}
	for _, r := range st.Rows {
		t.Logf("championship #%d %s: %g points, rating %.1f, tiebreak %q", r.Rank, r.Bot, r.Points, rating[r.Bot], r.Tiebreak)
	}
}

package ladder

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// newLadder makes a ladder of groups P1, P2, P3 in a temporary folder and
// returns it open, with its tokens by group (admin: the lecturer's).
func newLadder(t *testing.T) (*Ladder, map[string]string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ladder")
	roster := filepath.Join(t.TempDir(), "roster.csv")
	if err := os.WriteFile(roster, []byte("group,students\nP1,ana/rui\nP2,bia\nP3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ms, err := ReadRoster(roster)
	if err != nil {
		t.Fatal(err)
	}
	if err := Init(dir, InitOptions{Config: DefaultConfig("cavalo", 200), Roster: ms}); err != nil {
		t.Fatal(err)
	}
	l, err := Open(dir, Options{Self: os.Args[0]})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l, readTokens(t, dir)
}

func readTokens(t *testing.T, dir string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, TokensFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("tokens.csv mode %v, want 0600", fi.Mode().Perm())
	}
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	toks := map[string]string{}
	for _, r := range recs[1:] {
		toks[r[0]] = r[1]
	}
	return toks
}

// TestInit checks what init makes: the database keeps no token in clear,
// each token names its group, the admin row is the lecturer's.
func TestInit(t *testing.T) {
	l, toks := newLadder(t)
	if len(toks) != 4 {
		t.Fatalf("tokens for %d groups, want 4 (P1, P2, P3, admin)", len(toks))
	}
	db, err := os.ReadFile(filepath.Join(l.Dir(), DBFile))
	if err != nil {
		t.Fatal(err)
	}
	for g, tok := range toks {
		if strings.Contains(string(db), tok) {
			t.Errorf("the database holds %s's token in clear", g)
		}
		p, err := l.Authenticate(tok)
		if err != nil {
			t.Fatalf("Authenticate(%s's token): %v", g, err)
		}
		if want := (Principal{Group: g}); g == AdminGroup && !p.Admin || g != AdminGroup && p != want {
			t.Errorf("%s's token is %+v", g, p)
		}
	}
	for _, bad := range []string{"", "lt_00", toks["P1"] + "x"} {
		if _, err := l.Authenticate(bad); !errors.Is(err, ErrUnauthorized) {
			t.Errorf("Authenticate(%q) = %v, want ErrUnauthorized", bad, err)
		}
	}
	var ok string
	if err := l.db.QueryRow(`PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
		t.Errorf("integrity_check: %q, %v", ok, err)
	}
	var mode string
	if err := l.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q, %v; want wal", mode, err)
	}
}

// TestConfigErrors checks that each mistake in ladder.yaml is one line
// naming its key.
func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct{ name, yaml, want string }{
		{"unknown key", "game: cavalo\ntempo: 200\n", "field tempo not found"},
		{"tempo", "tempo_ms: 0\n", "tempo_ms: 0: want the time per move"},
		{"clock", "clock: sundial\n", `clock: "sundial": want cpu or wall`},
		{"sandbox", "sandbox: loose\n", `sandbox: "loose": want strict or off`},
		{"game", "game: chess\n", "game: "},
		{"uploads", "uploads_per_day: 0\n", "uploads_per_day: 0: want at least 1"},
		{"wide pick", "wide_pick: 2\n", "wide_pick: 2: want a share from 0 to 1"},
		{"addr", "addr: nowhere\n", `addr: "nowhere": want HOST:PORT`},
		{"match", "match: {elo0: 5, elo1: 0, alpha: 0.05, beta: 0.05}\n", "match: elo0 (5) must be below elo1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := DefaultConfig("cavalo", 200).write(filepath.Join(dir, ConfigFile)); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
			// The line given replaces the default's line of its key.
			key, _, _ := strings.Cut(tc.yaml, ":")
			var lines []string
			for _, line := range strings.Split(string(data), "\n") {
				if !strings.HasPrefix(line, key+":") && !(key == "match" && strings.HasPrefix(line, "  ")) {
					lines = append(lines, line)
				}
			}
			path := filepath.Join(dir, ConfigFile)
			os.WriteFile(path, []byte(strings.Join(lines, "\n")+tc.yaml), 0o644)
			_, err := LoadConfig(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("LoadConfig = %v, want one line with %q", err, tc.want)
			}
		})
	}
}

// TestRosterErrors checks the roster's mistakes name the line and the fix.
func TestRosterErrors(t *testing.T) {
	for _, tc := range []struct{ name, csv, want string }{
		{"twice", "P1,a\nP1,b\n", ":2: group P1 is listed twice"},
		{"bad name", "P 1,a\n", `:1: group "P 1": want a name`},
		{"admin", "admin,x\n", `:1: group "admin"`},
		{"commas", "P1,a,b\n", ":1: 3 fields: want group,students"},
		{"empty", "group,students\n", "no group"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "roster.csv")
			os.WriteFile(path, []byte(tc.csv), 0o644)
			_, err := ReadRoster(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ReadRoster = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestAPIAuth checks the API's answers to tokens: none or a wrong one is
// 401 and stores nothing; another group's page is 403; the lecturer sees
// every group's.
func TestAPIAuth(t *testing.T) {
	l, toks := newLadder(t)
	srv := httptest.NewServer(NewAPI(l))
	defer srv.Close()
	do := func(method, path, tok string) int {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader("PK\x03\x04junk"))
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, tc := range []struct {
		method, path, tok string
		want              int
	}{
		{"POST", "/api/ladder/upload", "", 401},
		{"POST", "/api/ladder/upload", "lt_wrong", 401},
		{"GET", "/api/ladder/group/P2", toks["P1"], 403},
		{"GET", "/api/ladder/group/P2", "", 401},
		{"GET", "/api/ladder/group/P2", toks["P2"], 200},
		{"GET", "/api/ladder/group/P2", toks[AdminGroup], 200},
		{"GET", "/api/ladder/group/P9", toks[AdminGroup], 404},
		{"POST", "/api/ladder/disable/P2?disabled=true", toks["P1"], 403},
		{"POST", "/api/ladder/disable/P2?disabled=true", toks[AdminGroup], 200},
		{"GET", "/api/ladder/standings", "", 200},
	} {
		if got := do(tc.method, tc.path, tc.tok); got != tc.want {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.path, got, tc.want)
		}
	}
	var n int
	if err := l.db.QueryRow(`SELECT COUNT(*) FROM versions`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d versions stored (%v), want 0", n, err)
	}
}

// zipOf returns a zip archive of files (name → contents).
func zipOf(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, data := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(data))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestUploadRefusedBeforeProbe uploads what intake refuses without
// running it: not an archive, an archive with no jogar, the same files
// again; then checks the limit of uploads a day, and who may read a
// version's files.
func TestUploadRefusedBeforeProbe(t *testing.T) {
	l, toks := newLadder(t)
	ctx := t.Context()
	v, err := l.Upload(ctx, "P1", strings.NewReader("not an archive"), "x.bin", nil)
	if err != nil || v.Status != Refused || !strings.Contains(v.Reason, "not an archive") || v.Version != 1 {
		t.Fatalf("junk: %+v, %v", v, err)
	}
	noJogar := zipOf(t, map[string]string{"P1/README.txt": "nothing here"})
	var stages []string
	v, err = l.Upload(ctx, "P1", bytes.NewReader(noJogar), "p1.zip", func(s Stage) { stages = append(stages, s.Name) })
	if err != nil || v.Status != Refused || v.Reason == "" || v.Version != 2 {
		t.Fatalf("no jogar: %+v, %v", v, err)
	}
	if want := []string{"unpacking", "probing", "refused"}; strings.Join(stages, " ") != strings.Join(want, " ") {
		t.Errorf("stages %q, want %q", stages, want)
	}
	v, err = l.Upload(ctx, "P1", bytes.NewReader(noJogar), "again.zip", nil)
	if err != nil || v.Same != 2 {
		t.Fatalf("the same files: %+v, %v; want same as version 2", v, err)
	}

	srv := httptest.NewServer(NewAPI(l))
	defer srv.Close()
	get := func(path, tok string) (int, []byte) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, body
	}
	if code, _ := get("/api/ladder/group/P1/files/2", toks["P2"]); code != http.StatusForbidden {
		t.Errorf("P2 reads P1's files: %d, want 403", code)
	}
	code, body := get("/api/ladder/group/P1/files/2", toks["P1"])
	if code != http.StatusOK {
		t.Fatalf("P1 reads its files: %d %s", code, body)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for tr := tar.NewReader(zr); ; {
		h, err := tr.Next()
		if err != nil {
			break
		}
		names = append(names, h.Name)
	}
	if !strings.Contains(strings.Join(names, " "), "README.txt") {
		t.Errorf("P1's files: %q, want its README.txt", names)
	}

	for i := 3; i <= l.cfg.UploadsPerDay; i++ {
		if _, err := l.Upload(ctx, "P1", strings.NewReader("junk"), "x", nil); err != nil {
			t.Fatalf("upload %d: %v", i, err)
		}
	}
	if _, err := l.Upload(ctx, "P1", strings.NewReader("junk"), "x", nil); !errors.Is(err, ErrLimit) {
		t.Errorf("upload %d of the day: %v, want ErrLimit", l.cfg.UploadsPerDay+1, err)
	}
	if _, err := l.Upload(ctx, "P2", strings.NewReader("junk"), "x", nil); err != nil {
		t.Errorf("P2's first upload: %v", err)
	}

}

package webladder

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/course/ladder"
)

// client is a browser without JavaScript: cookies kept, redirects not
// followed.
func client(t *testing.T) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// login logs c in with token and returns the answer.
func login(t *testing.T, c *http.Client, base, token string) *http.Response {
	t.Helper()
	r, err := c.PostForm(base+"/login", url.Values{"token": {token}, "next": {"/"}})
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	return r
}

// csrfRE finds the session's CSRF token in a page.
var csrfRE = regexp.MustCompile(`"csrf":"([0-9a-f]+)"`)

// get returns the body of GET base+path by c, failing unless its status
// is want.
func get(t *testing.T, c *http.Client, base, path string, want int) string {
	t.Helper()
	r, err := c.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	body, _ := io.ReadAll(r.Body)
	if r.StatusCode != want {
		t.Fatalf("GET %s: %d, want %d: %s", path, r.StatusCode, want, body)
	}
	return string(body)
}

// csrfOf returns the CSRF token of c's session, read from a page.
func csrfOf(t *testing.T, c *http.Client, base, path string) string {
	t.Helper()
	m := csrfRE.FindStringSubmatch(get(t, c, base, path, http.StatusOK))
	if m == nil {
		t.Fatalf("no CSRF token in %s", path)
	}
	return m[1]
}

// TestLogin: a group's token starts a session in an HttpOnly cookie and
// leads to the group's page; the token is in no URL, cookie or page. A
// wrong token goes back with login=failed and no cookie; too many wrong
// tokens from one address are refused until the window passes.
func TestLogin(t *testing.T) {
	now := time.Date(2026, 11, 29, 2, 0, 0, 0, time.UTC)
	_, s := fakeServer(t, Options{Limits: Limits{Logins: 3, LoginWindow: time.Minute}, Now: func() time.Time { return now }})
	for _, tc := range []struct {
		token, location string
	}{
		{tokenP13, "/group/P13"},
		{tokenAdmin, "/admin"},
		{"wrong", "/?login=failed"},
	} {
		c := client(t)
		r := login(t, c, s.URL, tc.token)
		if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != tc.location {
			t.Errorf("token %q: %d to %q, want 303 to %q", tc.token, r.StatusCode, r.Header.Get("Location"), tc.location)
		}
		cookies := r.Cookies()
		if tc.token == "wrong" {
			if len(cookies) != 0 {
				t.Errorf("a wrong token set cookies %v", cookies)
			}
			continue
		}
		if len(cookies) != 1 || !cookies[0].HttpOnly || cookies[0].Name != cookieName || strings.Contains(cookies[0].Value, tc.token) {
			t.Errorf("token %q: cookies %v, want one HttpOnly session cookie", tc.token, cookies)
		}
		for _, path := range []string{tc.location, "/", "/data/group/P13"} {
			if body := get(t, c, s.URL, path, http.StatusOK); strings.Contains(body, tc.token) {
				t.Errorf("%s shows the token", path)
			}
		}
	}
	c := client(t)
	codes := []int{}
	for range 4 {
		codes = append(codes, login(t, c, s.URL, "wrong").StatusCode)
	}
	if want := []int{303, 303, 429, 429}; !slices.Equal(codes, want) {
		t.Errorf("after 2 more wrong tokens (3 in all), logins answer %v, want %v", codes, want)
	}
	now = now.Add(time.Minute)
	if r := login(t, c, s.URL, tokenP13); r.StatusCode != http.StatusSeeOther {
		t.Errorf("a right token after the window: %d, want 303", r.StatusCode)
	}
}

// TestCSRF: every POST but the login needs a session and its CSRF token;
// a POST from another site's page is refused whatever it carries.
func TestCSRF(t *testing.T) {
	_, s := fakeServer(t, Options{})
	c := client(t)
	login(t, c, s.URL, tokenAdmin)
	csrf := csrfOf(t, c, s.URL, "/admin")
	for _, tc := range []struct {
		name    string
		c       *http.Client
		csrf    string
		headers map[string]string
		want    int
	}{
		{"no session", client(t), csrf, nil, http.StatusUnauthorized},
		{"no token", c, "", nil, http.StatusForbidden},
		{"wrong token", c, strings.Repeat("0", len(csrf)), nil, http.StatusForbidden},
		{"another site", c, csrf, map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"the page", c, csrf, nil, http.StatusOK},
	} {
		req, _ := http.NewRequest("POST", s.URL+"/admin/disable", strings.NewReader("group=P14&disabled=true"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if tc.csrf != "" {
			req.Header.Set("X-CSRF-Token", tc.csrf)
		}
		for k, v := range tc.headers {
			req.Header.Set(k, v)
		}
		r, err := tc.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, r.StatusCode, tc.want)
		}
	}
}

// TestPrivacy: a group's page shows its logs, and its files, to the group
// and the lecturer only; another group and a visitor see its versions
// without reasons, logs or conventions, and get 403 for its files.
func TestPrivacy(t *testing.T) {
	_, s := fakeServer(t, Options{})
	for _, tc := range []struct {
		token string
		sees  bool
	}{{tokenP14, true}, {tokenAdmin, true}, {tokenP13, false}, {"", false}} {
		c := client(t)
		if tc.token != "" {
			login(t, c, s.URL, tc.token)
		}
		code := http.StatusForbidden
		if tc.sees {
			code = http.StatusOK
		}
		get(t, c, s.URL, "/group/P14/files/1", code)
		for _, path := range []string{"/data/group/P14", "/group/P14"} {
			body := get(t, c, s.URL, path, http.StatusOK)
			for _, secret := range []string{"p14's secret stderr", "p14's secret load", "p14's secret answer"} {
				if strings.Contains(body, secret) != tc.sees {
					t.Errorf("token %q: %s shows %q: %v, want %v", tc.token, path, secret, !tc.sees, tc.sees)
				}
			}
		}
	}
}

// TestInert: what a student sent reaches the pages as text: the inline
// data cannot end its script, and the JSON holds the markup as a string.
func TestInert(t *testing.T) {
	_, s := fakeServer(t, Options{})
	c := client(t)
	login(t, c, s.URL, tokenP13)
	for _, path := range []string{"/", "/group/P13", "/data/group/P13", "/data/ladder"} {
		body := get(t, c, s.URL, path, http.StatusOK)
		if strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") {
			t.Errorf("%s carries a student's markup as markup:\n%s", path, body)
		}
	}
	var v groupView
	if err := json.Unmarshal([]byte(get(t, c, s.URL, "/data/group/P13", http.StatusOK)), &v); err != nil {
		t.Fatal(err)
	}
	if got := v.Versions[0]; !strings.Contains(got.Stderr, hostile) || !strings.Contains(got.Answer, hostile) {
		t.Errorf("stderr %q, answer %q, want the markup as text", got.Stderr, got.Answer)
	}
}

// TestUpload: an upload's answer streams the validation's stages, then
// the version; only the group uploads, with its session's CSRF token.
func TestUpload(t *testing.T) {
	_, s := fakeServer(t, Options{})
	c := client(t)
	login(t, c, s.URL, tokenP13)
	csrf := csrfOf(t, c, s.URL, "/group/P13")
	req, _ := http.NewRequest("POST", s.URL+"/upload?name="+url.QueryEscape(`C:\entregas\p13.zip`), strings.NewReader("PK archive"))
	req.Header.Set("X-CSRF-Token", csrf)
	r, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var stages []string
	var last uploadLine
	sc := bufio.NewScanner(r.Body)
	for sc.Scan() {
		var l uploadLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if l.Stage != nil {
			stages = append(stages, l.Stage.Name+" "+l.Stage.Detail)
		}
		last = l
	}
	if want := []string{"unpacking p13.zip", "probing "}; strings.Join(stages, "|") != strings.Join(want, "|") {
		t.Errorf("stages %q, want %q", stages, want)
	}
	if last.Version == nil || last.Version.Version.Version != 3 || last.Version.Status != ladder.Accepted || last.Version.Stderr != "PK archive" {
		t.Errorf("last line %+v, want version 3 accepted", last)
	}

	admin := client(t)
	login(t, admin, s.URL, tokenAdmin)
	req, _ = http.NewRequest("POST", s.URL+"/upload?name=a.zip", strings.NewReader("x"))
	req.Header.Set("X-CSRF-Token", csrfOf(t, admin, s.URL, "/admin"))
	r, err = admin.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusForbidden {
		t.Errorf("the lecturer's upload: %d, want 403 (a group uploads)", r.StatusCode)
	}
}

// TestAdmin: only the lecturer disables a group and freezes the ladder;
// the freeze answers the league file, as text.
func TestAdmin(t *testing.T) {
	f, s := fakeServer(t, Options{})
	group := client(t)
	login(t, group, s.URL, tokenP13)
	get(t, group, s.URL, "/data/admin", http.StatusForbidden)
	post := func(c *http.Client, csrf, path, form string) (int, string) {
		req, _ := http.NewRequest("POST", s.URL+path, strings.NewReader(form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-CSRF-Token", csrf)
		r, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(b)
	}
	if code, _ := post(group, csrfOf(t, group, s.URL, "/group/P13"), "/admin/disable", "group=P14&disabled=true"); code != http.StatusForbidden {
		t.Errorf("a group disables another: %d, want 403", code)
	}
	admin := client(t)
	login(t, admin, s.URL, tokenAdmin)
	csrf := csrfOf(t, admin, s.URL, "/admin")
	if code, body := post(admin, csrf, "/admin/disable", "group=P14&disabled=true"); code != http.StatusOK || !f.disabled["P14"] {
		t.Errorf("the lecturer disables P14: %d %s, disabled %v", code, body, f.disabled["P14"])
	}
	code, body := post(admin, csrf, "/admin/freeze", "")
	var out frozen
	if err := json.Unmarshal([]byte(body), &out); code != http.StatusOK || err != nil || !strings.HasPrefix(out.League, "name: championship") || !f.frozen {
		t.Errorf("freeze: %d %s (%v)", code, body, err)
	}
}

// TestEvents: the event stream sends the ladder first, then, when a
// version is uploaded, the group whose page changed and the ladder
// again; an address holds at most Limits.Streams streams.
func TestEvents(t *testing.T) {
	f, s := fakeServer(t, Options{Limits: Limits{Streams: 1}})
	r, err := http.Get(s.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	if second, err := http.Get(s.URL + "/events"); err != nil || second.StatusCode != http.StatusTooManyRequests {
		t.Errorf("a second stream from the address: %v %v, want 429", second.StatusCode, err)
	} else {
		second.Body.Close()
	}
	sc := bufio.NewScanner(r.Body)
	sc.Buffer(nil, 1<<20)
	next := func() string {
		for sc.Scan() {
			if e, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				sc.Scan()
				return e + " " + strings.TrimPrefix(sc.Text(), "data: ")[:min(40, len(sc.Text())-6)]
			}
		}
		t.Fatalf("the stream ended: %v", sc.Err())
		return ""
	}
	if got := next(); !strings.HasPrefix(got, `ladder {"state":{"queued":3`) {
		t.Errorf("first message %q, want the ladder", got)
	}
	f.events <- ladder.Event{Kind: "upload", Group: "P14"}
	if got := next(); got != `group {"group":"P14"}` {
		t.Errorf("after an upload: %q, want P14's page", got)
	}
	if got := next(); !strings.HasPrefix(got, "ladder ") {
		t.Errorf("then %q, want the ladder", got)
	}
}

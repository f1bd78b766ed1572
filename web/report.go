package web

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
)

// reportLoader is the report's script that holds its data: the snapshot,
// and each finished game's view gzipped, unpacked by the browser when the
// game is opened (a game's drawings repeat, so they pack well).
const reportLoader = `window.ARENA_REPORT = {
  snapshot: %s,
  packed: %s,
  async game(id) {
    const b64 = this.packed[id];
    if (!b64) return null;
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  },
};`

// WriteReport writes the page of l as one self-contained HTML file: the
// same page as the live one less its live sections (games in play, the
// play form), its CSS, JavaScript and drawings inline, with every finished
// game in it for the viewer, and no request to any server.
// A game whose move log cannot be read is listed but cannot be opened.
func WriteReport(w io.Writer, l *League) error {
	snap, _ := l.snapshot()
	packed := map[string]string{}
	for _, g := range snap.Tables.Games {
		v, err := readGameView(l.dir, g)
		if err != nil {
			continue
		}
		s, err := pack(v)
		if err != nil {
			return fmt.Errorf("report: game %s: %w", g.ID, err)
		}
		packed[g.ID] = s
	}
	return writeReportPage(w, snap, packed, "")
}

// writeReportPage writes the page of snap as one self-contained HTML
// file, with packed the games the viewer can open (see pack) and
// bodyClass, when not "", the class of its body element.
func writeReportPage(w io.Writer, snap Snapshot, packed map[string]string, bodyClass string) error {
	snapJSON, err := json.Marshal(snap) // HTML-safe: <, > and & are escaped
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	gamesJSON, err := json.Marshal(packed)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	index, err := assets.ReadFile("assets/index.html")
	if err != nil {
		return err
	}
	css, err := assets.ReadFile("assets/app.css")
	if err != nil {
		return err
	}
	js, err := assets.ReadFile("assets/app.js")
	if err != nil {
		return err
	}
	words, err := assets.ReadFile("assets/i18n.js")
	if err != nil {
		return err
	}
	body := "<body>"
	if bodyClass != "" {
		body = `<body class="` + html.EscapeString(bodyClass) + `">`
	}
	page := strings.NewReplacer(
		`<html lang="en">`, `<html lang="`+snap.League.Lang+`">`,
		"<body>", body,
		`<link rel="stylesheet" href="assets/app.css">`, "<style>\n"+string(css)+"</style>",
		`<script src="assets/i18n.js"></script>`, "<script>\n"+string(words)+"</script>",
		`<script src="assets/app.js"></script>`, "<script>\n"+fmt.Sprintf(reportLoader, snapJSON, gamesJSON)+"\n</script>\n<script>\n"+string(js)+"</script>",
	).Replace(withoutLive(string(index)))
	_, err = io.WriteString(w, page)
	return err
}

// withoutLive returns page less the part between its live markers: the
// sections of a live page (games in play, the play form), which a report
// leaves out.
func withoutLive(page string) string {
	const start, end = "<!-- live:", "<!-- /live -->\n"
	before, rest, ok := strings.Cut(page, start)
	if !ok {
		return page
	}
	if _, after, ok := strings.Cut(rest, end); ok {
		return before + after
	}
	return page
}

// pack returns v as gzipped JSON in base64.
func pack(v GameView) (string, error) {
	var b bytes.Buffer
	z, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return "", err
	}
	if err := json.NewEncoder(z).Encode(v); err != nil {
		return "", err
	}
	if err := z.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), nil
}

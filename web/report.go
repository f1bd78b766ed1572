package web

import (
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
)

// The report's script that holds its data, around the games: the
// snapshot, and each finished game's view gzipped, unpacked by the browser
// when the game is opened (a game's drawings repeat, so they pack well).
const (
	loaderStart = `window.ARENA_REPORT = {
  snapshot: %s,
  packed: {`
	loaderEnd = `},
  async game(id) {
    const b64 = this.packed[id];
    if (!b64) return null;
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  },
};`
)

// reportData marks where the page's data goes.
const reportData = "\x00report-data\x00"

// WriteReport writes the page of l as one self-contained HTML file: the
// same page as the live one less its live sections (games in play, the
// play form), its CSS, JavaScript and drawings inline, with every finished
// game in it for the viewer, and no request to any server.
// A game whose move log cannot be read is listed but cannot be opened.
// The games are read, packed and written one at a time, so that the memory
// it takes does not grow with the league.
func WriteReport(w io.Writer, l *League) error {
	snap, _ := l.snapshot()
	return writeReportPage(w, snap, "", func(game func(GameView) error) error {
		for _, g := range snap.Tables.Games {
			v, err := readGameView(l.dir, g)
			if err != nil {
				continue
			}
			if err := game(v); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeReportPage writes the page of snap as one self-contained HTML file,
// bodyClass, when not "", the class of its body element; views calls game
// for each game the viewer can open, which packs it into the page as it
// comes.
func writeReportPage(w io.Writer, snap Snapshot, bodyClass string, views func(game func(GameView) error) error) error {
	snapJSON, err := json.Marshal(snap) // HTML-safe: <, > and & are escaped
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
	common, err := assets.ReadFile("assets/common.js")
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
		`<script src="assets/common.js"></script>`, "<script>\n"+string(common)+"</script>",
		`<script src="assets/app.js"></script>`, "<script>\n"+reportData+"\n</script>\n<script>\n"+string(js)+"</script>",
	).Replace(withoutLive(string(index)))
	before, after, _ := strings.Cut(page, reportData)
	if _, err := fmt.Fprintf(w, "%s"+loaderStart, before, snapJSON); err != nil {
		return err
	}
	sep := ""
	err = views(func(v GameView) error {
		id, err := json.Marshal(v.Entry.ID)
		if err != nil {
			return fmt.Errorf("report: game %s: %w", v.Entry.ID, err)
		}
		if _, err := fmt.Fprintf(w, "%s%s:\"", sep, id); err != nil {
			return err
		}
		if err := pack(w, v); err != nil {
			return fmt.Errorf("report: game %s: %w", v.Entry.ID, err)
		}
		sep = ","
		_, err = io.WriteString(w, `"`)
		return err
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, loaderEnd+after)
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

// pack writes v to w as gzipped JSON in base64.
func pack(w io.Writer, v GameView) error {
	b := base64.NewEncoder(base64.StdEncoding, w)
	z, err := gzip.NewWriterLevel(b, gzip.BestCompression)
	if err != nil {
		return err
	}
	if err := json.NewEncoder(z).Encode(v); err != nil {
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	return b.Close()
}

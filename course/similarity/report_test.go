package similarity

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHTMLEscapes checks that what a submission names itself or holds is
// shown as text, never as markup.
func TestHTMLEscapes(t *testing.T) {
	t.Parallel()
	dir := writeClass(t)
	hostile := `<script>alert(1)<`
	if err := os.Rename(filepath.Join(dir, copyGroup), filepath.Join(dir, hostile)); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, hostile, "src", "principal.lisp"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n;; </pre><img src=x onerror=alert(2)>\n")
	f.Close()
	r := compareClass(t, dir, Options{})
	var b bytes.Buffer
	if err := WriteHTML(&b, r, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, bad := range []string{"<script>", "<img"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q as markup", bad)
		}
	}
	if !strings.Contains(page, "&lt;script&gt;alert(1)&lt;") || !strings.Contains(page, "&lt;img src=x") {
		t.Error("the hostile name or comment is not shown as text")
	}
	if strings.Count(page, "<mark>") < 10 {
		t.Errorf("%d marks on the page, want the copy's runs marked", strings.Count(page, "<mark>"))
	}
}

package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium is Debian's headless browser; the tests that need it skip
// without it.
const Chromium = "/usr/bin/chromium"

// Hang bounds each wait: generous, since headless Chromium on busy cores
// is slow.
const Hang = 90 * time.Second

// Need skips t in -short mode, or when Chromium is not installed.
func Need(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts headless Chromium")
	}
	if _, err := os.Stat(Chromium); err != nil {
		t.Skipf("Chromium is not installed (%v): apt-get install chromium", err)
	}
}

// Tab starts headless Chromium with a window of width×height pixels and
// returns a tab's context; both end with the test.
func Tab(t *testing.T, width, height int, flags ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU,
		chromedp.WindowSize(width, height), chromedp.Flag("disable-dev-shm-usage", true),
	}, flags...)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	return ctx
}

// Do runs steps, failing the test with what was being done.
func Do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// Eval returns the value of a JavaScript expression in the page.
func Eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// WaitFor polls the page until expr is true, failing after Hang with
// what the page reads.
func WaitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	WaitWithin(t, ctx, Hang, what, expr)
}

// WaitWithin is WaitFor bounded by hang: for what takes minutes on a busy
// machine (a Lisp project's validation games).
func WaitWithin(t *testing.T, ctx context.Context, hang time.Duration, what, expr string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(hang))); err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 3000)`))
		t.Fatalf("waiting for %s (%s): %v; the page reads:\n%s", what, expr, err, text)
	}
}

// Screenshot saves the page as name.png in $ARENA_ARTIFACTS, or the
// test's temporary directory, and returns its path.
func Screenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := os.Getenv("ARENA_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	return path
}

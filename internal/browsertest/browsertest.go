package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"sync"
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

// tabLife bounds a tab's life: it only stops a hang.
const tabLife = 20 * time.Minute

// options returns the allocator's options for headless Chromium in a
// window of width×height pixels.
func options(width, height int) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU,
		chromedp.WindowSize(width, height), chromedp.Flag("disable-dev-shm-usage", true),
	}
}

// Tab starts headless Chromium with a window of width×height pixels and
// returns a tab's context; both end with the test.
func Tab(t *testing.T, width, height int, flags ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append(options(width, height), flags...)
	ctx, cancel := context.WithTimeout(context.Background(), tabLife)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	return ctx
}

// Shared is one headless Chromium that the tests of a package share:
// each test gets a tab in a browser context of its own (its own cookies,
// storage and cache, as a browser of its own would have), instead of
// starting Chromium, about a second of CPU time each. Chromium starts at
// the first Tab; Close stops it. Its methods may be called from tests
// that run in parallel.
type Shared struct {
	width, height int

	mu      sync.Mutex
	browser context.Context // the first tab's, which started Chromium
	stop    func()
}

// NewShared returns a shared Chromium (see Shared) whose tabs are
// width×height pixels.
func NewShared(width, height int) *Shared {
	return &Shared{width: width, height: height}
}

// Tab returns the context of a new tab in a browser context of its own,
// both closed when t ends; Chromium starts if it has not.
func (s *Shared) Tab(t *testing.T) context.Context {
	t.Helper()
	Need(t)
	browser, err := s.start()
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	ctx, cancelTab := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelTab)
	ctx, cancel := context.WithTimeout(ctx, tabLife)
	t.Cleanup(cancel)
	return ctx
}

// start starts Chromium once and returns the context of its first tab.
func (s *Shared) start() (context.Context, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.browser != nil {
		return s.browser, nil
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), options(s.width, s.height)...)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	if err := chromedp.Do(browser); err != nil {
		cancelBrowser()
		cancelAlloc()
		return nil, err
	}
	s.browser = browser
	s.stop = func() { cancelBrowser(); cancelAlloc() }
	return browser, nil
}

// Close stops Chromium, if it started, and waits for it to exit.
func (s *Shared) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stop != nil {
		s.stop()
		s.browser, s.stop = nil, nil
	}
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

// pollEvery is how often a wait evaluates its condition in the page.
// chromedp's default, at every animation frame, kept Chromium drawing
// frames all the while: two thirds of a live page's test's CPU time.
const pollEvery = 50 * time.Millisecond

// Poll returns the action that evaluates expr in the page every pollEvery
// until its value is truthy, and returns that value; past hang it fails.
// An expr that throws counts as false, and its error is kept for the
// failure's message (see pollError): chromedp's poller, whose checks after
// the first run in timers, would otherwise never answer, and its hang
// would never come (a node the page redraws between two checks is gone for
// a moment).
func Poll[T any](expr string, hang time.Duration) chromedp.Action[T] {
	guarded := `(() => { try { return (` + expr + `); } catch (e) { window.` + pollError + ` = String(e); return false; } })()`
	return chromedp.Poll[T](guarded, chromedp.WithPollingInterval(pollEvery), chromedp.WithPollingTimeout(hang))
}

// pollError is the page's variable where Poll keeps its condition's last
// error.
const pollError = "arenaPollError"

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
	if _, err := chromedp.Run(ctx, Poll[chromedp.Void](expr, hang)); err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 3000)`))
		thrown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.`+pollError+` || "nothing"`))
		t.Fatalf("waiting for %s (%s): %v; the condition last threw %s; the page reads:\n%s", what, expr, err, thrown, text)
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

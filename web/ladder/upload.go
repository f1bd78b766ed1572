package webladder

import (
	"encoding/json"
	"errors"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arenabots/arena/course/ladder"
	"github.com/arenabots/arena/internal/inert"
	"github.com/arenabots/arena/web"
)

// uploadLimit bounds an upload's request: reading its body and its
// validation (unpacking, probe, validation games) included.
const uploadLimit = 15 * time.Minute

// uploadLine is one line of an upload's answer (JSON lines): a stage of
// its validation as it happens, then the version, or the error.
type uploadLine struct {
	Stage   *ladder.Stage `json:"stage,omitempty"`
	Version *versionView  `json:"version,omitempty"`
	Error   string        `json:"error,omitempty"`
}

// upload serves POST /upload: the body is the archive, its file's name
// the name parameter. The answer streams, one JSON line each, the stages
// of the validation as they happen, then the version (accepted or
// refused) or the error, so that the page shows them without reloading.
func (p *pages) upload(w http.ResponseWriter, r *http.Request, ss session) {
	if ss.who.Group == "" {
		http.Error(w, "only a group uploads its project: log in with the group's token", http.StatusForbidden)
		return
	}
	name := path.Base(strings.ReplaceAll(r.URL.Query().Get("name"), `\`, "/"))
	if name == "" || name == "." || name == "/" {
		http.Error(w, "no file name: the name parameter names the archive (project.zip)", http.StatusBadRequest)
		return
	}
	release, ok := p.limits.acquire(uploads, web.ClientOf(r))
	if !ok {
		http.Error(w, "too many uploads in flight from your address: wait for one to end", http.StatusTooManyRequests)
		return
	}
	defer release()
	rc := http.NewResponseController(w)
	// The stages stream back while the ladder may still read the archive:
	// HTTP/1.1 would stop the body at the first line written.
	_ = rc.EnableFullDuplex()
	_ = rc.SetReadDeadline(time.Now().Add(uploadLimit))
	_ = rc.SetWriteDeadline(time.Now().Add(uploadLimit))
	body := http.MaxBytesReader(w, r.Body, p.opt.UploadBytes)
	w.Header().Set("Content-Type", "application/x-ndjson")
	var (
		mu      sync.Mutex // progress may be called from the ladder's goroutines
		started bool       // a line was written: the status is sent
	)
	enc := json.NewEncoder(w)
	write := func(l uploadLine) {
		mu.Lock()
		defer mu.Unlock()
		started = true
		_ = enc.Encode(l)
		_ = rc.Flush()
	}
	ver, err := p.src.Upload(r.Context(), ss.who.Group, body, name, func(s ladder.Stage) {
		s.Detail = inert.Line(s.Detail)
		write(uploadLine{Stage: &s})
	})
	if err != nil {
		msg := err.Error()
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			msg = "the archive is larger than the ladder takes: at most " + size(p.opt.UploadBytes)
		}
		mu.Lock()
		early := !started
		mu.Unlock()
		if early {
			http.Error(w, inert.Line(msg), ladder.StatusOf(err))
			return
		}
		write(uploadLine{Error: inert.Line(msg)})
		return
	}
	v := p.versionView(ver, true)
	write(uploadLine{Version: &v})
}

// size writes n bytes as people read it: 32 MiB.
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

package ladder

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/internal/treehash"
)

// archiveExt returns the extension intake reads an archive by, from its
// file name or, when the name says nothing, its first bytes; "" when
// neither tells.
func archiveExt(filename string, head []byte) string {
	name := strings.ToLower(filename)
	for _, ext := range []string{".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar", ".zip"} {
		if strings.HasSuffix(name, ext) {
			return ext
		}
	}
	switch {
	case len(head) >= 4 && string(head[:4]) == "PK\x03\x04":
		return ".zip"
	case len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b:
		return ".tar.gz"
	case len(head) >= 3 && string(head[:3]) == "BZh":
		return ".tar.bz2"
	case len(head) >= 262 && string(head[257:262]) == "ustar":
		return ".tar"
	}
	return ""
}

func (l *Ladder) upload(ctx context.Context, group string, archive io.Reader, filename string, progress func(Stage)) (Version, error) {
	if progress == nil {
		progress = func(Stage) {}
	}
	var disabled, admin bool
	err := l.db.QueryRow(`SELECT disabled, admin FROM groups WHERE name = ?`, group).Scan(&disabled, &admin)
	switch {
	case isNoRows(err) || admin:
		return Version{}, errNoGroup(group)
	case err != nil:
		return Version{}, err
	case disabled:
		return Version{}, fmt.Errorf("group %s: %w", group, ErrDisabled)
	}
	now := l.opt.Now().UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var today int
	if err := l.db.QueryRow(`SELECT COUNT(*) FROM versions WHERE grp = ? AND uploaded >= ?`, group, day.UnixNano()).Scan(&today); err != nil {
		return Version{}, err
	}
	if today >= l.cfg.UploadsPerDay {
		return Version{}, fmt.Errorf("group %s: %d uploads today (uploads_per_day): %w; the next one counts from 00:00 UTC", group, today, ErrLimit)
	}

	progress(Stage{Name: "unpacking"})
	tmp, err := os.MkdirTemp(filepath.Join(l.dir, "tmp"), group+"-")
	if err != nil {
		return Version{}, err
	}
	defer os.RemoveAll(tmp)
	refused := func(reason string) Version {
		return Version{Group: group, Status: Refused, Uploaded: now, Reason: reason}
	}
	in := bufio.NewReader(io.LimitReader(archive, int64(l.cfg.MaxUploadMB)<<20+1))
	head, _ := in.Peek(512)
	ext := archiveExt(filename, head)
	var v Version
	if ext == "" {
		v = refused("not an archive arena reads: upload a zip, tar, tar.gz or tar.bz2")
		return l.store(ctx, v, nil, "", progress)
	}
	if err := os.Mkdir(filepath.Join(tmp, "in"), 0o755); err != nil {
		return Version{}, err
	}
	path := filepath.Join(tmp, "in", group+ext)
	n, err := writeFile(path, in)
	if err != nil {
		return Version{}, fmt.Errorf("upload of %s: %w", group, err)
	}
	if n > int64(l.cfg.MaxUploadMB)<<20 {
		return l.store(ctx, refused(fmt.Sprintf("the archive is over %d MB (max_upload_mb): leave out what is not Lisp source", l.cfg.MaxUploadMB)), nil, "", progress)
	}
	subs, err := intake.List(ctx, []string{filepath.Join(tmp, "in")}, filepath.Join(tmp, "work"))
	if err != nil {
		return Version{}, err
	}
	if len(subs) != 1 {
		return Version{}, fmt.Errorf("upload of %s: %d submissions in one archive", group, len(subs))
	}
	sub := subs[0]
	if sub.Problem != "" {
		return l.store(ctx, refused(sub.Problem), nil, "", progress)
	}
	// Intake's unpacking keeps regular files alone: no link leads out.
	hash, err := treehash.Sum(sub.Root, []string{sub.Root})
	if err != nil {
		return Version{}, err
	}
	var same int
	err = l.db.QueryRow(`SELECT version FROM versions WHERE grp = ? AND hash = ? ORDER BY id DESC LIMIT 1`, group, hash).Scan(&same)
	switch {
	case err == nil:
		return Version{Group: group, Version: same, Same: same, Hash: hash, Uploaded: now,
			Reason: fmt.Sprintf("the same files as version %d: nothing new to play", same)}, nil
	case !isNoRows(err):
		return Version{}, err
	}

	// The files go where the version keeps them, then intake probes them.
	dest := filepath.Join(l.dir, "versions", group, hash[:16])
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return Version{}, err
	}
	rel, err := filepath.Rel(filepath.Join(tmp, "work"), sub.Root)
	if err != nil {
		return Version{}, err
	}
	os.RemoveAll(dest) // a version refused before with these files
	if err := os.Rename(filepath.Join(tmp, "work"), dest); err != nil {
		return Version{}, err
	}
	sub.Root, sub.Source = filepath.Join(dest, rel), filename
	progress(Stage{Name: "probing"})
	res := intake.Run(ctx, []intake.Submission{sub}, l.intakeOptions(ctx))[0]
	if err := ctx.Err(); err != nil {
		return Version{}, err
	}
	v = Version{Group: group, Uploaded: now, Hash: hash, TimeUse: res.Findings.Time.String(), Conventions: conventions(res)}
	if !res.Eligible {
		return l.store(ctx, refusal(v, res), &res, hash, progress)
	}
	v.Status = Accepted
	v.Warnings = intakeWarnings(res)
	if at, _ := l.frozenAt(); !at.IsZero() {
		v.Warnings = append(v.Warnings, Warning{Text: fmt.Sprintf("the ladder was frozen at %s: this version plays on the ladder, not in the championship", at.Format(time.RFC3339))})
	}
	return l.store(ctx, v, &res, hash, progress)
}

// store numbers v, the group's next version, and stores it; an accepted
// one then plays its validation games before it joins the ladder.
func (l *Ladder) store(ctx context.Context, v Version, res *intake.Result, hash string, progress func(Stage)) (Version, error) {
	l.uploads.Lock()
	var n int
	err := l.db.QueryRow(`SELECT COALESCE(MAX(version), 0) FROM versions WHERE grp = ?`, v.Group).Scan(&n)
	if err != nil {
		l.uploads.Unlock()
		return Version{}, err
	}
	v.Version, v.Hash = n+1, hash
	final := v.Status
	if final == Accepted {
		v.Status = validating
	}
	info, err := json.Marshal(v)
	if err != nil {
		l.uploads.Unlock()
		return Version{}, err
	}
	var result []byte
	if res != nil {
		if result, err = json.Marshal(res); err != nil {
			l.uploads.Unlock()
			return Version{}, err
		}
	}
	r, err := l.db.Exec(`INSERT INTO versions(grp, version, status, uploaded, hash, info, intake) VALUES(?, ?, ?, ?, ?, ?, ?)`,
		v.Group, v.Version, v.Status, v.Uploaded.UnixNano(), v.Hash, string(info), string(result))
	l.uploads.Unlock()
	if err != nil {
		return Version{}, fmt.Errorf("ladder: store version: %w", err)
	}
	id, err := r.LastInsertId()
	if err != nil {
		return Version{}, err
	}
	row := verRow{id: id, Version: v, res: res}
	if side, ok := failedMove(res); ok && final == Refused {
		progress(Stage{Name: "validating", Detail: "the game it fails in, against random"})
		if err := l.failingGame(ctx, &row, side); err != nil {
			return Version{}, err
		}
		if err := l.saveInfo(row); err != nil {
			return Version{}, err
		}
	}
	if final == Accepted {
		progress(Stage{Name: "validating"})
		if err := l.validate(ctx, &row, progress); err != nil {
			return Version{}, err
		}
		row.Status = Accepted
		if err := l.saveInfo(row); err != nil {
			return Version{}, err
		}
	}
	progress(Stage{Name: string(row.Status)})
	l.changed()
	out := row.Version
	l.publish(Event{Kind: "upload", Group: v.Group, Ver: &out})
	return out, nil
}

// intakeOptions are the options of the ladder's intake: its game, tempo
// and sandbox, as a championship's, and the driver its images' cache
// compiled.
func (l *Ladder) intakeOptions(ctx context.Context) intake.Options {
	return intake.Options{Game: l.rules, Tempo: time.Duration(l.cfg.TempoMS) * time.Millisecond, Margin: time.Duration(l.cfg.MarginMS) * time.Millisecond,
		Self: l.opt.Self, Sandbox: l.cfg.Sandbox, Limits: host.Limits{MemoryMB: l.cfg.MemoryMB}, Driver: l.images.Driver(ctx), Concurrency: 1}
}

// conventions are the settings intake found for res, as the league
// entry's keys say them.
func conventions(res intake.Result) map[string]string {
	c := res.Config.WithDefaults()
	m := map[string]string{
		"files":       strings.Join(res.Files, " "),
		"package":     c.Package,
		"state":       string(c.State),
		"side":        string(c.Side),
		"perspective": string(c.Perspective),
		"index_base":  fmt.Sprint(c.IndexBase),
		"tempo_scale": fmt.Sprint(c.TempoScale),
	}
	if len(c.Knights) > 0 {
		m["knights"] = fmt.Sprint(c.Knights)
	}
	if res.Findings.Conventions != "" {
		m["found"] = res.Findings.Conventions
	}
	return m
}

// refusal returns v refused with what intake found of res, which is not
// eligible: its reason; the position it failed on, itself (the game's
// position file, for the page to draw), and what jogar answered there;
// what the bot wrote in the probe, its loading output apart (else the
// ways of loading tried).
func refusal(v Version, res intake.Result) Version {
	v.Status, v.Reason = Refused, res.Reason
	v.Stderr, v.Load = res.Findings.Output, res.Findings.Load
	if f := failed(res); len(f) > 0 {
		v.Position, v.Board, v.Answer = f[0].Position, f[0].State, answered(f[0])
	}
	if v.Load == "" {
		v.Load = triedText(res.Tried)
	}
	return v
}

// failedMove returns the side a refused res failed to move for in the
// probe (an illegal answer, a crash, a timeout), with ok false where it
// failed before any move (it did not load, or intake refused it on
// reading).
func failedMove(res *intake.Result) (side string, ok bool) {
	if res == nil {
		return "", false
	}
	if f := failed(*res); len(f) > 0 && len(f[0].State) > 0 && res.Findings.Config.State != "" {
		return f[0].ToMove, true
	}
	return "", false
}

// failed returns the probe's evidence of the positions res's bot failed
// on, in the order they were asked.
func failed(res intake.Result) []probe.Evidence {
	var out []probe.Evidence
	for _, e := range res.Findings.Evidence {
		if !strings.HasPrefix(e.Verdict, "legal") {
			out = append(out, e)
		}
	}
	return out
}

// answered says what the bot answered on e's position and the verdict.
func answered(e probe.Evidence) string { return strings.TrimSpace(e.Answer + "\n" + e.Verdict) }

// intakeWarnings returns the warnings intake gives an eligible res, each
// "yes, but" (its first, one for each of Findings.Failures, in the order of
// the positions asked) with what the bot answered on the position it
// failed on and that position (see refusal), which the group's page
// draws.
func intakeWarnings(res intake.Result) []Warning {
	f := failed(res)
	var out []Warning
	for i, w := range res.Warnings {
		warn := Warning{Text: w}
		if i < len(res.Findings.Failures) && i < len(f) {
			warn.Position, warn.Output = string(f[i].State), answered(f[i])
		}
		out = append(out, warn)
	}
	return out
}

// triedText says, a line each, the ways of loading a submission that
// intake tried and how each ended: what a group reads of a project that
// does not load.
func triedText(tried []intake.Attempt) string {
	var b strings.Builder
	for _, a := range tried {
		fmt.Fprintf(&b, "loading %s: %s\n", strings.Join(a.Files, ", "), a.Outcome)
	}
	return strings.TrimSpace(b.String())
}

// writeFile copies r to a new file at path and returns its size.
func writeFile(path string, r io.Reader) (int64, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

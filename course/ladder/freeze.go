package ladder

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/internal/inert"

	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/results"
)

// FrozenDir is the folder of a ladder that holds the frozen versions'
// files, each under its content hash.
const FrozenDir = "frozen"

// frozenAt returns when the ladder was frozen; zero if never.
func (l *Ladder) frozenAt() (time.Time, error) {
	v, err := meta(l.db, "frozen_at")
	if err != nil || v == "" {
		return time.Time{}, err
	}
	return time.Parse(time.RFC3339Nano, v)
}

func (l *Ladder) freeze(at time.Time) (FreezeResult, error) {
	if at.IsZero() {
		at = l.opt.Now()
	}
	out := FreezeResult{Frozen: map[string]int{}, NotEligible: map[string]string{}}
	var groups []string
	rows, err := l.db.Query(`SELECT name FROM groups WHERE admin = 0 ORDER BY name`)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			rows.Close()
			return out, err
		}
		groups = append(groups, g)
	}
	rows.Close()
	slices.SortFunc(groups, intake.CompareGroups)
	fit, err := l.rated()
	if err != nil {
		return out, err
	}
	ratings := map[string]frozenRating{} // by group
	displays, err := l.displays()
	if err != nil {
		return out, err
	}
	var (
		rs     []intake.Result
		hashes []string
	)
	for _, g := range groups {
		vs, err := l.versions(`WHERE grp = ? AND uploaded <= ? ORDER BY id DESC`, g, at.UnixNano())
		if err != nil {
			return out, err
		}
		i := slices.IndexFunc(vs, func(v verRow) bool { return v.Status == Accepted && v.res != nil })
		if i < 0 {
			reason := "no upload before the freeze"
			if len(vs) > 0 {
				reason = fmt.Sprintf("no accepted version; version %d: %s", vs[0].Version.Version, vs[0].Reason)
			}
			out.NotEligible[g] = reason
			rs = append(rs, intake.Result{Submission: intake.Submission{Group: g}, Name: g, Reason: reason})
			continue
		}
		v := vs[i]
		r, err := l.freezeFiles(v)
		if err != nil {
			return out, err
		}
		r.Name, r.Display, r.Eligible = g, displays[g], true
		if row, ok := fit.rows[botName(v.id)]; ok && row.Rated {
			r.Warnings = nil // its ladder games say more
			ratings[g] = frozenRating{version: v.Version.Version, Row: row}
		}
		r.Findings.Conventions = fmt.Sprintf("version %d; %s", v.Version.Version, r.Findings.Conventions)
		out.Frozen[g] = v.Version.Version
		hashes = append(hashes, v.Hash)
		rs = append(rs, r)
	}
	// The seed is drawn from the frozen versions' hashes, known only
	// now: no group could tune to it.
	slices.Sort(hashes)
	sum := sha256.Sum256([]byte(strings.Join(hashes, "\n")))
	out.Seed = int64(binary.BigEndian.Uint64(sum[:8]) >> 1)
	lg := intake.League{Name: "championship", Title: intake.Title(l.cfg.GameName), GameName: l.cfg.GameName,
		GameOptions: intake.GameOptions(l.rules, l.cfg.GameOptions),
		Tempo:       time.Duration(l.cfg.TempoMS) * time.Millisecond, Margin: time.Duration(l.cfg.MarginMS) * time.Millisecond,
		Rounds: league.DefaultRounds}
	var b bytes.Buffer
	if err := intake.WriteLeague(&b, lg, rs); err != nil {
		return out, err
	}
	head := fmt.Sprintf("# Written by arena ladder freeze from the ladder %s, frozen at %s:\n"+
		"# each group's last accepted version before then, its files in %s under their hash,\n"+
		"# its lisp: settings as found at its upload. The seed is drawn from those hashes.\n"+
		"# rating: that version's ladder rating, for seeding and the last tie-break only.\n",
		inert.Line(l.dir), at.UTC().Format(time.RFC3339), inert.Line(filepath.Join(l.dir, FrozenDir)))
	out.League, err = setKeys(b.Bytes(), out.Seed, ratings, head)
	if err != nil {
		return out, err
	}
	frozen, err := json.Marshal(out.Frozen)
	if err != nil {
		return out, err
	}
	if err := setMeta(l.db, "frozen_at", at.UTC().Format(time.RFC3339Nano)); err != nil {
		return out, err
	}
	if err := setMeta(l.db, "frozen", string(frozen)); err != nil {
		return out, err
	}
	return out, nil
}

// freezeFiles copies v's files into DIR/frozen/<hash>/ and returns its
// intake result with its paths there.
func (l *Ladder) freezeFiles(v verRow) (intake.Result, error) {
	r := *v.res
	src := filepath.Join(l.dir, "versions", v.Group, v.Hash[:16])
	dst := filepath.Join(l.dir, FrozenDir, v.Hash)
	if _, err := os.Stat(dst); os.IsNotExist(err) {
		if err := os.CopyFS(dst+".tmp", os.DirFS(src)); err != nil {
			return r, fmt.Errorf("freeze %s v%d: %w", v.Group, v.Version.Version, err)
		}
		if err := os.Rename(dst+".tmp", dst); err != nil {
			return r, err
		}
	}
	move := func(p string) string {
		if rel, err := filepath.Rel(src, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.Join(dst, rel)
		}
		return p
	}
	r.Config.Root = move(r.Config.Root)
	r.Config.Files = mapPaths(r.Config.Files, move)
	r.Config.Reads = mapPaths(r.Config.Reads, move)
	r.Root = r.Config.Root
	return r, nil
}

func mapPaths(ps []string, f func(string) string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = f(p)
	}
	return out
}

// frozenRating is a frozen version's ladder rating.
type frozenRating struct {
	version int
	results.Row
}

// setKeys sets the seed of the league file data, written by intake, and
// the rating key of each rated group's bot (named as the group), and puts
// head in place of intake's header (the file is the freeze's).
func setKeys(data []byte, seed int64, ratings map[string]frozenRating, head string) ([]byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 && bytes.HasPrefix(data, []byte("# intake data")) {
		data = data[i+1:]
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	doc.HeadComment = ""
	top := doc.Content[0]
	for i := 0; i+1 < len(top.Content); i += 2 {
		switch top.Content[i].Value {
		case "seed":
			top.Content[i+1].Value = strconv.FormatInt(seed, 10)
			top.Content[i+1].LineComment = "# drawn from the frozen versions' hashes"
		case "bots":
			for _, bot := range top.Content[i+1].Content {
				setRating(bot, ratings)
			}
		}
	}
	var b bytes.Buffer
	b.WriteString(head)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	return b.Bytes(), enc.Close()
}

// setRating adds the rating key to bot, a bots entry, after its name and
// display, if ratings has its group's.
func setRating(bot *yaml.Node, ratings map[string]frozenRating) {
	at, name := 0, ""
	for k := 0; k+1 < len(bot.Content); k += 2 {
		switch bot.Content[k].Value {
		case "name":
			name, at = bot.Content[k+1].Value, k+2
		case "display":
			at = k + 2
		}
	}
	r, ok := ratings[name]
	if !ok {
		return
	}
	key := &yaml.Node{Kind: yaml.ScalarNode, Value: "rating"}
	val := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(r.Elo, 'f', 1, 64),
		LineComment: fmt.Sprintf("# ladder, version %d: ± %.1f in %d games", r.version, r.EloMargin, r.Games)}
	bot.Content = slices.Insert(bot.Content, at, key, val)
}

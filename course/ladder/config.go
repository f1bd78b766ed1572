package ladder

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/host/sandbox"
	"github.com/arenabots/arena/results"
)

// ConfigFile is the name of a ladder's options in its folder.
const ConfigFile = "ladder.yaml"

// Config is a ladder's options, ladder.yaml: Init writes every one out.
type Config struct {
	// GameName and GameOptions are the game the ladder plays, as a
	// league's game and game_options.
	GameName    string         `yaml:"game"`
	GameOptions map[string]int `yaml:"game_options"`
	// TempoMS is the time per move, MarginMS the margin over it; Clock
	// what a move is charged: cpu or wall (as a league's).
	TempoMS  int    `yaml:"tempo_ms"`
	MarginMS int    `yaml:"time_margin_ms"`
	Clock    string `yaml:"clock"`
	// Sandbox is the bots' isolation: strict or off.
	Sandbox sandbox.Mode `yaml:"sandbox"`
	// MemoryMB bounds each bot process.
	MemoryMB int `yaml:"memory_mb"`
	// Slots is how many games are played at once by serve.
	Slots int `yaml:"slots"`
	// UploadsPerDay is the most uploads a group makes in a day (UTC).
	UploadsPerDay int `yaml:"uploads_per_day"`
	// GamesPerPairing is how many game pairs (both colours on one seeded
	// opening) one pick of an opponent plays.
	GamesPerPairing int `yaml:"games_per_pairing"`
	// WidePick is the share of picks whose opponent is drawn from the
	// whole ladder, not from those near in rating (0 to 1).
	WidePick float64 `yaml:"wide_pick"`
	// ProvisionalMargin: a rating whose 95 % interval's half-width is
	// above it (Elo) is provisional.
	ProvisionalMargin float64 `yaml:"provisional_margin"`
	// Match is the SPRT of a new version against the previous one, and
	// MatchPairs the most game pairs it plays.
	Match      results.SPRT `yaml:"match"`
	MatchPairs int          `yaml:"match_pairs"`
	// MaxUploadMB bounds an uploaded archive.
	MaxUploadMB int `yaml:"max_upload_mb"`
	// Addr is where serve listens, unless --addr says otherwise.
	Addr string `yaml:"addr"`
	// Lang is the pages' language: pt or en.
	Lang string `yaml:"lang"`
}

// DefaultConfig returns the options Init writes, for game at tempo.
func DefaultConfig(game string, tempoMS int) Config {
	return Config{
		GameName:          game,
		TempoMS:           tempoMS,
		MarginMS:          league.DefaultMarginMS,
		Clock:             league.ClockCPU,
		Sandbox:           sandbox.Strict,
		MemoryMB:          1024,
		Slots:             2,
		UploadsPerDay:     5,
		GamesPerPairing:   1,
		WidePick:          0.2,
		ProvisionalMargin: 150,
		Match:             results.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05},
		MatchPairs:        50,
		MaxUploadMB:       20,
		Addr:              "127.0.0.1:8080",
		Lang:              "pt",
	}
}

// LoadConfig reads and checks the ladder.yaml at path. A mistake is one
// line naming the file, the key and the fix.
func LoadConfig(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, err
	}
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		var te *yaml.TypeError
		if errors.As(err, &te) && len(te.Errors) > 0 {
			msg = te.Errors[0]
		}
		return Config{}, fmt.Errorf("%s: %s", path, msg)
	}
	if err := c.Check(); err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// Check returns the first mistake of c, naming its key and the fix.
func (c Config) Check() error {
	bad := func(key, format string, args ...any) error {
		return fmt.Errorf("%s: %s", key, fmt.Sprintf(format, args...))
	}
	switch {
	case c.GameName == "":
		return bad("game", "missing: name the game, e.g. game: cavalo")
	case c.TempoMS < 1:
		return bad("tempo_ms", "%d: want the time per move in milliseconds, at least 1", c.TempoMS)
	case c.MarginMS < 0:
		return bad("time_margin_ms", "%d: want 0 or more milliseconds", c.MarginMS)
	case c.Clock != league.ClockCPU && c.Clock != league.ClockWall:
		return bad("clock", "%q: want cpu or wall", c.Clock)
	case c.MemoryMB < 64:
		return bad("memory_mb", "%d: want at least 64", c.MemoryMB)
	case c.Slots < 1:
		return bad("slots", "%d: want at least 1 game at once", c.Slots)
	case c.UploadsPerDay < 1:
		return bad("uploads_per_day", "%d: want at least 1", c.UploadsPerDay)
	case c.GamesPerPairing < 1:
		return bad("games_per_pairing", "%d: want at least 1 game pair", c.GamesPerPairing)
	case c.WidePick < 0 || c.WidePick > 1:
		return bad("wide_pick", "%g: want a share from 0 to 1", c.WidePick)
	case c.ProvisionalMargin <= 0:
		return bad("provisional_margin", "%g: want an Elo margin above 0, e.g. 150", c.ProvisionalMargin)
	case c.MatchPairs < 1:
		return bad("match_pairs", "%d: want at least 1 game pair", c.MatchPairs)
	case c.MaxUploadMB < 1:
		return bad("max_upload_mb", "%d: want at least 1", c.MaxUploadMB)
	case c.Lang != "pt" && c.Lang != "en":
		return bad("lang", "%q: want pt or en", c.Lang)
	}
	if _, err := sandbox.ParseMode(string(c.Sandbox)); err != nil {
		return bad("sandbox", "%q: want strict or off", c.Sandbox)
	}
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return bad("addr", "%q: want HOST:PORT, e.g. 127.0.0.1:8080", c.Addr)
	}
	if err := c.Match.Check(); err != nil {
		return bad("match", "%v", err)
	}
	if _, err := games.Configure(c.GameName, c.GameOptions); err != nil {
		return bad("game", "%v", err)
	}
	return nil
}

// write writes c to path, every option with its comment.
func (c Config) write(path string) error {
	var b bytes.Buffer
	b.WriteString("# A practice ladder's options (docs/ladder.md). arena ladder serve reads them at its start.\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(c); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

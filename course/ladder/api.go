package ladder

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/results"
)

// The seam between the ladder (this package) and its pages (web/ladder):
// the types the pages read and the methods of *Ladder they call. The
// pages never open the database; every method here is safe for
// concurrent use.

// Errors the methods return, to be told apart with errors.Is.
var (
	// ErrUnauthorized: no token, or a token of no group (HTTP 401).
	ErrUnauthorized = errors.New("unknown token")
	// ErrForbidden: a group asked for what is another's (HTTP 403).
	ErrForbidden = errors.New("not yours to see")
	// ErrNotFound: no such group, version or game (HTTP 404).
	ErrNotFound = errors.New("not found")
	// ErrLimit: the group used its uploads of the day (HTTP 429).
	ErrLimit = errors.New("uploads of the day used")
	// ErrDisabled: the lecturer disabled the group (HTTP 403).
	ErrDisabled = errors.New("the group is disabled")
)

// Options configure Open.
type Options struct {
	// Self is arena's executable, which runs bots, probes and the sandbox
	// (os.Executable() in the command; tests pass their own binary).
	Self string
	// Slots is how many games are played at once on this machine; 0: the
	// slots of ladder.yaml.
	Slots int
	// Dispatcher, when set, has the ladder's games played elsewhere (arena
	// workers over NATS: cmd/arena gives it a queue.Coordinator of cfg,
	// the league the games belong to) instead of on local slots; Slots
	// pairs are then dispatched at a time. The validation games of an
	// upload are played here.
	Dispatcher func(cfg *league.Config) arena.Dispatcher
	// AdminToken, when set, is a lecturer's token besides those of
	// tokens.csv marked admin.
	AdminToken string
	// Now is the clock of uploads and freezes; nil: time.Now. Tests set it.
	Now func() time.Time
}

// Principal is who a token belongs to: a group, or the lecturer.
type Principal struct {
	// Group is the group's name ("P13"); "" for the lecturer.
	Group string
	// Admin says the token is the lecturer's: it sees everything.
	Admin bool
}

// CanSee reports whether p may see group's files, logs and stderr.
func (p Principal) CanSee(group string) bool { return p.Admin || p.Group == group }

// Stage is a step of an upload's validation, reported as it happens.
type Stage struct {
	// Name is "unpacking", "probing", "validating", "accepted" or
	// "refused".
	Name string `json:"stage"`
	// Detail says more, in one line: "game 1 of 2".
	Detail string `json:"detail,omitempty"`
}

// Status is the state of a version.
type Status string

// The states of a version.
const (
	Accepted Status = "accepted"
	Refused  Status = "refused"
)

// Version is one upload of a group.
type Version struct {
	Group    string    `json:"group"`
	Version  int       `json:"version"`
	Status   Status    `json:"status"`
	Uploaded time.Time `json:"uploaded"`
	// Hash is the content hash of the upload's files (hex sha256).
	Hash string `json:"hash"`
	// Same, when not 0, is the earlier version this upload's files equal:
	// nothing was stored or played.
	Same int `json:"same,omitempty"`
	// Reason is intake's reason of a refusal, in one line.
	Reason string `json:"reason,omitempty"`
	// Conventions are the Lisp settings intake found (the league entry's
	// keys and values), for the group's eyes.
	Conventions map[string]string `json:"conventions,omitempty"`
	// TimeUse is the probe's measure of its time per move, in one line.
	TimeUse string `json:"time_use,omitempty"`
	// Warnings are the "yes, but" of an accepted version: intake's, and
	// the validation games' faults.
	Warnings []Warning `json:"warnings,omitempty"`
	// Position names the position a refusal failed on, Board is that
	// position as the game's position file, and Answer is what jogar
	// answered there and the referee's verdict; Stderr is what the bot
	// wrote in intake's probe, Load what it printed while it loaded (only
	// for the group and the lecturer). A refusal on a move also has a
	// warning with the game it fails in, against random (see Warning).
	Position string          `json:"position,omitempty"`
	Board    json.RawMessage `json:"board,omitempty"`
	Answer   string          `json:"answer,omitempty"`
	Stderr   string          `json:"stderr,omitempty"`
	Load     string          `json:"load,omitempty"`
	// Games, Rating, Margin are the version's ladder numbers.
	Games  int     `json:"games"`
	Rating float64 `json:"rating"`
	Margin float64 `json:"margin"`
	// Active says it is the version the group plays with now.
	Active bool `json:"active"`
}

// Warning is one fault of a version: from intake, or from a validation
// game (then Game names the game to replay). Position is the position
// file of the board it failed on, Output what the bot answered and wrote
// there.
type Warning struct {
	Text     string `json:"text"`
	GameID   int64  `json:"game,omitempty"`
	Ply      int    `json:"ply,omitempty"`
	Position string `json:"position,omitempty"`
	Output   string `json:"output,omitempty"`
}

// Standing is one row of the ladder: a group and its active version.
type Standing struct {
	Rank     int       `json:"rank"`
	Group    string    `json:"group"`
	Display  string    `json:"display"`
	Version  int       `json:"version"`
	Uploaded time.Time `json:"uploaded"`
	// Rating and Margin: the Bradley–Terry fit's Elo and its 95 %
	// interval's half-width.
	Rating      float64 `json:"rating"`
	Margin      float64 `json:"margin"`
	Games       int     `json:"games"`
	Wins        int     `json:"wins"`
	Draws       int     `json:"draws"`
	Losses      int     `json:"losses"`
	Provisional bool    `json:"provisional"`
	Disabled    bool    `json:"disabled,omitempty"`
}

// Game is one ladder game, as the pages list it.
type Game struct {
	ID    int64  `json:"id"`
	White string `json:"white"` // group names
	Black string `json:"black"`
	// WhiteVersion, BlackVersion are the versions that played.
	WhiteVersion int `json:"white_version"`
	BlackVersion int `json:"black_version"`
	// Kind is "ladder", "validation" or "match" (new vs previous).
	Kind string `json:"kind"`
	// Result is "1-0", "0-1", "1/2-1/2"; Reason the referee's.
	Result string    `json:"result"`
	Reason string    `json:"reason"`
	Ended  time.Time `json:"ended"`
	Plies  int       `json:"plies"`
}

// GroupGame is a game from one group's side.
type GroupGame struct {
	Game
	Opponent string `json:"opponent"`
	Colour   string `json:"colour"` // "white" | "black"
	// Score is 1, ½ or 0 for the group; Expected its expected score
	// before the game, Change how its rating moved with it.
	Score    float64 `json:"score"`
	Expected float64 `json:"expected"`
	Change   float64 `json:"change"`
}

// RatingPoint is a group's rating after a game.
type RatingPoint struct {
	GameID  int64     `json:"game"`
	At      time.Time `json:"at"`
	Version int       `json:"version"`
	Rating  float64   `json:"rating"`
	Margin  float64   `json:"margin"`
}

// Match is the SPRT of a group's new version against its previous one.
type Match struct {
	Version  int `json:"version"`
	Previous int `json:"previous"`
	// Result is "stronger", "weaker", "not decided" or "running".
	Result string             `json:"result"`
	Games  int                `json:"games"`
	SPRT   results.SPRTResult `json:"sprt"`
	// Text is the sentence the page shows: "version 5 is stronger than
	// version 4 (LLR 2.96, 38 games)".
	Text string `json:"text"`
}

// GroupView is what a group's page shows.
type GroupView struct {
	Group    string        `json:"group"`
	Display  string        `json:"display"`
	Disabled bool          `json:"disabled,omitempty"`
	Versions []Version     `json:"versions"` // newest first
	History  []RatingPoint `json:"history"`
	Games    []GroupGame   `json:"games"` // of the active version, newest first
	Match    *Match        `json:"match,omitempty"`
}

// Replay is a game with its move log (the lines a league writes, see
// results.MoveLine), for the game viewer: the moves, without what the
// bots printed (Log, LoadLog, Answer).
type Replay struct {
	Game
	// Entry is the game's journal line, as a league's (its White and
	// Black are the league names of the versions, "v" and an id).
	Entry results.Entry      `json:"entry"`
	Lines []results.MoveLine `json:"lines"`
}

// State is what the ladder is doing now.
type State struct {
	Queued int  `json:"queued"`
	Busy   int  `json:"busy"`
	Slots  int  `json:"slots"`
	Frozen bool `json:"frozen"`
}

// Event is a live update: a game ended, a version was uploaded, the
// standings changed.
type Event struct {
	// Kind is "game", "upload" or "standings".
	Kind string `json:"kind"`
	// Played is the game that ended (Kind "game").
	Played *Game    `json:"game,omitempty"`
	Group  string   `json:"group,omitempty"`
	Ver    *Version `json:"version,omitempty"`
}

// FreezeResult is what a freeze wrote.
type FreezeResult struct {
	// League is the league file's contents; the caller writes it.
	League []byte
	// Frozen maps each group to the version frozen; NotEligible each
	// group without an accepted version to its last reason.
	Frozen      map[string]int
	NotEligible map[string]string
	Seed        int64
}

// Open opens the ladder in dir, made by Init: its database, its
// ladder.yaml and its roster.
func Open(dir string, opt Options) (*Ladder, error) { return open(dir, opt) }

// Close closes the database. Run must have returned.
func (l *Ladder) Close() error { return l.close() }

// Run plays the ladder's games on its slots (or queues them on NATS)
// until ctx ends or a slot fails, whose error it returns; games in
// flight then are dropped, not counted.
func (l *Ladder) Run(ctx context.Context) error { return l.run(ctx) }

// Authenticate returns whose token is token: ErrUnauthorized if none's.
func (l *Ladder) Authenticate(token string) (Principal, error) { return l.authenticate(token) }

// Upload takes in a group's archive (zip, tar, tar.gz, tar.bz2; filename
// tells which): intake's unpacking and probe, then the validation games.
// progress, if not nil, is called at each stage. A refusal is a Version
// with Status Refused and a nil error; an error is the ladder's failure,
// or ErrLimit, ErrFrozen, ErrDisabled.
func (l *Ladder) Upload(ctx context.Context, group string, archive io.Reader, filename string, progress func(Stage)) (Version, error) {
	return l.upload(ctx, group, archive, filename, progress)
}

// Files writes a version's files, as unpacked at its upload, to w as a
// tar.gz: only for p.CanSee(group) (ErrForbidden otherwise).
func (l *Ladder) Files(group string, version int, p Principal, w io.Writer) error {
	return l.files(group, version, p, w)
}

// Standings returns the ladder's rows, best first, then, unranked
// (Rank 0, Disabled), the groups the lecturer disabled.
func (l *Ladder) Standings() ([]Standing, error) { return l.standings() }

// Group returns a group's page as p may see it: the versions' stderr,
// loading output and conventions only when p.CanSee(name).
func (l *Ladder) Group(name string, p Principal) (GroupView, error) { return l.group(name, p) }

// Games returns the last n games (all kinds but validation), newest
// first; group, when not "", only that group's.
func (l *Ladder) Games(group string, n int) ([]Game, error) { return l.games(group, n) }

// Game returns one game, with its move log to replay: the moves only,
// what the bots printed left out (everyone may see a game).
func (l *Ladder) Game(id int64) (Replay, error) { return l.game(id) }

// Status says what the ladder is doing now.
func (l *Ladder) Status() State { return l.status() }

// Subscribe returns a channel of live events and the function that
// ends the subscription. A slow reader misses events, never blocks the
// ladder.
func (l *Ladder) Subscribe() (<-chan Event, func()) { return l.subscribe() }

// SetDisabled disables a group (its versions leave the scheduling at
// the next pairing) or enables it again, and tells the subscribers (a
// "standings" event naming the group).
func (l *Ladder) SetDisabled(group string, disabled bool) error {
	return l.setDisabled(group, disabled)
}

// Freeze fixes each group's last accepted version uploaded before at,
// copies its files into DIR/frozen/<hash>/, and returns the
// championship's league file (its paths absolute, into DIR/frozen).
// Uploads after it still play on the ladder, with a warning that they
// do not count for the championship. A zero at is now.
func (l *Ladder) Freeze(at time.Time) (FreezeResult, error) { return l.freeze(at) }

// Package league is the league file: Config, read (Load, Parse), checked
// (strict YAML, each mistake a ConfigError at its line), completed (every
// default filled in, the tournament's keys by package arena/tournament,
// to which Config.League hands the league), hashed (Config.Hash, the keys
// that decide which recorded games a resumed run keeps: Config.Keys), and
// written back resolved (Config.Resolved) or read back from a results
// directory (ReadRecorded). Its files: config.go (Config, BotConfig,
// Limits: the file read, checked and completed), bots.go (the bots: their
// entries checked, how a league starts them, their check before the first
// game, which it keeps running), tournament.go (the league as its
// tournament sees it), yamlcheck.go (the keys' checks and docs),
// timecontrol.go (the clock), gameoptions.go, grading.go (the rule of
// arena grades), keys.go (Hash and Keys), configdiff.go (what changed
// between two resolved configs), recorded.go (a results directory's
// config: written, Resolved, and read back, ReadRecorded).
//
// It runs nothing: the runner (package arena) plays a Config. league must
// not import arena, web, course or cmd.
package league

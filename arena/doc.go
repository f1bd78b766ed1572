// Package arena runs leagues: it reads and validates a league config, turns
// it into a schedule (a pure function of the config and, for a Swiss, a
// knockout or a playoff, of the games already played: see Schedule,
// format.go and playoff.go), and plays the scheduled games on a pool of
// slots, stage by stage, each game between two fresh bot processes (or,
// under restart: off, processes a run kept and told of the new game),
// journaling every finished game before counting it so that a stopped
// league resumes where it stopped.
//
// arena never prints: it reports progress through Runner.Events. It uses
// referee for the rules and the match loop, host to start bot processes and
// results for the journal, logs and standings.
package arena

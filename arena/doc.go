// Package arena runs leagues: it takes a league file (package
// arena/league), asks its tournament (package arena/tournament) for the
// schedule (a pure function of the config and, for a Swiss, a knockout
// or a playoff, of the games already played: see tournament.Schedule and
// league.Config.League), and plays the scheduled games on a pool of
// slots, stage by stage, each game between two fresh bot processes (or,
// under restart: off, processes a run kept and told of the new game),
// journaling every finished game before counting it so that a stopped
// league resumes where it stopped.
//
// Its jobs, by file: running (runner.go, pool.go, keep.go, lineup.go,
// botcheck.go, gameid.go); a results directory read back and resumed
// (resultsdir.go, resume.go, outdir.go). The league file is package
// arena/league's, the kinds of tournament arena/tournament's, the
// results directory's files arena/resultsdir's, the saved images of Lisp
// bots arena/lispimage's.
//
// arena never prints: it reports progress through Runner.Events. It uses
// referee for the rules and the match loop, host to start bot processes,
// results for the journal, logs and standings, arena/league for the
// league file, arena/tournament for the schedule and the standings, and
// arena/resultsdir for the results directory's files. It must not import
// web, course or cmd.
package arena

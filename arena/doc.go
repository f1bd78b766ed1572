// Package arena runs leagues: it reads and validates a league config, turns
// it into a schedule (a pure function of the config and, for a Swiss, a
// knockout or a playoff, of the games already played: see Schedule,
// tournament.go and playoff.go), and plays the scheduled games on a pool of
// slots, stage by stage, each game between two fresh bot processes (or,
// under restart: off, processes a run kept and told of the new game),
// journaling every finished game before counting it so that a stopped
// league resumes where it stopped.
//
// Its jobs, by file: the league file (config.go, keys.go, yamlcheck.go,
// timecontrol.go, grading.go, configdiff.go); the tournament formats
// (tournament.go's table, a file a format: roundrobin.go, gauntlet.go,
// swiss.go, knockout.go; and tie.go, playoff.go, sprt.go, schedule.go,
// gameid.go); running (runner.go, pool.go, keep.go, lineup.go,
// botcheck.go); a results directory read back and resumed (resultsdir.go,
// resume.go, outdir.go). The results directory's files are package
// arena/resultsdir's, the saved images of Lisp bots arena/lispimage's.
//
// arena never prints: it reports progress through Runner.Events. It uses
// referee for the rules and the match loop, host to start bot processes,
// results for the journal, logs and standings, and arena/resultsdir for
// the results directory's files. It must not import web, course or cmd.
package arena

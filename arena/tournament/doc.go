// Package tournament is the kinds of tournament a league plays (its
// format key): who meets whom in which rounds, on which boards, and how
// the standings read. Each kind is a file (roundrobin.go, gauntlet.go,
// swiss.go, knockout.go) behind the Tournament interface and a line of
// the table in tournament.go; what the kinds share is the knockout's and
// the playoff's tie (tie.go), the playoff of level bots (playoff.go), the
// SPRT match (sprt.go) and the ids of the games (gameid.go).
//
// A tournament sees a league through League: its bots' names and ratings
// in seed order, its seed, rounds, scoring, SPRT and Settings (the keys
// of the tournaments, which the league file holds inline), and a way to
// point at a key of the file. Schedule, Standings and Total are pure
// functions of a League and the games played, so every machine computes
// the same.
//
// tournament imports only referee, results and arena/resultsdir (the
// standings a knockout is seeded from). It must not import arena (the
// league file and the runner), host, web, course or cmd.
package tournament

// Package bench measures what a league costs beyond its bots' own time, on
// the machine it runs on: the fixed cost of a game (slot time outside the
// bots' calls), games per second at concurrency 1 and at the number of cores
// for fast bots, built-in and external, and what the clock charges a bot
// beyond its own time (the overcharge), with the timeouts that overcharge
// causes. `arena bench` prints its report.
//
// It plays real leagues through arena.Runner, with real processes, the
// journal and the move logs, in a scratch directory. It imports only
// arena, arena/league, referee, host and host/sandbox. Only cmd/arena
// imports it.
package bench

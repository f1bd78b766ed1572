// Package lines runs a bot that speaks arena's line protocol
// (docs/protocol.md): one line of text per message on the program's stdin
// and stdout, its stderr its log, so that a first bot is a few dozen lines
// in any language with no library. The adapter is a bots.Bot: it runs in
// the bot's process (`arena bot serve lines PROGRAM ARGS...`, started by
// arena in the bot's sandbox like every bot), starts the program as its
// child and turns each Jogar into `position`, `moves`, `go` and reads the
// `info` and `move` lines back. What the program does wrong becomes what
// the referee can judge: an unreadable or unprompted line is an answer
// that is no move (illegal), silence runs out the clock (timeout), an exit
// is an error of a live bot (crash).
//
// The go line is `go tempo MS`: MS is the budget of this move. Under a
// league's time_control (a game clock) it also carries both clocks,
// UCI-style, in milliseconds before this move:
//
//	go tempo 116 wtime 1950 btime 2000 winc 50 binc 50
//	go tempo 1550 wtime 60000 btime 58210 winc 0 binc 0 movestogo 38
//
// tempo is then the budget arena allots from the bot's clock (its time
// left over the moves to go, 30 without movestogo, plus the increment);
// a bot may spend more, but loses on time when its answer comes later than
// its time left plus the league's margin. Programs that read only tempo
// keep working.
//
// Under a league's clock: cpu, the default, the go line ends with
// `clock cpu`: arena charges the call the CPU time the program's process
// uses (all its threads), not the wall time, and the program should budget
// by its process's CPU clock (clock_gettime(CLOCK_PROCESS_CPUTIME_ID),
// Python's time.process_time()), which a busy machine does not advance
// while the program waits its turn. Under clock: wall the line has no
// clock word, and the wall clock is the one charged.
//
// lines is on the bot's side. lines imports only bots and referee. It
// must not import host, arena, web or cmd.
package lines

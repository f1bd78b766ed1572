// Package conformance is the conformance check of a bot, what `arena bot check`
// and `arena bot add` run on a submission (see Run): the bot starts,
// names itself, answers legal moves in time in a set of positions, and
// stops cleanly. It starts the bot through host, as a league does.
package conformance

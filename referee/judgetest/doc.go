// Package judgetest holds one table of calls and the judgement each must
// get, shared by the tests of every path that judges a bot's answer:
// referee.Match, and the conformance check that arena bot check runs
// (package bots). Both paths go through referee.Judge, and the table is
// how the tests prove that they accept and refuse exactly the same answers.
//
// judgetest imports only referee, games (the table, where it finds the
// game of Position, a Cavalo position) and the standard library; it never
// imports bots or proto.
package judgetest

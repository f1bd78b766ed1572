// Package resultsdir is the files of a league's results directory: their
// names (ConfigFile, StandingsFile, CrosstableFile), the directory's lock
// and the opening of its journal (Lock, OpenJournal), a game written as
// every game is (WriteGame: its move logs, then its journal line), games
// recorded one at a time outside a league (Recorder, for arena play), the
// reports a league writes at its end (WriteReports), what reads them back
// without a league file (ReadJournal, ReadRanking, ReadHash, CheckDir,
// CheckJournal), and the error of a directory that cannot be written
// (WriteError).
//
// It knows files, not leagues: the league file, the tournaments and the
// runner (package arena) sit above it. resultsdir imports only referee and
// results. It must not import arena, web or cmd.
package resultsdir

// Package results keeps and reports a league's outcomes: the games journal
// (games.jsonl, one fsync'd JSON line per finished game), standings with
// Bradley–Terry ratings, tie-breaks and pentanomial counts (a Swiss's
// Buchholz and byes, a knockout's bracket, a playoff's order), the
// crosstable, per-game move logs (games/<id>.jsonl and games/<id>.log.dat),
// and their text, Markdown, CSV and JSON renderings.
//
// The journal is the single source of truth: standings and crosstables are
// always recomputed from it, never kept as running totals, so a resumed league
// reports exactly what a single run would have. Journal is the only writer of
// games.jsonl; snapshots such as rendered standings are replaced atomically
// with WriteFileAtomic. A results directory has one writer at a time, which
// holds the directory's Lock (LockDir) before it writes anything there.
// Damaged journal lines are skipped by ReadJournal, refused by OpenJournal
// and moved out by RepairJournal.
//
// results knows nothing of processes: it never starts, watches or talks to a
// bot. It imports only referee (for Reason, Record and State),
// internal/inert and results/csvout, the writer of every CSV arena
// writes; it never imports bots, proto or arena.
package results

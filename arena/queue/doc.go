// Package queue plays a league on many machines through NATS JetStream.
//
// The coordinator (Coordinator, an arena.Dispatcher: `arena run --queue
// URL`) publishes one game spec per scheduled game that the journal does
// not hold to a work-queue stream, with the game's id as the message id so
// that JetStream drops a spec published twice, and hands every result that
// comes back to the arena.Runner, the only writer of the results directory.
// Workers (Worker: `arena worker URL`) pull specs from one durable consumer
// with explicit acks, play each game with arena.Runner.PlayScheduled, the
// code path of a local run, keep the spec alive with jetstream.Msg.InProgress while the
// game runs, publish the result, wait for its acknowledgement, and only then
// ack the spec. A worker killed mid-game loses nothing: the spec comes back
// after the ack wait. A spec that fails on every one of its MaxDeliver
// deliveries becomes a recorded fault game.
//
// The bots' files travel in a JetStream object store, keyed by sha256, and
// are cached by each worker (see Bundle). The league's bot hashes are
// published in a key-value bucket; a worker refuses a spec whose hashes
// differ from them.
//
// queue imports only arena, arena/league, arena/lispimage,
// arena/tournament, host, host/sandbox, referee and results; only cmd/arena imports queue.
// It never prints: it reports through callbacks.
package queue

// Package proto is the generated Go code of jogador.proto, the gRPC contract
// between arena and a bot process (service Jogador: Info and Jogar).
//
// Only bots, bots/wire, bots/wire/goplugin, host and
// host/internal/testbot import it: everything else speaks referee and
// bots types, and bots/wire converts. The .pb.go files are generated; see README.md
// for the command, and never edit them by hand.
package proto

#!/usr/bin/python3
"""A Jogo do Cavalo bot for arena, in Python: the wire contract is not Go's.

arena starts the bot with go-plugin over gRPC. This file does by hand what
go-plugin's Go server does: it checks the magic cookie, listens on a Unix
socket, prints the handshake line, and serves three gRPC services:

- arena.jogador.v1.Jogador (proto/jogador.proto): Info and Jogar;
- grpc.health.v1.Health, reporting SERVING for service "plugin";
- plugin.GRPCController, whose Shutdown makes the bot exit.

The strategy is honest and simple: of the legal moves arena sends, play the
one that lands on the highest number (the first such move on a tie).

The *_pb2.py and *_pb2_grpc.py modules beside this file are generated; see
README.md for the command that regenerates them.
"""

import os
import signal
import sys
import tempfile
import threading
from concurrent import futures

# The generated modules sit beside this file, which may be read-only.
sys.dont_write_bytecode = True

import grpc  # noqa: E402

import go_plugin_pb2  # noqa: E402
import go_plugin_pb2_grpc  # noqa: E402
import health_pb2  # noqa: E402
import health_pb2_grpc  # noqa: E402
import jogador_pb2  # noqa: E402
import jogador_pb2_grpc  # noqa: E402

# The handshake arena's host expects (bots/wire/wire.go).
MAGIC_COOKIE_KEY = "ARENA_JOGADOR_COOKIE"
MAGIC_COOKIE_VALUE = "b0t5-c4va1o-7e41"
CORE_PROTOCOL_VERSION = 1  # go-plugin's own protocol
APP_PROTOCOL_VERSION = 1  # the jogador protocol

# The service name go-plugin's host asks the health service about.
PLUGIN_SERVICE = "plugin"

COLUMNS = "ABCDEFGHIJ"


def square_index(square):
    """Return the cell index of a square such as "E5" or "J10"."""
    column = COLUMNS.index(square[0].upper())
    row = int(square[1:])
    return (row - 1) * 10 + column


def points(move, cells):
    """Return the number a move lands on: "C4xH8" lands on C4."""
    landing = move.split("x")[0]
    return cells[square_index(landing)]


class Jogador(jogador_pb2_grpc.JogadorServicer):
    """The bot: service arena.jogador.v1.Jogador."""

    def Info(self, request, context):
        return jogador_pb2.InfoResponse(
            name="python-greedy",
            author="arena examples",
            version="1",
            games=["cavalo"],
        )

    def Jogar(self, request, context):
        if request.game != "cavalo" or not request.estado.HasField("cavalo"):
            context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                          "plays cavalo only, not %r" % request.game)
        if not request.legal_moves:
            context.abort(grpc.StatusCode.FAILED_PRECONDITION,
                          "asked for a move with no legal move")
        cells = request.estado.cavalo.cells
        best = max(request.legal_moves, key=lambda m: points(m, cells))
        gain = points(best, cells)
        # What a bot writes to stderr is kept with the move in the game log.
        print("python-greedy: %s for %d points" % (best, gain),
              file=sys.stderr, flush=True)
        return jogador_pb2.Jogada(
            move=best,
            stats=jogador_pb2.Stats(
                nodes=len(request.legal_moves), depth=1, eval=gain, pv=[best]),
        )


class Health(health_pb2_grpc.HealthServicer):
    """gRPC's health service, which go-plugin's host may ping."""

    def Check(self, request, context):
        if request.service not in ("", PLUGIN_SERVICE):
            context.abort(grpc.StatusCode.NOT_FOUND,
                          "unknown service %r" % request.service)
        return health_pb2.HealthCheckResponse(
            status=health_pb2.HealthCheckResponse.SERVING)


class Controller(go_plugin_pb2_grpc.GRPCControllerServicer):
    """go-plugin's controller: Shutdown asks the bot to exit."""

    def __init__(self, stop):
        self.stop = stop

    def Shutdown(self, request, context):
        self.stop.set()  # the main thread stops the server once this returns
        return go_plugin_pb2.Empty()


def listen(server):
    """Bind server to a fresh Unix socket and return the socket's path."""
    directory = (os.environ.get("PLUGIN_UNIX_SOCKET_DIR")
                 or tempfile.gettempdir())
    path = os.path.join(directory, "plugin%d" % os.getpid())
    if os.path.exists(path):
        os.remove(path)
    server.add_insecure_port("unix:" + path)
    return path


def main():
    if os.environ.get(MAGIC_COOKIE_KEY) != MAGIC_COOKIE_VALUE:
        print("This is a bot for arena and is started by it, for example\n"
              "  arena bot check " + sys.argv[0], file=sys.stderr)
        return 1

    stop = threading.Event()
    # arena stops the bot with Shutdown, or kills its process group; a ^C
    # in arena's terminal is arena's to handle, as in go-plugin.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    jogador_pb2_grpc.add_JogadorServicer_to_server(Jogador(), server)
    health_pb2_grpc.add_HealthServicer_to_server(Health(), server)
    go_plugin_pb2_grpc.add_GRPCControllerServicer_to_server(
        Controller(stop), server)
    path = listen(server)
    server.start()

    print("%d|%d|unix|%s|grpc"
          % (CORE_PROTOCOL_VERSION, APP_PROTOCOL_VERSION, path), flush=True)

    stop.wait()
    server.stop(grace=0.1).wait()
    if os.path.exists(path):
        os.remove(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

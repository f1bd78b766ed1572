#!/usr/bin/env python3
# A first bot for arena's line protocol (docs/protocol.md), standard library
# only: it answers the handshake, then plays the first legal move it is sent.
import sys

legal = []
# One message a line, words separated by spaces.
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "arena":                 # arena 1 game cavalo timeout 10000
        print("bot name first-py author arena version 1", flush=True)
    elif words[0] == "moves":               # moves C4 D5 ...: the legal moves
        legal = words[1:]
    elif words[0] == "go":                  # go tempo 1000 ...: our turn
        # A real bot reads the position line (JSON) and searches; this one
        # plays the first legal move. With "clock cpu" on the line, arena
        # charges the CPU time this process uses: budget the search by
        # time.process_time(), not time.time(), and a busy machine will not
        # cut it short.
        print("info depth 0 nodes 1", flush=True)
        print("move", legal[0], flush=True)
    elif words[0] == "quit":
        break
    # newgame, position, and lines of later versions: nothing to do.

/* A first bot for arena's line protocol (docs/protocol.md) in C with no
   library: it answers the handshake, then plays the first legal move it is
   sent. Build it with `cc -O2 -o first first.c`. */
#include <stdio.h>
#include <string.h>

static char line[1 << 16], legal[64];

int main(void) {
    setvbuf(stdout, NULL, _IOLBF, 0); /* each answer goes out at its newline */
    /* One message a line, words separated by spaces. */
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "arena ", 6) == 0) {
            /* arena 1 game cavalo timeout 10000: say who we are. */
            printf("bot name first-c author arena version 1\n");
        } else if (strncmp(line, "moves ", 6) == 0) {
            /* moves C4 D5 ...: keep the first legal move. */
            sscanf(line + 6, "%63s", legal);
        } else if (strncmp(line, "go", 2) == 0) {
            /* go tempo 1000 ...: our turn. A real bot reads the position
               line (JSON) and searches; this one plays the first move.
               With "clock cpu" on the line, arena charges the CPU time
               this process uses: budget the search by
               clock_gettime(CLOCK_PROCESS_CPUTIME_ID), not the wall clock. */
            printf("info depth 0 nodes 1\n");
            printf("move %s\n", legal);
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        }
        /* newgame, position, and lines of later versions: nothing to do. */
    }
    return 0;
}

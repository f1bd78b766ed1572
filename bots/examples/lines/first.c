/* A first bot for arena's line protocol (docs/protocol.md) in C with no
   library: it answers the handshake, then plays the first legal move. */
#include <stdio.h>
#include <string.h>

static char line[1 << 16], legal[64];

int main(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "arena ", 6) == 0) {
            printf("bot name first-c author arena version 1\n");
        } else if (strncmp(line, "moves ", 6) == 0) {
            sscanf(line + 6, "%63s", legal);
        } else if (strncmp(line, "go", 2) == 0) {
            printf("info depth 0 nodes 1\n");
            printf("move %s\n", legal);
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        }
    }
    return 0;
}

#!/usr/bin/env node
// A first bot for arena's line protocol (docs/protocol.md) in JavaScript
// with Node's standard library only: it answers the handshake, then plays
// the first legal move it is sent. No build: arena runs first.js as it is.
const readline = require("node:readline");

let legal = [];
// One message a line, words separated by spaces.
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "arena": // arena 1 game cavalo timeout 10000: say who we are.
      console.log("bot name first-js author arena version 1");
      break;
    case "moves": // moves C4 D5 ...: the legal moves of the position to play.
      legal = words.slice(1);
      break;
    case "go": // go tempo 1000 ...: our turn. A real bot reads the position
      // line (JSON) and searches; this one plays the first move. With
      // "clock cpu" on the line, arena charges the CPU time this process
      // uses: budget the search by process.cpuUsage(), not Date.now().
      console.log("info depth 0 nodes 1");
      console.log("move " + legal[0]);
      break;
    case "quit":
      process.exit(0);
    // newgame, position, and lines of later versions: nothing to do.
  }
});

// A first bot for arena's line protocol (docs/protocol.md) in Rust, standard
// library only: it answers the handshake, then plays the first legal move it
// is sent. Build it with `rustc -O -o first first.rs`.
use std::io::{self, BufRead, Write};

fn main() -> io::Result<()> {
    let mut out = io::stdout();
    let mut legal: Vec<String> = Vec::new();
    // One message a line, words separated by spaces.
    for line in io::stdin().lock().lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        match words.next() {
            // arena 1 game cavalo timeout 10000: say who we are.
            Some("arena") => writeln!(out, "bot name first-rs author arena version 1")?,
            // moves C4 D5 ...: the legal moves of the position to play.
            Some("moves") => legal = words.map(String::from).collect(),
            // go tempo 1000 ...: our turn. A real bot reads the position
            // line (JSON) and searches; this one plays the first move. With
            // "clock cpu" on the line, arena charges the CPU time this
            // process uses: budget the search by the process's CPU clock
            // (libc's clock_gettime(CLOCK_PROCESS_CPUTIME_ID)), not Instant.
            Some("go") => {
                writeln!(out, "info depth 0 nodes 1")?;
                writeln!(out, "move {}", legal[0])?;
            }
            Some("quit") => break,
            _ => {} // newgame, position, and lines of later versions
        }
        out.flush()?; // arena reads each answer as soon as it is written
    }
    Ok(())
}

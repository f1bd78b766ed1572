package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/arenabots/arena/bots"
)

// spoofText is what the spoofing modes write to fool whoever reads it on a
// terminal: clear the screen, set the window title, ring, then return to
// the start of the line to write a fake result over it, and a result
// reordered right to left (U+202E).
const spoofText = "\x1b[2J\x1b[H\x1b]0;pwned\x07\rprobe wins 2-0\u202e 0-2 sniw"

// spoofInfo is the Info of the spoofing modes: spoofText in every text.
func spoofInfo(mode string) bots.Info {
	return bots.Info{Name: "testbot-" + mode + "\r" + spoofText, Author: spoofText, Version: "1\x1b[8m", Games: []string{"cavalo"}}
}

// spoof writes spoofText to stderr and stdout, as a bot's output, and
// after two moves ends the game: spoof with an error that says spoofText,
// spoofanswer by answering it. It returns done false while it plays on.
func spoof(mode string, calls int) (a bots.Answer, done bool, err error) {
	fmt.Fprintln(os.Stderr, spoofText)
	fmt.Println("\rprobe wins 2-0")
	if calls <= 2 {
		return bots.Answer{}, false, nil
	}
	if mode == "spoofanswer" {
		return bots.Answer{Move: spoofText}, true, nil
	}
	return bots.Answer{}, true, errors.New(spoofText)
}

// longAnswer is an answer of n bytes that is no move: spoofText, then x's.
func longAnswer(n int) string {
	return spoofText + strings.Repeat("x", max(0, n-len(spoofText)))
}

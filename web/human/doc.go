// Package human lets a person play in a match: Player is a referee.Player
// whose moves come from a Source, such as the terminal's (Terminal) or a web
// page's.
//
// A person's entry is checked before it is played: an entry that does not
// parse or is not legal is refused with the referee's own reason, and the
// Source is asked again, so a typo never loses a game. The referee still
// judges the move the Player returns, as it judges a bot's: there is one
// judge.
//
// The package is portable: it imports only referee; it never imports
// host, games/... or results.
package human

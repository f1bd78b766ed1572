// Package web shows leagues in a browser: a live page fed by Server-Sent
// Events while a league runs (arena run --web) or from a results directory
// whose journal it follows (arena serve), the same content as one
// self-contained HTML file (arena report), and, with play on, games between
// a person and a bot played by clicking the board.
//
// The page holds no rules: boards are drawn by the game's own package (see
// referee.Drawer) and the legal moves come from the server, with the place
// of the last move for the page to mark. Its assets (plain HTML, CSS and
// JavaScript) are embedded in the binary; its words are in one table a
// language (assets/i18n.js: en and the course's pt), chosen by a league's
// lang (Info.Lang). The helpers this page and the ladder's share (words,
// elements, tables) are one script, assets/common.js. A served page
// carries its data inline, so that it is drawn whole at its load event.
//
// web reads results directories through package arena (Results) and
// consumes the events of package arena; it never prints.
// Only cmd/arena and web/ladder import it.
package web

// Package webladder serves the practice ladder's pages (arena ladder
// serve): the ladder where every group stands, each group's page (its
// versions, refusals with their board, logs and failing game, games,
// rating over time, the match of a new version against the previous one,
// the upload form), a game in the viewer of arena's other pages, and the
// lecturer's view.
//
// It is the same web stack as arena serve's page: package web's assets,
// style, chart, viewer and guard; the words in web/assets/i18n.js and the
// helpers of web/assets/common.js, shared with arena's page. A
// group logs in with its token in a form: the token goes into a session
// kept in memory, whose id is a cookie that scripts cannot read, never
// into a URL, a log or a page. Every POST carries the session's CSRF
// token. What a student sent (names, file names, stderr, Lisp output)
// reaches the page as inert text, shown with textContent, never as
// markup.
//
// webladder imports only course/ladder, web, games, referee, results and
// internal/inert; the ladder's JSON API is course/ladder's (NewAPI),
// which it serves under /api/ladder/.
package webladder

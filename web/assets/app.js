// The page of arena serve, arena run --web and arena report. It holds no
// rules: boards come drawn (SVG) from the server, with the legal moves of a
// person's turn by the place that plays them.
"use strict";
(function () {
  const report = window.ARENA_REPORT || null; // set in a report: the data inline
  const params = new URLSearchParams(location.search);
  const league = params.get("league") || "0";
  const $ = (id) => document.getElementById(id);
  let snapshot = null;
  let viewer = null; // {game, ply}
  let playDisplay = {}; // the display names of the bots a person may play
  const {setLang, T, reason, el, fix, table, words} = window.ARENA_COMMON;
  // name is what people are shown for bot b: its display name (a group's
  // name), else its name.
  function name(b) {
    const d = (snapshot && snapshot.tables && snapshot.tables.display) || {};
    return d[b] || playDisplay[b] || (b === "human" ? T("human") : b);
  }
  // key names a key of the standings' order (or a shared rank).
  function key(k) { return (words().keys || {})[k] || k; }
  // detail says a verdict's detail, which the referee writes in English,
  // in the page's language: its templates (words.details) translated, the
  // moves and names in it kept.
  function detail(text) {
    let out = String(text || "");
    for (const [pattern, tpl] of words().details || []) {
      out = out.replace(new RegExp(pattern), (...m) => tpl.replace(/\$(\d)/g, (_, i) => {
        const v = m[Number(i)];
        return v === "white" || v === "black" ? T(v) : v === undefined ? "" : v;
      }));
    }
    return out;
  }
  // localize says the words a board drawing marks data-i18n (a label of
  // the board) in the page's language.
  function localize(root) {
    for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = T(e.dataset.i18n);
  }
  // points says n points, singular or plural.
  function points(n) { return T(n === 1 ? "points_1" : "points_n", n); }

  function duration(s) {
    if (s < 0) return "--";
    s = Math.round(s);
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    return (h ? h + "h" : "") + (h || m ? m + "m" : "") + sec + "s";
  }
  // clockText writes a clock's time left as a player reads it: 0.95 s,
  // 12.3 s, 4:05.
  function clockText(ms) {
    if (ms < 10000) return (ms / 1000).toFixed(2) + " s";
    if (ms < 60000) return (ms / 1000).toFixed(1) + " s";
    const s = Math.floor(ms / 1000);
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  // pace is how much time a league gives: its game clock or its tempo.
  function pace(l) {
    return (l.clock ? T("pace_clock", l.clock.text) : T("pace_tempo", l.tempo_ms)) +
      (l.charged === "cpu" ? T("charged_cpu") : l.charged === "wall" ? T("charged_wall") : "");
  }
  function gameLink(id) {
    return el("button", {type: "button", class: "link", "data-game": id, onclick: () => openGame(id)}, id);
  }

  function renderAll(s) {
    snapshot = s;
    setLang(s.league.lang);
    document.title = s.league.title + " — arena";
    // The leagues arena names itself (a person's games, a class's intake)
    // are named in the page's language.
    const own = {play: "league_play", intake: "league_intake"}[s.league.name];
    $("title").textContent = own && s.league.title === s.league.name ? T(own) : s.league.title;
    $("subtitle").textContent = s.league.game + ", " + pace(s.league) +
      (s.league.title !== s.league.name && !own ? ", " + T("league_of", s.league.name) : "");
    // The games in play first: a table that cannot be drawn must not hide
    // the game a person just started.
    if ($("live")) {
      $("live").replaceChildren();
      for (const g of s.live || []) renderLive(g);
      emptyLive();
    }
    renderTables(s.tables);
  }

  function renderTables(t) {
    // A tables event lists only the games finished since the last one.
    if (t.added) t.games = ((snapshot && snapshot.tables && snapshot.tables.games) || []).concat(t.games || []);
    if (snapshot) snapshot.tables = t;
    const p = t.progress;
    const bar = el("progress", {max: p.total || p.done || 1, value: p.done});
    const text = (p.total ? T("progress", p.done, p.total) : T(p.done === 1 ? "progress_1" : "progress_n", p.done)) +
      (p.games_per_s ? ", " + T("games_per_s", p.games_per_s.toFixed(2)) : "") +
      (t.sprt && t.sprt.result !== "running" ? ", " + T("sprt_done", t.sprt.result) :
        p.total && p.done < p.total ? (report ? "" : ", " + T("eta", duration(p.eta_s))) : p.total && p.done >= p.total ? ", " + T("done") : "");
    $("progress").replaceChildren(bar, " ", el("span", {id: "progress-text"}, text));
    renderSPRT(t.sprt);
    // A Swiss ranks by points, then Buchholz, then Sonneborn-Berger: both
    // show, and the byes.
    const swiss = t.swiss ? [[T("col_byes")], ["Buchholz"], ["SB"]] : [];
    $("standings").replaceChildren(table(
      [["#"], [T("col_bot"), "name"], [T("col_games")], [T("col_won")], [T("col_drawn")], [T("col_lost")], [T("col_points")], ...swiss,
        [T("col_tiebreak"), "text"], ["Elo"], ["±"], ["LOS"], [T("col_faults")]],
      (t.standings || []).map((r) => [r.rank || "—", el("span", {}, r.display || name(r.bot), ...marks(t, r)), r.games, r.wins, r.draws, r.losses, r.points,
        ...(t.swiss ? [r.byes || 0, r.buchholz || 0, r.sonneborn_berger] : []),
        // A bot a playoff placed shows its score in it: "playoff 1.5-0.5".
        [key(r.tiebreak), r.playoff].filter(Boolean).join(" "),
        r.rated ? fix(r.elo, 1) : "", r.rated ? fix(r.elo_margin, 1) : "", r.los ? fix(r.los * 100, 1) + "%" : "", r.faults]),
      [t.swiss ? T("swiss_note") : "", t.challengers ? T("gauntlet_note", t.challengers.join(", ")) : "",
        t.order && t.order.length ? T("ranked_by", t.order.map(key).join(T("then"))) : "",
        ...(t.playoffs || []).map((p) => playoffText(p, (t.crosstable && t.crosstable.display) || {}))].filter(Boolean).join(" ")));
    renderBracket(t.bracket);
    renderPodium(t);
    renderNext(t.next);
    const chart = $("chart");
    chart.innerHTML = t.chart || "";
    // The chart names a person "human", as the results do.
    for (const e of chart.querySelectorAll("text")) if (e.textContent === "human") e.textContent = T("human");
    const ct = t.crosstable || {};
    const bots = ct.bots || [];
    $("crosstable").replaceChildren(table(
      [["#"], [T("col_bot"), "name"], ...bots.map((_, i) => [String(i + 1)])],
      bots.map((b, i) => [i + 1, name(b), ...((ct.cells || [])[i] || []).map((c, j) => i === j || !c.games ? "" : cell(t.games, b, bots[j], c))]),
      T("crosstable_caption")));
    $("faults").replaceChildren(table([[T("col_game"), "name"], [T("col_bot"), "name"], [T("col_verdict"), "text"], [T("col_detail"), "detail"]],
      (t.faults || []).map((f) => [gameLink(f.game), name(f.bot), el("span", {title: f.why}, reason(f.verdict)), detail(f.detail)])));
    const clock = snapshot && snapshot.league.clock;
    const tempo = !snapshot ? "" : clock ? clock.text : snapshot.league.tempo_ms;
    // Wall time and, where it was measured, CPU time: the league charges
    // one of them (its clock), whose columns come first.
    const cpu = (u, k) => u.cpu ? fix(u.cpu[k], 1) : "";
    const wallCols = [[T("col_mean")], [T("col_p95")], [T("col_max")]], cpuCols = [[T("col_cpu_mean")], [T("col_cpu_p95")], [T("col_cpu_max")]];
    const wallOf = (u) => [fix(u.mean_ms, 1), fix(u.p95_ms, 1), fix(u.max_ms, 1)], cpuOf = (u) => [cpu(u, "mean_ms"), cpu(u, "p95_ms"), cpu(u, "max_ms")];
    const cpuFirst = snapshot && snapshot.league.charged === "cpu";
    $("times").replaceChildren(table([[T("col_bot"), "name"], [T("col_moves")], ...(cpuFirst ? [...cpuCols, ...wallCols] : [...wallCols, ...cpuCols]),
      [clock ? T("col_clock") : T("col_tempo")]],
      (t.times || []).map((u) => [name(u.bot), u.moves, ...(cpuFirst ? [...cpuOf(u), ...wallOf(u)] : [...wallOf(u), ...cpuOf(u)]), tempo])));
    $("games").replaceChildren(table(
      [[T("col_game"), "name"], [T("col_round")], [T("col_white"), "name"], [T("col_black"), "name"], [T("col_result")], [T("col_reason"), "text"], [T("col_score")], [T("col_plies")]],
      (t.games || []).map((g) => [gameLink(g.id), g.round, name(g.white), name(g.black), g.result, reason(g.reason), g.scores[0] + "-" + g.scores[1], g.plies])));
    if (t.ended) {
      const card = document.querySelector(`article.live[data-game="${CSS.escape(t.ended)}"]`);
      if (card && !card.classList.contains("human")) card.remove();
      emptyLive();
    }
  }

  // marks are what the course marked of row r's bot (arena grades
  // --intake): the results annulled, with the reason; the bots the
  // similarity check flagged with it.
  function marks(t, r) {
    const sim = (t.similar || {})[r.bot];
    return [r.annulled ? el("span", {class: "mark annulled", title: r.annulled}, " ", T("annulled_mark", r.annulled)) : null,
      sim ? el("span", {class: "mark similar"}, " ", T("similar_mark", sim.map(name).join(", "))) : null];
  }

  // cell is a crosstable cell, bot a's games against b as TCEC shows them:
  // each game's result from a's side (1, ½, 0), or points/games for more
  // than four; its title says the points.
  function cell(games, a, b, c) {
    const results = (games || []).filter((g) => g.white === a && g.black === b || g.white === b && g.black === a).map((g) => {
      const [w, k] = {"1-0": ["1", "0"], "0-1": ["0", "1"], "1/2-1/2": ["½", "½"]}[g.result] || ["0", "0"];
      return g.white === a ? w : k;
    });
    const text = results.length && results.length === c.games && c.games <= 4 ? results.join(" ") : c.points + "/" + c.games;
    return el("span", {title: T("crosstable_games", c.points, c.games)}, text);
  }

  // renderPodium shows the first three of the standings once every game
  // of the schedule is played (and none is in play).
  function renderPodium(t) {
    const box = $("podium-box");
    const p = t.progress || {};
    const over = p.total > 0 && p.done >= p.total && !(t.sprt && t.sprt.result === "running") &&
      !(snapshot && snapshot.live && snapshot.live.some((g) => !g.human));
    const top = (t.standings || []).filter((r) => r.rank > 0 && r.rank <= 3 && r.games > 0 && !r.annulled);
    const annulled = (t.standings || []).filter((r) => r.annulled);
    box.hidden = !over || !top.length;
    // A championship over has no game in play: the podium takes its place.
    const live = $("live");
    if (live) live.closest("section").hidden = !box.hidden && !live.querySelector("article");
    if (box.hidden) { $("podium").replaceChildren(); return; }
    // The first in the middle, the second at its left, the third at its
    // right; a step's height is its rank (a shared rank, a shared step).
    const places = ["first", "second", "third"];
    $("podium").replaceChildren(...[
      el("ol", {class: "podium"}, ...top.map((r, i) => el("li", {class: "place at-" + places[i] + " rank-" + places[r.rank - 1], "data-rank": r.rank},
        el("span", {class: "medal", "aria-hidden": "true"}, String(r.rank)),
        el("span", {class: "who"}, r.display || name(r.bot)),
        el("span", {class: "pts"}, points(r.points))))),
      el("p", {class: "hint"}, T("podium_note", p.done)),
      annulled.length ? el("p", {class: "hint annulled"}, T("podium_annulled", annulled.map((r) => r.display || name(r.bot)).join(", "), annulled[0].annulled)) : null,
    ].filter(Boolean));
  }

  // renderNext lists the next games of the schedule (a live page only).
  function renderNext(next) {
    const box = $("next-box");
    if (!box) return;
    box.hidden = !next || !next.length;
    $("next").replaceChildren(box.hidden ? "" : table(
      [[T("col_game"), "name"], [T("col_round")], [T("col_white"), "name"], [T("col_black"), "name"]],
      next.map((g) => [g.id, g.round, name(g.white), name(g.black)])));
  }

  // renderSPRT shows where an SPRT match stands: its verdict, LLR against
  // the bounds, the estimates and the pentanomial counts (docs/sprt.md).
  function renderSPRT(r) {
    const box = $("sprt");
    box.hidden = !r;
    if (!r) return;
    const verdicts = {
      H1: `H1 accepted: ${name(r.bot)} is better than ${name(r.opponent)}`,
      H0: `H0 accepted: ${name(r.bot)} is not better than ${name(r.opponent)} by ${r.test.elo1} nElo`,
      inconclusive: "inconclusive: no bound reached in " + r.rounds + " pairs",
      running: "running",
    };
    const e = r.estimate;
    const est = (x, m) => e.pairs ? (x >= 0 ? "+" : "") + fix(x, 1) + " ± " + fix(m, 1) : "-";
    const meter = el("meter", {min: r.lower_bound, max: r.upper_bound, value: Math.max(r.lower_bound, Math.min(r.upper_bound, r.llr)),
      "aria-label": "LLR between the bounds"});
    box.className = "sprt " + r.result;
    box.replaceChildren(
      el("p", {class: "verdict"}, `SPRT ${name(r.bot)} vs ${name(r.opponent)}: `, el("strong", {}, verdicts[r.result] || r.result),
        ` (${r.round} of at most ${r.rounds} pairs)`),
      el("p", {}, `LLR ${fix(r.llr, 2)} `, meter, ` in [${fix(r.lower_bound, 2)}, ${fix(r.upper_bound, 2)}]; ` +
        `H0 nElo ${r.test.elo0}, H1 nElo ${r.test.elo1}, alpha ${r.test.alpha}, beta ${r.test.beta}`),
      el("p", {}, `Elo ${est(e.elo, e.elo_margin)}, nElo ${est(e.nelo, e.nelo_margin)} (95%); ` +
        `pairs by ${name(r.bot)}'s score 0, ½, 1, 1½, 2: ${r.pentanomial.join(" ")}`),
      r.games_after_decision ? el("p", {class: "hint"}, `${r.games_after_decision} games in play at the decision count in the standings, not in the test`) : null);
  }

  // playoffText says how a playoff of bots level on every key went: each
  // tie's bots with their game points, and the order once decided; display
  // has the bots' display names.
  function playoffText(p, display) {
    const nameOf = (b) => display[b] || b;
    const ties = p.ties.map((t) => nameOf(t.bots[0]) + " " + t.points[0] + "-" + t.points[1] + " " + nameOf(t.bots[1]) +
      (t.on_seed ? " (level: the higher seed)" : t.winner ? "" : " (playing)"));
    return "Playoff " + p.number + " of the bots level at #" + p.rank + ": " + ties.join("; ") +
      (p.order ? "; order: " + p.order.map(nameOf).join(", ") : "") + ".";
  }

  // renderBracket draws a knockout's bracket, a column a round, a box a
  // tie, the bot that went through in bold; nothing for other formats.
  function renderBracket(b) {
    if (!b) { $("bracket").replaceChildren(); return; }
    const n = b.rounds.length;
    const roundName = (r) => [T("round_final"), T("round_semi"), T("round_quarter")][n - 1 - r] || T("round_n", r + 1);
    const entrant = (t, k) => {
      const through = t.winner && t.winner === t.bots[k];
      const label = k === 1 && t.bye ? "bye" : t.bots[k] ? "(" + t.seeds[k] + ") " + name(t.bots[k]) : "?";
      return el("div", {class: "entrant" + (through ? " through" : "")},
        el("span", {class: "bot"}, label), el("span", {class: "pts"}, t.games ? t.points[k] : ""));
    };
    const note = (t) => t.on_seed ? "level: the higher seed goes through" :
      t.tiebreak_boards ? "after " + t.tiebreak_boards + " tie-break board" + (t.tiebreak_boards > 1 ? "s" : "") :
      !t.winner && t.games ? "playing: " + t.games + " of " + 2 * t.boards + " games" : "";
    $("bracket").replaceChildren(
      el("h3", {}, T("bracket_h")),
      el("div", {class: "bracket"}, ...b.rounds.map((round, r) => el("div", {class: "round"},
        el("h4", {}, roundName(r)),
        ...round.map((t) => el("div", {class: "tie" + (t.bye ? " bye" : "")}, entrant(t, 0), entrant(t, 1),
          note(t) ? el("div", {class: "hint"}, note(t)) : null))))),
      el("p", {class: "winner"}, T("winner"), el("strong", {}, b.winner ? name(b.winner) : T("still_playing"))));
  }

  function emptyLive() {
    const live = $("live");
    if (!live) return;
    const empty = live.querySelector(".empty");
    if (!live.querySelector("article")) { if (!empty) live.append(el("p", {class: "empty", "data-i18n": "no_live"}, T("no_live"))); }
    else if (empty) empty.remove();
  }

  // times names a move's times by their clock, the one it was charged
  // first: "12.5 ms of CPU (wall 30.1 ms)", or "30.1 ms (cpu 12.5 ms)" when
  // the league charges the wall clock.
  function times(m) {
    if (m.cpu_charged && m.cpu_ms !== undefined) return T("cpu_first", fix(m.cpu_ms, 1), fix(m.time_ms, 1));
    return `${fix(m.time_ms, 1)} ms` + (m.cpu_ms !== undefined ? T("cpu_ms", fix(m.cpu_ms, 1)) : "");
  }

  // statsLine describes a move: time, depth, nodes, eval and PV.
  function statsLine(m) {
    if (!m) return el("p", {class: "stats"}, T("no_move_yet"));
    const parts = [T("ply_move", m.ply, T(m.side), name(m.bot), m.move || "(" + (m.answer || T("no_move")) + ")")];
    if (m.forced) parts.push(T("forced"));
    else {
      // What a bot does not report is left out, not shown as 0.
      parts.push(times(m));
      if (m.depth) parts.push(T("depth", m.depth));
      if (m.nodes) parts.push(T("nodes", m.nodes));
    }
    if (m.eval !== undefined) parts.push(T("eval", m.eval));
    if (m.clocks_ms) parts.push(T("clocks", clockText(m.clocks_ms[0]), clockText(m.clocks_ms[1])));
    return el("p", {class: "stats last-move"}, parts.join(", "),
      m.pv && m.pv.length ? el("span", {class: "pv"}, " — pv " + m.pv.join(" ")) : null);
  }

  function renderLive(g) {
    const tempo = g.tempo_ms;
    const person = (i) => g.human === (i ? "black" : "white");
    // Under a game clock, a side's time left against its clock; else its
    // last call against the tempo.
    const left = (i) => person(i) ? el("td", {class: "left"}, T("no_limit")) : el("td", {class: "left"}, clockText(g.left_ms[i]), " ",
      el("meter", {min: 0, max: Math.max(g.clock.base_ms, g.left_ms[i]), value: g.left_ms[i], "aria-label": T("time_left_meter")}));
    // Under clock: cpu the meter shows the CPU time charged, the wall time
    // beside it.
    const charged = (i) => g.charged === "cpu" && g.last_cpu_ms ? g.last_cpu_ms[i] : g.last_ms[i];
    const clock = (i, who) => el("tr", {class: i ? "black" : "white"}, el("td", {class: "name"}, T(i ? "black_name" : "white_name", name(who))),
      g.left_ms ? left(i) : el("td", {}, (g.charged === "cpu" && g.last_cpu_ms && !person(i) ? T("cpu_first", fix(g.last_cpu_ms[i], 1), fix(g.last_ms[i], 1)) :
        fix(g.last_ms[i], 1) + " ms" + (g.last_cpu_ms && !person(i) ? T("cpu_ms", fix(g.last_cpu_ms[i], 1)) : "")), " ", person(i) ? T("no_limit") :
        el("meter", {min: 0, max: tempo, value: Math.min(charged(i), tempo), "aria-label": T("tempo_meter")})),
      el("td", {}, g.charged === "cpu" && g.used_cpu_ms && !person(i) ? T("used_cpu_first", fix(g.used_cpu_ms[i] / 1000, 2), fix(g.used_ms[i] / 1000, 2)) :
        T("used", fix(g.used_ms[i] / 1000, 2)) + (g.used_cpu_ms && !person(i) ? T("cpu_s", fix(g.used_cpu_ms[i] / 1000, 2)) : "")));
    // The last call's time is in the move's line under the board.
    const caption = g.left_ms ? T("clock_caption", g.clock.text) : T("tempo_caption", tempo);
    const board = el("div", {class: "boardbox"});
    board.innerHTML = g.svg;
    localize(board);
    markLast(board, g.last_target);
    const card = el("article", {class: "live" + (g.human ? " human" : ""), "data-game": g.id, "data-ply": g.ply},
      el("h3", {}, T("vs", g.id, name(g.white), name(g.black), g.ply, g.scores[0] + "-" + g.scores[1])),
      board, legend(board, g.white, g.black),
      el("table", {class: "clocks"}, el("caption", {class: "hint"}, caption), clock(0, g.white), clock(1, g.black)),
      g.last || g.ply ? statsLine(g.last) : el("p", {class: "stats starting"}, T("starting")));
    if (g.result) {
      const winner = {"1-0": g.white, "0-1": g.black}[g.result];
      card.append(el("p", {class: "result"}, winner ? T("game_over_winner", g.result, name(winner)) : T("game_over_draw", g.result)));
    }
    if (g.legal) playable(card, board, g);
    const old = document.querySelector(`article.live[data-game="${CSS.escape(g.id)}"]`);
    if (old) old.replaceWith(card); else $("live").append(card);
    emptyLive();
  }

  // markLast marks the place of the board where the last move was played.
  function markLast(board, target) {
    if (!target) return;
    const node = board.querySelector(`[data-target="${CSS.escape(target)}"]`);
    if (node) node.classList.add("last");
  }

  // legend says what the colours of a board are, for a drawing that colours
  // each side's marks (its svg says data-legend="sides", as Dots and
  // Boxes' does): each side's, and the last move; nothing for another.
  function legend(board, white, black) {
    if (!board.querySelector('svg[data-legend="sides"]')) return null;
    const key = (cls, text) => el("li", {}, el("span", {class: "swatch " + cls, "aria-hidden": "true"}), text);
    return el("ul", {class: "legend"}, key("white", T("legend_white", name(white))), key("black", T("legend_black", name(black))),
      key("last", T("legend_last")));
  }

  // playable lets a person play: the places of the legal moves are
  // clickable, and each is a button too (keyboard). A place that plays one
  // move plays it; one that plays several offers them as buttons and, where
  // the drawing has a second place for each (g.choices: a Quatro piece of
  // the reserve), by clicking that place.
  function playable(card, board, g) {
    const choices = el("div", {class: "moves", role: "group", "aria-label": T("your_moves")});
    // The token is read when the move is sent: the game's first board may
    // come (live) before the answer that holds it.
    const send = (move) => post("api/play/move", {game: g.id, move, token: sessionStorage.getItem("play-token-" + g.id) || ""})
      .catch((e) => alert(e));
    const at = (target) => target ? board.querySelector(`[data-target="${CSS.escape(target)}"]`) : null;
    const second = Object.values(g.choices || {}).map(at).filter(Boolean);
    const places = () => choices.replaceChildren(...Object.entries(g.legal).map(([target, moves]) =>
      el("button", {type: "button", onclick: () => pick(target, moves)}, moves.length === 1 ? moves[0] : T("place_moves", target || "?", moves.length))));
    function pick(target, moves) {
      if (moves.length === 1) { send(moves[0]); return; }
      for (const n of board.querySelectorAll(".chosen")) n.classList.remove("chosen");
      for (const n of second) { n.classList.remove("playable", "choice"); n.onclick = null; }
      const node = at(target);
      if (node) node.classList.add("chosen");
      for (const m of moves) {
        const n = at((g.choices || {})[m]);
        if (n) { n.classList.add("playable", "choice"); n.onclick = () => send(m); }
      }
      choices.replaceChildren(el("span", {}, T("choose")), ...moves.map((m) => el("button", {type: "button", onclick: () => send(m)}, m)),
        el("button", {type: "button", class: "back", onclick: places}, T("back")));
    }
    for (const [target, moves] of Object.entries(g.legal)) {
      const node = at(target);
      if (node) {
        node.classList.add("playable");
        node.addEventListener("click", () => pick(target, moves));
      }
    }
    places();
    card.append(el("p", {class: "your-turn"}, T("your_move")), choices);
  }

  async function post(path, body) {
    const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const text = await r.text();
    if (!r.ok) throw new Error(text.trim());
    return text ? JSON.parse(text) : null;
  }

  // The viewer of finished games.
  async function openGame(id) {
    let g;
    if (report) g = await report.game(id);
    else {
      const r = await fetch(`api/game?league=${league}&id=${encodeURIComponent(id)}`);
      if (!r.ok) return;
      g = await r.json();
    }
    viewer = {game: g, ply: 0};
    const info = g.game;
    $("viewer-h").textContent = T("viewer_title", info.id);
    $("viewer-info").textContent = T("viewer_info", info.round, g.seed, name(info.white), name(info.black), info.result, reason(info.reason),
      info.scores[0] + "-" + info.scores[1]) + (info.detail ? ` — ${detail(info.detail)}` : "");
    const list = $("viewer-moves");
    list.replaceChildren(...g.moves.map((m, i) => el("li", {"data-ply": i},
      el("button", {type: "button", class: "link", onclick: () => step(i)}, i === 0 ? T("ply_start") :
        `${T(m.side)} ${m.move || "(" + (m.answer || T("no_move")) + ")"}` + (m.forced ? " *" : ` ${times(m)}` +
          (m.depth ? ` d${m.depth}` : ""))))));
    $("viewer").hidden = false;
    step(0);
    $("viewer").focus();
    history.replaceState(null, "", "#game=" + encodeURIComponent(id));
  }
  function step(i) {
    if (!viewer) return;
    const n = viewer.game.svgs.length;
    viewer.ply = Math.max(0, Math.min(n - 1, i));
    $("viewer-board").innerHTML = viewer.game.svgs[viewer.ply];
    localize($("viewer-board"));
    markLast($("viewer-board"), (viewer.game.targets || [])[viewer.ply]);
    $("v-ply").textContent = T("viewer_ply", viewer.ply, n - 1);
    $("viewer-move").replaceChildren(viewer.ply ? statsLine(viewer.game.moves[viewer.ply]) : "");
    for (const li of $("viewer-moves").children) {
      if (Number(li.dataset.ply) === viewer.ply) { li.setAttribute("aria-current", "step"); li.scrollIntoView({block: "nearest"}); }
      else li.removeAttribute("aria-current");
    }
  }
  $("v-first").onclick = () => step(0);
  $("v-prev").onclick = () => step(viewer.ply - 1);
  $("v-next").onclick = () => step(viewer.ply + 1);
  $("v-last").onclick = () => step(Infinity);
  $("v-close").onclick = () => { $("viewer").hidden = true; viewer = null; history.replaceState(null, "", location.pathname + location.search); };
  document.addEventListener("keydown", (e) => {
    if (!viewer || e.target.matches("input, select, textarea")) return;
    const keys = {ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity};
    if (!(e.key in keys)) return;
    e.preventDefault();
    step(Math.abs(keys[e.key]) === Infinity ? (keys[e.key] > 0 ? Infinity : 0) : viewer.ply + keys[e.key]);
  });

  function openFromHash() {
    const m = location.hash.match(/^#game=(.+)$/);
    if (m) openGame(decodeURIComponent(m[1]));
  }

  // Live: the leagues, the play form and the event stream.
  async function live() {
    const first = window.ARENA_FIRST;
    // The page came with its data (a served page): every section is drawn
    // before the event stream opens.
    if (first && first.snapshot) renderAll(first.snapshot);
    const info = first ? first.leagues : await (await fetch("api/leagues")).json();
    if (info.leagues.length > 1) {
      $("leagues").replaceChildren(...info.leagues.map((l, i) =>
        el("a", {href: "?league=" + i, "aria-current": String(i) === league ? "page" : null}, l.name)));
    }
    if (info.play) setupPlay(info.bots, info.display || {});
    const es = new EventSource(`events?league=${league}`);
    es.addEventListener("snapshot", (e) => { renderAll(JSON.parse(e.data)); });
    es.addEventListener("live", (e) => renderLive(JSON.parse(e.data)));
    es.addEventListener("tables", (e) => renderTables(JSON.parse(e.data)));
    openFromHash();
  }

  function setupPlay(bots, display) {
    playDisplay = display;
    $("play").hidden = false;
    $("play-bot").replaceChildren(...bots.map((b) => el("option", {value: b}, display[b] || b)));
    // The form keeps the person's choices after a start, which may load
    // the page of another league.
    const kept = JSON.parse(sessionStorage.getItem("play-choice") || "{}");
    if (bots.includes(kept.bot)) $("play-bot").value = kept.bot;
    if (kept.seed) $("play-seed").value = kept.seed;
    if (kept.side) $("play-side").value = kept.side;
    $("play-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      $("play-error").textContent = "";
      const choice = {bot: $("play-bot").value, seed: $("play-seed").value, side: $("play-side").value};
      sessionStorage.setItem("play-choice", JSON.stringify(choice));
      try {
        const r = await post("api/play", {bot: choice.bot, seed: Number(choice.seed), side: choice.side});
        sessionStorage.setItem("play-token-" + r.game, r.token); // its moves are this tab's alone
        // Said before it happens: a game with no move ends.
        $("play-idle").textContent = T("play_idle", r.game, r.idle_ms >= 60000 ? Math.round(r.idle_ms / 60000) + " min" : Math.round(r.idle_ms / 1000) + " s");
        if (String(r.league) !== league) location.search = "?league=" + r.league;
      } catch (err) { $("play-error").textContent = err.message; }
    });
  }

  if (report) { renderAll(report.snapshot); openFromHash(); } else live();
})();

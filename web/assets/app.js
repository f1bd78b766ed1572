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

  // el builds an element: el("td", {class: "name"}, "text", child...).
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
    return e;
  }
  function fix(x, d) { return x === undefined || x === null ? "" : Number(x).toFixed(d); }
  function table(head, rows, caption) {
    if (!rows.length) return el("p", {class: "empty"}, "None yet.");
    const t = el("table", {}, caption ? el("caption", {class: "hint"}, caption) : null);
    t.append(el("thead", {}, el("tr", {}, ...head.map(([h, cls]) => el("th", {class: cls, scope: "col"}, h)))));
    const body = el("tbody");
    for (const r of rows) body.append(el("tr", {}, ...r.map((c, i) => el("td", {class: head[i][1]}, c))));
    t.append(body);
    return t;
  }
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
    return (l.clock ? "clock " + l.clock.text + " ms" : l.tempo_ms + " ms a move") +
      (l.charged === "cpu" ? ", CPU time charged" : l.charged === "wall" ? ", wall time charged" : "");
  }
  function gameLink(id) {
    return el("button", {type: "button", class: "link", "data-game": id, onclick: () => openGame(id)}, id);
  }

  function renderAll(s) {
    snapshot = s;
    document.title = s.league.title + " — arena";
    $("title").textContent = s.league.title;
    $("subtitle").textContent = s.league.game + ", " + pace(s.league) +
      (s.league.title !== s.league.name ? ", league " + s.league.name : "");
    renderTables(s.tables);
    if (!$("live")) return; // a report: no live sections
    $("live").replaceChildren();
    for (const g of s.live || []) renderLive(g);
    emptyLive();
  }

  function renderTables(t) {
    if (snapshot) snapshot.tables = t;
    const p = t.progress;
    const bar = el("progress", {max: p.total || p.done || 1, value: p.done});
    const text = p.done + (p.total ? " of " + p.total : "") + " games" +
      (p.games_per_s ? ", " + p.games_per_s.toFixed(2) + " games/s" : "") +
      (t.sprt && t.sprt.result !== "running" ? ", SPRT " + t.sprt.result + ", done" :
        p.total && p.done < p.total ? (report ? "" : ", ETA " + duration(p.eta_s)) : p.total && p.done >= p.total ? ", done" : "");
    $("progress").replaceChildren(bar, " ", el("span", {id: "progress-text"}, text));
    renderSPRT(t.sprt);
    // A Swiss ranks by points, then Buchholz, then Sonneborn-Berger: both
    // show, and the byes.
    const swiss = t.swiss ? [["byes"], ["Buchholz"], ["SB"]] : [];
    $("standings").replaceChildren(table(
      [["#"], ["bot", "name"], ["games"], ["won"], ["drawn"], ["lost"], ["points"], ...swiss, ["tiebreak", "text"], ["Elo"], ["±"], ["LOS"], ["faults"]],
      (t.standings || []).map((r) => [r.rank, r.display || r.bot, r.games, r.wins, r.draws, r.losses, r.points,
        ...(t.swiss ? [r.byes || 0, r.buchholz || 0, r.sonneborn_berger] : []),
        // A bot a playoff placed shows its score in it: "playoff 1.5-0.5".
        [r.tiebreak, r.playoff].filter(Boolean).join(" "),
        r.rated ? fix(r.elo, 1) : "", r.rated ? fix(r.elo_margin, 1) : "", r.los ? fix(r.los * 100, 1) + "%" : "", r.faults]),
      [t.swiss ? "Swiss: a bye counts as a board pair won; Buchholz is the sum of the opponents' points." : "",
        t.order && t.order.length ? "Ranked by " + t.order.join(", then ") + "; tiebreak: the last of these needed to place the bot, tied when still level on all (a shared rank)." : "",
        ...(t.playoffs || []).map((p) => playoffText(p, (t.crosstable && t.crosstable.display) || {}))].filter(Boolean).join(" ")));
    renderBracket(t.bracket);
    const chart = $("chart");
    chart.innerHTML = t.chart || "";
    const ct = t.crosstable;
    $("crosstable").replaceChildren(table(
      [["#"], ["bot", "name"], ...ct.bots.map((_, i) => [String(i + 1)])],
      ct.bots.map((b, i) => [i + 1, (ct.display || {})[b] || b, ...ct.cells[i].map((c, j) => i === j || !c.games ? "" : c.points + "/" + c.games)]),
      "points/games from the row bot's side"));
    $("faults").replaceChildren(table([["game", "name"], ["bot", "name"], ["verdict", "text"], ["detail", "detail"]],
      (t.faults || []).map((f) => [gameLink(f.game), f.bot, el("span", {title: f.why}, f.verdict), f.detail])));
    const clock = snapshot && snapshot.league.clock;
    const tempo = !snapshot ? "" : clock ? clock.text : snapshot.league.tempo_ms;
    // Wall time and, where it was measured, CPU time: the league charges
    // one of them (its clock).
    const cpu = (u, k) => u.cpu ? fix(u.cpu[k], 1) : "";
    $("times").replaceChildren(table([["bot", "name"], ["moves"], ["mean ms"], ["p95 ms"], ["max ms"], ["mean cpu ms"], ["p95 cpu ms"], ["max cpu ms"], [clock ? "clock ms" : "tempo ms"]],
      (t.times || []).map((u) => [u.bot, u.moves, fix(u.mean_ms, 1), fix(u.p95_ms, 1), fix(u.max_ms, 1), cpu(u, "mean_ms"), cpu(u, "p95_ms"), cpu(u, "max_ms"), tempo])));
    $("games").replaceChildren(table(
      [["game", "name"], ["round"], ["white", "name"], ["black", "name"], ["result"], ["reason", "text"], ["score"], ["plies"]],
      (t.games || []).map((g) => [gameLink(g.id), g.round, g.white, g.black, g.result, g.reason, g.scores[0] + "-" + g.scores[1], g.plies])));
    if (t.ended) {
      const card = document.querySelector(`article.live[data-game="${CSS.escape(t.ended)}"]`);
      if (card && !card.classList.contains("human")) card.remove();
      emptyLive();
    }
  }

  // renderSPRT shows where an SPRT match stands: its verdict, LLR against
  // the bounds, the estimates and the pentanomial counts (docs/sprt.md).
  function renderSPRT(r) {
    const box = $("sprt");
    box.hidden = !r;
    if (!r) return;
    const verdicts = {
      H1: `H1 accepted: ${r.bot} is better than ${r.opponent}`,
      H0: `H0 accepted: ${r.bot} is not better than ${r.opponent} by ${r.test.elo1} nElo`,
      inconclusive: "inconclusive: no bound reached in " + r.rounds + " pairs",
      running: "running",
    };
    const e = r.estimate;
    const est = (x, m) => e.pairs ? (x >= 0 ? "+" : "") + fix(x, 1) + " ± " + fix(m, 1) : "-";
    const meter = el("meter", {min: r.lower_bound, max: r.upper_bound, value: Math.max(r.lower_bound, Math.min(r.upper_bound, r.llr)),
      "aria-label": "LLR between the bounds"});
    box.className = "sprt " + r.result;
    box.replaceChildren(
      el("p", {class: "verdict"}, `SPRT ${r.bot} vs ${r.opponent}: `, el("strong", {}, verdicts[r.result] || r.result),
        ` (${r.round} of at most ${r.rounds} pairs)`),
      el("p", {}, `LLR ${fix(r.llr, 2)} `, meter, ` in [${fix(r.lower_bound, 2)}, ${fix(r.upper_bound, 2)}]; ` +
        `H0 nElo ${r.test.elo0}, H1 nElo ${r.test.elo1}, alpha ${r.test.alpha}, beta ${r.test.beta}`),
      el("p", {}, `Elo ${est(e.elo, e.elo_margin)}, nElo ${est(e.nelo, e.nelo_margin)} (95%); ` +
        `pairs by ${r.bot}'s score 0, ½, 1, 1½, 2: ${r.pentanomial.join(" ")}`),
      r.games_after_decision ? el("p", {class: "hint"}, `${r.games_after_decision} games in play at the decision count in the standings, not in the test`) : null);
  }

  // playoffText says how a playoff of bots level on every key went: each
  // tie's bots with their game points, and the order once decided; display
  // has the bots' display names.
  function playoffText(p, display) {
    const name = (b) => display[b] || b;
    const ties = p.ties.map((t) => name(t.bots[0]) + " " + t.points[0] + "-" + t.points[1] + " " + name(t.bots[1]) +
      (t.on_seed ? " (level: the higher seed)" : t.winner ? "" : " (playing)"));
    return "Playoff " + p.number + " of the bots level at #" + p.rank + ": " + ties.join("; ") +
      (p.order ? "; order: " + p.order.map(name).join(", ") : "") + ".";
  }

  // renderBracket draws a knockout's bracket, a column a round, a box a
  // tie, the bot that went through in bold; nothing for other formats.
  function renderBracket(b) {
    if (!b) { $("bracket").replaceChildren(); return; }
    const n = b.rounds.length;
    const name = (r) => ["final", "semi-finals", "quarter-finals"][n - 1 - r] || "round " + (r + 1);
    const entrant = (t, k) => {
      const through = t.winner && t.winner === t.bots[k];
      const label = k === 1 && t.bye ? "bye" : t.bots[k] ? "(" + t.seeds[k] + ") " + t.bots[k] : "?";
      return el("div", {class: "entrant" + (through ? " through" : "")},
        el("span", {class: "bot"}, label), el("span", {class: "pts"}, t.games ? t.points[k] : ""));
    };
    const note = (t) => t.on_seed ? "level: the higher seed goes through" :
      t.tiebreak_boards ? "after " + t.tiebreak_boards + " tie-break board" + (t.tiebreak_boards > 1 ? "s" : "") :
      !t.winner && t.games ? "playing: " + t.games + " of " + 2 * t.boards + " games" : "";
    $("bracket").replaceChildren(
      el("h3", {}, "Knockout bracket"),
      el("div", {class: "bracket"}, ...b.rounds.map((round, r) => el("div", {class: "round"},
        el("h4", {}, name(r)),
        ...round.map((t) => el("div", {class: "tie" + (t.bye ? " bye" : "")}, entrant(t, 0), entrant(t, 1),
          note(t) ? el("div", {class: "hint"}, note(t)) : null))))),
      el("p", {class: "winner"}, "Winner: ", el("strong", {}, b.winner || "still playing")));
  }

  function emptyLive() {
    const live = $("live");
    if (!live) return;
    const empty = live.querySelector(".empty");
    if (!live.querySelector("article")) { if (!empty) live.append(el("p", {class: "empty"}, "No game in play.")); }
    else if (empty) empty.remove();
  }

  // statsLine describes a move: time, depth, nodes, eval and PV.
  function statsLine(m) {
    if (!m) return el("p", {class: "stats"}, "No move yet.");
    const parts = [`ply ${m.ply} ${m.side} ${m.bot}: ${m.move || "(" + (m.answer || "no move") + ")"}`];
    if (m.forced) parts.push("forced");
    else {
      // What a bot does not report is left out, not shown as 0.
      parts.push(`${fix(m.time_ms, 1)} ms` + (m.cpu_ms !== undefined ? ` (cpu ${fix(m.cpu_ms, 1)} ms)` : ""));
      if (m.depth) parts.push(`depth ${m.depth}`);
      if (m.nodes) parts.push(`nodes ${m.nodes}`);
    }
    if (m.eval !== undefined) parts.push(`eval ${m.eval}`);
    if (m.clocks_ms) parts.push(`clocks white ${clockText(m.clocks_ms[0])}, black ${clockText(m.clocks_ms[1])}`);
    return el("p", {class: "stats last-move"}, parts.join(", "),
      m.pv && m.pv.length ? el("span", {class: "pv"}, " — pv " + m.pv.join(" ")) : null);
  }

  function renderLive(g) {
    const tempo = g.tempo_ms;
    const person = (i) => g.human === (i ? "black" : "white");
    // Under a game clock, a side's time left against its clock; else its
    // last call against the tempo.
    const left = (i) => person(i) ? el("td", {class: "left"}, "(no limit)") : el("td", {class: "left"}, clockText(g.left_ms[i]), " ",
      el("meter", {min: 0, max: Math.max(g.clock.base_ms, g.left_ms[i]), value: g.left_ms[i], "aria-label": "time left on the clock"}));
    // Under clock: cpu the meter shows the CPU time charged, the wall time
    // beside it.
    const charged = (i) => g.charged === "cpu" && g.last_cpu_ms ? g.last_cpu_ms[i] : g.last_ms[i];
    const clock = (i, name) => el("tr", {}, el("td", {class: "name"}, (i ? "black " : "white ") + name),
      g.left_ms ? left(i) : el("td", {}, fix(g.last_ms[i], 1) + " ms" + (g.last_cpu_ms ? ` (cpu ${fix(g.last_cpu_ms[i], 1)} ms)` : ""), " ", person(i) ? "(no limit)" :
        el("meter", {min: 0, max: tempo, value: Math.min(charged(i), tempo), "aria-label": "last call against tempo"})),
      el("td", {}, fix(g.used_ms[i] / 1000, 2) + " s used" + (g.used_cpu_ms ? ` (cpu ${fix(g.used_cpu_ms[i] / 1000, 2)} s)` : "")));
    // The last call's time is in the move's line under the board.
    const caption = g.left_ms ? `time left and time used; clock ${g.clock.text} ms` : `last call and time used; tempo ${tempo} ms`;
    const board = el("div", {class: "boardbox"});
    board.innerHTML = g.svg;
    const card = el("article", {class: "live" + (g.human ? " human" : ""), "data-game": g.id, "data-ply": g.ply},
      el("h3", {}, `${g.id}: ${g.white} vs ${g.black}, ply ${g.ply}, ${g.scores[0]}-${g.scores[1]}`),
      board,
      el("table", {class: "clocks"}, el("caption", {class: "hint"}, caption), clock(0, g.white), clock(1, g.black)),
      g.last || g.ply ? statsLine(g.last) : el("p", {class: "stats starting"}, "starting…: the bots are loading, the first move comes next"));
    if (g.result) card.append(el("p", {class: "result"}, "Game over: " + g.result));
    if (g.legal) playable(card, board, g);
    const old = document.querySelector(`article.live[data-game="${CSS.escape(g.id)}"]`);
    if (old) old.replaceWith(card); else $("live").append(card);
    emptyLive();
  }

  // playable lets a person play: the places of the legal moves are
  // clickable, and every legal move is a button too (keyboard).
  function playable(card, board, g) {
    const choices = el("div", {class: "moves", role: "group", "aria-label": "your legal moves"});
    const token = sessionStorage.getItem("play-token-" + g.id) || "";
    const send = (move) => post("api/play/move", {game: g.id, move, token}).catch((e) => alert(e));
    for (const [target, moves] of Object.entries(g.legal)) {
      const node = board.querySelector(`[data-target="${CSS.escape(target)}"]`);
      if (node) {
        node.classList.add("playable");
        node.addEventListener("click", () => {
          if (moves.length === 1) { send(moves[0]); return; }
          choices.replaceChildren(el("span", {}, "Choose: "), ...moves.map((m) => el("button", {type: "button", onclick: () => send(m)}, m)));
        });
      }
    }
    for (const moves of Object.values(g.legal)) for (const m of moves) choices.append(el("button", {type: "button", onclick: () => send(m)}, m));
    card.append(el("p", {class: "your-turn"}, "Your move: click a highlighted place or a move."), choices);
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
    $("viewer-h").textContent = `Game ${info.id}`;
    $("viewer-info").textContent = `round ${info.round}, board seed ${g.seed}: ${info.white} (white) vs ${info.black} (black), ` +
      `${info.result} by ${info.reason}, ${info.scores[0]}-${info.scores[1]}` + (info.detail ? ` — ${info.detail}` : "");
    const list = $("viewer-moves");
    list.replaceChildren(...g.moves.map((m, i) => el("li", {"data-ply": i},
      el("button", {type: "button", class: "link", onclick: () => step(i)}, i === 0 ? "start" :
        `${m.side} ${m.move || "(" + (m.answer || "no move") + ")"}` + (m.forced ? " *" : ` ${fix(m.time_ms, 1)}ms` +
          (m.cpu_ms !== undefined ? ` cpu ${fix(m.cpu_ms, 1)}ms` : "") + (m.depth ? ` d${m.depth}` : ""))))));
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
    $("v-ply").textContent = `ply ${viewer.ply} of ${n - 1}`;
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
    const info = await (await fetch("api/leagues")).json();
    if (info.leagues.length > 1) {
      $("leagues").replaceChildren(...info.leagues.map((l, i) =>
        el("a", {href: "?league=" + i, "aria-current": String(i) === league ? "page" : null}, l.name)));
    }
    if (info.play) setupPlay(info.bots);
    const es = new EventSource(`events?league=${league}`);
    es.addEventListener("snapshot", (e) => { renderAll(JSON.parse(e.data)); });
    es.addEventListener("live", (e) => renderLive(JSON.parse(e.data)));
    es.addEventListener("tables", (e) => renderTables(JSON.parse(e.data)));
    openFromHash();
  }

  function setupPlay(bots) {
    $("play").hidden = false;
    $("play-bot").replaceChildren(...bots.map((b) => el("option", {value: b}, b)));
    $("play-form").addEventListener("submit", async (e) => {
      e.preventDefault();
      $("play-error").textContent = "";
      try {
        const r = await post("api/play", {bot: $("play-bot").value, seed: Number($("play-seed").value), side: $("play-side").value});
        sessionStorage.setItem("play-token-" + r.game, r.token); // its moves are this tab's alone
        if (String(r.league) !== league) location.search = "?league=" + r.league;
      } catch (err) { $("play-error").textContent = err.message; }
    });
  }

  if (report) { renderAll(report.snapshot); openFromHash(); } else live();
})();

// The practice ladder's pages (arena ladder serve): the ladder, a group's
// page, the lecturer's view. Their data comes inline (window.ARENA_LADDER)
// and then from the event stream; every text of it is set as text, never
// markup: only the server's drawings (charts, boards) are SVG.
"use strict";
(function () {
  const L = window.ARENA_LADDER;
  const $ = (id) => document.getElementById(id);
  const {T, reason, el, fix, table} = window.ARENA_COMMON;
  let ladder = null; // the last ladderView
  let group = null; // the last groupView, on a group's page

  function signed(x, d) { return (x >= 0 ? "+" : "") + fix(x, d); }
  // when writes a time as the page's language reads it; "" for none.
  function when(s) {
    const d = new Date(s);
    if (!s || isNaN(d) || d.getFullYear() < 2000) return "";
    return d.toLocaleString(L.lang === "pt" ? "pt-PT" : "en-GB", {dateStyle: "short", timeStyle: "short"});
  }
  function display(g) {
    const row = ladder && (ladder.standings || []).find((r) => r.group === g);
    return row && row.display ? row.display : g;
  }
  function groupLink(g) { return el("a", {href: "/group/" + encodeURIComponent(g)}, display(g)); }
  // gameLink opens a game in the viewer of arena's pages.
  function gameLink(id) { return el("a", {href: `/game/${id}#game=${id}`, "data-game": id}, "#" + id); }
  function show(id, on) { $(id).hidden = !on; }

  function setLang() {
    window.ARENA_COMMON.setLang(L.lang);
    if (L.title) $("title").textContent = L.title;
  }

  // The session: who is logged in, and the form to log out.
  function renderWho() {
    const who = L.admin ? T("lg_lecturer") : L.who;
    if (!who) {
      $("who").replaceChildren(L.page === "ladder" ? el("a", {href: "#login"}, T("lg_login")) : "");
      return;
    }
    $("who").replaceChildren(
      L.who ? el("a", {href: "/group/" + encodeURIComponent(L.who)}, T("lg_logged_in", who)) : el("a", {href: "/admin"}, T("lg_logged_in", who)), " ",
      el("form", {method: "post", action: "/logout", class: "inline"}, el("input", {type: "hidden", name: "csrf", value: L.csrf}),
        el("button", {type: "submit", class: "link"}, T("lg_logout"))));
  }

  function renderState(s) {
    if (!s) return;
    $("state").textContent = T("lg_state", s.queued, s.busy, s.slots) + (s.frozen ? " " + T("lg_frozen") : "");
  }

  // renderLadder draws the ladder: its standings with each rating's 95%
  // interval as a bar on one scale (bars that overlap are not told apart
  // by the games so far), the chart, and the last games.
  function renderLadder(v) {
    ladder = v;
    renderState(v.state);
    if (L.page === "admin") { renderAdmin(v); return; }
    if (L.page !== "ladder") return;
    const rows = v.standings || [];
    const rated = rows.filter((r) => r.games > 0);
    const lo = Math.min(...rated.map((r) => r.rating - r.margin), 0), hi = Math.max(...rated.map((r) => r.rating + r.margin), 0);
    $("standings").replaceChildren(table(
      [["#"], [T("lg_group"), "name"], [T("lg_version"), "text"], [T("lg_uploaded"), "text wide"], ["Elo"], ["±", "wide"],
        [T("lg_interval"), "bar"], [T("col_games")], [T("lg_wdl"), "wide"]],
      rows.map((r) => [r.disabled ? "" : r.rank, groupLink(r.group),
        r.version ? "v" + r.version + (r.disabled ? " " + T("lg_disabled") : "") : "",
        when(r.uploaded),
        r.games ? el("span", {}, fix(r.rating, 0), r.provisional ? el("abbr", {class: "provisional", title: T("lg_provisional")}, "?") : null) : "",
        r.games ? fix(r.margin, 0) : "",
        r.games ? intervalBar(r, lo, hi) : "",
        r.games, `${r.wins}/${r.draws}/${r.losses}`])));
    const note = rows.some((r) => r.provisional) ? el("p", {class: "hint"}, el("abbr", {class: "provisional"}, "?"), " ", T("lg_provisional")) : null;
    if (note) $("standings").append(note);
    $("chart").innerHTML = v.chart || "";
    $("games").replaceChildren(gamesTable(v.games || []));
  }

  // intervalBar draws a rating's 95% interval on the scale lo..hi.
  function intervalBar(r, lo, hi) {
    const ns = "http://www.w3.org/2000/svg", w = 120, x = (e) => 4 + (e - lo) / Math.max(hi - lo, 1) * (w - 8);
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "interval");
    svg.setAttribute("viewBox", `0 0 ${w} 14`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", `${fix(r.rating - r.margin, 0)} .. ${fix(r.rating + r.margin, 0)}`);
    const add = (tag, attrs) => {
      const e = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      svg.append(e);
    };
    add("line", {class: "zero", x1: x(0), x2: x(0), y1: 0, y2: 14});
    add("rect", {class: "range", x: x(r.rating - r.margin), y: 4, width: Math.max(x(r.rating + r.margin) - x(r.rating - r.margin), 1), height: 6});
    add("circle", {class: "elo", cx: x(r.rating), cy: 7, r: 3});
    return svg;
  }

  function gamesTable(games) {
    return table([[T("col_game"), "name"], [T("col_white"), "name"], [T("col_black"), "name"], [T("col_result")], [T("col_reason"), "text wide"], [T("lg_ended"), "text wide"]],
      games.map((g) => [gameLink(g.id), el("span", {}, groupLink(g.white), " v" + g.white_version), el("span", {}, groupLink(g.black), " v" + g.black_version),
        g.result, reason(g.reason), when(g.ended)]));
  }

  // renderGroup draws a group's page.
  function renderGroup(v) {
    group = v;
    $("group-h").textContent = T("lg_group_h", v.display || v.group) + (v.disabled ? " " + T("lg_disabled") : "");
    const active = (v.versions || []).find((x) => x.active);
    $("group-row").textContent = active ? T("lg_active", active.version, fix(active.rating, 0), fix(active.margin, 0), active.games) : T("lg_no_active");
    const m = v.match;
    show("match", !!m);
    if (m) {
      $("match").className = "sprt " + (m.result === "stronger" ? "H1" : m.result === "weaker" ? "H0" : "");
      $("match").replaceChildren(el("p", {class: "verdict"}, el("strong", {}, m.text || T("lg_match_" + m.result.replace(" ", "_"), m.version, m.previous))),
        el("p", {}, T("lg_match_numbers", m.games, fix(m.sprt && m.sprt.llr, 2), fix(m.sprt && m.sprt.lower_bound, 2), fix(m.sprt && m.sprt.upper_bound, 2))));
    }
    show("upload-box", v.upload);
    $("versions").replaceChildren(...(v.versions || []).map((x) => versionCard(x, v.mine)));
    if (!(v.versions || []).length) $("versions").append(el("p", {class: "empty"}, T("none_yet")));
    $("history").innerHTML = v.chart || "";
    if (!v.chart) $("history").replaceChildren(el("p", {class: "empty"}, T("none_yet")));
    $("group-games").replaceChildren(table(
      [[T("col_game"), "name"], [T("lg_opponent"), "name"], [T("lg_colour"), "text"], [T("col_result")], [T("col_reason"), "text"],
        [T("lg_expected")], [T("lg_change")]],
      (v.games || []).map((g) => [gameLink(g.id), groupLink(g.opponent), T(g.colour), T(g.score === 1 ? "lg_won" : g.score === 0 ? "lg_lost" : "lg_drawn"),
        reason(g.reason), fix(g.expected * 100, 0) + "%", signed(g.change, 1)])));
  }

  // versionCard draws a version: its verdict, and for the group and the
  // lecturer the reason, the board it failed on and what jogar answered
  // there, its warnings (a refused version's: the game it fails in), its
  // logs (folded when long).
  function versionCard(x, mine) {
    const card = el("article", {class: "version " + x.status + (x.active ? " active" : ""), "data-version": x.version},
      el("h4", {}, T("lg_version_h", x.version), " ", el("span", {class: "status"}, T("lg_" + x.status)),
        x.active ? el("span", {class: "hint"}, " " + T("lg_is_active")) : null),
      el("p", {class: "hint"}, T("lg_uploaded_at", when(x.uploaded)) + (x.same ? " " + T("lg_same", x.same) : "") +
        (x.status === "accepted" ? " " + T("lg_version_numbers", x.games, fix(x.rating, 0), fix(x.margin, 0)) : "")));
    if (!mine) return card;
    if (x.status && !x.same) {
      card.append(el("p", {}, el("a", {href: `/group/${encodeURIComponent(x.group)}/files/${x.version}`, download: ""}, T("lg_download", x.version))));
    }
    if (x.reason) card.append(el("p", {class: "reason"}, x.reason));
    if (x.position) card.append(el("p", {class: "position"}, T("lg_failed_on", x.position)));
    if (x.board) card.append(boardBox(x.board));
    if (x.answer) card.append(fold(T("lg_answer"), x.answer));
    if (x.conventions && Object.keys(x.conventions).length) {
      card.append(el("p", {class: "conventions"}, T("lg_conventions") + " " +
        Object.entries(x.conventions).map(([k, val]) => k + ": " + val).join(", ")));
    }
    if (x.time_use) card.append(el("p", {}, T("lg_time_use") + " " + x.time_use));
    for (const w of x.warnings || []) {
      const box = el("div", {class: "warning"}, el("p", {}, T(x.status === "refused" ? "lg_failing_game" : "lg_warning") + " " + w.text + (w.ply ? " " + T("lg_at_ply", w.ply) : ""),
        w.game ? el("span", {}, " ", gameLink(w.game)) : null));
      if (w.position && !w.board) box.append(el("p", {class: "position"}, T("lg_failed_on", w.position)));
      if (w.board) box.append(boardBox(w.board));
      if (w.output) box.append(fold(T("lg_output"), w.output));
      card.append(box);
    }
    if (x.stderr) card.append(fold(T("lg_stderr"), x.stderr));
    if (x.load) card.append(fold(T("lg_load"), x.load));
    return card;
  }
  function boardBox(svg) {
    const b = el("div", {class: "boardbox"});
    b.innerHTML = svg; // drawn by the game's package on the server
    return b;
  }
  // fold shows a bot's output as text, folded when long: its summary
  // says how many lines, the last ones being those that tell.
  function fold(title, text) {
    const lines = text.split("\n").length;
    return el("details", {class: "output", open: lines <= 12},
      el("summary", {}, T("lg_lines", title, lines)), el("pre", {}, text));
  }

  // upload sends the chosen file with a progress bar, then shows the
  // validation's stages as they stream back, until accepted or refused.
  function upload(e) {
    e.preventDefault();
    const file = $("upload-file").files[0];
    if (!file) return;
    const bar = $("upload-bar"), stage = $("upload-stage");
    bar.hidden = false;
    bar.max = file.size || 1;
    bar.value = 0;
    stage.textContent = T("lg_sending");
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/upload?name=" + encodeURIComponent(file.name));
    xhr.setRequestHeader("X-CSRF-Token", L.csrf);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (p) => { if (p.lengthComputable) { bar.max = p.total; bar.value = p.loaded; } };
    let seen = 0;
    const read = () => {
      const lines = xhr.responseText.split("\n");
      for (; seen < lines.length - 1; seen++) {
        let l;
        try { l = JSON.parse(lines[seen]); } catch (_) { continue; }
        if (l.stage) {
          bar.removeAttribute("value"); // the archive is sent: the bar now only says the work goes on
          stage.textContent = T("lg_stage_" + l.stage.stage) + (l.stage.detail ? ": " + l.stage.detail : "");
        }
        if (l.error) stage.textContent = T("lg_upload_error", l.error);
        if (l.version) {
          const x = l.version;
          bar.hidden = true;
          stage.textContent = x.same ? T("lg_same_upload", x.same) : x.status === "accepted" ? T("lg_accepted_n", x.version) : T("lg_refused_why", x.reason || "");
          stage.className = "verdict " + x.status;
          refreshGroup();
        }
      }
    };
    xhr.onprogress = read;
    xhr.onload = () => {
      if (xhr.status !== 200) { bar.hidden = true; stage.textContent = T("lg_upload_error", xhr.responseText.trim()); return; }
      read();
    };
    xhr.onerror = () => { bar.hidden = true; stage.textContent = T("lg_upload_error", T("lg_network")); };
    xhr.send(file);
  }

  async function refreshGroup() {
    const r = await fetch("/data/group/" + encodeURIComponent(L.group));
    if (r.ok) renderGroup(await r.json());
  }

  // The lecturer's view: every group, to open, disable or enable; the
  // freeze.
  // seen keeps each group's last row: a group the lecturer disabled stays
  // listed, to be enabled again, where the standings leave it out.
  const seen = new Map();
  function renderAdmin(v) {
    const rows = v.standings || [];
    for (const r of rows) seen.set(r.group, r);
    const listed = new Set(rows.map((r) => r.group));
    const gone = [...seen.values()].filter((r) => !listed.has(r.group) && r.disabled).map((r) => ({...r, rank: "", games: r.games}));
    $("admin-groups").replaceChildren(table(
      [["#"], [T("lg_group"), "name"], [T("lg_version"), "text"], ["Elo"], [T("col_games")], [T("lg_state_h"), "text"], [""]],
      [...rows, ...gone].map((r) => [r.rank, groupLink(r.group), r.version ? "v" + r.version : "", r.games ? fix(r.rating, 0) : "", r.games,
        r.disabled ? T("lg_disabled") : T("lg_enabled"),
        el("button", {type: "button", class: "toggle", "data-group": r.group, onclick: () => setDisabled(r.group, !r.disabled)},
          r.disabled ? T("lg_enable") : T("lg_disable"))])));
  }
  async function post(path, form) {
    const r = await fetch(path, {method: "POST", headers: {"X-CSRF-Token": L.csrf}, body: new URLSearchParams(form)});
    const text = await r.text();
    if (!r.ok) throw new Error(text.trim());
    return text ? JSON.parse(text) : null;
  }
  async function setDisabled(g, off) {
    try {
      await post("/admin/disable", {group: g, disabled: String(off)});
      if (seen.has(g)) seen.set(g, {...seen.get(g), disabled: off});
      const r = await fetch("/data/admin");
      if (r.ok) renderAdmin(await r.json());
    } catch (err) { showError(err.message); }
  }
  async function freeze(e) {
    e.preventDefault();
    const at = $("freeze-at").value;
    if (!confirm(T("lg_freeze_confirm"))) return;
    try {
      const f = await post("/admin/freeze", at ? {at: new Date(at).toISOString()} : {});
      $("freeze-out").replaceChildren(
        el("p", {}, f.path ? T("lg_frozen_to", f.path) : T("lg_frozen_file")),
        el("p", {}, T("lg_frozen_groups", Object.entries(f.frozen || {}).map(([g, n]) => g + " v" + n).join(", ") || "-")),
        Object.keys(f.not_eligible || {}).length ? el("p", {}, T("lg_not_eligible", Object.entries(f.not_eligible).map(([g, why]) => g + " (" + why + ")").join("; "))) : null,
        el("pre", {class: "league-file"}, f.league));
    } catch (err) { showError(err.message); }
  }
  function showError(text) { $("error").textContent = text; $("error").hidden = !text; }

  function showLogin(next) {
    show("login", true);
    $("login-next").value = next;
    show("login-failed", new URLSearchParams(location.search).get("login") === "failed");
  }

  function start() {
    setLang();
    renderWho();
    if (L.error && L.error !== "forbidden") showError(L.error === "not found" ? T("lg_not_found") : L.error);
    if (L.page === "ladder") {
      show("ladder-page", true);
      if (L.data) renderLadder(L.data);
      if (!L.who && !L.admin) showLogin("/");
    } else if (L.page === "group") {
      show("group-page", !!L.data);
      if (L.data) renderGroup(L.data);
      if (L.data && !L.data.mine) showLogin(location.pathname);
      $("upload-form").addEventListener("submit", upload);
    } else if (L.page === "admin") {
      if (L.error === "forbidden") showLogin("/admin");
      else { show("admin-page", true); renderAdmin(L.data); renderState(L.data.state); }
      $("freeze-form").addEventListener("submit", freeze);
    }
    if (L.error) return;
    const es = new EventSource("/events");
    es.addEventListener("ladder", (e) => renderLadder(JSON.parse(e.data)));
    es.addEventListener("group", (e) => { if (L.page === "group" && JSON.parse(e.data).group === L.group) refreshGroup(); });
  }
  start();
})();

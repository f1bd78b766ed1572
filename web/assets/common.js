// The helpers both of arena's pages use: app.js (arena serve, run --web,
// report) and ladder.js (arena ladder serve). The page's words in its
// language (i18n.js, loaded before), elements built with their texts as
// text, never markup, numbers and tables. It sets window.ARENA_COMMON and
// nothing else.
"use strict";
window.ARENA_COMMON = (function () {
  const strings = window.ARENA_STRINGS || {en: {}};
  let words = strings.en;

  // setLang chooses the page's language, en when it has no words, and
  // draws the page's static words (data-i18n, data-i18n-label) in it.
  function setLang(lang) {
    const l = strings[lang] ? lang : "en";
    words = strings[l];
    document.documentElement.lang = l;
    for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = T(e.dataset.i18n);
    for (const e of document.querySelectorAll("[data-i18n-label]")) e.setAttribute("aria-label", T(e.dataset.i18nLabel));
  }
  // T returns the text of key in the page's language, {0}, {1}... replaced
  // by args; English where the language lacks it.
  function T(key, ...args) {
    const text = key in words ? words[key] : key in strings.en ? strings.en[key] : key;
    return String(text).replace(/\{(\d+)\}/g, (_, i) => args[i] === undefined ? "" : args[i]);
  }
  // reason says a verdict's reason (timeout, illegal...) in the page's
  // language.
  function reason(r) { return (words.reasons || strings.en.reasons || {})[r] || r; }
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
  // fix writes x with d decimals; "" for none.
  function fix(x, d) { return x === undefined || x === null ? "" : Number(x).toFixed(d); }
  // table builds a table of head ([text, class] per column) and rows, with
  // an optional caption; a line saying none yet when there are no rows.
  function table(head, rows, caption) {
    if (!rows.length) return el("p", {class: "empty"}, T("none_yet"));
    const t = el("table", {}, caption ? el("caption", {class: "hint"}, caption) : null);
    t.append(el("thead", {}, el("tr", {}, ...head.map(([h, cls]) => el("th", {class: cls, scope: "col"}, h)))));
    const body = el("tbody");
    for (const r of rows) body.append(el("tr", {}, ...r.map((c, i) => el("td", {class: head[i][1]}, c))));
    t.append(body);
    return t;
  }
  // words returns the words of the page's language.
  return {setLang, T, reason, el, fix, table, words: () => words};
})();

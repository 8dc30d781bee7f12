"""The page's style and script, inlined by :func:`splitpot.show.render_html`: no network.

The script only displays step ``k`` of the steps computed in Python (the JSON in
``#hand-data``); every text it shows goes in through ``textContent``.
"""

from __future__ import annotations

CSS = """
:root { --felt: #1f6f43; --felt-dark: #124a2b; --rail: #5b3a1e; --ink: #f3efe3; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
  background: #1b1e23; color: var(--ink); }
header { padding: 12px 20px 0; }
h1 { font-size: 18px; margin: 0; font-weight: 600; }
#subtitle { margin: 2px 0 0; color: #b9b4a6; }
main { display: flex; gap: 18px; padding: 12px 20px 20px; align-items: flex-start; }
.stage { flex: 0 0 auto; }
#table { position: relative; width: 820px; height: 480px; }
.felt { position: absolute; inset: 56px 86px; border-radius: 50% / 50%;
  background: radial-gradient(ellipse at center, var(--felt) 0%, var(--felt-dark) 100%);
  border: 16px solid var(--rail); box-shadow: 0 0 0 3px #2b1a0c, 0 10px 30px #0008 inset; }
.centre { position: absolute; left: 50%; top: 53%; transform: translate(-50%, -50%);
  text-align: center; width: 380px; }
.pot-line { margin-top: 8px; font-weight: 600; font-size: 16px; }
#message { margin-top: 6px; min-height: 2.8em; color: #e8e2cf; font-size: 13px; }
#result { margin: 10px 0 0; padding: 8px 12px; list-style: none; font-size: 13px;
  color: #ffe08a; background: #242a31; border-radius: 10px; max-width: 820px; }
#result .site { color: #c9d3dd; }
#result .site.h { margin-top: 6px; padding-top: 6px; border-top: 1px solid #3a424b; }
.cards { display: flex; gap: 4px; justify-content: center; min-height: 58px; }
.card { width: 40px; height: 56px; border-radius: 5px; background: #fdfdfb; color: #111;
  box-shadow: 0 1px 3px #0009; display: flex; flex-direction: column; align-items: center;
  justify-content: center; font-weight: 700; line-height: 1; }
.card b { font-size: 17px; } .card i { font-style: normal; font-size: 20px; }
.card.suit-h { color: #c8102e; } .card.suit-d { color: #1565c0; }
.card.suit-c { color: #1b7f3a; } .card.suit-s { color: #111; }
.card.down { transform: translateY(6px); opacity: .85; }
.card.back { background: repeating-linear-gradient(45deg, #8b1e2d 0 4px, #a83244 4px 8px);
  border: 2px solid #fdfdfb; }
.seat { position: absolute; transform: translate(-50%, -50%); width: 150px;
  text-align: center; }
.seat .cards { min-height: 56px; }
.seat .card { width: 32px; height: 45px; } .seat .card b { font-size: 14px; }
.seat .card i { font-size: 16px; }
.plate { margin-top: -8px; position: relative; background: #111a; border: 2px solid #444;
  border-radius: 10px; padding: 3px 6px; }
.plate .name { display: block; font-weight: 600; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.plate .stack { display: block; color: #ffe08a; font-variant-numeric: tabular-nums; }
.note { font-size: 12px; color: #d9d3c0; min-height: 1.4em; }
.seat.acting .plate { border-color: #ffd54a; box-shadow: 0 0 10px #ffd54a; }
.seat.won .plate { border-color: #ffb300; background: #3b2b00d0; }
.seat.folded { opacity: .45; }
.seat.all-in .plate::after { content: "ALL-IN"; position: absolute; right: -6px; top: -9px;
  background: #c62828; color: #fff; font-size: 10px; padding: 1px 4px; border-radius: 4px; }
.dealer { position: absolute; left: -14px; top: 8px; width: 22px; height: 22px;
  border-radius: 50%; background: #fff; color: #111; font-weight: 700; font-size: 12px;
  line-height: 22px; box-shadow: 0 1px 3px #000a; }
.bet { position: absolute; transform: translate(-50%, -50%); background: #0008;
  border-radius: 12px; padding: 1px 8px 1px 4px; font-size: 12px; white-space: nowrap; }
.bet::before { content: ""; display: inline-block; width: 11px; height: 11px;
  border-radius: 50%; margin-right: 4px; vertical-align: -1px; background: #e53935;
  border: 2px dashed #fff; }
.bet:empty { display: none; }
nav { display: flex; gap: 8px; justify-content: center; align-items: center; margin-top: 6px; }
button { background: #2d3540; color: var(--ink); border: 1px solid #4a5563;
  border-radius: 6px; padding: 6px 12px; font: inherit; cursor: pointer; }
button:hover:not(:disabled) { background: #3a4452; } button:disabled { opacity: .4; }
#step { min-width: 90px; text-align: center; color: #b9b4a6; }
aside { flex: 1 1 300px; max-width: 420px; background: #242a31; border-radius: 10px;
  padding: 10px 14px; max-height: 560px; overflow-y: auto; }
aside h2 { font-size: 14px; margin: 0 0 6px; color: #b9b4a6; font-weight: 600; }
#log { list-style: none; margin: 0; padding: 0; font-size: 13px; }
#log li { padding: 1px 0 1px 12px; } #log li.h { padding-left: 0; font-weight: 600;
  color: #9fd3a8; margin-top: 4px; }
#log li.now { background: #3a3420; border-radius: 4px; }
.hint { color: #7d8691; font-size: 12px; margin-top: 8px; }
"""

JS = """
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("hand-data").textContent);
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const SUITS = { c: "\\u2663", d: "\\u2666", h: "\\u2665", s: "\\u2660" };
  const card = (text, up) => {
    if (text === "??") return Object.assign(el("span", "card back"), { title: "not shown" });
    const e = el("span", "card suit-" + text[1] + (up ? "" : " down"));
    e.title = text + (up ? "" : " (face down)");
    e.append(el("b", "", text[0] === "T" ? "10" : text[0]), el("i", "", SUITS[text[1]]));
    return e;
  };
  const table = $("table"), log = $("log"), seats = [], bets = [];
  for (const s of data.seats) {
    const seat = el("div", "seat");
    seat.dataset.seat = s.seat;
    seat.style.left = s.x + "%"; seat.style.top = s.y + "%";
    const plate = el("div", "plate");
    plate.append(el("span", "name", s.name), el("span", "stack"));
    plate.title = s.title;
    if (s.button) plate.append(el("span", "dealer", "D"));
    seat.append(el("div", "cards"), plate, el("div", "note"));
    const bet = el("div", "bet");
    bet.dataset.bet = s.seat;
    bet.style.left = s.bx + "%"; bet.style.top = s.by + "%";
    table.append(seat, bet);
    seats.push(seat); bets.push(bet);
  }
  const items = [];
  data.steps.forEach((step, i) => {
    for (const line of step.log) {
      const li = el("li", line.startsWith("  ") ? "" : "h", line.trim());
      li.dataset.step = i;
      log.append(li); items.push(li);
    }
  });
  for (const line of data.awards) $("result").append(el("li", "", line));
  data.site.forEach((line, i) => $("result").append(el("li", i ? "site" : "site h", line)));
  const last = data.steps.length - 1;
  let k = 0;
  function show(n) {
    k = Math.max(0, Math.min(last, n));
    const step = data.steps[k];
    $("pot").textContent = step.pot;
    $("board").replaceChildren(...step.board.map((c) => card(c, true)));
    step.seats.forEach((s, i) => {
      const seat = seats[i];
      seat.className = "seat" + (s.state ? " " + s.state : "") +
        (data.seats[i].seat === step.actor ? " acting" : "");
      seat.querySelector(".stack").textContent = s.stack;
      seat.querySelector(".note").textContent = s.note;
      seat.querySelector(".cards").replaceChildren(...s.cards.map(([c, up]) => card(c, up)));
      bets[i].textContent = s.bet;
    });
    let now = null;
    for (const li of items) {
      const i = Number(li.dataset.step);
      li.hidden = i > k;
      li.classList.toggle("now", i === k);
      if (i === k) now = li;
    }
    if (now) now.scrollIntoView({ block: "nearest" });
    $("message").textContent = step.message;
    $("result").hidden = k !== last;
    $("step").textContent = k + " / " + last;
    $("step").dataset.step = k;
    $("step").dataset.event = step.event;
    $("start").disabled = $("prev").disabled = k === 0;
    $("end").disabled = $("next").disabled = k === last;
  }
  $("start").onclick = () => show(0);
  $("prev").onclick = () => show(k - 1);
  $("next").onclick = () => show(k + 1);
  $("end").onclick = () => show(last);
  document.addEventListener("keydown", (e) => {
    const to = { ArrowRight: k + 1, ArrowLeft: k - 1, Home: 0, End: last }[e.key];
    if (to !== undefined && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      show(to);
    }
  });
  show(0);
})();
"""

BODY = """<header><h1 id="title">{title}</h1><p id="subtitle">{subtitle}</p></header>
<main>
<section class="stage">
<div id="table">
<div class="felt"></div>
<div class="centre">
<div id="board" class="cards"></div>
<div class="pot-line">Pot <span id="pot"></span></div>
<div id="message" aria-live="polite"></div>
</div>
</div>
<nav>
<button id="start" title="Start (Home)">&#xAB; Start</button>
<button id="prev" title="Back one action (&#x2190;)">&#x25C0; Prev</button>
<span id="step"></span>
<button id="next" title="On one action (&#x2192;)">Next &#x25B6;</button>
<button id="end" title="End (End)">End &#xBB;</button>
</nav>
<ul id="result" hidden></ul>
<p class="hint">&#x2190; and &#x2192; step through the hand; Home and End jump.</p>
</section>
<aside><h2>Actions</h2><ol id="log"></ol></aside>
</main>
"""

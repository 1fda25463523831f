// The table screen: draws the state the server sends (solo.text.page) and sends answers back.
"use strict";
const T = new URLSearchParams(location.search).get("t");
const q = (path, more) => path + (T || more ? "?" + new URLSearchParams(
  Object.assign({}, T ? {t: T} : {}, more || {})) : "");
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const ZW = 100, HEAD = 17, CHIP = 24, GAP = 3;
let state = null, sent = null, note = "", replayAt = null;

function el(tag, attrs, text, ns) {
  const e = ns ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
function short(card, room) {
  card = card.split(",")[0];
  if (card.length <= room) return card;
  const words = card.split(" ");
  const last = words[words.length - 1];
  if (words.length > 1 && last.length + 2 <= room) return words[0][0] + ". " + last.slice(0, room - 3);
  return card.slice(0, room - 1) + "…";
}
function sideClass(p) { return p.side === "dm" ? "dm" : p.side === "ym" ? "ym" : "other"; }
function numbers(p) { return p.life === null || p.life === undefined ? "" : `${p.damage}/${p.life}`; }
function label(p) {
  if (p.kind === "mage") return p.side.toUpperCase();
  const m = /-(\d+)$/.exec(p.id);
  return m ? m[1] : p.id;
}

function flagsOf(p) {
  return [p.guarding ? "guard" : "", p.flying ? "flying" : "",
          ...p.conditions.map((x) => x.name + (x.count > 1 ? " " + x.count : "")),
          p.enchantments.length ? "+" + p.enchantments.length + " ench" : "",
          p.hidden ? "+" + p.hidden.length + " hidden" : ""].filter(Boolean).join(" ");
}
function chipHeight(p) { return flagsOf(p) ? CHIP + 13 : CHIP; }

function drawArena(b) {
  const svg = $("arena");
  svg.replaceChildren();
  const per = {};
  for (const p of b.pieces) (per[p.zone] = per[p.zone] || []).push(p);
  const tall = (z) => (per[z] || []).reduce((h, p) => h + chipHeight(p) + GAP, 0);
  const rowH = b.zones.map((row) => Math.max(84, HEAD + 6 + Math.max(0, ...row.map(tall))));
  const top = [0]; for (const h of rowH) top.push(top[top.length - 1] + h);
  const W = b.columns * ZW, H = top[top.length - 1];
  svg.setAttribute("viewBox", `-2 -2 ${W + 4} ${H + 4}`);
  const where = {}, fits = [];
  b.zones.forEach((row, r) => row.forEach((z, c) => {
    where[z] = {c, r};
    const g = el("g", {class: "zonebox", "data-zone": z}, null, true);
    g.append(el("rect", {class: "zone", x: c * ZW, y: top[r], width: ZW, height: rowH[r], rx: 4}, null, true));
    g.append(el("text", {class: "zname", x: c * ZW + 4, y: top[r] + 12}, z, true));
    let y = top[r] + HEAD;
    for (const p of per[z] || []) {
      const cls = ["chip", sideClass(p), p.active === false ? "inactive" : ""].join(" ");
      const chip = el("g", {class: cls, "data-id": p.id, "data-zone": p.zone, "data-damage": p.damage,
        "data-life": p.life === null ? "" : p.life}, null, true);
      chip.append(el("rect", {x: c * ZW + 3, y, width: ZW - 6, height: chipHeight(p), rx: 5}, null, true));
      const nums = numbers(p), flags = flagsOf(p);
      const t = el("text", {x: c * ZW + 7, y: y + 17}, null, true);
      t.append(el("tspan", {class: "num"}, label(p) + " ", true));
      const name = el("tspan", {}, "", true);
      t.append(name);
      t.append(el("tspan", {class: "num"}, nums, true));
      chip.append(t);
      if (flags) {
        const f = el("text", {class: "flags", x: c * ZW + 7, y: y + 33}, flags, true);
        chip.append(f);
        fits.push([f, null, flags]);
      }
      chip.append(el("title", {}, `${p.id} ${p.card} ${nums} ${p.marks}`, true));
      g.append(chip);
      fits.push([t, name, p.kind === "mage" ? "" : p.card]);
      y += chipHeight(p) + GAP;
    }
    svg.append(g);
  }));
  // each chip's name as long as its row holds (measured once drawn)
  for (const [t, name, card] of fits) {
    if (!card) continue;
    for (let room = card.length; room >= 2; room--) {
      if (name) name.textContent = short(card, room) + " ";
      else t.textContent = room < card.length ? card.slice(0, room - 1) + "…" : card;
      if (t.getComputedTextLength() <= ZW - 11) break;
    }
  }
  const piles = $("piles");
  piles.replaceChildren();
  piles.append("DM decks: ");
  for (const [k, v] of Object.entries(b.decks)) { piles.append(el("b", {}, `${k} ${v}`)); piles.append(" · "); }
  const dis = Object.entries(b.discards).filter(([, v]) => v.length);
  piles.append(dis.length ? "discards: " + dis.map(([k, v]) => `${k}: ${v.join(", ")}`).join("; ")
                          : "no discards");
}

function drawZones(b) {
  const box = $("zones");
  box.replaceChildren(el("h2", {}, "Zone by zone"));
  const per = {};
  for (const p of b.pieces.concat(b.walls)) (per[p.zone] = per[p.zone] || []).push(p);
  for (const row of b.zones) for (const z of row) {
    if (!per[z]) continue;
    const d = el("div", {class: "z"}); d.append(el("b", {}, z));
    per[z].forEach((p, i) => {
      if (i) d.append(" · ");
      const bits = [p.kind === "mage" ? (p.side === "dm" ? "Dummy Mage" : "You") : p.id, p.card, numbers(p), p.marks];
      if (p.border) bits.push("wall to " + p.border);
      if (p.enchantments.length) bits.push("(" + p.enchantments.join(", ") + ")");
      if (p.hidden) bits.push("[hidden: " + p.hidden.join(", ") + "]");
      d.append(el("span", {class: "p " + sideClass(p)}, bits.filter(Boolean).join(" ")));
    });
    box.append(d);
  }
}

function drawLine(parts) {
  const span = el("span", {class: "line"});
  for (const part of parts) {
    if (part.text !== undefined) { span.append(part.text); continue; }
    const f = part.face;
    const cls = part.die === "attack" ? (f === "-" ? "blank" : f.endsWith("*") ? "crit" : "")
                                      : part.die;
    span.append(el("span", {class: "die " + cls, title: part.die}, f === "-" ? "–" : f));
  }
  return span;
}

function drawSteps(steps) {
  $("log").querySelector("h2").textContent = state && state.replay ? "This step" : "Since your last answer";
  const ol = $("steps");
  ol.replaceChildren();
  for (const s of steps) {
    const li = el("li", {value: s.n, class: s.who});
    li.append(el("span", {class: "label"}, s.label));
    for (const parts of s.lines) li.append(drawLine(parts));
    ol.append(li);
  }
  $("log").hidden = !steps.length;
}

async function answer(seq, given) {
  sent = seq; note = "";
  drawAsk();
  let reply;
  try {
    reply = await fetch(q("answer"), {method: "POST", headers: {"Content-Type": "application/json"},
                                       body: JSON.stringify({seq, answer: given})});
  } catch (err) { sent = null; note = "Not sent: the connection is down."; drawAsk(); return; }
  if (!reply.ok) {
    const body = await reply.json().catch(() => ({}));
    note = body.error === "already answered" ? "Already answered (at the terminal): here is the next question." : (body.error || "refused");
    sent = null;
    drawAsk();
  }
}

function button(text, cls, onClick) {
  const b = el("button", {type: "button", class: cls || ""}, text);
  b.addEventListener("click", onClick);
  return b;
}

function drawAsk() {
  const box = $("ask");
  box.replaceChildren();
  if (!state) { box.append(el("p", {class: "waiting"}, "Loading…")); return; }
  const p = state.question;
  if (state.replay) {
    box.append(el("p", {class: "waiting"}, `Replay of ${state.game}: after step ${state.replay.step} of ${state.replay.of}.`));
    return;
  }
  if (!p || !p.question) {
    if (state.over) {
      box.append(el("h2", {}, "The game is over"));
      for (const line of state.end) box.append(el("p", {class: "said"}, line));
    } else if (state.waiting) {
      box.append(el("p", {class: "waiting"}, "Waiting for a game to start…"));
    } else {
      box.append(el("p", {class: "waiting"}, state.played ? "The terminal is asking (the next question shows here)…"
        : `Nobody plays this game now: solo play --resume --name ${state.game}, or solo screen --name ${state.game}.`));
    }
    if (note) box.append(el("p", {class: "note"}, note));
    return;
  }
  const Q = p.question;
  box.dataset.seq = p.seq;
  for (const s of Q.said || []) box.append(el("p", {class: "said"}, s));
  box.append(el("h2", {id: "question", "data-qid": Q.id}, Q.message));
  if (p.answer !== null || sent === p.seq) {
    box.append(el("p", {class: "waiting"}, p.by === "terminal" ? "Answered at the terminal…" : "Answered…"));
    return;
  }
  const choices = el("div", {class: "choices"});
  const plain = Q.choices.filter((c) => !c.escape);
  if (Q.kind === "select") {
    for (const c of plain)
      choices.append(button(c.title, "choice" + (c.i === Q.default ? " default" : ""), () => answer(p.seq, {choice: c.i})));
  } else if (Q.kind === "confirm") {
    choices.append(button("Yes", "choice" + (Q.value !== false ? " default" : ""), () => answer(p.seq, {text: "yes"})));
    choices.append(button("No", "choice" + (Q.value === false ? " default" : ""), () => answer(p.seq, {text: "no"})));
  } else if (Q.kind === "int" && Q.min !== null && Q.max !== null && Q.max - Q.min <= 12) {
    for (let n = Q.min; n <= Q.max; n++)
      choices.append(button(String(n), "choice" + (n === Q.value ? " default" : ""), () => answer(p.seq, {text: String(n)})));
  } else {
    const form = el("form", {});
    const input = el("input", {id: "typed", name: "typed", type: Q.kind === "int" ? "number" : "text",
                               value: Q.value === null || Q.value === undefined ? "" : Q.value, autocomplete: "off"});
    if (Q.kind === "autocomplete") {
      const list = el("datalist", {id: "typed-list"});
      for (const c of plain) list.append(el("option", {value: c.title}));
      input.setAttribute("list", "typed-list");
      form.append(list);
    }
    form.append(input);
    form.append(button("OK", "choice default", () => form.requestSubmit()));
    form.addEventListener("submit", (e) => { e.preventDefault(); answer(p.seq, {text: input.value}); });
    choices.append(form);
  }
  for (const c of Q.choices.filter((c) => c.escape === "undo"))
    choices.append(button("Undo the last step", "undo", () => answer(p.seq, {choice: c.i})));
  box.append(choices);
  if (p.error) box.append(el("p", {class: "error"}, p.error));
  if (note) box.append(el("p", {class: "note"}, note));
}

// when each step reached the page (the browser test measures commit -> page with it)
window.arrivals = {};
function render(s) {
  state = s;
  if (s.step !== undefined && !(s.step in window.arrivals)) window.arrivals[s.step] = Date.now();
  document.body.dataset.step = s.step === undefined ? "" : s.step;
  document.body.dataset.version = s.version;
  if (s.status) {
    $("life-ym").textContent = s.status.life.ym ?? "?";
    $("life-dm").textContent = s.status.life.dm ?? "?";
    $("round").textContent = `Round ${s.status.round}`;
    $("stage").textContent = `${s.status.stage} · initiative ${s.status.initiative.toUpperCase()}`;
  }
  if (s.board) { drawArena(s.board); drawZones(s.board); }
  drawSteps(s.steps || []);
  if (s.replay) {
    $("replay").hidden = false;
    replayAt = s.replay.step;
    $("replay-at").textContent = `step ${s.replay.step} / ${s.replay.of}`;
  }
  drawAsk();
}

async function load(step) {
  const r = await fetch(q("state", step === undefined ? null : {step}));
  const s = await r.json();
  render(s);
  return s;
}

// The event stream.  The browser reconnects a dropped stream by itself, but not always: a
// reconnection can hang (a phone's Wi-Fi changing, a server that took the request and died), and
// a connection can go silent without ever failing.  So a watchdog opens a new stream when the
// page has been cut off for RECONNECT ms, or has heard nothing, not even the server's heartbeat
// (every 10 s), for SILENT ms.
const RECONNECT = 3000, SILENT = 25000;
let stream = null, heard = 0, cut = null;
// while the connection is down the board is greyed out and cannot be answered: never a stale
// board taken for the game's
function down(yes) {
  $("banner").hidden = !yes;
  document.body.classList.toggle("stale", yes);
  cut = yes ? (cut ?? Date.now()) : null;
}
function live() {
  if (stream) stream.close();
  const es = stream = new EventSource(q("events"));
  heard = Date.now();
  const mine = (f) => (e) => { if (es === stream) f(e); };  // an old stream's events are ignored
  es.onopen = mine(() => { heard = Date.now(); down(false); });
  es.addEventListener("ping", mine(() => { heard = Date.now(); }));
  es.onmessage = mine((e) => {
    heard = Date.now(); down(false); note = sent === null ? note : ""; sent = null;
    render(JSON.parse(e.data));
  });
  es.onerror = mine(() => {
    down(true);
    // a refused or failed stream is closed for good by the browser: open a new one
    if (es.readyState === EventSource.CLOSED) setTimeout(() => { if (es === stream) live(); }, 1000);
  });
}
function watchdog() {
  if (!stream) return;
  const now = Date.now();
  if ((cut !== null && now - cut > RECONNECT) || (cut === null && now - heard > SILENT)) {
    down(true);
    cut = now;  // the new stream gets its own RECONNECT ms
    live();
  }
}
setInterval(watchdog, 1000);

$("lookup").addEventListener("submit", async (e) => {
  e.preventDefault();
  const r = await fetch(q("lookup", {q: $("term").value}));
  $("lookup-text").textContent = (await r.json()).text;
});
$("prev").addEventListener("click", () => load(Math.max(0, replayAt - 1)));
$("next").addEventListener("click", () => load(replayAt + 1));
document.addEventListener("keydown", (e) => {
  if (e.key === "r" && document.activeElement.tagName !== "INPUT") { e.preventDefault(); $("term").focus(); }
});

load().then((s) => { if (!s.replay) live(); }).catch(() => { $("banner").hidden = false; live(); });

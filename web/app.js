// The web board's page. It holds no rules: the legal moves, the refusals and their reasons, the
// results and the position text all come from the server's JSON API.

import * as board from "./board.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const seat = params.get("seat");

const ui = {
  game: null, // the game's JSON
  links: new Map(), // node -> its links
  ply: null, // the ply shown; null: the latest
  picked: null, // the picked origin (a node, or `TOKEN@` for a drop)
  focus: null, // the node with the keyboard focus
  rotation: null, // polar boards: the angle drawn
  flipped: false, // grid boards: turned half round
  inspecting: false,
  events: null,
  prompt: null, // the open chooser: the game and version its choices were made for
};

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({ message: `${res.status} ${res.statusText}` }));
  if (!res.ok) {
    const err = new Error(data.message || res.statusText);
    err.data = data;
    throw err;
  }
  return data;
}

const seatQuery = () => (seat ? `?seat=${encodeURIComponent(seat)}` : "");

/** Puts a server's text into `el`: a `quoted` part as code, never with its backticks. */
function setText(el, text) {
  el.replaceChildren();
  String(text).split("`").forEach((part, i) => {
    if (i % 2 === 0) {
      el.append(part);
    } else {
      const code = document.createElement("code");
      code.textContent = part;
      el.appendChild(code);
    }
  });
}

function say(text, kind = "info") {
  const m = $("message");
  setText(m, text);
  m.className = kind;
}

async function start() {
  const { variants, watch } = await api("/api/variants");
  const select = $("variant");
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v.id;
    o.textContent = v.name || v.file;
    select.appendChild(o);
  }
  if (watch) document.body.classList.add("author");
  let id = params.get("game");
  const variant = Number(params.get("variant") || 0);
  select.value = String(variant);
  // The computer's seat for New game: the players of the variant chosen.
  const seats = () => {
    const v = variants.find((x) => String(x.id) === select.value);
    const computer = $("computer");
    computer.replaceChildren(new Option("nobody", ""));
    for (const name of (v && v.players) || []) computer.appendChild(new Option(name, name));
  };
  seats();
  select.addEventListener("change", seats);
  if (!id) {
    try {
      id = (await api("/api/games", { variant })).id;
    } catch (e) {
      showProblems(e.data && e.data.problems, e.message);
      // Author mode: a variant broken from the start; try again until it loads.
      if (e.data && e.data.error === "variant_broken") setTimeout(() => location.reload(), 1000);
      return;
    }
    params.set("game", id);
    history.replaceState(null, "", `?${params}`);
  }
  await open(id);
}

async function open(id) {
  const game = await api(`/api/games/${id}`);
  // A shared link names the game only: the list shows its variant, which New game then starts.
  $("variant").value = String(game.variant);
  const label = [];
  if (seat) label.push(`playing for ${seat}`);
  if (game.computer && game.computer.length) label.push(`the computer plays ${game.computer.join(", ")}`);
  $("seat-label").textContent = label.join(" · ");
  if (game.computer && game.computer.length === 1) $("computer").value = game.computer[0];
  await loadBoard(game.variant);
  const me = game.players.findIndex((p) => p.name.toLowerCase() === (seat || "").toLowerCase());
  ui.rotation = me >= 0 ? game.players[me].rotation : game.rotation;
  ui.flipped = !game.polar && me > 0 && me % 2 === 1;
  await show(game);
  listen(id);
}

async function loadBoard(variant) {
  try {
    const b = await api(`/api/variants/${variant}/board`);
    ui.links = new Map(b.nodes.map((n) => [n.name, n.links]));
  } catch {
    // A broken variant (author mode) has no board until it is fixed.
  }
}

function listen(id) {
  if (ui.events) ui.events.close();
  ui.events = new EventSource(`/api/games/${id}/events`);
  ui.events.addEventListener("change", () => refresh());
}

async function refresh() {
  try {
    const game = await api(`/api/games/${ui.game.id}`);
    if (game.version !== ui.game.version) {
      if (ui.links.size === 0 || game.broken !== ui.game.broken) await loadBoard(game.variant);
      await show(game);
    }
  } catch (e) {
    say(e.message, "error");
  }
}

function showProblems(problems, message) {
  const box = $("problems");
  box.replaceChildren();
  const h = document.createElement("h2");
  setText(h, message || "The variant does not load");
  box.appendChild(h);
  const list = document.createElement("ul");
  for (const p of problems || []) {
    const li = document.createElement("li");
    li.className = `problem ${p.severity}`;
    li.innerHTML = `<code class="code"></code> <span class="location"></span>: <span class="text"></span>`;
    li.querySelector(".code").textContent = `${p.severity}[${p.code}]`;
    li.querySelector(".location").textContent = p.location;
    setText(li.querySelector(".text"), p.message);
    if (p.help) {
      const help = document.createElement("div");
      help.className = "help";
      setText(help, `help: ${p.help}`);
      li.appendChild(help);
    }
    list.appendChild(li);
  }
  box.appendChild(list);
  box.hidden = false;
  $("board").hidden = true;
}

async function show(game) {
  // Choices made for another position: the other seat moved, a move was taken back, the game
  // ended or another game came.
  const p = ui.prompt;
  if (p && (p.id !== game.id || p.version !== game.version || !game.to_move)) {
    closePrompt();
    ui.picked = null;
  }
  const latest = !ui.game || ui.ply === null || ui.game.id !== game.id;
  ui.game = game;
  if (latest || ui.ply >= game.ply) ui.ply = null;
  $("title").textContent = game.variant_name;
  document.title = `${game.variant_name} · chessgraph`;
  if (game.broken) {
    showProblems(game.problems, "The variant's files are broken: fix them and the board comes back");
  } else {
    $("problems").hidden = true;
    $("board").hidden = false;
  }
  showStatus();
  showMoves();
  showHands();
  await showPosition();
  await draw();
}

/** The position text of the position shown (an earlier one after ◀), for the field and Copy. */
async function showPosition() {
  let text = ui.game.position;
  if (ui.ply !== null) {
    try {
      text = (await api(`/api/games/${ui.game.id}/position?ply=${ui.ply}`)).position;
    } catch (e) {
      say(e.message, "error");
    }
  }
  $("position").value = text;
}

function showStatus() {
  const g = ui.game;
  const out = g.players.filter((p) => p.out).map((p) => p.name);
  const computer = g.to_move && (g.computer || []).includes(g.to_move) ? " (computer, thinking)" : "";
  let s = g.to_move ? `${g.to_move}${computer} to move${g.check ? ", in check" : ""}` : "game over";
  if (out.length) s += ` · out: ${out.join(", ")}`;
  if (g.captured) s += ` · captured: ${g.captured}`;
  if (ui.ply !== null) s += ` · showing the position after move ${ui.ply} (go to the last to play)`;
  $("status").textContent = s;
  $("result").textContent = g.result ? `Result: ${g.result}` : "";
  const events = (g.last_move && g.last_move.events) || [];
  if (events.length) say(events.join("; "));
}

function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  for (const m of ui.game.moves) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `${m.mover} ${m.text}`;
    b.setAttribute("aria-label", `move ${m.ply}: ${m.mover} ${m.text}`);
    if ((ui.ply ?? ui.game.ply) === m.ply) b.setAttribute("aria-current", "step");
    b.addEventListener("click", () => view(m.ply));
    li.appendChild(b);
    list.appendChild(li);
  }
}

function showHands() {
  const box = $("hands");
  box.replaceChildren();
  for (const p of ui.game.players) {
    if (!p.hand.length) continue;
    const row = document.createElement("div");
    row.className = "hand";
    row.append(`${p.name}'s hand: `);
    for (const h of p.hand) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "hand-piece";
      b.textContent = `${h.token} ×${h.count}`;
      b.setAttribute("aria-label", `drop ${h.name} (${h.count} in hand)`);
      const mine = !seat || seat.toLowerCase() === p.name.toLowerCase();
      b.disabled = p.name !== ui.game.to_move || !mine;
      b.addEventListener("click", () => pick(`${h.token}@`));
      row.appendChild(b);
    }
    box.appendChild(row);
  }
}

async function view(ply) {
  closePrompt();
  ui.ply = ply >= ui.game.ply ? null : Math.max(0, ply);
  ui.picked = null;
  showStatus();
  showMoves();
  await showPosition();
  await draw();
}

function svgQuery() {
  const q = new URLSearchParams();
  if (ui.ply !== null) q.set("ply", ui.ply);
  if (ui.game.polar && ui.rotation !== null) q.set("rotate", ui.rotation);
  return q.toString();
}

async function draw() {
  if (ui.game.broken) return;
  const res = await fetch(`/api/games/${ui.game.id}/svg?${svgQuery()}`);
  if (!res.ok) return;
  const holder = $("board");
  // A keyboard player keeps the focus where it was when the picture is redrawn.
  const hadFocus = holder.contains(document.activeElement);
  holder.innerHTML = await res.text();
  holder.classList.toggle("flipped", ui.flipped);
  const svg = holder.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  for (const cell of svg.querySelectorAll("path.cell[data-node]")) {
    const node = cell.getAttribute("data-node");
    cell.setAttribute("tabindex", node === ui.focus ? "0" : "-1");
    cell.setAttribute("role", "button");
    cell.querySelector("title")?.remove();
  }
  const first = svg.querySelector("path.cell[data-node]");
  if (!ui.focus || !svg.querySelector(`path.cell[data-node="${CSS.escape(ui.focus)}"]`)) {
    ui.focus = first && first.getAttribute("data-node");
    if (first) first.setAttribute("tabindex", "0");
  }
  if (hadFocus && ui.focus) focusNode(ui.focus);
  mark();
}

/** The legal moves from the picked origin (none when looking at an earlier position). */
function choices() {
  if (!ui.picked || ui.ply !== null) return [];
  return ui.game.legal[ui.picked] || [];
}

function mark() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  board.clearMarks(svg);
  const dests = new Map(choices().map((c) => [c.to, c]));
  if (ui.picked && !ui.picked.endsWith("@")) board.markPicked(svg, ui.picked);
  board.markDestinations(svg, choices());
  for (const cell of svg.querySelectorAll("path.cell[data-node]")) {
    const node = cell.getAttribute("data-node");
    const piece = board.pieceTitle(svg, node);
    const d = dests.get(node);
    let extra = d ? (d.capture ? ", capture" : ", legal destination") : "";
    if (ui.ply === null && (ui.game.ending_squares || []).includes(node)) extra += ", named by the result";
    cell.setAttribute("aria-label", `${node}: ${piece || "empty"}${extra}${ui.picked === node ? ", picked" : ""}`);
  }
}

function pick(origin) {
  ui.picked = origin;
  const list = choices();
  if (origin.endsWith("@")) say(`drop ${origin.slice(0, -1)}: ${list.length} place(s)`);
  mark();
}

/** A click (or Enter, or a drop after a drag) on a node. */
async function choose(node) {
  if (ui.inspecting) return inspect(node);
  if (ui.ply !== null) {
    say("this is an earlier position: go to the last move to play", "error");
    return;
  }
  if (ui.picked === node) {
    ui.picked = null;
    return mark();
  }
  if (!ui.picked) {
    const svg = $("board").querySelector("svg");
    if (ui.game.legal[node] || board.pieceTitle(svg, node)) pick(node);
    return;
  }
  const here = choices().filter((c) => c.to === node);
  if (here.length === 0 && ui.game.legal[node]) return pick(node);
  // Several moves to one node (promotions, or castlings alike for the king): the player chooses.
  if (here.length > 1) return promote(here);
  const text = here.length ? here[0].text : `${ui.picked.endsWith("@") ? ui.picked : `${ui.picked}-`}${node}`;
  await send(text);
}

function promote(options) {
  const box = $("chooser");
  box.replaceChildren();
  const prompt = { id: ui.game.id, version: ui.game.version };
  ui.prompt = prompt;
  const label = document.createElement("span");
  label.textContent = options.some((c) => c.promotion) ? "Promote to: " : "Which move: ";
  box.appendChild(label);
  for (const c of options) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "promotion";
    if (c.promotion) {
      // The letter as position text writes it, and the piece's name beside it.
      const token = document.createElement("span");
      token.className = "token";
      token.textContent = c.promotion;
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = c.promotion_name || "";
      b.append(token, " ", name);
    } else {
      b.textContent = options.some((o) => o.promotion) ? "none" : c.text;
    }
    const what = c.promotion ? `promote to ${c.promotion_name || c.promotion} (${c.text})` : c.text;
    b.setAttribute("aria-label", what);
    b.addEventListener("click", () => {
      // A choice from a prompt that has been closed (or replaced) is never sent.
      if (ui.prompt !== prompt) return;
      closePrompt();
      send(c.text, prompt.version);
    });
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", closePrompt);
  box.appendChild(cancel);
  box.hidden = false;
  box.querySelector("button").focus();
}

/** Closes the chooser: its choices belong to the position it was opened in. */
function closePrompt() {
  ui.prompt = null;
  const box = $("chooser");
  box.hidden = true;
  box.replaceChildren();
}

/** Plays a move chosen in the game's `version` (the server refuses it if the game has changed
 * since: the player chose in a position that is gone). */
async function send(text, version = ui.game.version) {
  ui.picked = null;
  try {
    const game = await api(`/api/games/${ui.game.id}/moves${seatQuery()}`, { move: text, version });
    say(`played ${game.last_move.text}`);
    await show(game);
  } catch (e) {
    say(`refused: ${e.message}`, "error");
    mark();
  }
}

async function inspect(node) {
  const svg = $("board").querySelector("svg");
  try {
    const info = await api(`/api/games/${ui.game.id}/inspect?node=${encodeURIComponent(node)}`);
    board.clearMarks(svg);
    board.markLinks(svg, node, info.links);
    board.markDestinations(svg, info.destinations);
    const box = $("inspector");
    box.hidden = false;
    const lines = info.links.map((l) =>
      `${l.direction} → ${l.to}${l.twist ? ` (twist ${l.twist})` : ""}${l.tags.length ? ` [${l.tags.join(", ")}]` : ""}`);
    const piece = info.piece ? `${info.piece.owner} ${info.piece.kind}: ${info.destinations.map((d) => d.text).join(" ") || "no move"}` : "empty";
    box.textContent = `${info.node} (${piece})\n${lines.join("\n")}`;
  } catch (e) {
    say(e.message, "error");
  }
}

function keyboard(ev) {
  const svg = $("board").querySelector("svg");
  if (!svg || !ui.focus) return;
  const dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (dirs[ev.key]) {
    ev.preventDefault();
    const [dx, dy] = dirs[ev.key];
    const next = board.neighbour(svg, ui.focus, ui.links.get(ui.focus) || [], dx, dy);
    if (next) focusNode(next);
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    choose(ui.focus);
  } else if (ev.key === "Escape") {
    ui.picked = null;
    mark();
  }
}

function focusNode(node) {
  const svg = $("board").querySelector("svg");
  const old = svg.querySelector(`path.cell[tabindex="0"]`);
  if (old) old.setAttribute("tabindex", "-1");
  const cell = svg.querySelector(`path.cell[data-node="${CSS.escape(node)}"]`);
  ui.focus = node;
  cell.setAttribute("tabindex", "0");
  cell.focus();
}

function pointers() {
  const holder = $("board");
  let press = null;
  holder.addEventListener("pointerdown", (ev) => {
    const cell = ev.target.closest ? board.nodeAt(ev.clientX, ev.clientY) : null;
    if (!cell || ev.button !== 0) return;
    press = { node: cell, x: ev.clientX, y: ev.clientY, drag: null, id: ev.pointerId };
  });
  holder.addEventListener("pointermove", (ev) => {
    if (!press || ev.pointerId !== press.id) return;
    const far = Math.hypot(ev.clientX - press.x, ev.clientY - press.y) > 6;
    const svg = holder.querySelector("svg");
    if (!press.drag && far && !ui.inspecting && ui.ply === null) {
      const piece = svg.querySelector(`g.piece[data-node="${CSS.escape(press.node)}"]`);
      if (!piece) return;
      holder.setPointerCapture(ev.pointerId);
      if (ui.picked !== press.node) pick(press.node);
      press.drag = piece;
      piece.classList.add("dragging");
    }
    if (press.drag) {
      const m = svg.getScreenCTM().inverse();
      const a = new DOMPoint(press.x, press.y).matrixTransform(m);
      const b = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
      press.drag.setAttribute("transform", `translate(${b.x - a.x} ${b.y - a.y})`);
    }
  });
  holder.addEventListener("pointerup", (ev) => {
    if (!press || ev.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (p.drag) {
      p.drag.style.display = "none";
      const target = board.nodeAt(ev.clientX, ev.clientY);
      p.drag.style.display = "";
      p.drag.removeAttribute("transform");
      p.drag.classList.remove("dragging");
      if (target && target !== p.node) choose(target);
      return;
    }
    ui.focus = p.node;
    choose(p.node);
  });
  holder.addEventListener("pointercancel", () => (press = null));
  holder.addEventListener("keydown", keyboard);
  holder.addEventListener("focusin", (ev) => {
    const node = ev.target.getAttribute && ev.target.getAttribute("data-node");
    if (node) ui.focus = node;
  });
  holder.addEventListener("mouseover", (ev) => {
    if (!ui.inspecting) return;
    const node = ev.target.getAttribute && ev.target.getAttribute("data-node");
    if (node) inspect(node);
  });
}

function buttons() {
  $("undo").addEventListener("click", async () => {
    try {
      const game = await api(`/api/games/${ui.game.id}/undo${seatQuery()}`, {});
      // Undo takes back the last move and shows the game as it now stands, wherever ◀ had gone.
      ui.ply = null;
      await show(game);
      say("took back the last move");
    } catch (e) {
      say(e.message, "error");
    }
  });
  $("flip").addEventListener("click", async () => {
    const g = ui.game;
    if (g.polar) {
      const turns = g.players.map((p) => p.rotation);
      const i = turns.indexOf(ui.rotation);
      ui.rotation = turns[(i + 1) % turns.length];
    } else {
      ui.flipped = !ui.flipped;
    }
    await draw();
  });
  $("inspect").addEventListener("click", () => {
    ui.inspecting = !ui.inspecting;
    $("inspect").setAttribute("aria-pressed", String(ui.inspecting));
    $("inspector").hidden = !ui.inspecting;
    ui.picked = null;
    mark();
  });
  $("first").addEventListener("click", () => view(0));
  $("back").addEventListener("click", () => view((ui.ply ?? ui.game.ply) - 1));
  $("forward").addEventListener("click", () => view((ui.ply ?? ui.game.ply) + 1));
  $("last").addEventListener("click", () => view(ui.game.ply));
  $("copy").addEventListener("click", async () => {
    $("position").select();
    try {
      await navigator.clipboard.writeText($("position").value);
      say("position text copied");
    } catch {
      say("select the position text and copy it");
    }
  });
  $("load").addEventListener("click", () => newGame({ position: $("load-text").value.trim() }));
  $("new-game").addEventListener("click", () => {
    const computer = $("computer").value;
    newGame(computer ? { computer: [computer] } : {});
  });
}

async function newGame(extra) {
  const variant = Number($("variant").value);
  try {
    const g = await api("/api/games", { variant, ...extra });
    const q = new URLSearchParams({ variant, game: g.id });
    if (seat) q.set("seat", seat);
    location.search = `?${q}`;
  } catch (e) {
    say(e.message, "error");
  }
}

buttons();
pointers();
start().catch((e) => say(e.message, "error"));

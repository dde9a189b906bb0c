// The table page: draws the seat's view, offers exactly the frame's legal list (never inventing a
// move), keeps a log in words, the scores, the fairness commitments, and reconnects by itself.
import { account, loadAccount, onAccount, renderAccount } from "./account.js";
import { TableSocket, copyButton, getJSON, h, postJSON, rememberLinks, rememberTable, tableLinks } from "./api.js";
import { cardElement, cardText, readable } from "./cards.js";
import { getLang, setGame, setLang, t } from "./i18n.js";
import { seatName } from "./games/common.js";
import { formatScore, seatPlates } from "./felt.js";
import { arrangement, handOrder, moveCard, setArrangement } from "./handorder.js";
import { play as animate, snapshot, sound } from "./motion.js";
import { applySettings, renderSettings, setSetting, settings } from "./settings.js";
import { markCard } from "./aids.js";
import { autoNext, setAutoNext, summaryOnFrame } from "./summary.js";
import { chatError, chatFrame, renderChat, startChat } from "./chat.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.search);
const token = params.get("token");
// a seat the logged-in account holds, opened by its cookie (a "My tables" link from the server)
const seatParam = params.get("seat");
const app = {
  frame: null, selected: [], pending: false, hint: null, alert: "", games: [],
  board: null, socket: null, connection: "connecting", turnSince: Date.now(),
  turnKey: null, verify: null,
  // the log, hand by hand: [{hand, events: [{text, type, version}], omitted, sheet}]; it comes
  // whole from the server with the first frame of each connection, then grows with live events
  hands: [], omittedHands: 0, limits: { events: 500, hands: 40 }, historyOpen: false, sheetsStale: false,
  openHands: new Map(), // hand number -> whether its events are unfolded in the hand history
  // the turn clock: the frame's seconds left, counted down from when the frame arrived
  turnEnds: null, announced: null, renders: 0,
  dragging: null, // the hand's card being dragged to a new place
  logAtEnd: true, // whether the log is scrolled to its newest line
};
// games whose hands a player arranges by hand (melds and poker hands are built by eye)
const ARRANGED = new Set(["burraco", "poker_italiano"]);
// the longest a frame waits for the one before it to finish moving, in ms
const MOTION_WAIT_MS = 450;

function ownerToken() { return localStorage.getItem(`mazzo.owner.${tableId}`); }
/** Whether this page may give the owner's commands: by the owner link kept in this browser, or
 * as the logged-in account that made the table. */
function isOwner() { return Boolean(ownerToken()) || Boolean(account()?.tables.some((e) => e.table === tableId && e.owner)); }
function gameTitle(id) { return app.games.find((g) => g.id === id)?.title[getLang()] || id; }
function cardsOf(action) {
  if (Array.isArray(action.cards)) return action.cards;
  if (typeof action.card === "string") return [action.card];
  return [];
}
const sameCards = (a, b) => a.length === b.length && [...a].sort().join("|") === [...b].sort().join("|");

// -- frames -------------------------------------------------------------------------------------

async function onFrame(frame) {
  const previous = app.frame;
  if (!previous && token) {
    const known = existing();
    rememberTable({ id: tableId, game: frame.game, url: location.href, owner: ownerToken(),
                    seat: frame.seat, created: known?.created || Date.now() });
  }
  if (!app.board || previous?.game !== frame.game) {
    setGame(frame.game);
    app.board = await import(`./games/${frame.game}.js`);
  }
  if (previous && frame.version !== previous.version) {
    app.selected = [];
    app.hint = null;
    app.alert = "";
  }
  if (frame.log) loadLog(frame.log);
  else {
    if (frame.hand_sheet) takeSheet(frame.hand_sheet);
    addEvents(frame);
  }
  const turnKey = `${frame.view.current_player}:${frame.view.hand_number}:${frame.status}`;
  if (turnKey !== app.turnKey) { app.turnKey = turnKey; app.turnSince = Date.now(); }
  // the server says how long is left; counting from arrival keeps every client's clock in step
  app.turnEnds = frame.turn ? performance.now() + frame.turn.remaining * 1000 : null;
  if (previous?.version !== frame.version) clearTimerAlert();
  app.frame = frame;
  app.pending = false;
  const before = snapshot();
  render();
  // a hand just over is explained before the next deal (summary.js asks for its sheet)
  summaryOnFrame(frame, app.hands, app.board, { frame, seat: frame.seat, name: (i) => seatName(frame, i) }, refreshLog);
  await moveAndSound(previous, frame, before);
}

/** The motion from the last frame to this one, and its sound; the next frame waits for it
 * (bounded), so a quick run of bots' moves is seen one move at a time. */
async function moveAndSound(previous, frame, before) {
  if (!previous || previous.version === frame.version) return;
  const view = frame.view;
  const deal = view.hand_number !== previous.view.hand_number;
  if (frame.legal.length && !previous.legal.length) sound("turn");
  else if (deal) sound("won");
  else if (frame.events?.length) sound("card");
  const moved = animate(before, { from: previous.view.current_player ?? null, to: view.current_player ?? null, deal });
  await Promise.race([moved, new Promise((done) => setTimeout(done, MOTION_WAIT_MS))]);
}

// -- the log ------------------------------------------------------------------------------------

function loadLog(log) {
  app.logLoads = (app.logLoads || 0) + 1; // the log drawn so far is redrawn whole
  app.hands = log.hands.map((hand) => ({ hand: hand.hand, omitted: hand.omitted, sheet: hand.sheet,
    events: hand.events.map((e) => ({ text: e.text, type: e.type, version: e.version, data: e })) }));
  app.omittedHands = log.omitted_hands;
  app.limits = log.limits;
  app.sheetsStale = false;
}

function addEvents(frame) {
  for (const event of frame.events) {
    const hand = event.log_hand ?? frame.view.hand_number ?? app.hands.at(-1)?.hand ?? 0;
    if (app.hands.at(-1)?.hand !== hand) {
      // the hand before is over: its score sheet came with this frame, or is on the server
      if (app.hands.length && !app.hands.at(-1).sheet) app.sheetsStale = true;
      app.hands.push({ hand, events: [], omitted: 0, sheet: null });
    }
    app.hands.at(-1).events.push({ text: event.text, type: event.type, version: frame.version, data: event });
  }
  // the same bounds as the server's log
  while (app.hands.length > app.limits.hands) { app.hands.shift(); app.omittedHands += 1; }
  let extra = app.hands.reduce((n, hand) => n + hand.events.length, 0) - app.limits.events;
  for (const hand of app.hands) {
    const drop = Math.min(extra, hand.events.length);
    if (drop > 0) { hand.events.splice(0, drop); hand.omitted += drop; extra -= drop; }
  }
  if (app.sheetsStale && app.historyOpen) refreshLog();
}

/** The score sheet of the hand a frame ended ({hand, sheet}), so the overlay and the hand
 * history need not ask for the whole log (summary.js still asks when a sheet is missing). */
function takeSheet({ hand, sheet }) {
  const entry = app.hands.find((h) => h.hand === hand);
  if (entry) entry.sheet = sheet;
}

// the whole log again (with the score sheet of the hand just over): the answer to "sync" has it
function refreshLog() {
  app.sheetsStale = false;
  app.socket.send({ type: "sync" });
}

function onError(frame) {
  if (frame.code?.startsWith("chat")) { chatError(frame); return; } // said in the chat drawer
  app.pending = false;
  // a hint refused (one at a time, a pause between them) is not pending any more
  if (frame.code?.startsWith("hint") && app.hint?.pending) app.hint = null;
  app.alert = frame.message; // the server's, in this page's language ("Mossa non ammessa: ...")
  render();
}

function onMessage(frame) {
  if (frame.type === "chat" || frame.type === "chat_history") chatFrame(frame);
  if (frame.type === "hint" && app.frame && frame.version === app.frame.version) {
    app.hint = frame;
    render();
  }
}

function onStatus(status) {
  const was = app.connection;
  app.connection = status;
  showConnection();
  // moves and seats follow the connection: a click while it is down would be lost
  if (app.frame && (was === "connected") !== (status === "connected")) render();
}

/** whether a move sent now reaches the server */
function online() {
  return app.connection === "connected";
}

function showConnection() {
  const el = document.getElementById("connection");
  const status = app.connection;
  el.dataset.status = status;
  el.textContent = status === "refused" ? "" : t(status);
}

// The socket's messages are handled one at a time, in the order they came. The first frame
// waits for its game's board module; a frame that came after it, had it gone ahead, would be
// drawn first and then overwritten by the older one, leaving the page a move behind for good.
let inbox = Promise.resolve();
function inOrder(handler) {
  return (message) => {
    inbox = inbox.then(() => handler(message))
      .catch((exc) => { setTimeout(() => { throw exc; }); }); // reported, and the next goes on
  };
}

// -- actions ------------------------------------------------------------------------------------

function play(index) {
  const frame = app.frame;
  if (!frame || app.pending) return;
  app.pending = app.socket.send({ type: "act", version: frame.version, index });
  render();
}

function toggleCard(token) {
  const i = app.selected.indexOf(token);
  if (i >= 0) app.selected.splice(i, 1);
  else app.selected.push(token);
  renderHand();
}

/** The owner's start: with a person's seat still empty, only once the owner says so (a
 * stand-in bot would play it after the table's wait). */
function startMatch(frame) {
  const empty = frame.seats.filter((s) => s.kind === "human" && !s.connected && s.seat !== frame.seat);
  const names = empty.map((s) => seatName(frame, s.seat)).join(", ");
  if (empty.length && !window.confirm(t("startEmpty", { n: empty.length, names }))) return;
  ownerCommand("start");
}

function ownerCommand(command) {
  postJSON(`/api/tables/${encodeURIComponent(tableId)}/${command}?lang=${getLang()}`, { owner: ownerToken() })
    .catch((exc) => { app.alert = exc.message; render(); });
}

// -- rendering ----------------------------------------------------------------------------------

// Each frame redraws the page; a keyboard player keeps focus on the same card or move.
function focusSelector(el) {
  if (!el || el === document.body) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const box = el.closest("[id]");
  const where = box ? `#${CSS.escape(box.id)} ` : "";
  if (el.dataset.card) return `${where}[data-card="${CSS.escape(el.dataset.card)}"]`;
  if (el.dataset.index) return `${where}.move[data-index="${el.dataset.index}"]`;
  return null;
}

function render() {
  keepingFocus(() => {
    // each frame's drawing is measured (benchmarks/web.py reads the "render" measures)
    performance.mark("render-start");
    draw();
    performance.measure("render", "render-start");
    if (++app.renders % 5000 === 0) performance.clearMeasures("render"); // a long session stays small
  });
}

/** Only the hand and the moves again: what selecting a card changes (the felt, the log and the
 * history stay as the frame drew them, so a card picked costs a fraction of a whole frame). */
function renderHand() {
  if (app.frame) keepingFocus(() => renderPlay(app.frame));
}

function keepingFocus(drawing) {
  const selector = focusSelector(document.activeElement);
  drawing();
  if (selector && document.activeElement === document.body) {
    const again = document.querySelector(selector) || document.querySelector("#moves .move:not(:disabled)");
    again?.focus();
  }
}

function draw() {
  const frame = app.frame;
  if (!frame) return;
  document.documentElement.lang = getLang();
  document.body.dataset.status = frame.status;
  document.body.dataset.version = String(frame.version);
  document.body.dataset.myTurn = String(frame.legal.length > 0 && !app.pending);
  document.body.dataset.game = frame.game;
  document.body.dataset.spectator = String(frame.seat === null);
  const title = t("tableOf", { game: gameTitle(frame.game) });
  document.title = `${title} — mazzo`;
  document.getElementById("title").textContent = title;
  const rules = document.getElementById("rules-link");
  rules.textContent = t("rules");
  rules.href = `/rules/${frame.game}?lang=${getLang()}`;
  document.getElementById("lobby-link").textContent = t("backLobby");
  document.getElementById("lang-switch").textContent = t("langSwitch");
  document.getElementById("felt-title").textContent = t("board");
  applySettings();
  renderSettings((what) => { if (what === "sort") setArrangement(tableId, null); render(); });
  renderAutoNextSetting();
  renderStatus(frame);
  renderSeats(frame);
  renderBoard(frame);
  renderPlay(frame);
  renderLog();
  renderHistory(frame);
  renderFairness(frame);
  renderLinks(frame);
  renderChat(frame);
  tick();
  const alert = document.getElementById("alert");
  if (alert.textContent !== app.alert) alert.textContent = app.alert;
}

/** The overlay's "next hand by itself" in the settings menu's slot too (the overlay offers it
 * as well): drawn again only when the language changes, like the menu. */
function renderAutoNextSetting() {
  const slot = document.getElementById("settings-slot");
  const box = document.getElementById("set-autoNext");
  if (box) box.checked = autoNext(); // the overlay's own box may have changed it
  if (!slot || slot.dataset.lang === document.documentElement.lang) return;
  slot.dataset.lang = document.documentElement.lang;
  slot.replaceChildren(h("label", { class: "setting" },
    h("input", { type: "checkbox", id: "set-autoNext", checked: autoNext(), onchange: (e) => setAutoNext(e.target.checked) }),
    ` ${t("summaryAuto")}`));
}

function renderStatus(frame) {
  const bar = document.getElementById("status-bar");
  const view = frame.view;
  const parts = [];
  if (frame.status === "waiting") {
    parts.push(h("p", { class: "turn" }, t("waiting")));
    if (isOwner()) parts.push(h("button", { type: "button", class: "primary", id: "start", onclick: () => startMatch(frame) }, t("start")));
  } else if (frame.status === "over") {
    parts.push(h("p", { class: "turn", id: "result" }, t("over"), ". ", resultText(frame)));
    if (frame.rematch) {
      const url = new URL(location.href);
      url.pathname = `/tables/${frame.rematch}`;
      // a rematch keeps every token, the owner's too: carry it to the new table
      const owner = ownerToken();
      if (owner) localStorage.setItem(`mazzo.owner.${frame.rematch}`, owner);
      carryLinks(frame.rematch);
      parts.push(h("a", { class: "button", id: "to-rematch", href: url.toString() }, t("toRematch")));
    } else if (isOwner()) {
      parts.push(h("button", { type: "button", id: "rematch", onclick: () => ownerCommand("rematch") }, t("rematch")));
    }
    parts.push(h("a", { class: "button", href: `/replay/${encodeURIComponent(tableId)}?lang=${getLang()}` + (frame.seat !== null ? `&seat=${frame.seat}` : "") }, t("replay")));
  } else {
    const mover = view.current_player;
    const mine = frame.legal.length > 0;
    const text = frame.seat === null ? `${t("spectator")} · ${mover != null ? t("turnOf", { name: seatName(frame, mover) }) : ""}`
      : mine ? t("yourTurn") : mover != null ? t("turnOf", { name: seatName(frame, mover) }) : "";
    parts.push(h("p", { class: "turn" + (mine ? " mine" : "") }, text));
    // not read out every second: the last ten seconds are announced once (#timer-alert)
    parts.push(h("p", { class: "timer" + (frame.turn ? " limited" : ""), id: "timer", "aria-live": "off" },
      `${frame.turn ? t("timeLeft") : t("turnTime")}: `, h("span", { id: "turn-timer" })));
  }
  bar.replaceChildren(...parts);
  tick();
}

// Each second: the turn clock counts down (a table with a time limit) or up; in the last ten
// seconds it turns urgent, and that is announced once per move.
function tick() {
  const el = document.getElementById("turn-timer");
  const frame = app.frame;
  if (!el || !frame) return;
  if (app.turnEnds === null || !frame.turn) {
    el.textContent = t("timer", { s: Math.floor((Date.now() - app.turnSince) / 1000) });
    return;
  }
  const left = Math.max(0, Math.ceil((app.turnEnds - performance.now()) / 1000));
  el.textContent = left > 0 ? t("timer", { s: left }) : t("timeUp");
  const urgent = left <= 10;
  // the mover's seat shows the time left as a bar that empties
  const fill = document.querySelector("#felt .seat.to-move .turn-fill");
  if (fill) {
    fill.style.width = `${Math.max(0, Math.min(100, ((app.turnEnds - performance.now()) / 1000 / frame.turn.seconds) * 100))}%`;
    fill.classList.toggle("urgent", urgent);
  }
  document.getElementById("timer").classList.toggle("urgent", urgent);
  if (urgent && left > 0 && app.announced !== frame.version) {
    app.announced = frame.version;
    const seat = frame.turn.seat;
    document.getElementById("timer-alert").textContent = seat === frame.seat
      ? t("urgentMine", { n: left }) : t("urgent", { n: left, name: seatName(frame, seat) });
  }
}

function clearTimerAlert() {
  app.announced = null;
  const el = document.getElementById("timer-alert");
  if (el) el.textContent = "";
}

function resultText(frame) {
  const scores = frame.view.scores;
  if (!Array.isArray(scores)) return "";
  const best = Math.max(...scores);
  const winners = frame.seats.filter((s) => scores[s.seat] === best).map((s) => seatName(frame, s.seat));
  return winners.length === 1 ? t("winner", { name: winners[0] }) : t("winners", { names: winners.join(", ") });
}

/** How many cards a seat holds, from whichever count the game's view keeps. */
// Each seat's place at the felt (felt.js), seen from this page's seat.
function renderSeats(frame) {
  const panel = document.getElementById("seats-panel");
  const plates = seatPlates(frame, { online: online(), scoreWord: app.board?.scoreWord || "score" });
  const felt = document.getElementById("felt");
  felt.dataset.seats = String(frame.seats.length);
  panel.replaceChildren(h("h2", { id: "seats-title", class: "sr-only" }, t("seatsTitle")), ...plates);
}

function renderBoard(frame) {
  const panel = document.getElementById("board");
  // the last finished hand's sheet, for a board that keeps it in sight (cribbage's shows)
  const last = app.hands.findLast((hand) => hand.sheet);
  const ctx = { frame, seat: frame.seat ?? 0, name: (i) => seatName(frame, i), lastSheet: last ? { hand: last.hand, sheet: last.sheet } : null,
    // the match's events so far, oldest first (the log's: a reload has them too)
    events: () => app.hands.flatMap((hand) => hand.events.map((e) => e.data)) };
  let content;
  try { content = app.board.board(frame.view, ctx); } catch (exc) { content = h("pre", {}, String(exc)); }
  panel.replaceChildren(h("h2", { id: "board-title", class: "sr-only" }, t("board")), content);
}

function renderPlay(frame) {
  const area = document.getElementById("play-area");
  const view = frame.view;
  const legal = frame.legal;
  const active = legal.length > 0 && !app.pending && online();
  const cardMoves = legal.filter((m) => cardsOf(m.action).length > 0);
  const usable = new Set(cardMoves.flatMap((m) => cardsOf(m.action)));
  const arranged = ARRANGED.has(frame.game);
  const handTokens = Array.isArray(view.hand)
    ? handOrder(view.hand, settings().sort, arranged ? arrangement(tableId) : null, frame.game === "cribbage") : [];
  const extra = [...usable].filter((c) => !handTokens.includes(c));
  // the game's own notes on this seat's view (Nebraska: which of your cards count now)
  const notes = frame.notes;
  const oneClick = oneClickMoves(cardMoves, usable);
  // the game's aids for this view: a note under the hand, and cards it marks (aids.js)
  const aid = app.board.aids && frame.seat !== null ? app.board.aids(view, { frame, legal, selected: app.selected }) : null;
  const cardButton = (token) => {
    const move = oneClick.get(token);
    const el = cardElement(token, {
      onClick: () => (!usable.has(token) || !active ? null : move ? play(move.index) : toggleCard(token)),
      selected: app.selected.includes(token), playable: active && usable.has(token),
    });
    if (move && active) { // a button that acts at once, not a toggle
      el.removeAttribute("aria-pressed");
      el.classList.add("one-click");
      el.dataset.index = String(move.index);
      el.append(h("span", { class: "sr-only" }, `, ${t("oneClick")}`));
    }
    if (aid?.marks?.has(token)) markCard(el, aid.markLabel);
    if (notes && notes.cards.includes(token)) {
      el.classList.add("counts");
      el.append(h("span", { class: "sr-only" }, `, ${t("counts")}`));
    }
    return el;
  };
  // a spectator has no hand and no moves: no box for them
  area.hidden = frame.seat === null;
  if (area.hidden) { area.replaceChildren(); return; }
  const parts = [h("h2", { id: "moves-title", class: "sr-only" }, t("moves"))];
  if (legal.length && !online()) parts.push(h("p", { id: "moves-offline", class: "offline-note", role: "status" }, t("movesOffline")));
  const note = app.board.handNote ? app.board.handNote(view) : null;
  const hand = h("div", { id: "hand", class: "hand fanned", role: "group", "aria-label": t("hand") }, handTokens.map((token) => {
    const el = cardButton(token);
    if (arranged) arrangeable(el, token, handTokens);
    return el;
  }));
  hand.style.setProperty("--n", String(handTokens.length)); // the fan's overlap (table.css)
  parts.push(h("div", { class: "hand-row" }, hand, handTools(arranged)));
  if (note) parts.push(note);
  if (aid?.note) parts.push(aid.note);
  if (notes) parts.push(notesBox(notes.lines));
  if (extra.length) parts.push(h("div", { id: "other-cards", class: "hand", role: "group", "aria-label": t("known") }, extra.map(cardButton)));
  const moves = h("div", { id: "moves", class: "moves" });
  if (!legal.length) {
    moves.append(h("p", {}, frame.status === "playing" ? t("noMoves") : ""));
  } else {
    const plain = legal.filter((m) => cardsOf(m.action).length === 0);
    const matching = cardMoves.filter((m) => sameCards(cardsOf(m.action), app.selected));
    const wider = cardMoves.some((m) => app.selected.every((c) => cardsOf(m.action).includes(c)) && cardsOf(m.action).length > app.selected.length);
    if (cardMoves.length) {
      const allOneClick = cardMoves.every((m) => oneClick.get(cardsOf(m.action)[0]) === m);
      moves.append(h("p", { class: "help", id: "select-help" },
        !app.selected.length ? (allOneClick ? t("clickToPlay") : t("select"))
          : matching.length ? "" : wider ? t("more") : t("noMatch")));
    }
    const confirm = h("div", { class: "confirm", role: "group", "aria-label": t("moves") });
    for (const m of [...matching, ...plain]) confirm.append(moveButton(m, active));
    if (app.selected.length) confirm.append(h("button", { type: "button", class: "secondary", id: "clear", onclick: () => { app.selected = []; renderHand(); } }, t("clear")));
    moves.append(confirm);
    const all = h("details", { id: "all-moves", class: "all-moves" }, h("summary", {}, t("allMoves", { n: legal.length })),
      h("div", { class: "move-list" }, legal.map((m) => moveButton(m, active))));
    if (document.getElementById("all-moves")?.open) all.open = true;
    moves.append(all);
  }
  // the hint beside "All moves", on their line: the docked hand keeps to few lines
  if (frame.seat !== null && frame.status === "playing") moves.append(hintControls(frame, active));
  parts.push(moves);
  area.replaceChildren(...parts);
}

/** The hand's tools beside it: the sort toggle (and, where the hand is arranged by hand, the
 * keys that move a card). */
/** The game's notes on the seat's view (Nebraska: what counts now) under the hand: one line as
 * it is; several (poker scoring's combinations) folded under their first, so a phone's docked
 * hand keeps its height. Open on a desktop at first; the player's choice then holds. */
function notesBox(lines) {
  if (lines.length < 2) return h("div", { id: "notes", class: "notes" }, lines.map((line) => h("p", {}, line)));
  const box = h("details", { id: "notes", class: "notes" }, h("summary", {}, lines[0]),
    ...lines.slice(1).map((line) => h("p", {}, line)));
  const before = document.getElementById("notes");
  box.open = before instanceof HTMLDetailsElement ? before.open : !matchMedia("(max-width: 800px)").matches;
  return box;
}

function handTools(arranged) {
  const mode = settings().sort;
  return h("div", { class: "hand-tools" },
    h("button", { type: "button", id: "sort-toggle", class: "secondary", "aria-label": `${t("sortLabel")} ${t(mode === "suit" ? "sortSuit" : "sortRank")}`,
      onclick: () => { setSetting("sort", mode === "suit" ? "rank" : "suit"); setArrangement(tableId, null); syncSort(); render(); } },
    mode === "suit" ? "♠♥" : "A-K"),
    arranged ? h("span", { class: "small arrange-help", id: "arrange-help" }, t("arrangeHelp")) : null);
}

/** The settings menu's sort choice follows the toggle beside the hand. */
function syncSort() {
  const select = document.getElementById("set-sort");
  if (select) select.value = settings().sort;
}

/** A hand card a player moves to another place: dragged, or with Alt+← / Alt+→. */
function arrangeable(el, token, order) {
  el.draggable = true;
  el.setAttribute("aria-describedby", "arrange-help");
  const put = (next) => { setArrangement(tableId, next); render(); };
  el.addEventListener("dragstart", (e) => { app.dragging = token; e.dataTransfer.setData("text/plain", token); e.dataTransfer.effectAllowed = "move"; });
  el.addEventListener("dragover", (e) => { if (app.dragging) e.preventDefault(); });
  el.addEventListener("drop", (e) => {
    e.preventDefault();
    const moving = app.dragging || e.dataTransfer.getData("text/plain");
    app.dragging = null;
    if (!moving || moving === token) return;
    put(moveCard(order, moving, token, pastMiddle(el, e.clientX)));
  });
  el.addEventListener("dragend", () => { app.dragging = null; });
  touchArrangeable(el, token, order, put);
  el.addEventListener("keydown", (e) => {
    if (!e.altKey || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
    e.preventDefault();
    const at = order.indexOf(token);
    const to = at + (e.key === "ArrowLeft" ? -1 : 1);
    if (to < 0 || to >= order.length) return;
    put(moveCard(order, token, order[to], e.key === "ArrowRight"));
  });
}

/** Whether ``x`` is on the right half of the part of ``card`` one sees: in a fanned hand the
 * next card covers the rest of it. */
function pastMiddle(card, x) {
  const box = card.getBoundingClientRect();
  const next = card.nextElementSibling?.getBoundingClientRect();
  const right = next && next.left < box.right && next.left > box.left ? next.left : box.right;
  return x > (box.left + right) / 2;
}

// how far a finger goes sideways before it carries the card (less is a tap that selects it), px
const TOUCH_SLOP_PX = 12;

/** A finger (or a pen) carries a hand card sideways to another place: touch screens fire no
 * HTML drag and drop, so pointer events do it. The card follows the finger and lands before or
 * after the card it is let go on; a vertical swipe still scrolls the page (table.css gives
 * the card ``touch-action: pan-y``), and a tap still selects. */
function touchArrangeable(el, token, order, put) {
  let drag = null;
  el.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" || !e.isPrimary) return;
    drag = { x: e.clientX, y: e.clientY, moving: false };
    el.setPointerCapture(e.pointerId);
  });
  el.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moving && Math.abs(dx) < TOUCH_SLOP_PX) return;
    drag.moving = true;
    el.classList.add("carried");
    el.style.transform = `translate(${dx}px, ${dy}px)`;
  });
  const end = (e) => {
    const was = drag;
    drag = null;
    el.classList.remove("carried");
    el.style.transform = "";
    if (!was?.moving || e.type === "pointercancel") return;
    // a carried card is no tap: a click that follows at once does not select it
    const swallow = (c) => { c.stopImmediatePropagation(); c.preventDefault(); };
    el.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => el.removeEventListener("click", swallow, { capture: true }), 400);
    const target = document.elementsFromPoint(e.clientX, e.clientY)
      .map((under) => under.closest("#hand [data-card]")).find((card) => card && card !== el);
    if (!target) return;
    put(moveCard(order, token, target.dataset.card, pastMiddle(target, e.clientX)));
  };
  el.addEventListener("pointerup", end);
  el.addEventListener("pointercancel", end);
}

// Cards whose only legal move is to play that one card (the board names those move types:
// cribbage and Novantanove "play", Nebraska "bid"): one click plays them. Any card that has
// another use, or moves with other cards, keeps select-and-confirm.
function oneClickMoves(cardMoves, usable) {
  const kinds = app.board.oneClick || [];
  const out = new Map();
  for (const token of usable) {
    const uses = cardMoves.filter((m) => cardsOf(m.action).includes(token));
    if (uses.length === 1 && cardsOf(uses[0].action).length === 1 && kinds.includes(uses[0].action.type)) out.set(token, uses[0]);
  }
  return out;
}

function moveButton(move, active) {
  const button = h("button", { type: "button", class: "move" + (app.hint?.index === move.index ? " hinted" : ""),
    "data-index": move.index, "data-cards": JSON.stringify(cardsOf(move.action)), disabled: !active,
    onclick: () => play(move.index) }, readable(app.board?.moveText?.(move, app.frame) ?? move.text));
  button.addEventListener("dblclick", (e) => e.preventDefault());
  return button;
}

function hintControls(frame, active) {
  const box = h("div", { class: "hint", "aria-live": "polite" });
  if (frame.hints === false) { box.append(h("p", {}, t("hintsOff"))); return box; }
  box.append(h("button", { type: "button", id: "hint", disabled: !active, onclick: () => {
    app.hint = { pending: true };
    app.socket.send({ type: "hint" });
    render();
  } }, t("hint")));
  if (app.hint?.pending) box.append(h("p", {}, t("thinking")));
  else if (app.hint) {
    // the move's words from the frame, which follows the page's language
    const move = frame.legal.find((m) => m.index === app.hint.index);
    box.append(h("p", { id: "hint-text" }, t("hintIs", { text: readable(move ? move.text : app.hint.text) })));
  }
  return box;
}

/** The log, kept scrolled to its end while the reader leaves it there. Where it is comes from
 * its scroll events, not from its size: reading that during a redraw lays the page out again. */
function renderLog() {
  const panel = document.getElementById("log-panel");
  let list = document.getElementById("log");
  if (!list) {
    list = h("ol", { id: "log", class: "log", tabindex: "0", "aria-label": t("log") });
    list.addEventListener("scroll", () => { app.logAtEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8; }, { passive: true });
    panel.replaceChildren(h("h2", { id: "log-title" }, t("log")), list);
    app.logDrawn = null;
  }
  // up to 500 lines: a frame adds a few, so only those are drawn (rebuilding the whole list
  // was most of a frame's cost); a new log, a language or lines dropped at the bound redraw it all
  const drawn = app.logDrawn;
  if (drawn && logGrewOnly(drawn)) appendLog(list, drawn);
  else list.replaceChildren(...logItems(0, 0));
  app.logDrawn = { lang: getLang(), loads: app.logLoads, omittedHands: app.omittedHands,
    hands: app.hands.map((hand) => ({ hand: hand.hand, omitted: hand.omitted, events: hand.events.length })) };
  document.getElementById("log-title").textContent = t("log");
  // at the next frame, when the page is laid out anyway: reading the height now would lay it
  // out once more, in the middle of the redraw
  if (app.logAtEnd) requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

/** Whether the log only grew since it was drawn: same hands, the last drawn one maybe longer,
 * maybe new hands after it. */
function logGrewOnly(drawn) {
  if (drawn.lang !== getLang() || drawn.loads !== app.logLoads || drawn.omittedHands !== app.omittedHands) return false;
  if (drawn.hands.length > app.hands.length) return false;
  return drawn.hands.every((was, i) => {
    const now = app.hands[i];
    const sameLength = i === drawn.hands.length - 1 ? now.events.length >= was.events : now.events.length === was.events;
    return now.hand === was.hand && now.omitted === was.omitted && sameLength;
  });
}

function appendLog(list, drawn) {
  const last = drawn.hands.length - 1;
  if (last < 0) list.append(...logItems(0, 0, true));
  else list.append(...logItems(last, drawn.hands[last].events, true));
}

/** The log's lines from hand index ``from`` (its events from ``skip`` on) to the end; ``more``:
 * the lines go after those drawn before, whose hand ``from`` already has its heading. */
function logItems(from, skip, more = false) {
  const items = [];
  if (!more && app.omittedHands) items.push(h("li", { class: "log-omitted" }, t("omittedHands", { n: app.omittedHands })));
  app.hands.slice(from).forEach((hand, i) => {
    const headed = more && i === 0 && drawnHas(from);
    if (!headed) {
      items.push(h("li", { class: "log-hand" }, t("handNo", { n: hand.hand })));
      if (hand.omitted) items.push(h("li", { class: "log-omitted" }, t("omittedEvents", { n: hand.omitted })));
    }
    for (const event of hand.events.slice(i === 0 ? skip : 0)) items.push(h("li", { class: `ev ev-${event.type}` }, event.text));
  });
  return items;
}

function drawnHas(index) { return (app.logDrawn?.hands.length ?? 0) > index; }

// The hand history: per hand, newest first, what happened and its score sheet (the game's own
// "last hand" drawing, from the part of the view the server kept when the hand ended).
function renderHistory(frame) {
  const panel = document.getElementById("history-panel");
  const details = h("details", { id: "hand-history" },
    h("summary", { id: "history-title" }, `${t("history")} (${app.hands.length})`));
  details.open = app.historyOpen;
  details.addEventListener("toggle", () => {
    if (details.open === app.historyOpen) return; // our own redraw
    app.historyOpen = details.open;
    if (details.open) refreshLog();
    render();
  });
  if (app.historyOpen) {
    details.append(h("p", { class: "small" }, t("historyIntro")));
    if (app.omittedHands) details.append(h("p", { class: "small" }, t("omittedHands", { n: app.omittedHands })));
    details.append(h("div", { class: "hand-list" }, [...app.hands].reverse().map((hand) => handEntry(frame, hand))));
  }
  panel.replaceChildren(details);
}

function handEntry(frame, hand) {
  const ctx = { frame, seat: frame.seat, name: (i) => seatName(frame, i) };
  const title = t("handNo", { n: hand.hand }) + (hand.sheet ? "" : ` — ${t("inProgress")}`);
  // what happened: folded away once the hand is over (its sheet says how it ended)
  const events = h("details", { class: "hand-events-box" },
    h("summary", {}, t("whatHappened", { n: hand.events.length + hand.omitted })),
    h("ol", { class: "plain hand-events" },
      hand.omitted ? h("li", { class: "log-omitted" }, t("omittedEvents", { n: hand.omitted })) : null,
      hand.events.map((e) => h("li", {}, e.text))));
  const open = app.openHands.get(hand.hand) ?? !hand.sheet;
  events.open = open;
  // setting "open" fires a toggle too: remember only what the person changed
  events.addEventListener("toggle", () => { if (events.open !== open) app.openHands.set(hand.hand, events.open); });
  let sheet = null;
  if (hand.sheet) {
    let drawn = null;
    try { drawn = app.board.handSheet ? app.board.handSheet(hand.sheet, ctx) : null; } catch { drawn = null; }
    const scores = Array.isArray(hand.sheet.scores) ? h("div", { class: "block" }, h("h4", {}, t("handScores")),
      h("dl", { class: "facts" }, frame.seats.flatMap((s) => [h("dt", {}, seatName(frame, s.seat)),
        h("dd", {}, formatScore(hand.sheet.scores[s.seat]))]))) : null;
    sheet = h("div", { class: "hand-sheet" }, scores, drawn);
  }
  return h("section", { class: "hand-entry", "aria-label": title }, h("h3", {}, title), sheet, events);
}

function renderFairness(frame) {
  const panel = document.getElementById("fair-panel");
  const wasOpen = document.getElementById("fair")?.open;
  // the game says when its seeds come out (/api/games): after each hand, or only when the match
  // is over because its rules keep some dealt cards hidden for good (unknown: the later one)
  const byHand = app.games.find((g) => g.id === frame.game)?.seeds === "hand";
  // grouped by hand: each hand's shuffles, their commitments and, once revealed, its seeds
  const rows = frame.commitments.map((c, i) => h("tr", {},
    h("td", {}, i === 0 || frame.commitments[i - 1].hand !== c.hand ? t("handNo", { n: c.hand }) : ""),
    h("td", {}, String(c.version)), h("td", { class: "hex" }, c.commitment),
    h("td", { class: "hex" }, c.seed ?? t(byHand ? "hiddenHand" : "hidden"))));
  const details = h("details", { id: "fair" }, h("summary", { id: "fair-title" }, `${t("fairness")} (${frame.commitments.length})`),
    h("p", {}, t(byHand ? "fairnessIntroHand" : "fairnessIntro")),
    h("div", { class: "scroll", tabindex: "0" }, h("table", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("handCol")), h("th", { scope: "col" }, t("version")),
      h("th", { scope: "col" }, t("commitment")), h("th", { scope: "col" }, t("seed")))), h("tbody", {}, rows))));
  if (frame.commitments.some((c) => c.seed)) {
    details.append(h("button", { type: "button", id: "verify", onclick: () => verify(frame) }, t("verify")));
  }
  if (app.verify) details.append(h("p", { id: "verify-result", role: "status" }, app.verify));
  if (frame.status === "over") {
    details.append(h("p", {}, h("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `${tableId}.json` }, t("record"))));
  }
  details.open = Boolean(wasOpen);
  panel.replaceChildren(details);
}

// The invite and spectator links, for the owner, as the lobby kept them when the table was made
// (the server hands them out only then): drawn once per language, so "Copied" stays said.
function renderLinks(frame) {
  const panel = document.getElementById("links-panel");
  const links = ownerToken() ? tableLinks(tableId) : null;
  panel.hidden = !links;
  if (!links || panel.dataset.lang === getLang()) return;
  panel.dataset.lang = getLang();
  const row = (label, url) => h("li", {}, h("span", {}, label),
    h("input", { readonly: true, value: url, "aria-label": label }), copyButton(url, label));
  const withLang = (url) => { const u = new URL(url); u.searchParams.set("lang", getLang()); return u.toString(); };
  panel.replaceChildren(h("details", { id: "share" }, h("summary", { id: "links-title" }, t("tableLinks")),
    h("ul", { class: "links" },
      links.invites.map((invite) => row(t("inviteOf", { n: invite.seat + 1, name: seatName(frame, invite.seat) }), withLang(invite.url))),
      row(t("spectate"), withLang(links.spectate)))));
}

// A rematch keeps every token: the same links, for the new table.
function carryLinks(rematch) {
  const links = tableLinks(tableId);
  if (!links || tableLinks(rematch)) return;
  const moved = (url) => { const u = new URL(url); u.pathname = `/tables/${rematch}`; return u.toString(); };
  rememberLinks(rematch, { spectate: moved(links.spectate),
    invites: links.invites.map((invite) => ({ ...invite, url: moved(invite.url) })) });
}

async function sha256Hex(hex) {
  const bytes = new Uint8Array(hex.match(/../g).map((b) => parseInt(b, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function verify(frame) {
  const revealed = frame.commitments.filter((c) => c.seed);
  let ok = 0;
  for (const c of revealed) {
    if ((await sha256Hex(c.seed)) === c.commitment) ok += 1;
    else { app.verify = t("verifyBad", { v: c.version }); render(); return; }
  }
  app.verify = t("verified", { ok, n: revealed.length });
  render();
}

// -- start --------------------------------------------------------------------------------------

async function main() {
  app.games = await getJSON("/api/games").catch(() => []);
  document.getElementById("lang-switch").addEventListener("click", () => {
    setLang(getLang() === "it" ? "en" : "it");
    // the page's own words change at once; the server's (moves, log) come with the frame it
    // sends back in the new language
    showConnection();
    render();
    renderAccount();
    app.socket.send({ type: "hello", lang: getLang() });
  });
  onAccount(() => render());
  loadAccount();
  startChat({ send: (message) => app.socket.send(message), tableId, token });
  app.socket = new TableSocket(tableId, token, {
    onFrame: inOrder(onFrame), onError: inOrder(onError), onStatus, onMessage: inOrder(onMessage),
  }, token ? null : seatParam);
  setInterval(tick, 250);
}

function existing() {
  try { return JSON.parse(localStorage.getItem("mazzo.tables") || "[]").find((e) => e.id === tableId); } catch { return null; }
}

main();

// "Learn to play": a game's guided first hand. The lesson runs on the server, through the engine
// (POST /api/lessons/{game}, then .../{id}/move); this page draws each frame: the table as the
// learner's seat sees it (the frame is shaped as a table's, so the felt, the seats and the centre
// are the table page's own, drawn by games/<id>.js, and the hand is cards; a card that is a move
// by itself plays it), the coach's words beside it (each step also read out by a live region),
// the legal moves as buttons (the suggested one marked, its cards too, and first in focus), what
// the other seats did, and at the end the hand's score sheet and a real hand against facile.
import { getJSON, h, postJSON, rememberTable } from "./api.js";
import { cardElement } from "./cards.js";
import { seatName } from "./games/common.js";
import { seatPlates } from "./felt.js";
import { handOrder } from "./handorder.js";
import { getLang, setGame, setLang, t } from "./i18n.js";
import { settings } from "./settings.js";

// this page's own words (the lobby's link to it is in i18n.js)
const WORDS = {
  it: {
    title: "Impara a giocare", table: "Il tavolo", coach: "La lezione", phase: "Fase",
    suggested: "Mossa suggerita", why: "Perché", moves: "Le mosse ammesse", told: "Cosa è successo",
    end: "Fine della mano", realHand: "Gioca una mano vera contro facile", again: "Ricomincia la lezione",
    suggestedMark: "suggerita", language: "Lingua", lobby: "Torna all'ingresso", noGame: "Nessun gioco indicato.",
    playsAlone: "la gioca",
  },
  en: {
    title: "Learn to play", table: "The table", coach: "The lesson", phase: "Phase",
    suggested: "Suggested move", why: "Why", moves: "The moves allowed", told: "What happened",
    end: "End of the hand", realHand: "Play a real hand against facile", again: "Start the lesson again",
    suggestedMark: "suggested", language: "Language", lobby: "Back to the lobby", noGame: "No game named.",
    playsAlone: "plays it",
  },
};
// the level a learner plays against after the lesson
const REAL_LEVEL = "facile";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let frame = null;
let told = [];
// the game's renderer (games/<id>.js), as the table page's
let renderer = null;
// frames drawn so far (tests wait on body[data-frames] to know a move has been answered)
let frames = 0;

function w(key) { return WORDS[getLang()][key]; }

function showError(exc) {
  document.getElementById("learn-error").textContent = exc.data?.message || String(exc.message || exc);
}

async function start() {
  try {
    frame = await postJSON(`/api/lessons/${encodeURIComponent(gameId)}?lang=${getLang()}`, {});
    setGame(frame.game);
    renderer ??= await import(`./games/${frame.game}.js`);
    told = [...frame.told];
    render(true);
  } catch (exc) { showError(exc); }
}

async function play(action) {
  document.getElementById("learn-error").textContent = "";
  for (const button of document.querySelectorAll(".learn-moves button, #hand button")) button.disabled = true;
  try {
    frame = await postJSON(`/api/lessons/${gameId}/${frame.id}/move?lang=${getLang()}`, { action });
    told.push(...frame.told);
    render(true);
  } catch (exc) {
    showError(exc);
    for (const button of document.querySelectorAll(".learn-moves button, #hand button")) button.disabled = false;
  }
}

async function relabel() {
  renderTexts();
  if (!frame) return;
  try {
    frame = { ...(await getJSON(`/api/lessons/${gameId}/${frame.id}?lang=${getLang()}`)), said: frame.said };
    render(false);
  } catch (exc) { showError(exc); }
}

function renderTexts() {
  document.documentElement.lang = getLang();
  document.title = `${w("title")} — mazzo`;
  document.getElementById("lang-label").textContent = w("language");
  document.getElementById("lang").value = getLang();
  const lobby = document.getElementById("lobby-link");
  lobby.textContent = w("lobby");
  lobby.href = `/?lang=${getLang()}`;
}

function render(focus) {
  document.getElementById("title").textContent = `${w("title")}: ${frame.title}`;
  document.getElementById("intro").textContent = frame.intro;
  renderFelt();
  renderHand();
  renderCoach();
  speak();
  document.getElementById("told").replaceChildren(
    h("h2", { id: "told-title" }, w("told")),
    // it scrolls: focusable, so a keyboard can scroll it too
    h("ol", { class: "learn-told", id: "told-list", tabindex: "0", "aria-labelledby": "told-title" },
      told.map((line) => h("li", {}, line))));
  const list = document.getElementById("told-list");
  list.scrollTop = list.scrollHeight;
  renderEnd();
  frames += 1;
  document.body.dataset.frames = String(frames);
  if (focus) {
    const target = document.querySelector(".learn-moves button.suggested") || document.getElementById("real-hand");
    target?.focus();
  }
}

/** The felt as the table page draws it: the seats around it, the game's centre. */
function renderFelt() {
  document.getElementById("felt-title").textContent = w("table");
  document.getElementById("seats-panel").replaceChildren(
    h("h2", { id: "seats-title", class: "sr-only" }, t("seatsTitle")), ...seatPlates(frame, { scoreWord: renderer.scoreWord || "score" }));
  document.getElementById("felt").dataset.seats = String(frame.seats.length);
  const ctx = { frame, seat: frame.seat, name: (i) => seatName(frame, i), lastSheet: null, events: () => [] };
  let content;
  try { content = renderer.board(frame.view, ctx); } catch (exc) { content = h("pre", {}, String(exc)); }
  document.getElementById("board").replaceChildren(h("h2", { id: "board-title", class: "sr-only" }, t("board")), content);
}

function cardsOf(action) {
  if (Array.isArray(action.cards)) return action.cards;
  return typeof action.card === "string" ? [action.card] : [];
}

/** Your hand as cards: the suggested move's marked; a card that is a whole move by itself (a
 * card to lay, a bid card) plays it on a click, any other move is a button beside the coach. */
function renderHand() {
  const area = document.getElementById("play-area");
  const hand = Array.isArray(frame.view.hand) ? handOrder(frame.view.hand, settings().sort, null, frame.game === "cribbage") : [];
  const moves = frame.over ? [] : frame.legal;
  const alone = new Map();
  for (const token of hand) {
    const uses = moves.filter((m) => cardsOf(m.action).includes(token));
    if (uses.length === 1 && cardsOf(uses[0].action).length === 1) alone.set(token, uses[0]);
  }
  const suggested = frame.over || frame.suggested === null ? [] : cardsOf(frame.legal[frame.suggested].action);
  const usable = new Set(moves.flatMap((m) => cardsOf(m.action)));
  const cards = hand.map((token) => {
    const move = alone.get(token);
    // at your turn a card no move uses is dimmed, as at the table
    const playable = !moves.length || usable.has(token);
    const el = cardElement(token, move ? { onClick: () => play(move.action), playable } : { playable });
    if (move) {
      el.removeAttribute("aria-pressed"); // a button that acts at once, not a toggle
      el.classList.add("one-click");
      el.append(h("span", { class: "sr-only" }, `, ${w("playsAlone")}`));
    }
    if (suggested.includes(token)) {
      el.classList.add("suggested");
      if (move) el.append(h("span", { class: "sr-only" }, `, ${w("suggestedMark")}`));
      else el.setAttribute("aria-label", `${el.getAttribute("aria-label")}, ${w("suggestedMark")}`);
    }
    return el;
  });
  const row = h("div", { id: "hand", class: "hand fanned", role: "group", "aria-label": t("hand") }, cards);
  row.style.setProperty("--n", String(hand.length)); // the fan's overlap (table.css)
  area.replaceChildren(h("h2", { id: "hand-title", class: "sr-only" }, t("hand")), h("div", { class: "hand-row" }, row));
}

/** Each step's words for a screen reader, in the one live region that stays on the page. */
function speak() {
  const step = frame.over ? [frame.said, frame.closing]
    : [frame.said, `${w("phase")}: ${frame.phase}`, `${w("suggested")}: ${frame.legal[frame.suggested]?.label ?? ""}`];
  document.getElementById("coach-live").textContent = step.filter(Boolean).join(" ");
}

function renderCoach() {
  const coach = document.getElementById("coach");
  const parts = [h("h2", { id: "coach-title" }, w("coach")),
    h("p", { class: "learn-said", id: "said" }, frame.said || "")];
  if (!frame.over) {
    const suggested = frame.legal[frame.suggested];
    parts.push(
      h("p", { id: "phase" }, h("strong", {}, `${w("phase")}: `), frame.phase),
      h("p", { id: "suggested" }, h("strong", {}, `${w("suggested")}: `), suggested.label),
      h("p", { id: "why" }, h("strong", {}, `${w("why")}: `), frame.why),
      h("h3", { id: "moves-title" }, w("moves")),
      h("ul", { class: "learn-moves", "aria-labelledby": "moves-title" }, frame.legal.map((m, i) => {
        const mark = i === frame.suggested;
        return h("li", {}, h("button", { type: "button", class: mark ? "primary suggested" : "",
          "data-index": String(i), "aria-label": mark ? `${m.label} (${w("suggestedMark")})` : m.label,
          onclick: () => play(m.action) }, m.label));
      })));
  }
  coach.replaceChildren(...parts);
}

function renderEnd() {
  const end = document.getElementById("end");
  end.hidden = !frame.over;
  if (!frame.over) { end.replaceChildren(); return; }
  end.replaceChildren(
    h("h2", { id: "end-title" }, w("end")),
    h("p", {}, frame.closing),
    h("ul", { id: "sheet" }, frame.sheet.map((line) => h("li", {}, line))),
    h("p", {},
      h("button", { type: "button", class: "primary", id: "real-hand", onclick: realHand }, w("realHand")),
      " ",
      h("button", { type: "button", id: "again", onclick: () => { told = []; start(); } }, w("again"))));
}

/** The lobby's "Play now", with facile bots: the game's default config, started at once. */
async function realHand(event) {
  const button = event.currentTarget;
  button.disabled = true;
  try {
    const games = await getJSON("/api/games");
    const game = games.find((g) => g.id === gameId);
    const n = game.config.find((f) => f.name === "players").default;
    const body = { game: gameId, config: {}, seats: ["human", ...Array(n - 1).fill(REAL_LEVEL)], start: true };
    const created = await postJSON(`/api/tables?lang=${getLang()}`, body);
    const mine = created.seats.find((s) => s.seat === 0);
    const url = new URL(mine.url, location.origin);
    url.searchParams.set("lang", getLang());
    rememberTable({ id: created.table, game: gameId, url: url.href, owner: created.owner, seat: 0,
                    created: Date.now() });
    localStorage.setItem(`mazzo.owner.${created.table}`, created.owner);
    location.assign(url.href);
  } catch (exc) {
    showError(exc);
    button.disabled = false;
  }
}

function main() {
  document.getElementById("lang").addEventListener("change", (e) => { setLang(e.target.value); relabel(); });
  renderTexts();
  if (!gameId) { document.getElementById("learn-error").textContent = w("noGame"); return; }
  start().then(() => { document.body.dataset.ready = "true"; });
}

main();

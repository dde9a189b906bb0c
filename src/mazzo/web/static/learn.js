// "Learn to play": a game's guided first hand. The lesson runs on the server, through the engine
// (POST /api/lessons/{game}, then .../{id}/move); this page draws each frame: the table as the
// learner's seat sees it (the engine's own text of the view, as `mazzo play` prints it), the
// coach's words beside it, the legal moves as buttons (the suggested one first in focus), what
// the other seats did, and at the end the hand's score sheet and a real hand against facile.
import { getJSON, h, postJSON, rememberTable } from "./api.js";
import { getLang, setLang } from "./i18n.js";

// this page's own words (the lobby's link to it is in i18n.js)
const WORDS = {
  it: {
    title: "Impara a giocare", table: "Il tavolo", coach: "La lezione", phase: "Fase",
    suggested: "Mossa suggerita", why: "Perché", moves: "Le mosse ammesse", told: "Cosa è successo",
    end: "Fine della mano", realHand: "Gioca una mano vera contro facile", again: "Ricomincia la lezione",
    suggestedMark: "suggerita", language: "Lingua", lobby: "Torna all'ingresso", noGame: "Nessun gioco indicato.",
  },
  en: {
    title: "Learn to play", table: "The table", coach: "The lesson", phase: "Phase",
    suggested: "Suggested move", why: "Why", moves: "The moves allowed", told: "What happened",
    end: "End of the hand", realHand: "Play a real hand against facile", again: "Start the lesson again",
    suggestedMark: "suggested", language: "Language", lobby: "Back to the lobby", noGame: "No game named.",
  },
};
// the level a learner plays against after the lesson
const REAL_LEVEL = "facile";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let frame = null;
let told = [];
// frames drawn so far (tests wait on body[data-frames] to know a move has been answered)
let frames = 0;

function w(key) { return WORDS[getLang()][key]; }

function showError(exc) {
  document.getElementById("learn-error").textContent = exc.data?.message || String(exc.message || exc);
}

async function start() {
  try {
    frame = await postJSON(`/api/lessons/${encodeURIComponent(gameId)}?lang=${getLang()}`, {});
    told = [...frame.told];
    render(true);
  } catch (exc) { showError(exc); }
}

async function move(action) {
  document.getElementById("learn-error").textContent = "";
  for (const button of document.querySelectorAll(".learn-moves button")) button.disabled = true;
  try {
    frame = await postJSON(`/api/lessons/${gameId}/${frame.id}/move?lang=${getLang()}`, { action });
    told.push(...frame.told);
    render(true);
  } catch (exc) {
    showError(exc);
    for (const button of document.querySelectorAll(".learn-moves button")) button.disabled = false;
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
  document.getElementById("learn-board").replaceChildren(
    h("h2", { id: "table-title" }, w("table")),
    h("pre", { class: "learn-table", id: "learn-table" }, frame.table));
  renderCoach();
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

function renderCoach() {
  const coach = document.getElementById("coach");
  const parts = [h("h2", { id: "coach-title" }, w("coach")),
    h("p", { class: "learn-said", id: "said", "aria-live": "polite" }, frame.said || "")];
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
          onclick: () => move(m.action) }, m.label));
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

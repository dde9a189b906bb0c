// Finding a game in the lobby: "Open tables" (public tables waiting for players, with a Join
// button), "Watch" (public matches being played) and "Quick match" (a queue per game and player
// count, bots after a chosen wait). The lists refresh every few seconds; every name is text.
import { getJSON, h, postJSON, rememberTable } from "./api.js";
import { getLang, t } from "./i18n.js";

// how often the lists are read again while the page is shown (ms)
const REFRESH_MS = 5000;
// how often a waiting ticket is asked about when its websocket is away (ms); the server
// drops a ticket nobody asks about for 30 s
const POLL_MS = 2000;
// the guest's nickname, kept between visits
const NICKNAME_KEY = "mazzo.nickname";
// "fill with bots after": seconds (null: never), and its words' key
const BOTS_AFTER = [[30, "botsAfter30"], [120, "botsAfter120"], [null, "botsNever"]];

let games = [];
let refreshing = null;
// the quick match being waited for: {ticket, game, began, socket, poller, clock}
let waiting = null;

function gameTitle(id) {
  const game = games.find((g) => g.id === id);
  return game ? game.title[getLang()] || id : id;
}

function nickname() { return (localStorage.getItem(NICKNAME_KEY) || "").trim(); }

function withLang(url) {
  const u = new URL(url);
  u.searchParams.set("lang", getLang());
  return u.toString();
}

/** Go to a seat just taken, keeping it among "Your tables". */
function goToSeat(answer, gameId) {
  const url = withLang(answer.seat.url);
  rememberTable({ id: answer.table, game: gameId, url, owner: null, seat: answer.seat.seat, created: Date.now() });
  location.assign(url);
}

/** A seat in a list: the player's name and rating ("Ada 1520"), or "free seat". */
function seatText(seat) {
  if (seat.open) return t("openSeat");
  return seat.rating === null || seat.rating === undefined ? seat.name : `${seat.name} ${seat.rating}`;
}

// -- the lists ----------------------------------------------------------------------------------

function openEntry(table, index) {
  const label = `${table.title} — ${table.variant}`;
  const error = h("span", { class: "error", role: "alert" });
  const join = h("button", { type: "button", class: "primary", "aria-label": `${t("joinTable", { n: index + 1 })}: ${label}`,
    onclick: async (e) => {
      e.currentTarget.disabled = true;
      try {
        const name = nickname();
        goToSeat(await postJSON(`/api/tables/${encodeURIComponent(table.table)}/join?lang=${getLang()}`, name ? { name } : {}), table.game);
      } catch (exc) {
        error.textContent = exc.message;
        join.disabled = false;
      }
    } }, t("join"));
  return h("li", { "data-table": table.table },
    h("span", { class: "table-label" }, label),
    table.rated ? h("span", { class: "badge" }, t("rated")) : null,
    h("span", { class: "small" }, t("seatsFree", { n: table.free })),
    h("span", { class: "small seat-names" }, table.seats.map(seatText).join(", ")),
    join, error);
}

function watchEntry(table) {
  const label = `${table.title} — ${table.variant}`;
  return h("li", { "data-table": table.table },
    h("span", { class: "table-label" }, label),
    table.rated ? h("span", { class: "badge" }, t("rated")) : null,
    h("span", { class: "small seat-names" }, table.seats.map(seatText).join(", ")),
    h("a", { class: "button", href: withLang(table.spectate), "aria-label": `${t("watch")}: ${label}` }, t("watch")));
}

async function renderList(sectionId, status, entry, empty) {
  const list = document.getElementById(`${sectionId}-list`);
  if (!list) return;
  let page;
  try {
    page = await getJSON(`/api/tables?status=${status}&lang=${getLang()}`);
  } catch {
    return; // kept as it was: the next refresh tries again
  }
  if (!page.tables.length) { list.replaceChildren(h("li", { class: "small" }, t(empty))); return; }
  list.replaceChildren(...page.tables.map(entry));
}

function refresh() {
  renderList("open-tables", "waiting", openEntry, "noOpenTables");
  renderList("watch-tables", "playing", watchEntry, "noWatchTables");
}

// -- quick match --------------------------------------------------------------------------------

function playerChoice(game) {
  const id = `qm-players-${game.id}`;
  const saved = game.config.find((f) => f.name === "players").default;
  return [h("label", { for: id }, t("players")),
    h("select", { id }, game.players.map((n) => h("option", { value: n, selected: n === saved }, String(n))))];
}

function botsChoice(game) {
  const id = `qm-bots-${game.id}`;
  return [h("label", { for: id }, t("botsAfter")),
    h("select", { id }, BOTS_AFTER.map(([seconds, key], i) =>
      h("option", { value: seconds === null ? "never" : String(seconds), selected: i === 0 }, t(key))))];
}

function renderQuickMatch() {
  const section = document.getElementById("quick-match");
  const nameId = "qm-nickname";
  const name = h("input", { id: nameId, type: "text", maxlength: 40, autocomplete: "nickname", value: nickname(),
    "aria-describedby": `${nameId}-help`, onchange: (e) => localStorage.setItem(NICKNAME_KEY, e.target.value.trim()) });
  section.replaceChildren(
    h("h2", { id: "quick-match-title" }, t("quickMatch")),
    h("p", { class: "small" }, t("quickMatchIntro")),
    h("div", { class: "field" }, h("label", { for: nameId }, t("yourNickname")), name,
      h("span", { id: `${nameId}-help`, class: "small field-help" }, t("nicknameHelp"))),
    h("ul", { class: "quick-match" }, games.map((game) => h("li", {},
      h("span", { class: "table-label" }, gameTitle(game.id)), ...playerChoice(game), ...botsChoice(game),
      h("button", { type: "button", class: "primary", id: `qm-find-${game.id}`,
        "aria-label": t("findGameFor", { game: gameTitle(game.id) }), onclick: () => findGame(game) }, t("findGame"))))),
    h("div", { id: "qm-waiting", "aria-live": "polite" }),
    h("p", { id: "qm-error", class: "error", role: "alert" }));
  if (waiting) showWaiting();
}

async function findGame(game) {
  const error = document.getElementById("qm-error");
  const bots = document.getElementById(`qm-bots-${game.id}`).value;
  const body = { game: game.id, players: Number(document.getElementById(`qm-players-${game.id}`).value),
    bots_after_s: bots === "never" ? null : Number(bots) };
  const name = nickname();
  if (name) body.name = name;
  error.textContent = "";
  try {
    const answer = await postJSON(`/api/quickmatch?lang=${getLang()}`, body);
    if (answer.status === "matched") { goToSeat(answer, game.id); return; }
    waitFor(answer, game.id);
  } catch (exc) {
    error.textContent = exc.message;
  }
}

/** Wait for a ticket: its websocket says when it is matched; a poll keeps going meanwhile in
 * case the socket drops (it also keeps the ticket alive). */
function waitFor(answer, gameId) {
  stopWaiting();
  waiting = { ticket: answer.ticket, game: gameId, began: Date.now() - 1000 * (answer.elapsed || 0), place: answer.position };
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/quickmatch/${encodeURIComponent(answer.ticket)}?lang=${getLang()}`);
  socket.onmessage = (message) => news(JSON.parse(message.data));
  waiting.socket = socket;
  waiting.poller = setInterval(async () => {
    try { news(await getJSON(`/api/quickmatch/${encodeURIComponent(waiting.ticket)}?lang=${getLang()}`)); } catch (exc) {
      if (exc.data) { document.getElementById("qm-error").textContent = exc.message; stopWaiting(); }
    }
  }, POLL_MS);
  waiting.clock = setInterval(showWaiting, 1000);
  showWaiting();
}

function news(frame) {
  if (!waiting) return;
  if (frame.type === "error") { document.getElementById("qm-error").textContent = frame.message; stopWaiting(); return; }
  if (frame.status === "matched") {
    const gameId = waiting.game;
    stopWaiting();
    document.getElementById("qm-waiting").textContent = t("matched");
    goToSeat(frame, gameId);
    return;
  }
  waiting.place = frame.position;
  showWaiting();
}

function showWaiting() {
  const box = document.getElementById("qm-waiting");
  if (!box || !waiting) return;
  const seconds = Math.floor((Date.now() - waiting.began) / 1000);
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  box.replaceChildren(
    h("p", { id: "qm-status" }, t("waitingFor", { game: gameTitle(waiting.game), time }),
      waiting.place ? ` (${t("queuePlace", { n: waiting.place })})` : ""),
    h("button", { type: "button", id: "qm-cancel", onclick: cancel }, t("cancel")));
}

function stopWaiting() {
  if (!waiting) return;
  waiting.socket?.close();
  clearInterval(waiting.poller);
  clearInterval(waiting.clock);
  waiting = null;
  const box = document.getElementById("qm-waiting");
  if (box) box.replaceChildren();
}

async function cancel() {
  if (!waiting) return;
  const ticket = waiting.ticket;
  stopWaiting();
  await fetch(`/api/quickmatch/${encodeURIComponent(ticket)}`, { method: "DELETE" }).catch(() => {});
}

// -- the whole ----------------------------------------------------------------------------------

/** Draw the finding sections for ``allGames`` (again after a change of language) and keep the
 * lists fresh while the page is shown. */
export function renderFinding(allGames) {
  games = allGames;
  for (const [id, title, intro] of [["open-tables", "openTables", "openTablesIntro"], ["watch-tables", "watchTables", "watchTablesIntro"]]) {
    document.getElementById(id).replaceChildren(
      h("h2", { id: `${id}-title` }, t(title)), h("p", { class: "small" }, t(intro)),
      h("ul", { class: "found-tables", id: `${id}-list` }));
  }
  renderQuickMatch();
  refresh();
  if (refreshing === null) {
    refreshing = setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  }
}

// The replay viewer of a finished match: step, jump, and see it through any seat's eyes
// (the server replays the record; the board is the table page's per-game renderer).
import { getJSON, h } from "./api.js";
import { cardElement, readable } from "./cards.js";
import { getLang, setGame, t } from "./i18n.js";
import { ReviewPanel } from "./review.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.search);
const state = { version: 0, total: 0, seat: params.has("seat") ? Number(params.get("seat")) : null, summary: null, board: null,
  asked: 0 }; // requests made: only the answer to the last one is drawn
state.review = new ReviewPanel(tableId, (version) => show(version));

// Quick clicks ask for several moments at once, and their answers may come in any order: an
// answer to an earlier click that came last would show a moment other than the one asked for.
async function show(version) {
  const asked = ++state.asked;
  const seat = state.seat === null ? "" : `&seat=${state.seat}`;
  const data = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/replay?version=${version}${seat}&lang=${getLang()}`);
  if (!state.board) state.board = await import(`./games/${data.game}.js`);
  if (asked !== state.asked) return;
  state.version = data.version;
  state.total = data.total;
  render(data);
}

function render(data) {
  const summary = state.summary;
  const frame = { seats: summary.seats, view: data.view, seat: state.seat };
  const name = (i) => summary.seats[i]?.label ?? summary.seats[i]?.name ?? `#${i + 1}`;
  document.body.dataset.version = String(data.version);
  const step = (v) => () => show(Math.max(0, Math.min(state.total, v)));
  const jump = h("input", { type: "range", id: "jump", min: 0, max: state.total, value: data.version, "aria-label": t("step"),
    onchange: (e) => show(Number(e.target.value)) });
  const who = h("select", { id: "view-as", onchange: (e) => { state.seat = e.target.value === "" ? null : Number(e.target.value); show(state.version); } },
    h("option", { value: "", selected: state.seat === null }, t("everyone")),
    summary.seats.map((s) => h("option", { value: s.seat, selected: state.seat === s.seat }, s.label ?? s.name)));
  document.getElementById("controls").replaceChildren(
    h("button", { type: "button", id: "first", onclick: step(0) }, t("first")),
    h("button", { type: "button", id: "prev", onclick: step(data.version - 1) }, t("prev")),
    h("button", { type: "button", id: "next", onclick: step(data.version + 1) }, t("next")),
    h("button", { type: "button", id: "last", onclick: step(state.total) }, t("last")),
    h("label", { for: "jump" }, `${t("step")} ${data.version} / ${state.total}`), jump,
    h("label", { for: "view-as" }, `${t("viewAs")} `, who)); // with its select: one piece
  document.getElementById("moment").replaceChildren(
    h("p", { id: "replay-action" }, data.action ? readable(data.action) : "—"),
    h("ul", { class: "plain" }, data.events.map((e) => h("li", {}, e))));
  let content;
  try { content = state.board.board(data.view, { frame, seat: state.seat, name }); } catch (exc) { content = h("pre", {}, String(exc)); }
  document.getElementById("board").replaceChildren(h("h2", { id: "board-title" }, t("board")), content);
  state.review.render(state.seat, data.version);
  const hand = Array.isArray(data.view.hand) ? data.view.hand : [];
  document.getElementById("replay-hand").replaceChildren(...(hand.length ? [h("h2", {}, `${t("hand")} — ${name(state.seat)}`), h("div", { class: "hand" }, hand.map((c) => cardElement(c)))] : []));
}

async function main() {
  document.documentElement.lang = getLang();
  document.getElementById("lobby-link").textContent = t("backLobby");
  try {
    state.summary = await getJSON(`/api/tables/${encodeURIComponent(tableId)}?lang=${getLang()}`);
    setGame(state.summary.game);
    const games = await getJSON("/api/games").catch(() => []);
    const game = games.find((g) => g.id === state.summary.game);
    const title = t("replayTitle", { game: game?.title[getLang()] || state.summary.game });
    document.getElementById("title").textContent = title;
    document.title = `${title} — mazzo`;
    if (state.summary.status !== "over") {
      document.getElementById("moment").replaceChildren(h("p", {}, t("replayNotOver")));
      return;
    }
    // a guest's answer is a refusal: no account, so only tokens and a public table allow a review
    const me = await getJSON("/api/me").catch(() => null);
    const held = (me?.tables ?? []).filter((entry) => entry.table === tableId).map((entry) => entry.seat);
    state.review.allow({ public: Boolean(state.summary.options?.public), seats: new Set(held) });
    await show(0);
    document.body.dataset.ready = "true";
  } catch (exc) {
    document.getElementById("moment").replaceChildren(h("p", { class: "error" }, exc.message));
  }
}

main();

// The end-of-hand overlay (#hand-summary): when a hand is over it explains it before the next
// deal, from that hand's score sheet (the part of the seat's own view the server kept when the
// hand ended) and its events, so it shows the hand that ended even when the server has already
// dealt the next one, and never a card the reader could not know. The game's own words come
// from games/<id>.js `handSummary(sheet, ctx)`; this module owns the dialog, its keyboard
// behaviour and the "next hand by itself" setting.
import { h } from "./api.js";
import { t } from "./i18n.js";

/** localStorage key of the player's "next hand by itself" setting ("1": on); a settings menu
 * may offer it through autoNext()/setAutoNext() */
export const autoNextKey = "mazzo.autoNextHand";
/** how long the overlay stays when it closes by itself, in ms */
export const AUTO_NEXT_MS = 6000;

export function autoNext() {
  try { return localStorage.getItem(autoNextKey) === "1"; } catch { return false; }
}

export function setAutoNext(on) {
  try { localStorage.setItem(autoNextKey, on ? "1" : "0"); } catch { /* private mode: this page only */ }
  if (state.dialog?.open) armTimer();
}

const state = {
  seen: null, // the newest hand already explained (or over before this page came)
  asked: new Set(), // hands whose sheet was asked for (one "sync" each)
  dialog: null, timer: null, countdown: null, closesAt: 0, returnTo: null, lastCtx: null,
};

/**
 * Called with every frame once the page has drawn it. ``hands`` is the page's log, hand by
 * hand ({hand, events: [{text, type, data}], sheet}); ``sync`` asks the server for the whole
 * log again (its answer carries the sheet of the hand just over); ``ctx`` is the boards' ctx.
 */
export function summaryOnFrame(frame, hands, board, ctx, sync) {
  // body[data-summary]: "pending" while a finished hand's sheet is asked for, "open" while the
  // overlay shows (tests and scripts wait on it); the whole log's arrival ends "pending"
  if (frame.log && document.body.dataset.summary === "pending") delete document.body.dataset.summary;
  const finished = hands.filter((hand) => hand.sheet);
  if (state.seen === null) {
    // hands over before this page came are in the history, not announced again
    state.seen = finished.length ? Math.max(...finished.map((hand) => hand.hand)) : 0;
    return;
  }
  const fresh = finished.filter((hand) => hand.hand > state.seen);
  if (fresh.length) {
    const hand = fresh.at(-1);
    state.seen = hand.hand;
    if (board.handSummary) open(frame, hand, board, ctx, hand === hands.at(-1) && frame.status === "over");
    return;
  }
  // a hand is over when the next one has begun, or the match has ended: its sheet comes with
  // the whole log, asked for once
  const last = hands.at(-1);
  const over = hands.filter((hand) => !hand.sheet && hand.hand > state.seen
    && (hand !== last || frame.status === "over"));
  const wanted = over.at(-1);
  if (wanted && !state.asked.has(wanted.hand)) {
    state.asked.add(wanted.hand);
    document.body.dataset.summary = "pending";
    sync();
  }
}

function dialog() {
  if (state.dialog) return state.dialog;
  const el = h("dialog", { id: "hand-summary", class: "hand-summary", role: "dialog", "aria-modal": "true",
    "aria-labelledby": "hand-summary-title", "aria-describedby": "hand-summary-verdict" });
  // Esc closes a modal dialog by itself; focus goes back where it was either way
  el.addEventListener("close", closed);
  document.body.append(el);
  state.dialog = el;
  return el;
}

function open(frame, hand, board, ctx, matchOver) {
  const el = dialog();
  let drawn;
  try {
    drawn = board.handSummary(hand.sheet, { ...ctx, hand: hand.hand, events: hand.events.map((e) => e.data ?? e) });
  } catch (exc) {
    drawn = { verdict: "", body: h("pre", {}, String(exc)) };
  }
  if (!drawn) return;
  const title = t("summaryTitle", { hand: t("handNo", { n: hand.hand }) });
  const next = h("button", { type: "button", class: "primary", id: "hand-summary-next", onclick: dismiss },
    t(matchOver ? "summaryClose" : "summaryNext"));
  const auto = h("input", { type: "checkbox", id: "hand-summary-auto", checked: autoNext(),
    onchange: (e) => setAutoNext(e.target.checked) });
  const timer = h("p", { id: "hand-summary-timer", class: "small", "aria-live": "off" });
  el.dataset.hand = String(hand.hand);
  el.replaceChildren(
    h("h2", { id: "hand-summary-title" }, title),
    h("p", { id: "hand-summary-verdict", class: "verdict" }, drawn.verdict || ""),
    h("div", { class: "summary-body" }, drawn.body),
    scoresAfter(frame, hand.sheet, ctx),
    h("div", { class: "summary-actions" }, next,
      matchOver ? null : h("label", { class: "auto-next" }, auto, ` ${t("summaryAuto")}`), timer));
  state.lastCtx = { matchOver };
  if (!el.open) {
    state.returnTo = document.activeElement;
    el.showModal();
  }
  document.body.dataset.summary = "open";
  // the reader starts at the top (the verdict), the keyboard on the button that goes on
  next.focus({ preventScroll: true });
  el.scrollTop = 0;
  armTimer();
}

/** The match score after the hand, each seat's (equal to the engine's scores then). */
function scoresAfter(frame, sheet, ctx) {
  if (!Array.isArray(sheet.scores)) return null;
  const fmt = (v) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100));
  return h("section", { class: "summary-scores" }, h("h3", {}, t("handScores")),
    h("dl", { class: "facts" }, frame.seats.flatMap((s) => [h("dt", {}, ctx.name(s.seat)),
      h("dd", { "data-figure": `score-${s.seat}` }, fmt(sheet.scores[s.seat]))])));
}

function armTimer() {
  clearTimeout(state.timer);
  clearInterval(state.countdown);
  const el = state.dialog;
  const line = document.getElementById("hand-summary-timer");
  if (!el?.open || !line) return;
  if (!autoNext() || state.lastCtx?.matchOver) { line.textContent = ""; return; }
  state.closesAt = performance.now() + AUTO_NEXT_MS;
  const show = () => { line.textContent = t("summaryClosing", { s: Math.max(0, Math.ceil((state.closesAt - performance.now()) / 1000)) }); };
  show();
  state.countdown = setInterval(show, 500);
  state.timer = setTimeout(() => { if (el.open) dismiss(); }, AUTO_NEXT_MS);
}

/** Close the overlay; the page says so at once (the dialog's "close" event comes a task later). */
function dismiss() {
  delete document.body.dataset.summary;
  state.dialog?.close();
}

function closed() {
  delete document.body.dataset.summary;
  clearTimeout(state.timer);
  clearInterval(state.countdown);
  // the element focused before may have been redrawn meanwhile: then the first move, or the page
  const was = state.returnTo;
  const back = was?.isConnected && was !== document.body ? was
    : document.querySelector("#moves .move:not(:disabled)") || document.getElementById("title");
  state.returnTo = null;
  if (back) {
    if (!back.hasAttribute("tabindex") && back.id === "title") back.setAttribute("tabindex", "-1");
    back.focus();
  }
}

// -- shared pieces for the games' summaries ---------------------------------------------------

/** A table of figures: one row per player or side, each figure cell marked for tests and
 * readers by ``figure`` (e.g. "points-2"), a ``note`` after it; rows: [{head, cells: [{text,
 * figure, note}], win}];
 * ``winText`` names a row marked as won. On a phone each row becomes a card whose figures are
 * labelled by their column (style.css), so nothing is squeezed into a narrow column. */
export function summaryTable(corner, columns, rows, winText = t("summaryWon")) {
  // the explicit roles keep the table's semantics when a phone lays its rows out as blocks
  const cellOf = (cell, i) => (cell instanceof Node ? h("td", { role: "cell", class: "cards-cell" }, cell)
    : h("td", { role: "cell", "data-label": columns[i] },
      h("span", { "data-figure": cell.figure || null }, cell.text ?? String(cell)), cell.note ? ` ${cell.note}` : null));
  return h("table", { class: "sheet summary-table", role: "table" },
    h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, h("th", { scope: "col", role: "columnheader" }, h("span", { class: "sr-only" }, corner)),
      columns.map((label) => h("th", { scope: "col", role: "columnheader" }, label)))),
    h("tbody", { role: "rowgroup" }, rows.map((row) => h("tr", { role: "row", class: row.win ? "won" : null },
      h("th", { scope: "row", role: "rowheader" }, row.head, row.win ? h("span", { class: "won-mark" }, ` ★ ${winText}`) : null),
      row.cells.map(cellOf)))));
}

/** Names joined as people say them: "A", "A and B", "A, B and C". */
export function nameList(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("summaryAnd")} ${names.at(-1)}`;
}

// Shared pieces of the per-game boards. Each games/<id>.js exports board(view, ctx) -> Element
// (drawn from the view only) and may export handNote(view) -> Element|null.
import { h } from "../api.js";
import { cardBack, cardElement, cardRow } from "../cards.js";
import { t } from "../i18n.js";

export { cardBack, cardElement, cardRow, h, t };

export function seatName(frame, seat) {
  const entry = frame.seats?.find((s) => s.seat === seat);
  // the label is the name the server's texts use (a nickname, "Bot medio")
  return entry ? entry.label ?? entry.name : `#${seat + 1}`;
}

/** A titled block of the board. */
export function block(title, ...children) {
  return h("section", { class: "block" }, h("h3", {}, title), ...children);
}

/** A block that takes the board's whole width (tables, melds). */
export function wideBlock(title, ...children) {
  const el = block(title, ...children);
  el.classList.add("wide");
  return el;
}

/** A definition list from [term, value] pairs (values may be elements). */
export function facts(pairs) {
  return h("dl", { class: "facts" }, pairs.filter(Boolean).flatMap(([term, value]) => [h("dt", {}, term), h("dd", {}, value)]));
}

/** n face-down cards shown as backs, labelled with the count. */
export function backs(n, label) {
  const row = h("div", { class: "card-row backs", role: "img", "aria-label": label });
  for (let i = 0; i < Math.min(n, 12); i++) {
    const back = cardBack("");
    back.removeAttribute("role");
    back.setAttribute("aria-hidden", "true");
    row.append(back);
  }
  if (n > 12) row.append(h("span", { class: "more", "aria-hidden": "true" }, `+${n - 12}`));
  return row;
}

export function num(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

export function grid(...children) { return h("div", { class: "board-grid" }, ...children); }

/** A table of figures, one row per player, that reads as a table where there is room and, in a
 * narrow box (a 360 px phone, a hand-history card), as one card per player with each figure
 * labelled by its column: the CSS container query on .sheet-box lays it out, so there is one
 * markup and nothing scrolls sideways. The explicit roles keep the table's semantics for
 * screen readers when CSS lays its rows out as blocks.
 * corner: the (visually hidden) header of the row names; columns: the other headers;
 * rows: [{head, cells, class}], one cell per column. */
export function figureTable(corner, columns, rows) {
  const header = h("tr", { role: "row" }, h("th", { scope: "col", role: "columnheader" }, h("span", { class: "sr-only" }, corner)),
    columns.map((label) => h("th", { scope: "col", role: "columnheader" }, label)));
  const body = rows.map((row) => h("tr", { role: "row", class: row.class || null },
    h("th", { scope: "row", role: "rowheader" }, row.head),
    row.cells.map((cell, i) => h("td", { role: "cell", "data-label": columns[i] }, cell))));
  return h("div", { class: "sheet-box" }, h("table", { class: "sheet stacking", role: "table" },
    h("thead", { role: "rowgroup" }, header), h("tbody", { role: "rowgroup" }, body)));
}

// -- the felt: places around the table, relative to the seat that looks at it ------------------

/** Where each relative seat sits, by table size: you at the bottom, the others clockwise (the
 * next seat on your left), so a partner in a four-seat pairs game sits opposite. */
const PLACES = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "left", "top-left", "top", "top-right", "right"],
  7: ["bottom", "bottom-left", "left", "top-left", "top-right", "right", "bottom-right"],
  8: ["bottom", "bottom-left", "left", "top-left", "top", "top-right", "right", "bottom-right"],
};

/** The place of ``seat`` at a table of ``n`` seen from ``me`` (a spectator sees it from seat 0). */
export function placeOf(seat, me, n) {
  const size = Math.max(1, Math.min(8, n));
  const places = PLACES[size];
  return places[(((seat - (me ?? 0)) % size) + size) % size] || "top";
}

/** The seat that looks at the board (the page's, or seat 0 for a spectator and the replay). */
export function viewer(view, ctx) {
  const seat = ctx?.seat ?? view.seat;
  return typeof seat === "number" ? seat : 0;
}

/** Things laid in front of each seat (a trick, the cards pegged, the bets, the bids), each at
 * its seat's place on a small compass, so the table reads as a table: ``items`` is
 * [[seat, element]]; ``middle`` goes in the middle (the count, the pot). */
export function around(view, ctx, n, items, middle = null, label = "") {
  const me = viewer(view, ctx);
  const box = h("div", { class: "around", role: "group", "aria-label": label || null });
  for (const [seat, el] of items) {
    if (!el) continue;
    box.append(h("div", { class: `spot at-${placeOf(seat, me, n)}`, "data-spot": seat }, el));
  }
  if (middle) box.append(h("div", { class: "spot at-middle" }, middle));
  return box;
}

/** Cards laid as an overlapping fan (a meld, the discard pile, a hand of backs). */
export function fan(tokens, label, opts = {}) {
  const row = cardRow(tokens, label, opts);
  row.classList.add("fan");
  return row;
}

/** A stack of chips with its amount, for a bet or a pot: the figure is the chip's words. */
export function chips(amount, label) {
  const stack = h("span", { class: "chips", role: "img", "aria-label": label },
    h("span", { class: "chip", "aria-hidden": "true" }), h("span", { class: "chip", "aria-hidden": "true" }),
    h("span", { class: "chip-amount", "aria-hidden": "true" }, String(amount)));
  return stack;
}

/** The part of the centre a player needs at their turn (the trick, the pile, the count): the
 * page keeps it on screen with the hand (the phone rule). */
export function core(...children) {
  return h("div", { class: "centre-core" }, ...children);
}

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

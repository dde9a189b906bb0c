// Burraco: both sides' melds (a wild shown where it stands), the pile, the stock and pozzetti,
// cards left per player, the running tally and the last hand's score lines.
import { cardText } from "../cards.js";
import { backs, block, wideBlock, cardElement, cardRow, facts, grid, h, num, t } from "./common.js";

const LINES = {
  it: ["burraco", "chiusura", "carte calate", "carte in mano", "pozzetto", "totale"],
  en: ["burraco", "closing", "melded cards", "cards in hand", "pozzetto", "total"],
};

function meldElement(meld, index) {
  // the meld's text names each wild where it stands, e.g. "J★'(=8♥) 9♥' 10♥' J♥"
  const parts = meld.text.split(" ");
  const row = h("div", { class: "meld card-row", role: "group", "aria-label": `${index + 1}: ${meld.text}` });
  meld.cards.forEach((card, i) => {
    const el = cardElement(card, { small: true });
    const m = /\(=(.+)\)$/.exec(parts[i] || "");
    if (m) {
      el.classList.add("wild");
      el.append(h("span", { class: "wild-at", "aria-hidden": "true" }, `=${cardText(m[1])}`));
      el.setAttribute("aria-label", `${el.getAttribute("aria-label")}, ${t("wildAt", { card: cardText(m[1]) })}`);
    }
    row.append(el);
  });
  if (meld.burraco) row.append(h("span", { class: "tag" }, `${t("burraco")} ${meld.burraco === "clean" ? t("clean") : meld.burraco === "dirty" ? t("dirty") : meld.burraco}`));
  return h("li", {}, h("span", { class: "meld-no" }, `${index + 1}.`), row);
}

/** The last hand's score lines (also the hand history's sheet, from the view kept then): one
 * column per side and one row per line, as on a paper score sheet, so that it fits a phone. */
export function handSheet(view, ctx) {
  const lang = document.documentElement.lang === "it" ? "it" : "en";
  const last = view.last_hand;
  if (!last || !last.lines || !last.lines.length) return null;
  const sides = last.lines.map((_, i) => (last.sides[i] || []).map(ctx.name).join(" + "));
  const total = LINES[lang].length - 1;
  return wideBlock(t("lastHand"), h("table", { class: "sheet by-side" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), sides.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, LINES[lang].map((label, k) => h("tr", k === total ? { class: "total" } : {},
      h("th", { scope: "row" }, label), last.lines.map((line) => h("td", {}, num(line[k]))))))));
}

export function board(view, ctx) {
  const sides = view.sides.map((seats, side) => {
    const names = seats.map(ctx.name).join(" + ");
    const melds = view.melds[side] || [];
    return wideBlock(`${names} — ${t("running")}: ${num(view.running[side] ?? 0)}`,
      melds.length ? h("ol", { class: "melds plain" }, melds.map(meldElement)) : h("p", {}, "—"),
      h("p", { class: "small" }, view.pozzetto_taken[side] ? t("pozzettoTaken") : t("pozzettoLeft", { n: view.pozzetti[side] ?? 0 })));
  });
  const lines = handSheet(view, ctx);
  return grid(
    block(t("pile"), view.pile.length ? cardRow(view.pile, t("pile"), { small: true }) : h("p", {}, "—"),
      facts([[t("stock"), String(view.stock)], [t("pozzetti"), view.pozzetti.map(String).join(", ")]])),
    ...sides,
    block(t("hands"), facts(view.hand_counts.map((n, seat) => [ctx.name(seat), seat === view.seat ? t("cards", { n }) : backs(n, t("cards", { n }))]))),
    lines,
  );
}

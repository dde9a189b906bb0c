// Burraco: both sides' melds (a wild shown where it stands), the pile, the stock and pozzetti,
// cards left per player, the running tally and the last hand's score lines.
import { cardText } from "../cards.js";
import { backs, block, wideBlock, cardElement, cardRow, facts, grid, h, num, t } from "./common.js";

const LINES = {
  it: ["burraco", "chiusura", "carte calate", "carte in mano", "pozzetto", "totale"],
  en: ["burraco", "closing", "melded cards", "cards in hand", "pozzetto", "total"],
};

// the engine's kinds of burraco, in words (the Italian names are the game's own)
const BURRACI = {
  it: { pulito: "burraco pulito", semipulito: "burraco semipulito", sporco: "burraco sporco" },
  en: { pulito: "clean burraco (pulito)", semipulito: "semi-clean burraco (semipulito)", sporco: "dirty burraco (sporco)" },
};
const lang = () => (document.documentElement.lang === "it" ? "it" : "en");

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
  if (meld.burraco) row.append(h("span", { class: "tag" }, BURRACI[lang()][meld.burraco] || `${t("burraco")} ${meld.burraco}`));
  return h("li", {}, h("span", { class: "meld-no" }, `${index + 1}.`), row);
}

/** The seats of each side with the side's id (melds, running points and pozzetti are kept by
 * side id: in a 3-player match the pair's id is its first player's seat, not its place). */
function sidesOf(table) {
  return table.sides.map((seats) => ({ seats, id: table.side_of[seats[0]] }));
}

/** One side's melds as they stand, its points on the table and its pozzetto. */
function sideBlock(table, side, taken, ctx, title) {
  const melds = table.melds[side.id] || [];
  const el = wideBlock(title ?? `${side.seats.map(ctx.name).join(" + ")} — ${t("running")}: ${num(table.running[side.id] ?? 0)}`,
    melds.length ? h("ol", { class: "melds plain" }, melds.map(meldElement)) : h("p", {}, "—"),
    h("p", { class: "small" }, taken ? t("pozzettoTaken") : t("pozzettoNotTaken")));
  el.classList.add("side");
  return el;
}

/** The last hand's score lines (also the hand history's sheet, from the view kept then): one
 * column per side and one row per line, as on a paper score sheet, so that it fits a phone.
 * A sheet from the log also has the table as the hand closed (final), folded below it. */
export function handSheet(view, ctx) {
  const last = view.last_hand;
  if (!last || !last.lines || !last.lines.length) return null;
  const sides = last.lines.map((_, i) => (last.sides[i] || []).map(ctx.name).join(" + "));
  const total = LINES[lang()].length - 1;
  const lines = h("table", { class: "sheet by-side" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), sides.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, LINES[lang()].map((label, k) => h("tr", k === total ? { class: "total" } : {},
      h("th", { scope: "row" }, label), last.lines.map((line) => h("td", {}, num(line[k])))))));
  const final = view.final && view.pozzetto_taken ? h("details", { class: "final-table" },
    h("summary", {}, t("tableAtClose")),
    sidesOf(view.final).map((side) => sideBlock(view.final, side, view.pozzetto_taken[side.id], ctx))) : null;
  return wideBlock(t("lastHand"), lines, final);
}

/** The end of the match: the table as the last hand closed (the melds each side laid and
 * their pozzetti, from the log's last sheet: the engine collects the cards when it scores the
 * hand), its score lines and the final scores, instead of an empty table. */
function matchOver(view, ctx) {
  const final = ctx.lastSheet?.final;
  const scores = sidesOf(view).map((side) => [side.seats.map(ctx.name).join(" + "),
    side.seats.map((seat) => num(view.scores[seat])).filter((v, i, all) => all.indexOf(v) === i).join(" / ")]);
  return grid(
    wideBlock(`${t("over")} — ${t("finalScores")}`, facts(scores)),
    ...(final ? sidesOf(final).map((side) => sideBlock(final, side, view.pozzetto_taken[side.id], ctx,
      `${side.seats.map(ctx.name).join(" + ")} — ${t("closedWith", { n: view.hand_number, points: num(final.running[side.id] ?? 0) })}`)) : []),
    handSheet(view, ctx),
  );
}

export function board(view, ctx) {
  if (view.phase === "over") return matchOver(view, ctx);
  const sides = sidesOf(view).map((side) => sideBlock(view, side, view.pozzetto_taken[side.id], ctx));
  return grid(
    block(t("pile"), view.pile.length ? cardRow(view.pile, t("pile"), { small: true }) : h("p", {}, "—"),
      facts([[t("stock"), String(view.stock)], [t("pozzetti"), view.pozzetti.map(String).join(", ") || "—"]])),
    ...sides,
    block(t("hands"), facts(view.hand_counts.map((n, seat) => [ctx.name(seat), seat === view.seat ? t("cards", { n }) : backs(n, t("cards", { n }))]))),
    handSheet(view, ctx),
  );
}

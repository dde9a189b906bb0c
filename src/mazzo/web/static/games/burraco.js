// Burraco: both sides' melds (a wild shown where it stands), the pile, the stock and pozzetti,
// cards left per player, the running tally and the last hand's score lines.
import { cardText } from "../cards.js";
import { backs, block, core, wideBlock, cardElement, cardRow, facts, grid, h, num, t } from "./common.js";
import { addGameWords } from "../i18n.js";

// This game's words on the table's pages, registered with i18n.js as the module loads: the shared
// keys it words otherwise (its rules, docs/rules/burraco.it.md, and its log call a hand a
// "smazzata"), and its end-of-hand overlay's and aids' own.
export const TABLE_WORDS = {
  it: {
    handNo: "Smazzata {n}", lastHand: "Ultima smazzata", handCol: "Smazzata", history: "Storia delle smazzate",
    historyIntro: "Smazzata per smazzata: cosa è successo e il foglio dei punti.",
    handScores: "Punti a fine smazzata", inProgress: "smazzata in corso",
    omittedHands: ["{n} smazzata precedente non mostrata", "{n} smazzate precedenti non mostrate"],
    tableAtClose: "Il tavolo a fine smazzata", closedWith: "a fine smazzata {n}: {points} punti in tavola",
    hiddenHand: "nascosto fino a fine smazzata",
    fairnessIntroHand: "Ogni mescolata ha un impegno SHA-256 pubblicato subito; il seed si svela a smazzata finita.",
    summaryNext: "Prossima smazzata", summaryAuto: "Prossima smazzata da sola dopo qualche secondo",
    buVerdict: "{names} vincono la smazzata: {n} contro {rest}", buVerdictTie: "Smazzata pari: {names} con {n}",
    buCanAttach: "si può attaccare", buAttachable: ["{n} carta si può attaccare a una combinazione in tavola (segnata)",
      "{n} carte si possono attaccare a una combinazione in tavola (segnate)"],
  },
  en: {
    summaryNext: "Next hand",
    buVerdict: "{names} take the hand: {n} against {rest}", buVerdictTie: "A level hand: {names} on {n}",
    buCanAttach: "can attach", buAttachable: ["{n} card can attach to a meld on the table (marked)",
      "{n} cards can attach to a meld on the table (marked)"],
  },
};
addGameWords("burraco", TABLE_WORDS);

const LINES = {
  it: ["burraco", "chiusura", "carte calate", "carte in mano", "pozzetto", "totale"],
  en: ["burraco", "closing", "melded cards", "cards in hand", "pozzetto", "total"],
};

// the engine's kinds of burraco, in words (the Italian names are the game's own)
const BURRACI = {
  it: { pulito: "burraco pulito", semipulito: "burraco semipulito", sporco: "burraco sporco" },
  en: { pulito: "burraco pulito (clean)", semipulito: "burraco semipulito (semi-clean)", sporco: "burraco sporco (dirty)" },
};
const lang = () => (document.documentElement.lang === "it" ? "it" : "en");

function meldElement(meld, index) {
  // the meld's text names each wild where it stands, e.g. "J★'(=8♥) 9♥' 10♥' J♥"
  const parts = meld.text.split(" ");
  const row = h("div", { class: "meld card-row fan", role: "group", "aria-label": `${index + 1}: ${meld.text}` });
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
  const kind = meld.burraco ? h("span", { class: "tag" }, BURRACI[lang()][meld.burraco] || `${t("burraco")} ${meld.burraco}`) : null;
  return h("li", {}, h("span", { class: "meld-no" }, `${index + 1}.`), row, kind);
}

const names = (seats, ctx) => seats.map(ctx.name).join(" + ");

/** One side's melds under a title, and whether it took its pozzetto. */
function sideBlock(title, melds, taken) {
  const el = wideBlock(title,
    melds.length ? h("ol", { class: "melds plain" }, melds.map(meldElement)) : h("p", {}, "—"),
    h("p", { class: "small" }, taken ? t("pozzettoTaken") : t("pozzettoNotTaken")));
  el.classList.add("side");
  return el;
}

/** Each side of the table as it stands, with its points on the table. Melds, running points
 * and pozzetti are kept by side id: in a 3-player match the pair's id is its first player's
 * seat, not its place among the sides. */
function tableSides(view, ctx) {
  return view.sides.map((seats) => {
    const id = view.side_of[seats[0]];
    return sideBlock(`${names(seats, ctx)} — ${t("running")}: ${num(view.running[id] ?? 0)}`,
      view.melds[id] || [], view.pozzetto_taken[id]);
  });
}

/** Each side of the last hand as it closed, from the view's last hand: its melds are listed
 * like its sides and score lines. A side's points on the table are its line's burraco and
 * melded cards, and the line's pozzetto is 0 exactly when the side took it. */
function closedSides(last, ctx, title) {
  return last.sides.map((seats, i) => {
    const line = last.lines[i];
    return sideBlock(title(seats, line[0] + line[2]), last.melds[i], line[4] === 0);
  });
}

/** The last hand's score lines: one column per side and one row per line, as on a paper score
 * sheet, so that it fits a phone. With ``withTable`` (the hand history's sheets) the table as
 * the hand closed is folded below it; a board that shows that table itself leaves it out. */
export function handSheet(view, ctx, withTable = true) {
  const last = view.last_hand;
  if (!last || !last.lines || !last.lines.length) return null;
  const sides = last.lines.map((_, i) => names(last.sides[i] || [], ctx));
  const total = LINES[lang()].length - 1;
  const lines = h("table", { class: "sheet by-side" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), sides.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, LINES[lang()].map((label, k) => h("tr", k === total ? { class: "total" } : {},
      h("th", { scope: "row" }, label), last.lines.map((line) => h("td", {}, num(line[k])))))));
  const table = withTable ? h("details", { class: "final-table" }, h("summary", {}, t("tableAtClose")),
    closedSides(last, ctx, (seats, points) => `${names(seats, ctx)} — ${t("running")}: ${num(points)}`)) : null;
  return wideBlock(t("lastHand"), lines, table);
}

/** Once a hand is scored the engine has collected every card, so between hands (the replay's
 * step after a close) and at the end of the match the board draws the table as the hand
 * closed, from the view's last hand, instead of an empty one; at the end, the final scores
 * first. */
function afterClose(view, ctx) {
  const closed = closedSides(view.last_hand, ctx, (seats, points) =>
    `${names(seats, ctx)} — ${t("closedWith", { n: view.hand_number, points: num(points) })}`);
  if (view.phase !== "over") return grid(...closed, handSheet(view, ctx, false));
  const scores = view.sides.map((seats) => [names(seats, ctx),
    seats.map((seat) => num(view.scores[seat])).filter((v, i, all) => all.indexOf(v) === i).join(" / ")]);
  const final = wideBlock(`${t("over")} — ${t("finalScores")}`, facts(scores));
  final.classList.add("final-scores");
  return grid(final, ...closed, handSheet(view, ctx, false));
}

/** The middle of the felt: the stock, the discard pile fanned so that every card one would pick
 * up reads, the pozzetti still face down. */
function feltCentre(view) {
  const pile = view.pile.length ? cardRow(view.pile, t("pile"), { small: true }) : h("span", { class: "card-slot small", "aria-hidden": "true" });
  pile.classList.add("fan", "pile");
  return core(
    h("div", { class: "stack" }, h("span", { class: "label" }, t("stock")), backs(1, `${t("stock")}: ${view.stock}`), h("span", { class: "who" }, String(view.stock))),
    h("div", { class: "stack" }, h("span", { class: "label" }, `${t("pile")} (${view.pile.length})`), pile),
    h("div", { class: "stack" }, h("span", { class: "label" }, t("pozzetti")),
      view.pozzetti.length ? h("div", { class: "card-row" }, view.pozzetti.map((n) => backs(1, t("cards", { n })))) : h("span", {}, "—")));
}

/** The sides' melds in the view's order, yours marked: the stylesheet lays the opponents'
 * across the felt (above the middle) and yours below it. */
function sidesInPlace(view, ctx) {
  const sides = tableSides(view, ctx);
  const mine = view.seat === null || view.seat === undefined ? 0 : view.side_of[view.seat];
  const ours = view.sides.findIndex((seats) => view.side_of[seats[0]] === mine);
  if (ours >= 0) sides[ours].classList.add("ours");
  return sides;
}

export function board(view, ctx) {
  const scored = view.last_hand?.lines.length && (view.phase === "over" || view.phase === "deal");
  if (scored) return afterClose(view, ctx);
  return grid(
    feltCentre(view),
    ...sidesInPlace(view, ctx),
    block(t("hands"), facts(view.hand_counts.map((n, seat) => [ctx.name(seat), seat === view.seat ? t("cards", { n }) : backs(n, t("cards", { n }))]))),
    handSheet(view, ctx, false),
  );
}

// -- the end-of-hand overlay (summary.js) and the aids (aids.js) ----------------------------------
// (imports are hoisted: this section's own stay with it)
import { nameList } from "../summary.js";
import { actionCards, aidNote } from "../aids.js";

/** The hand that ended: its score sheet (per side: burraco bonuses, closing, melded cards, cards
 * left in hand, pozzetto, total) with the table as it closed folded below. */
export function handSummary(sheet, ctx) {
  const last = sheet.last_hand;
  if (!last?.lines?.length) return null;
  const body = handSheet(sheet, ctx, true);
  // the sheet's figures, marked per side and line for readers of the numbers
  body.querySelectorAll("tbody tr").forEach((row, k) => row.querySelectorAll("td").forEach((td, side) => { td.dataset.figure = `line-${k}-${side}`; }));
  const totals = last.lines.map((line) => line[5]);
  const best = Math.max(...totals);
  const top = last.sides.filter((_, i) => totals[i] === best).map((seats) => names(seats, ctx));
  const others = totals.filter((v) => v !== best);
  const verdict = t(top.length === 1 ? "buVerdict" : "buVerdictTie", { names: nameList(top), n: num(best),
    rest: others.map(num).join(", ") || num(best) });
  return { verdict, body };
}

/** The cards of your hand that can attach to a meld on the table now, from the legal list. */
export function attachable(legal) {
  return new Set(legal.filter((m) => m.action.type === "attach").flatMap((m) => actionCards(m.action)));
}

/** Burraco's aid: the cards that can attach, marked in the hand and counted under it. */
export function aids(view, ctx) {
  const marks = attachable(ctx.legal);
  if (!marks.size) return null;
  return { marks, markLabel: t("buCanAttach"), note: aidNote([{ figure: "attachable", parts: [t("buAttachable", { n: marks.size })] }]) };
}

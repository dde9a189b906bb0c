// Novantanove: trump, each hand's bid status (face down, declared or revealed), tricks won
// against bids, the trick on the table and the last trick.
import { suitText } from "../cards.js";
import { around, block, core, wideBlock, cardElement, cardRow, facts, figureTable, grid, h, num, t } from "./common.js";
import { addGameWords } from "../i18n.js";

// This game's words on the table's pages, registered with i18n.js as the module loads: the shared
// keys it words otherwise (the rules and the log say "scommessa", "carte scommessa"), and its end-
// of-hand overlay's and aids' own.
export const TABLE_WORDS = {
  it: {
    bids: "Scommesse", bidStatus: "Scommessa",
    nnMade: "Scommessa riuscita: {names}", nnMadeMany: "Scommesse riuscite: {names}", nnNobody: "Nessuna scommessa riuscita",
    nnBidCards: "Carte scommessa", nnMadeMark: "riuscita", nnLegend: "Valore delle carte scommessa",
    nnBidValue: "La tua scommessa: {cards} = {n}",
  },
  en: {
    nnMade: "Bid made: {names}", nnMadeMany: "Bids made: {names}", nnNobody: "Nobody made their bid",
    nnBidCards: "Bid cards", nnMadeMark: "made it", nnLegend: "What bid cards are worth",
    nnBidValue: "Your bid: {cards} = {n}",
  },
};
addGameWords("novantanove", TABLE_WORDS);

/** a trick is won by playing one card: one click plays it */
export const oneClick = ["play"];
/** the seats' score is the total, game bonuses included, beside this game's points */
export const scoreWord = "totalScore";

function handName(view, hand, ctx) {
  const entry = view.hands?.[hand];
  // a score sheet kept from an earlier view has no hands: with two players hand 3 is the dummy
  const dummy = entry ? entry.dummy : view.players === 2 && hand === 2;
  return dummy ? t("dummy") : ctx.name(hand);
}

function bidStatus(view, entry) {
  const n = entry.bid_count;
  if (entry.bid_cards && entry.bid !== null && entry.offer === "reveal") return t("revealed", { n: entry.bid });
  if (entry.offer === "declare" || entry.offer === "reveal") {
    return entry.bid !== null ? t(entry.offer === "reveal" ? "revealed" : "declared", { n: entry.bid }) : t("declared", { n: "?" });
  }
  if (entry.bid !== null && entry.bid !== undefined) return `${t("bidDown", { n })} = ${entry.bid}`;
  return n ? t("bidDown", { n }) : "—";
}

/** The last deal's sheet (also the hand history's, from the part of the view kept then). */
export function handSheet(view, ctx) {
  const last = view.last_deal;
  if (!last) return null;
  const premium = (hand) => (last.premium[hand] ? ` (${t(last.premium[hand] === "reveal" ? "premiumReveal" : last.premium[hand] === "declare" ? "premiumDeclare" : last.premium[hand])})` : "");
  const rows = last.points.map((points, hand) => ({ head: handName(view, hand, ctx), cells: [
    (last.bids[hand] === null || last.bids[hand] === undefined ? "—" : String(last.bids[hand])) + premium(hand),
    String(last.tricks[hand]), last.success[hand] ? "✓" : "✗", num(points)] }));
  return wideBlock(`${t("lastHand")} (${t("handNo", { n: last.hand_number })}) — ${t("trump")}: ${last.trump ? suitText(last.trump) : t("noTrump")}`,
    figureTable(t("handRow"), [t("bidStatus"), t("tricks"), "✓/✗", t("score")], rows));
}

/** The trick on the felt: each card in front of the hand that played it, each hand's bid
 * (face down, declared or revealed) against the tricks it has won, the trump in the middle. */
function trickTable(view, ctx) {
  const played = new Map(view.trick.map(([hand, card]) => [hand, card]));
  const items = view.hands.map((entry, hand) => {
    const card = played.get(hand);
    const bid = entry.bid !== null && entry.bid !== undefined ? t("tricksOf", { n: entry.tricks, bid: entry.bid }) : `${t("tricks")}: ${entry.tricks}`;
    return [hand, h("div", { class: "spot-box" }, card ? cardElement(card) : h("span", { class: "card-slot", "aria-hidden": "true" }),
      h("span", { class: "who" }, handName(view, hand, ctx)), h("span", { class: "who" }, bid))];
  });
  const middle = h("div", { class: "stack" }, h("span", { class: "label" }, t("trump")),
    h("span", { class: "big-figure", "aria-hidden": "true" }, view.trump || "—"),
    h("span", { class: "who" }, view.trump ? suitText(view.trump) : t("noTrump")));
  return core(around(view, ctx, view.hands.length, items, middle, t("trick")));
}

export function board(view, ctx) {
  const rows = view.hands.map((entry, hand) => ({ class: view.current_player === hand ? "to-move" : null,
    head: handName(view, hand, ctx), cells: [
      [bidStatus(view, entry), entry.bid_cards?.length ? cardRow(entry.bid_cards, t("bids"), { small: true }) : null],
      entry.bid !== null && entry.bid !== undefined ? t("tricksOf", { n: entry.tricks, bid: entry.bid }) : String(entry.tricks),
      entry.cards && hand !== view.seat ? cardRow(entry.cards, handName(view, hand, ctx), { small: true }) : t("cards", { n: entry.count }),
      num(entry.game_score)] }));
  const table = figureTable(t("handRow"), [t("bidStatus"), t("tricks"), t("handColumn"), t("gameScore")], rows);
  const trick = view.trick.map(([hand, card]) => h("li", {}, `${handName(view, hand, ctx)}: `, cardElement(card, { small: true })));
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  return grid(
    view.phase === "over" ? null : trickTable(view, ctx),
    // the felt shows the trump; the card turned up for it, if any, is here
    view.turn_up ? block(t("turnUp"), cardElement(view.turn_up, { small: true })) : null,
    wideBlock(t("bids"), table),
    view.phase === "over" ? block(t("trick"), trick.length ? h("ul", { class: "plain trick" }, trick) : h("p", {}, "—")) : null,
    last ? block(t("lastTrick"), h("p", { class: "small" }, cardRow(last.cards.map(([, c]) => c), t("lastTrick"), { small: true }), ` → ${handName(view, last.winner, ctx)}`)) : null,
    handSheet(view, ctx),
    block(t("totalScore"), facts(view.scores.map((s, seat) => [ctx.name(seat), `${num(s)} (${t("gamesWon")}: ${view.games_won[seat]})`]))),
  );
}

// -- the end-of-hand overlay (summary.js) and the bid legend (aids.js) ---------------------------
// (imports are hoisted: this section's own stay with it)
import { nameList, summaryTable } from "../summary.js";
import { aidNote } from "../aids.js";

/** The deal that ended: each hand's bid against its tricks and the points it scored. */
export function handSummary(sheet, ctx) {
  const last = sheet.last_deal;
  if (!last) return null;
  const rows = last.points.map((points, hand) => ({ head: handName(sheet, hand, ctx), win: Boolean(last.success[hand]), cells: [
    { text: last.bids[hand] === null || last.bids[hand] === undefined ? "—" : String(last.bids[hand]), figure: `bid-${hand}`,
      note: last.premium[hand] ? `(${t(last.premium[hand] === "reveal" ? "premiumReveal" : last.premium[hand] === "declare" ? "premiumDeclare" : last.premium[hand])})` : null },
    last.bid_cards?.[hand]?.length ? cardRow(last.bid_cards[hand], t("bids"), { small: true }) : "—",
    { text: String(last.tricks[hand]), figure: `tricks-${hand}` },
    { text: num(points), figure: `points-${hand}` }] }));
  const made = last.success.map((ok, hand) => (ok ? handName(sheet, hand, ctx) : null)).filter(Boolean);
  const verdict = made.length ? t(made.length === 1 ? "nnMade" : "nnMadeMany", { names: nameList(made) }) : t("nnNobody");
  return { verdict, body: h("div", {},
    h("p", {}, `${t("trump")}: ${last.trump ? suitText(last.trump) : t("noTrump")}`),
    summaryTable(t("handRow"), [t("bidStatus"), t("nnBidCards"), t("tricks"), t("score")], rows, t("nnMadeMark"))) };
}

/** What each suit is worth in a bid (the rules' ♣ 3, ♥ 2, ♠ 1, ♦ 0). */
export const BID_VALUES = { "♣": 3, "♥": 2, "♠": 1, "♦": 0 };
const bidValue = (cards) => cards.reduce((sum, card) => sum + (BID_VALUES[card.slice(-1)] ?? 0), 0);

/** While bidding: the legend, and what the bid comes to with the cards selected now. */
export function aids(view, ctx) {
  const bidding = ctx.legal.some((m) => m.action.type === "bid_card");
  if (!bidding) return null;
  const mine = view.hands?.find((entry) => entry.hand === view.seat)?.bid_cards ?? [];
  const chosen = ctx.selected.filter((card) => card.slice(-1) in BID_VALUES);
  const cards = [...mine, ...chosen];
  const legend = Object.entries(BID_VALUES).map(([suit, n]) => `${suitText(suit)} ${n}`).join(" · ");
  return { note: aidNote([
    { parts: [`${t("nnLegend")}: ${legend}`] },
    cards.length ? { figure: "bid-value", parts: [t("nnBidValue", { cards: cards.join(" "), n: bidValue(cards) })] } : null]) };
}

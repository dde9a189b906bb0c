// Nebraska: the eight colour suits (colour + name + symbol), bids face down until revealed,
// the candidate card, the common cards, the rejected ones, hand sizes and the last hand.
import { COLOURS } from "../cards.js";
import { addGameWords, getLang } from "../i18n.js";
import { around, backs, block, cardElement, cardRow, core, facts, grid, h, t } from "./common.js";

// This game's words on the table's pages, registered with i18n.js as the module loads: the shared
// keys it words otherwise (its rules, docs/rules/nebraska.it.md, and its log call a hand a
// "manche"), and its end-of-hand overlay's and aids' own.
export const TABLE_WORDS = {
  it: {
    handNo: "Manche {n}", lastHand: "Ultima manche", handCol: "Manche", history: "Storia delle manche",
    historyIntro: "Manche per manche: cosa è successo e il foglio dei punti.",
    handScores: "Punti a fine manche", inProgress: "manche in corso",
    omittedHands: ["{n} manche precedente non mostrata", "{n} manche precedenti non mostrate"],
    hiddenHand: "nascosto fino a fine manche",
    fairnessIntroHand: "Ogni mescolata ha un impegno SHA-256 pubblicato subito; il seed si svela a manche finita.",
    bids: "Puntate", // the rules' and the log's word: "puntata", "Puntate scoperte"
    handWon: "vince la manche",
    summaryNext: "Prossima manche", summaryAuto: "Prossima manche da sola dopo qualche secondo",
    nebCards: "Carte personali", nebValid: "Carte valide", nebMatches: "Abbinamenti",
    nebWhyValid: ["più carte valide di tutti ({n})", "più carte valide di tutti ({n})"],
    nebWhyMatches: ["più abbinamenti di tutti ({n})", "più abbinamenti di tutti ({n})"],
    nebTieWon: "pari: {names} vince allo spareggio, alla {place} carta {mine} contro {theirs} ({rival})",
    nebTieWonMany: "pari: {names} vincono allo spareggio, alla {place} carta {mine} contro {theirs} ({rival})",
    nebTieStands: "pari anche allo spareggio: {names} prendono il punto", nebNoCard: "nessuna carta",
  },
  en: {
    nebCards: "Personal cards", nebValid: "Valid cards", nebMatches: "Matches",
    nebWhyValid: ["the most valid cards ({n})", "the most valid cards ({n})"],
    nebWhyMatches: ["the most matches ({n})", "the most matches ({n})"],
    nebTieWon: "tied: {names} wins on the tie-break, at the {place} card {mine} against {theirs} ({rival})",
    nebTieWonMany: "tied: {names} win on the tie-break, at the {place} card {mine} against {theirs} ({rival})",
    nebTieStands: "still level after the tie-break: {names} each score", nebNoCard: "no card",
  },
};
addGameWords("nebraska", TABLE_WORDS);

/** a bid is one card laid: one click lays it */
export const oneClick = ["bid"];

function suitsKey(view) {
  return block(t("suitsKey"), h("ul", { class: "suits-key" }, view.suit_order.map((colour) => {
    const c = COLOURS[colour];
    const name = getLang() === "it" ? colour : `${c.en} (${colour})`;
    return h("li", { class: `swatch c-${c.css}` }, h("span", { class: "sym", "aria-hidden": "true" }, c.symbol), ` ${name}`);
  })));
}

function bidsBlock(view, ctx) {
  return block(t("bids"), h("ul", { class: "plain" }, view.bids.map((bid, seat) => {
    let shown;
    if (bid === null) shown = "—";
    else if (bid === true) shown = backs(1, t("bidHidden"));
    else shown = cardElement(bid, { small: true });
    const spent = view.spent_bids[seat] || [];
    // the bids played in earlier turns stay face up: named as the terminal names them
    return h("li", {}, `${ctx.name(seat)}: `, shown, spent.length ? h("div", { class: "spent" }, h("span", { class: "small" }, `${t("spentBids")}: `),
      cardRow(spent, `${ctx.name(seat)} — ${t("spentBids")}`, { small: true })) : null);
  })));
}

/** The last hand's sheet: its common cards, each hand's cards and points (also the hand
 * history's sheet, from the same part of the view kept when the hand ended). */
export function handSheet(view, ctx) {
  const last = view.last_hand;
  if (!last) return null;
  // each line says what its figure is (the hand's points, as the terminal's "→ +1") and who won
  return block(`${t("lastHand")} (${t("handNo", { n: last.hand_number })})`,
    h("p", {}, `${t("common")}: `, cardRow(last.common, t("common"), { small: true })),
    h("ul", { class: "plain" }, last.personal.map((cards, seat) => h("li", {},
      `${ctx.name(seat)}: `, cardRow(cards, ctx.name(seat), { small: true }),
      ` → ${t("handPoints", { n: last.points[seat] })}`,
      last.winners.includes(seat) ? ` — ${t("handWon")}` : ""))));
}

/** The felt: the candidate card and the common cards in the middle, the stock beside them,
 * each seat's bid in front of it (face down until revealed). */
function feltCentre(view, ctx) {
  const items = view.bids.map((bid, seat) => [seat, bid === null ? null : h("div", { class: "spot-box" },
    bid === true ? backs(1, `${ctx.name(seat)}: ${t("bidHidden")}`) : cardElement(bid, { small: true }),
    h("span", { class: "who" }, ctx.name(seat)))]);
  const middle = h("div", { class: "stack" },
    h("span", { class: "label" }, t("candidate")), view.candidate ? cardElement(view.candidate) : h("span", {}, "—"));
  return core(around(view, ctx, view.hand_sizes.length, items, middle, t("bids")),
    h("div", { class: "stack" }, h("span", { class: "label" }, t("common")),
      view.common.length ? cardRow(view.common, t("common"), { small: true }) : h("span", {}, "—")),
    h("div", { class: "stack" }, h("span", { class: "label" }, t("stock")), backs(1, `${t("stock")}: ${view.stock}`),
      h("span", { class: "who" }, String(view.stock))));
}

export function board(view, ctx) {
  // once the match is over the engine's table is cleared for a deal that never comes: show the
  // table as the last hand closed (its common cards; each hand is on its sheet) instead
  const over = view.phase === "over" && view.last_hand;
  if (over) {
    return grid(
      block(t("common"), cardRow(view.last_hand.common, t("common"))),
      handSheet(view, ctx),
      suitsKey(view),
    );
  }
  return grid(
    feltCentre(view, ctx),
    bidsBlock(view, ctx),
    block(t("hands"), facts([
      ...view.hand_sizes.map((n, seat) => [ctx.name(seat), t("cards", { n })]),
      [t("stock"), String(view.stock)],
      view.rejected.length ? [t("rejected"), cardRow(view.rejected, t("rejected"), { small: true })] : null,
      view.received?.length ? [t("received"), cardRow(view.received, t("received"), { small: true })] : null,
    ])),
    handSheet(view, ctx),
    suitsKey(view),
  );
}

// -- the end-of-hand overlay (summary.js) --------------------------------------------------------
// (imports are hoisted: this section's own stay with it)
import { nameList, summaryTable } from "../summary.js";

const RANK_TEXT = { 14: "A", 13: "K", 12: "Q", 11: "J" };
const rankText = (r) => RANK_TEXT[r] || String(r);
/** "1ª" / "1st", "2nd", "3rd", "4th", as the terminal numbers the compared cards */
function ordinal(n) {
  if (getLang() === "it") return `${n}ª`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n < 20 ? n : n % 10] || "th"}`;
}

/** How a tie for the most was settled, as the terminal says it: the first card where the tied
 * hands differ, or that the tie stands. */
function tiebreakLine(tb, ctx) {
  const winners = nameList(tb.winners.map(ctx.name));
  if (tb.place < 0) return t("nebTieStands", { names: winners });
  const ranks = new Map(tb.tied.map((seat, i) => [seat, tb.ranks[i]]));
  const at = (seat) => { const held = ranks.get(seat) || []; return tb.place < held.length ? rankText(held[tb.place]) : t("nebNoCard"); };
  return t(tb.winners.length === 1 ? "nebTieWon" : "nebTieWonMany", { names: winners, place: ordinal(tb.place + 1),
    mine: at(tb.winners[0]), theirs: at(tb.rival), rival: ctx.name(tb.rival) });
}

/** The hand that ended: each player's count of the cards that count (valid cards, or matches in
 * the expert variant; the poker variant's three combinations) and the points, why the winner
 * won, the common cards and every hand as the hand closed. */
export function handSummary(sheet, ctx) {
  const last = sheet.last_hand;
  if (!last) return null;
  const expert = ctx.frame?.view?.variant === "expert";
  const seats = last.personal.map((_, seat) => seat);
  const counted = Array.isArray(last.counts);
  const kinds = counted ? [] : ["valore", "colore", "sequenza"].filter((k) => last[k]);
  const columns = [t("nebCards"), ...(counted ? [t(expert ? "nebMatches" : "nebValid")] : kinds), t("handPointsCol")];
  const rows = seats.map((seat) => ({ head: ctx.name(seat), win: last.winners.includes(seat), cells: [
    cardRow(last.personal[seat], ctx.name(seat), { small: true }),
    ...(counted ? [{ text: String(last.counts[seat]), figure: `count-${seat}` }]
      : kinds.map((k) => ({ text: String(last[k].points[seat]), figure: `${k}-${seat}` }))),
    { text: `+${last.points[seat]}`, figure: `points-${seat}` }] }));
  const names = nameList(last.winners.map(ctx.name));
  let verdict = last.winners.length ? t(last.winners.length === 1 ? "summaryWins" : "summaryWinMany", { names }) : t("summaryNobody");
  if (counted && last.winners.length) {
    const best = Math.max(...last.counts);
    const tied = last.tiebreak?.tied?.length > 1;
    verdict += ` — ${t(expert ? "nebWhyMatches" : "nebWhyValid", { n: best })}`;
    if (tied) verdict += `; ${tiebreakLine(last.tiebreak, ctx)}`;
  }
  return { verdict, body: h("div", {},
    h("p", {}, `${t("common")}: `, cardRow(last.common, t("common"), { small: true })),
    summaryTable(t("player"), columns, rows)) };
}

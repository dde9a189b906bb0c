// Novantanove: trump, each hand's bid status (face down, declared or revealed), tricks won
// against bids, the trick on the table and the last trick.
import { backs, block, wideBlock, cardElement, cardRow, facts, grid, h, num, t } from "./common.js";

/** a trick is won by playing one card: one click plays it */
export const oneClick = ["play"];

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
  const rows = last.points.map((points, hand) => h("tr", {},
    h("th", { scope: "row" }, handName(view, hand, ctx)),
    h("td", {}, last.bids[hand] === null || last.bids[hand] === undefined ? "—" : String(last.bids[hand]),
      last.premium[hand] ? ` (${t(last.premium[hand] === "reveal" ? "premiumReveal" : last.premium[hand] === "declare" ? "premiumDeclare" : last.premium[hand])})` : ""),
    h("td", {}, String(last.tricks[hand])),
    h("td", {}, last.success[hand] ? "✓" : "✗"),
    h("td", {}, num(points))));
  return wideBlock(`${t("lastHand")} (${t("handNo", { n: last.hand_number })}) — ${t("trump")}: ${last.trump ?? t("noTrump")}`,
    h("div", { class: "scroll", tabindex: "0" }, h("table", { class: "sheet" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), h("th", { scope: "col" }, t("bidStatus")),
        h("th", { scope: "col" }, t("tricks")), h("th", { scope: "col" }, "✓/✗"), h("th", { scope: "col" }, t("score")))),
      h("tbody", {}, rows))));
}

export function board(view, ctx) {
  const rows = view.hands.map((entry, hand) => h("tr", { class: view.current_player === hand ? "to-move" : "" },
    h("th", { scope: "row" }, handName(view, hand, ctx)),
    h("td", {}, bidStatus(view, entry), entry.bid_cards?.length ? cardRow(entry.bid_cards, t("bids"), { small: true }) : null),
    h("td", {}, entry.bid !== null && entry.bid !== undefined ? t("tricksOf", { n: entry.tricks, bid: entry.bid }) : String(entry.tricks)),
    h("td", {}, entry.cards && hand !== view.seat ? cardRow(entry.cards, handName(view, hand, ctx), { small: true }) : t("cards", { n: entry.count })),
    h("td", {}, num(entry.game_score))));
  const table = h("div", { class: "scroll", tabindex: "0" }, h("table", { class: "sheet" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), h("th", { scope: "col" }, t("bidStatus")),
      h("th", { scope: "col" }, t("tricks")), h("th", { scope: "col" }, t("hands")), h("th", { scope: "col" }, t("gameScore")))),
    h("tbody", {}, rows)));
  const trick = view.trick.map(([hand, card]) => h("li", {}, `${handName(view, hand, ctx)}: `, cardElement(card, { small: true })));
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  return grid(
    block(t("trump"), view.trump ? h("p", { class: "big" }, view.trump) : h("p", {}, t("noTrump")),
      view.turn_up ? facts([[t("turnUp"), cardElement(view.turn_up, { small: true })]]) : null),
    wideBlock(t("bids"), table),
    block(t("trick"), trick.length ? h("ul", { class: "plain trick" }, trick) : h("p", {}, "—"),
      last ? h("p", { class: "small" }, `${t("lastHand")}: `, cardRow(last.cards.map(([, c]) => c), t("trick"), { small: true }), ` → ${handName(view, last.winner, ctx)}`) : null),
    handSheet(view, ctx),
    block(t("scores"), facts(view.scores.map((s, seat) => [ctx.name(seat), `${num(s)} (${t("gamesWon")}: ${view.games_won[seat]})`]))),
  );
}

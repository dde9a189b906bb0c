// Poker all'italiana: stacks, the pot and side pots, bets in this round, the draw, the showdown.
import { around, backs, block, chips, core, fan, wideBlock, cardRow, facts, figureTable, grid, h, t } from "./common.js";
import { addGameWords } from "../i18n.js";

// This game's words on the table's pages, registered with i18n.js as the module loads: the shared
// keys it words otherwise (a seat's score is its stack of chips), and its end-of-hand overlay's
// and aids' own.
export const TABLE_WORDS = {
  it: {
    score: "Fiches", handScores: "Fiches a fine mano",
    pkMainPot: "Piatto", pkSidePot: "Piatto laterale {n}", pkPots: "Piatti", pkShowdown: "Mani mostrate, dalla migliore",
    pkNoShow: "Nessuna mano mostrata.", pkTakes: "{names} prende il piatto", pkTakeMany: "{names} si dividono i piatti",
    pkYourHand: "La tua mano: {name}", pkCallCost: "Vedere ti costa {n}", pkCallAllIn: "Vedere ti costa {n}: tutte le tue fiches",
  },
  en: {
    score: "Chips", handScores: "Chips after the hand",
    pkMainPot: "Pot", pkSidePot: "Side pot {n}", pkPots: "Pots", pkShowdown: "Hands shown, best first",
    pkNoShow: "No hand was shown.", pkTakes: "{names} takes the pot", pkTakeMany: "{names} share the pots",
    pkYourHand: "Your hand: {name}", pkCallCost: "A call costs you {n}", pkCallAllIn: "A call costs you {n}: all your chips",
  },
};
addGameWords("poker_italiano", TABLE_WORDS);

const WORDS = {
  it: { pass: "passo", open: "apre", call: "vede", raise: "rilancia", fold: "lascia", draw: "cambia", buio: "buio", no_blind: "niente buio", parola: "parola",
        controbuio: "controbuio", over: "over", cover: "si copre", no_cover: "non si copre", stay: "sta", bet: "punta", servito: "servito" },
  en: { pass: "passo (pass)", open: "opens", call: "calls", raise: "raises", fold: "folds", draw: "changes", buio: "buio (blind)", no_blind: "no blind", parola: "parola (check)",
        controbuio: "controbuio (counter-blind)", over: "over", cover: "covers", no_cover: "does not cover", stay: "stays", bet: "bets", servito: "servito (stands pat)" },
};

// the engine's hand categories and how a hand ended, in words (the game's own names); every
// table here says what src/mazzo/games/poker_italiano/text.py says (tests/web/test_word_tables.py)
const CATEGORIES = {
  it: { high_card: "carta alta", pair: "coppia", two_pair: "doppia coppia", three_of_a_kind: "tris", straight: "scala",
        full_house: "full", flush: "colore", four_of_a_kind: "poker", straight_flush: "scala reale" },
  en: { high_card: "high card (carta alta)", pair: "pair (coppia)", two_pair: "two pair (doppia coppia)", three_of_a_kind: "three of a kind (tris)",
        straight: "straight (scala)", full_house: "full house (full)", flush: "flush (colore)", four_of_a_kind: "four of a kind (poker)",
        straight_flush: "straight flush (scala reale)" },
};
const ENDS = {
  it: { showdown: "mostra", uncontested: "vinta senza mostrare", dead_deal: "nessuno apre: mano morta", void: "tutti passo: mano nulla", parole: "piatto di parole" },
  en: { showdown: "showdown", uncontested: "won without a showdown", dead_deal: "nobody opens: dead deal", void: "everybody passo: void hand", parole: "piatto di parole (frozen pot)" },
};

const PHASES = {
  it: { start: "inizio", deal: "distribuzione", blinds: "buio", opening: "apertura", betting: "puntate",
        draw: "cambio", second_round: "secondo giro di puntate", over: "partita finita" },
  en: { start: "start", deal: "deal", blinds: "buio (blinds)", opening: "opening", betting: "betting",
        draw: "cambio (draw)", second_round: "second betting round", over: "match over" },
};

/** The last hand's showdown (also the hand history's sheet, from the view kept then). */
export function handSheet(view, ctx) {
  const last = view.last_hand;
  if (!last || !last.end) return null;
  const lang = document.documentElement.lang === "it" ? "it" : "en";
  const shown = last.shown ? Object.entries(last.shown) : [];
  // one winner per pot, main and side: a player who won several is named once, as the terminal does
  const winners = [...new Set(last.winners)];
  return block(`${t("lastHand")} (${t("handNo", { n: last.hand })})`,
    h("p", {}, `${t("pot")}: ${last.pot} → ${winners.length ? winners.map(ctx.name).join(", ") : "—"} (${ENDS[lang][last.end] || last.end})`),
    h("ul", { class: "plain" }, shown.map(([seat, s]) => h("li", {}, `${ctx.name(Number(seat))}: `, cardRow(s.cards, ctx.name(Number(seat)), { small: true }),
      ` ${CATEGORIES[lang][s.category] || s.category}`))));
}

/** The felt: the pot (and side pots) in the middle, each seat's bet in this round in front of
 * it as chips, how many cards it changed, "folded" for a seat out of the hand. */
function feltCentre(view, ctx, lang) {
  const showdown = view.last_hand?.shown && (view.phase === "over" || view.phase === "blinds"
    || (view.phase === "opening" && view.round_bets.every((b) => !b)));
  const items = view.chips.map((_, seat) => {
    if (!view.in_match[seat]) return [seat, null];
    const bet = view.round_bets[seat];
    const drew = view.draws[seat] < 0 ? null : view.draws[seat] === 0 ? t("stood") : t("drew", { n: view.draws[seat] });
    // the last showdown stays face up, each hand's rank named, until the next hand's bets
    const shown = showdown ? view.last_hand.shown[String(seat)] : null;
    const box = h("div", { class: "spot-box" + (view.folded[seat] ? " folded" : "") },
      bet ? chips(bet, `${ctx.name(seat)}: ${t("bet")} ${bet}`) : null,
      shown ? lastShowdown(fan(shown.cards, `${ctx.name(seat)}: ${CATEGORIES[lang][shown.category] || shown.category}`, { small: true })) : null,
      shown ? h("span", { class: "who rank-name last-showdown" }, CATEGORIES[lang][shown.category] || shown.category) : null,
      h("span", { class: "who" }, ctx.name(seat)),
      view.folded[seat] ? h("span", { class: "who" }, t("folded")) : drew ? h("span", { class: "who" }, drew) : null);
    if (bet) box.firstChild.dataset.fly = `bet-${seat}`;
    return [seat, box];
  });
  const sidePots = view.pots.length > 1 && view.chips.includes(0) ? view.pots : [];
  const middle = h("div", { class: "stack pot" }, h("span", { class: "label" }, t("pot")),
    chips(view.pot, `${t("pot")}: ${view.pot}`),
    // each pot with who is in it: an all-in seat plays for the pots that name it only
    sidePots.length ? h("ul", { class: "plain side-pots" }, sidePots.map((p) =>
      h("li", { class: "who" }, t("potOf", { amount: p.amount, seats: p.seats.map(ctx.name).join(", ") })))) : null,
    sidePots.length ? h("span", { class: "who pot-amounts" }, `${t("sidePots")}: ${sidePots.map((p) => p.amount).join(" · ")}`) : null,
    view.phase === "over" ? null : h("span", { class: "who" }, `${t("toMatch")}: ${view.to_match}`),
    h("span", { class: "who" }, PHASES[lang][view.phase] || view.phase));
  middle.children[1].dataset.fly = "pot";
  const felt = around(view, ctx, view.chips.length, items, middle, t("pot"));
  felt.classList.add("pot-around");
  return core(felt);
}

/** Marks the last hand's showdown on the felt: a phone folds it away at your turn (table.css),
 * the end-of-hand overlay and the hand history having told it. */
function lastShowdown(el) {
  el.classList.add("last-showdown");
  return el;
}

export function board(view, ctx) {
  const lang = document.documentElement.lang === "it" ? "it" : "en";
  // once the match is over no bet is open: the last round's bets and "to call" are history
  const over = view.phase === "over";
  const rows = view.chips.map((chips, seat) => ({ class: view.current_player === seat ? "to-move" : null,
    head: ctx.name(seat), cells: [String(chips), over ? "—" : String(view.round_bets[seat]),
      view.folded[seat] ? t("folded") : !view.in_match[seat] ? "—"
        : view.draws[seat] < 0 ? "—" // not drawn yet (the hand's size is the next column's)
        : view.draws[seat] === 0 ? t("stood") : t("drew", { n: view.draws[seat] }),
      seat === view.seat || !view.hand_counts[seat] ? "" : backs(view.hand_counts[seat], t("cards", { n: view.hand_counts[seat] }))] }));
  const stacks = figureTable(t("player"), [t("chips"), t("bet"), t("draw"), t("handColumn")], rows);
  // side pots matter only once someone is all-in (as the terminal lists them): before that, a
  // bet nobody has called yet is no pot "tra" its one bettor
  const sidePots = view.pots.length > 1 && view.chips.includes(0) ? view.pots : [];
  const pots = sidePots.map((p) => h("li", {}, t("potOf", { amount: p.amount, seats: p.seats.map(ctx.name).join(", ") })));
  // a draw of no card is "servito", as the event log says, not a bare "cambia"
  const said = (e) => WORDS[lang][e.word === "draw" && !e.amount ? "servito" : e.word] || e.word;
  const log = view.log.slice(-8).map((e) => h("li", {}, `${ctx.name(e.seat)}: ${said(e)}${e.amount ? ` ${e.amount}` : ""}${e.all_in ? (lang === "it" ? " (tutto)" : " (all-in)") : ""}`));
  return grid(
    feltCentre(view, ctx, lang),
    block(`${t("pot")}: ${view.pot}`, h("ul", { class: "plain" }, pots),
      facts([[t("phase"), PHASES[lang][view.phase] || view.phase], over ? null : [t("toMatch"), String(view.to_match)],
        [t("openingReq"), t("openingPair", { req: view.opening_requirement })],
        view.blinds.length ? [t("blinds"), view.blinds.map((b) => `${ctx.name(b.seat)}: ${b.name} ${b.amount}`).join(", ")] : null,
        [t("stock"), String(view.stock)]])),
    wideBlock(t("chips"), stacks),
    block(t("log"), h("ol", { class: "plain" }, log)),
    handSheet(view, ctx),
    view.discarded?.length ? block(t("draw"), cardRow(view.discarded, t("draw"), { small: true })) : null,
  );
}

// -- the end-of-hand overlay (summary.js) and the aids (aids.js) ----------------------------------
// (imports are hoisted: this section's own stay with it)
import { nameList } from "../summary.js";
import { aidNote } from "../aids.js";

/** The categories from the lowest; a short deck's flush beats its full house (the rules' §8). */
function categoryOrder(deckSize) {
  const order = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "full_house", "flush", "four_of_a_kind", "straight_flush"];
  if (deckSize === 52) { order[5] = "flush"; order[6] = "full_house"; }
  return order;
}

/** The hand that ended: the showdown's hands, best first with their category named, and who
 * won each pot. Only hands shown at the table are drawn: a folded or conceded hand never is. */
export function handSummary(sheet, ctx) {
  const last = sheet.last_hand;
  if (!last || !last.end) return null;
  const lang = document.documentElement.lang === "it" ? "it" : "en";
  const won = (ctx.events || []).filter((e) => e.type === "pot_won");
  // each pot as the engine paid it; without those events (a log cut short), the sheet's total
  const pots = won.length ? won.map((e) => ({ pot: e.pot, amount: e.amount, seat: e.seat }))
    : [...new Set(last.winners)].map((seat, i) => ({ pot: i, amount: i === 0 ? last.pot : null, seat }));
  const order = categoryOrder(ctx.frame?.view?.deck_size);
  const mainWinner = pots.find((p) => p.pot === 0)?.seat;
  const shown = Object.entries(last.shown || {}).map(([seat, s]) => ({ seat: Number(seat), ...s }));
  shown.sort((a, b) => (b.seat === mainWinner) - (a.seat === mainWinner) || order.indexOf(b.category) - order.indexOf(a.category));
  const potName = (p) => (p.pot === 0 ? t("pkMainPot") : t("pkSidePot", { n: p.pot }));
  const potList = h("ul", { class: "plain" }, pots.map((p, i) => h("li", { "data-figure": `pot-${i}` },
    `${potName(p)}: ${p.amount ?? last.pot} → ${ctx.name(p.seat)}`)));
  const hands = shown.length ? h("ol", { class: "showdown" }, shown.map((s) => h("li", { "data-seat": s.seat },
    h("strong", {}, `${ctx.name(s.seat)}: `), cardRow(s.cards, ctx.name(s.seat), { small: true }),
    ` ${CATEGORIES[lang][s.category] || s.category}`,
    pots.some((p) => p.seat === s.seat) ? h("span", { class: "won-mark" }, ` ★ ${t("summaryWon")}`) : null)))
    : h("p", {}, t("pkNoShow"));
  const winners = [...new Set(pots.map((p) => p.seat))];
  const verdict = winners.length
    ? `${t(winners.length === 1 ? "pkTakes" : "pkTakeMany", { names: nameList(winners.map(ctx.name)) })} (${ENDS[lang][last.end] || last.end})`
    : ENDS[lang][last.end] || last.end;
  return { verdict, body: h("div", {}, h("h3", {}, t("pkPots")), potList,
    shown.length ? h("h3", {}, t("pkShowdown")) : null, hands) };
}

/** What a call costs the seat now: the bet to match less what it has put in this round, at most
 * its chips (all-in for less); null when calling is not among its moves. */
export function callCost(view, legal) {
  if (view.seat === null || !legal.some((m) => m.action.type === "call")) return null;
  const owed = view.to_match - view.round_bets[view.seat];
  return Math.max(0, Math.min(owed, view.chips[view.seat]));
}

/** A move's words on its button where the game says more than the engine's text: a call names
 * what it costs ("call 3", "vedi 3"), as the aid beside the hand does. */
export function moveText(move, frame) {
  if (move.action.type !== "call") return null;
  const cost = callCost(frame.view, frame.legal);
  return cost === null ? null : `${move.text} ${cost}`;
}

const RANK_VALUE = { A: 14, K: 13, Q: 12, J: 11 };

/** The category of five cards in a deck of ``deckSize`` (the ace plays low below the deck's
 * lowest rank, as in the engine's scoring): only for naming the seat's own hand. */
export function handCategory(cards, deckSize) {
  if (cards.length !== 5) return null;
  const ranks = cards.map((c) => RANK_VALUE[c.slice(0, -1)] ?? Number(c.slice(0, -1))).sort((a, b) => a - b);
  const flush = new Set(cards.map((c) => c.slice(-1))).size === 1;
  const counts = Object.values(ranks.reduce((m, r) => ({ ...m, [r]: (m[r] || 0) + 1 }), {})).sort((a, b) => b - a);
  const low = 15 - deckSize / 4;
  const distinct = counts.length === 5;
  const straight = distinct && (ranks[4] - ranks[0] === 4
    || (ranks[4] === 14 && ranks.slice(0, 4).every((r, i) => r === low + i)));
  if (straight && flush) return "straight_flush";
  if (counts[0] === 4) return "four_of_a_kind";
  if (counts[0] === 3 && counts[1] === 2) return "full_house";
  if (flush) return "flush";
  if (straight) return "straight";
  if (counts[0] === 3) return "three_of_a_kind";
  if (counts[0] === 2 && counts[1] === 2) return "two_pair";
  if (counts[0] === 2) return "pair";
  return "high_card";
}

/** Your hand's category named, and what a call costs you. */
export function aids(view, ctx) {
  const lang = document.documentElement.lang === "it" ? "it" : "en";
  const hand = Array.isArray(view.hand) ? view.hand : [];
  const category = view.phase !== "over" ? handCategory(hand, view.deck_size) : null;
  const cost = callCost(view, ctx.legal);
  return { note: aidNote([
    category ? { figure: "category", parts: [t("pkYourHand", { name: CATEGORIES[lang][category] })] } : null,
    cost !== null ? { figure: "call-cost", parts: [t(cost === view.chips[view.seat] && cost > 0 ? "pkCallAllIn" : "pkCallCost", { n: cost })] } : null]) };
}

// The order of the hand on the table: sorted by suit or by rank, or as the player arranged it
// (Burraco and poker, by dragging or Alt+arrow keys), remembered in this browser per table.
import { COLOURS, parseCard } from "./cards.js";

// suits alternate colours, so that two red suits never sit side by side
const SUIT_ORDER = ["♠", "♥", "♣", "♦", "★"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const COLOUR_ORDER = Object.keys(COLOURS);

function rankOf(card, aceLow) {
  if (card.joker) return 99;
  const i = RANKS.indexOf(card.rank);
  if (i < 0) return Number(card.rank) || 0; // Nebraska's ranks go past 10
  return card.rank === "A" && !aceLow ? 14 : i + 1;
}

function suitOf(card) {
  if (card.joker) return 99;
  if (card.colour) return COLOUR_ORDER.indexOf(card.colour);
  return SUIT_ORDER.indexOf(card.suit);
}

/** ``tokens`` sorted: by suit then rank, or by rank then suit (the joker last either way). */
export function sortHand(tokens, mode, aceLow = false) {
  const key = (token) => {
    const card = parseCard(token);
    if (!card) return [100, 100];
    return mode === "rank" ? [rankOf(card, aceLow), suitOf(card)] : [suitOf(card), rankOf(card, aceLow)];
  };
  return [...tokens].sort((a, b) => {
    const [a1, a2] = key(a);
    const [b1, b2] = key(b);
    return a1 - b1 || a2 - b2 || (a < b ? -1 : a > b ? 1 : 0);
  });
}

const arrangeKey = (table) => `mazzo.arrange.${table}`;

/** The player's own order for this table, or null. */
export function arrangement(table) {
  try { return JSON.parse(localStorage.getItem(arrangeKey(table)) || "null"); } catch { return null; }
}

export function setArrangement(table, order) {
  if (order) localStorage.setItem(arrangeKey(table), JSON.stringify(order));
  else localStorage.removeItem(arrangeKey(table));
}

/** The hand as shown: the arranged order for the cards it names, then any new card in sorted order. */
export function handOrder(tokens, mode, arranged, aceLow = false) {
  const sorted = sortHand(tokens, mode, aceLow);
  if (!arranged) return sorted;
  const kept = arranged.filter((c) => tokens.includes(c));
  return [...kept, ...sorted.filter((c) => !kept.includes(c))];
}

/** ``order`` with ``token`` moved to where ``target`` is (before it, or after it with ``after``). */
export function moveCard(order, token, target, after = false) {
  const out = order.filter((c) => c !== token);
  let at = out.indexOf(target);
  if (at < 0) return order;
  if (after) at += 1;
  out.splice(at, 0, token);
  return out;
}

// Cards from the engine's exact tokens: "7♥", twins "7♥'", jolly "J★''", Nebraska "10 verde scuro".
import { getLang } from "./i18n.js";

const SUITS = {
  "♥": { it: "cuori", en: "hearts", red: true }, "♦": { it: "quadri", en: "diamonds", red: true },
  "♣": { it: "fiori", en: "clubs", red: false }, "♠": { it: "picche", en: "spades", red: false },
};
// Nebraska's eight colours: colour + name + a distinct symbol and pattern (never colour alone)
export const COLOURS = {
  "giallo": { en: "yellow", symbol: "▲", css: "giallo" },
  "verde": { en: "green", symbol: "■", css: "verde" },
  "verde scuro": { en: "dark green", symbol: "◆", css: "verde-scuro" },
  "blu": { en: "blue", symbol: "●", css: "blu" },
  "azzurro": { en: "light blue", symbol: "▼", css: "azzurro" },
  "rosso": { en: "red", symbol: "✚", css: "rosso" },
  "rosa": { en: "pink", symbol: "✿", css: "rosa" },
  "oro": { en: "gold", symbol: "♛", css: "oro" },
};
const RANK_NAMES = {
  it: { A: "asso", J: "fante", Q: "donna", K: "re" },
  en: { A: "ace", J: "jack", Q: "queen", K: "king" },
};

/** A suit named in words after its symbol, "♦ quadri" / "♦ diamonds" (a trump, say). */
export function suitText(symbol) {
  const suit = SUITS[symbol];
  return suit ? `${symbol} ${getLang() === "it" ? suit.it : suit.en}` : symbol;
}

/** {rank, suit, colour, joker, label} of a token, or null if it is not a card. */
export function parseCard(token) {
  if (typeof token !== "string") return null;
  const bare = token.replace(/'+$/, "");
  if (bare === "J★" || bare === "★") return { token, rank: "J", suit: "★", joker: true };
  const space = bare.indexOf(" ");
  if (space > 0) {
    const colour = bare.slice(space + 1);
    if (COLOURS[colour]) return { token, rank: bare.slice(0, space), colour };
    return null;
  }
  const suit = bare.slice(-1);
  if (SUITS[suit]) return { token, rank: bare.slice(0, -1), suit };
  return null;
}

export function isCard(token) { return parseCard(token) !== null; }

/** The card as a screen reader says it: "seven of hearts", "7 giallo (yellow)". */
export function cardLabel(token) {
  const card = parseCard(token);
  if (!card) return String(token);
  const lang = getLang();
  if (card.joker) return lang === "it" ? "jolly" : "joker (jolly)";
  const rank = RANK_NAMES[lang][card.rank] ?? card.rank;
  if (card.colour) {
    return lang === "it" ? `${rank} ${card.colour}` : `${rank} ${COLOURS[card.colour].en} (${card.colour})`;
  }
  return lang === "it" ? `${rank} di ${SUITS[card.suit].it}` : `${rank} of ${SUITS[card.suit].en}`;
}

/** Short readable text: 7♥, Q♠, J★, 7▲ giallo / 7▲ yellow. */
export function cardText(token) {
  const card = parseCard(token);
  if (!card) return String(token);
  if (card.joker) return "J★";
  if (card.colour) {
    const c = COLOURS[card.colour];
    return `${card.rank}${c.symbol} ${getLang() === "it" ? card.colour : c.en}`;
  }
  return `${card.rank}${card.suit}`;
}

/** A text as a player reads it: the marks that tell two decks' copies of a card apart (the
 * moves' "scarta 5♥'", "cala J★''(=8♥) 9♥'") are dropped, as the cards' faces and the log drop
 * them; both copies are the same card in play. */
export function readable(text) {
  return String(text).replace(/([♠♥♦♣★])'+/g, "$1");
}

/** A card face: a <button> when onClick is given, else a labelled <span>. */
export function cardElement(token, { onClick = null, selected = false, playable = true, small = false } = {}) {
  const card = parseCard(token);
  const el = document.createElement(onClick ? "button" : "span");
  el.className = "card" + (small ? " small" : "");
  el.dataset.card = token;
  if (!card) {
    el.textContent = String(token);
    return el;
  }
  if (card.joker) el.classList.add("joker");
  else if (card.colour) el.classList.add("nebraska", `c-${COLOURS[card.colour].css}`);
  else if (SUITS[card.suit].red) el.classList.add("red");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = card.rank;
  const suit = document.createElement("span");
  suit.className = "suit";
  if (card.colour) {
    const c = COLOURS[card.colour];
    suit.textContent = c.symbol;
    const name = document.createElement("span");
    name.className = "colour-name";
    name.textContent = getLang() === "it" ? card.colour : c.en;
    el.append(rank, suit, name);
  } else {
    suit.textContent = card.suit;
    el.append(rank, suit);
  }
  if (onClick) {
    // the visible text stays in the accessible name, the spoken name follows it
    el.append(Object.assign(document.createElement("span"), { className: "sr-only", textContent: ` (${cardLabel(token)})` }));
    el.type = "button";
    el.setAttribute("aria-pressed", selected ? "true" : "false");
    if (!playable) el.setAttribute("aria-disabled", "true");
    el.addEventListener("click", onClick);
  } else {
    for (const part of el.children) part.setAttribute("aria-hidden", "true");
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardLabel(token));
  }
  if (selected) el.classList.add("selected");
  if (!playable) el.classList.add("unplayable");
  return el;
}

/** A face-down card (its back), labelled for screen readers. */
export function cardBack(label) {
  const el = document.createElement("span");
  el.className = "card back";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  return el;
}

/** A row of cards (spans) with a label. */
export function cardRow(tokens, label, opts = {}) {
  const row = document.createElement("div");
  row.className = "card-row";
  row.setAttribute("role", "group");
  if (label) row.setAttribute("aria-label", label);
  for (const token of tokens || []) row.append(cardElement(token, { small: opts.small }));
  return row;
}

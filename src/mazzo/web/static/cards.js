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

// The faces and backs are drawn here as inline SVG (nothing is fetched, no font is needed for
// the pips): one path per suit in a 100 x 100 box, the joker a star.
const SVG = "http://www.w3.org/2000/svg";
const PIPS = {
  "♥": "M50 90C22 66 5 49 5 29 5 14 16 5 29 5c10 0 17 6 21 14 4-8 11-14 21-14 13 0 24 9 24 24 0 20-17 37-45 61z",
  "♦": "M50 3 87 50 50 97 13 50z",
  "♠": "M50 3C36 27 6 41 6 62c0 14 11 22 23 22 8 0 14-4 18-10-1 10-5 17-13 22h32c-8-5-12-12-13-22 4 6 10 10 18 10 12 0 23-8 23-22C94 41 64 27 50 3z",
  "♣": "M50 8a19 19 0 0 1 15 31 19 19 0 1 1-11 30c1 11 5 19 13 27H33c8-8 12-16 13-27a19 19 0 1 1-11-30A19 19 0 0 1 50 8z",
  "★": "M50 4l13 30 33 3-25 22 8 33-29-18-29 18 8-33L4 37l33-3z",
};
const SUIT_CLASS = { "♥": "s-h", "♦": "s-d", "♣": "s-c", "♠": "s-s" };

/** An SVG drawing, hidden from screen readers (the card's label says what it is). */
function svg(cls, viewBox, ...parts) {
  const el = document.createElementNS(SVG, "svg");
  el.setAttribute("class", cls);
  el.setAttribute("viewBox", viewBox);
  el.setAttribute("aria-hidden", "true");
  el.setAttribute("focusable", "false");
  for (const [tag, attrs] of parts) {
    const part = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) part.setAttribute(key, value);
    el.append(part);
  }
  return el;
}

/** The big pip in the middle of a face, in the suit's colour (currentColor). */
function pip(symbol) {
  return svg("pip", "0 0 100 100", ["path", { d: PIPS[symbol], fill: "currentColor" }]);
}

/** The back's lattice: the same drawing on every face-down card of the table. */
export function backDrawing() {
  return svg("back-art", "0 0 40 56",
    ["rect", { x: 2, y: 2, width: 36, height: 52, rx: 3, fill: "none", stroke: "#d9efe1", "stroke-width": 1.2 }],
    ["path", { d: "M20 8 32 28 20 48 8 28z M20 16 27 28 20 40 13 28z", fill: "none", stroke: "#d9efe1", "stroke-width": 1.2 }],
    ["circle", { cx: 20, cy: 28, r: 2.5, fill: "#d9efe1" }]);
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
  else {
    el.classList.add(SUIT_CLASS[card.suit]);
    if (SUITS[card.suit].red) el.classList.add("red");
  }
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
    el.append(rank, suit, pip(card.suit));
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
  el.append(backDrawing());
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

// Game aids a player asks for, shared by the games' `aids(view, ctx)` exports: a note drawn
// under the hand and cards marked in it. Every figure comes from the view and the frame's
// legal list; an aid never decides a rule the legal list already says.
import { h } from "./api.js";

/** Mark a hand's card for an aid (Burraco: it can attach), said to screen readers too. */
export function markCard(el, label) {
  el.classList.add("aid-mark");
  if (label) el.append(h("span", { class: "sr-only" }, `, ${label}`));
}

/** The aid's note under the hand: lines of text, each may carry a figure for tests. */
export function aidNote(lines) {
  const kept = lines.filter(Boolean);
  if (!kept.length) return null;
  return h("div", { id: "aids", class: "aids" },
    kept.map((line) => h("p", line.figure ? { "data-aid": line.figure } : {}, ...line.parts)));
}

/** The cards of one legal action (a single card or a list). */
export function actionCards(action) {
  if (Array.isArray(action.cards)) return action.cards;
  return typeof action.card === "string" ? [action.card] : [];
}

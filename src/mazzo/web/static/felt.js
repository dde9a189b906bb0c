// The seats around the felt, shared by the table page and the lesson page (which draws a
// lesson's frame, shaped as a table's, with the same renderers): each seat's plate at its place
// seen from the page's seat (a spectator's from seat 0), with its name, bot level or "away",
// dealer button, cards as backs, score, and the turn marker with the turn's time as a bar.
import { h } from "./api.js";
import { t } from "./i18n.js";
import { backs, placeOf, seatName } from "./games/common.js";

/** The number of cards ``seat`` holds, as the game's view says it (null: not said). */
export function handCount(view, seat) {
  return view.hand_counts?.[seat] ?? view.hand_sizes?.[seat] ?? view.hands?.[seat]?.count ?? null;
}

export function formatScore(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** One plate per seat of ``frame``, your own first (it reads first, and sits at the bottom of
 * the felt). ``online``: whether this page is connected (its own seat is away while it is not);
 * ``scoreWord``: the i18n key naming the score shown, for a game whose scores are more than
 * one figure (Novantanove: the total). */
export function seatPlates(frame, { online = true, scoreWord = "score" } = {}) {
  const view = frame.view;
  const n = frame.seats.length;
  const plates = frame.seats.map((s) => {
    const bits = [];
    if (s.kind === "human") {
      // this page's own seat is away while its connection is down, whatever the last frame said
      const here = s.connected && !(s.seat === frame.seat && !online);
      bits.push(s.stand_in ? t("standIn", { level: s.stand_in }) : here ? t("online") : t("away"));
    } else bits.push(t("botSeat", { level: s.kind }));
    const dealer = view.dealer === s.seat;
    if (dealer) bits.push(t("dealer"));
    const turn = frame.status === "playing" && view.current_player === s.seat;
    const score = Array.isArray(view.scores) ? view.scores[s.seat] : null;
    const count = handCount(view, s.seat);
    const folded = Array.isArray(view.folded) && view.folded[s.seat];
    const away = s.kind === "human" && (!s.connected || (s.seat === frame.seat && !online));
    const name = seatName(frame, s.seat) + (s.seat === frame.seat ? ` ${t("you_")}` : "");
    return h("div", { class: `seat at-${placeOf(s.seat, frame.seat, n)}` + (turn ? " to-move" : "") + (s.seat === frame.seat ? " me" : "")
        + (folded ? " folded" : "") + (away ? " away" : ""),
      "data-seat": s.seat, role: "group", "aria-label": name, "aria-current": turn ? "true" : null },
      h("span", { class: "seat-name" }, (turn ? "▶ " : "") + name),
      dealer ? h("span", { class: "dealer-button", "aria-hidden": "true", title: t("dealer") }, "D") : null,
      h("span", { class: "seat-info" }, bits.join(" · ") + (folded ? ` · ${t("folded")}` : "")),
      // your own cards are your hand below; the others' (and all of them for a spectator) are backs
      count !== null && s.seat !== frame.seat ? backs(count, t("cards", { n: count })) : null,
      count !== null && s.seat !== frame.seat ? h("span", { class: "seat-count", "aria-hidden": "true" }, String(count)) : null,
      score !== null && score !== undefined ? h("span", { class: "seat-score" }, `${t(scoreWord)}: ${formatScore(score)}`) : null,
      turn ? h("span", { class: "turn-bar", "aria-hidden": "true" }, h("span", { class: "turn-fill" })) : null);
  });
  plates.sort((a, b) => (b.classList.contains("me") ? 1 : 0) - (a.classList.contains("me") ? 1 : 0));
  return plates;
}

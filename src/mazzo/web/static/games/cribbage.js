// Cribbage: the peg board with both scores and the skunk line, the count, the crib, the starter,
// the cards laid in the play, and every point explained (the shows, and the log's events).
import { backs, block, cardElement, cardRow, facts, grid, h, num, t } from "./common.js";

function pegBoard(view, ctx) {
  const target = view.target;
  const rows = view.scores.map((score, seat) => {
    const pct = Math.min(100, (score / target) * 100);
    const label = `${ctx.name(seat)}: ${score} / ${target}`;
    return h("div", { class: "peg-row" },
      h("span", { class: "peg-name" }, ctx.name(seat)),
      h("div", { class: "peg-track", role: "meter", "aria-valuemin": 0, "aria-valuemax": target, "aria-valuenow": score, "aria-label": label },
        view.skunk_line ? h("span", { class: "skunk", style: null, "data-at": view.skunk_line }) : null,
        h("span", { class: `peg peg-${seat}`, "data-pct": Math.round(pct) })),
      h("span", { class: "peg-score" }, `${score}`));
  });
  const board = h("div", { class: "peg-board" }, rows,
    h("p", { class: "small" }, [t("target", { n: target }), view.skunk_line ? t("skunk", { n: view.skunk_line }) : null].filter(Boolean).join(" · ")));
  // positions are set here (no inline style attributes: the page's CSP forbids them)
  queueMicrotask(() => {
    for (const peg of board.querySelectorAll(".peg")) peg.style.left = `calc(${peg.dataset.pct}% - 6px)`;
    for (const line of board.querySelectorAll(".skunk")) line.style.left = `${(Number(line.dataset.at) / target) * 100}%`;
  });
  return board;
}

/** a card laid in the play is one card: one click lays it */
export const oneClick = ["play"];

/** The shows with their points (also the hand history's sheet, from the part of the view
 * kept when the hand ended). */
export function handSheet(view, ctx) {
  if (!view.shown?.length) return null;
  const what = (w) => (w === "crib" ? t("showCrib") : w === "hand" ? t("showHand") : w);
  return block(t("shown"), h("ul", { class: "plain" }, view.shown.map((s) =>
    h("li", {}, `${ctx.name(s.seat)} — ${what(s.what)}: `, cardRow(s.cards, what(s.what), { small: true }), s.points === null ? "" : ` = ${s.points}`))));
}

export function board(view, ctx) {
  const play = block(`${t("count")}: ${view.count}`,
    cardRow(view.sequence, t("sequence")),
    h("ul", { class: "plain" }, view.laid.map((cards, seat) => h("li", {}, `${ctx.name(seat)}: `, cardRow(cards, ctx.name(seat), { small: true }),
      view.go.includes(seat) ? ` (${t("go")})` : ""))));
  // (no dealer yet before the cut for the deal)
  const crib = block(t("crib") + (view.dealer >= 0 ? ` — ${t("dealer")}: ${ctx.name(view.dealer)}` : ""),
    view.crib ? cardRow(view.crib, t("crib")) : backs(view.crib_count, t("cribCards", { n: view.crib_count })));
  const starter = block(t("starter"), view.starter ? cardElement(view.starter) : backs(1, t("starter")));
  const shown = handSheet(view, ctx);
  const others = block(t("hands"), h("ul", { class: "plain" }, view.hand_counts.map((n, seat) =>
    seat === view.seat ? null : h("li", {}, `${ctx.name(seat)}: `, backs(n, t("cards", { n }))))));
  return grid(block(t("scores"), pegBoard(view, ctx),
    facts([[t("gamesWon"), view.games_won.map(num).join(" – ")]])), play, starter, crib, others, shown);
}

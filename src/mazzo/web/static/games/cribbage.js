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
    h("li", {}, `${ctx.name(s.seat)} — ${what(s.what)}: `, cardRow(s.cards, what(s.what), { small: true }),
      // a show counts with the starter: it is drawn with each (the sheet keeps it)
      view.starter ? h("span", { class: "starter-plus" }, " + ", cardElement(view.starter, { small: true })) : "",
      s.points === null ? "" : ` = ${s.points}`))));
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
  const shown = handSheet(view, ctx) || lastShows(view, ctx);
  const others = block(t("hands"), h("ul", { class: "plain" }, view.hand_counts.map((n, seat) =>
    seat === view.seat ? null : h("li", {}, `${ctx.name(seat)}: `, backs(n, t("cards", { n }))))));
  return grid(block(t("scores"), pegBoard(view, ctx),
    facts([[t("gamesWon"), view.games_won.map(num).join(" – ")]])), play, starter, crib, others, shown);
}

// -- the end-of-hand overlay (summary.js) --------------------------------------------------------
// (imports are hoisted: this section's own stay with it)
import { nameList, summaryTable } from "../summary.js";

/** A show's points in the traditional order, from its "counted" event (points per kind). */
function combos(counted) {
  if (!counted) return "";
  const kinds = [["fifteens", "crFifteens"], ["pairs", "crPairs"], ["runs", "crRuns"], ["flush", "crFlush"], ["nobs", "crNobs"]];
  const said = kinds.filter(([field]) => counted[field] > 0).map(([field, key]) => t(key, { n: counted[field] }));
  return said.length ? said.join(" · ") : t("crNothing");
}

/** The hand that ended: every show in the order it was counted (hands, then the dealer's crib),
 * each with the starter and its points, the combinations that made them when the hand's events
 * carry them, and what each player scored in the show. */
export function handSummary(sheet, ctx) {
  // the game ends the moment a side reaches the target, in the play too: then there is no show
  if (!sheet.shown?.length) return { verdict: t("crNoShow"), body: null };
  const counted = (ctx.events || []).filter((e) => e.type === "counted");
  const starter = sheet.starter ?? counted[0]?.starter ?? null;
  const what = (w) => (w === "crib" ? t("showCrib") : t("showHand"));
  const rows = sheet.shown.map((s, i) => {
    const event = counted.find((e) => e.seat === s.seat && e.what === s.what);
    return { head: `${ctx.name(s.seat)} — ${what(s.what)}`, cells: [
      h("span", {}, cardRow(s.cards, `${ctx.name(s.seat)} — ${what(s.what)}`, { small: true }),
        starter ? h("span", { class: "starter-plus" }, " + ", cardElement(starter, { small: true })) : null),
      combos(event), { text: s.points === null ? "—" : String(s.points), figure: `show-${i}` }] };
  });
  const bySeat = new Map();
  for (const s of sheet.shown) bySeat.set(s.seat, (bySeat.get(s.seat) || 0) + (s.points || 0));
  const best = Math.max(...bySeat.values());
  const top = [...bySeat].filter(([, n]) => n === best).map(([seat]) => ctx.name(seat));
  const verdict = t("crVerdict", { names: nameList(top), n: best });
  return { verdict, body: h("div", {},
    starter ? h("p", {}, `${t("starter")}: `, cardElement(starter, { small: true })) : null,
    summaryTable(t("crShow"), [t("crCards"), t("crCombos"), t("score")], rows)) };
}

/** The hand before's shows, kept on the board from the next deal until its play begins (the
 * engine's view starts each hand without them; the page's last sheet has them). */
function lastShows(view, ctx) {
  const last = ctx.lastSheet;
  if (!last?.sheet?.shown?.length || view.laid.some((cards) => cards.length)) return null;
  const el = handSheet(last.sheet, ctx);
  el.querySelector("h3").textContent = `${t("shown")} — ${t("handNo", { n: last.hand })}`;
  el.classList.add("last-shows");
  return el;
}

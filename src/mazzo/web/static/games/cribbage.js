// Cribbage: a real peg board (holes, two pegs a player, the skunk line), the count, the crib, the starter,
// the cards laid in the play, and every point explained (the shows, and the log's events).
import { around, backs, block, cardElement, cardRow, core, facts, fan, grid, h, num, t } from "./common.js";
import { addGameWords } from "../i18n.js";

// This game's words on the table's pages, registered with i18n.js as the module loads: its
// end-of-hand overlay's own.
export const TABLE_WORDS = {
  it: {
    crNoShow: "La mano finisce prima della conta: un giocatore ha raggiunto il traguardo nel gioco.",
    crShow: "Conta", crCards: "Carte + starter", crCombos: "Combinazioni", crNothing: "niente",
    crFifteens: "quindici {n}", crPairs: "coppie {n}", crRuns: "scale {n}", crFlush: "colore {n}", crNobs: "fante (nobs) {n}",
    crVerdict: ["Conta migliore: {names} con {n} punto", "Conta migliore: {names} con {n} punti"],
  },
  en: {
    crNoShow: "The hand ends before the show: a player reached the target in the play.",
    crShow: "Show", crCards: "Cards + starter", crCombos: "Combinations", crNothing: "nothing",
    crFifteens: "fifteens {n}", crPairs: "pairs {n}", crRuns: "runs {n}", crFlush: "flush {n}", crNobs: "his nobs {n}",
    crVerdict: ["Best show: {names} with {n} point", "Best show: {names} with {n} points"],
  },
};
addGameWords("cribbage", TABLE_WORDS);

// The board's streets: 60 holes each, in groups of five; a 121 game goes up and back.
const HOLES = 60;
const GAP = 2; // extra room between two groups of five, in the drawing's units
const STEP = 4;
const SVGNS = "http://www.w3.org/2000/svg";
// the back peg of each track: the score before the last one pegged, as this page saw it
const backPegs = { scores: [], back: [] };

function svgEl(tag, attrs) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

const holeX = (i) => 3 + i * STEP + Math.floor(i / 5) * GAP; // hole i (0-based) of a street

/** Where score ``points`` stands: [street, hole], or null at 0 (before the first hole). */
function holeOf(points) {
  if (points <= 0) return null;
  const p = Math.min(points, HOLES * 2) - 1;
  return [Math.floor(p / HOLES), p % HOLES];
}

/** The last two scores of each track (the back peg stays where the front one was), from the
 * log's events (``events``: the match's events so far, oldest first, as the table page keeps
 * them), so that a reload puts the back peg where it was; without them (the replay viewer),
 * from the scores this page has seen. */
function pegsOf(scores, sides, events) {
  if (!events) return pegsSeen(scores);
  const back = scores.map(() => 0);
  for (const e of events) {
    if (e.type === "game_won") back.fill(0); // a new game: both pegs home
    const track = sides.findIndex((seats) => seats.includes(e.seat));
    // a peg moved: a score pegged in the play or the deal, or a show counted and pegged
    const pegged = e.type === "scored" || (e.type === "counted" && e.announced === -1)
      || e.type === "announced" || e.type === "claimed";
    if (pegged && track >= 0 && Number.isInteger(e.points) && e.points > 0 && Number.isInteger(e.total)) {
      back[track] = e.total - e.points;
    }
  }
  // a log cut short (its oldest events dropped) may not reach a track's last peg
  return scores.map((score, i) => [score, back[i] <= score ? back[i] : 0]);
}

function pegsSeen(scores) {
  return scores.map((score, i) => {
    const was = backPegs.scores[i];
    if (was === undefined || score < was) backPegs.back[i] = 0; // a new game: both pegs home
    else if (score !== was) backPegs.back[i] = was;
    backPegs.scores[i] = score;
    return [score, backPegs.back[i] ?? 0];
  });
}

/** A real cribbage board: a row of holes per street for each player (or side), two pegs each,
 * the skunk line; drawn as SVG with the scores in words for screen readers. */
function realBoard(view, ctx, tracks) {
  const streets = view.target > HOLES + 1 ? 2 : 1;
  const width = holeX(HOLES - 1) + 3;
  const rowH = 5;
  const height = tracks.length * streets * rowH + (streets - 1) * 3 + 2;
  const art = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, class: "crib-board", "aria-hidden": "true", focusable: "false" });
  art.append(svgEl("rect", { x: 0, y: 0, width, height, rx: 3, fill: "#c79a5b" }));
  const pegs = pegsOf(tracks.map((tr) => tr.score), tracks.map((tr) => tr.seats), ctx.events?.());
  tracks.forEach((track, k) => {
    for (let street = 0; street < streets; street++) {
      const y = 3.5 + (street * tracks.length + k) * rowH + street * 3;
      for (let i = 0; i < HOLES; i++) art.append(svgEl("circle", { cx: holeX(i), cy: y, r: 0.8, fill: "#5a3d17" }));
      for (const [points, back] of [[pegs[k][1], true], [pegs[k][0], false]]) {
        const at = holeOf(points);
        if (!at || at[0] !== street) continue;
        art.append(svgEl("circle", { cx: holeX(at[1]), cy: y, r: 1.7, class: `peg-dot pc-${k}${back ? " back-peg" : ""}` }));
      }
    }
  });
  if (view.skunk_line) {
    const at = holeOf(view.skunk_line);
    if (at) {
      const x = holeX(at[1]) + STEP / 2;
      const top = 1 + at[0] * (tracks.length * rowH + 3);
      art.append(svgEl("line", { x1: x, x2: x, y1: top, y2: top + tracks.length * rowH, stroke: "#111", "stroke-width": 0.6 }));
    }
  }
  const words = tracks.map((tr, k) => h("li", { class: `peg-key pc-${k}` }, h("span", { class: "peg-name" }, tr.name), `: ${tr.score} / ${view.target}`));
  return h("div", { class: "crib-board-box", role: "img", "aria-label": tracks.map((tr) => `${tr.name}: ${tr.score} / ${view.target}`).join("; ") },
    art, h("ul", { class: "plain peg-keys", "aria-hidden": "true" }, words));
}

/** The felt: the count in the middle, the cards each seat pegged in front of it, the
 * starter, the crib beside the dealer; the board above. */
function feltCentre(view, ctx) {
  const n = view.laid.length;
  const items = view.laid.map((cards, seat) => [seat, h("div", { class: "spot-box" },
    cards.length ? fan(cards, ctx.name(seat), { small: true }) : h("span", { class: "card-slot small", "aria-hidden": "true" }),
    h("span", { class: "who" }, ctx.name(seat) + (view.go.includes(seat) ? ` (${t("go")})` : "")))]);
  const middle = h("div", { class: "stack count" }, h("span", { class: "label" }, t("count")),
    h("span", { class: "big-figure", id: "count" }, String(view.count)));
  const sides = view.partnerships ? [[0, 2], [1, 3]] : view.scores.map((_, seat) => [seat]);
  const tracks = sides.map((seats) => ({ seats, name: seats.map(ctx.name).join(" + "), score: view.scores[seats[0]] }));
  return core(realBoard(view, ctx, tracks),
    around(view, ctx, n, items, middle, t("sequence")),
    h("div", { class: "stack" }, h("span", { class: "label" }, t("starter")), view.starter ? cardElement(view.starter) : backs(1, t("starter"))),
    h("div", { class: "stack" }, h("span", { class: "label" }, t("crib") + (view.dealer >= 0 ? ` — ${ctx.name(view.dealer)}` : "")),
      // (no dealer yet before the cut for the deal)
      view.crib ? fan(view.crib, t("crib"), { small: true }) : backs(view.crib_count, t("cribCards", { n: view.crib_count }))));
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
  // the run since the count last went back to 0 (the felt shows each seat's cards pegged)
  const play = block(`${t("count")}: ${view.count}`, cardRow(view.sequence, t("sequence")));
  const shown = handSheet(view, ctx) || lastShows(view, ctx);
  const rules = [t("target", { n: view.target }), view.skunk_line ? t("skunk", { n: view.skunk_line }) : null].filter(Boolean).join(" · ");
  return grid(feltCentre(view, ctx), block(t("scores"), h("p", { class: "small" }, rules),
    facts([[t("gamesWon"), view.games_won.map(num).join(" – ")]])), play, shown);
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

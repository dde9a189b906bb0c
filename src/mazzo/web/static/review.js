// The esperto's review in the replay viewer: asked for a seat by its owner or its player (the
// token this browser keeps, or the logged-in account holding the seat, by its cookie), or by
// anyone at a public table; followed while the server values the moves, then each move of the
// seat annotated with its class and reason, "previous/next mistake" and a chart of the values.
import { getJSON, h, myTables, postJSON } from "./api.js";
import { getLang, t } from "./i18n.js";

// the classes that "previous/next mistake" stop at
const FLAWED = new Set(["inaccuracy", "mistake", "blunder"]);
/** The classes best first: the summary counts them in this order, whatever order the stored
 * JSON's keys came in. */
const CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"];
// how often the progress is asked for, in milliseconds
const POLL_MS = 500;
// the chart's size in SVG units (it scales to the page's width)
const WIDTH = 320, HEIGHT = 80, PAD = 4;
const SVG = "http://www.w3.org/2000/svg";

/** The token that may ask for ``seat``'s review: the owner's, else that seat's own; "" where
 * the server lets the page ask without one (``access``: the table is public, or the logged-in
 * account holds the seat, which the session cookie proves); null where nothing may. */
function tokenFor(tableId, seat, access) {
  const owner = localStorage.getItem(`mazzo.owner.${tableId}`);
  if (owner) return owner;
  const mine = myTables().find((entry) => entry.id === tableId);
  if (mine?.owner) return mine.owner;
  if (mine && mine.seat === seat && mine.url) return new URL(mine.url).searchParams.get("token");
  if (access.public || (seat === null ? access.seats.size > 0 : access.seats.has(seat))) return "";
  return null;
}

export class ReviewPanel {
  constructor(tableId, show) {
    this.tableId = tableId;
    this.show = show; // show(version): the replay's jump to a moment
    this.reviews = new Map(); // seat -> review JSON
    this.progress = null;
    this.access = { public: false, seats: new Set() };
  }

  /** What lets this page ask without a token: ``public`` (any seat of a public table) and
   * ``seats`` (those the logged-in account holds at this table). */
  allow(access) {
    this.access = access;
  }

  /** Draw the panel for ``seat`` (null: a spectator) at the moment after ``version`` actions. */
  render(seat, version) {
    const box = document.getElementById("review");
    if (seat === null) return box.replaceChildren(...(tokenFor(this.tableId, null, this.access) !== null ? [h("p", {}, t("reviewSeat"))] : []));
    const review = this.reviews.get(seat);
    if (review) return box.replaceChildren(...this.annotated(review, version));
    const token = tokenFor(this.tableId, seat, this.access);
    if (token === null) return box.replaceChildren();
    const parts = [h("button", { type: "button", id: "review-start", onclick: () => this.ask(seat, token, version) }, t("review"))];
    if (this.progress) {
      parts.push(h("label", { for: "review-progress" }, t("reviewing", this.progress)),
        h("progress", { id: "review-progress", max: this.progress.total, value: this.progress.done }));
    }
    box.replaceChildren(...parts);
  }

  async ask(seat, token, version) {
    const url = `/api/tables/${encodeURIComponent(this.tableId)}/review`;
    try {
      let answer = await postJSON(`${url}?lang=${getLang()}`, { seat, token });
      while (answer.status === "running") {
        this.progress = { done: answer.done, total: answer.total };
        this.render(seat, version);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        answer = await getJSON(`${url}/${seat}?token=${encodeURIComponent(token)}&lang=${getLang()}`);
      }
      this.progress = null;
      this.reviews.set(seat, answer.review);
      this.show(version);
    } catch (exc) {
      document.getElementById("review").replaceChildren(h("p", { class: "error" }, exc.message));
    }
  }

  annotated(review, version) {
    const it = getLang() === "it";
    const decisions = review.decisions;
    const here = decisions.find((d) => d.version + 1 === version); // the move just made
    const counts = CLASSES.map((k) => `${t(`review_${k}`)} ${review.summary.classes[k] ?? 0}`).join(", ");
    const flawed = decisions.filter((d) => FLAWED.has(d.class));
    const before = flawed.filter((d) => d.version + 1 < version).pop();
    const after = flawed.find((d) => d.version + 1 > version);
    return [
      h("h2", {}, t("review")),
      h("p", { id: "review-summary" }, t("reviewSummary", { decisions: review.summary.decisions, classes: counts,
        loss: averageLoss(review, it) })),
      h("p", { id: "review-note", "data-class": here?.class ?? "" },
        here ? `${t(`review_${here.class}`)}: ${it ? here.reason_it : here.reason}` : "—"),
      h("button", { type: "button", id: "prev-mistake", disabled: !before, onclick: () => this.show(before.version + 1) }, t("prevMistake")),
      h("button", { type: "button", id: "next-mistake", disabled: !after, onclick: () => this.show(after.version + 1) }, t("nextMistake")),
      chart(decisions, here),
    ];
  }
}

/** The average loss in each unit of the review ("0.25 points, 1.20 percentage points of win
 * chance"): losses in different units are never added. A review stored before it had units
 * per decision has the game's one. */
function averageLoss(review, it) {
  const number = (x) => (it ? x.toFixed(2).replace(".", ",") : x.toFixed(2));
  const losses = review.summary.losses ?? [{ unit: review.unit.en, unit_it: review.unit.it, percent: false,
    average_loss: review.summary.average_loss }];
  if (!losses.length) return `${number(0)} ${review.unit[getLang()]}`;
  return losses.map((kept) => {
    const unit = it ? kept.unit_it : kept.unit;
    if (!kept.percent) return `${number(kept.average_loss)} ${unit}`;
    return `${number(100 * kept.average_loss)} ${t("percentagePoints", { unit })}`;
  }).join(", ");
}

/** The unit most decisions were valued in: the chart draws those (a chance and points cannot
 * share one line). */
function mainUnit(decisions) {
  const counts = new Map();
  for (const d of decisions) counts.set(d.unit, (counts.get(d.unit) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A line of the estimate of each move played, a dot on each flawed one and a ring on this one. */
function chart(all, here) {
  const svg = document.createElementNS(SVG, "svg");
  const set = (el, attrs) => { for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v)); return el; };
  const unit = mainUnit(all);
  const decisions = all.filter((d) => d.unit === unit);
  const chance = decisions.some((d) => d.percent);
  set(svg, { id: "review-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-label": t(chance ? "reviewChartChance" : "reviewChart"), class: "review-chart" });
  if (!decisions.length) return svg;
  const values = decisions.map((d) => d.estimate);
  const low = Math.min(...values), high = Math.max(...values);
  const x = (i) => PAD + (decisions.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (decisions.length - 1));
  const y = (v) => HEIGHT - PAD - (high === low ? 0.5 : (v - low) / (high - low)) * (HEIGHT - 2 * PAD);
  svg.append(set(document.createElementNS(SVG, "polyline"), {
    points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), fill: "none", stroke: "currentColor", "stroke-width": 1 }));
  decisions.forEach((d, i) => {
    if (!FLAWED.has(d.class) && d !== here) return;
    const dot = set(document.createElementNS(SVG, "circle"), { cx: x(i).toFixed(1), cy: y(d.estimate).toFixed(1),
      r: d === here ? 4 : 2.5, fill: d === here ? "none" : (d.class === "inaccuracy" ? "#c80" : "#c00"), stroke: "currentColor",
      "data-class": d.class });
    svg.append(dot);
  });
  return svg;
}

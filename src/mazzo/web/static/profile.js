// A player's profile (/players/<username>): GET /api/players/<username>; per game the rating,
// matches and wins with the rating over time as a small SVG chart drawn here; the recent
// finished matches with their replays. Every name and number goes in as text, never as HTML.
import { getJSON, h } from "./api.js";
import { getLang, setLang, t } from "./i18n.js";
import { gameTitles, number, ratingElement } from "./ratings.js";

const SVG = "http://www.w3.org/2000/svg";
// the chart's size in its own units (it scales to the page's width), and its margins
const CHART = { width: 320, height: 120, left: 44, right: 8, top: 10, bottom: 10 };
const username = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let titles = {};

function svg(tag, attrs = {}, text = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== null) el.textContent = text;
  return el;
}

function day(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(getLang());
}

/** The rating after each rated match as a line, the highest and lowest values on its axis. */
function chart(game) {
  const points = game.history;
  const values = points.map((p) => p.rating);
  const low = Math.min(...values), high = Math.max(...values);
  const span = Math.max(high - low, 1);
  const { width, height, left, right, top, bottom } = CHART;
  const x = (i) => left + (points.length === 1 ? (width - left - right) / 2 : i * (width - left - right) / (points.length - 1));
  const y = (v) => top + (high - v) * (height - top - bottom) / span;
  const label = t("ratingOverTime", { game: titles[game.game] || game.game });
  const summary = t("chartSummary", { n: points.length, first: number(values[0]), last: number(values[values.length - 1]) });
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "rating-chart", role: "img", "aria-label": `${label}: ${summary}` });
  root.append(svg("title", {}, `${label}: ${summary}`),
    svg("line", { x1: left, y1: top, x2: left, y2: height - bottom, class: "axis" }),
    svg("text", { x: left - 4, y: top + 4, "text-anchor": "end", class: "tick" }, number(high)),
    svg("text", { x: left - 4, y: height - bottom, "text-anchor": "end", class: "tick" }, number(low)),
    svg("polyline", { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" "), class: "line" }));
  points.forEach((p, i) => root.append(svg("circle", { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 2.5, class: p.won ? "won" : "dot" })));
  return root;
}

function gameCard(game) {
  const title = titles[game.game] || game.game;
  return h("section", { class: "panel", "aria-label": title }, h("h3", {}, title),
    h("p", {}, `${t("ratingCol")}: `, ratingElement(game.rating, game.provisional), " · ",
      `${t("matchesCol")}: ${number(game.matches)} · ${t("winsCol")}: ${number(game.wins)}`),
    h("p", {}, h("a", { href: `/leaderboard/${encodeURIComponent(game.game)}?lang=${getLang()}` },
      t("leaderboardTitle", { game: title }))),
    game.history.length ? chart(game) : null);
}

function recent(entries) {
  if (!entries.length) return h("p", {}, t("noRecent"));
  return h("ul", { class: "tables" }, entries.map((entry) => {
    const kind = entry.rated
      ? `${t("ratedMatch")}, ${t(entry.won ? "wonMatch" : "lostMatch")}, ${t("ratingAfter", { rating: number(entry.rating) })}`
      : t("friendlyMatch");
    const label = `${titles[entry.game] || entry.game} — ${day(entry.created)} — ${kind}`;
    return h("li", {}, h("span", { class: "table-label" }, label),
      h("a", { class: "button", href: `${entry.replay}?lang=${getLang()}`, "aria-label": `${t("replayOf")}: ${label}` }, t("replayOf")));
  }));
}

async function render() {
  document.documentElement.lang = getLang();
  document.getElementById("lang").value = getLang();
  document.getElementById("lang-label").textContent = t("language");
  document.getElementById("lobby-link").textContent = t("backLobby");
  const title = t("profileTitle", { name: username });
  document.title = `mazzo — ${title}`;
  document.getElementById("title").textContent = title;
  const main = document.getElementById("main");
  try {
    titles = await gameTitles();
    const profile = await getJSON(`/api/players/${encodeURIComponent(username)}?lang=${getLang()}`);
    main.replaceChildren(h("p", { class: "small" }, t("memberSince", { date: day(profile.created) })),
      h("h2", {}, t("ratingsTitle")),
      profile.games.length ? h("div", { class: "rating-games" }, profile.games.map(gameCard)) : h("p", {}, t("noRated")),
      h("h2", {}, t("recentTitle")), recent(profile.recent));
  } catch (error) {
    main.replaceChildren(h("p", { role: "alert" }, error.message || t("unknownPage")));
  }
  document.body.dataset.ready = "true";
}

document.getElementById("lang").addEventListener("change", (e) => { setLang(e.target.value); render(); });
render();

// Ratings in the browser: the bots' reference ratings beside the lobby's levels, the links to
// the leaderboards, and how a rating reads (a provisional one carries a mark). Names are text.
import { getJSON, h } from "./api.js";
import { getLang, t } from "./i18n.js";

// matches under which a rating is provisional (the server's PROVISIONAL_MATCHES)
export const PROVISIONAL_MATCHES = 10;
// the mark after a provisional rating, as on chess sites
const PROVISIONAL_MARK = "?";
let botRatings = {};

/** A whole number as the language writes it (1,500 / 1.500). */
export function number(value) {
  return Number(value).toLocaleString(getLang() === "it" ? "it-IT" : "en-GB", { useGrouping: "always" });
}

/** A rating as an element: the number, and the provisional mark with its explanation. */
export function ratingElement(rating, provisional) {
  const el = h("span", { class: "rating" }, number(rating));
  if (provisional) {
    const why = t("provisional", { n: PROVISIONAL_MATCHES });
    el.append(h("abbr", { class: "provisional", title: why, "aria-label": why }, PROVISIONAL_MARK));
  }
  return el;
}

/** Fetch the bot levels' reference ratings once; without them the levels show no number. */
export async function loadBotRatings() {
  try { botRatings = await getJSON("/api/bot-ratings"); } catch { botRatings = {}; }
}

/** " (~1,500)" for a bot level of a game, or "" when the game has no reference for it. */
export function botRatingText(gameId, level) {
  const rating = botRatings[gameId]?.[level];
  return rating === undefined ? "" : ` ${t("botReference", { rating: number(rating) })}`;
}

/** The lobby's section of links to every game's leaderboard. */
export function leaderboardLinks(games, title) {
  const heading = h("h2", { id: "leaderboards-title" }, t("leaderboards"));
  return h("section", { id: "leaderboards", "aria-labelledby": "leaderboards-title" }, heading,
    h("ul", { class: "leaderboard-links" }, games.map((game) => h("li", {},
      h("a", { href: `/leaderboard/${encodeURIComponent(game.id)}?lang=${getLang()}` }, title(game))))));
}

/** The title of the game ``id`` from GET /api/games, in the page's language. */
export async function gameTitles() {
  const games = await getJSON("/api/games");
  return Object.fromEntries(games.map((g) => [g.id, g.title[getLang()] || g.id]));
}

// The leaderboard of one game (/leaderboard/<game>): GET /api/leaderboard/<game>, a page at a
// time, best conservative rating first; each name links to the player's profile. Names are text.
import { getJSON, h } from "./api.js";
import { getLang, setLang, t } from "./i18n.js";
import { gameTitles, number, ratingElement } from "./ratings.js";

// rows per page
const PAGE = 50;
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let offset = Math.max(0, Number(new URLSearchParams(location.search).get("offset")) || 0);

function row(entry, rank) {
  const profile = `/players/${encodeURIComponent(entry.username)}?lang=${getLang()}`;
  return h("tr", {}, h("td", { class: "num" }, number(rank)),
    h("td", {}, h("a", { href: profile }, entry.username)),
    h("td", { class: "num" }, ratingElement(entry.rating, entry.provisional)),
    h("td", { class: "num" }, number(entry.matches)), h("td", { class: "num" }, number(entry.wins)));
}

function table(rows) {
  const head = [t("rankCol"), t("playerCol"), t("ratingCol"), t("matchesCol"), t("winsCol")];
  return h("table", { class: "leaderboard" },
    h("thead", {}, h("tr", {}, head.map((words) => h("th", { scope: "col" }, words)))),
    h("tbody", {}, rows.map((entry, i) => row(entry, offset + i + 1))));
}

function pager(count) {
  const go = (to) => () => { offset = Math.max(0, to); render(); };
  return h("nav", { class: "pager", "aria-label": t("leaderboards") },
    offset > 0 ? h("button", { type: "button", onclick: go(offset - PAGE) }, t("prevPage")) : null,
    count === PAGE ? h("button", { type: "button", onclick: go(offset + PAGE) }, t("nextPage")) : null);
}

async function render() {
  document.documentElement.lang = getLang();
  document.getElementById("lang").value = getLang();
  document.getElementById("lang-label").textContent = t("language");
  document.getElementById("lobby-link").textContent = t("backLobby");
  const main = document.getElementById("main");
  try {
    const titles = await gameTitles();
    const title = t("leaderboardTitle", { game: titles[gameId] || gameId });
    document.title = `mazzo — ${title}`;
    document.getElementById("title").textContent = title;
    const rows = await getJSON(`/api/leaderboard/${encodeURIComponent(gameId)}?limit=${PAGE}&offset=${offset}&lang=${getLang()}`);
    main.replaceChildren(rows.length ? table(rows) : h("p", {}, t("noRated")), pager(rows.length));
  } catch (error) {
    main.replaceChildren(h("p", { role: "alert" }, error.message || t("unknownPage")));
  }
  document.body.dataset.ready = "true";
}

document.getElementById("lang").addEventListener("change", (e) => { setLang(e.target.value); render(); });
render();

// The lobby: a form built from GET /api/games, seats (you, a friend by link, a bot level),
// create the table, copy invite links, and the list of this browser's tables.
import { forgetTable, getJSON, h, myTables, postJSON, rememberTable } from "./api.js";
import { fieldLabel, getLang, levelDescription, setLang, t, valueLabel } from "./i18n.js";

const LEVELS = ["random", "facile", "medio", "difficile", "esperto"];
let games = [];

function gameTitle(game) { return game.title[getLang()] || game.id; }

function fieldControl(game, field) {
  const id = `cfg-${field.name}`;
  // a label starts a line, as the table options' own do ("Pausa dei bot"); the field's words
  // stay lower case where they run in a sentence ("fiches iniziali: serve un numero...")
  const words = fieldLabel(field.name, game.id);
  const label = h("label", { for: id }, words.charAt(0).toUpperCase() + words.slice(1));
  let control;
  if (field.type === "boolean") {
    control = h("input", { type: "checkbox", id, name: field.name });
    control.checked = Boolean(field.default);
  } else if (Array.isArray(field.allowed)) {
    control = h("select", { id, name: field.name },
      field.allowed.map((v) => h("option", { value: JSON.stringify(v), selected: v === field.default }, valueLabel(field.name, v, game.id))));
  } else if (field.type === "integer" || field.type === "number") {
    const range = field.allowed || {};
    control = h("input", { type: "number", id, name: field.name, value: field.default,
      min: range.min ?? null, max: range.max ?? null, step: field.type === "integer" ? 1 : "any" });
  } else {
    return null; // arrays (e.g. Nebraska's suit order) keep the game's default
  }
  control.dataset.type = field.type;
  return h("div", { class: "field" }, label, control);
}

function readConfig(game) {
  const config = { players: Number(document.getElementById("players").value) };
  for (const field of game.config) {
    if (field.name === "players") continue;
    const el = document.getElementById(`cfg-${field.name}`);
    if (!el) continue;
    let value;
    if (field.type === "boolean") value = el.checked;
    else if (el.tagName === "SELECT") value = JSON.parse(el.value);
    else value = Number(el.value);
    if (value !== field.default) config[field.name] = value;
  }
  return config;
}

function seatRows(count) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const select = h("select", { id: `seat-${i}`, "aria-describedby": `seat-${i}-desc` },
      h("option", { value: "you", selected: i === 0 }, t("you")),
      h("option", { value: "friend" }, t("friend")),
      LEVELS.map((level) => h("option", { value: level, selected: i > 0 && level === "medio" },
        t("bot", { level, desc: levelDescription(level) }))));
    const name = h("input", { id: `name-${i}`, type: "text", maxlength: 40, autocomplete: "off" });
    rows.push(h("div", { class: "seat-row" },
      h("label", { for: `seat-${i}` }, t("seat", { n: i + 1 })), select,
      h("label", { for: `name-${i}`, class: "sr-only" }, `${t("nickname")} ${i + 1}`),
      name));
  }
  return rows;
}

function renderForm() {
  const form = document.getElementById("create-form");
  const previous = form.querySelector("#game")?.value;
  const game = games.find((g) => g.id === previous) || games[0];
  const playersField = game.config.find((f) => f.name === "players");
  const sameGame = previous === game.id;
  const players = (sameGame && Number(form.querySelector("#players")?.value)) || playersField.default;
  const count = game.players.includes(players) ? players : playersField.default;
  form.replaceChildren(
    h("div", { class: "field" }, h("label", { for: "game" }, t("game")),
      h("select", { id: "game", onchange: renderForm },
        games.map((g) => h("option", { value: g.id, selected: g.id === game.id }, gameTitle(g))))),
    h("div", { class: "field" }, h("label", { for: "players" }, t("players")),
      h("select", { id: "players", onchange: renderForm },
        game.players.map((n) => h("option", { value: n, selected: n === count }, String(n))))),
    h("fieldset", {}, h("legend", {}, t("options")),
      game.config.filter((f) => f.name !== "players").map((f) => fieldControl(game, f)),
      h("div", { class: "field" }, h("label", { for: "opt-bot_pause_s" }, t("botPause")),
        h("input", { id: "opt-bot_pause_s", type: "number", min: 0, max: 10, step: 0.1, value: 0.6 })),
      h("div", { class: "field" }, h("label", { for: "opt-grace_s" }, t("grace")),
        h("input", { id: "opt-grace_s", type: "number", min: 0, max: 86400, step: 1, value: 60 })),
      h("div", { class: "field" }, h("label", { for: "opt-turn_seconds" }, t("turnLimit")),
        h("input", { id: "opt-turn_seconds", type: "number", min: 0, max: 3600, step: 1, value: 0,
          "aria-describedby": "opt-turn_seconds-help" }),
        h("span", { id: "opt-turn_seconds-help", class: "small" }, t("turnLimitHelp"))),
      h("div", { class: "field" }, h("label", { for: "opt-hints" }, t("hints")),
        h("input", { id: "opt-hints", type: "checkbox", checked: true }))),
    h("fieldset", { id: "seats" }, h("legend", {}, t("seats")), seatRows(count)),
    h("p", { id: "form-error", class: "error", role: "alert" }),
    h("button", { type: "submit", class: "primary", id: "create" }, t("create")),
  );
}

/** The first number field out of its range (the form has novalidate: the browser's own bubbles
 * would speak the browser's language), with what it needs in the lobby's language. */
function badNumber(form) {
  for (const input of form.querySelectorAll("input[type=number]")) {
    const v = input.validity;
    if (!(v.badInput || v.rangeUnderflow || v.rangeOverflow || v.stepMismatch)) continue;
    // a game's field is named in its own words, lower case as in the server's refusals (its
    // label starts with a capital); the table's options by their label
    const field = input.id.startsWith("cfg-") ? fieldLabel(input.name, document.getElementById("game").value)
      : form.querySelector(`label[for="${input.id}"]`)?.textContent ?? input.id;
    const whole = input.step === "1";
    const key = input.max !== "" ? (whole ? "wholeRange" : "numberRange") : (whole ? "wholeFrom" : "numberFrom");
    return { input, message: t(key, { field, min: input.min, max: input.max }) };
  }
  return null;
}

/** The server's refusal of the form: a config field named by its label, said once. */
function refusal({ field = "", message = "" }, gameId) {
  if (!field) return message;  // not about one field: too many tables made, say
  const name = field.startsWith("config.") ? field.slice("config.".length) : null;
  let said = message;
  for (const prefix of [`${field}: `, `${name}: `]) if (said.startsWith(prefix)) said = said.slice(prefix.length);
  return `${name ? fieldLabel(name, gameId) : field}: ${said}`;
}

async function create(event) {
  event.preventDefault();
  const game = games.find((g) => g.id === document.getElementById("game").value);
  const count = Number(document.getElementById("players").value);
  const kinds = [...Array(count).keys()].map((i) => document.getElementById(`seat-${i}`).value);
  const error = document.getElementById("form-error");
  if (!kinds.some((k) => k === "you" || k === "friend")) { error.textContent = t("needHuman"); return; }
  if (kinds.filter((k) => k === "you").length > 1) { error.textContent = t("youOnce"); return; }
  const bad = badNumber(event.target);
  if (bad) { error.textContent = bad.message; bad.input.focus(); return; }
  // people without a nickname get none: the server's texts call them "Giocatore 2" / "Player 2"
  // in each reader's language (a name sent here would stay in the lobby's language for everyone)
  const names = [...Array(count).keys()].map((i) => document.getElementById(`name-${i}`).value.trim() || null);
  const body = {
    game: game.id, config: readConfig(game),
    seats: kinds.map((k) => (k === "you" || k === "friend" ? "human" : k)), names,
    options: { bot_pause_s: Number(document.getElementById("opt-bot_pause_s").value),
               grace_s: Number(document.getElementById("opt-grace_s").value),
               turn_seconds: Number(document.getElementById("opt-turn_seconds").value),
               hints: document.getElementById("opt-hints").checked },
    // with a friend to wait for, the owner starts from the table once everyone is in
    start: !kinds.includes("friend"),
  };
  const button = document.getElementById("create");
  button.disabled = true;
  button.textContent = t("creating");
  try {
    const created = await postJSON(`/api/tables?lang=${getLang()}`, body);
    showCreated(game, created, kinds);
    error.textContent = "";
  } catch (exc) {
    error.textContent = exc.data ? refusal(exc.data, game.id) : String(exc);
  } finally {
    button.disabled = false;
    button.textContent = t("create");
  }
}

function withLang(url) {
  const u = new URL(url);
  u.searchParams.set("lang", getLang());
  return u.toString();
}

function copyButton(text, label) {
  return h("button", { type: "button", "aria-label": `${t("copy")}: ${label}`, onclick: async (e) => {
    try { await navigator.clipboard.writeText(text); } catch { /* the link is shown: copy by hand */ }
    e.target.textContent = t("copied");
  } }, t("copy"));
}

function showCreated(game, created, kinds) {
  const mine = created.seats.find((s, i) => kinds[i] === "you");
  const ownUrl = mine ? withLang(mine.url) : withLang(`${location.origin}/tables/${created.table}`);
  rememberTable({ id: created.table, game: game.id, url: ownUrl, owner: created.owner,
                  seat: mine ? mine.seat : null, created: Date.now() });
  localStorage.setItem(`mazzo.owner.${created.table}`, created.owner);
  const invites = created.seats.filter((s, i) => s.url && kinds[i] === "friend").map((s) => {
    const label = t("invite", { n: s.seat + 1, name: s.label });  // the server's, in our language
    const url = withLang(s.url);
    return h("li", {}, h("span", {}, label), h("input", { readonly: true, value: url, "aria-label": label }),
      copyButton(url, label));
  });
  const spectate = withLang(created.spectate);
  const section = document.getElementById("created");
  section.hidden = false;
  section.replaceChildren(
    h("h2", {}, `${t("created")}: ${gameTitle(game)}`),
    h("ul", { class: "links" }, invites,
      h("li", {}, h("span", {}, t("spectate")), h("input", { readonly: true, value: spectate, "aria-label": t("spectate") }),
        copyButton(spectate, t("spectate")))),
    h("p", {}, h("a", { href: ownUrl, id: "go-seat", class: "button primary" }, mine ? t("goToSeat") : t("goToTable"))),
  );
  renderMyTables();
  document.getElementById("go-seat").focus();
}

function renderMyTables() {
  const section = document.getElementById("my-tables");
  const tables = myTables();
  const title = h("h2", { id: "my-tables-title" }, t("yourTables"));
  if (!tables.length) { section.replaceChildren(title, h("p", {}, t("noTables"))); return; }
  section.replaceChildren(title, h("ul", { class: "tables" }, tables.map((entry) => {
    const game = games.find((g) => g.id === entry.game);
    const when = new Date(entry.created).toLocaleString(getLang());
    const label = `${game ? gameTitle(game) : entry.game} — ${when}`;
    return h("li", {}, h("span", {}, label),
      h("a", { href: entry.url, class: "button", "aria-label": `${t("rejoin")}: ${label}` }, t("rejoin")),
      h("button", { type: "button", "aria-label": `${t("forget")}: ${label}`,
        onclick: () => { forgetTable(entry.id); renderMyTables(); } }, t("forget")));
  })));
}

function renderTexts() {
  document.documentElement.lang = getLang();
  document.title = t("lobbyTitle");
  document.getElementById("title").textContent = t("lobbyTitle");
  document.getElementById("intro").textContent = t("lobbyIntro");
  document.getElementById("lang-label").textContent = t("language");
  document.getElementById("lang").value = getLang();
  renderForm();
  renderMyTables();
}

async function main() {
  games = await getJSON("/api/games");
  document.getElementById("lang").addEventListener("change", (e) => { setLang(e.target.value); renderTexts(); });
  document.getElementById("create-form").addEventListener("submit", create);
  renderTexts();
  document.body.dataset.ready = "true";
}

main();

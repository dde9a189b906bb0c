// The lobby: "Play now" for each game (you against medio bots, the game's own rules), and behind
// "Custom table" a form built from GET /api/games (seats: you, a friend by link, a bot level) that
// remembers its last settings; then the invite links, and "Your tables": this browser's, and a
// logged-in account's from the server (on any device).
import { account, loadAccount, onAccount, renderAccount } from "./account.js";
import { copyButton, forgetTable, getJSON, h, myTables, postJSON, rememberLinks, rememberTable } from "./api.js";
import { fieldHelp, fieldLabel, getLang, levelDescription, setLang, t, valueLabel } from "./i18n.js";

const LEVELS = ["random", "facile", "medio", "difficile", "esperto"];
// where the custom form's last settings are kept: {last, open, games: {id: {...}}, options}
const SETTINGS_KEY = "mazzo.lobby";
// the table options' defaults (the server's own, as `mazzo serve` starts without flags)
const DEFAULT_OPTIONS = { bot_pause_s: 0.6, grace_s: 60, turn_seconds: 0, hints: true };
let games = [];
// what the custom form shows: {game, players, config: {name: value}, seats, names, options}
let draft = null;

function gameTitle(game) { return game.title[getLang()] || game.id; }
function gameById(id) { return games.find((g) => g.id === id); }
function defaultPlayers(game) { return game.config.find((f) => f.name === "players").default; }

// -- remembered settings ------------------------------------------------------------------------

function loadSettings() {
  try { return JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { return {}; }
}

function saveSettings(changes) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...loadSettings(), ...changes }));
}

/** The form for ``gameId``: its last settings in this browser, else the game's defaults (the
 * player count is the game's own, never the one of the game shown before). */
function draftFor(gameId) {
  const game = gameById(gameId) || games[0];
  const saved = loadSettings();
  const mine = saved.games?.[game.id] || {};
  return { game: game.id, players: game.players.includes(mine.players) ? mine.players : defaultPlayers(game),
    config: { ...(mine.config || {}) }, seats: mine.seats || [], names: mine.names || [],
    options: { ...DEFAULT_OPTIONS, ...(saved.options || {}) } };
}

function rememberDraft(current) {
  const saved = loadSettings();
  const { game, options, ...rest } = current;
  saveSettings({ last: game, options, games: { ...(saved.games || {}), [game]: rest } });
}

// -- the form -----------------------------------------------------------------------------------

/** What a field allows with ``players`` players (Novantanove's decks depend on them). */
function allowedFor(field, players) {
  return field.allowed_by_players?.[String(players)] ?? field.allowed;
}

function fieldControl(game, field, players, value) {
  const id = `cfg-${field.name}`;
  // a label starts a line, as the table options' own do ("Pausa dei bot"); the field's words
  // stay lower case where they run in a sentence ("fiches iniziali: serve un numero...")
  const words = fieldLabel(field.name, game.id);
  const label = h("label", { for: id }, words.charAt(0).toUpperCase() + words.slice(1));
  const allowed = allowedFor(field, players);
  const help = fieldHelp(game.id, field);
  const helpId = help ? `${id}-help` : null;
  let control;
  if (field.type === "boolean") {
    control = h("input", { type: "checkbox", id, name: field.name, "aria-describedby": helpId });
    control.checked = Boolean(value ?? field.default);
  } else if (Array.isArray(allowed)) {
    const chosen = allowed.includes(value) ? value : field.default;
    control = h("select", { id, name: field.name, "aria-describedby": helpId },
      allowed.map((v) => h("option", { value: JSON.stringify(v), selected: v === chosen }, valueLabel(field.name, v, game.id))));
  } else if (field.type === "integer" || field.type === "number") {
    const range = allowed || {};
    control = h("input", { type: "number", id, name: field.name, value: value ?? field.default,
      min: range.min ?? null, max: range.max ?? null, step: field.type === "integer" ? 1 : "any",
      "aria-describedby": helpId });
  } else {
    return null; // arrays (e.g. Nebraska's suit order) keep the game's default
  }
  control.dataset.type = field.type;
  return h("div", { class: "field" }, label, control,
    help ? h("span", { id: helpId, class: "small field-help" }, help) : null);
}

/** The form as it stands: what a redraw keeps (a new player count keeps the options chosen). */
function readDraft() {
  const form = document.getElementById("create-form");
  const game = gameById(form.querySelector("#game").value);
  const players = Number(form.querySelector("#players").value);
  const config = {};
  for (const field of game.config) {
    const el = document.getElementById(`cfg-${field.name}`);
    if (!el || field.name === "players") continue;
    if (field.type === "boolean") config[field.name] = el.checked;
    else if (el.tagName === "SELECT") config[field.name] = JSON.parse(el.value);
    else config[field.name] = el.value === "" ? field.default : Number(el.value);
  }
  const rows = [...form.querySelectorAll(".seat-row")];
  const value = (id) => document.getElementById(id);
  return { game: game.id, players, config,
    seats: rows.map((_, i) => value(`seat-${i}`).value), names: rows.map((_, i) => value(`name-${i}`).value),
    options: { bot_pause_s: Number(value("opt-bot_pause_s").value), grace_s: Number(value("opt-grace_s").value),
      turn_seconds: Number(value("opt-turn_seconds").value), hints: value("opt-hints").checked } };
}

/** The config sent: the fields that differ from the game's defaults. */
function configOf(game, current) {
  const config = { players: current.players };
  for (const field of game.config) {
    if (field.name === "players" || !(field.name in current.config)) continue;
    const value = current.config[field.name];
    if (value !== field.default) config[field.name] = value;
  }
  return config;
}

function seatRows(count, kinds, names) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i] ?? (i === 0 ? "you" : "medio");
    const select = h("select", { id: `seat-${i}` },
      h("option", { value: "you", selected: kind === "you" }, t("you")),
      h("option", { value: "friend", selected: kind === "friend" }, t("friend")),
      LEVELS.map((level) => h("option", { value: level, selected: level === kind },
        t("bot", { level, desc: levelDescription(level) }))));
    const name = h("input", { id: `name-${i}`, type: "text", maxlength: 40, autocomplete: "off", value: names[i] || "" });
    // the name's label is seen ("Nome"); a screen reader also hears whose seat it is
    rows.push(h("div", { class: "seat-row" },
      h("label", { for: `seat-${i}` }, t("seat", { n: i + 1 })), select,
      h("label", { for: `name-${i}`, class: "name-label" }, t("nickname"),
        h("span", { class: "sr-only" }, ` — ${t("seat", { n: i + 1 }).toLowerCase()}`)),
      name));
  }
  return rows;
}

function optionField(id, words, control, help) {
  return h("div", { class: "field" }, h("label", { for: id }, words), control,
    help ? h("span", { id: `${id}-help`, class: "small field-help" }, help) : null);
}

function renderForm(current = draft) {
  draft = current;
  const game = gameById(current.game);
  const form = document.getElementById("create-form");
  const o = current.options;
  form.replaceChildren(
    h("div", { class: "field" }, h("label", { for: "game" }, t("game")),
      h("select", { id: "game", onchange: (e) => renderForm(draftFor(e.target.value)) },
        games.map((g) => h("option", { value: g.id, selected: g.id === game.id }, gameTitle(g))))),
    h("div", { class: "field" }, h("label", { for: "players" }, t("players")),
      h("select", { id: "players", onchange: (e) => renderForm({ ...readDraft(), players: Number(e.target.value) }) },
        game.players.map((n) => h("option", { value: n, selected: n === current.players }, String(n))))),
    h("fieldset", {}, h("legend", {}, t("options")),
      game.config.filter((f) => f.name !== "players").map((f) => fieldControl(game, f, current.players, current.config[f.name])),
      optionField("opt-bot_pause_s", t("botPause"),
        h("input", { id: "opt-bot_pause_s", type: "number", min: 0, max: 10, step: 0.1, value: o.bot_pause_s })),
      optionField("opt-grace_s", t("grace"),
        h("input", { id: "opt-grace_s", type: "number", min: 0, max: 86400, step: 1, value: o.grace_s })),
      optionField("opt-turn_seconds", t("turnLimit"),
        h("input", { id: "opt-turn_seconds", type: "number", min: 0, max: 3600, step: 1, value: o.turn_seconds,
          "aria-describedby": "opt-turn_seconds-help" }), t("turnLimitHelp")),
      optionField("opt-hints", t("hints"), h("input", { id: "opt-hints", type: "checkbox", checked: o.hints }))),
    h("fieldset", { id: "seats" }, h("legend", {}, t("seats")), seatRows(current.players, current.seats, current.names)),
    h("p", { id: "form-error", class: "error", role: "alert" }),
    h("button", { type: "submit", class: "primary", id: "create" }, t("create")),
  );
}

// -- play now -----------------------------------------------------------------------------------

function renderPlayNow() {
  const section = document.getElementById("play-now");
  section.replaceChildren(
    h("h2", { id: "play-now-title" }, t("playNow")),
    h("p", { class: "small" }, t("playNowIntro")),
    h("ul", { class: "quick" }, games.map((game) => {
      const n = defaultPlayers(game);
      const descId = `play-${game.id}-desc`;
      return h("li", {},
        h("button", { type: "button", class: "primary", id: `play-${game.id}`, "aria-describedby": descId,
          onclick: (e) => playNow(game, e.currentTarget) }, gameTitle(game)),
        h("span", { id: descId, class: "small" }, t("playNowSeats", { players: n, n: n - 1 })));
    })),
    h("p", { id: "play-now-error", class: "error", role: "alert" }));
}

/** One click: you in seat 0 against medio bots, the game's default config, started at once. */
async function playNow(game, button) {
  const n = defaultPlayers(game);
  const body = { game: game.id, config: {}, seats: ["human", ...Array(n - 1).fill("medio")], start: true };
  const error = document.getElementById("play-now-error");
  button.disabled = true;
  try {
    const created = await postJSON(`/api/tables?lang=${getLang()}`, body);
    const url = keepTable(game, created, ["you", ...Array(n - 1).fill("medio")]);
    location.assign(url);
  } catch (exc) {
    error.textContent = exc.data ? refusal(exc.data, game.id) : String(exc);
    button.disabled = false;
  }
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
  const current = readDraft();
  const game = gameById(current.game);
  const kinds = current.seats;
  const error = document.getElementById("form-error");
  if (!kinds.some((k) => k === "you" || k === "friend")) { error.textContent = t("needHuman"); return; }
  if (kinds.filter((k) => k === "you").length > 1) { error.textContent = t("youOnce"); return; }
  const bad = badNumber(event.target);
  if (bad) { error.textContent = bad.message; bad.input.focus(); return; }
  // people without a nickname get none: the server's texts call them "Giocatore 2" / "Player 2"
  // in each reader's language (a name sent here would stay in the lobby's language for everyone)
  const names = current.names.map((name) => name.trim() || null);
  const body = {
    game: game.id, config: configOf(game, current),
    seats: kinds.map((k) => (k === "you" || k === "friend" ? "human" : k)), names, options: current.options,
    // with a friend to wait for, the owner starts from the table once everyone is in
    start: !kinds.includes("friend"),
  };
  const button = document.getElementById("create");
  button.disabled = true;
  button.textContent = t("creating");
  try {
    const created = await postJSON(`/api/tables?lang=${getLang()}`, body);
    rememberDraft(current);
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

/** Keeps a new table in this browser: in "Your tables", its owner token, and its invite and
 * spectator links for the table page (the server gives them only now). Returns your seat's link. */
function keepTable(game, created, kinds) {
  const mine = created.seats.find((s, i) => kinds[i] === "you");
  const ownUrl = mine ? withLang(mine.url) : withLang(`${location.origin}/tables/${created.table}`);
  rememberTable({ id: created.table, game: game.id, url: ownUrl, owner: created.owner,
                  seat: mine ? mine.seat : null, created: Date.now() });
  localStorage.setItem(`mazzo.owner.${created.table}`, created.owner);
  rememberLinks(created.table, { spectate: created.spectate,
    invites: created.seats.filter((s, i) => s.url && kinds[i] === "friend").map((s) => ({ seat: s.seat, url: s.url })) });
  return ownUrl;
}

function showCreated(game, created, kinds) {
  const ownUrl = keepTable(game, created, kinds);
  const mine = kinds.includes("you");
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
    h("p", { class: "small" }, t("linksLater")),
    h("p", {}, h("a", { href: ownUrl, id: "go-seat", class: "button primary" }, mine ? t("goToSeat") : t("goToTable"))),
  );
  renderMyTables();
  document.getElementById("go-seat").focus();
}

/** Where a table of "Your tables" stands, from the server: waiting, in play, or over and who
 * won (the engine's result; a table the server no longer has says so). */
async function tableState(entry) {
  let summary;
  try {
    summary = await getJSON(`/api/tables/${encodeURIComponent(entry.id)}?lang=${getLang()}`);
  } catch (exc) {
    return exc.data ? t("stateGone") : "";
  }
  if (summary.status === "waiting") return t("stateWaiting");
  if (summary.status !== "over") return t("statePlaying");
  const result = Array.isArray(summary.result) ? summary.result : summary.scores;
  if (!Array.isArray(result) || !result.length) return t("over");
  const best = Math.max(...result);
  const names = summary.seats.filter((s) => result[s.seat] === best)
    .map((s) => s.label + (s.seat === entry.seat ? ` ${t("you_")}` : ""));
  return `${t("over")} — ${names.length === 1 ? t("winner", { name: names[0] }) : t("winners", { names: names.join(", ") })}`;
}

/** This browser's tables and, when logged in, the account's from the server, newest first:
 * a table in both is listed once, with this browser's link (its token) and marked as the
 * account's; one only on the server opens by the account's cookie (its ``?seat=N`` link) and
 * cannot be forgotten here. */
function allMyTables() {
  const local = myTables();
  const server = account()?.tables || [];
  const onServer = new Map(server.map((s) => [s.table, s]));
  const merged = local.map((entry) => ({ ...entry, account: onServer.has(entry.id) }));
  const known = new Set(local.map((entry) => entry.id));
  for (const s of server) {
    if (known.has(s.table)) continue;
    merged.push({ id: s.table, game: s.game, url: withLang(s.url), seat: s.seat, created: s.created * 1000,
                  account: true, serverOnly: true });
  }
  return merged.sort((a, b) => b.created - a.created);
}

function renderMyTables() {
  const section = document.getElementById("my-tables");
  const tables = allMyTables();
  const title = h("h2", { id: "my-tables-title" }, t("yourTables"));
  if (!tables.length) { section.replaceChildren(title, h("p", {}, t("noTables"))); return; }
  section.replaceChildren(title, h("ul", { class: "tables" }, tables.map((entry) => {
    const game = gameById(entry.game);
    const when = new Date(entry.created).toLocaleString(getLang());
    const label = `${game ? gameTitle(game) : entry.game} — ${when}`;
    const state = h("span", { class: "table-state", "data-table": entry.id });
    tableState(entry).then((text) => { state.textContent = text; });
    return h("li", { "data-table": entry.id }, h("span", { class: "table-label" }, label), state,
      entry.account ? h("span", { class: "on-account" }, t("accOnAccount")) : null,
      h("a", { href: entry.url, class: "button", "aria-label": `${t("rejoin")}: ${label}` }, t("rejoin")),
      entry.serverOnly ? null : h("button", { type: "button", "aria-label": `${t("forget")}: ${label}`,
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
  document.getElementById("custom-title").textContent = t("customTable");
  renderPlayNow();
  renderForm(draft ? readDraft() : draftFor(loadSettings().last));
  renderMyTables();
  renderAccount();
}

async function main() {
  games = await getJSON("/api/games");
  document.getElementById("lang").addEventListener("change", (e) => { setLang(e.target.value); renderTexts(); });
  document.getElementById("create-form").addEventListener("submit", create);
  // the custom form opens as it was left: closed for a newcomer, who has "Play now"
  const custom = document.getElementById("custom");
  custom.open = Boolean(loadSettings().open);
  custom.addEventListener("toggle", () => saveSettings({ open: custom.open }));
  renderTexts();
  onAccount(renderMyTables);
  await loadAccount();
  document.body.dataset.ready = "true";
}

main();

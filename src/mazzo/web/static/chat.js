// The table's chat drawer: the messages of this reader's channel (the players', or the
// spectators': the two never mix), quick phrases, a text box, muting a player for oneself
// (remembered in this browser, by name) and reporting one. Every name and message is text:
// it reaches the page through textContent only (h() makes text nodes), never as HTML.
import { h, postJSON } from "./api.js";
import { getLang, t } from "./i18n.js";

// the server's limit on a message, in characters once trimmed (server/chat.py CHAT_MAX_CHARS)
const MAX_CHARS = 200;
// the quick phrases the server knows (server/chat.py PHRASES), in the order of their buttons
const PHRASES = ["hi", "good_luck", "well_played", "thanks", "sorry", "one_moment", "good_game", "bye"];
// the messages kept on the page (the server sends its last 50 on connecting)
const KEEP = 200;
const MUTED_KEY = "mazzo.chat.muted";
const OPEN_KEY = "mazzo.chat.open";

const chat = {
  send: null, tableId: null, token: null,
  messages: [], ids: new Set(), unread: 0, seat: undefined, built: null,
  pending: "", // the text sent and not yet echoed: back in the box if the server refuses it
};

/** Start the chat of a table page: ``send`` puts a message on the table's socket. */
export function startChat({ send, tableId, token }) {
  Object.assign(chat, { send, tableId, token });
}

function muted() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]")); } catch { return new Set(); }
}

function setMuted(name, on) {
  const names = muted();
  if (on) names.add(name); else names.delete(name);
  localStorage.setItem(MUTED_KEY, JSON.stringify([...names]));
  drawMessages();
}

function isOpen() { return localStorage.getItem(OPEN_KEY) === "1"; }

/** A ``chat`` or ``chat_history`` frame from the server. */
export function chatFrame(frame) {
  if (frame.type === "chat_history") {
    // the channel's last messages, again after a reconnection or in a new language
    chat.messages = [];
    chat.ids.clear();
    for (const message of frame.messages) keep(message);
  } else {
    if (chat.ids.has(frame.id)) return;
    keep(frame);
    const mine = frame.seat !== null && frame.seat === chat.seat;
    if (mine) chat.pending = "";
    else if (!muted().has(frame.from)) {
      if (!isOpen()) chat.unread += 1;
      // the list is redrawn whole at times: a live region of its own says each new line once
      say("chat-announce", `${frame.from}: ${frame.text}`);
    }
  }
  drawMessages();
}

function keep(message) {
  chat.messages.push(message);
  chat.ids.add(message.id);
  while (chat.messages.length > KEEP) chat.ids.delete(chat.messages.shift().id);
}

/** A refused message (``chat_*`` error frames): said in the drawer, and the text given back. */
export function chatError(frame) {
  const input = document.getElementById("chat-input");
  if (input && !input.value && chat.pending) input.value = chat.pending;
  chat.pending = "";
  say("chat-status", frame.message);
}

function say(id, text) {
  const el = document.getElementById(id);
  if (el && el.textContent !== text) el.textContent = text;
}

/** The drawer, built once (the text box keeps what is typed and the focus across frames);
 * its words are written again when the language changes, its report choices when seats do. */
export function renderChat(frame) {
  chat.seat = frame.seat;
  const panel = document.getElementById("chat-panel");
  if (!panel) return;
  if (!chat.built) build(panel);
  const key = `${getLang()}|${frame.seat}|${frame.seats.map((s) => `${s.kind}:${s.name}`).join(",")}`;
  if (chat.built !== key) {
    chat.built = key;
    words(frame);
    drawMessages();
  }
}

function build(panel) {
  const details = h("details", { id: "chat" },
    h("summary", {}, h("span", { id: "chat-title" }), " ", h("span", { id: "chat-unread", class: "chat-unread", hidden: true })),
    h("p", { id: "chat-channel", class: "small" }),
    h("ol", { id: "chat-log", class: "chat-log", tabindex: "0" }),
    h("p", { id: "chat-announce", class: "sr-only", "aria-live": "polite" }),
    h("p", { id: "chat-hidden", class: "small", hidden: true }),
    h("div", { id: "chat-phrases", class: "chat-phrases", role: "group" },
      PHRASES.map((key) => h("button", { type: "button", "data-phrase": key, onclick: () => sendMessage({ phrase: key }) }))),
    h("form", { id: "chat-form", class: "chat-form", onsubmit: onSubmit },
      h("label", { for: "chat-input", id: "chat-input-label" }),
      h("input", { id: "chat-input", type: "text", maxlength: String(MAX_CHARS), autocomplete: "off", "aria-describedby": "chat-status" }),
      h("button", { type: "submit", id: "chat-send" })),
    h("p", { id: "chat-status", class: "chat-status", role: "status" }),
    h("details", { id: "chat-muted-box", class: "chat-muted-box" }, h("summary", { id: "chat-muted-title" }), h("ul", { id: "chat-muted", class: "plain" })),
    reportBox());
  details.open = isOpen();
  details.addEventListener("toggle", () => {
    localStorage.setItem(OPEN_KEY, details.open ? "1" : "0");
    if (details.open) chat.unread = 0;
    drawUnread();
  });
  panel.replaceChildren(details);
}

function reportBox() {
  return h("details", { id: "report-box", class: "report-box" },
    h("summary", { id: "report-title" }),
    h("form", { id: "report-form", onsubmit: onReport },
      h("label", { for: "report-seat", id: "report-seat-label" }), h("select", { id: "report-seat" }),
      h("label", { for: "report-reason", id: "report-reason-label" }),
      h("textarea", { id: "report-reason", maxlength: "500", rows: "2" }),
      h("button", { type: "submit", id: "report-send" })),
    h("p", { id: "report-status", role: "status" }));
}

function words(frame) {
  const players = frame.seat !== null;
  say("chat-title", t(players ? "chatPlayers" : "chatSpectators"));
  say("chat-channel", t(players ? "chatPlayersNote" : "chatSpectatorsNote"));
  document.getElementById("chat-log").setAttribute("aria-label", t("chatMessages"));
  document.getElementById("chat-phrases").setAttribute("aria-label", t("chatPhrases"));
  for (const button of document.querySelectorAll("#chat-phrases button")) button.textContent = t(`chatPhrase_${button.dataset.phrase}`);
  say("chat-input-label", t("chatMessage"));
  say("chat-send", t("chatSend"));
  say("report-title", t("chatReport"));
  say("report-seat-label", t("chatReportWho"));
  say("report-reason-label", t("chatReportReason"));
  say("report-send", t("chatReportSend"));
  const others = frame.seats.filter((s) => s.kind === "human" && s.seat !== frame.seat);
  document.getElementById("report-seat").replaceChildren(...others.map((s) =>
    h("option", { value: String(s.seat) }, s.label || s.name)));
  document.getElementById("report-box").hidden = others.length === 0;
}

function drawMessages() {
  const list = document.getElementById("chat-log");
  if (!list) return;
  const names = muted();
  const shown = chat.messages.filter((m) => !names.has(m.from) || (m.seat !== null && m.seat === chat.seat));
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  list.replaceChildren(...(shown.length ? shown.map(line) : [h("li", { class: "chat-none" }, t("chatNone"))]));
  if (atEnd) list.scrollTop = list.scrollHeight;
  const hidden = chat.messages.length - shown.length;
  const note = document.getElementById("chat-hidden");
  note.hidden = hidden === 0;
  say("chat-hidden", hidden ? t("chatHidden", { n: hidden }) : "");
  drawMuted(names);
  drawUnread();
}

function line(message) {
  const own = message.seat !== null && message.seat === chat.seat;
  const at = new Date(message.at * 1000).toLocaleTimeString(getLang(), { hour: "2-digit", minute: "2-digit" });
  return h("li", { class: own ? "chat-line own" : "chat-line" },
    h("span", { class: "chat-time" }, at), " ",
    h("span", { class: "chat-from" }, own ? t("chatYou", { name: message.from }) : message.from), ": ",
    h("span", { class: "chat-text" }, message.text),
    own ? null : h("button", { type: "button", class: "chat-mute link", "aria-label": t("chatMuteName", { name: message.from }),
      onclick: () => setMuted(message.from, true) }, t("chatMute")));
}

function drawMuted(names) {
  const box = document.getElementById("chat-muted-box");
  box.hidden = names.size === 0;
  say("chat-muted-title", t("chatMutedCount", { n: names.size }));
  document.getElementById("chat-muted").replaceChildren(...[...names].map((name) =>
    h("li", {}, h("span", {}, name), " ",
      h("button", { type: "button", class: "link", "aria-label": t("chatUnmuteName", { name }), onclick: () => setMuted(name, false) }, t("chatUnmute")))));
}

function drawUnread() {
  const badge = document.getElementById("chat-unread");
  if (!badge) return;
  const n = isOpen() ? 0 : chat.unread;
  badge.hidden = n === 0;
  badge.textContent = n ? String(n) : "";
  badge.setAttribute("aria-label", t("chatUnread", { n }));
}

function onSubmit(event) {
  event.preventDefault();
  const input = document.getElementById("chat-input");
  const text = input.value.trim();
  if (!text) return;
  if (sendMessage({ text })) {
    chat.pending = text;
    input.value = "";
  }
}

function sendMessage(message) {
  const sent = chat.send({ type: "chat", ...message });
  say("chat-status", sent ? "" : t("chatOffline"));
  return sent;
}

async function onReport(event) {
  event.preventDefault();
  const seat = Number(document.getElementById("report-seat").value);
  const reason = document.getElementById("report-reason");
  const body = { seat, reason: reason.value };
  if (chat.token) body.token = chat.token;
  try {
    await postJSON(`/api/tables/${encodeURIComponent(chat.tableId)}/reports?lang=${getLang()}`, body);
    reason.value = "";
    say("report-status", t("chatReportDone"));
  } catch (exc) {
    say("report-status", exc.message);
  }
}

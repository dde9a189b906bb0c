// The server's HTTP API and the table websocket (reconnecting with the token kept in the link).
import { getLang, t } from "./i18n.js";

export async function getJSON(path) {
  const response = await fetch(path, { headers: { Accept: "application/json" } });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.message || response.statusText), { data });
  return data;
}

// the logged-in session's CSRF token (account.js sets it from GET /api/me): sent with every
// request that changes something, so the server can tell this page from another site's
let csrf = null;
export function setCsrf(value) { csrf = value; }

export async function postJSON(path, body) {
  const headers = { "Content-Type": "application/json" };
  if (csrf) headers["X-Mazzo-CSRF"] = csrf;
  const response = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.message || response.statusText), { data });
  return data;
}

/** A button that copies ``text`` (a link, shown beside it, so it can be copied by hand too). */
export function copyButton(text, label) {
  return h("button", { type: "button", "aria-label": `${t("copy")}: ${label}`, onclick: async (e) => {
    try { await navigator.clipboard.writeText(text); } catch { /* the link is shown: copy by hand */ }
    e.target.textContent = t("copied");
  } }, t("copy"));
}

/** Small DOM builder: h("p", {class: "x"}, "text", child). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// "your tables" kept in this browser: {id, game, token, owner, seat, created}
export function myTables() {
  try { return JSON.parse(localStorage.getItem("mazzo.tables") || "[]"); } catch { return []; }
}
export function rememberTable(entry) {
  const tables = myTables().filter((t) => t.id !== entry.id);
  tables.unshift(entry);
  localStorage.setItem("mazzo.tables", JSON.stringify(tables.slice(0, 30)));
}
export function forgetTable(id) {
  localStorage.setItem("mazzo.tables", JSON.stringify(myTables().filter((t) => t.id !== id)));
  localStorage.removeItem(`mazzo.links.${id}`);
}

// a table's invite and spectator links, kept for its owner (the server gives them only once,
// when the table is made): {invites: [{seat, label, url}], spectate}
export function tableLinks(id) {
  try { return JSON.parse(localStorage.getItem(`mazzo.links.${id}`) || "null"); } catch { return null; }
}
export function rememberLinks(id, links) {
  localStorage.setItem(`mazzo.links.${id}`, JSON.stringify(links));
}

/** A table websocket that reconnects after a drop (not after a bad token or unknown table).
 * Without a token, ``seat`` asks for a seat the logged-in account holds (by its cookie). */
export class TableSocket {
  constructor(tableId, token, { onFrame, onError, onStatus, onMessage }, seat = null) {
    this.tableId = tableId;
    this.token = token;
    this.seat = seat;
    this.handlers = { onFrame, onError, onStatus, onMessage };
    this.delay = 500;
    this.closed = false;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang: getLang() });
    if (this.token) query.set("token", this.token);
    else if (this.seat !== null) query.set("seat", this.seat);
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?${query}`;
  }

  connect() {
    this.handlers.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => { this.delay = 500; this.handlers.onStatus("connected"); };
    ws.onmessage = (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "state") this.handlers.onFrame(frame);
      else if (frame.type === "error") this.handlers.onError(frame);
      else this.handlers.onMessage?.(frame);
    };
    ws.onclose = (event) => {
      if (this.closed) return;
      if (event.code === 4401 || event.code === 4404) { this.closed = true; this.handlers.onStatus("refused"); return; }
      this.handlers.onStatus("reconnecting");
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }
}

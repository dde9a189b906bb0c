// The account area of the top bar (lobby and table pages): "Log in" and "Register" (a dialog
// with labelled fields, the server's refusals shown as text), then the username with its menu
// (profile, change password, log out, log out everywhere, delete the account). The session is
// an HttpOnly cookie the page never sees; what the page knows of it is GET /api/me's answer,
// whose CSRF token goes with every request that changes something.
import { h, myTables, setCsrf } from "./api.js";
import { getLang, t } from "./i18n.js";

let me = null;
const listeners = [];

/** The logged-in account (GET /api/me's answer: username, csrf, tables), or null. */
export function account() { return me; }

/** Call ``fn(account)`` whenever the account changes (logged in, out, its tables). */
export function onAccount(fn) { listeners.push(fn); }

async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (me?.csrf) headers["X-Mazzo-CSRF"] = me.csrf;
  const response = await fetch(`${path}?lang=${getLang()}`, {
    method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error(data?.message || response.statusText), { data, status: response.status });
  return data;
}

function setAccount(value) {
  me = value;
  setCsrf(me?.csrf ?? null);
  renderAccount();
  for (const fn of listeners) fn(me);
}

/** Ask the server who is logged in (once per page, and after each change). */
export async function loadAccount() {
  try { setAccount(await call("GET", "/api/me")); } catch { setAccount(null); }
}

/** The seats this browser holds by token (its "My tables"): handed to the account at login. */
function heldSeats() {
  return myTables().flatMap((entry) => {
    try {
      const token = new URL(entry.url, location.href).searchParams.get("token");
      return token ? [{ table: entry.id, token }] : [];
    } catch { return []; }
  });
}

// -- dialogs ------------------------------------------------------------------------------------

/** A modal form: labelled fields, an error line the server's refusal is written in, and
 * ``submit(values)`` run on Enter or the button; the dialog closes when it resolves. Esc and
 * "Cancel" close it; focus returns to where it was. */
function formDialog({ id, title, intro, fields, action, submit, danger }) {
  const opener = document.activeElement;
  const error = h("p", { id: `${id}-error`, class: "error", role: "alert" });
  const button = h("button", { type: "submit", class: danger ? "primary danger" : "primary", id: `${id}-submit` }, action);
  const inputs = fields.map((f) => {
    const helpId = f.help ? `${id}-${f.name}-help` : null;
    const input = h("input", { id: `${id}-${f.name}`, name: f.name, type: f.type || "text", autocomplete: f.autocomplete,
      required: f.type !== "checkbox", "aria-describedby": helpId, spellcheck: "false", autocapitalize: "off" });
    const label = h("label", { for: input.id }, f.label);
    return h("div", { class: f.type === "checkbox" ? "field check" : "field" },
      ...(f.type === "checkbox" ? [input, label] : [label, input]),
      f.help ? h("span", { id: helpId, class: "small field-help" }, f.help) : null);
  });
  const close = h("button", { type: "button", id: `${id}-cancel` }, t("accCancel"));
  const form = h("form", { novalidate: true },
    h("h2", { id: `${id}-title` }, title), intro ? h("p", { class: "small" }, intro) : null,
    inputs, error, h("div", { class: "dialog-buttons" }, button, close));
  const dialog = h("dialog", { id: `${id}-dialog`, class: "account-dialog", "aria-labelledby": `${id}-title` }, form);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => { dialog.remove(); opener?.focus?.(); });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = {};
    for (const f of fields) {
      const input = form.elements.namedItem(f.name);
      values[f.name] = f.type === "checkbox" ? input.checked : input.value;
    }
    error.textContent = "";
    button.disabled = true;
    try {
      await submit(values);
      dialog.close();
    } catch (exc) {
      const field = fields.find((f) => f.name === exc.data?.field);
      error.textContent = field ? `${field.label}: ${exc.message}` : exc.message;
      (field ? form.elements.namedItem(field.name) : form.elements[0])?.focus();
    } finally {
      button.disabled = false;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  form.elements[0].focus();
  return dialog;
}

const USERNAME = () => ({ name: "username", label: t("accUsername"), autocomplete: "username", help: t("accUsernameHelp") });

function logInDialog() {
  formDialog({ id: "login", title: t("accLogIn"), action: t("accLogIn"),
    fields: [{ name: "username", label: t("accUsername"), autocomplete: "username" },
      { name: "password", label: t("accPassword"), type: "password", autocomplete: "current-password" }],
    submit: async (v) => setAccount(await call("POST", "/api/session", { ...v, seats: heldSeats() })) });
}

function registerDialog() {
  formDialog({ id: "register", title: t("accRegister"), intro: t("accRegisterIntro"), action: t("accRegister"),
    fields: [USERNAME(), { name: "password", label: t("accPassword"), type: "password", autocomplete: "new-password",
      help: t("accPasswordHelp") }],
    submit: async (v) => setAccount(await call("POST", "/api/accounts", { ...v, seats: heldSeats() })) });
}

function passwordDialog() {
  formDialog({ id: "password", title: t("accChangePassword"), action: t("accChangePassword"),
    fields: [{ name: "old", label: t("accOldPassword"), type: "password", autocomplete: "current-password" },
      { name: "new", label: t("accNewPassword"), type: "password", autocomplete: "new-password", help: t("accPasswordHelp") }],
    submit: async (v) => { await call("POST", "/api/me/password", v); say(t("accPasswordChanged")); } });
}

function deleteDialog() {
  formDialog({ id: "delete-account", title: t("accDelete"), intro: t("accDeleteIntro"), action: t("accDelete"), danger: true,
    fields: [{ name: "password", label: t("accPassword"), type: "password", autocomplete: "current-password" },
      { name: "confirm", label: t("accDeleteConfirm"), type: "checkbox" }],
    submit: async (v) => {
      if (!v.confirm) throw new Error(t("accDeleteUnconfirmed"));
      await call("DELETE", "/api/me", { password: v.password });
      setAccount(null);
      say(t("accDeleted"));
    } });
}

async function logOut(everywhere) {
  try {
    await call("DELETE", everywhere ? "/api/sessions" : "/api/session");
  } catch (exc) {
    if (exc.status !== 401) { say(exc.message); return; }
  }
  setAccount(null);
  say(t(everywhere ? "accLoggedOutAll" : "accLoggedOut"));
}

/** A short notice in the account area's live region. */
function say(text) {
  const status = document.getElementById("account-status");
  if (status) status.textContent = text;
}

// -- the top bar --------------------------------------------------------------------------------

/** Draw the account area in ``#account`` (again after a change of language). */
export function renderAccount() {
  const area = document.getElementById("account");
  if (!area) return;
  const status = h("span", { id: "account-status", class: "sr-only", role: "status" },
    document.getElementById("account-status")?.textContent || "");
  if (!me) {
    area.replaceChildren(
      h("button", { type: "button", id: "log-in", onclick: logInDialog }, t("accLogIn")),
      h("button", { type: "button", id: "register", onclick: registerDialog }, t("accRegister")), status);
    return;
  }
  const item = (child) => h("li", {}, child);
  const close = (fn) => () => { menu.open = false; fn(); };
  const menu = h("details", { id: "account-menu", class: "account-menu" },
    h("summary", { id: "account-name", "aria-label": t("accMenu", { name: me.username }) }, me.username),
    h("ul", { class: "account-menu-body" },
      item(h("a", { href: `/players/${encodeURIComponent(me.username)}?lang=${getLang()}`, id: "my-profile" }, t("accProfile"))),
      item(h("button", { type: "button", id: "change-password", onclick: close(passwordDialog) }, t("accChangePassword"))),
      item(h("button", { type: "button", id: "log-out", onclick: close(() => logOut(false)) }, t("accLogOut"))),
      item(h("button", { type: "button", id: "log-out-all", onclick: close(() => logOut(true)) }, t("accLogOutAll"))),
      item(h("button", { type: "button", id: "delete-account", class: "danger", onclick: close(deleteDialog) }, t("accDelete")))));
  menu.addEventListener("keydown", (e) => { if (e.key === "Escape" && menu.open) { menu.open = false; menu.querySelector("summary").focus(); } });
  area.replaceChildren(menu, status);
}

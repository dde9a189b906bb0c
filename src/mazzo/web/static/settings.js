// The table page's settings, kept in this browser (localStorage) for every table: motion, sounds,
// four-colour suits, how the hand is sorted. The menu is a <details> in the top bar; its slot
// (#settings-slot) takes the settings other parts of the page add.
import { h } from "./api.js";
import { t } from "./i18n.js";

const KEY = "mazzo.settings";
// what a player who never opened the menu gets: motion as the system asks, silence, two colours
const DEFAULTS = { reducedMotion: false, sounds: false, fourColour: false, sort: "suit" };

/** The settings as stored, with the defaults for what was never set. */
export function settings() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") }; } catch { return { ...DEFAULTS }; }
}

export function setSetting(key, value) {
  localStorage.setItem(KEY, JSON.stringify({ ...settings(), [key]: value }));
  applySettings();
}

/** No motion: the player's setting or the system's reduced-motion preference. */
export function motionOff() {
  return settings().reducedMotion || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The body's classes that CSS follows (four-colour suits, no transitions). */
export function applySettings() {
  const s = settings();
  document.body.classList.toggle("four-colour", s.fourColour);
  document.body.classList.toggle("still", motionOff());
}

/** The menu's controls, drawn again in the page's language; ``onChange`` redraws the table. */
export function renderSettings(onChange) {
  const body = document.getElementById("settings-body");
  // drawn once per language: a frame arriving while a control is in use leaves it alone
  if (!body || body.dataset.lang === document.documentElement.lang) return;
  body.dataset.lang = document.documentElement.lang;
  document.getElementById("settings-title").textContent = t("settings");
  const s = settings();
  const check = (key, label) => h("label", { class: "setting" },
    h("input", { type: "checkbox", id: `set-${key}`, checked: s[key], onchange: (e) => { setSetting(key, e.target.checked); onChange(); } }),
    ` ${label}`);
  const sort = h("label", { class: "setting", for: "set-sort" }, `${t("sortLabel")} `,
    h("select", { id: "set-sort", onchange: (e) => { setSetting("sort", e.target.value); onChange("sort"); } },
      h("option", { value: "suit", selected: s.sort === "suit" }, t("sortSuit")),
      h("option", { value: "rank", selected: s.sort === "rank" }, t("sortRank"))));
  // the slot keeps what others put in it across redraws
  const slot = document.getElementById("settings-slot") || h("div", { id: "settings-slot" });
  body.replaceChildren(check("reducedMotion", t("setMotion")), check("sounds", t("setSounds")),
    check("fourColour", t("setFourColour")), sort, slot);
}

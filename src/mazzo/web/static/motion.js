// Motion and sound on the table: each card that moved between two frames glides from where it
// was (FLIP: first box, last box, invert, play), a card that came to the centre flies from the
// seat that played it, cards that left the centre go to the seat that takes them, a new hand is
// dealt from the centre. Nothing moves when the player or the system asks for reduced motion.
// Sounds are short tones synthesised with WebAudio (nothing is fetched), off unless switched on.
import { motionOff, settings } from "./settings.js";

// how long a card takes to travel, in ms: quick enough for the next bot's move (0.6 s apart)
const GLIDE_MS = 280;
// a new hand's cards start one after the other, this far apart, in ms (at most DEAL_MAX_MS in all)
const DEAL_STEP_MS = 25;
const DEAL_MAX_MS = 250;
const MOVING = "#felt [data-card], #hand [data-card], #felt [data-fly]";

const keyOf = (el) => el.dataset.card ? `c:${el.dataset.card}` : `f:${el.dataset.fly}`;

/** Where every card and chip stack of the felt and the hand is now (the first of each key). */
export function snapshot() {
  const boxes = new Map();
  if (motionOff()) return boxes;
  for (const el of document.querySelectorAll(MOVING)) {
    const key = keyOf(el);
    if (!boxes.has(key)) boxes.set(key, { el, box: el.getBoundingClientRect(), centre: Boolean(el.closest("#centre")) });
  }
  return boxes;
}

const middle = (box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

function glide(el, dx, dy, { scale = 1, delay = 0, fade = false } = {}) {
  const from = { transform: `translate(${dx}px, ${dy}px) scale(${scale})` };
  if (fade) from.opacity = 0.3;
  return el.animate([from, { transform: "none", opacity: 1 }],
    { duration: GLIDE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}

/** Animate from the ``before`` snapshot to the page as drawn now. ``from``: the seat that
 * moved (new cards in the centre fly from it); ``to``: the seat that takes what left the
 * centre; ``deal``: a new hand (the hand's cards come from the centre). Resolves when done. */
export function play(before, { from = null, to = null, deal = false } = {}) {
  if (motionOff() || !before.size) return Promise.resolve();
  const running = [];
  const seen = new Set();
  const seatBox = (seat) => document.querySelector(`#felt .seat[data-seat="${seat}"]`)?.getBoundingClientRect();
  const origin = from !== null ? seatBox(from) : null;
  const centre = document.getElementById("centre")?.getBoundingClientRect();
  let dealt = 0;
  for (const el of document.querySelectorAll(MOVING)) {
    const key = keyOf(el);
    if (seen.has(key)) continue;
    seen.add(key);
    const now = el.getBoundingClientRect();
    const was = before.get(key);
    if (was) {
      const dx = was.box.left - now.left;
      const dy = was.box.top - now.top;
      if (Math.abs(dx) > 2 || Math.abs(dy) > 2) running.push(glide(el, dx, dy));
    } else if (deal && el.closest("#hand") && centre) {
      const a = middle(centre);
      const b = middle(now);
      running.push(glide(el, a.x - b.x, a.y - b.y, { scale: 0.6, delay: Math.min(DEAL_MAX_MS, dealt++ * DEAL_STEP_MS), fade: true }));
    } else if (origin && el.closest("#centre")) {
      const a = middle(origin);
      const b = middle(now);
      running.push(glide(el, a.x - b.x, a.y - b.y, { scale: 0.7 }));
    }
  }
  // bets go to the pot; cards to the seat that takes them (a trick's winner leads next)
  const pot = document.querySelector('#centre [data-fly="pot"]')?.getBoundingClientRect();
  const taker = to !== null ? seatBox(to) : null;
  for (const [key, was] of before) {
    if (seen.has(key) || !was.centre) continue;
    const target = key.startsWith("f:bet-") ? pot : taker;
    if (target) running.push(gather(was, target));
  }
  return Promise.all(running.map((a) => a.finished.catch(() => null)));
}

/** A card that left the centre (a trick gathered, the pile picked up) travels to its taker as
 * a ghost of itself, then goes. */
function gather(was, target) {
  const ghost = was.el.cloneNode(true);
  ghost.removeAttribute("id");
  ghost.classList.add("ghost");
  Object.assign(ghost.style, { left: `${was.box.left}px`, top: `${was.box.top}px`, width: `${was.box.width}px`, height: `${was.box.height}px` });
  document.getElementById("motion-layer").append(ghost);
  const a = middle(was.box);
  const b = middle(target);
  const anim = ghost.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.5)`, opacity: 0 }],
    { duration: GLIDE_MS, easing: "ease-in" });
  anim.finished.catch(() => null).then(() => ghost.remove());
  return anim;
}

// -- sounds -------------------------------------------------------------------------------------

let audio = null;
// each sound: [frequency Hz, start s, length s] tones
const TONES = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.12]],
  card: [[320, 0, 0.05]],
  won: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.18]],
};

/** A short sound (``turn``, ``card``, ``won``) if the player switched sounds on. */
export function sound(name) {
  if (!settings().sounds || !TONES[name]) return;
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [freq, start, length] of TONES[name]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch { /* no audio here: the table works without it */ }
}

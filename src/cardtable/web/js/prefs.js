// What a player chose for the table, kept per browser (localStorage): how long a finished trick stays on
// the table, the order of the hand, whether this browser notifies (notify.js) and plays a sound when it is
// your turn. Without storage (a private window that refuses it) the defaults hold and nothing fails.

const KEYS = { trickPause: "cardtable.trickPause", handOrder: "cardtable.handOrder", notify: "cardtable.notify", turnSound: "cardtable.turnSound" };
/** Where this browser keeps its trick pause (ms): the table's chooser and /settings write it alike. */
export const TRICK_PAUSE_KEY = KEYS.trickPause;
export const TRICK_PAUSES = [0, 500, 1000, 2000, 3000];
const LONGEST_PAUSE = 10_000;
const DEFAULTS = { trickPause: 1000, handOrder: "suit", notify: false, turnSound: false };

function read(name) {
  try {
    return localStorage.getItem(KEYS[name]);
  } catch {
    return null;
  }
}

function write(name, value) {
  try {
    localStorage.setItem(KEYS[name], String(value));
  } catch {
    // kept for this page only
  }
}

/** Milliseconds a finished trick stays on the table before the next card is shown (0: none). */
export function trickPause() {
  const stored = read("trickPause");
  const value = Number(stored);
  return stored !== null && Number.isInteger(value) && value >= 0 && value <= LONGEST_PAUSE ? value : DEFAULTS.trickPause;
}

export function setTrickPause(ms) {
  write("trickPause", ms);
}

/** "suit" (grouped by suit, then by rank) or "rank" (by rank, then by suit). */
export function handOrder() {
  const value = read("handOrder");
  return value === "rank" || value === "suit" ? value : DEFAULTS.handOrder;
}

export function setHandOrder(order) {
  write("handOrder", order);
}

/** Whether this browser shows notifications: "Notify me" was clicked here (the permission is the browser's). */
export function notifying() {
  const value = read("notify");
  return value === null ? DEFAULTS.notify : value === "true";
}

export function setNotifying(on) {
  write("notify", on);
}

/** Whether a sound plays when a table starts waiting for your move (off unless chosen). */
export function turnSound() {
  const value = read("turnSound");
  return value === null ? DEFAULTS.turnSound : value === "true";
}

export function setTurnSound(on) {
  write("turnSound", on);
}

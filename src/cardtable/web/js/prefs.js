// What a player chose for the table, kept per browser (localStorage): how long a finished trick stays on
// the table, and the order of the hand. Without storage (a private window that refuses it) the defaults
// hold and nothing fails.

const KEYS = { trickPause: "cardtable.trickPause", handOrder: "cardtable.handOrder" };
/** Where this browser keeps its trick pause (ms): the table's chooser and /settings write it alike. */
export const TRICK_PAUSE_KEY = KEYS.trickPause;
export const TRICK_PAUSES = [0, 500, 1000, 2000, 3000];
const LONGEST_PAUSE = 10_000;
const DEFAULTS = { trickPause: 1000, handOrder: "suit" };

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

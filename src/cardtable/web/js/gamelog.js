// The game log panel: every event of the game in words, with the players' names, newest at the bottom.
// The server tells the log (GET /api/tables/<id>/log, or a replay's log) from what this viewer may see;
// this module only shows it. Deals are headings that start a new section, hand and round results stand
// out, so a long game reads hand by hand.
//
// Decisions:
// - At a table the panel asks once for the whole log, when the page's first table message comes (the
//   log it gets is then at least as new as that message). From then on every table message carries the
//   entries of the table's latest step (`log`, following on from version `log_since`) and the score
//   sheet's rows it added, and the panel adds those after the version it shows. Only a message that
//   does not follow on from what is shown (one was missed while the connection was down) makes it ask
//   for the entries after its version (`?since=`), once. One request at a time: messages that come
//   meanwhile wait for its answer. After a reload the whole log is asked for again.
// - A game stopped before its rules ended it (conceded, abandoned) ends with a line of kind "end" that
//   the server adds at the last version: it comes with a message of no new version, so the panel adds
//   an "end" line it has not shown yet from any message.
// - The list keeps its place when the reader has scrolled up; it follows the newest line otherwise.
// - In a replay every line is a button that jumps to its step, and the lines of the current step are
//   marked (`onStep`) and scrolled into view inside the list only, never by scrolling the page: the
//   reader's place on the page (the step buttons, on a phone) stays where it is.

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** One line of the log: a heading for a deal, a marked line for a result, a plain one otherwise. */
function line(entry, onStep) {
  const text = onStep ? h("button", { type: "button", class: "link", onclick: () => onStep(entry.step) }, entry.text) : entry.text;
  return h("li", { class: `log-${entry.kind}`, dataset: { step: String(entry.step), version: String(entry.version), seat: entry.seat ?? "" } }, text);
}

/** Draw a log panel into `el` (a section); returns the list element. */
function panel(el, title) {
  el.classList.add("panel", "game-log");
  el.setAttribute("aria-label", title);
  const list = h("ol", { class: "log-lines", tabindex: "0", "aria-live": "polite" });
  el.replaceChildren(h("h3", {}, title), list);
  return list;
}

function add(list, entries, onStep = null) {
  const following = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  list.append(...entries.map((entry) => line(entry, onStep)));
  if (following) list.scrollTop = list.scrollHeight;
}

/**
 * The log of a table: call the returned function with each table message; the panel asks for the whole
 * log at the first, then adds the entries each message carries, or asks for what it missed, and hands
 * the score sheet (every row so far) to `onSheet`.
 */
export function tableLog(el, tableId, onSheet = () => {}) {
  const list = panel(el, t("Game log"));
  let shown = null; // the record version the panel shows the log up to (null: not asked yet)
  let rows = [];
  let busy = false;
  let waiting = []; // table messages that came while the log was asked for
  let ended = false; // an "end" line is shown
  function show(entries) {
    add(list, entries);
    ended ||= entries.some((entry) => entry.kind === "end");
  }
  async function ask() {
    busy = true;
    try {
      const log = await api(`/tables/${tableId}/log?since=${shown ?? 0}`);
      show(shown === null ? log.entries : log.entries.filter((entry) => entry.version > shown));
      shown = Math.max(shown ?? 0, log.version);
      rows = log.sheet;
      onSheet(rows);
    } catch {
      // the next table message tries again
    } finally {
      busy = false;
    }
    const messages = waiting;
    waiting = [];
    messages.forEach(follow);
  }
  function follow(message) {
    if (busy) {
      waiting.push(message);
    } else if (shown === null || (message.version > shown && (message.log_since ?? Infinity) > shown)) {
      ask();
    } else if (message.version > shown) {
      show(message.log.filter((entry) => entry.version > shown));
      const added = message.log_sheet.filter((row) => row.version > shown);
      shown = message.version;
      if (added.length) {
        rows = [...rows, ...added];
        onSheet(rows);
      }
    } else if (!ended) {
      show(message.log.filter((entry) => entry.kind === "end"));
    }
  }
  return follow;
}

/** The log of a replay from one seat (or the public view), each line a jump to its step. */
export async function replayLog(el, path, viewer, onStep) {
  const list = panel(el, t("Game log"));
  const log = await api(`${path}/log${viewer === null ? "" : `?seat=${viewer}`}`);
  add(list, log.entries, onStep);
  return log;
}

/** Mark the lines of `step` in a replay's log and bring them into view. */
export function markStep(el, step) {
  for (const item of el.querySelectorAll(".log-lines li")) item.classList.toggle("current", Number(item.dataset.step) === step);
  const current = el.querySelector(".log-lines li.current");
  if (current) scrollWithin(current.parentElement, current);
}

/** Scroll `list` (a scrolling box) just enough to show `item`, and nothing else: scrollIntoView would
 * scroll the page too, which on a phone (the log below the board) moved the step buttons off-screen. */
function scrollWithin(list, item) {
  const box = list.getBoundingClientRect();
  const line = item.getBoundingClientRect();
  if (line.top < box.top) list.scrollTop -= box.top - line.top;
  else if (line.bottom > box.bottom) list.scrollTop += Math.min(line.bottom - box.bottom, line.top - box.top);
}

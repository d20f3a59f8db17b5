// Reputation (how reliably an account plays its games to the end): the panel of a profile, with the counts,
// the score and how it is counted (the server's words, GET /api/players/<name>), and a table's minimum in
// words ("reputation 80+") for the lobby's cards and the table page.

import { api } from "./api.js";
import { h } from "./dom.js";

const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

/** "reputation 80+" for a table that asks a minimum of whoever sits down; "" for one that does not. */
export function minimumText(table) {
  return table.min_reputation ? `reputation ${table.min_reputation}+` : "";
}

/** The title of a minimum's tag: who may sit down. */
export function minimumTitle(table) {
  return `only accounts with a reputation of ${table.min_reputation} or more may sit down (guests have none)`;
}

/** Show table `tableId`'s minimum in `el` (hidden when it asks none). */
export async function showMinimum(el, tableId) {
  const table = await api(`/tables/${tableId}`).catch(() => null);
  const text = table ? minimumText(table) : "";
  el.hidden = !text;
  el.textContent = text;
  if (text) el.title = minimumTitle(table);
}

/** A profile's reputation: the score, what it counts, and the formula in words. */
export function reputationPanel(reputation) {
  return [
    h("h3", {}, "Reputation ", h("span", { class: "reputation-score" }, String(reputation.score)), h("small", { class: "quiet" }, " of 100")),
    h(
      "p",
      { class: "reputation-counts" },
      `${plural(reputation.finished, "game", "games")} finished · ${plural(reputation.left, "game", "games")} left to the stand-in bot · ${plural(reputation.timeouts, "timeout", "timeouts")}`,
    ),
    h("p", { class: "reputation-formula quiet" }, "How it is counted: ", reputation.formula),
  ];
}

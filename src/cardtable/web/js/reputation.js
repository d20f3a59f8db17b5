// Reputation (how reliably an account plays its games to the end): the panel of a profile, with the counts,
// the score and how it is counted (the server's words, GET /api/players/<name>), and a table's minimum in
// words ("reputation 80+") for the lobby's cards and the table page.

import { api } from "./api.js";
import { h } from "./dom.js";
import { formatNumber, t, tn } from "./i18n.js";

/** "reputation 80+" for a table that asks a minimum of whoever sits down; "" for one that does not. */
export function minimumText(table) {
  return table.min_reputation ? t("reputation {minimum}+", { minimum: table.min_reputation }) : "";
}

/** The title of a minimum's tag: who may sit down. */
export function minimumTitle(table) {
  return t("only accounts with a reputation of {minimum} or more may sit down (guests have none)", { minimum: table.min_reputation });
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
    h("h3", {}, `${t("Reputation")} `, h("span", { class: "reputation-score" }, formatNumber(reputation.score)), h("small", { class: "quiet" }, ` ${t("of 100")}`)),
    h(
      "p",
      { class: "reputation-counts" },
      [
        tn("{count} game finished", "{count} games finished", reputation.finished),
        tn("{count} game left to the stand-in bot", "{count} games left to the stand-in bot", reputation.left),
        tn("{count} timeout", "{count} timeouts", reputation.timeouts),
      ].join(" · "),
    ),
    h("p", { class: "reputation-formula quiet" }, `${t("How it is counted:")} `, reputation.formula),
  ];
}

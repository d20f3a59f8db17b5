// Ending a game before its rules do (POST /api/tables/<id>/concede, POST and DELETE …/abandon): the
// table's menu for a seated person while the game runs, with "Concede" (two-player tables only, after a
// confirm) and "Abandon (vote)" or "Withdraw my vote", and who has voted so far, shown to everyone; once
// over, how such a game ended, for the table's result and the replay. A friendly table (`rated` false)
// says it changes no rating.
// The menu is drawn again only when what it shows changes: a button remade at every update (a bot
// playing fast) would slip away from under the click meant for it.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { formatList, t } from "./i18n.js";
import { nameOf } from "./names.js";

/** The table menu into `el`: buttons for `mine` (the viewer's seat, or undefined) and the votes so far. */
export function drawTableMenu(el, message, mine, tableId, warn) {
  const voters = message.seats.filter((s) => s.abandon_vote).map((s) => nameOf(s.seat));
  el.hidden = message.status !== "playing" || (!mine && !voters.length);
  const state = el.hidden ? "" : JSON.stringify([mine?.seat ?? null, Boolean(mine?.abandon_vote), voters]);
  if (el.dataset.state === state) return;
  el.dataset.state = state;
  const act = (method, path) => async () => {
    try {
      await api(`/tables/${tableId}/${path}`, { method });
    } catch (error) {
      warn(error.message);
    }
  };
  const concede = () => {
    if (confirm(t("Concede the game? The other player wins at once."))) act("POST", "concede")();
  };
  const people = message.seats.filter((s) => s.kind === "player").length;
  const vote = mine?.abandon_vote
    ? h("button", { type: "button", id: "withdraw-vote", onclick: act("DELETE", "abandon") }, t("Withdraw my vote"))
    : h("button", { type: "button", id: "abandon-vote", title: t("the game ends unrated once every player here has voted"), onclick: act("POST", "abandon") }, t("Abandon (vote)"));
  replace(
    el,
    mine && message.seats.length === 2 ? h("button", { type: "button", id: "concede", onclick: concede }, t("Concede")) : null,
    mine ? vote : null,
    voters.length ? h("span", { id: "abandon-votes", class: "quiet" }, t("Voted to abandon: {names} ({count} of {players}).", { names: voters.join(", "), count: voters.length, players: people })) : null,
  );
}

/** How a finished game ended when its rules did not end it, and whether it was friendly; or null. */
export function endNote(message) {
  const result = message.result ?? {};
  const words = [];
  if (result.conceded !== undefined) words.push(t("{name} conceded.", { name: nameOf(result.conceded) }));
  if (result.abandoned) words.push(t("The players agreed to abandon the game: it is not rated."));
  else if (message.rated === false) words.push(t("A friendly game: no rating changed."));
  return words.length ? h("p", { id: "end-note" }, words.join(" ")) : null;
}

/** A replay's words for a game that stopped before its rules ended it (`ended`, the table's result). */
export function endedWords(ended) {
  if (ended.abandoned) return t("abandoned by agreement");
  return t("{name} conceded; won by {names}", { name: nameOf(ended.conceded), names: formatList(ended.winners.map((s) => nameOf(s))) });
}

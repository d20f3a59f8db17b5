// A tournament in players' words, alike on the list (/tournaments) and on its own page: the game's title,
// "Swiss, 3 rounds" or "arena, 30 minutes", duplicate deals, the pace, friendly, the reputation asked;
// its state ("round 2 of 3"); and the buttons to join, leave or start it (`entryButtons`).

import { api, notice } from "./api.js";
import { moveTimeText } from "./clock.js";
import { h } from "./dom.js";
import { formatDate, formatNumber, t, tn } from "./i18n.js";
import { minimumText } from "./reputation.js";

/** "30 minutes", "1 minute", "30 seconds" (an arena may be short). */
export function minutesText(minutes) {
  return minutes >= 1 ? tn("{count} minute", "{count} minutes", Math.round(minutes * 10) / 10) : tn("{count} second", "{count} seconds", Math.round(minutes * 60));
}

/** "Swiss, 3 rounds · duplicate deals · turn-based, 1 day per move · friendly · reputation 80+". */
export function formatText(tournament) {
  return [
    tournament.format === "swiss" ? tn("Swiss, {count} round", "Swiss, {count} rounds", tournament.planned_rounds) : t("arena, {time}", { time: minutesText(tournament.minutes) }),
    tournament.duplicate ? t("duplicate deals") : null,
    tournament.turn_seconds ? t("turn-based, {time} per move", { time: moveTimeText(tournament.turn_seconds) }) : null,
    tournament.rated ? null : t("friendly"),
    minimumText(tournament) || null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** "Troeven tournament 3": the game's title (the server's) and the tournament's number. */
export const titleText = (tournament) => t("{game} tournament {id}", { game: tournament.title, id: tournament.id });

/** "4 players a table". */
export const playersText = (tournament) => tn("{count} player a table", "{count} players a table", tournament.options.players);

/** "open for entries", "round 2 of 3", "new games until 14:05", "over". */
export function stateText(tournament) {
  if (tournament.status === "open") return t("open for entries");
  if (tournament.status === "over") return t("over");
  if (tournament.format === "swiss") return t("round {round} of {rounds}", { round: tournament.round, rounds: tournament.planned_rounds });
  return tournament.ends_at ? t("new games until {time}", { time: formatDate(tournament.ends_at, { hour: "2-digit", minute: "2-digit" }) }) : t("running");
}

/** A count of entrants: "4 entrants". */
export const entrantsText = (count) => tn("{count} entrant", "{count} entrants", count);

/** Points as people write them: 1.5, 2, −0.25 (at most two decimals; 1,5 in Dutch). */
export function pointsText(points) {
  return formatNumber(Math.round(points * 100) / 100 || 0).replace("-", "−"); // || 0: no "−0"
}

/** Join, Leave and Start for an open tournament `tournament`: Join for an account not entered, Leave for one
 * entered, Start for its creator; `entered` says whether `user` is among its entrants; `done()` runs
 * after a button's request succeeded. */
export function entryButtons(tournament, user, entered, done) {
  if (tournament.status !== "open") return [];
  const act = (what) => async () => {
    try {
      await api(`/tournaments/${tournament.id}/${what}`, { method: "POST" });
      await done();
    } catch (error) {
      notice(error.message);
    }
  };
  return [
    user.guest ? null : entered ? h("button", { type: "button", onclick: act("leave") }, t("Leave")) : h("button", { type: "button", class: "primary", onclick: act("join") }, t("Join")),
    tournament.creator_id === user.id ? h("button", { type: "button", onclick: act("start") }, t("Start")) : null,
  ];
}

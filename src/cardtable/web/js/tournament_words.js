// A tournament in players' words, alike on the list (/tournaments) and on its own page: the game's title,
// "Swiss, 3 rounds" or "arena, 30 minutes", duplicate deals, the pace, friendly, the reputation asked;
// its state ("round 2 of 3"); and the buttons to join, leave or start it (`entryButtons`).

import { api, notice } from "./api.js";
import { moveTimeText } from "./clock.js";
import { h } from "./dom.js";

const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "30 minutes", "1 minute", "30 seconds" (an arena may be short). */
export function minutesText(minutes) {
  return minutes >= 1 ? plural(Math.round(minutes * 10) / 10, "minute") : plural(Math.round(minutes * 60), "second");
}

/** "Swiss, 3 rounds · duplicate deals · turn-based, 1 day per move · friendly · reputation 80+". */
export function formatText(t) {
  return [
    t.format === "swiss" ? `Swiss, ${plural(t.planned_rounds, "round")}` : `arena, ${minutesText(t.minutes)}`,
    t.duplicate ? "duplicate deals" : null,
    t.turn_seconds ? `turn-based, ${moveTimeText(t.turn_seconds)} per move` : null,
    t.rated ? null : "friendly",
    t.min_reputation ? `reputation ${t.min_reputation}+` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** "open for entries", "round 2 of 3", "running until 14:05", "over". */
export function stateText(t) {
  if (t.status === "open") return "open for entries";
  if (t.status === "over") return "over";
  if (t.format === "swiss") return `round ${t.round} of ${t.planned_rounds}`;
  return t.ends_at ? `new games until ${new Date(t.ends_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : "running";
}

/** A count of entrants: "4 entrants". */
export const entrantsText = (count) => plural(count, "entrant");

/** Points as people write them: 1.5, 2, −0.25 (at most two decimals). */
export function pointsText(points) {
  return String(Math.round(points * 100) / 100).replace("-", "−");
}

/** Join, Leave and Start for an open tournament `t`: Join for an account not entered, Leave for one
 * entered, Start for its creator; `entered` says whether `user` is among its entrants; `done()` runs
 * after a button's request succeeded. */
export function entryButtons(t, user, entered, done) {
  if (t.status !== "open") return [];
  const act = (what) => async () => {
    try {
      await api(`/tournaments/${t.id}/${what}`, { method: "POST" });
      await done();
    } catch (error) {
      notice(error.message);
    }
  };
  return [
    user.guest ? null : entered ? h("button", { type: "button", onclick: act("leave") }, "Leave") : h("button", { type: "button", class: "primary", onclick: act("join") }, "Join"),
    t.creator_id === user.id ? h("button", { type: "button", onclick: act("start") }, "Start") : null,
  ];
}

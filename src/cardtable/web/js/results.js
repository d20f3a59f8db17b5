// The result of a finished game at the table: every seat with its player and what decided the game, in
// columns that each game fills (a column is shown only when it has something to say), and who left.
//
// Decisions:
// - Scores where the game keeps them (Slobberhannes, Troeven, Mü); in Cabooses each seat's rank and the
//   cards left in hand; in Game of Trains each seat's train, front to back.
// - A person whose seat the stand-in bot played at the end is named under the winners: the bot finished
//   the game for them, and the game was rated as it ended.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { nameOf } from "./names.js";

/** The columns of a game's result: [title, value of a seat]. */
function columns(message) {
  const result = message.result ?? {};
  const obs = message.observation ?? {};
  const found = [];
  if (result.scores) found.push([t("Score"), (seat) => result.scores[seat]]);
  if (obs.ranking) found.push([t("Rank"), (seat) => obs.ranking[seat]]);
  if (result.hand_sizes) found.push([t("Cards left"), (seat) => result.hand_sizes[seat]]);
  if (obs.trains) found.push([t("Train"), (seat) => obs.trains[seat].map((car) => car.card).join(" ")]);
  return found;
}

/** The result table: seat, player, the game's columns; the winners' rows marked. */
export function resultTable(message) {
  const winners = message.result?.winners ?? [];
  const cols = columns(message);
  return h(
    "table",
    { class: "result-table" },
    h("thead", {}, h("tr", {}, h("th", {}, t("Seat")), h("th", {}, t("Player")), cols.map(([title]) => h("th", {}, title)))),
    h(
      "tbody",
      {},
      message.seats.map((seat) =>
        h(
          "tr",
          { class: winners.includes(seat.seat) ? "winner" : "" },
          h("td", {}, String(seat.seat + 1)), // counted from 1, as people count
          h("td", {}, nameOf(seat.seat)),
          cols.map(([, value]) => h("td", {}, String(value(seat.seat)))),
        ),
      ),
    ),
  );
}

/** Who left the game to the stand-in bot, or null. */
export function leftNote(message) {
  const left = message.seats.filter((seat) => seat.kind === "player" && seat.away);
  if (!left.length) return null;
  const lines = left.map((seat) =>
    seat.away === "time"
      ? t("{name} ran out of time: a bot finished the game for them.", { name: nameOf(seat.seat) })
      : t("{name} left the table: a bot finished the game for them, and the game counted as played.", { name: nameOf(seat.seat) }),
  );
  return h("p", { id: "left-note", class: "quiet" }, lines.join(" "));
}

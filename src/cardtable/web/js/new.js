// The create-table page: pick a game, its options (options.js, from what /api/games declares) and who sits in
// each seat (you, open, an invited account, or a bot of a level from /api/bots); optionally a clock (time
// per move, time per player for the game) and the bot level that plays for someone out of time or away;
// or a turn-based table, with a time per move from an hour to three days; and the reputation asked of
// whoever sits down (the score a profile shows).
// Your friends are offered as buttons: one click keeps a seat for that friend (friends.js).
// Everything in players' words: games by their titles, seats counted from 1, each option's help with the
// range a table allows (options.js).

import { api, header, notice, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { friendChips, myFriends } from "./friends.js";
import { formatNumber, t } from "./i18n.js";
import { levelWord, seatWord } from "./names.js";
import { optionFields } from "./options.js";

const user = await requireUser();
header(user);
const [games, bots, friends] = await Promise.all([api("/games"), api("/bots"), myFriends(user)]);

const form = document.querySelector("#new-table");
const gameSelect = document.querySelector("#game");
const seatsEl = document.querySelector("#seat-choices");
const standIn = document.querySelector("#stand-in");

replace(standIn, bots.levels.map((l) => h("option", { value: l, selected: l === "medium" }, levelWord(l))));

const fields = optionFields({ form, gameSelect, optionsEl: document.querySelector("#options"), games, onPlayers: drawSeats });
const players = fields.players;

/** How a bot level plays and, where it thinks long enough to notice, its time a move at the game chosen (the
 * seats are drawn anew when the game changes). */
function levelWords(level) {
  const words = bots.descriptions?.[level] ?? "";
  const seconds = bots.seconds_per_move?.[level]?.[gameSelect.value];
  if (seconds === undefined) return words;
  const time = formatNumber(seconds, { maximumSignificantDigits: 1 });
  return `${words} ${t("It takes about {seconds} s a move at this game.", { seconds: time })}`;
}

function seatRow(seat) {
  const kind = h(
    "select",
    { name: `seat-kind-${seat}`, "aria-label": seatWord(seat, true) },
    h("option", { value: "me", selected: seat === 0 }, t("you")),
    h("option", { value: "bot", selected: seat !== 0 }, t("bot")),
    h("option", { value: "open" }, t("open to anyone")),
    h("option", { value: "invited" }, t("kept for an account")),
  );
  const level = h("select", { name: `seat-level-${seat}`, "aria-label": t("bot level of {seat}", { seat: seatWord(seat, true) }) }, bots.levels.map((l) => h("option", { value: l }, levelWord(l))));
  const invited = h("input", { name: `seat-name-${seat}`, placeholder: t("username"), "aria-label": t("account for {seat}", { seat: seatWord(seat, true) }) });
  const words = h("small", { class: "quiet level-words" });
  const update = () => {
    level.hidden = kind.value !== "bot";
    invited.hidden = kind.value !== "invited";
    words.hidden = level.hidden;
    words.textContent = levelWords(level.value);
  };
  kind.addEventListener("change", update);
  level.addEventListener("change", update);
  update();
  return h("li", { class: "seat-choice" }, h("span", {}, seatWord(seat)), kind, level, invited, words);
}

function drawSeats() {
  replace(seatsEl, Array.from({ length: players() }, (_, s) => seatRow(s)));
}

function readSeats() {
  return Array.from({ length: players() }, (_, s) => {
    const kind = form.elements[`seat-kind-${s}`].value;
    if (kind === "bot") return { kind, level: form.elements[`seat-level-${s}`].value };
    if (kind === "invited") return { kind, name: form.elements[`seat-name-${s}`].value.trim() };
    return { kind };
  });
}

const turnBased = () => form.elements.pace.value === "turn-based";

/** Turn-based tables have their time per move instead of the real-time clock. */
function showPace() {
  document.querySelector("#turn-field").hidden = !turnBased();
  for (const field of form.querySelectorAll(".real-time-only")) field.hidden = turnBased();
}

/** The clock asked for, or undefined for none (and for a turn-based table). */
function readClock() {
  if (turnBased()) return undefined;
  const move = form.elements["move-seconds"].value;
  const game = form.elements["game-minutes"].value;
  if (!move && !game) return undefined;
  return { move_seconds: move ? Number(move) : null, game_seconds: game ? Math.round(Number(game) * 60) : null };
}

/** The reputation asked of whoever sits down, or undefined for none. */
function readMinimum() {
  const value = form.elements["min-reputation"].value;
  return value === "" ? undefined : Number(value);
}

/** Keep a seat for the friend `username`: the first seat that is neither yours nor kept for an account. */
function inviteFriend(username) {
  const seats = Array.from({ length: players() }, (_, s) => s);
  const name = (s) => form.elements[`seat-name-${s}`];
  const kind = (s) => form.elements[`seat-kind-${s}`];
  if (seats.some((s) => kind(s).value === "invited" && name(s).value.trim().toLowerCase() === username)) return notice(t("A seat is kept for {name} already.", { name: username }));
  const free = seats.find((s) => kind(s).value !== "me" && (kind(s).value !== "invited" || !name(s).value.trim()));
  if (free === undefined) return notice(t("Every other seat is kept for someone: free one first."));
  kind(free).value = "invited";
  kind(free).dispatchEvent(new Event("change"));
  name(free).value = username;
  notice(t("{seat} is kept for {name}.", { seat: seatWord(free), name: username }), "ok");
}

friendChips(document.querySelector("#friend-chips"), friends, inviteFriend);
for (const radio of form.elements.pace) radio.addEventListener("change", showPace);
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const table = await api("/tables", { method: "POST", body: { game: fields.game().name, options: fields.read(), seats: readSeats(), clock: readClock(), stand_in: standIn.value, rated: !form.elements.friendly.checked, min_reputation: readMinimum(), turn_seconds: turnBased() ? Number(form.elements["turn-seconds"].value) : undefined } });
    location.assign(`/tables/${table.id}`);
  } catch (error) {
    notice(error.message);
  }
});
fields.draw();

// The players' names, the same in every part of a page: the seat list, the table's picture, the turn
// prompt, the result and the log. A bot is called by its level ("easy bot"); two seats of one name get
// their seat number added ("easy bot (seat 2)"), as the server's game log does (services/logs.py).
// Seats are counted from 1 wherever people read them (seat 0 of the API is "seat 1"): `seatWord`.
// And the games' names as players write them ("Game of Trains" for game-of-trains): `gameTitles`, read
// from GET /api/games (each game's `title`), so no page keeps a list of its own. The games keep their
// names in every language; a bot's level and the words around a name are the reader's (i18n.js).

import { t } from "./i18n.js";

let names = [];

/** The name of each seat of a table message's `seats` (open seats: "open seat"). */
export function namesOfSeats(seats) {
  const plain = seats.map((seat) => {
    if (seat.kind === "bot") return botName(seat.name);
    if (seat.kind === "player") return seat.name;
    if (seat.kind === "invited") return t("kept for {name}", { name: seat.name });
    return t("open seat");
  });
  return distinct(plain);
}

/** Names from a record's player labels ("bot:easy" is "easy bot"). */
export function namesOfLabels(labels) {
  return distinct(labels.map((label) => (label.startsWith("bot:") ? botName(label.slice(4)) : label)));
}

function distinct(plain) {
  return plain.map((name, seat) => (plain.filter((other) => other === name).length > 1 ? `${name} (${seatWord(seat, true)})` : name));
}

// The bot levels (GET /api/bots) in words, whole phrases each, as languages inflect the adjective
// ("makkelijke bot", "leichte Bots"); a level not listed here keeps the API's name.
const LEVELS = {
  easy: () => [t("easy"), t("easy bot"), t("easy bots")],
  medium: () => [t("medium"), t("medium bot"), t("medium bots")],
  hard: () => [t("hard"), t("hard bot"), t("hard bots")],
};
const levelWords = (level) => LEVELS[level]?.() ?? [level, level, level];

/** A bot level in words, as a choice: "easy". */
export const levelWord = (level) => levelWords(level)[0];

/** A bot by its level: "easy bot", as the game log names it. */
export const botName = (level) => levelWords(level)[1];

/** Bots of a level: "easy bots". */
export const botsName = (level) => levelWords(level)[2];

/** A seat as people count it: "Seat 1" for seat 0 (`lower` for the form inside a sentence, "seat 1"). */
export function seatWord(seat, lower = false) {
  const number = seat + 1;
  return lower ? t("seat {number}", { number }) : t("Seat {number}", { number });
}

let games = null;

/** GET /api/games, asked once per page: every game with its title and options (defaults included). */
export function gameList(api) {
  games ??= api("/games").catch((error) => {
    games = null; // ask again next time
    throw error;
  });
  return games;
}

/** The games' names as players write them, by the API's name: a Map from "mue" to "Mü". */
export async function gameTitles(api) {
  return new Map((await gameList(api)).map((g) => [g.name, g.title]));
}

/** A game's name from `gameTitles`' map (the API's name when the map lacks it). */
export function titleOf(map, game) {
  return map.get(game) ?? game;
}

/** Use these names from now on (the table and the replay pages call this before drawing). */
export function setNames(list) {
  names = [...list];
}

/** A seat's name ("Seat 3" for seat 2 when it has none). */
export function nameOf(seat) {
  return names[seat] ?? seatWord(seat);
}

// A tournament's page (/tournaments/<id>): what it plays and how, Join, Leave and Start while it is open,
// the standings (points, games, the Buchholz tie-break, the duplicate score when its deals are
// duplicate, an arena's streaks), how it is scored in the server's words, each round's tables (a link to
// the live table, or to the replay once over, with each player's points) and byes, and the entrants.
// Asked again every few seconds until the tournament is over, so the standings move as tables finish.

import { api, header, notice, pageTitle, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { gameList } from "./names.js";
import { optionsText } from "./options.js";
import { profileLink } from "./players.js";
import { entrantsText, entryButtons, formatText, playersText, pointsText, stateText, titleText } from "./tournament_words.js";

const REFRESH_MS = 3000;
const id = Number(location.pathname.split("/")[2]);
const user = await requireUser();
header(user);
const games = await gameList(api);
const el = (selector) => document.querySelector(selector);

function standingsTable(tournament) {
  if (!tournament.standings.length) return h("p", { class: "quiet" }, t("Nobody has entered yet."));
  const heads = ["#", t("Player"), t("Points"), t("Games"), t("Buchholz"), tournament.duplicate ? t("Duplicate") : null].filter(Boolean);
  const number = (value) => h("td", { class: "number" }, pointsText(value));
  return h(
    "table",
    { class: "ranking" },
    h("thead", {}, h("tr", {}, heads.map((text) => h("th", {}, text)))),
    h(
      "tbody",
      {},
      tournament.standings.map((row, index) =>
        h(
          "tr",
          { class: row.username && row.username === user.username ? "mine" : "" },
          h("td", { class: "number" }, index + 1),
          h("td", { class: "player" }, profileLink(row.username, row.name), row.streak ? [" ", h("span", { class: "tag streak", title: t("two wins in a row: the next game scores double") }, t("on a streak"))] : null),
          number(row.points),
          h("td", { class: "number" }, row.games),
          number(row.buchholz),
          tournament.duplicate ? number(row.duplicate) : null,
        ),
      ),
    ),
  );
}

/** A table of a round: its players (with their points once over) and a link to it or its replay. */
function gameItem(game) {
  const over = game.status === "over";
  const players = game.players.map((name, seat) => (over ? t("{name}: {points}", { name, points: pointsText(game.points[seat]) }) : name)).join(", ");
  const mine = game.players.includes(user.name);
  const link = over
    ? h("a", { class: "button", href: `/replays/tables/${game.table}` }, t("Replay"))
    : h("a", { class: `button${mine ? " primary" : ""}`, href: `/tables/${game.table}` }, mine ? t("Play") : t("Watch"));
  const state = over ? t("over") : game.status === "playing" ? t("playing") : t("waiting");
  const about = over ? t("each player's placing points: 1 for first, 0 for last") : undefined;
  return h("li", { class: "round-game", dataset: { table: game.table, status: game.status } }, h("span", { title: about }, h("strong", {}, t("Table {id}", { id: game.table })), ` · ${state} · ${players}`), link);
}

function roundBox(round, tournament) {
  const byes = round.byes.length ? h("p", { class: "quiet" }, t("Bye (half a point): {names}", { names: round.byes.join(", ") })) : null;
  const title = tournament.format === "swiss" ? t("Round {number}", { number: round.number }) : tournament.duplicate ? t("Deal {number}", { number: round.number }) : null;
  return h("section", { class: "round", dataset: { round: round.number } }, title ? h("h4", {}, title) : null, h("ul", { class: "round-games" }, round.games.map(gameItem)), byes);
}

function show(tournament) {
  const title = titleText(tournament);
  pageTitle(`${title} · cardtable`);
  replace(el("#tournament-title"), title);
  const winner = tournament.status === "over" && tournament.standings.length ? ` · ${t("won by {name}", { name: tournament.standings[0].name })}` : "";
  const state = stateText(tournament);
  replace(el("#tournament-state"), `${state[0].toUpperCase()}${state.slice(1)}${winner}`);
  el("#tournament-state").dataset.status = tournament.status;
  const changed = optionsText(games, tournament.game, tournament.options);
  const about = [formatText(tournament), changed, playersText(tournament), entrantsText(tournament.entrant_count), t("by {name}", { name: tournament.created_by })];
  replace(el("#tournament-about"), about.filter(Boolean).join(" · "));
  replace(el("#tournament-actions"), entryButtons(tournament, user, tournament.entrants.some((e) => e.user_id === user.id), refresh));
  replace(el("#standings"), standingsTable(tournament));
  replace(el("#scoring"), tournament.scoring);
  replace(el("#rounds-title"), tournament.format === "swiss" ? t("Rounds") : t("Games"));
  replace(el("#rounds"), tournament.rounds.length ? tournament.rounds.map((r) => roundBox(r, tournament)).reverse() : h("p", { class: "quiet" }, t("The first tables are drawn when the tournament starts.")));
  replace(el("#entrants"), tournament.entrants.map((e) => h("li", {}, profileLink(e.username, e.name))));
}

let timer = null;

async function refresh() {
  try {
    const tournament = await api(`/tournaments/${id}`);
    show(tournament);
    if (tournament.status === "over") clearInterval(timer);
  } catch (error) {
    notice(error.message);
    if (error.status === 404) clearInterval(timer);
  }
}

timer = setInterval(refresh, REFRESH_MS);
await refresh();

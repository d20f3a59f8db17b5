// A tournament's page (/tournaments/<id>): what it plays and how, Join, Leave and Start while it is open,
// the standings (points, games, the Buchholz tie-break, the duplicate score when its deals are
// duplicate, an arena's streaks), how it is scored in the server's words, each round's tables (a link to
// the live table, or to the replay once over, with each player's points) and byes, and the entrants.
// Asked again every few seconds until the tournament is over, so the standings move as tables finish.

import { api, header, notice, pageTitle, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { gameList } from "./names.js";
import { optionsText } from "./options.js";
import { profileLink } from "./players.js";
import { entrantsText, entryButtons, formatText, pointsText, stateText } from "./tournament_words.js";

const REFRESH_MS = 3000;
const id = Number(location.pathname.split("/")[2]);
const user = await requireUser();
header(user);
const games = await gameList(api);
const el = (selector) => document.querySelector(selector);

function standingsTable(t) {
  if (!t.standings.length) return h("p", { class: "quiet" }, "Nobody has entered yet.");
  const heads = ["#", "Player", "Points", "Games", "Buchholz", t.duplicate ? "Duplicate" : null].filter(Boolean);
  const number = (value) => h("td", { class: "number" }, pointsText(value));
  return h(
    "table",
    { class: "ranking" },
    h("thead", {}, h("tr", {}, heads.map((text) => h("th", {}, text)))),
    h(
      "tbody",
      {},
      t.standings.map((row, index) =>
        h(
          "tr",
          { class: row.username && row.username === user.username ? "mine" : "" },
          h("td", { class: "number" }, index + 1),
          h("td", { class: "player" }, profileLink(row.username, row.name), row.streak ? [" ", h("span", { class: "tag streak", title: "two wins in a row: the next game scores double" }, "on a streak")] : null),
          number(row.points),
          h("td", { class: "number" }, row.games),
          number(row.buchholz),
          t.duplicate ? number(row.duplicate) : null,
        ),
      ),
    ),
  );
}

/** A table of a round: its players (with their points once over) and a link to it or its replay. */
function gameItem(game) {
  const over = game.status === "over";
  const players = game.players.map((name, seat) => (over ? `${name}: ${pointsText(game.points[seat])}` : name)).join(", ");
  const mine = game.players.includes(user.name);
  const link = over
    ? h("a", { class: "button", href: `/replays/tables/${game.table}` }, "Replay")
    : h("a", { class: `button${mine ? " primary" : ""}`, href: `/tables/${game.table}` }, mine ? "Play" : "Watch");
  const state = over ? "over" : game.status === "playing" ? "playing" : "waiting";
  const about = over ? "each player's placing points: 1 for first, 0 for last" : undefined;
  return h("li", { class: "round-game", dataset: { table: game.table, status: game.status } }, h("span", { title: about }, h("strong", {}, `Table ${game.table}`), ` · ${state} · ${players}`), link);
}

function roundBox(round, t) {
  const byes = round.byes.length ? h("p", { class: "quiet" }, `Bye (half a point): ${round.byes.join(", ")}`) : null;
  const title = t.format === "swiss" ? `Round ${round.number}` : t.duplicate ? `Deal ${round.number}` : null;
  return h("section", { class: "round", dataset: { round: round.number } }, title ? h("h4", {}, title) : null, h("ul", { class: "round-games" }, round.games.map(gameItem)), byes);
}

function show(t) {
  pageTitle(`${t.title} tournament ${t.id} · cardtable`);
  replace(el("#tournament-title"), `${t.title} tournament ${t.id}`);
  const winner = t.status === "over" && t.standings.length ? ` · won by ${t.standings[0].name}` : "";
  const state = stateText(t);
  replace(el("#tournament-state"), `${state[0].toUpperCase()}${state.slice(1)}${winner}`);
  el("#tournament-state").dataset.status = t.status;
  const changed = optionsText(games, t.game, t.options);
  replace(el("#tournament-about"), [formatText(t), changed, `${t.options.players} players a table`, entrantsText(t.entrant_count), `by ${t.created_by}`].filter(Boolean).join(" · "));
  replace(el("#tournament-actions"), entryButtons(t, user, t.entrants.some((e) => e.user_id === user.id), refresh));
  replace(el("#standings"), standingsTable(t));
  replace(el("#scoring"), t.scoring);
  replace(el("#rounds-title"), t.format === "swiss" ? "Rounds" : "Games");
  replace(el("#rounds"), t.rounds.length ? t.rounds.map((r) => roundBox(r, t)).reverse() : h("p", { class: "quiet" }, "The first tables are drawn when the tournament starts."));
  replace(el("#entrants"), t.entrants.map((e) => h("li", {}, profileLink(e.username, e.name))));
}

let timer = null;

async function refresh() {
  try {
    const t = await api(`/tournaments/${id}`);
    show(t);
    if (t.status === "over") clearInterval(timer);
  } catch (error) {
    notice(error.message);
    if (error.status === 404) clearInterval(timer);
  }
}

timer = setInterval(refresh, REFRESH_MS);
await refresh();

// The lobby: the tables waiting for your move, your tables, the open tables of every game with their options
// and seats, and games others are playing (to watch; yours are among your tables). Refreshed every few
// seconds. Names link to profiles.
// In players' words: a game by its title and rule set ("Troeven (version 2)"), only the options a table
// changed from the defaults ("start points: 3", "dealer sits out"), seats counted from 1, and the
// reputation a table asks of whoever sits down ("reputation 80+").
// The header's "Your turn" and "Invited to" are fed from the same refresh (api.js).
// Open tables where a friend sits come first, under "Your friends' tables", each marked with the friends.

import { api, header, notice, requireUser, showInvitations, showMyTurns } from "./api.js";
import { clockText, moveTimeText } from "./clock.js";
import { h, replace } from "./dom.js";
import { t, tn } from "./i18n.js";
import { botName, gameList, seatWord, titleOf } from "./names.js";
import { friendsAt, myFriends } from "./friends.js";
import { boardLabels, profileLink } from "./players.js";
import { minimumText, minimumTitle } from "./reputation.js";
import { optionsText as changedOptions } from "./options.js";

const REFRESH_MS = 4000;
const user = await requireUser();
header(user);
const [games, labels] = await Promise.all([gameList(api), boardLabels(api)]);
const titles = new Map(games.map((g) => [g.name, g.title]));
const gameName = (table) => labels.get(table.board) ?? titleOf(titles, table.game);

function seatText(seat) {
  if (seat.kind === "bot") return botName(seat.name);
  if (seat.kind === "player") return seat.guest ? t("{name} (guest)", { name: seat.name }) : profileLink(seat.username, seat.name);
  if (seat.kind === "invited") return t("kept for {name}", { name: seat.name });
  return t("open");
}

/** The options a table changed from its game's defaults, in words (options.js). */
const optionsText = (table) => changedOptions(games, table.game, table.options);

function canJoin(table) {
  if (table.seats.some((s) => s.user_id === user.id)) return false;
  return table.seats.some((s) => s.kind === "open" || (s.kind === "invited" && s.name === user.username));
}

async function end(table) {
  try {
    await api(`/tables/${table.id}`, { method: "DELETE" });
    await refresh();
  } catch (error) {
    notice(error.message);
  }
}

function mineActions(table) {
  const open = h("a", { class: "button", href: `/tables/${table.id}` }, table.status === "open" ? t("Open") : t("Play"));
  if (table.status !== "open" || table.creator_id !== user.id) return open;
  return h("span", {}, open, " ", h("button", { type: "button", onclick: () => end(table) }, t("End table")));
}

async function join(table) {
  try {
    await api(`/tables/${table.id}/join`, { method: "POST" });
    location.assign(`/tables/${table.id}`);
  } catch (error) {
    notice(error.message);
  }
}

function tableItem(table, action) {
  return h(
    "li",
    { class: "table-item", dataset: { table: table.id } },
    h(
      "div",
      { class: "table-title" },
      h("strong", {}, gameName(table)),
      ` · ${t("table {id}", { id: table.id })} · ${tn("{count} player", "{count} players", table.options.players)}`,
      table.rated === false ? [" ", h("span", { class: "tag friendly", title: t("a friendly game changes no rating") }, t("friendly"))] : null,
    ),
    h(
      "div",
      { class: "quiet" },
      [optionsText(table), t("by {name}", { name: table.created_by })].filter(Boolean).join(" · "),
      paceText(table),
      table.min_reputation ? [" · ", h("span", { class: "reputation-minimum", title: minimumTitle(table) }, minimumText(table))] : null,
    ),
    h("ol", { class: "seat-list" }, table.seats.map((s) => h("li", { class: s.kind, title: seatWord(s.seat) }, seatText(s)))),
    action,
  );
}

/** " · turn-based, 1 day per move" for a turn-based table (nothing for a real-time one). */
function paceText(table) {
  if (!table.turn_based || !table.clock) return "";
  return ` · ${t("turn-based, {time} per move", { time: moveTimeText(table.clock.move_seconds) })}`;
}

/** "Your turn at N tables", each with its game and the time left before the stand-in bot moves. */
function showTurns(turns) {
  const box = document.querySelector("#turns");
  box.hidden = !turns.length;
  replace(document.querySelector("#turns-title"), tn("Your turn at {count} table", "Your turn at {count} tables", turns.length));
  replace(
    document.querySelector("#turn-list"),
    turns.map((turn) =>
      h(
        "li",
        { dataset: { table: turn.table } },
        h("a", { class: "button primary", href: `/tables/${turn.table}` }, t("Table {id}", { id: turn.table })),
        ` ${labels.get(turn.board) ?? titleOf(titles, turn.game)}`,
        turn.left !== null ? h("span", { class: "quiet" }, ` · ${t("{time} left", { time: clockText(turn.left) })}`) : null,
      ),
    ),
  );
}

function section(el, tables, empty, action) {
  replace(el, tables.length ? h("ul", { class: "tables" }, tables.map((table) => tableItem(table, action(table)))) : h("p", { class: "quiet" }, empty));
}

async function refresh() {
  try {
    const [mine, open, playing, turns, invitations, friends] = await Promise.all([
      api("/tables?mine=true"),
      api("/tables?status=open"),
      api("/tables?status=playing"),
      api("/me/turns"),
      api("/me/invitations"),
      myFriends(user),
    ]);
    showTurns(turns);
    showMyTurns(turns);
    showInvitations(invitations);
    const active = mine.filter((table) => table.status !== "over");
    section(document.querySelector("#mine"), active, t("You sit at no table yet."), mineActions);
    const openAction = (table) => (canJoin(table) ? h("button", { type: "button", class: "primary", onclick: () => join(table) }, t("Join")) : h("a", { class: "button", href: `/tables/${table.id}` }, t("Look")));
    const withFriends = open.filter((table) => friendsAt(table, friends).length);
    const others = open.filter((table) => !withFriends.includes(table));
    const games = [...new Set(others.map((table) => table.game))].sort();
    const openEl = document.querySelector("#open");
    replace(openEl, open.length ? [] : h("p", { class: "quiet" }, t("No open tables: create one.")));
    if (withFriends.length) {
      const box = h("div", { class: "game-group friends-tables" }, h("h3", {}, t("Your friends' tables")));
      section(box.appendChild(h("div")), withFriends, "", (table) => [h("span", { class: "tag friends-here" }, t("with {names}", { names: friendsAt(table, friends).join(", ") })), " ", openAction(table)]);
      openEl.append(box);
    }
    for (const game of games) {
      const box = h("div", { class: "game-group" }, h("h3", {}, titleOf(titles, game)));
      section(box.appendChild(h("div")), others.filter((table) => table.game === game), "", openAction);
      openEl.append(box);
    }
    const yours = new Set(active.map((table) => table.id)); // listed above as yours, with "Play"
    section(document.querySelector("#playing"), playing.filter((table) => !yours.has(table.id)), t("No games in play."), (table) =>
      h("a", { class: "button", href: `/tables/${table.id}` }, t("Watch")),
    );
  } catch (error) {
    notice(error.message);
  }
}

await refresh();
setInterval(refresh, REFRESH_MS);

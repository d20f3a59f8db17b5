// A leaderboard page per game (/leaderboards/<game>; /leaderboards shows the first game): the Elo ratings
// of accounts and bot levels, best first, with links to the other games' boards.

import { api, header, notice, requireUser } from "./api.js";
import { h, replace } from "./dom.js";

const user = await requireUser();
header(user);
const games = (await api("/games")).map((g) => g.name);
const asked = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const game = games.includes(asked) ? asked : games[0];
if (asked && asked !== game) notice(`there is no game ${asked}`);

replace(
  document.querySelector("#game-tabs"),
  games.map((name) => h("li", {}, h("a", { class: "button", href: `/leaderboards/${name}`, "aria-current": name === game ? "page" : undefined }, name))),
);
document.title = `${game} leaderboard · cardtable`;
replace(document.querySelector("#board-title"), `${game} leaderboard`);

const rows = await api(`/leaderboards/${game}`).catch((error) => (notice(error.message), []));
replace(
  document.querySelector("#ranking"),
  rows.length
    ? h(
        "table",
        { class: "ranking" },
        h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Games", "Wins"].map((t) => h("th", {}, t)))),
        h(
          "tbody",
          {},
          rows.map((r) =>
            h(
              "tr",
              { class: r.user_id === user.id ? "mine" : "", dataset: { kind: r.kind } },
              h("td", { class: "number" }, r.rank),
              h("td", {}, r.kind === "bot" ? `${r.name} bot` : r.name),
              h("td", { class: "number" }, r.rating),
              h("td", { class: "number" }, r.games),
              h("td", { class: "number" }, r.wins),
            ),
          ),
        ),
      )
    : h("p", { class: "quiet" }, "Nobody is rated in this game yet: finish a game with an account (guests are not rated)."),
);

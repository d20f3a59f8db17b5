// A leaderboard page per game and rule set (/leaderboards/<board>, e.g. troeven-v2; /leaderboards shows the
// first): the Elo ratings of accounts and bot levels, best first, with links to the other boards and to
// the players' profiles.

import { api, header, notice, pageTitle, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { profileLink } from "./players.js";

const user = await requireUser();
header(user);
const boards = await api("/leaderboards");
const asked = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const board = boards.find((b) => b.key === asked) ?? boards.find((b) => b.game === asked) ?? boards[0];
if (asked && asked !== board.key && asked !== board.game) notice(`there is no leaderboard ${asked}`);

replace(
  document.querySelector("#game-tabs"),
  boards.map((b) => h("li", {}, h("a", { class: "button", href: `/leaderboards/${b.key}`, "aria-current": b === board ? "page" : undefined }, b.label))),
);
pageTitle(`${board.label} leaderboard · cardtable`);
replace(document.querySelector("#board-title"), `${board.label} leaderboard`);

const rows = await api(`/leaderboards/${board.key}`).catch((error) => (notice(error.message), []));
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
              h("td", {}, r.kind === "bot" ? `${r.name} bot` : profileLink(r.username, r.name)),
              h("td", { class: "number" }, r.rating),
              h("td", { class: "number" }, r.games),
              h("td", { class: "number" }, r.wins),
            ),
          ),
        ),
      )
    : h("p", { class: "quiet" }, "Nobody is rated in this game yet: finish a game with an account (guests are not rated)."),
);

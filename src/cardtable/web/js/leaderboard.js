// A leaderboard page per game and rule set (/leaderboards/<board>, e.g. troeven-v2; /leaderboards shows the
// first): the Elo ratings of accounts and bot levels, best first, with links to the other boards and to
// the players' profiles.

import { api, header, notice, pageTitle, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { botName } from "./names.js";
import { profileLink } from "./players.js";

const user = await requireUser();
header(user);
const boards = await api("/leaderboards");
const asked = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const board = boards.find((b) => b.key === asked) ?? boards.find((b) => b.game === asked) ?? boards[0];
if (asked && asked !== board.key && asked !== board.game) notice(t("There is no leaderboard {name}.", { name: asked }));

replace(
  document.querySelector("#game-tabs"),
  boards.map((b) => h("li", {}, h("a", { class: "button", href: `/leaderboards/${b.key}`, "aria-current": b === board ? "page" : undefined }, b.label))),
);
const title = t("{board} leaderboard", { board: board.label });
pageTitle(`${title} · cardtable`);
replace(document.querySelector("#board-title"), title);

const rows = await api(`/leaderboards/${board.key}`).catch((error) => (notice(error.message), []));
replace(
  document.querySelector("#ranking"),
  rows.length
    ? h(
        "table",
        { class: "ranking" },
        h("thead", {}, h("tr", {}, ["#", t("Player"), t("Rating"), t("Games"), t("Wins")].map((text) => h("th", {}, text)))),
        h(
          "tbody",
          {},
          rows.map((r) =>
            h(
              "tr",
              { class: r.user_id === user.id ? "mine" : "", dataset: { kind: r.kind } },
              h("td", { class: "number" }, r.rank),
              h("td", {}, r.kind === "bot" ? botName(r.name) : profileLink(r.username, r.name)),
              h("td", { class: "number" }, r.rating),
              h("td", { class: "number" }, r.games),
              h("td", { class: "number" }, r.wins),
            ),
          ),
        ),
      )
    : h("p", { class: "quiet" }, t("Nobody is rated in this game yet: finish a game with an account (guests are not rated).")),
);

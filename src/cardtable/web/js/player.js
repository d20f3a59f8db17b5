// A player's profile (/players/<username>): their reputation with its formula (reputation.js); per game
// and rule set the games played and won, the average placing, the current rating and its history as a
// chart (from 1500, one point per rated game); the games they play now (to watch), and the recent finished
// games with links to their replays. A name that is no account's gets a plain "No such player" page instead.
// Another account's profile offers "Add friend" and "Block" (friends.js).

import { api, header, notice, pageTitle, requireUser } from "./api.js";
import { svg } from "./cards.js";
import { h, replace } from "./dom.js";
import { profileButtons } from "./friends.js";
import { formatDate, formatNumber, t, tn } from "./i18n.js";
import { reputationPanel } from "./reputation.js";

const START = 1500;
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 24;
const LEFT = 40; // room for the rating labels

const user = await requireUser();
header(user);
const name = decodeURIComponent(location.pathname.split("/")[2] ?? "");

/** The rating after each game as a line, from the starting 1500; each point names its table. */
function chart(board) {
  const values = [START, ...board.history.map((p) => p.rating)];
  const low = Math.min(...values) - 10;
  const high = Math.max(...values) + 10;
  const x = (i) => LEFT + (i * (WIDTH - LEFT - PAD)) / Math.max(1, values.length - 1);
  const y = (v) => PAD / 2 + ((high - v) * (HEIGHT - PAD)) / (high - low);
  const picture = svg("svg", { class: "rating-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": tn("{board} rating over {count} rated game", "{board} rating over {count} rated games", board.history.length, { board: board.label }) });
  picture.append(
    svg("text", { x: 2, y: y(high - 10) + 4, class: "axis" }, String(Math.round(high - 10))),
    svg("text", { x: 2, y: y(low + 10) + 4, class: "axis" }, String(Math.round(low + 10))),
    svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", stroke: "#c9781a", "stroke-width": 2 }),
  );
  values.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(v), r: 3, fill: "#1e6b46" });
    dot.append(svg("title", {}, i === 0 ? t("start: {rating}", { rating: v }) : t("table {id}: {rating}", { id: board.history[i - 1].table, rating: v })));
    picture.append(dot);
  });
  return picture;
}

function boardPanel(board) {
  return h(
    "section",
    { class: "panel board-stats", dataset: { board: board.board } },
    h("h3", {}, h("a", { href: `/leaderboards/${board.board}` }, board.label)),
    h(
      "p",
      {},
      h("span", { class: "played" }, tn("{count} game", "{count} games", board.played)),
      ", ",
      h("span", { class: "won" }, tn("{count} won", "{count} won", board.won)),
      board.average_place === null ? null : [" · ", h("span", { class: "average-place" }, t("average place {place}", { place: formatNumber(board.average_place) }))],
      " · ",
      h("span", { class: "rating" }, board.rating === null ? t("not rated") : t("rating {rating}", { rating: board.rating })),
    ),
    board.history.length ? chart(board) : null,
  );
}

try {
  const player = await api(`/players/${encodeURIComponent(name)}`);
  pageTitle(`${player.name} · cardtable`);
  replace(document.querySelector("#player-name"), player.name);
  replace(document.querySelector("#player-since"), `@${player.username} · ${t("playing since {date}", { date: formatDate(player.joined) })}`);
  profileButtons(document.querySelector("#profile-friends"), user, player.username, player.name).catch((error) => notice(error.message));
  const reputation = document.querySelector("#reputation");
  reputation.hidden = !player.reputation;
  if (player.reputation) replace(reputation, ...reputationPanel(player.reputation));
  replace(document.querySelector("#boards"), player.boards.length ? player.boards.map(boardPanel) : h("p", { class: "quiet" }, t("No finished games yet.")));
  replace(
    document.querySelector("#playing"),
    player.playing.length
      ? h(
          "ul",
          { class: "replay-list" },
          player.playing.map((g) =>
            h("li", { dataset: { table: g.table } }, h("a", { href: `/tables/${g.table}` }, `${g.label} · ${t("table {id}", { id: g.table })}`), " · ", h("small", { class: "quiet" }, g.players.join(", "))),
          ),
        )
      : h("p", { class: "quiet" }, t("None now.")),
  );
  replace(
    document.querySelector("#recent"),
    player.recent.length
      ? h(
          "ul",
          { class: "replay-list" },
          player.recent.map((g) =>
            h(
              "li",
              { dataset: { table: g.table } },
              h("a", { href: `/replays/tables/${g.table}` }, `${g.label} · ${t("table {id}", { id: g.table })}`),
              ` · ${g.won ? t("won") : t("not won")} · `,
              h("small", { class: "quiet" }, g.players.join(", ")),
            ),
          ),
        )
      : h("p", { class: "quiet" }, t("None yet.")),
  );
} catch (error) {
  // a plain page: no profile's empty headings for a name that is nobody's (or that cannot be looked up now)
  const nobody = error.status === 404;
  pageTitle(nobody ? t("No such player · cardtable") : t("Player · cardtable"));
  replace(
    document.querySelector("main"),
    document.querySelector("#notice"),
    h("h2", { id: "player-name" }, nobody ? t("No such player") : t("Player")),
    nobody ? h("p", { id: "no-such-player" }, t("There is no player named “{name}”.", { name }), " ", h("a", { href: "/" }, t("Back to the lobby")), " · ", h("a", { href: "/leaderboards" }, t("Leaderboards"))) : null,
  );
  if (!nobody) notice(error.message);
}

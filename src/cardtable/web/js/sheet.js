// The score sheet of the table page, open at any time (a fold-out above the game log):
// - Slobberhannes, Troeven: every hand or round from the server's sheet (GET .../log: score changes,
//   totals, and for Troeven the card points, who won the round and who called trumps);
// - Game of Trains: the turn, and each train with the couplings that are in order (a car lower than the
//   car behind it) marked, read from the table's observation;
// - Cabooses: how the game stands or ended, each seat's hand size and rank, the trains departed.
// Mü draws its own sheet inside the table picture, as before.

import { h, replace } from "./dom.js";
import { nameOf } from "./names.js";

function signed(value) {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
}

function scoreTable(obs, rows) {
  if (!rows.length) return h("p", { class: "quiet" }, "No hand has been scored yet.");
  const seats = Array.from({ length: obs.players }, (_, seat) => seat);
  return h(
    "table",
    { class: "score-sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), seats.map((seat) => h("th", {}, nameOf(seat))), h("th", {}, ""))),
    h(
      "tbody",
      {},
      rows.map((row) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, row.label),
          seats.map((seat) => h("td", {}, h("span", { class: "delta" }, signed(row.deltas[seat])), " ", h("b", {}, String(row.totals[seat])))),
          h("td", { class: "quiet" }, row.note),
        ),
      ),
    ),
  );
}

function inOrder(cars, index) {
  const next = cars[index + 1];
  if (!next || cars[index].card === "?" || next.card === "?") return null;
  return Number(cars[index].card) < Number(next.card);
}

function trainsTable(obs) {
  const rows = obs.trains.map((cars, seat) => {
    const couplings = cars.slice(0, -1).map((_, index) => inOrder(cars, index));
    const good = couplings.filter((ok) => ok === true).length;
    return h(
      "tr",
      {},
      h("th", { scope: "row" }, nameOf(seat)),
      h("td", {}, cars.map((car, index) => [h("span", { class: "car" }, car.card), index < couplings.length ? h("span", { class: couplings[index] ? "coupling ok" : "coupling" }, couplings[index] ? " < " : " · ") : null])),
      h("td", {}, `${good} of ${couplings.length} couplings in order`),
    );
  });
  const turn = obs.phase === "setup" ? "Setup" : obs.over ? `Over after ${obs.turn} turns` : `Turn ${obs.turn + 1}`;
  return [h("p", {}, turn), h("table", { class: "score-sheet" }, h("tbody", {}, rows))];
}

/** How a Cabooses game stands, in words: "Won by Ana and easy bot", "Ended in a stalemate", "In play". */
function caboosesOutcome(obs) {
  if (!obs.over) return "In play";
  if (obs.outcome === "win" && obs.winners.length) return `Won by ${obs.winners.map(nameOf).join(" and ")}`;
  return { stalemate: "Ended in a stalemate", draw: "Ended in a draw" }[obs.outcome] ?? "Over";
}

function caboosesTable(obs) {
  const rows = obs.hand_sizes.map((size, seat) =>
    h("tr", {}, h("th", { scope: "row" }, nameOf(seat)), h("td", {}, `${size} card${size === 1 ? "" : "s"} in hand`), h("td", {}, obs.ranking ? `rank ${obs.ranking[seat]}` : "")),
  );
  return [
    h("p", {}, `${caboosesOutcome(obs)} · trains departed: ${obs.departed.length} · depot: ${obs.depot} cards`),
    h("table", { class: "score-sheet" }, h("tbody", {}, rows)),
  ];
}

/** Draw the sheet of `obs` (and the server's sheet `rows`) into the fold-out `el`; hidden for Mü. */
export function drawSheet(el, obs, rows) {
  if (!obs || obs.game === "mue") {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  let body;
  if (obs.game === "game-of-trains") body = trainsTable(obs);
  else if (obs.game === "cabooses-in-the-corner") body = caboosesTable(obs);
  else body = scoreTable(obs, rows);
  replace(el.querySelector(".sheet-body"), body);
}

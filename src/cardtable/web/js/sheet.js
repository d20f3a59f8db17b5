// The score sheet of the table page, open at any time (a fold-out above the game log):
// - Slobberhannes, Troeven: every hand or round from the server's sheet (GET .../log once, then the rows
//   each table message adds, gamelog.js: score changes,
//   totals, and for Troeven the card points, who won the round and who called trumps);
// - a game whose picture (web/js/games/) declares a sheet of its own shows that instead, read from the
//   table's observation (Game of Trains: the trains and their couplings; Cabooses: how the game stands),
//   or no fold-out when the picture draws its sheet itself (Mü).

import { h, replace } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { nameOf } from "./names.js";

function signed(value) {
  return value > 0 ? `+${formatNumber(value)}` : value < 0 ? `−${formatNumber(-value)}` : "0";
}

function scoreTable(obs, rows) {
  if (!rows.length) return h("p", { class: "quiet" }, t("No hand has been scored yet."));
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
          seats.map((seat) => h("td", {}, h("span", { class: "delta" }, signed(row.deltas[seat])), " ", h("b", {}, formatNumber(row.totals[seat])))),
          h("td", { class: "quiet" }, row.note),
        ),
      ),
    ),
  );
}

/** Draw the sheet of `obs` (and the server's sheet `rows`) into the fold-out `el`. The game's `picture`
 * (web/js/games/) may declare the sheet: `sheet(obs)` gives its body, `sheet = null` hides the fold-out
 * (the picture draws one itself); without either, the server's rows. */
export function drawSheet(el, obs, rows, picture) {
  const own = picture?.sheet;
  if (!obs || own === null) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  replace(el.querySelector(".sheet-body"), own ? own(obs) : scoreTable(obs, rows));
}

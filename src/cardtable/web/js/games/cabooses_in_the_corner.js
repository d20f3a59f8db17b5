// Cabooses in the Corner at the table: the compass of four railways (N E S W) and four corners around
// the depot, every pile drawn bottom to top, the departed trains, every player's hand size, and the
// viewer's hand grouped by colour.
//
// Moves take two clicks: first what moves (a card of the hand, or a card of a railway pile, which picks
// that card and every card above it), then where it goes (a railway or a corner, lit up when an offered
// move takes it there). A railway's whole pile on a caboose may also go to an empty corner (relocate).
// "End turn" ends the turn. Only what some offered move uses can be clicked.
//
// The last action is reviewed by comparing with the previous picture: the piles that changed are
// outlined, and "Before the last action" shows the compass as it was.
//
// It reads the observation of games/cabooses_in_the_corner/state.py: hand, hand_sizes, depot,
// piles, departed, first_turn, played, drawn, outcome, winners, losers, ranking.

import { cardName, cardSvg } from "../cards.js";
import { h, replace } from "../dom.js";
import { formatList, t, tn } from "../i18n.js";
import { animate, backs, badge, card, header, moveButton, picker, pile, plate, previous, prompt, review, seatName, seatOrder, toPlay } from "../layout.js";
import { nameOf } from "../names.js";

const DECK = "cabooses";
const GRID = [
  ["NW", "N", "NE"],
  ["W", null, "E"],
  ["SW", "S", "SE"],
];
const RAILWAYS = ["N", "E", "S", "W"];
/** Each place in words, and its compass letters on the table: [name, short]. */
const PLACES = {
  N: () => [t("north"), t("N")],
  E: () => [t("east"), t("E")],
  S: () => [t("south"), t("S")],
  W: () => [t("west"), t("W")],
  NE: () => [t("north-east"), t("NE")],
  SE: () => [t("south-east"), t("SE")],
  SW: () => [t("south-west"), t("SW")],
  NW: () => [t("north-west"), t("NW")],
};
const HAND_GROUPS = [
  [() => t("Blue"), "B"],
  [() => t("Red"), "R"],
  [() => t("White"), "W"],
  [() => t("Cabooses"), "PO"],
];

/** Draw the observation into el; a completed choice dispatches a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const pick = picker(el, moves);
  const ui = { selection: null };
  const draw = () => replace(el, table(obs, before, moves, ui, draw, pick, el));
  draw();
  animate(el); // once per picture from the server, not again at each click of a choice
}

/** Where the selection may go: place → the move that takes it there. */
function destinations(obs, selection, moves) {
  const where = new Map();
  if (!selection) return where;
  for (const move of moves) {
    const words = move.split(" ");
    if (selection.kind === "card" && words[0] === "play" && words[1] === selection.code) where.set(words[2], move);
    if (selection.kind === "run" && words[0] === "move" && words[1] === selection.from && Number(words[2]) === selection.k) where.set(words[3], move);
    if (selection.kind === "run" && words[0] === "relocate" && words[1] === selection.from && selection.k === obs.piles[selection.from].length) where.set(words[2], move);
  }
  return where;
}

/** Whether the top ``k`` cards of railway ``from`` can go anywhere (a move, or a relocation of the pile). */
function runMovable(obs, from, k, moves) {
  return moves.some((move) => {
    const words = move.split(" ");
    if (words[0] === "move") return words[1] === from && Number(words[2]) === k;
    return words[0] === "relocate" && words[1] === from && k === obs.piles[from].length;
  });
}

function table(obs, before, moves, ui, redraw, pick, el) {
  const select = (selection) => {
    const same = ui.selection && selection && JSON.stringify(ui.selection) === JSON.stringify(selection);
    ui.selection = same ? null : selection;
    redraw();
  };
  const targets = destinations(obs, ui.selection, moves);
  const seat = obs.to_act;
  const facts = [];
  if (!obs.over && seat !== null) {
    const drew = seat === obs.seat
      ? tn("You drew {count} card", "You drew {count} cards", obs.drawn)
      : tn("{name} drew {count} card", "{name} drew {count} cards", obs.drawn, { name: nameOf(seat) });
    facts.push(obs.drawn ? drew : t("No draw: the depot is empty"));
    facts.push(obs.played ? tn("{count} card played this turn", "{count} cards played this turn", obs.played) : t("A card must be played before ending the turn"));
    if (obs.first_turn[seat]) facts.push(t("First turn: one card only"));
  }
  return h(
    "div",
    { class: "ct-table game-cabooses" },
    header(obs, "Cabooses in the Corner", facts),
    h("div", { class: "cc-seats" }, seatOrder(obs).map((s) => seatPlate(obs, s))),
    compass(obs, before, moves, ui, targets, select, pick),
    obs.over ? ending(obs) : prompt(obs, moves, instructions(obs, ui, targets), toPlay(obs)),
    moves.length ? actions(moves, ui, pick, select) : null,
    obs.hand === null ? null : handSection(obs, moves, ui, select),
    before ? review(el, "before", t("Before the last action"), compass(before, null, [], { selection: null }, new Map(), null, null, { small: true })) : null,
  );
}

function seatPlate(obs, seat) {
  const marks = [];
  if (obs.winners.includes(seat)) marks.push(badge(t("winner"), { className: "good" }));
  if (obs.losers.includes(seat)) marks.push(badge(t("loses"), { className: "penalty" }));
  if (obs.ranking) marks.push(badge(t("rank {rank}", { rank: obs.ranking[seat] }), { className: "quiet" }));
  if (obs.dealer === seat) marks.push(badge(t("dealer"), { className: "quiet" }));
  return plate(obs, seat, backs(obs.hand_sizes[seat], { max: 7 }), marks.length ? h("div", { class: "ct-badges" }, marks) : null);
}

function instructions(obs, ui, targets) {
  if (ui.selection?.kind === "card") return t("Where does {card} go? Click a lit railway or corner.", { card: cardName(ui.selection.code, DECK) });
  if (ui.selection) {
    const k = ui.selection.k;
    return targets.size
      ? tn("Where does that card go? Click a lit railway or corner.", "Where do those {count} cards go? Click a lit railway or corner.", k)
      : tn("That card cannot go anywhere.", "Those {count} cards cannot go anywhere.", k);
  }
  return obs.played ? t("Play or move more cards, or end your turn.") : t("Your turn: click a card of your hand, or a run on a railway, then where it goes.");
}

function actions(moves, ui, pick, select) {
  return h(
    "div",
    { class: "ct-actions" },
    ui.selection ? h("button", { type: "button", class: "ct-move quiet", onclick: () => select(null) }, t("Cancel")) : null,
    moveButton("end", t("End turn"), pick, moves),
  );
}

function ending(obs) {
  let text;
  if (obs.outcome === "win") text = obs.winners[0] === obs.seat ? t("You emptied your hand and won!") : t("{name} emptied their hand and won!", { name: nameOf(obs.winners[0]) });
  else if (obs.outcome === "draw") text = t("No play was possible and the depot is empty: every hand is the same size, a draw.");
  else text = t("No play was possible and the depot is empty: the most cards lose ({names}).", { names: formatList(obs.losers.map((s) => seatName(obs, s))) });
  return h("p", { class: "ct-prompt" }, text);
}

// -- the compass ---------------------------------------------------------------------------------

/** The 3×3 grid: corners, railways and the depot; ``small`` draws it for the review, without clicks. */
function compass(obs, before, moves, ui, targets, select, pick, { small = false } = {}) {
  const cells = GRID.flat().map((where) => {
    if (where === null) return depot(obs, small);
    const cards = obs.piles[where];
    const changed = before && JSON.stringify(before.piles[where]) !== JSON.stringify(cards);
    const railway = RAILWAYS.includes(where);
    const cardNode = (code, index) => {
      const k = cards.length - index;
      const selected = ui.selection?.kind === "run" && ui.selection.from === where && k <= ui.selection.k;
      // the shortest run that may move and holds this card: a card lying on a movable run picks that run
      const run = small || !railway ? null : Array.from({ length: cards.length - k + 1 }, (_, extra) => k + extra).find((size) => runMovable(obs, where, size, moves));
      if (run === undefined || run === null) {
        return h("span", { class: `cc-card${selected ? " picked" : ""}`, dataset: { card: code } }, cardSvg(code, { deck: DECK, small }));
      }
      const own = run === k; // this card is the run's lowest: the run's own button
      return h(
        "button",
        {
          type: "button",
          class: `cc-card card-button legal${own ? "" : " on-run"}${selected ? " picked" : ""}`,
          dataset: own ? { card: code, run: `${where} ${run}` } : { card: code, onRun: `${where} ${run}` },
          "aria-label": tn("the top card of {place}, from {card}", "the top {count} cards of {place}, from {card}", run, { place: PLACES[where]()[0], card: cardName(code, DECK) }),
          title: tn("move {card}", "move the {count} cards from {card} up", run, { card: cardName(cards[cards.length - run], DECK) }),
          onclick: () => select({ kind: "run", from: where, k: run }),
        },
        cardSvg(code, { deck: DECK }),
      );
    };
    const target = targets.get(where);
    const drop = target
      ? h("button", { type: "button", class: "cc-drop", dataset: { place: where, move: target }, title: t("to {place}", { place: PLACES[where]()[0] }), "aria-label": t("to {place}", { place: PLACES[where]()[0] }), onclick: () => pick(target) }, h("span", {}, t("here")))
      : null;
    const data = { place: where };
    if (changed) data.changed = "";
    return h(
      "div",
      { class: `cc-cell ${railway ? "railway" : "corner"}${target ? " target" : ""}`, dataset: data },
      h("small", { class: "cc-where", title: PLACES[where]()[0] }, PLACES[where]()[1]),
      cards.length ? pile(cards, { className: `cc-pile${cards.length > 4 ? " long" : ""}`, cardNode }) : h("span", { class: "cc-empty" }, railway ? t("empty railway") : t("empty corner")),
      drop,
    );
  });
  return h("div", { class: `cc-compass${small ? " small" : ""}` }, cells);
}

function depot(obs, small) {
  const departed = obs.departed.length;
  return h(
    "div",
    { class: "cc-cell cc-depot" },
    h("small", { class: "cc-where" }, t("Depot")),
    obs.depot ? h("span", { class: "cc-stack" }, card(null, { small })) : null,
    h("b", {}, tn("{count} card", "{count} cards", obs.depot)),
    departed ? h("small", { class: "cc-departed", title: obs.departed.map((train) => train.join(" ")).join(" · ") }, tn("{count} train departed", "{count} trains departed", departed)) : null,
  );
}

// -- the viewer's hand -----------------------------------------------------------------------------

function handSection(obs, moves, ui, select) {
  const playable = new Set(moves.filter((m) => m.startsWith("play ")).map((m) => m.split(" ")[1]));
  let index = -1;
  const groups = HAND_GROUPS.map(([name, letters]) => {
    const cards = obs.hand
      .map((code) => {
        index += 1;
        return [code, index];
      })
      .filter(([code]) => letters.includes(code[0]));
    if (!cards.length) return null;
    return h(
      "div",
      { class: "cc-group" },
      h("small", {}, name()),
      h(
        "div",
        { class: "ct-hand-cards" },
        cards.map(([code, at]) => {
          const legal = playable.has(code);
          const picked = ui.selection?.kind === "card" && ui.selection.index === at;
          return h(
            "button",
            {
              type: "button",
              class: `card-button${legal ? " legal" : ""}${picked ? " picked" : ""}`,
              dataset: { card: code },
              disabled: !legal,
              "aria-label": cardName(code, DECK),
              title: legal ? t("play {card}: then click where", { card: cardName(code, DECK) }) : cardName(code, DECK),
              onclick: () => select({ kind: "card", code, index: at }),
            },
            cardSvg(code, { deck: DECK }),
          );
        }),
      ),
    );
  });
  return h(
    "section",
    { class: `ct-hand cc-hand${moves.length ? " my-turn" : ""}`, "aria-label": t("Your hand") },
    h("h3", { class: "ct-label" }, t("Your hand"), " · ", tn("{count} card", "{count} cards", obs.hand.length)),
    h("div", { class: "cc-groups" }, groups),
  );
}

/** How the game stands, in words: "Won by Ana and easy bot", "Ended in a stalemate", "In play". */
function standing(obs) {
  if (!obs.over) return t("In play");
  if (obs.outcome === "win" && obs.winners.length) return t("Won by {names}", { names: formatList(obs.winners.map(nameOf)) });
  if (obs.outcome === "stalemate") return t("Ended in a stalemate");
  return obs.outcome === "draw" ? t("Ended in a draw") : t("Over");
}

/** The score sheet (sheet.js): how the game stands, each seat's hand size and rank, the trains departed. */
export function sheet(obs) {
  const rows = obs.hand_sizes.map((size, seat) =>
    h("tr", {}, h("th", { scope: "row" }, nameOf(seat)), h("td", {}, tn("{count} card in hand", "{count} cards in hand", size)), h("td", {}, obs.ranking ? t("rank {rank}", { rank: obs.ranking[seat] }) : "")),
  );
  return [
    h("p", {}, t("{standing} · trains departed: {departed} · depot: {depot} cards", { standing: standing(obs), departed: obs.departed.length, depot: obs.depot })),
    h("table", { class: "score-sheet" }, h("tbody", {}, rows)),
  ];
}

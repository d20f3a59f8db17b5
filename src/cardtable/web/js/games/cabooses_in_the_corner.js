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
import { animate, backs, badge, card, header, moveButton, picker, pile, plate, previous, prompt, review, seatName, seatOrder } from "../layout.js";
import { nameOf } from "../names.js";

const DECK = "cabooses";
const GRID = [
  ["NW", "N", "NE"],
  ["W", null, "E"],
  ["SW", "S", "SE"],
];
const RAILWAYS = ["N", "E", "S", "W"];
const PLACE_NAMES = { N: "north", E: "east", S: "south", W: "west", NE: "north-east", SE: "south-east", SW: "south-west", NW: "north-west" };
const HAND_GROUPS = [
  ["Blue", "B"],
  ["Red", "R"],
  ["White", "W"],
  ["Cabooses", "PO"],
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
    facts.push(obs.drawn ? `${seatName(obs, seat)} drew ${obs.drawn}` : "No draw: the depot is empty");
    facts.push(obs.played ? `${obs.played} played this turn` : "A card must be played before ending the turn");
    if (obs.first_turn[seat]) facts.push("First turn: one card only");
  }
  return h(
    "div",
    { class: "ct-table game-cabooses" },
    header(obs, "Cabooses in the Corner", facts),
    h("div", { class: "cc-seats" }, seatOrder(obs).map((s) => seatPlate(obs, s))),
    compass(obs, before, moves, ui, targets, select, pick),
    obs.over ? ending(obs) : prompt(obs, moves, instructions(obs, ui, targets), `${seatName(obs, seat)} to play.`),
    moves.length ? actions(moves, ui, pick, select) : null,
    obs.hand === null ? null : handSection(obs, moves, ui, select),
    before ? review(el, "before", "Before the last action", compass(before, null, [], { selection: null }, new Map(), null, null, { small: true })) : null,
  );
}

function seatPlate(obs, seat) {
  const marks = [];
  if (obs.winners.includes(seat)) marks.push(badge("winner", { className: "good" }));
  if (obs.losers.includes(seat)) marks.push(badge("loses", { className: "penalty" }));
  if (obs.ranking) marks.push(badge(`rank ${obs.ranking[seat]}`, { className: "quiet" }));
  if (obs.dealer === seat) marks.push(badge("dealer", { className: "quiet" }));
  return plate(obs, seat, backs(obs.hand_sizes[seat], { max: 7 }), marks.length ? h("div", { class: "ct-badges" }, marks) : null);
}

function instructions(obs, ui, targets) {
  if (ui.selection?.kind === "card") return `Where does ${ui.selection.code} go? Click a lit railway or corner.`;
  if (ui.selection) {
    const [what, verb] = ui.selection.k === 1 ? ["that card", "does"] : [`those ${ui.selection.k} cards`, "do"];
    return targets.size ? `Where ${verb} ${what} go? Click a lit railway or corner.` : `${what[0].toUpperCase()}${what.slice(1)} cannot go anywhere.`;
  }
  return obs.played ? "Play or move more cards, or end your turn." : "Your turn: click a card of your hand, or a run on a railway, then where it goes.";
}

function actions(moves, ui, pick, select) {
  return h(
    "div",
    { class: "ct-actions" },
    ui.selection ? h("button", { type: "button", class: "ct-move quiet", onclick: () => select(null) }, "Cancel") : null,
    moveButton("end", "End turn", pick, moves),
  );
}

function ending(obs) {
  let text;
  if (obs.outcome === "win") text = `${seatName(obs, obs.winners[0])} emptied ${obs.winners[0] === obs.seat ? "your" : "their"} hand and won!`;
  else if (obs.outcome === "draw") text = "No play was possible and the depot is empty: every hand is the same size, a draw.";
  else text = `No play was possible and the depot is empty: the most cards lose (${obs.losers.map((s) => seatName(obs, s)).join(", ")}).`;
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
          "aria-label": `${run === 1 ? "the top card" : `the top ${run} cards`} of ${PLACE_NAMES[where]}, from ${cardName(code, DECK)}`,
          title: run === 1 ? `move ${code}` : `move the ${run} cards from ${cards[cards.length - run]} up`,
          onclick: () => select({ kind: "run", from: where, k: run }),
        },
        cardSvg(code, { deck: DECK }),
      );
    };
    const target = targets.get(where);
    const drop = target
      ? h("button", { type: "button", class: "cc-drop", dataset: { place: where, move: target }, title: target, "aria-label": `${target}`, onclick: () => pick(target) }, h("span", {}, "here"))
      : null;
    const data = { place: where };
    if (changed) data.changed = "";
    return h(
      "div",
      { class: `cc-cell ${railway ? "railway" : "corner"}${target ? " target" : ""}`, dataset: data },
      h("small", { class: "cc-where" }, where),
      cards.length ? pile(cards, { className: `cc-pile${cards.length > 4 ? " long" : ""}`, cardNode }) : h("span", { class: "cc-empty" }, railway ? "empty railway" : "empty corner"),
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
    h("small", { class: "cc-where" }, "Depot"),
    obs.depot ? h("span", { class: "cc-stack" }, card(null, { small })) : null,
    h("b", {}, `${obs.depot} card${obs.depot === 1 ? "" : "s"}`),
    departed ? h("small", { class: "cc-departed", title: obs.departed.map((train) => train.join(" ")).join(" · ") }, `${departed} train${departed === 1 ? "" : "s"} departed`) : null,
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
      h("small", {}, name),
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
              title: legal ? `play ${code}: then click where` : cardName(code, DECK),
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
    { class: `ct-hand cc-hand${moves.length ? " my-turn" : ""}`, "aria-label": "Your hand" },
    h("h3", { class: "ct-label" }, `Your hand · ${obs.hand.length} card${obs.hand.length === 1 ? "" : "s"}`),
    h("div", { class: "cc-groups" }, groups),
  );
}

/** How the game stands, in words: "Won by Ana and easy bot", "Ended in a stalemate", "In play". */
function standing(obs) {
  if (!obs.over) return "In play";
  if (obs.outcome === "win" && obs.winners.length) return `Won by ${obs.winners.map(nameOf).join(" and ")}`;
  return { stalemate: "Ended in a stalemate", draw: "Ended in a draw" }[obs.outcome] ?? "Over";
}

/** The score sheet (sheet.js): how the game stands, each seat's hand size and rank, the trains departed. */
export function sheet(obs) {
  const rows = obs.hand_sizes.map((size, seat) =>
    h("tr", {}, h("th", { scope: "row" }, nameOf(seat)), h("td", {}, `${size} card${size === 1 ? "" : "s"} in hand`), h("td", {}, obs.ranking ? `rank ${obs.ranking[seat]}` : "")),
  );
  return [
    h("p", {}, `${standing(obs)} · trains departed: ${obs.departed.length} · depot: ${obs.depot} cards`),
    h("table", { class: "score-sheet" }, h("tbody", {}, rows)),
  ];
}

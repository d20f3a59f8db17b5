// Game of Trains at the table: every train as a row of cars behind its locomotive (number, ability mark,
// protection shield with the protect card's number, and a green or red coupling that says whether a car
// is higher than the one before it), the market, the draw and discard piles, and the viewer's own cards
// (the setup draw, the card just drawn).
//
// Moves: "draw" is the draw pile, clicked. Everything else takes two clicks: a card (a setup card, the
// card just drawn, or a market card), then a car of one's own train; the picture then shows the train as
// it would be afterwards, and "Confirm" (or a second click on the same car) makes the move. A removal
// needs no car: clicking it shows every train with the lost cars as "?" (the replacements are unseen
// cards), then "Confirm". Only the cards and cars that some offered move uses can be clicked.
//
// Decisions:
// - The preview is drawn here from the ability's description in docs/rules/game-of-trains.md (swap, move
//   two places, protect, remove); it is a picture for the player, never a judge of legality: which card
//   may go where comes only from the moves the server sent, and the server's next picture is the truth.
// - The last action is reviewed by comparing with the previous picture: cars that changed flash and are
//   outlined, and "Before the last action" shows the trains and market as they were.
//
// It reads the observation of games/game_of_trains.py: phase, turn, turn_limit, trains (card, ability,
// protect), market, draw_pile, discard_pile, setup_hand, setup_hand_sizes, drawn, winners.

import { abilityText, cardName, cardSvg, locomotiveSvg } from "../cards.js";
import { h, replace } from "../dom.js";
import { t, tn } from "../i18n.js";
import { animate, badge, card, header, picker, previous, prompt, review, seatName, seatOrder, toPlay, winnersLine } from "../layout.js";
import { nameOf } from "../names.js";

const DECK = "trains";
const REMOVED_AT = { REMOVE_FIRST: 1, REMOVE_MIDDLE: 4, REMOVE_LAST: 7 };

/** Draw the observation into el; completed choices dispatch a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const pick = picker(el, moves);
  const ui = { choice: initialChoice(obs, moves), position: null };
  const draw = () => replace(el, table(obs, before, moves, ui, draw, pick, el));
  draw();
  animate(el); // once per picture from the server, not again at each click of a choice
}

/** The card already chosen for the viewer: the card just drawn, or a lone setup card. */
function initialChoice(obs, moves) {
  if (!moves.length) return null;
  if (obs.phase === "place" && obs.drawn) return { ...obs.drawn, kind: "place" };
  if (obs.phase === "setup" && obs.setup_hand?.length === 1) return { ...obs.setup_hand[0], kind: "place" };
  return null;
}

/** The positions an offered move puts ``choice`` at, and whether it is offered without one. */
function targets(choice, moves) {
  const verb = choice.kind === "place" ? "place" : "use";
  const positions = new Set();
  for (const move of moves) {
    const [word, code, position] = move.split(" ");
    if (word === verb && code === choice.card && position) positions.add(Number(position));
  }
  return { positions, bare: moves.includes(`use ${choice.card}`) };
}

function moveFor(choice, position) {
  return position === null ? `use ${choice.card}` : `${choice.kind} ${choice.card} ${position}`;
}

/** The move ``moveFor`` makes, in words: "place car 45 at position 3". */
function moveWords(choice, position) {
  const card = cardName(choice.card, DECK);
  if (position === null) return t("use {card}", { card });
  return choice.kind === "place" ? t("place {card} at position {position}", { card, position }) : t("use {card} on position {position}", { card, position });
}

// -- the picture ---------------------------------------------------------------------------------

function table(obs, before, moves, ui, redraw, pick, el) {
  const choose = (choice) => {
    const same = ui.choice && choice && ui.choice.card === choice.card && ui.choice.kind === choice.kind;
    ui.choice = same ? initialChoice(obs, moves) : choice;
    ui.position = null;
    redraw();
  };
  const aim = (position) => {
    if (ui.position === position) {
      pick(moveFor(ui.choice, position));
      return;
    }
    ui.position = position;
    redraw();
  };
  const open = ui.choice ? targets(ui.choice, moves) : { positions: new Set(), bare: false };
  const previewing = ui.choice !== null && (ui.position !== null || (open.bare && open.positions.size === 0));
  const after = previewing ? preview(obs, ui.choice, ui.position) : null;
  const progress =
    obs.phase === "setup" ? t("Setup: everyone keeps one drawn card") : obs.phase === "over" ? overAfter(obs) : t("Turn {number}", { number: obs.turn + 1 });
  return h(
    "div",
    { class: "ct-table game-of-trains" },
    header(obs, "Game of Trains", [progress, t("First train in ascending order wins")]),
    h(
      "section",
      { class: "gt-trains", "aria-label": t("trains") },
      bottomLast(seatOrder(obs)).map((seat) => trainRow(obs, seat, after ? after[seat] : obs.trains[seat], before, { open, ui, aim, previewing: Boolean(after) })),
    ),
    prompt(obs, moves, instructions(obs, ui, open, previewing), toPlay(obs), ending(obs)),
    previewing ? confirmBar(obs, ui, pick, () => choose(null)) : null,
    h("div", { class: "gt-tableau" }, yourCards(obs, moves, ui, choose), market(obs, moves, ui, choose), piles(obs, moves, pick)),
    before ? lastAction(el, obs, before) : null,
  );
}

/** "Over after 12 turns". */
function overAfter(obs) {
  return tn("Over after {count} turn", "Over after {count} turns", obs.turn);
}

/** The viewer's seat (first in the order) moved to the end: their train is drawn nearest to them. */
function bottomLast([viewer, ...others]) {
  return [...others, viewer];
}

/** One train: who owns it, the locomotive, then cars 1–7. */
function trainRow(obs, seat, cars, before, { open, ui, aim, previewing }) {
  const mine = seat === obs.seat;
  const old = before?.trains[seat];
  const row = cars.map((car, index) => {
    const position = index + 1;
    const target = mine && open.positions.has(position);
    const changed = previewing ? car.card !== obs.trains[seat][index].card || car.protect !== obs.trains[seat][index].protect : old && (old[index].card !== car.card || old[index].protect !== car.protect);
    const unseen = car.card === "?" || index === 0 || cars[index - 1].card === "?";
    const rise = unseen ? null : Number(car.card) > Number(cars[index - 1].card) ? "yes" : "no";
    const face = car.card === "?" ? h("span", { class: "gt-unknown" }, "?") : cardSvg(car.card, { deck: DECK, ability: car.ability });
    const shield = car.protect ? h("span", { class: "gt-shield", title: t("protected by {card}", { card: car.protect }) }, car.protect) : null;
    const data = { seat: String(seat), position: String(position), card: car.card };
    if (rise) data.rise = rise;
    if (changed) data.changed = "";
    const body = [face, shield, h("small", { class: "gt-position" }, String(position))];
    if (!target) return h("div", { class: `gt-car${car.protect ? " protected" : ""}`, dataset: data, title: carTitle(car) }, body);
    return h(
      "button",
      {
        type: "button",
        class: `gt-car gt-target${ui.position === position ? " picked" : ""}${car.protect ? " protected" : ""}`,
        dataset: data,
        "aria-label": t("position {position}: {card}", { position, card: cardName(car.card, DECK) }),
        title: moveWords(ui.choice, position),
        onclick: () => aim(position),
      },
      body,
    );
  });
  const winner = obs.winners.includes(seat) ? badge(t("winner"), { className: "good" }) : null;
  return h(
    "div",
    { class: `gt-train${mine ? " mine" : ""}${seat === obs.to_act ? " to-act" : ""}`, dataset: { seat: String(seat) } },
    h("div", { class: "gt-owner" }, h("b", {}, seatName(obs, seat)), seat === obs.to_act ? h("span", { class: "ct-turn" }, t("to play")) : null, winner),
    h("div", { class: "gt-cars" }, h("span", { class: "gt-loco" }, locomotiveSvg()), row),
  );
}

function carTitle(car) {
  if (car.card === "?") return t("an unseen card from the draw pile");
  const said = `${car.card}: ${abilityText(car.ability)}`;
  return car.protect ? t("{card}, protected by {protect}", { card: said, protect: car.protect }) : said;
}

function ending(obs) {
  if (!obs.winners.length) return t("Game over. No winner: the turn limit ({limit} turns) was reached.", { limit: obs.turn_limit });
  const seat = obs.winners[0];
  const winners = winnersLine(obs);
  return seat === obs.seat ? t("Game over. Your train is in order: {winners}", { winners }) : t("Game over. {name}'s train is in order: {winners}", { name: nameOf(seat), winners });
}

function instructions(obs, ui, open, previewing) {
  if (previewing) {
    const move = moveWords(ui.choice, ui.position);
    return ui.choice.kind === "place" || open.positions.size ? t("After {move}: confirm, or pick another car.", { move }) : t("After {move}: confirm, or pick another card.", { move });
  }
  if (ui.choice) {
    const card = cardName(ui.choice.card, DECK);
    if (ui.choice.kind === "place") return t("Place {card}: click a car of your train (it goes to the market).", { card });
    return t("Use {card} ({ability}): click a car of your train.", { card, ability: abilityText(ui.choice.ability) });
  }
  if (obs.phase === "setup") return t("Setup: click the card you keep, then where it goes in your train.");
  return t("Your turn: draw a card, or click a market card to use it.");
}

function confirmBar(obs, ui, pick, cancel) {
  const move = moveFor(ui.choice, ui.position);
  let note = null;
  if (ui.choice.kind === "place") note = t("{card} goes to the market.", { card: cardName(obs.trains[obs.seat][ui.position - 1].card, DECK) });
  else if (REMOVED_AT[ui.choice.ability]) note = t("Every train loses car {position} unless it is protected; “?” is a card from the draw pile.", { position: REMOVED_AT[ui.choice.ability] });
  return h(
    "div",
    { class: "ct-actions gt-confirm" },
    note ? h("span", { class: "ct-note" }, note) : null,
    h("button", { type: "button", class: "ct-move", dataset: { move }, onclick: () => pick(move) }, t("Confirm: {move}", { move: moveWords(ui.choice, ui.position) })),
    h("button", { type: "button", class: "ct-move quiet", onclick: cancel }, t("Cancel")),
  );
}

/** The viewer's private cards: the setup draw, or the card just drawn. */
function yourCards(obs, moves, ui, choose) {
  const cards = obs.phase === "setup" ? obs.setup_hand ?? [] : obs.drawn ? [obs.drawn] : [];
  if (!cards.length) return null;
  const buttons = cards.map((entry) => {
    const choice = { ...entry, kind: "place" };
    const usable = targets(choice, moves).positions.size > 0;
    const picked = ui.choice?.kind === "place" && ui.choice.card === entry.card;
    return h(
      "button",
      {
        type: "button",
        class: `card-button${usable ? " legal" : ""}${picked ? " picked" : ""}`,
        dataset: { card: entry.card, choice: "place" },
        disabled: !usable,
        "aria-label": cardName(entry.card, DECK),
        title: `${entry.card}: ${abilityText(entry.ability)}`,
        onclick: () => choose(choice),
      },
      cardSvg(entry.card, { deck: DECK, ability: entry.ability }),
    );
  });
  const label = obs.phase === "setup" ? (cards.length === 1 ? t("Your setup card") : t("Your setup draw: keep one")) : t("You drew");
  return h("section", { class: "ct-panel gt-mine ct-hand" }, h("h3", { class: "ct-label" }, label), h("div", { class: "ct-hand-cards" }, buttons));
}

function market(obs, moves, ui, choose) {
  const cards = obs.market.map((entry) => {
    const choice = { ...entry, kind: "use" };
    const open = targets(choice, moves);
    const usable = open.bare || open.positions.size > 0;
    const picked = ui.choice?.kind === "use" && ui.choice.card === entry.card;
    return h(
      "figure",
      { class: "gt-offer" },
      h(
        "button",
        {
          type: "button",
          class: `card-button gt-market-card${usable ? " legal" : ""}${picked ? " picked" : ""}`,
          dataset: { card: entry.card, choice: "use" },
          disabled: !usable,
          "aria-label": `${cardName(entry.card, DECK)}: ${abilityText(entry.ability)}`,
          onclick: () => choose(choice),
        },
        cardSvg(entry.card, { deck: DECK, ability: entry.ability }),
      ),
      h("figcaption", {}, abilityText(entry.ability)),
    );
  });
  return h(
    "section",
    { class: "ct-panel gt-market" },
    h("h3", { class: "ct-label" }, t("Market")),
    cards.length ? h("div", { class: "gt-offers" }, cards) : h("p", { class: "ct-note" }, t("Empty: the only move is to draw.")),
  );
}

function piles(obs, moves, pick) {
  const canDraw = moves.includes("draw");
  const drawPile = h(
    "button",
    {
      type: "button",
      class: `gt-draw card-button${canDraw ? " legal" : ""}`,
      dataset: canDraw ? { move: "draw" } : {},
      disabled: !canDraw,
      title: canDraw ? t("draw the top card") : t("draw pile"),
      "aria-label": tn("draw pile, {count} card", "draw pile, {count} cards", obs.draw_pile),
      onclick: () => pick("draw"),
    },
    card(null, {}),
    h("span", { class: "gt-count" }, String(obs.draw_pile)),
  );
  return h(
    "section",
    { class: "ct-panel gt-piles" },
    h("figure", {}, drawPile, h("figcaption", {}, canDraw ? t("Draw") : t("Draw pile"))),
    h("figure", { class: "gt-discard" }, h("span", { class: "gt-stack" }, card(null, {}), h("span", { class: "gt-count" }, String(obs.discard_pile))), h("figcaption", {}, t("Discards"))),
  );
}

/** "Before the last action": the trains and the market of the previous picture. */
function lastAction(el, obs, before) {
  const rows = seatOrder(obs).map((seat) =>
    h(
      "div",
      { class: "gt-train small" },
      h("div", { class: "gt-owner" }, h("b", {}, seatName(obs, seat))),
      h("div", { class: "gt-cars" }, before.trains[seat].map((car) => h("div", { class: "gt-car", title: carTitle(car) }, cardSvg(car.card, { deck: DECK, ability: car.ability, small: true }), car.protect ? h("span", { class: "gt-shield" }, car.protect) : null))),
    ),
  );
  const offers = before.market.map((entry) => cardSvg(entry.card, { deck: DECK, ability: entry.ability, small: true }));
  return review(el, "before", t("Before the last action"), rows, h("div", { class: "gt-before-market" }, h("small", {}, t("Market:"), " "), offers.length ? offers : t("empty")));
}

// -- the preview: the trains after a move, as the rules describe it ----------------------------------

/** Every train after ``choice`` at ``position`` (null for a removal); unseen cards are "?". */
function preview(obs, choice, position) {
  const trains = obs.trains.map((cars) => cars.map((car) => ({ ...car })));
  const mine = trains[obs.seat];
  if (choice.kind === "place") {
    mine[position - 1] = { card: choice.card, ability: choice.ability, protect: null };
    return trains;
  }
  const at = REMOVED_AT[choice.ability];
  if (at) {
    return trains.map((cars) => cars.map((car, index) => (index === at - 1 && !car.protect ? { card: "?", ability: null, protect: null } : car)));
  }
  const i = position - 1;
  const loosen = (from, to) => {
    for (let k = from; k <= to; k += 1) mine[k].protect = null;
  };
  if (choice.ability === "SWAP_ADJ" || choice.ability === "SWAP_GAP1") {
    const j = i + (choice.ability === "SWAP_ADJ" ? 1 : 2);
    [mine[i], mine[j]] = [mine[j], mine[i]];
    mine[i].protect = null;
    mine[j].protect = null;
  } else if (choice.ability === "MOVE_R2") {
    mine.splice(i + 2, 0, ...mine.splice(i, 1));
    loosen(i, i + 2);
  } else if (choice.ability === "MOVE_L2") {
    mine.splice(i - 2, 0, ...mine.splice(i, 1));
    loosen(i - 2, i);
  } else if (choice.ability === "PROTECT") {
    mine[i].protect = choice.card;
  }
  return trains;
}

function inOrder(cars, index) {
  const next = cars[index + 1];
  if (!next || cars[index].card === "?" || next.card === "?") return null;
  return Number(cars[index].card) < Number(next.card);
}

/** The score sheet (sheet.js): the turn, and each train with the couplings that are in order marked. */
export function sheet(obs) {
  const rows = obs.trains.map((cars, seat) => {
    const couplings = cars.slice(0, -1).map((_, index) => inOrder(cars, index));
    const good = couplings.filter((ok) => ok === true).length;
    return h(
      "tr",
      {},
      h("th", { scope: "row" }, nameOf(seat)),
      h("td", {}, cars.map((car, index) => [h("span", { class: "car" }, car.card), index < couplings.length ? h("span", { class: couplings[index] ? "coupling ok" : "coupling" }, couplings[index] ? " < " : " · ") : null])),
      h("td", {}, t("{good} of {count} couplings in order", { good, count: couplings.length })),
    );
  });
  const turn = obs.phase === "setup" ? t("Setup") : obs.over ? overAfter(obs) : t("Turn {number}", { number: obs.turn + 1 });
  return [h("p", {}, turn), h("table", { class: "score-sheet" }, h("tbody", {}, rows))];
}

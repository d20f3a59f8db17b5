// Troeven at the table, both versions: the opponent at the top, the viewer at the bottom, the trick and
// the trump suit between them. Version 1 shows both layouts as eight piles (the face-up card on top of
// the face-down cards under it, whose number is shown); the viewer's face-up cards are the ones they may
// play (those that may not be played now are dimmed, never see-through: games.css). Version 2 shows the
// viewer's hand, the opponent's hidden hand and the stock. The caller names trumps with four suit
// buttons; the last trick and the previous round can be looked back at.
//
// It reads the observation of games/troeven.py: version, phase, dealer, caller, trump, scores, points,
// tricks_won, trick_number, hand, layouts (version 1), hand_sizes and stock (version 2), trick,
// last_trick, previous_round.

import { cardName, cardSvg } from "../cards.js";
import { h, replace } from "../dom.js";
import { t, tn } from "../i18n.js";
import { RANK_LETTERS, SUITS } from "../packs.js";
import { animate, backs, badge, card, hand, header, lastTrickReview, moveButton, picker, plate, previous, prompt, seatName, stat, toLead, trickCentre, winnersLine } from "../layout.js";
import { nameOf } from "../names.js";

const DECK = "piquet";
/** The cards that count points, and their points (games/troeven.py; the letters are the page's language's). */
const POINTS = [["A", 4], ["K", 3], ["Q", 2], ["J", 1]];

/** Draw the observation into el; picking a card or a trump dispatches a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const pick = picker(el, moves);
  const me = obs.seat ?? 0;
  const them = 1 - me;
  const calling = obs.phase === "trump";
  const caller = obs.caller === obs.seat ? t("You call trumps") : t("{name} calls trumps", { name: nameOf(obs.caller) });
  const stage = calling ? caller : obs.over ? null : t("Trick {number} of {count}", { number: obs.trick_number, count: obs.tricks_per_round });
  const idle = obs.over || calling ? "" : toLead(obs);
  replace(
    el,
    h(
      "div",
      { class: `ct-table game-troeven version-${obs.version}` },
      header(obs, "Troeven", [
        obs.version === 1 ? t("Version 1: layouts") : t("Version 2: hand and stock"),
        t("Round {number}", { number: obs.round }),
        stage,
        t("First to 0 wins"),
      ]),
      h(
        "div",
        { class: "tv-board" },
        side(obs, them, moves, pick),
        h(
          "div",
          { class: "tv-middle" },
          trumpPanel(obs),
          h("div", { class: "tv-trick" }, trickCentre(obs, before, { deck: DECK, seats: 2, idle })),
          obs.version === 2 ? stockPanel(obs) : pointsPanel(obs),
        ),
        side(obs, me, moves, pick),
      ),
      prompt(obs, moves, calling ? t("Your call: name the trump suit (any suit).") : obs.trick.length ? t("Your turn: answer the trick.") : t("Your turn: lead a card."), null, ending(obs)),
      calling && moves.length ? trumpButtons(moves, pick) : null,
      lastTrickReview(el, obs, { deck: DECK }),
      previousRound(obs),
    ),
  );
  animate(el);
}

/** One player's half of the table: their plate and their cards (layout, hand, or hidden hand). */
function side(obs, seat, moves, pick) {
  const mine = seat === obs.seat;
  let cards;
  if (obs.version === 1) cards = layout(obs, seat, mine ? moves : [], pick);
  else if (mine) cards = hand(obs.hand, moves, pick, { deck: DECK, label: obs.phase === "trump" ? t("The cards you have seen") : t("Your hand") });
  else cards = h("div", { class: "tv-hidden" }, backs(obs.hand_sizes[seat], { max: 8 }));
  return h("div", { class: `tv-side${mine ? " mine" : ""}` }, seatPlate(obs, seat), cards);
}

function seatPlate(obs, seat) {
  const roles = [];
  if (obs.dealer === seat) roles.push(badge(t("dealer"), { className: "quiet" }));
  if (obs.caller === seat) roles.push(badge(t("calls trumps"), { className: "role" }));
  if (obs.winners.includes(seat)) roles.push(badge(t("winner"), { className: "good" }));
  return plate(
    obs,
    seat,
    h(
      "div",
      { class: "ct-stats" },
      stat(t("score"), obs.scores[seat], { className: "big" }),
      stat(t("points"), `${obs.points[seat]}/40`),
      stat(t("tricks"), obs.tricks_won[seat]),
    ),
    h("div", { class: "ct-badges" }, roles),
  );
}

/** Version 1: the eight piles of a layout (top row 1–4, bottom row 5–8); the viewer's tops are buttons. */
function layout(obs, seat, moves, pick) {
  const mine = seat === obs.seat;
  const offered = new Set(moves);
  const playable = obs.layouts[seat].some((pile) => pile.top !== null && offered.has(pile.top));
  const piles = obs.layouts[seat].map((pile, index) => {
    const under = Array.from({ length: pile.face_down }, () => h("span", { class: "tv-under" }, card(null, {})));
    let top;
    if (pile.top === null) {
      top = pile.face_down ? null : h("span", { class: "tv-empty", title: t("empty pile") });
    } else if (mine) {
      const legal = offered.has(pile.top);
      top = h(
        "button",
        {
          type: "button",
          class: `card-button${legal ? " legal" : ""}`,
          "aria-label": cardName(pile.top, DECK),
          dataset: legal ? { card: pile.top, move: pile.top } : { card: pile.top },
          disabled: !legal,
          title: legal ? t("play {card}", { card: cardName(pile.top, DECK) }) : playable ? t("not playable now") : cardName(pile.top, DECK),
          onclick: () => pick(pile.top),
        },
        cardSvg(pile.top, { deck: DECK }),
      );
    } else {
      top = card(pile.top, { deck: DECK });
    }
    const down = pile.face_down && pile.top !== null ? h("small", { class: "tv-count", title: tn("{count} face down", "{count} face down", pile.face_down) }, `+${pile.face_down}`) : null;
    return h("div", { class: "tv-pile", dataset: { pile: String(index + 1) } }, under, top, down);
  });
  const label = mine ? t("Your layout") : t("{name}'s layout", { name: nameOf(seat) });
  return h(
    "section",
    { class: `tv-layout${mine ? " ct-hand mine" : ""}${playable ? " my-turn" : ""}`, "aria-label": label, dataset: { seat: String(seat) } },
    h("h3", { class: "ct-label" }, label),
    h("div", { class: "tv-piles" }, piles),
  );
}

function trumpPanel(obs) {
  if (obs.trump === null) {
    return h("div", { class: "ct-panel tv-trump" }, h("small", {}, t("Trumps")), h("b", {}, t("not called yet")));
  }
  const { symbol, name } = SUITS[obs.trump];
  return h(
    "div",
    { class: `ct-panel tv-trump suit-${obs.trump}`, dataset: { trump: obs.trump } },
    h("small", {}, t("Trumps")),
    h("span", { class: "tv-suit" }, symbol),
    h("b", {}, name),
    h("small", {}, obs.caller === obs.seat ? t("called by you") : t("called by {name}", { name: nameOf(obs.caller) })),
  );
}

function stockPanel(obs) {
  const label = obs.stock === null ? t("dealt after the call") : tn("{count} card", "{count} cards", obs.stock);
  return h(
    "div",
    { class: "ct-panel tv-stock" },
    h("small", {}, t("Stock")),
    obs.stock ? card(null, {}) : null,
    h("b", {}, label),
    h("small", {}, obs.stock === 0 ? t("follow suit or trump if you can") : t("play any card while it lasts")),
  );
}

function pointsPanel(obs) {
  return h(
    "div",
    { class: "ct-panel tv-points" },
    h("small", {}, t("Card points")),
    h("b", {}, POINTS.map(([rank, points]) => `${RANK_LETTERS[rank]}\u00a0${points}`).join(" · ")), // a card and its points stay on one line
    h("small", {}, t("more than 20 of 40 wins the round")),
  );
}

function trumpButtons(moves, pick) {
  return h(
    "div",
    { class: "ct-actions tv-calls" },
    Object.entries(SUITS).map(([suit, { symbol, name }]) =>
      moveButton(`trump ${suit}`, h("span", { class: `suit-${suit}` }, `${symbol} ${name}`), pick, moves, { className: `tv-call suit-${suit}` }),
    ),
  );
}

function ending(obs) {
  if (!obs.winners.length) return t("Game over. Nobody wins: the round limit ({limit}) was reached with equal scores.", { limit: obs.round_limit });
  const seat = obs.winners[0];
  if (obs.scores[seat] > 0) return t("Game over: the round limit ({limit}) was reached. {winners}", { limit: obs.round_limit, winners: winnersLine(obs) });
  const reached = seat === obs.seat ? t("Game over: you reached 0.") : t("Game over: {name} reached 0.", { name: nameOf(seat) });
  return `${reached} ${winnersLine(obs)}`;
}

function previousRound(obs) {
  const last = obs.previous_round;
  if (!last) return null;
  const [a, b] = last.points;
  return h(
    "p",
    { class: "ct-note" },
    t("Round {number}: card points {first} {a} – {second} {b}", { number: last.round, first: seatName(obs, 0), a, second: seatName(obs, 1), b }),
    a === b ? ` ${t("(a tie: no change)")}` : "",
  );
}

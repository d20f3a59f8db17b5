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
import { SUITS } from "../packs.js";
import { animate, backs, badge, card, hand, header, lastTrickReview, moveButton, picker, plate, previous, prompt, seatName, stat, trickCentre, winnersLine } from "../layout.js";

const DECK = "piquet";

/** Draw the observation into el; picking a card or a trump dispatches a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const pick = picker(el, moves);
  const me = obs.seat ?? 0;
  const them = 1 - me;
  const calling = obs.phase === "trump";
  const stage = calling ? `${seatName(obs, obs.caller)} call${obs.caller === obs.seat ? "" : "s"} trumps` : obs.over ? null : `Trick ${obs.trick_number} of ${obs.tricks_per_round}`;
  const idle = obs.over || calling ? "" : `${seatName(obs, obs.to_act)} to lead`;
  replace(
    el,
    h(
      "div",
      { class: `ct-table game-troeven version-${obs.version}` },
      header(obs, "Troeven", [
        obs.version === 1 ? "Version 1: layouts" : "Version 2: hand and stock",
        `Round ${obs.round}`,
        stage,
        `First to 0 wins`,
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
      prompt(obs, moves, calling ? "Your call: name the trump suit (any suit)." : obs.trick.length ? "Your turn: answer the trick." : "Your turn: lead a card.", null, ending(obs)),
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
  else if (mine) cards = hand(obs.hand, moves, pick, { deck: DECK, label: obs.phase === "trump" ? "The cards you have seen" : "Your hand" });
  else cards = h("div", { class: "tv-hidden" }, backs(obs.hand_sizes[seat], { max: 8 }));
  return h("div", { class: `tv-side${mine ? " mine" : ""}` }, seatPlate(obs, seat), cards);
}

function seatPlate(obs, seat) {
  const roles = [];
  if (obs.dealer === seat) roles.push(badge("dealer", { className: "quiet" }));
  if (obs.caller === seat) roles.push(badge("calls trumps", { className: "role" }));
  if (obs.winners.includes(seat)) roles.push(badge("winner", { className: "good" }));
  return plate(
    obs,
    seat,
    h(
      "div",
      { class: "ct-stats" },
      stat("score", obs.scores[seat], { className: "big" }),
      stat("points", `${obs.points[seat]}/40`),
      stat("tricks", obs.tricks_won[seat]),
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
      top = pile.face_down ? null : h("span", { class: "tv-empty", title: "empty pile" });
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
          title: legal ? `play ${pile.top}` : playable ? "not playable now" : cardName(pile.top, DECK),
          onclick: () => pick(pile.top),
        },
        cardSvg(pile.top, { deck: DECK }),
      );
    } else {
      top = card(pile.top, { deck: DECK });
    }
    const down = pile.face_down && pile.top !== null ? h("small", { class: "tv-count", title: `${pile.face_down} face down` }, `+${pile.face_down}`) : null;
    return h("div", { class: "tv-pile", dataset: { pile: String(index + 1) } }, under, top, down);
  });
  const label = mine ? "Your layout" : `${seatName(obs, seat)}'s layout`;
  return h(
    "section",
    { class: `tv-layout${mine ? " ct-hand mine" : ""}${playable ? " my-turn" : ""}`, "aria-label": label, dataset: { seat: String(seat) } },
    h("h3", { class: "ct-label" }, label),
    h("div", { class: "tv-piles" }, piles),
  );
}

function trumpPanel(obs) {
  if (obs.trump === null) {
    return h("div", { class: "ct-panel tv-trump" }, h("small", {}, "Trumps"), h("b", {}, "not called yet"));
  }
  const { symbol, name } = SUITS[obs.trump];
  return h(
    "div",
    { class: `ct-panel tv-trump suit-${obs.trump}`, dataset: { trump: obs.trump } },
    h("small", {}, "Trumps"),
    h("span", { class: "tv-suit" }, symbol),
    h("b", {}, name),
    h("small", {}, `called by ${seatName(obs, obs.caller)}`),
  );
}

function stockPanel(obs) {
  const label = obs.stock === null ? "dealt after the call" : `${obs.stock} card${obs.stock === 1 ? "" : "s"}`;
  return h(
    "div",
    { class: "ct-panel tv-stock" },
    h("small", {}, "Stock"),
    obs.stock ? card(null, {}) : null,
    h("b", {}, label),
    h("small", {}, obs.stock === 0 ? "follow suit or trump if you can" : "play any card while it lasts"),
  );
}

function pointsPanel(obs) {
  return h(
    "div",
    { class: "ct-panel tv-points" },
    h("small", {}, "Card points"),
    h("b", {}, "A\u00a04 · K\u00a03 · Q\u00a02 · J\u00a01"), // a card and its points stay on one line
    h("small", {}, "more than 20 of 40 wins the round"),
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
  if (!obs.winners.length) return `Game over. Nobody wins: the round limit (${obs.round_limit}) was reached with equal scores.`;
  const seat = obs.winners[0];
  const reached = obs.scores[seat] <= 0 ? `${seatName(obs, seat)} reached 0` : `the round limit (${obs.round_limit}) was reached`;
  return `Game over: ${reached}. ${winnersLine(obs)}`;
}

function previousRound(obs) {
  const last = obs.previous_round;
  if (!last) return null;
  const [a, b] = last.points;
  return h(
    "p",
    { class: "ct-note" },
    `Round ${last.round}: card points ${seatName(obs, 0)} ${a} – ${seatName(obs, 1)} ${b}`,
    a === b ? " (a tie: no change)" : "",
  );
}

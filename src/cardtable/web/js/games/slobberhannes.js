// Slobberhannes at the table: the seats around it with their scores, tricks and penalty marks (first
// trick, queen of clubs), the trick in the middle (the trick just won stays there, dimmed, until the next
// card is led), the last trick to look back at, and the viewer's hand with the playable cards raised.
//
// It reads the observation of games/slobberhannes.py: hand, hand_sizes, scores, tricks_won,
// first_taker, queen_taker, trick, last_trick, hand_number, tricks_per_hand, winners.

import { h, replace } from "../dom.js";
import { animate, backs, badge, hand, header, lastTrickReview, picker, plate, previous, prompt, ring, seatName, stat, trickCentre } from "../layout.js";

const DECK = "piquet";

/** Draw the observation into el; picking a card dispatches a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const done = obs.tricks_won.reduce((a, b) => a + b, 0);
  const idle = obs.over ? "" : `${seatName(obs, obs.to_act)} to lead`;
  replace(
    el,
    h(
      "div",
      { class: "ct-table game-slobberhannes" },
      header(obs, "Slobberhannes", [
        `Hand ${obs.hand_number}`,
        obs.over ? null : `Trick ${Math.min(done + 1, obs.tricks_per_hand)} of ${obs.tricks_per_hand}`,
        "Avoid the first trick, the last trick and the Q♣",
      ]),
      ring(obs, (seat) => seatPlate(obs, seat), trickCentre(obs, before, { deck: DECK, idle })),
      prompt(obs, moves, obs.trick.length ? "Your turn: play a card (follow suit if you can)." : "Your turn: lead a card."),
      obs.hand === null ? null : hand(obs.hand, moves, picker(el, moves), { deck: DECK }),
      lastTrickReview(el, obs, { deck: DECK }),
    ),
  );
  animate(el);
}

function seatPlate(obs, seat) {
  const marks = [];
  if (obs.first_taker === seat) marks.push(badge("1st trick", { className: "penalty", title: "took the first trick: −1" }));
  if (obs.queen_taker === seat) marks.push(badge("Q♣", { className: "penalty", title: "took the queen of clubs: −1" }));
  if (obs.winners.includes(seat)) marks.push(badge("winner", { className: "good" }));
  return plate(
    obs,
    seat,
    h("div", { class: "ct-stats" }, stat("score", obs.scores[seat], { className: "big" }), stat("tricks", obs.tricks_won[seat])),
    seat === obs.seat ? null : backs(obs.hand_sizes[seat]),
    marks.length ? h("div", { class: "ct-badges" }, marks) : null,
  );
}

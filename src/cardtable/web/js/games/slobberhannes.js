// Slobberhannes at the table: the seats around it with their scores, tricks and penalty marks (first
// trick, queen of clubs), the trick in the middle (the trick just won stays there, dimmed, until the next
// card is led), the last trick to look back at, and the viewer's hand with the playable cards raised.
//
// It reads the observation of games/slobberhannes.py: hand, hand_sizes, scores, tricks_won,
// first_taker, queen_taker, trick, last_trick, hand_number, tricks_per_hand, winners.

import { shortName } from "../cards.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { animate, backs, badge, hand, header, lastTrickReview, picker, plate, previous, prompt, ring, stat, toLead, trickCentre } from "../layout.js";

const DECK = "piquet";

/** Draw the observation into el; picking a card dispatches a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const done = obs.tricks_won.reduce((a, b) => a + b, 0);
  const idle = obs.over ? "" : toLead(obs);
  replace(
    el,
    h(
      "div",
      { class: "ct-table game-slobberhannes" },
      header(obs, "Slobberhannes", [
        t("Hand {number}", { number: obs.hand_number }),
        obs.over ? null : t("Trick {number} of {count}", { number: Math.min(done + 1, obs.tricks_per_hand), count: obs.tricks_per_hand }),
        t("Avoid the first trick, the last trick and the {queen}", { queen: shortName("QC") }),
      ]),
      ring(obs, (seat) => seatPlate(obs, seat), trickCentre(obs, before, { deck: DECK, idle })),
      prompt(obs, moves, obs.trick.length ? t("Your turn: play a card (follow suit if you can).") : t("Your turn: lead a card.")),
      obs.hand === null ? null : hand(obs.hand, moves, picker(el, moves), { deck: DECK }),
      lastTrickReview(el, obs, { deck: DECK }),
    ),
  );
  animate(el);
}

function seatPlate(obs, seat) {
  const marks = [];
  if (obs.first_taker === seat) marks.push(badge(t("1st trick"), { className: "penalty", title: t("took the first trick: −1") }));
  if (obs.queen_taker === seat) marks.push(badge(shortName("QC"), { className: "penalty", title: t("took the queen of clubs: −1") }));
  if (obs.winners.includes(seat)) marks.push(badge(t("winner"), { className: "good" }));
  return plate(
    obs,
    seat,
    h("div", { class: "ct-stats" }, stat(t("score"), obs.scores[seat], { className: "big" }), stat(t("tricks"), obs.tricks_won[seat])),
    seat === obs.seat ? null : backs(obs.hand_sizes[seat]),
    marks.length ? h("div", { class: "ct-badges" }, marks) : null,
  );
}

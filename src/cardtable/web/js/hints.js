// "Why can't I play this?": a card the table shows but does not let you play is a disabled button, which
// gets no click; a press on it (pointerdown still reaches the board) asks the server why, with the card's
// code. The server answers for your seat only (a "hint" message) with the engine's reason said to you,
// seats and cards as the table names them ("You cannot play 8♠", "… red 7"); the card asked about comes
// back as its code, shown here as the table shows it (cards.js cardText).
// From the keyboard: the hand's "Why can't I play…?" list (layout.js) has a focusable button per barred
// card, which sends a "why" event up to the board.
// Where the answer shows is the page's business (table.js: just above the hand or the card pressed).

import { cardText } from "./cards.js";
import { t } from "./i18n.js";

/** Call ask(card, pressed) when a disabled card inside board is pressed (``pressed``: the element, so the
 * answer can be shown beside it). */
export function askWhyOnBlockedCards(board, ask) {
  board.addEventListener("pointerdown", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.card-button") : null;
    if (!button || !button.disabled || !board.contains(button) || !button.dataset.card) return;
    ask(button.dataset.card, button);
  });
  board.addEventListener("why", (event) => ask(event.detail, event.target));
}

/** The words to show for a hint message at a table whose cards are of ``deck`` (GAME_PACKS). */
export function hintText(hint, deck) {
  const card = cardText(hint.move, deck);
  if (hint.legal) return t("{card} can be played now.", { card });
  // the English template speaks of the player ("their hand") while the answer speaks to them
  return t("Why not {card}? {reason}", { card, reason: hint.reason.replace(/\btheir hand\b/g, "your hand") });
}

// "Why can't I play this?": a card the table shows but does not let you play is a disabled button, which
// gets no click; a press on it (pointerdown still reaches the board) asks the server why, with the card's
// code. The server answers for your seat only, with the engine's reason (a "hint" message), shown with
// the cards in symbols ("8♠") and the seat as "You". From the keyboard: the hand's "Why can't I play…?"
// list (layout.js) has a focusable button per barred card, which sends a "why" event up to the board.
// Where the answer shows is the page's business (table.js: just above the hand or the card pressed).

import { shortName } from "./cards.js";
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

/** A piquet card code in symbols ("TD" → "10♦", "QC" → "V♣" on a Dutch page); other text as it is. */
export function inSymbols(text) {
  return text.replace(/\b[789TJQKA][SHDC]\b/g, shortName);
}

/** The words to show for a hint message. */
export function hintText(hint) {
  const card = inSymbols(hint.move);
  if (hint.legal) return t("{card} can be played now.", { card });
  const reason = inSymbols(hint.reason).replace(/^seat \d+ cannot/, "You cannot").replace(/\btheir hand\b/, "your hand");
  return t("Why not {card}? {reason}", { card, reason });
}

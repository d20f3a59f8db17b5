// "Why can't I play this?": a card the table shows but does not let you play is a disabled button, which
// gets no click; a press on it (pointerdown still reaches the board) asks the server why, with the card's
// code. The server answers for your seat only, with the engine's reason (a "hint" message).

/** Call ask(card) when a disabled card inside board is pressed. */
export function askWhyOnBlockedCards(board, ask) {
  board.addEventListener("pointerdown", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.card-button") : null;
    if (!button || !button.disabled || !board.contains(button) || !button.dataset.card) return;
    ask(button.dataset.card);
  });
}

/** The words to show for a hint message. */
export function hintText(hint) {
  return hint.legal ? `${hint.move} can be played now.` : `Why not ${hint.move}? ${hint.reason}`;
}

// The generic table: the seat's hand as buttons (a card is enabled when a legal move uses it), every
// legal move as a button, and the rest of the observation as text, seats by their players' names. Enough
// to play any game; the table page shows it instead of a game's picture when its address ends in
// ?view=generic.
// A control that makes a move at once carries data-move (the move string), a card data-card.

import { GAME_PACKS, cardName, cardSvg } from "../cards.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { nameOf } from "../names.js";

/** The observation fields, in every game and at any depth (a trick's cards, its winner), whose values are
 * seats (one, or a list): shown as names. */
const SEAT_FIELDS = new Set([
  "seat", "to_act", "dealer", "first_player", "caller", "chief", "vice", "partner", "first_taker", "queen_taker",
  "winner", "winners", "losers", "active",
]);

/** Draw the observation into el; picking a move dispatches a "move" event from el. */
export function render(observation, el, moves) {
  const pick = (move) => el.dispatchEvent(new CustomEvent("move", { detail: move, bubbles: true }));
  const moveList = h("div", { class: "moves" });
  const sections = [];
  const hand = Array.isArray(observation?.hand) ? observation.hand : null;
  if (hand) sections.push(handSection(hand, moves, pick, moveList, GAME_PACKS[observation.game]));
  fillMoves(moveList, moves, pick, null);
  sections.push(h("section", { class: "your-moves" }, h("h3", {}, t("Your moves")), moveList));
  sections.push(stateSection(observation));
  replace(el, sections);
}

function handSection(hand, moves, pick, moveList, deck) {
  const cards = hand.map((card) => {
    const using = moves.filter((move) => move === card || move.split(" ").includes(card));
    const click = () => (using.length === 1 ? pick(using[0]) : fillMoves(moveList, moves, pick, using));
    return h(
      "button",
      {
        type: "button",
        class: "card-button",
        "aria-label": cardName(card, deck),
        dataset: using.length === 1 ? { card, move: using[0] } : { card },
        disabled: using.length === 0,
        onclick: click,
      },
      cardSvg(card, { deck }),
    );
  });
  return h("section", { class: "hand" }, h("h3", {}, t("Your hand")), h("div", { class: "cards" }, cards));
}

function fillMoves(list, moves, pick, chosen) {
  if (!moves.length) {
    replace(list, h("p", { class: "quiet" }, t("Nothing to do: wait for your turn.")));
    return;
  }
  replace(
    list,
    moves.map((move) =>
      h(
        "button",
        { type: "button", class: chosen && chosen.includes(move) ? "move picked" : "move", dataset: { move }, onclick: () => pick(move) },
        move,
      ),
    ),
  );
}

function stateSection(observation) {
  const rows = Object.entries(observation ?? {})
    .filter(([key]) => key !== "hand")
    .map(([key, value]) => [h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, field(key, value))]);
  return h("section", { class: "public" }, h("h3", {}, t("On the table")), h("dl", {}, rows));
}

/** A field's value as text: seats by the players' names (names.js). */
function field(key, value) {
  return SEAT_FIELDS.has(key) ? seats(value) : text(value);
}

/** A seat, or a list of seats, by the players' names. */
function seats(value) {
  if (Number.isInteger(value)) return nameOf(value);
  if (Array.isArray(value) && value.every(Number.isInteger)) return value.length ? value.map(nameOf).join(", ") : t("none");
  return text(value);
}

/** A JSON value as one line of text. */
export function text(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) {
    if (!value.length) return t("none");
    return value.map((item) => (item !== null && typeof item === "object" ? `(${text(item)})` : text(item))).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${field(k, v)}`)
      .join("; ");
  }
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  return String(value);
}

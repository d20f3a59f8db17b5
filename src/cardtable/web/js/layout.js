// The pieces every game's table picture is built from: seats around a table, a trick, a pile, a hand of
// cards, a review of what happened last, buttons for moves, and short animations a click skips.
//
// Decisions:
// - A renderer offers only the move strings the server sent: `picker` refuses any other string, so a bug
//   in a picture can never send a move that was not offered (the server would refuse it anyway).
// - A control that makes a move at once carries `data-move`; a card carries `data-card`. Tests and the
//   page's own scripts find them by these attributes, not by their looks.
// - What a renderer must remember between two pictures of one table (the previous observation, for the
//   "last action" review and the animations; which reviews are open) lives in `memory(el)`, keyed by the
//   board element: the render function itself stays a function of what the server sent.
// - Animations last at most ANIMATION_MS, are skipped by any click or key on the board, and are not run
//   at all when the person asked for reduced motion.
// - The tables' stylesheet (css/games.css) is loaded by this module, before any renderer can draw (a
//   top-level await), so any page that shows a table gets it without naming it and never shows a
//   picture unstyled.
// - Seats sit on an ellipse, the viewer at the bottom and the others clockwise (to the viewer's left
//   first), as at a real table; on a narrow screen the CSS lays them out as a row instead.
// - A name is never broken inside its seat plate ("easy bot (seat 3)" on one line; the "to play" tag
//   goes below it when there is no room), and a trick card's name tag is no wider than about a card,
//   wrapping instead, so the tags of neighbouring cards never overlap (css/games.css).

import { cardBack, cardName, cardSvg } from "./cards.js";
import { h } from "./dom.js";
import { sortedIndexes } from "./handsort.js";
import { formatList, lang, t, tn } from "./i18n.js";
import { nameOf } from "./names.js";
import { handOrder, setHandOrder } from "./prefs.js";

export const ANIMATION_MS = 250;

await loadStyles(new URL("../css/games.css", import.meta.url).href);

/** Add the stylesheet to the page once, resolving when it has loaded (or failed: then unstyled). */
function loadStyles(href) {
  if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}

const memories = new WeakMap();

/** What a renderer keeps for one board element across pictures (an object it may write to). */
export function memory(el) {
  let kept = memories.get(el);
  if (!kept) {
    kept = { open: new Set(), animations: new Set() };
    memories.set(el, kept);
    el.addEventListener("pointerdown", () => skipAnimations(el), { capture: true });
    el.addEventListener("keydown", () => skipAnimations(el), { capture: true });
  }
  return kept;
}

/** The observation drawn before this one on el (same game and seat), or null; remembers this one. */
export function previous(el, observation) {
  const kept = memory(el);
  const before = kept.observation;
  kept.observation = observation;
  if (!before || before.game !== observation.game || before.seat !== observation.seat) return null;
  return before;
}

/** A function that picks a move: it dispatches the "move" event from el, for offered moves only. */
export function picker(el, moves) {
  const offered = new Set(moves);
  return (move) => {
    if (!offered.has(move)) return false;
    el.dispatchEvent(new CustomEvent("move", { detail: move, bubbles: true }));
    return true;
  };
}

// -- seats ------------------------------------------------------------------------------------------

/** How the viewer calls a seat on its own (a plate, a caption): "You", or the player's name (names.js).
 * A sentence about a seat is two sentences, the viewer's and another's ("You took the trick", "{name}
 * took the trick"): a language's verb agrees with its subject, so no sentence is built around this. */
export function seatName(obs, seat) {
  return seat === obs.seat ? t("You") : nameOf(seat);
}

/** The seat at the bottom of the picture: the viewer's, or seat 0 for a spectator. */
export function viewer(obs) {
  return obs.seat ?? 0;
}

/** The seats from the viewer clockwise: the viewer first, then the seat to their left, and so on. */
export function seatOrder(obs, seats = obs.players) {
  const me = viewer(obs);
  return Array.from({ length: seats }, (_, k) => (me + k) % seats);
}

/** Where a seat sits on the table's ellipse: x, y in percent, and the unit direction from the centre. */
export function place(obs, seat, seats = obs.players) {
  const turn = (seat - viewer(obs) + seats) % seats;
  const angle = Math.PI / 2 + (2 * Math.PI * turn) / seats;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  return { x: 50 + 43 * dx, y: 50 + 40 * dy, dx, dy, turn };
}

/** A seat's plate: its name and whatever the game shows about it (``children``). */
export function plate(obs, seat, ...children) {
  const classes = ["ct-plate", seat === obs.to_act ? "to-act" : "", seat === obs.seat ? "me" : ""];
  return h(
    "div",
    { class: classes.join(" "), dataset: { seat: String(seat) } },
    h("div", { class: "ct-name" }, h("span", { class: "ct-who", title: seatName(obs, seat) }, seatName(obs, seat)), seat === obs.to_act ? h("span", { class: "ct-turn" }, t("to play")) : null),
    children,
  );
}

/** Seats around a table with ``centre`` in the middle; ``drawSeat(seat)`` draws one seat's plate. */
export function ring(obs, drawSeat, centre, { seats = obs.players, className = "" } = {}) {
  const spots = seatOrder(obs, seats).map((seat) => {
    const where = place(obs, seat, seats);
    const spot = h("div", { class: `ct-spot${where.turn === 0 ? " bottom" : ""}`, dataset: { seat: String(seat) } }, drawSeat(seat));
    spot.style.setProperty("--x", String(where.x)); // a number: games.css keeps the plate on the felt with it
    spot.style.setProperty("--y", `${where.y}%`);
    spot.style.setProperty("--order", String(where.turn === 0 ? seats : where.turn));
    return spot;
  });
  return h("div", { class: `ct-ring seats-${seats} ${className}`.trim() }, spots, h("div", { class: "ct-centre" }, centre));
}

/** Small card backs standing for ``count`` hidden cards, with the number written beside them. */
export function backs(count, { max = 6 } = {}) {
  const shown = Math.min(count, max);
  return h(
    "span",
    { class: "ct-backs", title: tn("{count} card", "{count} cards", count) },
    h("span", { class: "ct-backs-fan" }, Array.from({ length: shown }, () => cardBack({ small: true }))),
    h("b", {}, String(count)),
    h("small", { class: "ct-backs-label" }, tn("card", "cards", count)),
  );
}

/** A labelled number, e.g. stat("score", 7). */
export function stat(label, value, { className = "" } = {}) {
  return h("span", { class: `ct-stat ${className}`.trim() }, h("small", {}, label), h("b", {}, String(value)));
}

/** A small label on a seat or a card ("Chief", "1st trick"). */
export function badge(label, { className = "", title } = {}) {
  return h("span", { class: `ct-badge ${className}`.trim(), title }, label);
}

// -- cards ------------------------------------------------------------------------------------------

/** One card, face up (a code) or face down (null). */
export function card(code, { deck, small = false, ability = null, className = "" } = {}) {
  const picture = code === null ? cardBack({ small }) : cardSvg(code, { deck, small, ability });
  return h("span", { class: `ct-card ${className}`.trim(), dataset: code === null ? {} : { card: code } }, picture);
}

/** The cards played to a trick, each pushed from the centre towards the seat that played it. */
export function trick(obs, plays, { deck, seats = obs.players, className = "", fresh = [], winner = null } = {}) {
  const cards = plays.map((play, order) => {
    const where = place(obs, play.seat, seats);
    const node = h(
      "div",
      { class: `ct-trick-card${play.seat === winner ? " won" : ""}`, dataset: { seat: String(play.seat), card: play.card } },
      cardSvg(play.card, { deck }),
      h("small", {}, seatName(obs, play.seat)),
    );
    node.style.setProperty("--dx", String(where.dx));
    node.style.setProperty("--dy", String(where.dy));
    node.style.setProperty("--z", String(order + 1));
    if (fresh.includes(play.card)) node.dataset.fresh = String(where.dx) + " " + String(where.dy);
    return node;
  });
  return h("div", { class: `ct-trick ${className}`.trim() }, cards);
}

/** The cards of a trick just played that were not on the table in the previous picture. */
export function freshPlays(before, plays) {
  const old = new Set((before?.trick ?? []).map((play) => `${play.seat} ${play.card}`));
  return plays.filter((play) => !old.has(`${play.seat} ${play.card}`)).map((play) => play.card);
}

/**
 * The middle of a trick game's table: the trick in play, or, between tricks, the trick just won (dimmed,
 * with who took it) until the next card is led.
 */
export function trickCentre(obs, before, { deck, seats = obs.players, idle = null } = {}) {
  const last = obs.last_trick;
  if (obs.trick.length || !last) {
    const note = obs.trick.length ? null : h("p", { class: "ct-note" }, idle ?? "");
    return [trick(obs, obs.trick, { deck, seats, fresh: freshPlays(before, obs.trick) }), note];
  }
  const justWon = before !== null && JSON.stringify(before.last_trick) !== JSON.stringify(last);
  return [
    trick(obs, last.cards, { deck, seats, className: "done", winner: last.winner, fresh: justWon ? freshPlays(before, last.cards) : [] }),
    h("p", { class: "ct-note ct-took" }, last.winner === obs.seat ? t("You took the trick") : t("{name} took the trick", { name: nameOf(last.winner) })),
  ];
}

/** The last trick to look back at: every card with who played it, the winner's marked. */
export function lastTrickReview(el, obs, { deck } = {}) {
  const last = obs.last_trick;
  if (!last) return null;
  return review(
    el,
    "last-trick",
    last.winner === obs.seat ? t("Last trick: you took it") : t("Last trick: {name} took it", { name: nameOf(last.winner) }),
    h(
      "div",
      { class: "ct-review-cards" },
      last.cards.map((play) =>
        h(
          "figure",
          { class: play.seat === last.winner ? "winner" : "", dataset: { seat: String(play.seat) } },
          card(play.card, { deck, small: true }),
          h("figcaption", {}, seatName(obs, play.seat)),
        ),
      ),
    ),
  );
}

/**
 * A pile fanned out from its bottom card to its top card, each card overlapping the one before.
 * ``cardNode(code, index)`` may draw a card itself (a button, say); by default it is a plain card.
 */
export function pile(cards, { deck, small = false, className = "", cardNode = null } = {}) {
  return h(
    "div",
    { class: `ct-pile ${className}`.trim() },
    cards.map((code, index) => (cardNode ? cardNode(code, index) : card(code, { deck, small }))),
  );
}

/**
 * The viewer's hand: a button per card, enabled when ``moveOf(code)`` is a move offered now, in the order
 * the player chose (by suit or by rank: a toggle beside the hand, remembered per browser).
 * ``marks(code, index)`` may return a badge drawn on a card (e.g. "shown"); ``index`` is always the
 * card's place in ``cards``, whatever the order shown.
 */
export function hand(cards, moves, pick, { deck, moveOf = (code) => code, marks = () => null, label = t("Your hand") } = {}) {
  const offered = new Set(moves);
  const legalAt = cards.map((code, index) => {
    const move = moveOf(code, index);
    return move !== null && offered.has(move);
  });
  const myTurn = legalAt.includes(true); // cards are dimmed only while some card is playable
  const order = handOrder();
  const buttons = sortedIndexes(cards, order).map((index) => {
    const code = cards[index];
    const move = moveOf(code, index);
    const legal = legalAt[index];
    const mark = marks(code, index);
    return h(
      "button",
      {
        type: "button",
        class: ["card-button", legal ? "legal" : "", mark ? "marked" : ""].join(" ").trim(),
        "aria-label": legal ? cardName(code, deck) : t("{card}: not playable now", { card: cardName(code, deck) }),
        "aria-disabled": legal ? null : "true",
        title: legal ? (move === code ? t("play {card}", { card: cardName(code, deck) }) : cardName(code, deck)) : myTurn ? t("{card}: not playable now (click: why?)", { card: cardName(code, deck) }) : cardName(code, deck),
        dataset: legal ? { card: code, move } : { card: code },
        disabled: !legal,
        onclick: () => pick(move),
      },
      cardSvg(code, { deck }),
      mark,
    );
  });
  const other = order === "suit" ? "rank" : "suit";
  const toggle = h(
    "button",
    {
      type: "button",
      class: "link ct-sort",
      dataset: { sort: other },
      onclick: (event) => {
        setHandOrder(other);
        const section = event.currentTarget.closest(".ct-hand");
        section?.dispatchEvent(new CustomEvent("resort", { bubbles: true }));
      },
    },
    other === "rank" ? t("sort by rank") : t("sort by suit"),
  );
  const barred = myTurn ? cards.filter((_, index) => !legalAt[index]) : [];
  const why = barred.length
    ? h(
        "details",
        { class: "ct-why" },
        h("summary", {}, t("Why can't I play…?")),
        [...new Set(barred)].map((code) =>
          h(
            "button",
            { type: "button", class: "ct-why-card", dataset: { why: code }, onclick: (event) => event.currentTarget.dispatchEvent(new CustomEvent("why", { detail: code, bubbles: true })) },
            cardName(code, deck),
          ),
        ),
      )
    : null;
  return h(
    "section",
    { class: `ct-hand${myTurn ? " my-turn" : ""}`, "aria-label": label, dataset: { order } },
    h("h3", { class: "ct-label" }, label, " ", toggle),
    h("div", { class: "ct-hand-cards" }, buttons),
    why,
  );
}

// -- moves and words ---------------------------------------------------------------------------------

/** A button that makes ``move`` (enabled only when it was offered). */
export function moveButton(move, label, pick, moves, { className = "", title } = {}) {
  const legal = moves.includes(move);
  return h(
    "button",
    {
      type: "button",
      class: `ct-move ${className}`.trim(),
      dataset: legal ? { move } : {},
      disabled: !legal,
      title,
      onclick: () => pick(move),
    },
    label,
  );
}

/** The table's title line: the game, facts about the moment, and the link to the rules help. */
export function header(obs, title, facts) {
  return h(
    "div",
    { class: "ct-head" },
    h("h2", { class: "ct-title" }, title),
    h("ul", { class: "ct-facts" }, facts.filter(Boolean).map((fact) => h("li", {}, fact))),
    rulesLink(obs.game),
  );
}

/** The link to a game's rules help page in the page's language (opens beside the table): the English
 * page is web/rules/<game>.html, a translation web/rules/<language>/<game>.html. */
export function rulesLink(game) {
  const href = lang === "en" ? `/static/rules/${game}.html` : `/static/rules/${lang}/${game}.html`;
  return h("a", { class: "ct-rules", href, target: "_blank", rel: "noopener" }, t("Rules"));
}

/** Who won, in words: "You win!", "Seat 2 wins.", "You share the win with Seat 3." or "Nobody wins." */
export function winnersLine(obs) {
  const winners = obs.winners;
  if (!winners.length) return t("Nobody wins.");
  if (winners.length === 1) return winners[0] === obs.seat ? t("You win!") : t("{name} wins.", { name: nameOf(winners[0]) });
  if (!winners.includes(obs.seat)) return t("{names} share the win.", { names: formatList(winners.map(nameOf)) });
  return t("You share the win with {names}.", { names: formatList(winners.filter((seat) => seat !== obs.seat).map(nameOf)) });
}

/** Whose turn it is, in one line: "Ana to play." */
export function toPlay(obs, seat = obs.to_act) {
  return seat === obs.seat ? t("You to play.") : t("{name} to play.", { name: nameOf(seat) });
}

/** Who leads the next trick, in a trick game's middle: "Ana to lead". */
export function toLead(obs, seat = obs.to_act) {
  return seat === obs.seat ? t("You to lead") : t("{name} to lead", { name: nameOf(seat) });
}

/** What the viewer should do now, in one line (``ending`` once the game is over). */
export function prompt(obs, moves, mine, others, ending = t("Game over. {winners}", { winners: winnersLine(obs) })) {
  let line;
  if (obs.over) line = ending;
  else if (moves.length) line = mine;
  else if (obs.to_act === null || obs.to_act === undefined) line = "";
  else line = others ?? toPlay(obs);
  return h("p", { class: `ct-prompt${moves.length ? " mine" : ""}`, "aria-live": "polite" }, line);
}

/** A fold-out review ("Last trick"), kept open across pictures once the viewer opened it. */
export function review(el, key, summary, ...content) {
  const kept = memory(el);
  const details = h("details", { class: "ct-review", open: kept.open.has(key), dataset: { review: key } }, h("summary", {}, summary), h("div", { class: "ct-review-body" }, content));
  details.addEventListener("toggle", () => (details.open ? kept.open.add(key) : kept.open.delete(key)));
  return details;
}

// -- animation ---------------------------------------------------------------------------------------

function motionAllowed() {
  return !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/** Finish at once every animation ``animate`` started on el (a click or a key does this). */
export function skipAnimations(el) {
  const running = memory(el).animations;
  for (const animation of running) animation.finish();
  running.clear();
}

/** Slide the cards marked ``data-fresh`` in from their seat's side, and flash nodes marked ``data-changed``. */
export function animate(el) {
  if (!motionAllowed() || !el.animate) return;
  const running = memory(el).animations;
  const started = (animation) => {
    running.add(animation);
    animation.addEventListener("finish", () => running.delete(animation));
  };
  for (const node of el.querySelectorAll("[data-fresh]")) {
    const [dx, dy] = node.dataset.fresh.split(" ").map(Number);
    started(node.animate(
      [
        { transform: `translate(${Math.round(dx * 90)}px, ${Math.round(dy * 90)}px) scale(0.85)`, opacity: 0 },
        { transform: "none", opacity: 1 },
      ],
      { duration: ANIMATION_MS, easing: "ease-out" },
    ));
  }
  for (const node of el.querySelectorAll("[data-changed]")) {
    started(node.animate([{ transform: "scale(1.1)", filter: "brightness(1.3)" }, { transform: "none", filter: "none" }], {
      duration: ANIMATION_MS,
      easing: "ease-out",
    }));
  }
}

// Mü at the table: the seats around it with their scores, roles (dealer, Chief with the bid, Vice,
// partner) and the cards each has laid face up in the auction; the auction so far, or the trick, in the
// middle; both trumps with the whole trump order, the Chief's target, and the score sheet beside it.
//
// Moves: in the auction a hidden card of the hand is clicked to show it (one `show` move per card), then
// "Done"; or "Pass". Trumps and the partner are named with buttons; in the tricks a card is clicked. The
// trump buttons say what each trump takes in words; the order itself comes from the observation once
// the Chief has named it (this module computes no rule).
//
// It reads the observation of games/mue/state.py: hand, hand_sizes, face_up, auction (turns, counts,
// highest, limit, shown_this_turn, passes), active, dealer, phase, chief, bid, vice, partner,
// vice_trump, chief_trump, trump_order, target, points, tricks_won, tricks_per_hand, scores, sheet,
// end, goal, trick, last_trick.

import { cardName } from "../cards.js";
import { h, replace } from "../dom.js";
import { formatList, t, tn } from "../i18n.js";
import { animate, backs, badge, hand, header, lastTrickReview, moveButton, picker, plate, previous, prompt, review, ring, seatName, stat, toLead, toPlay, trickCentre } from "../layout.js";
import { nameOf } from "../names.js";

const DECK = "five-colours";
/** A colour trump in words: the colour, and "every card of it" (whole phrases: adjectives inflect). */
const COLOURS = {
  R: () => [t("red"), t("Every red card")],
  B: () => [t("blue"), t("Every blue card")],
  G: () => [t("green"), t("Every green card")],
  Y: () => [t("yellow"), t("Every yellow card")],
  P: () => [t("purple"), t("Every purple card")],
};
const PHASES = {
  auction: () => t("Auction"),
  vice_trump: () => t("The Vice names a trump"),
  chief_trump: () => t("The Chief names a trump"),
  partner: () => t("The Chief names a partner"),
  tricks: () => t("Tricks"),
  over: () => t("Game over"),
};

/** No score sheet fold-out (sheet.js): the picture draws Mü's sheet beside the table itself. */
export const sheet = null;

/** Draw the observation into el; a click on a card or a button dispatches a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const pick = picker(el, moves);
  const done = obs.tricks_won.reduce((a, b) => a + b, 0);
  const phase = obs.phase === "tricks" ? t("Trick {number} of {count}", { number: Math.min(done + 1, obs.tricks_per_hand), count: obs.tricks_per_hand }) : PHASES[obs.phase]?.();
  const goal = obs.end === "score" ? t("Game to {points} points", { points: obs.goal }) : tn("{count} deal per seat", "{count} deals per seat", obs.goal);
  const dealt = obs.dealer === obs.seat ? t("You dealt") : t("{name} dealt", { name: nameOf(obs.dealer) });
  replace(
    el,
    h(
      "div",
      { class: "ct-table game-mue" },
      header(obs, "Mü", [t("Hand {number}", { number: obs.hand_number }), dealt, phase, goal]),
      obs.phase === "auction" ? auctionLine(obs) : null,
      ring(obs, (seat) => seatPlate(obs, seat), centre(obs, before)),
      prompt(obs, moves, yourTurn(obs, moves), othersTurn(obs)),
      actions(obs, moves, pick),
      obs.hand === null ? null : myHand(obs, moves, pick),
      h("div", { class: "mu-panels" }, trumpPanel(obs), targetPanel(obs)),
      lastTrickReview(el, obs, { deck: DECK }),
      scoreSheet(el, obs),
    ),
  );
  animate(el);
}

// -- seats ---------------------------------------------------------------------------------------

function seatPlate(obs, seat) {
  const active = obs.active.includes(seat);
  const roles = [];
  if (seat === obs.dealer) roles.push(badge(active ? t("dealer") : t("dealer, sits out"), { className: "quiet" }));
  if (seat === obs.chief) roles.push(badge(t("Chief · bid {bid}", { bid: obs.bid }), { className: "good" }));
  if (seat === obs.vice) roles.push(badge(t("Vice"), { className: "role" }));
  if (seat === obs.partner) roles.push(badge(t("partner"), { className: "role" }));
  if (obs.winners.includes(seat)) roles.push(badge(t("winner"), { className: "good" }));
  const playing = obs.phase === "tricks" || obs.phase === "over";
  const shown = obs.face_up[seat];
  return plate(
    obs,
    seat,
    h(
      "div",
      { class: "ct-stats" },
      stat(t("score"), obs.scores[seat], { className: "big" }),
      playing ? stat(t("tricks"), obs.tricks_won[seat]) : null,
      playing ? stat(t("points"), obs.points[seat]) : null,
    ),
    seat === obs.seat || !active ? null : backs(obs.hand_sizes[seat]),
    shown.length && seat !== obs.seat ? h("div", { class: "mu-shown", title: t("face up"), dataset: { faceUp: shown.join(" ") } }, shown.map(chip)) : null,
    roles.length ? h("div", { class: "ct-badges" }, roles) : null,
  );
}

function centre(obs, before) {
  if (obs.phase === "auction") return auctionLog(obs);
  if (obs.phase === "tricks" || obs.phase === "over") {
    const idle = obs.over ? "" : toLead(obs);
    return trickCentre(obs, before, { deck: DECK, idle });
  }
  const name = seatName(obs, obs.to_act);
  const waiting = obs.phase === "vice_trump" ? t("The Vice ({name}) chooses…", { name }) : t("The Chief ({name}) chooses…", { name });
  return h("p", { class: "ct-note mu-waiting" }, waiting);
}

/** The auction's state in one line, above the table where no seat's panel can cover it. */
function auctionLine(obs) {
  const auction = obs.auction;
  return h(
    "p",
    { class: "ct-note mu-auction-line" },
    t("Most cards shown: {highest} · {passes} of {count} passes in a row end the auction", { highest: auction.highest, passes: auction.passes, count: obs.active.length }),
  );
}

/** The auction so far: the latest turns (the counts are in ``auctionLine``). */
function auctionLog(obs) {
  const auction = obs.auction;
  const turns = auction.turns.slice(-8).map((turn) =>
    h(
      "li",
      { class: turn.pass ? "pass" : "bid" },
      h("b", {}, seatName(obs, turn.seat)),
      " ",
      turn.seat === obs.seat ? (turn.pass ? t("pass") : t("show")) : turn.pass ? t("passes") : t("shows"),
      turn.pass ? null : [" ", turn.shown.map(chip), turn.done ? null : " …"],
    ),
  );
  return h(
    "div",
    { class: "mu-auction" },
    turns.length ? h("ol", { class: "mu-turns" }, turns) : h("p", { class: "ct-note" }, t("No bid yet.")),
  );
}

// -- the viewer's part ---------------------------------------------------------------------------

function yourTurn(obs, moves) {
  if (obs.phase === "auction") {
    const room = obs.auction.limit - obs.auction.counts[obs.seat];
    if (moves.includes("done")) return room > 0 ? t("Show more cards (up to {room} more) or press Done.", { room }) : t("Press Done to end your bid.");
    return t("Your bid: click cards to show them (up to {room}), or pass.", { room });
  }
  if (obs.phase === "vice_trump") return t("You are Vice: name a trump from your face-up cards.");
  if (obs.phase === "chief_trump") return t("You are Chief: name your trump (it ranks above the Vice's), or none.");
  if (obs.phase === "partner") return t("Name your partner.");
  return obs.trick.length ? t("Your turn: play a card.") : t("Your turn: lead a card.");
}

function othersTurn(obs) {
  return obs.to_act === null ? "" : toPlay(obs);
}

/** Pass and Done in the auction, trump and partner buttons when naming them. */
function actions(obs, moves, pick) {
  if (!moves.length) return null;
  let buttons = [];
  if (obs.phase === "auction") {
    buttons = [moveButton("pass", t("Pass"), pick, moves, { className: "quiet" }), moveButton("done", t("Done"), pick, moves)];
  } else if (obs.phase === "vice_trump" || obs.phase === "chief_trump") {
    buttons = moves.filter((m) => m.startsWith("trump ")).map((move) => trumpButton(move, pick, moves));
  } else if (obs.phase === "partner") {
    buttons = moves.filter((m) => m.startsWith("partner ")).map((move) => moveButton(move, t("Partner: {name}", { name: seatName(obs, Number(move.split(" ")[1])) }), pick, moves));
  }
  return buttons.length ? h("div", { class: "ct-actions mu-actions" }, buttons) : null;
}

function trumpButton(move, pick, moves) {
  const name = move.split(" ")[1];
  let label;
  if (name === "none") label = [h("span", { class: "mu-chip none" }, "–"), " ", t("No trump")];
  else if (COLOURS[name]) label = [h("span", { class: `mu-chip c-${name}` }, name), " ", COLOURS[name]()[1]];
  else label = [h("span", { class: "mu-chip number" }, name), " ", t("Every {number}", { number: name })];
  return moveButton(move, label, pick, moves, { className: "mu-trump" });
}

function myHand(obs, moves, pick) {
  const faceUp = [...obs.face_up[obs.seat]];
  const shownAt = obs.hand.map((code) => {
    const at = faceUp.indexOf(code);
    if (at < 0) return false;
    faceUp.splice(at, 1);
    return true;
  });
  const auction = obs.phase === "auction";
  return hand(obs.hand, moves, pick, {
    deck: DECK,
    moveOf: (code, index) => (auction ? (shownAt[index] ? null : `show ${code}`) : code),
    marks: (code, index) => (shownAt[index] ? badge(t("shown"), { className: "good" }) : null),
  });
}

// -- trumps, target, score sheet -------------------------------------------------------------------

function chip(code) {
  return h("span", { class: `mu-chip c-${code[0]}`, title: cardName(code, DECK) }, code[1]);
}

function trumpChip(name) {
  if (name === null) return h("span", { class: "mu-chip empty" }, "?");
  if (name === "none") return h("span", { class: "mu-chip none" }, "–");
  return COLOURS[name] ? h("span", { class: `mu-chip c-${name}` }, name) : h("span", { class: "mu-chip number" }, name);
}

function trumpWords(name) {
  if (name === null) return t("not named yet");
  if (name === "none") return t("no trump");
  return COLOURS[name] ? COLOURS[name]()[0] : t("every {number}", { number: name });
}

function trumpPanel(obs) {
  if (obs.chief === null) return null;
  const order = obs.trump_order.map((group, index) => [index ? h("span", { class: "mu-gt" }, ">") : null, h("span", { class: "mu-group" }, group.map(chip))]);
  const hasVice = obs.vice !== null;
  return h(
    "section",
    { class: "ct-panel mu-trumps" },
    h("h3", { class: "ct-label" }, t("Trumps")),
    h(
      "div",
      { class: "mu-trump-line" },
      h("span", {}, t("Chief"), " ", trumpChip(obs.chief_trump), " ", trumpWords(obs.chief_trump)),
      hasVice ? h("span", {}, t("Vice"), " ", trumpChip(obs.vice_trump), " ", trumpWords(obs.vice_trump)) : h("span", { class: "quiet" }, t("no Vice")),
    ),
    order.length
      ? h("div", { class: "mu-order", "aria-label": t("trump order, strongest first") }, order)
      : obs.phase === "tricks"
        ? h("p", { class: "ct-note" }, t("No trumps: the highest card of the led colour wins."))
        : null,
  );
}

function targetPanel(obs) {
  if (obs.target === null) return null;
  const team = [obs.chief, obs.partner].filter((s) => s !== null);
  const have = team.reduce((sum, s) => sum + obs.points[s], 0);
  const who = team.map((s) => seatName(obs, s)).join(" + ");
  const partnerNote = obs.partner === null && obs.active.length > 3 ? ` ${t("(partner not named yet)")}` : "";
  const meter = h("div", { class: "mu-meter" }, h("span", {}));
  meter.firstChild.style.setProperty("width", `${Math.min(100, Math.round((100 * have) / obs.target))}%`);
  return h(
    "section",
    { class: "ct-panel mu-target" },
    h("h3", { class: "ct-label" }, t("Target")),
    h("p", {}, t("{team}: {target} card points needed for a bid of {bid}; {have} so far", { team: `${who}${partnerNote}`, target: obs.target, bid: obs.bid, have })),
    meter,
  );
}

/** A score sheet line's outcome, in words. */
function outcome(obs, line) {
  if (line.outcome === "void") return t("void: everyone passed");
  if (line.outcome === "eclat") {
    const tied = formatList(line.tied.map((s) => seatName(obs, s)));
    return t("éclat at {bid} ({tied}); {name} late", { bid: line.bid, tied, name: seatName(obs, line.latecomer) });
  }
  const team = [line.chief, line.partner].filter((s) => s !== null).map((s) => seatName(obs, s)).join(" + ");
  const params = { team, points: line.team_points, target: line.target, bid: line.bid, trump: line.chief_trump === "none" ? t("none") : COLOURS[line.chief_trump]?.()[0] ?? line.chief_trump };
  return line.outcome === "made"
    ? t("made: {team} took {points} of {target} (bid {bid}, trump {trump})", params)
    : t("failed: {team} took {points} of {target} (bid {bid}, trump {trump})", params);
}

function scoreSheet(el, obs) {
  if (!obs.sheet.length) return null;
  const seats = Array.from({ length: obs.players }, (_, s) => s);
  const rows = obs.sheet.map((line) =>
    h(
      "tr",
      {},
      h("td", {}, String(line.hand)),
      h("td", { class: "mu-outcome" }, outcome(obs, line)),
      seats.map((s) => h("td", { class: line.deltas[s] > 0 ? "up" : line.deltas[s] < 0 ? "down" : "" }, line.deltas[s] > 0 ? `+${line.deltas[s]}` : String(line.deltas[s]))),
    ),
  );
  const table = h(
    "table",
    { class: "mu-sheet" },
    h("thead", {}, h("tr", {}, h("th", {}, t("Hand")), h("th", {}, t("Outcome")), seats.map((s) => h("th", {}, seatName(obs, s))))),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("td", {}), h("td", {}, t("Total")), seats.map((s) => h("td", {}, String(obs.scores[s]))))),
  );
  const last = obs.sheet[obs.sheet.length - 1];
  return review(el, "score-sheet", t("Score sheet · hand {number}: {outcome}", { number: last.hand, outcome: outcome(obs, last) }), table);
}

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

import { h, replace } from "../dom.js";
import { animate, backs, badge, hand, header, lastTrickReview, moveButton, picker, plate, previous, prompt, review, ring, seatName, stat, trickCentre } from "../layout.js";

const DECK = "five-colours";
const COLOUR_NAMES = { R: "red", B: "blue", G: "green", Y: "yellow", P: "purple" };
const PHASES = {
  auction: "Auction",
  vice_trump: "The Vice names a trump",
  chief_trump: "The Chief names a trump",
  partner: "The Chief names a partner",
  tricks: "Tricks",
  over: "Game over",
};

/** No score sheet fold-out (sheet.js): the picture draws Mü's sheet beside the table itself. */
export const sheet = null;

/** Draw the observation into el; a click on a card or a button dispatches a "move" event from el. */
export function render(obs, el, moves) {
  const before = previous(el, obs);
  const pick = picker(el, moves);
  const done = obs.tricks_won.reduce((a, b) => a + b, 0);
  const phase = obs.phase === "tricks" ? `Trick ${Math.min(done + 1, obs.tricks_per_hand)} of ${obs.tricks_per_hand}` : PHASES[obs.phase];
  const goal = obs.end === "score" ? `Game to ${obs.goal} points` : `${obs.goal} deal${obs.goal === 1 ? "" : "s"} per seat`;
  replace(
    el,
    h(
      "div",
      { class: "ct-table game-mue" },
      header(obs, "Mü", [`Hand ${obs.hand_number}`, `${seatName(obs, obs.dealer)} dealt`, phase, goal]),
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
  if (seat === obs.dealer) roles.push(badge(active ? "dealer" : "dealer, sits out", { className: "quiet" }));
  if (seat === obs.chief) roles.push(badge(`Chief · bid ${obs.bid}`, { className: "good" }));
  if (seat === obs.vice) roles.push(badge("Vice", { className: "role" }));
  if (seat === obs.partner) roles.push(badge("partner", { className: "role" }));
  if (obs.winners.includes(seat)) roles.push(badge("winner", { className: "good" }));
  const playing = obs.phase === "tricks" || obs.phase === "over";
  const shown = obs.face_up[seat];
  return plate(
    obs,
    seat,
    h(
      "div",
      { class: "ct-stats" },
      stat("score", obs.scores[seat], { className: "big" }),
      playing ? stat("tricks", obs.tricks_won[seat]) : null,
      playing ? stat("points", obs.points[seat]) : null,
    ),
    seat === obs.seat || !active ? null : backs(obs.hand_sizes[seat]),
    shown.length && seat !== obs.seat ? h("div", { class: "mu-shown", title: "face up", dataset: { faceUp: shown.join(" ") } }, shown.map(chip)) : null,
    roles.length ? h("div", { class: "ct-badges" }, roles) : null,
  );
}

function centre(obs, before) {
  if (obs.phase === "auction") return auctionLog(obs);
  if (obs.phase === "tricks" || obs.phase === "over") {
    const idle = obs.over ? "" : `${seatName(obs, obs.to_act)} to lead`;
    return trickCentre(obs, before, { deck: DECK, idle });
  }
  const who = obs.phase === "vice_trump" ? "The Vice" : "The Chief";
  return h("p", { class: "ct-note mu-waiting" }, `${who} (${seatName(obs, obs.to_act)}) chooses…`);
}

/** The auction's state in one line, above the table where no seat's panel can cover it. */
function auctionLine(obs) {
  const auction = obs.auction;
  return h("p", { class: "ct-note mu-auction-line" }, `Most cards shown: ${auction.highest} · ${auction.passes} of ${obs.active.length} passes in a row end the auction`);
}

/** The auction so far: the latest turns (the counts are in ``auctionLine``). */
function auctionLog(obs) {
  const auction = obs.auction;
  const turns = auction.turns.slice(-8).map((turn) =>
    h(
      "li",
      { class: turn.pass ? "pass" : "bid" },
      h("b", {}, seatName(obs, turn.seat)),
      turn.seat === obs.seat ? (turn.pass ? " pass" : " show ") : turn.pass ? " passes" : " shows ",
      turn.pass ? null : [turn.shown.map(chip), turn.done ? null : " …"],
    ),
  );
  return h(
    "div",
    { class: "mu-auction" },
    turns.length ? h("ol", { class: "mu-turns" }, turns) : h("p", { class: "ct-note" }, "No bid yet."),
  );
}

// -- the viewer's part ---------------------------------------------------------------------------

function yourTurn(obs, moves) {
  if (obs.phase === "auction") {
    const room = obs.auction.limit - obs.auction.counts[obs.seat];
    if (moves.includes("done")) return room > 0 ? `Show more cards (up to ${room} more) or press Done.` : "Press Done to end your bid.";
    return `Your bid: click cards to show them (up to ${room}), or pass.`;
  }
  if (obs.phase === "vice_trump") return "You are Vice: name a trump from your face-up cards.";
  if (obs.phase === "chief_trump") return "You are Chief: name your trump (it ranks above the Vice's), or none.";
  if (obs.phase === "partner") return "Name your partner.";
  return obs.trick.length ? "Your turn: play a card." : "Your turn: lead a card.";
}

function othersTurn(obs) {
  return obs.to_act === null ? "" : `${seatName(obs, obs.to_act)} to play.`;
}

/** Pass and Done in the auction, trump and partner buttons when naming them. */
function actions(obs, moves, pick) {
  if (!moves.length) return null;
  let buttons = [];
  if (obs.phase === "auction") {
    buttons = [moveButton("pass", "Pass", pick, moves, { className: "quiet" }), moveButton("done", "Done", pick, moves)];
  } else if (obs.phase === "vice_trump" || obs.phase === "chief_trump") {
    buttons = moves.filter((m) => m.startsWith("trump ")).map((move) => trumpButton(move, pick, moves));
  } else if (obs.phase === "partner") {
    buttons = moves.filter((m) => m.startsWith("partner ")).map((move) => moveButton(move, `Partner: ${seatName(obs, Number(move.split(" ")[1]))}`, pick, moves));
  }
  return buttons.length ? h("div", { class: "ct-actions mu-actions" }, buttons) : null;
}

function trumpButton(move, pick, moves) {
  const name = move.split(" ")[1];
  let label;
  if (name === "none") label = [h("span", { class: "mu-chip none" }, "–"), " No trump"];
  else if (COLOUR_NAMES[name]) label = [h("span", { class: `mu-chip c-${name}` }, name), ` Every ${COLOUR_NAMES[name]} card`];
  else label = [h("span", { class: "mu-chip number" }, name), ` Every ${name}`];
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
    marks: (code, index) => (shownAt[index] ? badge("shown", { className: "good" }) : null),
  });
}

// -- trumps, target, score sheet -------------------------------------------------------------------

function chip(code) {
  return h("span", { class: `mu-chip c-${code[0]}`, title: code }, code[1]);
}

function trumpChip(name) {
  if (name === null) return h("span", { class: "mu-chip empty" }, "?");
  if (name === "none") return h("span", { class: "mu-chip none" }, "–");
  return COLOUR_NAMES[name] ? h("span", { class: `mu-chip c-${name}` }, name) : h("span", { class: "mu-chip number" }, name);
}

function trumpWords(name) {
  if (name === null) return "not named yet";
  if (name === "none") return "no trump";
  return COLOUR_NAMES[name] ? `${COLOUR_NAMES[name]}` : `every ${name}`;
}

function trumpPanel(obs) {
  if (obs.chief === null) return null;
  const order = obs.trump_order.map((group, index) => [index ? h("span", { class: "mu-gt" }, ">") : null, h("span", { class: "mu-group" }, group.map(chip))]);
  const hasVice = obs.vice !== null;
  return h(
    "section",
    { class: "ct-panel mu-trumps" },
    h("h3", { class: "ct-label" }, "Trumps"),
    h(
      "div",
      { class: "mu-trump-line" },
      h("span", {}, "Chief ", trumpChip(obs.chief_trump), " ", trumpWords(obs.chief_trump)),
      hasVice ? h("span", {}, "Vice ", trumpChip(obs.vice_trump), " ", trumpWords(obs.vice_trump)) : h("span", { class: "quiet" }, "no Vice"),
    ),
    order.length
      ? h("div", { class: "mu-order", "aria-label": "trump order, strongest first" }, order)
      : obs.phase === "tricks"
        ? h("p", { class: "ct-note" }, "No trumps: the highest card of the led colour wins.")
        : null,
  );
}

function targetPanel(obs) {
  if (obs.target === null) return null;
  const team = [obs.chief, obs.partner].filter((s) => s !== null);
  const have = team.reduce((sum, s) => sum + obs.points[s], 0);
  const who = team.map((s) => seatName(obs, s)).join(" + ");
  const partnerNote = obs.partner === null && obs.active.length > 3 ? " (partner not named yet)" : "";
  const meter = h("div", { class: "mu-meter" }, h("span", {}));
  meter.firstChild.style.setProperty("width", `${Math.min(100, Math.round((100 * have) / obs.target))}%`);
  return h(
    "section",
    { class: "ct-panel mu-target" },
    h("h3", { class: "ct-label" }, "Target"),
    h("p", {}, `${who}${partnerNote} need `, h("b", {}, String(obs.target)), ` card points for a bid of ${obs.bid}: `, h("b", {}, String(have)), " so far"),
    meter,
  );
}

/** A score sheet line's outcome, in words. */
function outcome(obs, line) {
  if (line.outcome === "void") return "void: everyone passed";
  if (line.outcome === "eclat") return `éclat at ${line.bid} (${line.tied.map((s) => seatName(obs, s)).join(", ")}); ${seatName(obs, line.latecomer)} late`;
  const team = [line.chief, line.partner].filter((s) => s !== null).map((s) => seatName(obs, s)).join(" + ");
  return `${line.outcome === "made" ? "made" : "failed"}: ${team} took ${line.team_points} of ${line.target} (bid ${line.bid}, trump ${line.chief_trump})`;
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
    h("thead", {}, h("tr", {}, h("th", {}, "Hand"), h("th", {}, "Outcome"), seats.map((s) => h("th", {}, seatName(obs, s))))),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("td", {}), h("td", {}, "Total"), seats.map((s) => h("td", {}, String(obs.scores[s]))))),
  );
  const last = obs.sheet[obs.sheet.length - 1];
  return review(el, "score-sheet", `Score sheet · hand ${last.hand}: ${outcome(obs, last)}`, table);
}

// The replay page (/replays/tables/<id>, /replays/uploads/<id>, or /replays/shared/<key> for a record its
// uploader shares): a finished game or an uploaded record, stepped through move by move. Each step's frame comes from the server (every seat's observation and the
// public view, made by replaying the record): the board draws it with the game's own picture from the
// chosen seat (or the public view), and "Every hand" shows what each seat held. Arrow keys step too.
// Beside the board, the game log from the chosen seat (gamelog.js), split by deals and results as at the
// table; a line jumps to its step. Players are called by their names, as at the table (names.js).

import { api, header, notice, pageTitle, requireUser } from "./api.js";
import { GAME_PACKS, cardSvg } from "./cards.js";
import { h, replace } from "./dom.js";
import { endedWords } from "./endings.js";
import { formatList, t } from "./i18n.js";
import * as generic from "./games/generic.js";
import { rendererFor } from "./games/index.js";
import { mountReview } from "./review.js";
import { markStep, replayLog } from "./gamelog.js";
import { gameTitles, nameOf, namesOfLabels, seatWord, setNames, titleOf } from "./names.js";

const [, , kind, id] = location.pathname.split("/"); // /replays/<tables|uploads|shared>/<id or key>
const ref = kind === "shared" ? encodeURIComponent(id) : Number(id);
const base = `/replays/${kind}/${ref}`;
const board = document.querySelector("#board");
const slider = document.querySelector("#step");
const stepText = document.querySelector("#step-text");
const logEl = document.querySelector("#log");
const viewersEl = document.querySelector("#viewers");
const handsEl = document.querySelector("#all-hands");

let replay = null;
let renderer = generic;
let step = 0;
let viewer = 0; // a seat, or null for the public view
let frame = null;
let asking = 0;
let titles = new Map(); // the games' names as players write them (names.js)

async function show(wanted) {
  step = Math.max(0, Math.min(replay.steps.length - 1, wanted));
  slider.value = String(step);
  const ticket = ++asking;
  const answer = await api(`${base}/steps/${step}`).catch((error) => notice(error.message));
  if (!answer || ticket !== asking) return; // a later step was asked for meanwhile
  frame = answer;
  document.body.dataset.step = String(step);
  draw();
}

function label(seat) {
  return `${seatWord(seat)} (${nameOf(seat)})`;
}

/** Mark the step in the log, and say it above the board in the log's words ("easy bot plays 9♠", not the
 * notation "9S"): until the log is loaded, the step's number alone. */
function markLog() {
  markStep(logEl, step);
  const last = replay.steps.length - 1;
  const move = logEl.querySelector(`.log-lines li.log-move[data-step="${step}"]`);
  if (step === 0) stepText.textContent = t("Step 0 of {last}: the deal", { last });
  else if (move) stepText.textContent = t("Step {step} of {last}: {move}", { step, last, move: move.textContent });
  else stepText.textContent = t("Step {step} of {last}", { step, last });
}

function draw() {
  markLog();
  for (const button of viewersEl.children) button.setAttribute("aria-pressed", String(button.dataset.viewer === String(viewer)));
  renderer.render(viewer === null ? frame.public : frame.views[viewer], board, []);
  drawHands();
}

/** The observation's private fields in words (another field by its name). */
const PRIVATE = { hand: () => t("hand"), setup_hand: () => t("setup draw"), drawn: () => t("card drawn"), layouts: () => t("layouts") };

/** What each seat sees that the public view does not: its hand, mostly. */
function drawHands() {
  const deck = GAME_PACKS[replay.game];
  const rows = frame.views.map((view, seat) => {
    const own = Object.keys(view).filter((key) => key !== "seat" && JSON.stringify(view[key]) !== JSON.stringify(frame.public[key]));
    return h(
      "div",
      { class: "seat-hand", dataset: { seat: String(seat) } },
      h("b", {}, label(seat)),
      own.length
        ? own.map((key) => h("div", { class: "private" }, h("small", { class: "quiet" }, PRIVATE[key]?.() ?? key.replaceAll("_", " ")), cards(view[key], deck)))
        : h("span", { class: "quiet" }, " ", t("nothing hidden")),
    );
  });
  replace(handsEl, h("h3", {}, t("Every hand")), rows);
}

function cards(value, deck) {
  const items = Array.isArray(value) ? value : [value];
  const codes = items.map((item) => (typeof item === "string" ? [item, null] : item && typeof item === "object" && typeof item.card === "string" ? [item.card, item.ability ?? null] : null));
  if (codes.some((code) => code === null)) return h("span", {}, " ", generic.text(value));
  if (!codes.length) return h("span", { class: "quiet" }, " ", t("none"));
  return h("div", { class: "cards" }, codes.map(([code, ability]) => h("span", { dataset: { card: code } }, cardSvg(code, { deck, ability, small: true }))));
}

function drawFrame() {
  const game = titleOf(titles, replay.game);
  if (kind === "tables") {
    pageTitle(t("Replay of table {table} · cardtable", { table: ref }));
    replace(document.querySelector("#replay-title"), t("{game} · replay of table {table}", { game, table: ref }));
  } else if (kind === "uploads") {
    pageTitle(t("Replay of uploaded record {upload} · cardtable", { upload: ref }));
    replace(document.querySelector("#replay-title"), t("{game} · replay of uploaded record {upload}", { game, upload: ref }));
  } else {
    pageTitle(t("Replay of a shared record · cardtable"));
    replace(document.querySelector("#replay-title"), t("{game} · replay of a shared record", { game }));
  }
  const winners = replay.result?.winners ?? null;
  replace(
    document.querySelector("#replay-players"),
    replay.players.map((_, seat) => `${seatWord(seat)}: ${nameOf(seat)}`).join(" · "),
    " · ",
    replay.ended ? endedWords(replay.ended) : winners === null ? t("unfinished") : winners.length ? t("won by {names}", { names: formatList(winners.map((s) => nameOf(s))) }) : t("nobody won"),
  );
  slider.max = String(replay.steps.length - 1);
  const choices = [...replay.players.map((_, seat) => [String(seat), label(seat)]), ["null", t("Public view")]];
  replace(
    viewersEl,
    choices.map(([key, text]) =>
      h("button", { type: "button", dataset: { viewer: key }, "aria-pressed": "false", onclick: () => choose(key === "null" ? null : Number(key)) }, text),
    ),
  );
  const download = document.querySelector("#download");
  download.href = kind === "tables" ? `/api/tables/${ref}/record` : `/api${base}/record`;
  download.setAttribute("download", `${replay.game}-${kind}-${ref}.json`);
}

/** See the game from another seat (or the public view): the board and the log as that seat saw them. */
async function choose(seat) {
  viewer = seat;
  draw();
  await replayLog(logEl, base, viewer, show).catch((error) => notice(error.message));
  markLog();
}

document.querySelector("#first").addEventListener("click", () => show(0));
document.querySelector("#back").addEventListener("click", () => show(step - 1));
document.querySelector("#next").addEventListener("click", () => show(step + 1));
document.querySelector("#last").addEventListener("click", () => show(replay.steps.length - 1));
slider.addEventListener("input", () => show(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement) return; // the slider steps by itself
  if (event.key === "ArrowRight") show(step + 1);
  else if (event.key === "ArrowLeft") show(step - 1);
});

header(await requireUser());
try {
  replay = await api(base);
  setNames(namesOfLabels(replay.players));
  renderer = await rendererFor(replay.game).catch(() => generic);
  titles = await gameTitles(api).catch(() => titles);
  drawFrame();
  mountReview({ base, replay, label, open: (wanted, seat) => ((viewer = seat), show(wanted).then(() => board.scrollIntoView({ block: "center" }))) });
  await show(0);
  await replayLog(logEl, base, viewer, show);
  markLog();
} catch (error) {
  notice(error.message);
}

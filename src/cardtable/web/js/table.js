// The table page: one websocket to the server, the seats, the game drawn by its renderer (or by the
// generic one with ?view=generic), moves sent back with the version they answer, and the result with a
// link to the record once the game is over.
// Around the game: the clocks (clock.js), the table chat (chat.js), "why can't I play this?" (hints.js;
// its answer floats just above the hand, an error at the foot of the window: seen wherever the page is
// scrolled, never pushing the table down), stepping away and taking the seat back, and, once the game is over, the replay and
// the rating changes.
// The body carries data-status and data-version of the state shown, for people's styles and for tests.
// "Undo" takes back the last step of one's turn in progress while the server holds such steps for one's
// seat alone (`held` in the table message: services/held.py); the log tells a turn once it is final.
// Players are called by their names everywhere (names.js); the game log (gamelog.js) follows the table.
// Leaving while the game runs and one plays a seat (closing or reloading the page) is warned about first:
// the stand-in bot then finishes the game for them and it is rated; the result says who left.

import { api, header, notice, pageTitle, refreshInvitations, refreshTurns, requireUser } from "./api.js";
import { GAME_PACKS } from "./cards.js";
import { chatPanel } from "./chat.js";
import { showClocks } from "./clock.js";
import { h, replace } from "./dom.js";
import { askWhyOnBlockedCards, hintText } from "./hints.js";
import * as generic from "./games/generic.js";
import { rendererFor } from "./games/index.js";
import { profileLink } from "./players.js";
import { tableLog } from "./gamelog.js";
import { formatList, formatNumber, t } from "./i18n.js";
import { botName, gameList, gameTitles, nameOf, namesOfSeats, seatWord, setNames, titleOf } from "./names.js";
import { resultTable, leftNote } from "./results.js";
import { TRICK_PAUSES, setTrickPause, trickPause } from "./prefs.js";
import { drawSheet } from "./sheet.js";
import { showMinimum } from "./reputation.js";
import { chatNotices } from "./notify.js";
import { drawTableMenu, endNote } from "./endings.js";

const tableId = Number(location.pathname.split("/").pop());
const board = document.querySelector("#board");
const seatsEl = document.querySelector("#seats");
const statusEl = document.querySelector("#status");
const resultEl = document.querySelector("#result");
const connectionEl = document.querySelector("#connection");
const viewLink = document.querySelector("#view-toggle");
const seatControl = document.querySelector("#seat-control");
const undoButton = document.querySelector("#undo");
const tableMenu = document.querySelector("#table-menu");
const CHAT_MAX = 200;
const plainView = new URLSearchParams(location.search).get("view") === "generic";
let gameTitle = new Map(); // the games' names as players write them (names.js)
let trickGames = new Set(); // the games played in tricks (GET /api/games): they offer the trick pause

let user = null;
let current = null;
let shown = null; // the observation drawn last
let renderer = null;
let socket = null;
let retryDelay = 500;
let pending = false;
let inbox = Promise.resolve(); // messages are handled one after another, in order

board.addEventListener("move", (event) => send(event.detail));
undoButton.addEventListener("click", () => send(null));
board.addEventListener("resort", () => current && draw(current));
const noticeEl = document.querySelector("#notice");
let asked = null; // the card (or the hand) whose "why?" was asked last: its answer floats above it
askWhyOnBlockedCards(board, (card, pressed) => {
  asked = pressed?.closest(".ct-hand") ?? pressed ?? null;
  sendMessage({ type: "why", table: tableId, move: card });
});
// the notice floats over the page (style.css) and lets taps through: the next tap anywhere closes it
document.addEventListener("pointerdown", () => noticeEl.textContent && notice(""), { capture: true });
const sheetEl = document.querySelector("#score-sheet");
let sheetRows = [];
const followLog = tableLog(document.querySelector("#log"), tableId, (rows) => {
  sheetRows = rows;
  drawSheet(sheetEl, shown, sheetRows, renderer);
});
const addChat = chatPanel(document.querySelector("#chat"), (text) => sendMessage({ type: "chat", table: tableId, text }), CHAT_MAX);

/** Send a message other than a move; false when there is no connection. */
function sendMessage(body) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(body));
  return true;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retryDelay = 500;
    connectionEl.textContent = t("connected");
    socket.send(JSON.stringify({ type: "watch", table: tableId }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    inbox = inbox.then(() => receive(message));
  });
  socket.addEventListener("close", (event) => {
    pending = false;
    if (event.code === 1008) {
      connectionEl.textContent = t("closed");
      warn(event.reason || t("the server closed the connection"));
      return;
    }
    connectionEl.textContent = t("reconnecting…");
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 8000);
  });
}

async function receive(message) {
  if (message.type === "error") {
    pending = false;
    board.classList.remove("waiting");
    warn(message.detail);
    return;
  }
  if (message.table !== tableId) return;
  if (message.type === "chat") {
    addChat(message.lines);
    const seated = current?.seats.some((s) => s.user_id === user.id);
    if (!message.history) chatNotices(user, tableId, message.lines, seated);
    return;
  }
  if (message.type === "hint") {
    notice(hintText(message, GAME_PACKS[current?.game]), "hint");
    floatAbove(asked);
    return;
  }
  if (message.type !== "table") return;
  // ordered by the stored version: steps of one's own turn in progress (`held`, shown to oneself alone
  // until they are final) count on top of it, and taking one back lowers the version shown
  if (current && message.version - message.held < current.version - current.held) return;
  const wasOpen = current?.status === "open";
  current = message;
  pending = false;
  notice("");
  refreshTurns(); // "Your turn at N tables" follows the table (api.js)
  if (wasOpen || message.status === "open") refreshInvitations(); // and "Invited to", while seats change
  renderer ??= await loadRenderer(message.game);
  const before = shown;
  shown = message.observation;
  draw(message);
  drawSheet(sheetEl, shown, sheetRows, renderer);
  // the log tells a turn's steps once they are final: while some are held it follows the stored version
  // (a page opened mid-turn still shows the game so far)
  followLog(message.held ? { ...message, version: message.version - message.held } : message);
  if (trickJustTaken(before, shown)) await holdTrick();
}

/** Show an error in the notice, at the window's foot. */
function warn(text) {
  notice(text);
  floatAbove(null);
}

/** Float the notice just above ``anchor`` (over the turn prompt, for the hand), where the player is
 * looking, when there is room for it in the window; else at the window's foot (style.css). */
function floatAbove(anchor) {
  noticeEl.style.bottom = "";
  const top = anchor?.isConnected ? anchor.getBoundingClientRect().top : null;
  if (top !== null && top <= innerHeight && top - noticeEl.offsetHeight - 6 >= 0) noticeEl.style.bottom = `${innerHeight - top + 6}px`;
}

/** True when the picture now shows a trick just completed (the next card is not led yet). */
function trickJustTaken(before, obs) {
  if (!before || !obs || !Array.isArray(obs.trick) || obs.trick.length || !obs.last_trick) return false;
  return JSON.stringify(obs.last_trick) !== JSON.stringify(before.last_trick);
}

/** Keep a finished trick on the table for the chosen pause, or until a click or a key goes on. */
function holdTrick() {
  const ms = trickPause();
  if (!ms) return Promise.resolve();
  board.classList.add("trick-pause");
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      board.removeEventListener("pointerdown", done);
      document.removeEventListener("keydown", done);
      board.classList.remove("trick-pause");
      resolve();
    };
    const timer = setTimeout(done, ms);
    board.addEventListener("pointerdown", done);
    document.addEventListener("keydown", done);
  });
}

/** The trick pause chooser below the board (kept per browser), offered in games played in tricks only:
 * the server says which those are (GET /api/games, each game's `tricks`). */
function drawPauseChoice(game) {
  const prefs = document.querySelector("#table-prefs");
  if (prefs.dataset.game === game) return;
  prefs.dataset.game = game;
  prefs.hidden = !trickGames.has(game);
  if (prefs.hidden) return replace(prefs);
  const select = h(
    "select",
    { id: "trick-pause", onchange: (event) => setTrickPause(Number(event.target.value)) },
    [...new Set([...TRICK_PAUSES, trickPause()])]  // a pause chosen on /settings is offered too
      .sort((a, b) => a - b)
      .map((ms) => h("option", { value: String(ms), selected: ms === trickPause() }, ms ? t("{seconds} s", { seconds: formatNumber(ms / 1000) }) : t("none"))),
  );
  replace(prefs, h("label", { for: "trick-pause" }, t("A finished trick stays for"), " "), select, " ", t("(a click goes on at once)"));
}

/** The game's picture, or the generic table when asked for (?view=generic) or when the picture fails to
 * load: a broken picture must never make a game unplayable. */
async function loadRenderer(game) {
  if (plainView) return generic;
  try {
    return await rendererFor(game);
  } catch (error) {
    console.warn(`the picture of ${game} did not load; showing the plain table`, error);
    return generic;
  }
}

/** Send a move, or with `move` null take back the last step of one's turn in progress ("undo"). */
function send(move) {
  if (!current || pending || !socket || socket.readyState !== WebSocket.OPEN) return;
  pending = true;
  board.classList.add("waiting");
  const body = move === null ? { type: "undo" } : { type: "move", move };
  socket.send(JSON.stringify({ ...body, table: tableId, version: current.version }));
}

/** While a real-time game runs at a seat one plays oneself, leaving the page lets the stand-in bot finish
 * it. At a turn-based table leaving is normal: the seat waits for its player's next visit. */
function playingMySeat() {
  const mine = current?.seats.find((s) => s.user_id === user.id);
  return Boolean(current && mine && current.status === "playing" && !mine.away && !current.turn_based);
}

window.addEventListener("beforeunload", (event) => {
  if (!playingMySeat()) return;
  event.preventDefault();
  event.returnValue = t("If you leave, a bot finishes this game for you, and the game is rated.");
});

function draw(message) {
  pageTitle(t("{game} · table {table} · cardtable", { game: titleOf(gameTitle, message.game), table: tableId }));
  drawPauseChoice(message.game);
  document.body.dataset.status = message.status;
  document.body.dataset.version = String(message.version);
  board.classList.remove("waiting");
  const mine = message.seats.find((s) => s.user_id === user.id);
  setNames(namesOfSeats(message.seats));
  replace(
    seatsEl,
    message.seats.map((seat) =>
      h(
        "li",
        { class: ["seat", seat.kind, seat.seat === message.to_act ? "to-act" : "", mine === seat ? "mine" : ""].join(" ") },
        h("span", { class: "seat-number" }, seatWord(seat.seat)),
        h("span", { class: "seat-name" }, profileLink(seat.username, nameOf(seat.seat))),
        seat.guest ? h("span", { class: "tag quiet" }, t("guest")) : null,
        mine === seat ? h("span", { class: "tag" }, t("you")) : null,
        seat.seat === message.to_act ? h("span", { class: "tag turn" }, t("to play")) : null,
        seat.away ? h("span", { class: "tag away", title: awayText(seat.away) }, t("bot plays")) : null,
        h("span", { class: "clock", dataset: { clockSeat: String(seat.seat) } }),
      ),
    ),
  );
  showClocks(message, seatsEl);
  drawSeatControl(message, mine);
  undoButton.hidden = !(message.status === "playing" && message.held > 0);
  drawTableMenu(tableMenu, message, mine, tableId, warn);
  document.querySelector("#friendly").hidden = message.rated !== false;
  resultEl.hidden = message.status !== "over";
  if (message.status === "open") {
    statusEl.textContent = t("{game}: waiting for players. The game starts when every seat is taken.", { game: titleOf(gameTitle, message.game) });
    replace(board, lobbyActions(message, mine));
    return;
  }
  if (message.status === "playing") {
    const name = nameOf(message.to_act);
    const turn = message.moves.length ? t("Your turn.") : t("{name} to play.", { name });
    statusEl.textContent = mine ? turn : t("Watching. {name} to play.", { name });
  } else {
    statusEl.textContent = t("Game over.");
    drawResult(message);
  }
  renderer.render(message.observation, board, message.moves);
}

function awayText(reason) {
  return reason === "time" ? t("out of time: a bot plays this seat to the end") : t("away: a bot plays this seat for now");
}

/** For a seated person while the game runs: let a bot play for them, or take their seat back. */
function drawSeatControl(message, mine) {
  seatControl.hidden = !mine || message.status !== "playing";
  if (seatControl.hidden) return;
  // drawn again only when it changes: a button remade at every update (a stand-in playing fast) would slip
  // away from under the click that was meant for it
  const state = mine.away || "here";
  if (seatControl.dataset.state === state) return;
  seatControl.dataset.state = state;
  if (mine.away === "time") {
    replace(seatControl, t("Your time has run out: a bot plays your seat to the end of the game."));
  } else if (mine.away) {
    replace(
      seatControl,
      t("A bot is playing your seat since you were away."),
      " ",
      h("button", { type: "button", class: "primary", id: "take-back", onclick: () => sendControl("back") }, t("Take my seat back")),
    );
  } else {
    replace(seatControl, h("button", { type: "button", class: "link", id: "step-away", onclick: () => sendControl("away") }, t("Step away (a bot plays for you until you come back)")));
  }
}

function sendControl(type) {
  if (!sendMessage({ type, table: tableId })) warn(t("not connected: try again in a moment"));
}

function lobbyActions(message, mine) {
  const act = (path) => async () => {
    try {
      await api(`/tables/${tableId}/${path}`, { method: "POST" });
    } catch (error) {
      warn(error.message);
    }
  };
  const free = message.seats.some((s) => s.kind === "open" || (s.kind === "invited" && s.name === user.username));
  return h(
    "div",
    { class: "lobby-actions" },
    mine ? h("button", { type: "button", onclick: act("leave") }, t("Leave this table")) : null,
    !mine && free ? h("button", { type: "button", class: "primary", onclick: act("join") }, t("Sit down")) : null,
  );
}

function drawResult(message) {
  const winners = (message.result?.winners ?? []).map((s) => nameOf(s));
  replace(
    resultEl,
    h("h2", {}, t("Game over")),
    h("p", { id: "winners" }, winners.length ? t("Won by {names}.", { names: formatList(winners) }) : t("Nobody won.")),
    endNote(message),
    leftNote(message),
    resultTable(message),
    h(
      "p",
      {},
      h("a", { id: "replay-link", href: `/replays/tables/${tableId}` }, t("Replay the game")),
      " · ",
      h("a", { id: "record-link", href: `/api/tables/${tableId}/record`, download: `table-${tableId}.json` }, t("Game record (JSON)")),
      " · ",
      h("a", { href: "/" }, t("Back to the lobby")),
    ),
    h("p", { id: "rating-changes", class: "quiet" }),
  );
  showRatingChanges(message.game);
}

/** What the game did to the players' Elo ratings (nothing for an unrated game). */
async function showRatingChanges(game) {
  const changes = await api(`/tables/${tableId}/ratings`).catch(() => []);
  const line = document.querySelector("#rating-changes");
  if (!line || !changes.length) return;
  const words = changes.map((c) => {
    const delta = c.after - c.before;
    return `${c.kind === "bot" ? botName(c.name) : c.name} ${formatNumber(c.after)} (${delta >= 0 ? "+" : "−"}${formatNumber(Math.abs(delta))})`;
  });
  replace(line, t("Ratings: {changes}", { changes: words.join(", ") }), " · ", h("a", { href: `/leaderboards/${game}` }, t("leaderboard")));
}

viewLink.href = plainView ? location.pathname : `${location.pathname}?view=generic`;
viewLink.textContent = plainView ? t("picture view") : t("plain view");
user = await requireUser();
header(user);
gameTitle = await gameTitles(api).catch(() => gameTitle);
trickGames = new Set((await gameList(api).catch(() => [])).filter((g) => g.tricks).map((g) => g.name));
connect();
showMinimum(document.querySelector("#reputation-minimum"), tableId); // "reputation 80+": set at creation

// The table page: one websocket to the server, the seats, the game drawn by its renderer (or by the
// generic one with ?view=generic), moves sent back with the version they answer, and the result with a
// link to the record once the game is over.

import { api, header, notice, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import * as generic from "./games/generic.js";
import { rendererFor } from "./games/index.js";

const tableId = Number(location.pathname.split("/").pop());
const board = document.querySelector("#board");
const seatsEl = document.querySelector("#seats");
const statusEl = document.querySelector("#status");
const resultEl = document.querySelector("#result");
const connectionEl = document.querySelector("#connection");
const viewLink = document.querySelector("#view-toggle");
const plainView = new URLSearchParams(location.search).get("view") === "generic";

let user = null;
let current = null;
let renderer = null;
let socket = null;
let retryDelay = 500;
let pending = false;
let inbox = Promise.resolve(); // messages are handled one after another, in order

board.addEventListener("move", (event) => send(event.detail));

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retryDelay = 500;
    connectionEl.textContent = "connected";
    socket.send(JSON.stringify({ type: "watch", table: tableId }));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    inbox = inbox.then(() => receive(message));
  });
  socket.addEventListener("close", (event) => {
    pending = false;
    if (event.code === 1008) {
      connectionEl.textContent = "closed";
      notice(event.reason || "the server closed the connection");
      return;
    }
    connectionEl.textContent = "reconnecting…";
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 8000);
  });
}

async function receive(message) {
  if (message.type === "error") {
    pending = false;
    board.classList.remove("waiting");
    notice(message.detail);
    return;
  }
  if (message.type !== "table" || message.table !== tableId) return;
  if (current && message.version < current.version) return;
  current = message;
  pending = false;
  notice("");
  renderer ??= await loadRenderer(message.game);
  draw(message);
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

function send(move) {
  if (!current || pending || !socket || socket.readyState !== WebSocket.OPEN) return;
  pending = true;
  board.classList.add("waiting");
  socket.send(JSON.stringify({ type: "move", table: tableId, version: current.version, move }));
}

function seatName(seat) {
  if (seat.kind === "bot") return `${seat.name} bot`;
  if (seat.kind === "player") return seat.guest ? `${seat.name} (guest)` : seat.name;
  if (seat.kind === "invited") return `kept for ${seat.name}`;
  return "open seat";
}

function draw(message) {
  document.title = `${message.game} · table ${tableId} · cardtable`;
  document.body.dataset.status = message.status;
  board.classList.remove("waiting");
  const mine = message.seats.find((s) => s.user_id === user.id);
  replace(
    seatsEl,
    message.seats.map((seat) =>
      h(
        "li",
        { class: ["seat", seat.kind, seat.seat === message.to_act ? "to-act" : "", mine === seat ? "mine" : ""].join(" ") },
        h("span", { class: "seat-number" }, `Seat ${seat.seat}`),
        h("span", { class: "seat-name" }, seatName(seat)),
        mine === seat ? h("span", { class: "tag" }, "you") : null,
        seat.seat === message.to_act ? h("span", { class: "tag turn" }, "to play") : null,
      ),
    ),
  );
  resultEl.hidden = message.status !== "over";
  if (message.status === "open") {
    statusEl.textContent = "Waiting for players: the game starts when every seat is taken.";
    replace(board, lobbyActions(message, mine));
    return;
  }
  if (message.status === "playing") {
    const turn = message.moves.length ? "Your turn." : `Seat ${message.to_act} to play.`;
    statusEl.textContent = mine ? turn : `Watching. Seat ${message.to_act} to play.`;
  } else {
    statusEl.textContent = "Game over.";
    drawResult(message);
  }
  renderer.render(message.observation, board, message.moves);
}

function lobbyActions(message, mine) {
  const act = (path) => async () => {
    try {
      await api(`/tables/${tableId}/${path}`, { method: "POST" });
    } catch (error) {
      notice(error.message);
    }
  };
  const free = message.seats.some((s) => s.kind === "open" || (s.kind === "invited" && s.name === user.username));
  return h(
    "div",
    { class: "lobby-actions" },
    mine ? h("button", { type: "button", onclick: act("leave") }, "Leave this table") : null,
    !mine && free ? h("button", { type: "button", class: "primary", onclick: act("join") }, "Sit down") : null,
  );
}

function drawResult(message) {
  const result = message.result ?? {};
  const names = message.seats.map((s) => seatName(s));
  const winners = (result.winners ?? []).map((s) => names[s]);
  const rows = message.seats.map((seat) =>
    h(
      "tr",
      { class: (result.winners ?? []).includes(seat.seat) ? "winner" : "" },
      h("td", {}, `Seat ${seat.seat}`),
      h("td", {}, names[seat.seat]),
      h("td", {}, result.scores ? String(result.scores[seat.seat]) : ""),
    ),
  );
  replace(
    resultEl,
    h("h2", {}, "Game over"),
    h("p", { id: "winners" }, winners.length ? `Won by ${winners.join(" and ")}.` : "Nobody won."),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Seat"), h("th", {}, "Player"), h("th", {}, result.scores ? "Score" : ""))), h("tbody", {}, rows)),
    h(
      "p",
      {},
      h("a", { id: "record-link", href: `/api/tables/${tableId}/record`, download: `table-${tableId}.json` }, "Game record (JSON)"),
      " · ",
      h("a", { href: "/" }, "Back to the lobby"),
    ),
  );
}

viewLink.href = plainView ? location.pathname : `${location.pathname}?view=generic`;
viewLink.textContent = plainView ? "picture view" : "plain view";
user = await requireUser();
header(user);
connect();

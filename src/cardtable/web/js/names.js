// The players' names, the same in every part of a page: the seat list, the table's picture, the turn
// prompt, the result and the log. A bot is called by its level ("easy bot"); two seats of one name get
// their seat number added ("easy bot (seat 2)"), as the server's game log does (services/logs.py).

let names = [];

/** The name of each seat of a table message's `seats` (open seats: "open seat"). */
export function namesOfSeats(seats) {
  const plain = seats.map((seat) => {
    if (seat.kind === "bot") return `${seat.name} bot`;
    if (seat.kind === "player") return seat.name;
    if (seat.kind === "invited") return `kept for ${seat.name}`;
    return "open seat";
  });
  return distinct(plain);
}

/** Names from a record's player labels ("bot:easy" is "easy bot"). */
export function namesOfLabels(labels) {
  return distinct(labels.map((label) => (label.startsWith("bot:") ? `${label.slice(4)} bot` : label)));
}

function distinct(plain) {
  return plain.map((name, seat) => (plain.filter((other) => other === name).length > 1 ? `${name} (seat ${seat})` : name));
}

/** Use these names from now on (the table and the replay pages call this before drawing). */
export function setNames(list) {
  names = [...list];
}

/** A seat's name ("Seat 2" when it has none). */
export function nameOf(seat) {
  return names[seat] ?? `Seat ${seat}`;
}

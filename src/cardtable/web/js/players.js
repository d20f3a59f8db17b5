// Names that lead to a player's profile (/players/<username>), and leaderboards named in words.

import { h } from "./dom.js";

/** A link to the profile of the account `username` showing `text`; plain text for guests and bots. */
export function profileLink(username, text) {
  return username ? h("a", { class: "player-link", href: `/players/${encodeURIComponent(username)}` }, text) : text;
}

/** The leaderboards (GET /api/leaderboards) as a map from key to words: "troeven (version 2)". */
export async function boardLabels(api) {
  const boards = await api("/leaderboards");
  return new Map(boards.map((b) => [b.key, b.label]));
}

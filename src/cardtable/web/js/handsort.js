// The order of a hand of cards: by suit, as the server sends every hand (grouped by suit or colour, in
// the game's own order), or by rank (highest first; equal ranks in that suit order). Ranks are read from
// the codes: the piquet cards of Slobberhannes and Troeven ("QC", "TD") and the colour-and-number cards
// of Mü ("R5", "B0"). A hand of other codes keeps the server's order.

import { PIQUET_RANKS } from "./packs.js";

/** The rank of a card code (higher is higher), or null for a code of no known kind. */
function rank(code) {
  if (/^[789TJQKA][SHDC]$/.test(code)) return PIQUET_RANKS.indexOf(code[0]);
  if (/^[A-Z][0-9]$/.test(code)) return Number(code[1]);
  return null;
}

/** The indexes of ``cards`` in the order to show them ("suit" or "rank"). */
export function sortedIndexes(cards, order) {
  const indexes = cards.map((_, index) => index);
  const ranks = cards.map(rank);
  if (order !== "rank" || ranks.some((value) => value === null)) return indexes;
  const suitOrder = [...new Set(cards.map((code) => code.replace(/[0-9]|^[789TJQKA]/, "")))];
  const suit = (code) => suitOrder.indexOf(code.replace(/[0-9]|^[789TJQKA]/, ""));
  return indexes.sort((a, b) => ranks[b] - ranks[a] || suit(cards[a]) - suit(cards[b]) || a - b);
}

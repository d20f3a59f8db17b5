// The rules help pages (web/rules/<game>.html): every <span data-card="QC" data-deck="piquet"> becomes
// that card, drawn by cards.js as at the table (data-ability adds a railcar's mark, data-small a small
// card). The pages are static HTML; this is their only script.

import { cardSvg } from "./cards.js";

for (const slot of document.querySelectorAll("[data-card]")) {
  const { card, deck, ability, small } = slot.dataset;
  slot.replaceChildren(cardSvg(card, { deck, ability: ability ?? null, small: small !== undefined }));
  slot.classList.add("card-pic");
}

// The renderer of each game's table picture. A renderer module exports
//   render(observation, el, moves)
// which draws the observation into el and offers the move strings the server sent; it never decides what
// is legal. To pick a move it dispatches a "move" CustomEvent (detail: the move string) from el.
// A game without a picture of its own gets the generic table, which works for every game.
// A new game's picture is one module here plus one line in RENDERERS mapping the game's name to a loader
// of its module (a dynamic import of "./<name>.js").

import * as generic from "./generic.js";

const RENDERERS = {
  "cabooses-in-the-corner": () => import("./cabooses_in_the_corner.js"),
  "game-of-trains": () => import("./game_of_trains.js"),
  mue: () => import("./mue.js"),
  slobberhannes: () => import("./slobberhannes.js"),
  troeven: () => import("./troeven.js"),
};

/** The renderer module for a game (the generic one when the game has none). */
export async function rendererFor(game) {
  const load = RENDERERS[game];
  return load ? load() : generic;
}

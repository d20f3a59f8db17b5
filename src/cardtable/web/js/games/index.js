// The renderer of each game's table picture. A renderer module exports
//   render(observation, el, moves)
// which draws the observation into el and offers the move strings the server sent; it never decides what
// is legal. To pick a move it dispatches a "move" CustomEvent (detail: the move string) from el.
// A game's picture is found by its name, as every part of a game is (cardtable's core/registry.py): the
// module here named after the game with dashes as underscores. A new game's picture is that one file;
// a game without one is refused with the file to add, and the pages show it the generic table, which
// works for every game.

/** The renderer module for a game; rejects, naming the file to add, when the game has none. */
export async function rendererFor(game) {
  if (!/^[a-z0-9-]+$/.test(game)) throw new Error(`${JSON.stringify(game)} is not a game's name`);
  const file = `${game.replaceAll("-", "_")}.js`;
  try {
    return await import(`./${file}`);
  } catch (error) {
    throw new Error(`${game} has no table picture that loads: add or mend web/js/games/${file} (${error})`);
  }
}

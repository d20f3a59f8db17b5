// Cards drawn as SVG by this client: no images, no third-party art. A card code of docs/records.md
// becomes a face drawn for its deck (the pack's name, Game.pack):
// - "piquet": French-suited cards ("QC", "TD") with corner indices, pips for 7–10, framed courts;
// - "five-colours": Mü's five colours 0–9 ("R7"), with the triangles printed on the real cards;
// - "cabooses": Cabooses' train cards ("B3"; a 1 is the engine), "P8" the purple caboose, "OB" the broken
//   orange caboose;
// - "trains": Game of Trains' railcars "1"–"84", with the mark of their ability when the caller passes it
//   (the observation says which ability a car has: this module holds no table of them).
// Without a deck, piquet and railcar codes are still recognised; a coloured code ("B3", "P8"), which may be
// Mü's or Cabooses', and any other code become a plain card showing the code (GAME_PACKS gives a game's
// deck). Suits and icons are SVG paths, not font glyphs, so every browser draws the same card.
// What the cards are (names in words, suits, the marks printed on them, each game's pack) is the server's
// packs.js, written from the games: this module only draws.

import { t } from "./i18n.js";
import { GAME_PACKS, PACKS, RANK_LETTERS, SUITS } from "./packs.js";

export { GAME_PACKS };

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 60;
const HEIGHT = 84;

const RED = "#c62828";
const BLACK = "#1c2327";
/** The ink of each suit's cards. */
const INK = { S: BLACK, H: RED, D: RED, C: BLACK };
/** Suit shapes in a 20×20 box. */
const SUIT_PATHS = {
  H: "M10 18.5C10 18.5 1 12.6 1 6.6 1 3.6 3.3 1.5 6 1.5c1.9 0 3.2 1.1 4 2.6.8-1.5 2.1-2.6 4-2.6 2.7 0 5 2.1 5 5.1 0 6-9 11.9-9 11.9Z",
  D: "M10 1 18 10 10 19 2 10Z",
  S: "M10 1C10 1 1 7.6 1 12.6c0 2.7 2.1 4.5 4.6 4.5 1.6 0 2.9-.8 3.6-2C9 17 8.3 18.2 6.8 19h6.4c-1.5-.8-2.2-2-2.4-3.9.7 1.2 2 2 3.6 2 2.5 0 4.6-1.8 4.6-4.5C19 7.6 10 1 10 1Z",
  C: "M6 5.6a4 4 0 1 0 8 0 4 4 0 1 0-8 0ZM1.2 11.4a4 4 0 1 0 8 0 4 4 0 1 0-8 0ZM10.8 11.4a4 4 0 1 0 8 0 4 4 0 1 0-8 0ZM9.1 8.5c0 5.5-1 8.5-2.6 10.5h7c-1.6-2-2.6-5-2.6-10.5Z",
};
/** Pip centres of the number cards (x, y); pips below the middle are drawn upside down. */
const PIPS = {
  7: [[20, 19], [40, 19], [30, 30.5], [20, 42], [40, 42], [20, 65], [40, 65]],
  8: [[20, 19], [40, 19], [30, 30.5], [20, 42], [40, 42], [30, 53.5], [20, 65], [40, 65]],
  9: [[20, 19], [40, 19], [20, 34.3], [40, 34.3], [30, 42], [20, 49.7], [40, 49.7], [20, 65], [40, 65]],
  T: [[20, 19], [40, 19], [30, 26.7], [20, 34.3], [40, 34.3], [20, 49.7], [40, 49.7], [30, 57.3], [20, 65], [40, 65]],
};

const MUE_COLOURS = { R: "#d32f2f", B: "#1e63c4", G: "#2e7d32", Y: "#f2b705", P: "#7b1fa2" };

const TRAIN_COLOURS = { B: ["#1e63c4", "#fff"], R: ["#c62828", "#fff"], W: ["#eef1f3", "#37474f"] };
const CABOOSE = "#6a1b9a";
const BROKEN = "#ef6c00";

/** Game of Trains abilities: badge colour, the drawn mark, and words for people (in the page's language). */
const ABILITIES = {
  SWAP_ADJ: ["#1565c0", "swap", () => t("swap with the next car")],
  SWAP_GAP1: ["#1565c0", "swap2", () => t("swap over one car")],
  MOVE_R2: ["#2e7d32", "right", () => t("move two places right")],
  MOVE_L2: ["#2e7d32", "left", () => t("move two places left")],
  REMOVE_FIRST: ["#c62828", "x1", () => t("every train loses car 1")],
  REMOVE_MIDDLE: ["#c62828", "x4", () => t("every train loses car 4")],
  REMOVE_LAST: ["#c62828", "x7", () => t("every train loses car 7")],
  PROTECT: ["#b8860b", "shield", () => t("protect one of your cars")],
};

/** An SVG element with attributes and, optionally, its text. */
export function svg(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * The deck a code belongs to when the caller does not say: piquet and railcar codes are unambiguous;
 * a coloured code ("B3", "P8") is Mü's or Cabooses', so it gets null and a plain coloured card.
 */
export function deckOf(code) {
  if (/^[AKQJT987][SHDC]$/.test(code)) return "piquet";
  if (/^[1-9][0-9]?$/.test(code) && Number(code) <= 84) return "trains";
  return null;
}

/** How a card is named for people (screen readers, titles): "queen of clubs", "red 7", "car 45". */
export function cardName(code, deck = deckOf(code)) {
  return PACKS[deck]?.words[code] ?? code;
}

/** A card as a sentence on the page writes it: a piquet card in symbols ("Q♣"), any other by its name
 * ("red 7"), as the game log and the rules' reasons say them; a code of no card as it is. */
export function cardText(code, deck = deckOf(code)) {
  return deck === "piquet" && deckOf(code) === "piquet" ? shortName(code) : cardName(code, deck);
}

/** A piquet card as players write it, in the page's language: "Q♣" ("V♣" in Dutch), "10♦" for "TD". */
export function shortName(code) {
  return `${RANK_LETTERS[code[0]]}${SUITS[code[1]].symbol}`;
}

/** The words for a Game of Trains ability, e.g. "swap with the next car". */
export function abilityText(ability) {
  return ABILITIES[ability]?.[2]() ?? "";
}

/** An <svg> card for a code. Options: small, deck (see deckOf), ability (railcars). */
export function cardSvg(code, { small = false, deck = deckOf(code), ability = null } = {}) {
  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: `card${small ? " small" : ""}${deck ? ` deck-${deck}` : ""}`,
    role: "img",
    "aria-label": cardName(code, deck),
  });
  const draw = FACES[deck];
  root.append(...(draw?.(code, ability) ?? plainFace(code)));
  return root;
}

/** The back of a card (a hidden card). */
export function cardBack({ small = true } = {}) {
  const root = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: small ? "card small back" : "card back",
    role: "img",
    "aria-label": t("hidden card"),
  });
  root.append(
    svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#1a4d8f", stroke: "#0d2a4f", "stroke-width": 1.5 }),
    svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "none", stroke: "#90caf9", "stroke-width": 1 }),
    svg("path", { d: "M30 14 48 42 30 70 12 42Z", fill: "none", stroke: "#90caf9", "stroke-width": 1 }),
    svg("path", { d: "M30 26 40 42 30 58 20 42Z", fill: "#90caf9", opacity: 0.5 }),
  );
  return root;
}

/** A Game of Trains locomotive: the card that heads a train and has no number. */
export function locomotiveSvg() {
  const root = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "card loco", role: "img", "aria-label": t("locomotive") });
  root.append(blank("#37474f", "#1c2327"), silhouette(engine("#ffca28"), 10, 30, 1));
  return root;
}

function blank(fill = "#fff", stroke = "#78909c") {
  return svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill, stroke, "stroke-width": 1.5 });
}

function text(x, y, value, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, value);
}

/** A shape of a 20×20 box drawn centred on (x, y) at ``size``, upside down when ``flip``. */
function shape(path, x, y, size, fill, flip = false) {
  const scale = size / 20;
  const turn = flip ? ` rotate(180 ${x} ${y})` : "";
  return svg("path", { d: path, fill, transform: `${turn} translate(${x - size / 2} ${y - size / 2}) scale(${scale})`.trim() });
}

/** The two corner indices: ``parts(flip)`` gives the nodes of one corner drawn at the top left. */
function corners(parts) {
  const top = svg("g", {});
  top.append(...parts());
  const bottom = svg("g", { transform: `rotate(180 ${WIDTH / 2} ${HEIGHT / 2})` });
  bottom.append(...parts());
  return [top, bottom];
}

function piquetFace(code) {
  const colour = INK[code[1]];
  const suit = SUIT_PATHS[code[1]];
  const rank = code[0];
  const letter = RANK_LETTERS[rank]; // the index the cards of the page's language print ("V" for a Dutch queen)
  const nodes = [blank()];
  nodes.push(
    ...corners(() => [
      text(8, 10, letter, { "font-size": rank === "T" ? 10 : 12, "font-weight": 700, fill: colour, "letter-spacing": rank === "T" ? -1 : 0 }),
      shape(suit, 8, 21, 8, colour),
    ]),
  );
  if (PIPS[rank]) {
    for (const [x, y] of PIPS[rank]) nodes.push(shape(suit, x, y, 11, colour, y > HEIGHT / 2 + 1));
  } else if (rank === "A") {
    nodes.push(shape(suit, 30, 42, 28, colour));
  } else {
    nodes.push(
      svg("rect", { x: 14, y: 12, width: 32, height: 60, rx: 3, fill: colour === RED ? "#fdecea" : "#eceff1", stroke: colour, "stroke-width": 1 }),
      text(30, 34, letter, { "font-size": 24, "font-weight": 700, fill: colour, "font-family": "Georgia, serif" }),
      shape(suit, 30, 56, 14, colour),
    );
  }
  return nodes;
}

function mueFace(code) {
  const colour = MUE_COLOURS[code[0]];
  const ink = code[0] === "Y" ? "#5d4300" : colour;
  const nodes = [
    blank(colour, "#263238"),
    svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "#fffdf7" }),
    ...corners(() => [
      text(12, 13, code[1], { "font-size": 12, "font-weight": 700, fill: ink }),
      text(12, 24, code[0], { "font-size": 7, "font-weight": 700, fill: ink, "font-family": "sans-serif" }),
    ]),
    svg("ellipse", { cx: 30, cy: 38, rx: 14, ry: 18, fill: colour }),
    text(30, 39, code[1], { "font-size": 26, "font-weight": 700, fill: code[0] === "Y" ? "#3e2c00" : "#fff" }),
  ];
  const triangles = PACKS[FIVE_COLOURS].marks[code] ?? 0;
  for (let i = 0; i < triangles; i += 1) {
    const x = 30 + (i - (triangles - 1) / 2) * 10;
    nodes.push(svg("path", { d: `M${x - 4} 68 L${x + 4} 68 L${x} 61 Z`, fill: ink }));
  }
  return nodes;
}

/** Train silhouettes in a 40×24 box: the engine, a car, the caboose. */
function engine(fill) {
  return [
    svg("rect", { x: 2, y: 9, width: 24, height: 10, rx: 2, fill }),
    svg("rect", { x: 24, y: 3, width: 14, height: 16, rx: 1.5, fill }),
    svg("rect", { x: 6, y: 3, width: 5, height: 7, fill }),
    ...[9, 19, 31].map((cx) => svg("circle", { cx, cy: 21, r: 3.2, fill })),
  ];
}

function wagon(fill) {
  return [
    svg("rect", { x: 2, y: 5, width: 36, height: 13, rx: 1.5, fill }),
    ...[11, 29].map((cx) => svg("circle", { cx, cy: 21, r: 3.2, fill })),
  ];
}

function caboose(fill) {
  return [
    svg("rect", { x: 3, y: 8, width: 34, height: 11, rx: 1.5, fill }),
    svg("rect", { x: 13, y: 2, width: 14, height: 7, rx: 1, fill }),
    ...[11, 29].map((cx) => svg("circle", { cx, cy: 21, r: 3, fill })),
  ];
}

function silhouette(parts, x, y, scale, rotate = 0) {
  const g = svg("g", { transform: `translate(${x} ${y}) scale(${scale}) rotate(${rotate} 20 12)` });
  g.append(...parts);
  return g;
}

function caboosesFace(code) {
  if (code === "P8" || code === "OB") {
    const fill = code === "P8" ? CABOOSE : BROKEN;
    const label = code === "P8" ? "8" : "B";
    const nodes = [
      blank(fill, "#263238"),
      ...corners(() => [text(9, 11, label, { "font-size": 12, "font-weight": 700, fill: "#fff" })]),
      code === "P8" ? text(30, 30, "8", { "font-size": 26, "font-weight": 700, fill: "#fff" }) : null,
      silhouette(caboose("#fff"), 11, code === "P8" ? 44 : 30, 0.95, code === "OB" ? -16 : 0),
    ];
    if (code === "OB") {
      nodes.push(svg("path", { d: "M26 30 30 38 27 42 33 52", fill: "none", stroke: fill, "stroke-width": 2.5 }));
    }
    return nodes.filter(Boolean);
  }
  const [fill, ink] = TRAIN_COLOURS[code[0]];
  const number = code[1];
  return [
    blank(fill, "#455a64"),
    ...corners(() => [text(9, 11, number, { "font-size": 12, "font-weight": 700, fill: ink })]),
    text(30, 30, number, { "font-size": 26, "font-weight": 700, fill: ink }),
    silhouette(number === "1" ? engine(ink) : wagon(ink), 11, 44, 0.95),
  ];
}

function railcarFace(code, ability) {
  const nodes = [
    blank("#fbf6ea", "#6d4c41"),
    svg("rect", { x: 5, y: 5, width: 50, height: 6, rx: 2, fill: "#8d6e63" }),
    text(30, 31, code, { "font-size": code.length > 1 ? 24 : 28, "font-weight": 700, fill: "#3e2723", "font-family": "sans-serif" }),
  ];
  const kind = ABILITIES[ability];
  if (kind) {
    nodes.push(svg("rect", { x: 8, y: 52, width: 44, height: 24, rx: 5, fill: kind[0] }), ...abilityMark(kind[1]));
  }
  return nodes;
}

/** The white mark of an ability, drawn in its badge (a 44×24 box at 8, 52). */
function abilityMark(mark) {
  const line = (d) => svg("path", { d, fill: "none", stroke: "#fff", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" });
  const label = (x, value) => text(x, 64.5, value, { "font-size": 11, "font-weight": 700, fill: "#fff", "font-family": "sans-serif" });
  switch (mark) {
    case "swap":
      return [line("M18 59h22m-4-3 4 3-4 3"), line("M42 69H20m4-3-4 3 4 3")];
    case "swap2":
      return [line("M17 68Q30 52 43 68m0 0-1-6m1 6-5.5-2M17 68l1-6m-1 6 5.5-2"), svg("circle", { cx: 30, cy: 68, r: 2.2, fill: "#fff" })];
    case "right":
      return [line("M15 64h20m-5-5 5 5-5 5"), label(42, "2")];
    case "left":
      return [line("M45 64H25m5-5-5 5 5 5"), label(18, "2")];
    case "x1":
    case "x4":
    case "x7":
      return [line("M16 58l10 12m0-12-10 12"), label(38, mark[1])];
    case "shield":
      return [svg("path", { d: "M30 56l9 3v5c0 5-4 8-9 10-5-2-9-5-9-10v-5Z", fill: "#fff" })];
    default:
      return [];
  }
}

const FIVE_COLOURS = "five-colours";
/** Each deck's face, by the pack's name. */
const FACES = { piquet: piquetFace, [FIVE_COLOURS]: mueFace, cabooses: caboosesFace, trains: railcarFace };

/** A card that only shows its code, on its colour when the code starts with one (R7, W3, OB). */
function plainFace(code) {
  const fill = { ...MUE_COLOURS, W: "#9e9e9e", O: BROKEN }[code[0]];
  return [
    blank(fill ?? "#fff"),
    text(30, 42, code, { "font-size": code.length > 2 ? 14 : 22, "font-weight": 700, fill: fill ? "#fff" : "#263238" }),
  ];
}

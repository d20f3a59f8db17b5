// A game's options as form fields and in words, from what /api/games declares (defaults, choices, ranges,
// help): the create-table page and the create-tournament form build and read their fields here, and the
// lobby and the tournament pages say a table's changed options with `optionsText`.
// Options kept for research (`research` in /api/games) are not offered, so a table keeps their defaults.
// A seat option ("who deals") offers "random" and the seats of the chosen player count, counted from 1.
// The options keep their API names ("start_points"); /api/games gives their label, help and word choices
// in the reader's language (the narration catalog: they are the games' words).

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { seatWord } from "./names.js";

/** The game picker `gameSelect` and the fields of its options in `optionsEl`, inside `form`: `onPlayers`
 * runs whenever the player count may have changed (a new game, another count). */
export function optionFields({ form, gameSelect, optionsEl, games, onPlayers = () => {} }) {
  const game = () => games.find((g) => g.name === gameSelect.value);
  const players = () => Number(form.elements["opt-players"].value);
  const offered = () => game().options.filter((option) => !option.research);

  function field(option) {
    const id = `opt-${option.name}`;
    let input;
    if (option.name === "players") {
      input = h("select", { id, name: id }, game().players.map((n) => h("option", { value: JSON.stringify(n), selected: n === option.default }, n)));
      input.addEventListener("change", () => {
        refreshSeatOptions();
        onPlayers();
      });
    } else if (option.kind === "seat") {
      input = h("select", { id, name: id, class: "seat-option" });
    } else if (option.kind === "bool") {
      input = h("input", { id, name: id, type: "checkbox", checked: option.default === true });
    } else if (option.choices) {
      input = h("select", { id, name: id }, option.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === option.default }, choiceWords(option, c))));
    } else if (option.kind === "int") {
      input = h("input", { id, name: id, type: "number", min: option.minimum ?? undefined, max: option.maximum ?? undefined, value: option.default, required: true });
    } else {
      input = h("input", { id, name: id, type: "text", value: option.default ?? "" });
    }
    const words = option.label;
    // a checkbox sits beside its words, as "Friendly game" does, not alone in the middle of the form
    const label = option.kind === "bool" ? h("label", { class: "choice" }, input, ` ${words}`) : h("label", { for: id }, words);
    return h("div", { class: "field" }, label, option.kind === "bool" ? null : input, h("small", { class: "quiet" }, helpText(option)));
  }

  function refreshSeatOptions() {
    for (const select of optionsEl.querySelectorAll("select.seat-option")) {
      replace(select, h("option", { value: "" }, t("random")), Array.from({ length: players() }, (_, s) => h("option", { value: s }, seatWord(s, true))));
    }
  }

  /** Draw the chosen game's fields, at their defaults. */
  function draw() {
    replace(optionsEl, offered().map(field));
    refreshSeatOptions();
    onPlayers();
  }

  /** The options as the API takes them. */
  function read() {
    const options = {};
    for (const option of offered()) {
      const input = form.elements[`opt-${option.name}`];
      if (option.kind === "bool") options[option.name] = input.checked;
      else if (option.kind === "seat") options[option.name] = input.value === "" ? null : Number(input.value);
      else if (option.choices || option.name === "players") options[option.name] = JSON.parse(input.value);
      else if (option.kind === "int") options[option.name] = Number(input.value);
      else options[option.name] = input.value;
    }
    return options;
  }

  replace(gameSelect, games.map((g) => h("option", { value: g.name }, g.title)));
  gameSelect.value = games[0].name;
  gameSelect.addEventListener("change", draw);
  return { game, players, draw, read };
}

/** The option's help, with the range of values a table allows for an open-ended number. */
function helpText(option) {
  if (option.kind !== "int" || option.choices || option.minimum === null) return option.help;
  const range = option.maximum === null ? t("(at least {minimum})", { minimum: option.minimum }) : t("({minimum} to {maximum})", { minimum: option.minimum, maximum: option.maximum });
  return `${option.help} ${range}`;
}

const choiceWords = (option, choice) => option.choice_words[choice] ?? String(choice);

/** The options `options` of game `game` changed from its defaults, in words ("" when none): the rule set's
 * version is in the game's name already, and the player count said apart. */
export function optionsText(games, game, options) {
  const specs = games.find((g) => g.name === game)?.options ?? [];
  return specs
    .filter((o) => o.name !== "players" && o.name !== "version" && o.name in options && options[o.name] !== o.default)
    .map((o) => changeWords(o, options[o.name]))
    .join(", ");
}

function changeWords(option, value) {
  const label = option.label;
  const said = (words) => t("{option}: {value}", { option: label, value: words });
  if (option.kind === "bool") return value ? label : t("no {option}", { option: label });
  if (option.kind === "seat") return said(value === null ? t("random") : seatWord(value, true));
  return said(choiceWords(option, value));
}

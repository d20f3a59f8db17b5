// The tournaments page (/tournaments): those open for entries (with Join, Leave and, for its creator,
// Start), running and finished, refreshed every few seconds; and the form that creates one: the game and
// its options as on the create-table page (options.js), Swiss (rounds) or arena (minutes), duplicate
// deals, real-time or turn-based, whether you play in it, and how many bots of each level enter.

import { api, header, notice, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { botsName, gameList } from "./names.js";
import { optionFields, optionsText } from "./options.js";
import { entrantsText, entryButtons, formatText, playersText, stateText, titleText } from "./tournament_words.js";

const REFRESH_MS = 4000;
const user = await requireUser();
header(user);
const [games, bots] = await Promise.all([gameList(api), api("/bots")]);

const form = document.querySelector("#new-tournament");
const fields = optionFields({ form, gameSelect: document.querySelector("#game"), optionsEl: document.querySelector("#options"), games });

function botCount(level) {
  const id = `bots-${level}`;
  return h(
    "div",
    { class: "field bot-count" },
    h("label", { for: id }, botsName(level)),
    h("input", { id, name: id, type: "number", min: 0, value: 0 }),
    h("small", { class: "quiet" }, bots.descriptions?.[level] ?? ""),
  );
}

/** The bot levels entered, one per bot: ["easy", "easy", "hard"]. */
function readBots() {
  return bots.levels.flatMap((level) => Array(Number(form.elements[`bots-${level}`].value) || 0).fill(level));
}

const value = (name) => form.elements[name].value;
const arena = () => value("format") === "arena";
const turnBased = () => value("pace") === "turn-based";

/** Show the fields of the format and pace chosen. */
function showChoices() {
  for (const field of form.querySelectorAll(".swiss-only")) field.hidden = arena();
  for (const field of form.querySelectorAll(".arena-only")) field.hidden = !arena();
  form.elements.rounds.required = !arena();
  form.elements.minutes.required = arena();
  document.querySelector("#turn-field").hidden = !turnBased();
}

async function create(event) {
  event.preventDefault();
  const minimum = value("min-reputation");
  try {
    const made = await api("/tournaments", {
      method: "POST",
      body: {
        game: fields.game().name,
        options: fields.read(),
        format: value("format"),
        rounds: arena() ? undefined : Number(value("rounds")),
        minutes: arena() ? Number(value("minutes")) : undefined,
        duplicate: form.elements.duplicate.checked,
        turn_seconds: turnBased() ? Number(value("turn-seconds")) : undefined,
        bots: readBots(),
        min_reputation: minimum === "" ? undefined : Number(minimum),
        rated: !form.elements.friendly.checked,
      },
    });
    if (form.elements.play.checked) await api(`/tournaments/${made.id}/join`, { method: "POST" });
    location.assign(`/tournaments/${made.id}`);
  } catch (error) {
    notice(error.message);
  }
}

function item(tournament) {
  const { id, status } = tournament;
  const changed = optionsText(games, tournament.game, tournament.options);
  const about = [formatText(tournament), changed, playersText(tournament), t("by {name}", { name: tournament.created_by })];
  return h(
    "li",
    { class: "table-item tournament-item", dataset: { tournament: id } },
    h("div", { class: "table-title" }, h("a", { href: `/tournaments/${id}` }, h("strong", {}, titleText(tournament))), ` · ${stateText(tournament)}`),
    h("div", { class: "quiet" }, about.filter(Boolean).join(" · ")),
    h("div", { class: "quiet" }, entrantsText(tournament.entrant_count)),
    h("div", { class: "lobby-actions" }, h("a", { class: "button", href: `/tournaments/${id}` }, status === "over" ? t("Standings") : status === "running" ? t("Follow") : t("Open")), entryButtons(tournament, user, tournament.user_ids.includes(user.id), refresh)),
  );
}

function section(selector, list, empty) {
  replace(document.querySelector(selector), list.length ? h("ul", { class: "tables" }, list.map(item)) : h("p", { class: "quiet" }, empty));
}

async function refresh() {
  try {
    const all = await api("/tournaments");
    const having = (status) => all.filter((tournament) => tournament.status === status);
    section("#open", having("open"), t("No tournament is open for entries: create one below."));
    section("#running", having("running"), t("No tournament is running."));
    section("#over", having("over"), t("No tournament has finished yet."));
  } catch (error) {
    notice(error.message);
  }
}

if (user.guest) {
  document.querySelector("#create-link").remove();
  form.replaceWith(h("p", { class: "quiet" }, t("Sign up to create or enter a tournament: guests may watch them.")));
} else {
  replace(document.querySelector("#bot-counts"), bots.levels.map(botCount));
  for (const radio of [...form.elements.format, ...form.elements.pace]) radio.addEventListener("change", showChoices);
  form.addEventListener("submit", create);
  fields.draw();
  showChoices();
}
await refresh();
setInterval(refresh, REFRESH_MS);

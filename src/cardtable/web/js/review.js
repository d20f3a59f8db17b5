// "Review this game" on the replay page: the hard bot's verdict on each decision of one seat (asked of the
// server, which runs the review in its bot workers and keeps it), shown as a summary (with a line per hand),
// a graph of the seat's win chance and a table of every decision. Each point of the graph and each row opens
// that decision's position in the replay viewer above. While the review waits for a free review worker its
// place in the queue is shown; while it runs, the time left the server estimates from its pace so far.
//
// Every word about the game comes with the review (`said`, made by the server from the game's narrator,
// narration/decisions.py): each move as the log names it ("Q♣", "red 7 to NE", a Mü bid as one decision
// "bid red 7, blue 3 (2 face up)"), why a move that was not good lost ("−0.76 points: expected −2.00 for
// Q♥, −1.24 for Q♣"), the moves as good as the best ("A♥ and K♥ are as good") and each hand's summary;
// this module never words a move itself. A review stored before some of these words existed shows what
// it has (its moves played and best in words, the others in notation). A review with nothing to judge
// says why. On a phone the table stacks, each decision a block with its headings (style.css).

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { formatNumber, t, tn } from "./i18n.js";

const POLL_MS = 700;
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const HEIGHT = 200;
const PAD = 30;

/** Fill #review for the replay at `base` (/replays/<kind>/<id>); `open(step, seat)` shows a position. */
export function mountReview({ base, replay, label, open }) {
  const section = document.querySelector("#review");
  const heading = h("h3", {}, t("Review this game"));
  if (!replay.result) {
    replace(section, heading, h("p", { class: "quiet" }, t("Only a finished game can be reviewed.")));
    return;
  }
  const seat = h("select", { id: "review-seat" }, replay.players.map((_, s) => h("option", { value: String(s) }, label(s))));
  const status = h("p", { id: "review-status", "aria-live": "polite" });
  const result = h("div", { id: "review-result" });
  const form = h(
    "form",
    { class: "review-form", onsubmit: (event) => (event.preventDefault(), run(Number(seat.value))) },
    h("label", { for: "review-seat" }, t("Seat")),
    seat,
    h("button", { type: "submit", class: "primary" }, t("Review this game")),
  );
  replace(
    section,
    heading,
    h("p", { class: "quiet" }, t("The hard bot's search judges each decision of one seat from what that seat knew then (the hidden cards redrawn many times): the chance to win after every legal move, and the verdict on the move played.")),
    form,
    status,
    result,
  );

  async function run(reviewed) {
    replace(result);
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      let review = await api(`${base}/reviews`, { method: "POST", body: { seat: reviewed } });
      while (review.status === "running") {
        replace(status, h("progress", { max: "100", value: String(review.percent) }), ` ${progressText(review, label(reviewed))}`);
        await new Promise((done) => setTimeout(done, POLL_MS));
        review = await api(`/reviews/${review.id}`);
      }
      if (review.status === "failed") throw new Error(review.error);
      replace(status);
      draw(result, review, label, (step) => open(step, reviewed));
    } catch (error) {
      replace(status, h("span", { class: "error" }, error.message));
    } finally {
      button.disabled = false;
    }
  }
}

/** What a review under way is doing: waiting in the queue (its place), or judging (how far, time left). */
function progressText(review, who) {
  if (review.place != null) {
    const ahead = review.place === 1 ? t("next in line") : tn("{count} review ahead of it", "{count} reviews ahead of it", review.place - 1);
    return t("Review of {name} queued: number {place} in the queue ({ahead}), waiting for a free review worker", { name: who, place: review.place, ahead });
  }
  const left = review.seconds_left == null ? t("estimating the time left") : t("about {time} left", { time: duration(review.seconds_left) });
  return t("Reviewing {name}: {percent} of its decisions judged, {left}", { name: who, percent: formatNumber(review.percent / 100, { style: "percent" }), left });
}

/** Seconds as people read them: "40 s", "3 min", "2 h 5 min". */
function duration(seconds) {
  if (seconds < 60) return t("{seconds} s", { seconds: formatNumber(seconds) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t("{minutes} min", { minutes });
  return t("{hours} h {minutes} min", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

function percent(chance) {
  return formatNumber(chance, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A verdict's word ("good", "mistake"): the server sends its code. */
function verdictWord(verdict) {
  const words = { good: () => t("good"), inaccuracy: () => t("inaccuracy"), mistake: () => t("mistake"), blunder: () => t("blunder") };
  return words[verdict]?.() ?? verdict;
}

/** A move of a decision in words: from the review's words, its notation where they have none. */
function said(d, move) {
  return d.said?.moves?.[move] ?? (move === d.played ? d.said?.played : move === d.best ? d.said?.best : null) ?? move;
}

/** The best move, or the moves the search could not tell from it ("A♥ and K♥ are as good"). */
function best(d) {
  return d.said?.equal ?? said(d, d.best);
}

function draw(el, review, label, open) {
  const r = review.result;
  if (!r.judged) {
    const name = label(r.seat);
    const nothing = r.forced ? t("Nothing to judge: every move {name} made was forced.", { name }) : t("Nothing to judge: {name} made no move.", { name });
    replace(el, h("p", { class: "review-summary", id: "review-summary" }, nothing));
    return;
  }
  const stepButton = (d) => h("button", { type: "button", class: "link", onclick: () => open(d.step), "aria-label": t("open step {step}", { step: d.step }) }, t("step {step}", { step: d.step }));
  const withPoints = r.decisions.some((d) => d.points_loss !== undefined);
  const counts = { name: label(r.seat), judged: r.judged, forced: r.forced, even: r.even };
  const hands = r.said?.hands ?? [];
  const limits = { good: percent(r.thresholds.good), inaccuracy: percent(r.thresholds.inaccuracy), mistake: percent(r.thresholds.mistake) };
  replace(
    el,
    h("p", { class: "review-rules quiet" },
      withPoints
        ? t("Verdicts on the loss against the best move, in win chance (the expected points of the hand count the more, the more the match is decided): good below {good}, inaccuracy below {inaccuracy}, mistake below {mistake}, blunder from {mistake} up.", limits)
        : t("Verdicts on the loss against the best move, in win chance: good below {good}, inaccuracy below {inaccuracy}, mistake below {mistake}, blunder from {mistake} up.", limits),
      " ",
      t("A move the search cannot tell from the best is as good as it."),
      " ",
      t("Budget: {iterations} search iterations per decision. Accuracy is 100 when every move was as good as the best, and lower the more the moves lost.", { iterations: formatNumber(r.budget.iterations) })),
    h("div", { class: "review-summary", id: "review-summary" },
      h("h4", {}, r.even
        ? t("{name}: {judged} decisions judged, {forced} forced, {even} where every move was as good (not counted in the accuracy)", counts)
        : t("{name}: {judged} decisions judged, {forced} forced", counts)),
      h("p", {}, t("Accuracy"), " ", h("b", { id: "review-accuracy" }, String(r.accuracy)), " · ", t("{percent} of decisions good", { percent: formatNumber(r.good_share, { style: "percent" }) })),
      hands.length ? h("ul", { class: "review-hands", id: "review-hands" }, hands.map((line) => h("li", {}, line))) : null,
      r.biggest_mistakes.length
        ? h("ol", { class: "review-mistakes" }, r.biggest_mistakes.map((d) =>
            h("li", {}, stepButton(d), ": ", t("{played}, better {best} ({verdict}, −{loss})", { played: said(d, d.played), best: said(d, d.best), verdict: verdictWord(d.verdict), loss: percent(d.loss) }), d.said?.reason ? h("div", { class: "review-why" }, d.said.reason) : null)))
        : h("p", { class: "quiet" }, t("No inaccuracy, mistake or blunder.")),
    ),
    graph(r.decisions, open),
    table(r.decisions, stepButton),
  );
}

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

/** The seat's win chance after each move it played; a point opens that decision's position. */
function graph(decisions, open) {
  const x = (i) => PAD + (decisions.length > 1 ? (i * (WIDTH - 2 * PAD)) / (decisions.length - 1) : (WIDTH - 2 * PAD) / 2);
  const y = (chance) => HEIGHT - PAD - chance * (HEIGHT - 2 * PAD);
  const axes = [0, 0.5, 1].map((v) => [
    svg("line", { x1: PAD, x2: WIDTH - PAD, y1: y(v), y2: y(v), class: "grid" }),
    svg("text", { x: 2, y: y(v) + 4, class: "axis" }, formatNumber(v, { style: "percent" })),
  ]);
  const line = svg("polyline", { class: "chance", points: decisions.map((d, i) => `${x(i)},${y(d.win_chance)}`).join(" ") });
  const points = decisions.map((d, i) => {
    const words = { step: d.step, move: said(d, d.played), verdict: verdictWord(d.verdict), chance: percent(d.win_chance) };
    const point = svg("circle", { cx: x(i), cy: y(d.win_chance), r: 6, class: `point ${d.verdict}`, tabindex: 0, role: "button", "data-step": d.step, "aria-label": t("step {step}: {move}, {verdict}", words) },
      svg("title", {}, t("step {step}: {move} ({verdict}), win chance {chance}", words)));
    point.addEventListener("click", () => open(d.step));
    point.addEventListener("keydown", (event) => (event.key === "Enter" || event.key === " ") && open(d.step));
    return point;
  });
  return h("figure", { class: "review-graph" },
    svg("svg", { id: "review-graph", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": t("win chance after each decision") }, ...axes.flat(), line, ...points),
    h("figcaption", { class: "quiet" }, t("The seat's chance to win after each of its judged decisions; click a point to see that position.")));
}

/** The decisions in a table, a heading on each cell (shown beside it when a phone stacks the rows); a
 * decision of several moves (a Mü bid) shows the values of each of its steps. */
function table(decisions, stepButton) {
  const hasPoints = decisions.some((d) => d.points);
  const chances = hasPoints ? t("Win chance after each move (expected hand points)") : t("Win chance after each move");
  const headings = [t("Position"), t("Played"), t("Best"), chances, t("Loss"), t("Verdict"), t("Why")];
  const moveValues = (d) =>
    Object.entries(d.values)
      .sort((a, b) => b[1] - a[1])
      .map(([move, chance]) =>
        h("span", { class: `value${move === d.played ? " played" : ""}${move === d.best ? " best" : ""}` }, `${said(d, move)} ${percent(chance)}`, hasPoints ? ` ${t("({points} pts)", { points: formatNumber(d.points[move], { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}` : "", " "));
  const values = (d) => (d.steps ? d.steps.map((step) => h("div", { class: "review-step" }, h("b", {}, `${said(step, step.played)}: `), moveValues(step))) : moveValues(d));
  const loss = (d) => `${percent(d.loss)}${d.margin == null ? "" : ` ± ${percent(d.margin)}`}`;
  const cells = (d) => [
    [stepButton(d)],
    [said(d, d.played)],
    [best(d)],
    [values(d), "values"],
    [loss(d), "loss"],
    [verdictWord(d.verdict), "verdict"],
    [d.said?.reason ?? null, "why"],
  ];
  return h("table", { class: "review-table", id: "review-table" },
    h("thead", {}, h("tr", {}, headings.map((c) => h("th", {}, c)))),
    h("tbody", {}, decisions.map((d) =>
      h("tr", { dataset: { step: String(d.step) }, class: d.verdict },
        cells(d).map(([content, name], i) => h("td", { class: name, dataset: { label: headings[i] } }, content))))));
}

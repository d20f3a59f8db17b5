// "Review this game" on the replay page: the hard bot's verdict on each decision of one seat (asked of the
// server, which runs the review in its bot workers and keeps it), shown as a summary, a graph of the seat's
// win chance and a table of every decision. Each point of the graph and each row opens that decision's
// position in the replay viewer above. While the review waits for a free review worker its place in the
// queue is shown; while it runs, the time left the server estimates from its pace so far. Moves are shown in
// the game narrator's words the server stores with the review (a Mü bid as one decision: "seat 2 shows red 7,
// blue 3 (2 face up)"), their notation beside the win chances; a review with nothing to judge says why.

import { api } from "./api.js";
import { h, replace } from "./dom.js";

const POLL_MS = 700;
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const HEIGHT = 200;
const PAD = 30;

/** Fill #review for the replay at `base` (/replays/<kind>/<id>); `open(step, seat)` shows a position. */
export function mountReview({ base, replay, label, open }) {
  const section = document.querySelector("#review");
  const heading = h("h3", {}, "Review this game");
  if (!replay.result) {
    replace(section, heading, h("p", { class: "quiet" }, "Only a finished game can be reviewed."));
    return;
  }
  const seat = h("select", { id: "review-seat" }, replay.players.map((_, s) => h("option", { value: String(s) }, label(s))));
  const status = h("p", { id: "review-status", "aria-live": "polite" });
  const result = h("div", { id: "review-result" });
  const form = h(
    "form",
    { class: "review-form", onsubmit: (event) => (event.preventDefault(), run(Number(seat.value))) },
    h("label", { for: "review-seat" }, "Seat"),
    seat,
    h("button", { type: "submit", class: "primary" }, "Review this game"),
  );
  replace(
    section,
    heading,
    h("p", { class: "quiet" }, "The hard bot's search judges each decision of one seat from what that seat knew then (the hidden cards redrawn many times): the chance to win after every legal move, and the verdict on the move played."),
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
    const ahead = review.place === 1 ? "next in line" : `${review.place - 1} reviews ahead of it`;
    return `Review of ${who} queued: number ${review.place} in the queue (${ahead}), waiting for a free review worker`;
  }
  const left = review.seconds_left == null ? "estimating the time left" : `about ${duration(review.seconds_left)} left`;
  return `Reviewing ${who}: ${review.percent}% of its decisions judged, ${left}`;
}

/** Seconds as people read them: "40 s", "3 min", "2 h 5 min". */
function duration(seconds) {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function percent(chance) {
  return `${(100 * chance).toFixed(1)}%`;
}

/** A decision's move played (`played`) or best move (`best`) in words, its notation where it has none. */
function said(d, key) {
  return d.said?.[key] ?? d[key];
}

function draw(el, review, label, open) {
  const r = review.result;
  const t = r.thresholds;
  if (!r.judged) {
    const why = r.forced ? `every move ${label(r.seat)} made was forced` : `${label(r.seat)} made no move`;
    replace(el, h("p", { class: "review-summary", id: "review-summary" }, `Nothing to judge: ${why}.`));
    return;
  }
  const stepButton = (d) => h("button", { type: "button", class: "link", onclick: () => open(d.step), "aria-label": `open step ${d.step}` }, `step ${d.step}`);
  replace(
    el,
    h("p", { class: "review-rules quiet" },
      `Verdicts on the loss of win chance against the best move: good below ${percent(t.good)}, inaccuracy below ${percent(t.inaccuracy)}, mistake below ${percent(t.mistake)}, blunder from ${percent(t.mistake)} up. `,
      `Budget: ${r.budget.iterations} search iterations per decision; accuracy is the mean of 100·exp(−loss / 0.1).`),
    h("div", { class: "review-summary", id: "review-summary" },
      h("h4", {}, `${label(r.seat)}: ${r.judged} decisions judged, ${r.forced} forced`),
      h("p", {}, "Accuracy ", h("b", { id: "review-accuracy" }, String(r.accuracy)), ` · ${Math.round(100 * r.good_share)}% of decisions good`),
      r.biggest_mistakes.length
        ? h("ol", { class: "review-mistakes" }, r.biggest_mistakes.map((d) => h("li", {}, stepButton(d), `: played ${said(d, "played")}, better ${said(d, "best")} (−${percent(d.loss)}, ${d.verdict})`)))
        : h("p", { class: "quiet" }, "No inaccuracy, mistake or blunder."),
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
    svg("text", { x: 2, y: y(v) + 4, class: "axis" }, `${100 * v}%`),
  ]);
  const line = svg("polyline", { class: "chance", points: decisions.map((d, i) => `${x(i)},${y(d.win_chance)}`).join(" ") });
  const points = decisions.map((d, i) => {
    const point = svg("circle", { cx: x(i), cy: y(d.win_chance), r: 6, class: `point ${d.verdict}`, tabindex: 0, role: "button", "data-step": d.step, "aria-label": `step ${d.step}: ${said(d, "played")}, ${d.verdict}` },
      svg("title", {}, `step ${d.step}: ${said(d, "played")} (${d.verdict}), win chance ${percent(d.win_chance)}`));
    point.addEventListener("click", () => open(d.step));
    point.addEventListener("keydown", (event) => (event.key === "Enter" || event.key === " ") && open(d.step));
    return point;
  });
  return h("figure", { class: "review-graph" },
    svg("svg", { id: "review-graph", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": "win chance after each decision" }, ...axes.flat(), line, ...points),
    h("figcaption", { class: "quiet" }, "The seat's chance to win after each of its judged decisions; click a point to see that position."));
}

/** The decisions in a table; a decision of several moves (a Mü bid) shows the values of each of its steps. */
function table(decisions, stepButton) {
  const hasPoints = decisions.some((d) => d.points);
  const moveValues = (d) =>
    Object.entries(d.values)
      .sort((a, b) => b[1] - a[1])
      .map(([move, chance]) =>
        h("span", { class: `value${move === d.played ? " played" : ""}${move === d.best ? " best" : ""}` }, `${move} ${percent(chance)}`, hasPoints ? ` (${d.points[move].toFixed(2)} pts)` : "", " "));
  const values = (d) => (d.steps ? d.steps.map((step) => h("div", { class: "review-step" }, h("b", {}, `${step.played}: `), moveValues(step))) : moveValues(d));
  return h("table", { class: "review-table", id: "review-table" },
    h("thead", {}, h("tr", {}, ["Position", "Played", "Best", `Win chance after each move${hasPoints ? " (expected hand points)" : ""}`, "Loss", "Verdict"].map((c) => h("th", {}, c)))),
    h("tbody", {}, decisions.map((d) =>
      h("tr", { dataset: { step: String(d.step) }, class: d.verdict },
        h("td", {}, stepButton(d)), h("td", {}, said(d, "played")), h("td", {}, said(d, "best")), h("td", { class: "values" }, values(d)),
        h("td", {}, percent(d.loss)), h("td", { class: "verdict" }, d.verdict)))));
}

// The clocks at the table. With each table message the server sends, as of that moment, every seat's game
// time left and the time left for the decision being made (schemas.ClockState); this module counts them
// down between two messages, so the page never trusts the browser's idea of the time of day.
//
// A seat's clock is any element inside root carrying data-clock-seat="<seat>".

import { formatNumber, t, tn } from "./i18n.js";

let ticking = null;

/** Show the clocks of a table message in root (and keep them running until the next message). */
export function showClocks(message, root) {
  clearInterval(ticking);
  ticking = null;
  const clock = message.clock;
  const slots = [...root.querySelectorAll("[data-clock-seat]")];
  if (!clock || message.status !== "playing") {
    for (const slot of slots) slot.textContent = "";
    return;
  }
  const received = performance.now();
  const tick = () => {
    const elapsed = (performance.now() - received) / 1000;
    for (const slot of slots) {
      const seat = Number(slot.dataset.clockSeat);
      const running = seat === message.to_act && clock.turn_left !== null;
      const parts = [];
      const left = clock.left[seat];
      if (left !== null && left !== undefined) parts.push(t("{time} left", { time: clockText(left - (running ? Math.min(elapsed, clock.turn_left) : 0)) }));
      if (running) parts.push(t("move {time}", { time: clockText(clock.turn_left - elapsed) }));
      slot.textContent = parts.join(" · ");
      slot.classList.toggle("low", running && clock.turn_left - elapsed < 10);
    }
  };
  tick();
  if (clock.turn_left !== null) ticking = setInterval(tick, 250);
}

/** Seconds as m:ss (h:mm:ss from an hour on); never below 0:00. */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A turn-based time per move in words: "1 day", "2 days", "3 h" (m:ss for anything else). */
export function moveTimeText(seconds) {
  const days = seconds / 86400;
  if (Number.isInteger(days)) return tn("{count} day", "{count} days", days);
  return seconds % 3600 === 0 ? t("{hours} h", { hours: formatNumber(seconds / 3600) }) : clockText(seconds);
}

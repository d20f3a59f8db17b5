// The JSON API of the server (/api), and the header every page shows: the site's pages, "Your turn at N
// tables" (refreshed every TURNS_MS), your profile and settings, and logging out.

import { h, replace } from "./dom.js";

const TURNS_MS = 20000;
/** Where this browser keeps its trick pause (ms); the account's setting seeds a browser that has none. */
export const TRICK_PAUSE_KEY = "cardtable.trickPauseMs";

export class ApiError extends Error {
  constructor(status, detail, code) {
    super(detail);
    this.status = status;
    this.code = code;
  }
}

/** Call the API; resolves to the JSON answer, rejects with an ApiError carrying the server's reason. */
export async function api(path, { method = "GET", body } = {}) {
  const options = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(`/api${path}`, options);
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, describe(data, response), data?.code);
  return data;
}

function describe(data, response) {
  const detail = data?.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.length) {
    const first = detail[0];
    return `${(first.loc || []).slice(1).join(".") || "input"}: ${first.msg}`;
  }
  return `${response.status} ${response.statusText}`;
}

/** The logged-in user, or a trip to the login page (coming back here afterwards). */
export async function requireUser() {
  try {
    return await api("/accounts/me");
  } catch (error) {
    if (error.status === 401) {
      location.assign(`/login?next=${encodeURIComponent(location.pathname)}`);
      return new Promise(() => {});
    }
    throw error;
  }
}

/** Fill the page header: the site name, who is logged in, and a log-out button. */
export function header(user) {
  const bar = document.querySelector("header.bar");
  const logout = async () => {
    await api("/accounts/logout", { method: "POST" });
    location.assign("/login");
  };
  replace(
    bar,
    h("a", { class: "brand", href: "/" }, "cardtable"),
    h(
      "nav",
      {},
      h("a", { href: "/" }, "Lobby"),
      h("a", { href: "/new" }, "New table"),
      h("a", { href: "/replays" }, "Replays"),
      h("a", { href: "/leaderboards" }, "Leaderboards"),
    ),
    h(
      "span",
      { class: "who" },
      h("span", { id: "my-turns", "aria-live": "polite" }),
      user.guest
        ? h("span", { id: "user-name" }, user.name, " (guest)")
        : h("a", { id: "user-name", href: `/players/${encodeURIComponent(user.username)}`, title: "your profile" }, user.name),
      user.guest ? null : h("a", { href: "/settings" }, "Settings"),
      h("button", { class: "link", type: "button", onclick: logout }, "Log out"),
    ),
  );
  showTurns();
  setInterval(showTurns, TURNS_MS);
  if (user.trick_pause_ms !== null && user.trick_pause_ms !== undefined && localStorage.getItem(TRICK_PAUSE_KEY) === null) {
    localStorage.setItem(TRICK_PAUSE_KEY, String(user.trick_pause_ms));
  }
}

/** "Your turn at N tables" in the header, each table a link (nothing when no table waits for you). */
async function showTurns() {
  const turns = await api("/me/turns").catch(() => []);
  const el = document.querySelector("#my-turns");
  if (!el) return;
  replace(el, turns.length ? [`Your turn at ${turns.length} ${turns.length === 1 ? "table" : "tables"}:`, turns.map((t) => [" ", h("a", { href: `/tables/${t.table}`, class: "turn-link", title: t.game }, `#${t.table}`)])] : []);
}

/** Show a message in the page's status line (role=alert), or clear it with "". */
export function notice(text, kind = "error") {
  const line = document.querySelector("#notice");
  line.className = text ? kind : "";
  line.textContent = text;
}

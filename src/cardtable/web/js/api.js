// The JSON API of the server (/api), and the header every page shows: the site's pages, "Your turn at N
// tables", "Invited to N tables", "Notify me" (notify.js), your profile and settings, and logging out.
//
// "Your turn" is not polled: it is asked when the page opens or comes back into view, and again whenever
// something may have changed it: each table update the table page receives (`refreshTurns`; the server
// stores a move before it sends the update, so a finished game no longer counts), and each refresh of the
// lobby, which reads the same list (`showMyTurns`). While tables wait, the tab's title says so,
// "(1) Your turn — cardtable"; the page's own title (`pageTitle`) comes back when none waits.
// "Invited to N tables" (`GET /api/me/invitations`) is asked at the same moments but for a move (which
// changes no invitation): the table page asks only with the updates of a table not started (you may just
// have sat down).
// A table newly waiting for you, or a new invitation, is told by notify.js (a notification, a sound).

import { h, replace } from "./dom.js";
import { t, tn } from "./i18n.js";
import { gameTitles, seatWord, titleOf } from "./names.js";
import { hidden, newsOf, notify, notifyButton, turnChime } from "./notify.js";
import { TRICK_PAUSE_KEY } from "./prefs.js";

// The account's trick pause seeds a browser that has none of its own (prefs.js keeps it).
export { TRICK_PAUSE_KEY };

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
    return `${(first.loc || []).slice(1).join(".") || t("input")}: ${first.msg}`;
  }
  return serverTrouble(response);
}

/** What to say of an answer that brings no reason of its own (a proxy's error page, a server down). */
export function serverTrouble(response) {
  return t("The server answered with error {status}.", { status: response.status });
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

/** Fill the page header: the site name, who is logged in, and a log-out button; the language switch the
 * page came with (language.js) stays, last. */
export function header(user) {
  const bar = document.querySelector("header.bar");
  const languages = bar.querySelector("#language");
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
      h("a", { href: "/" }, t("Lobby")),
      h("a", { href: "/new" }, t("New table")),
      h("a", { href: "/replays" }, t("Replays")),
      h("a", { href: "/leaderboards" }, t("Leaderboards")),
    ),
    h(
      "span",
      { class: "who" },
      h("span", { id: "my-turns", "aria-live": "polite" }),
      h("span", { id: "my-invitations", "aria-live": "polite" }),
      notifyButton(),
      user.guest
        ? h("span", { id: "user-name" }, t("{name} (guest)", { name: user.name }))
        : h("a", { id: "user-name", href: `/players/${encodeURIComponent(user.username)}`, title: t("your profile") }, user.name),
      user.guest ? null : h("a", { href: "/settings" }, t("Settings")),
      h("button", { class: "link", type: "button", onclick: logout }, t("Log out")),
    ),
    languages,
  );
  refreshTurns();
  refreshInvitations();
  document.addEventListener("visibilitychange", () => {
    if (hidden()) return;
    refreshTurns();
    refreshInvitations();
  });
  if (user.trick_pause_ms !== null && user.trick_pause_ms !== undefined && localStorage.getItem(TRICK_PAUSE_KEY) === null) {
    localStorage.setItem(TRICK_PAUSE_KEY, String(user.trick_pause_ms));
  }
}

let asking = null; // the /me/turns request under way
let askAgain = false; // something changed while it was under way: ask once more after it
let waiting = 0; // how many tables wait for your move, as last heard
let ownTitle = document.title;
let turnTitle = null; // the title this module put on the tab, if any
const newTurns = newsOf(); // the tables that began waiting for you since the last answer
const newInvitations = newsOf();

/** Ask the server which tables wait for your move and show the answer (one request at a time). */
export function refreshTurns() {
  if (asking) {
    askAgain = true;
    return asking;
  }
  asking = api("/me/turns")
    .then(showMyTurns, () => {})
    .finally(() => {
      asking = null;
      if (askAgain) {
        askAgain = false;
        refreshTurns();
      }
    });
  return asking;
}

/** "Your turn at N tables" in the header, each table a link (nothing when no table waits for you). */
export async function showMyTurns(turns) {
  const el = document.querySelector("#my-turns");
  if (!el) return;
  const titles = await gameTitles(api).catch(() => new Map());
  const link = (turn) => h("a", { href: `/tables/${turn.table}`, class: "turn-link", title: titleOf(titles, turn.game), "aria-current": location.pathname === `/tables/${turn.table}` ? "page" : undefined }, `#${turn.table}`);
  replace(el, turns.length ? [tn("Your turn at {count} table:", "Your turn at {count} tables:", turns.length), turns.map((turn) => [" ", link(turn)])] : []);
  if (document.title !== turnTitle) ownTitle = document.title; // the page set a title of its own meanwhile
  waiting = turns.length;
  showTitle();
  const fresh = newTurns(turns.map((turn) => turn.table));
  if (fresh.length) turnChime();
  for (const table of hidden() ? fresh : []) {
    const game = titleOf(titles, turns.find((turn) => turn.table === table).game);
    notify(t("Your turn at table {table}", { table }), { body: game, tag: `turn-${table}`, url: `/tables/${table}` });
  }
}

/** Ask the server which tables keep a seat for you and show them in the header. */
export function refreshInvitations() {
  return api("/me/invitations").then(showInvitations, () => {});
}

/** "Invited to N tables" in the header, each table a link (nothing when none invites you). */
export async function showInvitations(invitations) {
  const el = document.querySelector("#my-invitations");
  if (!el) return;
  const titles = await gameTitles(api).catch(() => new Map());
  const about = (i) => t("{game}, {seat}, from {name}", { game: titleOf(titles, i.game), seat: seatWord(i.seat, true), name: i.invited_by });
  const link = (i) => h("a", { href: `/tables/${i.table}`, class: "invitation-link", title: about(i), "aria-current": location.pathname === `/tables/${i.table}` ? "page" : undefined }, `#${i.table}`);
  const count = invitations.length;
  replace(el, count ? [tn("Invited to {count} table:", "Invited to {count} tables:", count), invitations.map((i) => [" ", link(i)])] : []);
  for (const table of newInvitations(invitations.map((i) => i.table))) {
    const invitation = invitations.find((i) => i.table === table);
    notify(t("Invited to table {table}", { table }), { body: `${about(invitation)}.`, tag: `invitation-${table}`, url: `/tables/${table}` });
  }
}

/** Set the page's own title: shown as it is while no table waits for you. */
export function pageTitle(text) {
  ownTitle = text;
  showTitle();
}

function showTitle() {
  turnTitle = waiting ? t("({count}) Your turn — cardtable", { count: waiting }) : null;
  document.title = turnTitle ?? ownTitle;
}

/** Show a message in the page's status line (role=alert), or clear it with "". */
export function notice(text, kind = "error") {
  const line = document.querySelector("#notice");
  line.className = text ? kind : "";
  line.textContent = text;
}

// Friends and blocked players (/api/me/friends, /api/me/blocked): the buttons of a profile, the friends
// that /new invites in one click, and which open tables of the lobby have a friend at them. Friendship is
// one way, like a follow. Accounts only: a guest has neither list and is shown none of this.

import { api, notice } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

/** Your friends, by name (none for a guest). */
export async function myFriends(user) {
  return user.guest ? [] : api("/me/friends");
}

/** Into `el`: "Add friend" / "Remove friend" and "Block" / "Unblock" for the profile of `username` (`name`
 * its display name); nothing for a guest or on your own profile. A blocked player is no friend, so while
 * blocked only "Unblock" is offered. */
export async function profileButtons(el, user, username, name) {
  if (user.guest || user.username === username) return;
  const [friends, blocked] = await Promise.all([api("/me/friends"), api("/me/blocked")]);
  const state = { friend: friends.some((f) => f.username === username), blocked: blocked.some((b) => b.username === username) };
  const path = (list) => `/me/${list}/${encodeURIComponent(username)}`;
  const toggle = async (list, key, said) => {
    try {
      await api(path(list), { method: state[key] ? "DELETE" : "PUT" });
      state[key] = !state[key];
      if (key === "blocked" && state.blocked) state.friend = false; // blocking ends the friendship
      notice(said[state[key] ? 0 : 1], "ok");
      draw();
    } catch (error) {
      notice(error.message);
    }
  };
  const draw = () =>
    replace(
      el,
      state.blocked
        ? null
        : h("button", { type: "button", class: "friend-button", onclick: () => toggle("friends", "friend", [t("{name} is your friend.", { name }), t("{name} is no longer your friend.", { name })]) }, state.friend ? t("Remove friend") : t("Add friend")),
      " ",
      h("button", { type: "button", class: "block-button", onclick: () => toggle("blocked", "blocked", [t("You blocked {name}: they cannot sit with you and you do not see their chat.", { name }), t("You unblocked {name}.", { name })]) }, state.blocked ? t("Unblock") : t("Block")),
    );
  draw();
}

/** Into `el`: one button per friend ("Invite Bob") that calls `invite(username)`; nothing without friends. */
export function friendChips(el, friends, invite) {
  if (!friends.length) return;
  replace(
    el,
    h("span", { class: "quiet" }, `${t("Invite a friend:")} `),
    friends.map((f) => [h("button", { type: "button", class: "chip", dataset: { username: f.username }, title: f.online ? t("online now") : "", onclick: () => invite(f.username) }, f.online ? t("{name} (online)", { name: f.name }) : f.name), " "]),
  );
}

/** The display names of the friends seated at `table` (none: not a friends' table). */
export function friendsAt(table, friends) {
  const names = new Map(friends.map((f) => [f.username, f.name]));
  return table.seats.filter((s) => s.kind === "player" && names.has(s.username)).map((s) => names.get(s.username));
}

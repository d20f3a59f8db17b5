// Telling you when you are not looking: the browser's notifications ("your turn" while the tab is hidden, a
// new invitation, a chat line that names you at a table you sit at) and an optional sound for "your turn".
//
// The permission is asked only when "Notify me" in the header is clicked, never when a page opens; the
// click is also this browser's choice (prefs.js), so a permission granted for another reason notifies
// nobody, and a second click stops the notifications. A notification's tag names its table, so several
// tabs of the site show one notification, not one each. What a list already held when the page opened is
// not news: only what arrives after it is told (`newsOf`).
// A chat line names you when it holds "@username" or your display name, as a whole word in any case
// (`namesYou`): people write "@ana" or "Ana, your lead", and a name inside a longer word ("banana") is
// nobody's.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { notifying, setNotifying, turnSound } from "./prefs.js";

const supported = () => typeof window.Notification === "function";
const allowed = () => supported() && notifying() && Notification.permission === "granted";

/** The header's "Notify me" button (null where the browser has no notifications): asks the permission
 * when clicked, then toggles the notifications of this browser. */
export function notifyButton() {
  if (!supported()) return null;
  const button = h("button", { id: "notify", class: "link", type: "button" });
  const show = () => {
    const on = allowed();
    const blocked = Notification.permission === "denied";
    button.textContent = on ? t("Notifications on") : blocked ? t("Notifications blocked") : t("Notify me");
    button.setAttribute("aria-pressed", String(on));
    button.title = on
      ? t("This browser tells you of your turn, invitations and chat that names you: click to stop")
      : blocked
        ? t("The browser blocks notifications from this site: allow them in its site settings")
        : t("Get a notification for your turn, invitations and chat that names you");
  };
  button.addEventListener("click", async () => {
    if (allowed()) {
      setNotifying(false);
    } else {
      setNotifying((await Notification.requestPermission()) === "granted");
    }
    show();
  });
  show();
  return button;
}

/** Show a notification (if this browser notifies); clicking it opens `url`. */
export function notify(title, { body = "", tag, url } = {}) {
  if (!allowed()) return;
  try {
    const shown = new Notification(title, { body, tag });
    if (url) {
      shown.onclick = () => {
        window.focus();
        location.assign(url);
      };
    }
  } catch {
    // a browser that shows notifications only from a service worker (Chrome on Android): none here
  }
}

/** Whether the tab is out of sight (another tab, a minimised window). */
export const hidden = () => document.visibilityState === "hidden";

let audio = null;

/** A short chime for "your turn", when chosen on /settings (this browser). */
export function turnChime() {
  if (!turnSound()) return;
  try {
    audio ??= new AudioContext();
    audio.resume();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    const start = audio.currentTime;
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.2, start);
    volume.gain.exponentialRampToValueAtTime(0.001, start + 0.4);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.4);
  } catch {
    // no Web Audio: no sound
  }
}

/** A tracker of a list's ids: each call gives the ids not in the call before (none at the first). */
export function newsOf() {
  let known = null;
  return (ids) => {
    const fresh = known === null ? [] : ids.filter((id) => !known.has(id));
    known = new Set(ids);
    return fresh;
  };
}

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether a chat line names `user`: "@username", or the display name as a whole word (any case). */
export function namesYou(text, user) {
  const names = [user.username ? `@${user.username}` : null, user.name].filter(Boolean);
  return names.some((name) => new RegExp(`(?<![\\p{L}\\p{N}_])${escaped(name)}(?![\\p{L}\\p{N}_])`, "iu").test(text));
}

/** Notify of new chat lines (not the history a watch sends) that name `user`, said by someone else, while
 * `user` sits at the table and the tab is hidden. */
export function chatNotices(user, tableId, lines, seated) {
  if (!seated || !hidden()) return;
  for (const line of lines) {
    if (line.user_id === user.id || !namesYou(line.text, user)) continue;
    notify(t("{name} at table {table}", { name: line.name, table: tableId }), { body: line.text, tag: `chat-${line.id}`, url: `/tables/${tableId}` });
  }
}

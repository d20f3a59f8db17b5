// The settings page (/settings, accounts only): mail address and which mails to get, the language of the
// pages and mails, the trick pause, a new password, and deleting the account. A new address is unverified
// until its owner follows the link mailed to it: the page says which, and can send the link again. The
// trick pause saved here is also written to this browser (the table reads it from there); other browsers
// take it when they have none of their own (api.js). The sound for "your turn" is this browser's alone
// (prefs.js). A new language takes effect at once: the page is made again in it (the server words the
// pages, and the account's language comes before the browser's).

import { TRICK_PAUSE_KEY, api, header, notice, requireUser } from "./api.js";
import { t } from "./i18n.js";
import { setTurnSound, turnSound } from "./prefs.js";

const user = await requireUser();
header(user);
const mailForm = document.querySelector("#mail-form");
const passwordForm = document.querySelector("#password-form");
const deleteForm = document.querySelector("#delete-form");

function fill(settings) {
  mailForm.elements.email.value = settings.email ?? "";
  mailForm.elements.mail_turns.checked = settings.mail_turns;
  mailForm.elements.mail_results.checked = settings.mail_results;
  mailForm.elements.mail_invitations.checked = settings.mail_invitations;
  mailForm.elements.language.value = settings.language ?? "";
  mailForm.elements.turn_sound.checked = turnSound();
  mailForm.elements.trick_pause.value = settings.trick_pause_ms === null ? "" : String(settings.trick_pause_ms / 1000);
  document.querySelector("#mail-off").hidden = settings.mail_enabled;
  const state = document.querySelector("#mail-state");
  state.hidden = !settings.email;
  state.dataset.verified = String(settings.email_verified);
  document.querySelector("#mail-verified").textContent = settings.email_verified
    ? t("Verified.")
    : t("Unverified — check your mail for the link that confirms it; nothing else is mailed before.");
  document.querySelector("#verify-again").hidden = settings.email_verified || !settings.mail_enabled;
  if (settings.trick_pause_ms !== null) localStorage.setItem(TRICK_PAUSE_KEY, String(settings.trick_pause_ms));
}

if (user.guest) {
  notice(t("Guests have no settings: sign up to keep them."));
  for (const form of [mailForm, passwordForm, deleteForm]) form.hidden = true;
} else {
  fill(await api("/me/settings"));
}

mailForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const pause = mailForm.elements.trick_pause.value;
  const language = mailForm.elements.language.value || null;
  setTurnSound(mailForm.elements.turn_sound.checked);
  try {
    const saved = await api("/me/settings", {
      method: "PUT",
      body: {
        email: mailForm.elements.email.value.trim(),
        mail_turns: mailForm.elements.mail_turns.checked,
        mail_results: mailForm.elements.mail_results.checked,
        mail_invitations: mailForm.elements.mail_invitations.checked,
        trick_pause_ms: pause === "" ? null : Math.round(Number(pause) * 1000),
        language,
      },
    });
    if (saved.language !== user.language) return location.reload(); // the page, in the language chosen
    fill(saved);
    notice(t("Saved."), "ok");
  } catch (error) {
    notice(error.message);
  }
});

document.querySelector("#verify-again button").addEventListener("click", async () => {
  try {
    fill(await api("/me/settings/verify", { method: "POST" }));
    notice(t("A new link is on its way: the one before no longer works."), "ok");
  } catch (error) {
    notice(error.message);
  }
});

passwordForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api("/me/password", { method: "POST", body: { current: passwordForm.elements.current.value, new: passwordForm.elements.new.value } });
    passwordForm.reset();
    notice(t("Password changed: your other logins have ended."), "ok");
  } catch (error) {
    notice(error.message);
  }
});

deleteForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!confirm(t("Delete your account? This cannot be undone."))) return;
  try {
    await api("/me/delete", { method: "POST", body: { password: deleteForm.elements.password.value } });
    location.assign("/login");
  } catch (error) {
    notice(error.message);
  }
});

// The page of a link from a mail (/mail/verify/<token>, /mail/unsubscribe/<key>): it says what the link
// does and acts only when the button is pressed, with a POST to the same address. Opening the link (as mail
// scanners do) changes nothing. No login is needed: the link itself is the proof.

import { notice, serverTrouble } from "./api.js";
import { t } from "./i18n.js";

const KINDS = {
  verify: {
    title: t("Confirm your mail address"),
    text: t("Press the button to confirm this address: then it gets the mails you asked for on your settings page."),
    button: t("Confirm my address"),
  },
  unsubscribe: {
    title: t("No more mail"),
    text: t("Press the button and this account gets no more mail about its games. The settings page turns it on again."),
    button: t("Unsubscribe"),
  },
};

const form = document.querySelector("#link-form");
const kind = KINDS[location.pathname.split("/")[2]];
if (kind) {
  document.querySelector("#link-title").textContent = kind.title;
  document.querySelector("#link-text").textContent = kind.text;
  document.querySelector("#link-button").textContent = kind.button;
  form.hidden = false;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const response = await fetch(location.pathname, { method: "POST", headers: { Accept: "application/json" } });
  const answer = await response.json().catch(() => null);
  const detail = typeof answer?.detail === "string" ? answer.detail : serverTrouble(response);
  if (response.ok) form.hidden = true;
  notice(detail, response.ok ? "ok" : "error");
});

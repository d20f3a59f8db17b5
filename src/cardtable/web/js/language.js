// The header's language switch, on every page and for guests too (the <form id="language"> that
// web/base.html puts in the header): choosing a language keeps it in the cookie `lang` for a year, and for
// someone signed in with an account (the form's data-account) also in the account's settings, so it
// follows them to other browsers and into their mails; then the page is loaded again in that language.
// The server decides a page's language from these (server/language.py): account, cookie, browser.

const YEAR = 365 * 24 * 60 * 60;

const form = document.querySelector("#language");
form?.addEventListener("change", async () => {
  const lang = form.elements.lang.value;
  document.cookie = `lang=${encodeURIComponent(lang)}; Max-Age=${YEAR}; Path=/; SameSite=Lax`;
  if (form.dataset.account !== undefined) {
    await fetch("/api/me/settings", {
      method: "PUT",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ language: lang }),
    }).catch(() => {}); // the cookie alone still switches this browser
  }
  location.reload();
});

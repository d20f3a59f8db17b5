// The login page: log in, sign up, or play as a guest; then back to the page that sent us here.

import { api, notice } from "./api.js";

/**
 * Where to go after signing in: `next` only if the browser resolves it to a page of this origin, else "/".
 * Checking the text instead misses what the URL parser does with it (`/\evil.example`, a tab or newline
 * inside `//`, backslashes), and each of those leaves the site. A resolved path that starts with `//`
 * (`/.//evil.example`) is refused too: as a link, such a path names another host.
 */
function sameOrigin(next) {
  if (!next) return "/";
  let url;
  try {
    url = new URL(next, location.origin);
  } catch {
    return "/";
  }
  if (url.origin !== location.origin || url.pathname.startsWith("//")) return "/";
  return url.pathname + url.search + url.hash;
}

const target = sameOrigin(new URLSearchParams(location.search).get("next"));

function handle(formId, path, body) {
  const form = document.querySelector(formId);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    try {
      await api(path, { method: "POST", body: body(data) });
      location.assign(target);
    } catch (error) {
      notice(error.message);
    }
  });
}

handle("#login-form", "/accounts/login", (d) => ({ username: d.username, password: d.password }));
handle("#signup-form", "/accounts/signup", (d) => ({
  username: d.username,
  password: d.password,
  ...(d.display_name ? { display_name: d.display_name } : {}),
}));
handle("#guest-form", "/accounts/guest", (d) => ({ name: d.name }));

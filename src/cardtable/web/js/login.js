// The login page: log in, sign up, or play as a guest; then back to the page that sent us here.

import { api, notice } from "./api.js";

const next = new URLSearchParams(location.search).get("next");
const target = next && next.startsWith("/") && !next.startsWith("//") ? next : "/";

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

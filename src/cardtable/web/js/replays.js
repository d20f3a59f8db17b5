// The replays page: upload a record to replay it (the server checks it with cardtable.replay and says which
// event is wrong), and the finished games and uploaded records one can step through.

import { api, header, notice, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { boardLabels } from "./players.js";

const user = await requireUser();
header(user);
const form = document.querySelector("#upload-form");

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = form.elements.record.files[0];
  if (!file) return;
  let record;
  try {
    record = JSON.parse(await file.text());
  } catch (error) {
    notice(`${file.name} is not JSON: ${error.message}`);
    return;
  }
  try {
    const replay = await api("/replays/uploads", { method: "POST", body: record });
    location.assign(`/replays/uploads/${replay.source.split("/")[1]}`);
  } catch (error) {
    notice(error.message);
  }
});

function list(el, items, empty) {
  replace(el, items.length ? h("ul", { class: "replay-list" }, items) : h("p", { class: "quiet" }, empty));
}

const [finished, uploads, labels] = await Promise.all([api("/tables?status=over&mine=true"), api("/replays/uploads"), boardLabels(api)]);
list(
  document.querySelector("#finished"),
  finished.map((t) =>
    h("li", {}, h("a", { href: `/replays/tables/${t.id}` }, `${labels.get(t.board) ?? t.game} · table ${t.id}`), " ", h("small", { class: "quiet" }, t.seats.map((s) => s.name ?? "open").join(", "))),
  ),
  "None yet: a game you played appears here once it is over.",
);
list(
  document.querySelector("#uploads"),
  uploads.map((u) => h("li", {}, h("a", { href: `/replays/uploads/${u.id}` }, `${u.game} · record ${u.id}`), " ", h("small", { class: "quiet" }, new Date(u.created_at).toLocaleString()))),
  "None yet.",
);

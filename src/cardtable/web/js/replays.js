// The replays page: upload a record to replay it (the server checks it with cardtable.replay and says which
// event is wrong), and the finished games and uploaded records one can step through. An upload is yours
// alone until you press "Share": its link (/replays/shared/<key>) is shown, for anyone you give it to,
// until "Stop sharing" withdraws it. "Delete" makes room under the quota of uploads kept.
// Games are named as players write them ("Troeven (version 2)", names.js), players as at the table.

import { api, header, notice, requireUser } from "./api.js";
import { h, replace } from "./dom.js";
import { formatDate, t } from "./i18n.js";
import { botName, gameTitles, titleOf } from "./names.js";
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
    notice(t("{file} is not JSON: {reason}", { file: file.name, reason: error.message }));
    return;
  }
  try {
    const replay = await api("/replays/uploads", { method: "POST", body: record });
    location.assign(`/replays/uploads/${replay.source.split("/")[1]}`);
  } catch (error) {
    notice(error.message);
  }
});

/** A seat of a finished table as the table named it: "easy bot", a person's name. */
function seatName(seat) {
  if (seat.kind === "bot") return botName(seat.name);
  return seat.name ?? t("open seat");
}

function list(el, items, empty) {
  replace(el, items.length ? h("ul", { class: "replay-list" }, items) : h("p", { class: "quiet" }, empty));
}

const uploadsEl = document.querySelector("#uploads");
const [finished, uploads, labels, titles] = await Promise.all([api("/tables?status=over&mine=true"), api("/replays/uploads"), boardLabels(api), gameTitles(api)]);
list(
  document.querySelector("#finished"),
  finished.map((table) =>
    h("li", {}, h("a", { href: `/replays/tables/${table.id}` }, `${labels.get(table.board) ?? titleOf(titles, table.game)} · ${t("table {id}", { id: table.id })}`), " ", h("small", { class: "quiet" }, table.seats.map(seatName).join(", "))),
  ),
  t("None yet: a game you played appears here once it is over."),
);
showUploads(uploads);

function showUploads(items) {
  list(uploadsEl, items.map(uploadItem), t("None yet."));
}

/** One upload: its replay, and its share link with "Stop sharing" while shared, else "Share". */
function uploadItem(u) {
  const link = u.share_key ? `${location.origin}/replays/shared/${u.share_key}` : null;
  return h(
    "li",
    { dataset: { upload: String(u.id) } },
    h("a", { href: `/replays/uploads/${u.id}` }, `${titleOf(titles, u.game)} · ${t("record {id}", { id: u.id })}`),
    " ",
    h("small", { class: "quiet" }, formatDate(u.created_at, { dateStyle: "medium", timeStyle: "short" })),
    " ",
    link
      ? [
          h("button", { type: "button", onclick: () => change("DELETE", `/replays/uploads/${u.id}/share`) }, t("Stop sharing")),
          " ",
          h("label", {}, `${t("Share link")} `, h("input", { class: "share-link", type: "text", readonly: true, value: link, size: 48, onfocus: (e) => e.target.select() })),
        ]
      : h("button", { type: "button", onclick: () => change("POST", `/replays/uploads/${u.id}/share`) }, t("Share")),
    " ",
    h("button", { type: "button", onclick: () => confirm(t("Delete record {id}? Its share link stops working too.", { id: u.id })) && change("DELETE", `/replays/uploads/${u.id}`) }, t("Delete")),
  );
}

async function change(method, path) {
  try {
    await api(path, { method });
    showUploads(await api("/replays/uploads"));
  } catch (error) {
    notice(error.message);
  }
}

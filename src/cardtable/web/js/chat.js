// The table chat: the lines everyone following the table wrote, and a box to write one. Lines arrive in
// "chat" messages (the recent ones when the table is opened, then each new one); a line may arrive twice
// (in the history and live), so they are kept by id. Every text goes in as a text node (dom.js): a line
// that looks like markup is shown as the characters typed. A line's `seat` is the API's (from 0); people
// read seats counted from 1, as everywhere else on the page ("Seat 1").

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

const KEPT = 200;

/** Fill el with the chat; say(text) sends a line. Returns add(lines), which shows new lines. */
export function chatPanel(el, say, maxLength) {
  const lines = new Map();
  const list = h("ol", { class: "chat-lines", "aria-live": "polite" });
  const input = h("input", { id: "chat-text", name: "text", maxlength: maxLength, autocomplete: "off", placeholder: t("Say something…"), "aria-label": t("Chat message") });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, t("Send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text && say(text)) input.value = "";
  });
  replace(el, h("h3", {}, t("Table chat")), list, form);

  return function add(newLines) {
    for (const line of newLines) lines.set(line.id, line);
    const shown = [...lines.values()].sort((a, b) => a.id - b.id).slice(-KEPT);
    const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    replace(
      list,
      shown.map((line) =>
        h(
          "li",
          { class: "chat-line", dataset: { id: String(line.id) } },
          h("b", { class: "chat-name" }, line.name),
          h("small", { class: "quiet" }, " ", line.seat === null ? t("(watching)") : t("(seat {number})", { number: line.seat + 1 })),
          ": ",
          h("span", { class: "chat-text" }, line.text),
        ),
      ),
    );
    if (stick) list.scrollTop = list.scrollHeight;
  };
}

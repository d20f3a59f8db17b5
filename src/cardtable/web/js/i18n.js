// The browser's words in the reader's language. The page carries the web catalog as JSON in
// <script type="application/json" id="catalog"> (the server picks the language: account, cookie,
// Accept-Language) and says the language in <html lang>. English is the source text: t("Pass") looks
// "Pass" up and falls back to it, so an English page (empty catalog) and a string not translated yet both
// read English. Only literal strings go into t()/tn(), so Babel can extract them (babel/web.cfg); words
// the server sent already translated are shown as they come, never passed through t().

/** The page's language ("en", "nl", "de", "fr"), as <html lang> says. */
export const lang = (typeof document !== "undefined" && document.documentElement.lang) || "en";

let catalog = null;

/** The catalog of this page: English text -> translation (a plural's forms as a list). */
function entries() {
  if (catalog === null) {
    const element = typeof document !== "undefined" ? document.getElementById("catalog") : null;
    try {
      catalog = element ? JSON.parse(element.textContent || "{}") : {};
    } catch {
      catalog = {};
    }
  }
  return catalog;
}

/** Put params into the {name} fields of text; a field with no param stays as it is. */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (field, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : field,
  );
}

/** The text in the page's language, its {name} fields filled: t("{name} passes", {name}). */
export function t(text, params = {}) {
  const found = entries()[text];
  return fill(typeof found === "string" && found ? found : text, params);
}

/** A count's words: tn("{count} trick", "{count} tricks", n). Form 0 where the language calls the
 * count "one" (en, nl, de: 1; fr: 0 and 1), else form 1; {count} is filled with the number as the
 * language writes it. */
export function tn(one, many, count, params = {}) {
  const found = entries()[one];
  const forms = Array.isArray(found) && found.length >= 2 ? found : [one, many];
  const form = pluralRules().select(count) === "one" ? forms[0] : forms[1];
  return fill(form, { count: formatNumber(count), ...params });
}

let rules = null;
function pluralRules() {
  rules ??= new Intl.PluralRules(lang);
  return rules;
}

/** A number as the page's language writes it (1.234,5 in Dutch). */
export function formatNumber(n, options = {}) {
  return new Intl.NumberFormat(lang, options).format(n);
}

/** Items as a list in the page's language: "Ana, Bob and easy bot", "Ana, Bob et easy bot" (English
 * as the server's words write it, with no comma before "and"). */
export function formatList(items) {
  return new Intl.ListFormat(lang === "en" ? "en-GB" : lang, { type: "conjunction" }).format(items);
}

/** A date (a Date, an ISO string or milliseconds) as the page's language writes it. */
export function formatDate(date, options = {}) {
  return new Intl.DateTimeFormat(lang, options).format(date instanceof Date ? date : new Date(date));
}

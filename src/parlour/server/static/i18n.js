// The page's words in the reader's language (parlour.i18n, docs/web.md).
//
// Every sentence a script shows goes through t(text, fields), text in English:
// the English text is the message id, found by `python -m parlour.i18n` (the web
// catalogue, locale/<lang>/LC_MESSAGES/web.po); the server puts the page's
// language in <html lang> and its translations in the page
// (<script type="application/json" id="parlour-messages">). A message with no
// translation shows in English. Sentences the server makes (logs, prompts,
// refusals) come already in the page's language.

const messages = readMessages();

function readMessages() {
  const element = typeof document === "undefined" ? null : document.getElementById("parlour-messages");
  if (!element) return {};
  try {
    return JSON.parse(element.textContent || "{}");
  } catch {
    return {};
  }
}

/** The page's language ("en", "es"). */
export function lang() {
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

/** `text` in the page's language, its {fields} filled from `fields`. */
export function t(text, fields = {}) {
  const template = Object.prototype.hasOwnProperty.call(messages, text) ? messages[text] : text;
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : whole);
}

/** Sets the language cookie (remembered for a year) and reloads the page in `code`. */
export function chooseLanguage(code) {
  document.cookie = `parlour_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

// The header's language switch (data-testid="lang", a button a language) on every page.
if (typeof document !== "undefined") {
  for (const button of document.querySelectorAll('[data-testid="lang"] [data-lang]')) {
    button.addEventListener("click", () => {
      if (button.dataset.lang !== lang()) chooseLanguage(button.dataset.lang);
    });
  }
}

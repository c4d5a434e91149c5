// A table's help, on the table page and the replay page: the Rules button
// opens a dialog with the pack and options of this table in words, each
// with its one-line explanation (the option schema's help, GET /api/games
// "options"), then the game's rules (Game.rules_help(), "rules").
//
// Stable hooks for end-to-end tests:
//   data-testid="rules-button"     "Rules" in the page's header: opens the dialog
//   data-testid="rules-dialog"     the dialog (a <dialog>; Escape or "Close" closes it)
//   data-testid="rules-close"      its "Close" button
//   data-testid="table-options"    the pack and options: the pack's <dd data-testid="table-pack">, then each
//                                  option's <dd data-option="NAME"> (a game's own option may be named
//                                  "pack": Bassadewitz's, Polignac's), each with the value in words
//                                  (data-testid="option-value") and its explanation
//   data-testid="rules"            the game's rules text

import { fill, h, labelOf } from "./dom.js";
import { t } from "./i18n.js";

/**
 * An option's value in words, in the page's language: true → "yes", false →
 * "no", "black_sevens" → "black sevens" (the web catalogue holds every
 * registered option's values in words: parlour.i18n.extract).
 */
export function valueInWords(value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return t(String(value).replace(/_/g, " "));
}

/**
 * One line of the list as a label, its value in words and its explanation;
 * `hook` is the <dd>'s attributes (an option's data-option, the pack's test id).
 */
function optionEntry(hook, label, value, help) {
  return [
    h("dt", {}, label),
    h("dd", hook, h("span", { class: "option-value", "data-testid": "option-value" }, value), help ? h("span", { class: "muted" }, ` — ${help}`) : null),
  ];
}

/**
 * Fills the dialog's "At this table" list: the pack by its title, then each
 * option of `game` (an entry of GET /api/games) at its value in `options`.
 */
export function renderTableOptions(element, game, options, deckTitle) {
  const schema = (game?.options ?? []).filter((option) => option.name in (options ?? {}));
  fill(
    element,
    optionEntry({ "data-testid": "table-pack" }, t("Pack"), deckTitle, t("the cards this table is dealt from")),
    schema.map((option) => optionEntry({ "data-option": option.name }, t(labelOf(option.name)), valueInWords(options[option.name]), option.help)),
  );
}

/** Sets the dialog's heading and rules text from `game`. */
export function renderRules(game) {
  document.querySelector('[data-testid="rules-heading"]').textContent = t("Rules of {title}", { title: game.title });
  document.querySelector('[data-testid="rules"]').textContent = game.rules;
}

/** Makes the header's Rules button open the dialog, and its Close button close it. */
export function bindRulesDialog() {
  const dialog = document.querySelector('[data-testid="rules-dialog"]');
  document.querySelector('[data-testid="rules-button"]').addEventListener("click", () => dialog.showModal());
  document.querySelector('[data-testid="rules-close"]').addEventListener("click", () => dialog.close());
  // a click on the backdrop (outside the dialog's box) closes it too
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
}

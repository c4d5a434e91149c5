// Small DOM helpers: elements are built from data, never from HTML strings
// (names and log lines come from the server), except card SVG that
// cards.js escapes itself.

import { t } from "./i18n.js";

/**
 * h("button", {class: "call", dataset: {actionId: 32}, onclick}, "pass")
 * Attributes named on* become listeners; `dataset` fills data-*; null or
 * false attributes are left out; children may be strings, nodes or arrays.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") Object.assign(element.dataset, value);
    else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "html") element.innerHTML = value;
    // through the CSSOM: the Content-Security-Policy refuses style attributes
    else if (name === "style") element.style.cssText = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces everything inside `element` with `children`. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

/**
 * Shows `element` when the deals were fixed in advance by whoever chose the
 * seed (`chosen`, the view's `seed_chosen`): "The deals {where} were fixed in
 * advance by {whom}, who chose the seed and so can know every hand."
 */
export function showSeedNotice(element, chosen, where, whom) {
  element.hidden = !chosen;
  element.textContent = chosen ? t("The deals {where} were fixed in advance by {whom}, who chose the seed and so can know every hand.", { where, whom }) : "";
}

/** "card_points" as "Card points". */
export function labelOf(key) {
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Copies text to the clipboard, also on plain-http pages where the async API is missing. */
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = h("textarea", { class: "offscreen", readonly: true });
  area.value = text;
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

// The lobby's identity bar (docs/web.md, "Players"): who this browser is.
//
// - No player yet: a prompt to choose a name (POST /api/players), which
//   may be skipped ("Not now", remembered in this browser: seat links work
//   without a player; a small "Choose a name" button brings the prompt back).
// - A player: "You are Ann" (a link to his page), "Rename", "Use on another
//   device" (a one-time link, shown once to copy), "New key" (revoke: every
//   other device and link stop working) and "Forget on this browser".
// The name is also kept as this browser's display name (myname.js), which
// the table pages send for seats opened by a link.
//
// Stable hooks for end-to-end tests:
//   data-testid="identity"           the bar
//   data-testid="player-prompt"      the first visit's form: "player-name-input", "player-create",
//                                    "player-skip"; "player-choose" brings it back once skipped
//   data-testid="identity-error"     the server's refusal
//   data-testid="identity-name"      "You are Ann" (a link to /players/{id}, data-player-id)
//   data-testid="player-rename"      opens the rename form ("rename-input", "rename-save")
//   data-testid="player-device"      makes a device link: "device-link" (its <input> holds the URL,
//                                    "copy-link" copies it)
//   data-testid="player-revoke"      a new key (after a confirm)
//   data-testid="player-forget"      forgets the player on this browser (after a confirm)

import { request } from "./api.js";
import { copyText, fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { keepName } from "./myname.js";

const SKIP_KEY = "parlour:player-skipped";
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

function skipped() {
  try {
    return localStorage.getItem(SKIP_KEY) === "1";
  } catch {
    return false;
  }
}

function setSkipped(value) {
  try {
    if (value) localStorage.setItem(SKIP_KEY, "1");
    else localStorage.removeItem(SKIP_KEY);
  } catch {
    // storage refused: the prompt comes back at the next visit
  }
}

function errorLine(sentence) {
  return h("p", { class: "form-error", role: "alert", "data-testid": "identity-error", hidden: !sentence }, sentence ?? "");
}

/** The first visit's prompt (or, once skipped, a button that brings it back). */
function renderPrompt(bar, sentence = null, open = !skipped()) {
  if (!open) {
    fill(bar, h("button", { type: "button", "data-testid": "player-choose", onclick: () => renderPrompt(bar, null, true) }, t("Choose a name")));
    return;
  }
  const input = h("input", { id: "player-name", "data-testid": "player-name-input", maxlength: "24", autocomplete: "nickname", required: true });
  const form = h(
    "form",
    {
      class: "name-form", "data-testid": "player-prompt", novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        const result = await request("/api/players", { method: "POST", body: { name: input.value } });
        if (!result.ok) {
          renderPrompt(bar, result.error, true);
          return;
        }
        setSkipped(false);
        renderPlayer(bar, { ...result.data, muted: [] });
      },
    },
    h("label", { for: "player-name" }, t("Choose a name to keep your tables and results under it:")), " ",
    input, " ",
    h("button", { type: "submit", class: "primary", "data-testid": "player-create" }, t("Choose")), " ",
    h("button", { type: "button", "data-testid": "player-skip", onclick: () => { setSkipped(true); renderPrompt(bar, null, false); } }, t("Not now")),
    h("p", { class: "help" }, t("No password, no e-mail: this browser keeps a private key. Seat links work without a name too.")),
    errorLine(sentence),
  );
  fill(bar, form);
  input.focus();
}

/** The bar of a player: his name and what he may do with it. */
function renderPlayer(bar, player, extra = null) {
  keepName(player.name);
  fill(
    bar,
    h("a", { href: `/players/${encodeURIComponent(player.id)}`, "data-testid": "identity-name", "data-player-id": player.id }, t("You are {name}", { name: player.name })), " ",
    h("button", { type: "button", "data-testid": "player-rename", onclick: () => renderRename(bar, player) }, t("Rename")), " ",
    h("button", { type: "button", "data-testid": "player-device", onclick: () => makeDeviceLink(bar, player) }, t("Use on another device")), " ",
    h("button", { type: "button", "data-testid": "player-revoke", onclick: () => revoke(bar, player) }, t("New key")), " ",
    h("button", { type: "button", "data-testid": "player-forget", onclick: () => forget(bar, player) }, t("Forget on this browser")),
    extra,
  );
}

function renderRename(bar, player, sentence = null) {
  const input = h("input", { "data-testid": "rename-input", maxlength: "24", autocomplete: "nickname", value: player.name, "aria-label": t("New name") });
  const form = h(
    "form",
    {
      class: "name-form", novalidate: true,
      onsubmit: async (event) => {
        event.preventDefault();
        const result = await request("/api/players/me/name", { method: "POST", body: { name: input.value } });
        if (!result.ok) renderRename(bar, player, result.error);
        else renderPlayer(bar, { ...player, ...result.data });
      },
    },
    input, " ",
    h("button", { type: "submit", class: "primary", "data-testid": "rename-save" }, t("Save")), " ",
    h("button", { type: "button", onclick: () => renderPlayer(bar, player) }, t("Cancel")),
    errorLine(sentence),
  );
  renderPlayer(bar, player, form);
  input.focus();
}

async function makeDeviceLink(bar, player) {
  const result = await request("/api/players/me/device", { method: "POST", body: {} });
  if (!result.ok) {
    renderPlayer(bar, player, errorLine(result.error));
    return;
  }
  const url = new URL(result.data.url, location.origin).href;
  const input = h("input", { readonly: true, value: url, "aria-label": t("Link for another device"), onfocus: (event) => event.target.select() });
  const copy = h("button", { type: "button", "data-testid": "copy-link", onclick: async () => { await copyText(input.value); copy.textContent = t("Copied"); } }, t("Copy"));
  renderPlayer(bar, player, h(
    "div",
    { class: "links", "data-testid": "device-link" },
    h("p", { class: "help" }, t("Open this link on your other device within {minutes} minutes; it works once. Keep it private: it carries your key.", { minutes: Math.round(result.data.seconds / 60) })),
    input, " ", copy,
  ));
}

async function revoke(bar, player) {
  if (!confirm(t("Make a new key? Your other devices and any link you gave out stop working: only this browser keeps your player."))) return;
  const result = await request("/api/players/me/revoke", { method: "POST", body: {} });
  if (!result.ok) renderPlayer(bar, player, errorLine(result.error));
  else renderPlayer(bar, player, h("p", { class: "help", "data-testid": "identity-note" }, t("A new key: your other devices need a new link.")));
}

async function forget(bar, player) {
  if (!confirm(t("Forget {name} on this browser? Without another device or a device link made first, the name cannot be taken back.", { name: player.name }))) return;
  const result = await request("/api/players/me/forget", { method: "POST", body: {} });
  if (!result.ok) renderPlayer(bar, player, errorLine(result.error));
  else renderPrompt(bar, null, false);
}

/** Fills the lobby's identity bar (data-testid="identity"). */
export async function startIdentity() {
  const bar = $("identity");
  if (!bar) return;
  const result = await request("/api/players/me");
  if (result.ok && result.data) renderPlayer(bar, result.data);
  // a key that is no player's any more (revoked elsewhere): say so, and offer a new name
  else renderPrompt(bar, result.ok ? null : result.error, !result.ok || !skipped());
}

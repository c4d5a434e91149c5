// /players/device#code=C&key=K (docs/web.md, "Players"): a "use on another
// device" link. The code and key live in the fragment, which no server log
// sees; the page takes them out of the address bar at once (they are kept
// in this page's memory only), and posts them (POST /api/players/device):
// the server sets this browser's player cookie. A browser that already has
// another player is told so, and may forget him first.
//
// Stable hooks for end-to-end tests: data-testid="device-status" (what
// happened), "device-error" (the server's refusal), "device-forget" (forget
// this browser's player and use the link), "device-lobby".

import { request } from "./api.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { keepName } from "./myname.js";

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const fragment = new URLSearchParams(location.hash.slice(1));
const code = fragment.get("code");
const key = fragment.get("key");
history.replaceState(history.state, "", location.pathname);

function showError(sentence) {
  $("device-error").textContent = sentence ?? "";
  $("device-error").hidden = !sentence;
}

async function useLink() {
  showError(null);
  $("device-forget").hidden = true;
  const result = await request("/api/players/device", { method: "POST", body: { code, key } });
  if (!result.ok) {
    showError(result.error);
    $("device-forget").hidden = result.status !== 409;
    return;
  }
  keepName(result.data.name);
  fill(
    $("device-status"),
    t("You are {name} on this browser too.", { name: result.data.name }), " ",
    h("a", { href: `/players/${encodeURIComponent(result.data.id)}`, "data-testid": "device-player" }, t("Your page")),
  );
}

async function forgetAndUse() {
  const result = await request("/api/players/me/forget", { method: "POST", body: {} });
  if (!result.ok) showError(result.error);
  else await useLink();
}

function start() {
  $("device-forget").addEventListener("click", forgetAndUse);
  if (!code || !key) {
    showError(t("This link has no code or key: make a new one on your other device (\"Use on another device\" on the lobby)."));
    return;
  }
  $("device-status").textContent = t("Using your link…");
  useLink();
}

start();

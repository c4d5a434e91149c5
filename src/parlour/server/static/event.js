// The live party page, /events/{id} (anyone) or /events/{id}#token=HOST
// (the host: the join link, start the round, the signal, the time limit).
// It keeps only the latest view and redraws everything from it.
//
// Stable hooks for end-to-end tests, beside those of event-common.js:
//   data-testid="connection"      live / connecting… / reconnecting… (data-state)
//   data-testid="message"         a refusal (hidden when empty)
//   data-testid="host-controls"   shown to the host only, with data-testid="join-row" (shown while
//                                 people may join, before round 1: "join-link", an <input> holding
//                                 the link, and "copy-join-link"; "join-note" likewise), "start-round" (enabled
//                                 between rounds), "signal" (enabled while a round is played),
//                                 "timer-minutes" + "set-timer" (a blank field clears the limit)
//                                 and "timer-setting" (the limit in effect)
//   data-testid="places"          who has joined: <li data-testid="place" data-player data-kind>
//   data-testid="rules"           the rules text

import { followLive, getJson, pageEventId, pageToken, request } from "./api.js";
import { copyText, fill, h, showSeedNotice } from "./dom.js";
import { renderMoves, renderPhase, renderStandings, renderTables, startCountdown } from "./event-common.js";
import { t } from "./i18n.js";

const eventId = pageEventId();
const token = pageToken();
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

let current = null;
let countdown = null;
let busy = false;

function showMessage(sentence) {
  $("message").textContent = sentence ?? "";
  $("message").hidden = !sentence;
}

function render(view) {
  const event = view.event;
  $("title").textContent = t("Progress Races party {id}", { id: event.id });
  document.title = `${$("title").textContent} — parlour`;
  renderPhase($("phase"), event);
  showSeedNotice($("seed-notice"), event.seed_chosen, t("of this party"), t("its host"));
  if (view.host) renderHost(view);
  fill(
    $("places"),
    event.places.map((place) =>
      h(
        "li",
        { "data-testid": "place", "data-player": place.player, "data-kind": place.kind ?? "open" },
        place.name,
        place.kind === "computer" ? h("span", { class: "muted" }, ` (computer, ${place.agent})`) : null,
        place.kind === null ? h("span", { class: "muted" }, " (open)") : null,
      ),
    ),
  );
  $("places-panel").hidden = event.status !== "joining";
  renderTables($("tables"), event);
  renderMoves($("moves"), event);
  renderStandings($("standings"), $("winners"), event);
  countdown = startCountdown($("countdown"), event, countdown);
}

function renderHost(view) {
  const event = view.event;
  $("host-controls").hidden = false;
  if (view.join_url) $("join-link").value = new URL(view.join_url, location.origin).href;
  // the link lets people take places, which are all taken once round 1 starts
  const joining = event.status === "joining";
  $("join-row").hidden = !joining;
  $("join-note").hidden = !joining;
  const start = $("start-round");
  start.disabled = busy || event.phase !== "ready";
  start.textContent = event.phase === "over" ? t("The party is over") : t("Start round {round}", { round: Math.min(event.round + 1, event.rounds) });
  const finished = event.tables.every((table) => table.status !== "playing");
  const signal = $("signal");
  signal.disabled = busy || event.phase !== "playing";
  signal.textContent = event.phase === "playing" && !finished ? t("Give the signal (stops the tables still playing)") : t("Give the signal");
  $("timer-setting").textContent = event.time_limit ? t("Limit: {minutes} min a round", { minutes: event.time_limit / 60 }) : t("No time limit");
}

function receive(view) {
  // keep the join link the first answer (with the host's token) gave
  if (current?.join_url && !view.join_url) view.join_url = current.join_url;
  current = view;
  render(view);
}

async function hostStep(step, extra = {}) {
  if (busy) return;
  busy = true;
  showMessage(null);
  if (current) renderHost(current);
  const result = await request(`/api/events/${encodeURIComponent(eventId)}/${step}`, { method: "POST", body: { token, ...extra } });
  busy = false;
  if (result.ok) receive(result.data);
  else {
    showMessage(result.error);
    if (current) renderHost(current);
  }
}

function setTimer(event) {
  event.preventDefault();
  const raw = $("timer-minutes").value.trim();
  if (raw && !/^\d+(\.\d+)?$/.test(raw)) {
    showMessage(t("The time limit is a number of minutes, such as 10 (or blank for none)."));
    return;
  }
  hostStep("timer", { seconds: raw ? Math.round(Number(raw) * 60) : null });
}

async function start() {
  if (!eventId) {
    showMessage(t("This address names no party."));
    return;
  }
  $("start-round").addEventListener("click", () => hostStep("start"));
  $("signal").addEventListener("click", () => hostStep("signal"));
  $("timer-form").addEventListener("submit", setTimer);
  $("copy-join-link").addEventListener("click", () => copyText($("join-link").value));
  getJson("/api/events/form").then((form) => { $("rules").textContent = form.rules; }).catch(() => {});
  followLive(`/events/${encodeURIComponent(eventId)}`, token, $("connection"), {
    onView: receive,
    onError: showMessage,
  });
}

start();

// The join page, /events/{id}/join#code=C: pick a name, take a place, go to
// your own table page (/events/{id}/play#token=T).
//
// Stable hooks for end-to-end tests: data-testid="phase" (the party's state),
// "name" (the name field) and "join" (the button), both hidden once the party
// is over, "join-error" (the server's refusal: a name taken, the party started
// or full; or that it is over), "event-link".

import { pageEventId, pageSecret, request } from "./api.js";
import { renderPhase } from "./event-common.js";
import { t } from "./i18n.js";

const eventId = pageEventId();
const code = pageSecret("code");
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

function showError(sentence) {
  $("join-error").textContent = sentence ?? "";
  $("join-error").hidden = !sentence;
}

async function join(event) {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) {
    showError(t("Pick a name first."));
    $("name").focus();
    return;
  }
  $("join").disabled = true;
  const result = await request(`/api/events/${encodeURIComponent(eventId)}/join`, { method: "POST", body: { code, name } });
  $("join").disabled = false;
  if (!result.ok) {
    showError(result.error);
    return;
  }
  location.assign(result.data.url);
}

async function start() {
  $("event-link").href = `/events/${encodeURIComponent(eventId ?? "")}`;
  $("join-form").addEventListener("submit", join);
  if (!code) showError(t("This join link has no code: ask the host for the link again."));
  const result = await request(`/api/events/${encodeURIComponent(eventId)}/view`);
  if (!result.ok) {
    showError(result.error);
    return;
  }
  const party = result.data.event;
  renderPhase($("phase"), party);
  $("title").textContent = t("Join Progress Races party {id} ({tables} tables, {rounds} rounds)", { id: party.id, tables: party.tables.length, rounds: party.rounds });
  if (party.status === "finished") {
    showError(t("This party is over: its standings are on the party's page."));
    $("name").closest(".form-row").hidden = true;
    $("join").hidden = true;
  } else if (party.status !== "joining") {
    showError(t("This party has already started: places are taken before round 1 only. You can watch it from the party's page."));
    $("join").disabled = true;
  }
}

start();

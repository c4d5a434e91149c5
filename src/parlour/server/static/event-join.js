// The join page, /events/{id}/join#code=C: pick a name, take a place, go to
// your own table page (/events/{id}/play#token=T).
//
// Stable hooks for end-to-end tests: data-testid="phase" (the party's state),
// "name" (the name field) and "join" (the button), both hidden once the party
// is over, "join-error" (the server's refusal: a name taken, the party started
// or full; or that it is over), "event-link".

import { pageEventId, pageSecret, request } from "./api.js";
import { renderPhase } from "./event-common.js";

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
    showError("Pick a name first.");
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
  if (!code) showError("This join link has no code: ask the host for the link again.");
  const result = await request(`/api/events/${encodeURIComponent(eventId)}/view`);
  if (!result.ok) {
    showError(result.error);
    return;
  }
  const party = result.data.event;
  renderPhase($("phase"), party);
  $("title").textContent = `Join Progress Races party ${party.id} (${party.tables.length} tables, ${party.rounds} rounds)`;
  if (party.status === "finished") {
    showError("This party is over: its standings are on the party's page.");
    $("name").closest(".form-row").hidden = true;
    $("join").hidden = true;
  } else if (party.status !== "joining") {
    showError("This party has already started: places are taken before round 1 only. You can watch it from the party's page.");
    $("join").disabled = true;
  }
}

start();

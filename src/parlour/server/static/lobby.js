// The lobby, /: the games, the "new table" form built from each game's option
// schema, and the open and finished tables.
//
// Stable hooks for end-to-end tests:
//   data-testid="games"            the list of games; each <li data-testid="game" data-game="polignac">
//                                  with data-testid="game-facts" ("2 or 4 players · french52"; a research
//                                  game's ends "· research game", and research games come last)
//   data-testid="choose-game"      a game's "New table" button (data-game)
//   data-testid="new-table"        the form
//   data-testid="game-select"      the game <select>
//   data-testid="options"          the option fields; each field data-testid="option-NAME"
//                                  (checkbox for a flag, <select> for a choice, text input for an integer)
//   data-testid="option-error-NAME"  that option's validation sentence (empty when valid)
//   data-testid="seats"            one row per seat (.seat-row), as many as the players field's last
//                                  allowed value: data-testid="seat-kind-N" (human|computer|open: a seat a player takes from the lobby)
//                                  and data-testid="seat-agent-N" (shown for a computer; the levels
//                                  first, "medium" chosen; option values are agent names)
//   data-testid="my-name"          your name (kept in this browser: myname.js), sent with the first person's seat,
//                                  the one "take-seat" opens; blank sends none
//   data-testid="seed", "seed-error", "delay", "delay-error"
//   data-testid="trick-pause", "hand-wait" (and their "-error"): the table's pauses for people to see
//   data-testid="form-error"       the server's refusal (e.g. a 422 sentence)
//   data-testid="create"           the submit button
//   data-testid="created"          shown after creation, with data-testid="links":
//     data-testid="seat-link"      one per human seat, data-seat=N; its <input> holds the URL,
//                                  data-testid="copy-link" copies it, data-testid="open-link" opens it
//     data-testid="spectator-link" the spectator URL, same parts
//     data-testid="creator-link"   the creator's URL (gives seats to computers, makes new seat links, switches
//                                  hints), same parts
//   data-testid="take-seat"        opens the first human seat (seat 0 by default) with the creator's link in it
//   data-testid="open-tables", "finished-tables"  each <li data-testid="table-row" data-table-id>
//     with data-testid="spectate-link" and, when finished, data-testid="replay-link"
//   data-testid="refresh"          reloads both lists and the statistics
//   data-testid="new-party"        "Host a Progress Races party": the options (data-testid="event-option-NAME",
//                                  errors "event-option-error-NAME"; the variants under "More options"),
//                                  "party-level" (the computers' level, medium chosen), "party-delay",
//                                  "party-minutes" (a round's time limit), "host-party" (submit),
//                                  "party-error"; then "party-created" with "party-join-link",
//                                  "party-host-link", "party-watch-link" (as the seat links) and
//                                  "open-party" (the host's page)
//   data-testid="parties"          the newest parties: <li data-testid="party-row" data-event-id>
//                                  with data-testid="party-watch"
//   the clock fields, "Your turn" and "Looking for players": hooks in lookingfor.js
//   data-testid="identity"         this browser's player (identity.js: choose a name, rename, device link, revoke)
//   data-testid="stats"            the patience statistics (GET /api/stats): each line
//                                  <li data-testid="stats-line" data-key="golf"> with its name
//                                  (data-testid="stats-name") and data-testid="stats-summary"
//                                  ("played 12, won 3 (25%), best score -4, ..."); "None yet." when empty

import { getJson, request, statsLabel } from "./api.js";
import { copyText, fill, h, labelOf } from "./dom.js";
import { t } from "./i18n.js";
import { clockChoice, renderClockField, startLooking } from "./lookingfor.js";
import { startIdentity } from "./identity.js";
import { keepName, storedName } from "./myname.js";
import { valueInWords } from "./tablehelp.js";

// The agents a computer seat may use (GET /api/agents: the levels first).
let agents = ["random"];
// What the seat menu says for the levels; other agents show their names.
const AGENT_LABELS = { easy: t("easy (heuristic)"), medium: t("medium (search)"), hard: t("hard (deep search)") };
// The agent a computer seat starts with, when the server offers it.
const DEFAULT_AGENT = "medium";
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

let games = [];

// --- option fields ---------------------------------------------------------------

/** The server's sentence for a refused value (engine/options.py `_refuse`). */
export function refusal(option, raw) {
  const shown = raw.trim() ? raw : `'${raw}'`;
  if (option.kind === "choice") return t("option '{name}' must be one of {allowed}, not {shown}", { name: option.name, allowed: option.allowed, shown });
  return t("option '{name}' must be {allowed}, not {shown}", { name: option.name, allowed: option.allowed, shown });
}

/** An integer option's value, or null when `raw` is not allowed. */
export function parseInteger(option, raw) {
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) return null;
  const value = Number.parseInt(raw, 10);
  if (option.minimum !== undefined && value < option.minimum) return null;
  if (option.maximum !== undefined && value > option.maximum) return null;
  return value;
}

// `prefix` keeps the party form's fields apart from the table form's ("event-option-NAME").
function optionField(option, prefix = "option") {
  const id = `${prefix}-${option.name}`;
  const error = h("div", { class: "field-error", "data-testid": `${prefix}-error-${option.name}`, "aria-live": "polite" });
  let input;
  if (option.kind === "flag") {
    input = h("input", { type: "checkbox", id, name: option.name, "data-testid": id, checked: option.default === true });
  } else if (option.kind === "choice") {
    input = h(
      "select",
      { id, name: option.name, "data-testid": id },
      option.choices.map((choice) => h("option", { value: String(choice), selected: choice === option.default }, valueInWords(choice))),
    );
  } else {
    input = h("input", {
      id, name: option.name, "data-testid": id, inputmode: "numeric", value: String(option.default),
      "aria-describedby": `${id}-help`,
    });
    input.addEventListener("input", () => checkInteger(option, input, error));
  }
  if (option.name === "players" && prefix === "option") {
    // the seat rows follow an allowed count only: "30" typed where 8 is the most leaves the rows
    // as they were, beside the field's refusal
    const follow = () => {
      const count = option.kind === "integer" ? parseInteger(option, input.value) : Number(input.value);
      if (count !== null) renderSeats(count);
    };
    input.addEventListener(option.kind === "integer" ? "input" : "change", follow);
  }
  return h(
    "div",
    { class: "form-row" },
    h("label", { for: id }, t(labelOf(option.name))),
    h("div", {}, input, h("div", { class: "help", id: `${id}-help` }, helpText(option)), error),
  );
}

// An option's one-line explanation; an integer's bounds after it (a list or a box shows the other values in words).
const helpText = (option) => (option.kind === "integer" ? `${option.help} (${option.allowed})` : option.help);

function checkInteger(option, input, error) {
  const valid = parseInteger(option, input.value) !== null;
  error.textContent = valid ? "" : refusal(option, input.value);
  input.setAttribute("aria-invalid", String(!valid));
  return valid;
}

// The typed value of every option field, or null if one is invalid.
function optionValues(game, prefix = "option") {
  const values = {};
  let valid = true;
  for (const option of game.options) {
    const input = document.getElementById(`${prefix}-${option.name}`);
    if (option.kind === "flag") values[option.name] = input.checked;
    else if (option.kind === "choice") values[option.name] = option.choices.find((c) => String(c) === input.value) ?? input.value;
    else if (checkInteger(option, input, $(`${prefix}-error-${option.name}`))) values[option.name] = parseInteger(option, input.value);
    else valid = false;
  }
  return valid ? values : null;
}

// --- seats ------------------------------------------------------------------------

function renderSeats(count) {
  const previous = [...document.querySelectorAll("[data-seat-kind]")].map((select) => select.value);
  fill(
    $("seats"),
    Array.from({ length: count }, (_, seat) => {
      const kind = previous[seat] ?? (seat === 0 ? "human" : "computer");
      const agent = h(
        "select",
        { "data-testid": `seat-agent-${seat}`, "aria-label": t("seat {seat} agent", { seat }), hidden: kind !== "computer" },
        agents.map((name) => h("option", { value: name, selected: name === DEFAULT_AGENT }, AGENT_LABELS[name] ?? name)),
      );
      const kindSelect = h(
        "select",
        {
          "data-testid": `seat-kind-${seat}`, "data-seat-kind": seat, "aria-label": t("seat {seat}", { seat }),
          onchange: (event) => { agent.hidden = event.target.value !== "computer"; },
        },
        h("option", { value: "human", selected: kind === "human" }, t("human")),
        h("option", { value: "computer", selected: kind === "computer" }, t("computer")),
        h("option", { value: "open", selected: kind === "open" }, t("open (a player takes it)")),
      );
      return h("div", { class: "seat-row" }, h("span", {}, t("Seat {seat}", { seat })), kindSelect, agent);
    }),
  );
}

// The seats asked for; the first person's seat (the creator's, which "take-seat" opens) carries the name.
function seatChoices() {
  const name = $("my-name").value.trim();
  let named = false;
  return [...document.querySelectorAll("[data-seat-kind]")].map((select) => {
    if (select.value === "human") {
      const seat = { kind: "human" };
      if (name && !named) seat.name = name;
      named = true;
      return seat;
    }
    if (select.value === "open") return { kind: "open" };
    return { kind: "computer", agent: $(`seat-agent-${select.dataset.seatKind}`).value };
  });
}

/** The "Your name" field, before the seats: the name kept in this browser, kept again on each new table. */
function renderNameField() {
  const input = h("input", {
    id: "my-name", "data-testid": "my-name", maxlength: "24", autocomplete: "nickname", value: storedName(),
    "aria-describedby": "my-name-help",
  });
  $("seats").closest("fieldset").before(h(
    "div",
    { class: "form-row" },
    h("label", { for: "my-name" }, t("Your name")),
    h("div", {}, input, h("div", { class: "help", id: "my-name-help" }, t("Shown to the others at the table on your seat, the first person's."))),
  ));
}

// --- the form ---------------------------------------------------------------------

function selectGame(name) {
  const game = games.find((g) => g.name === name);
  $("game-select").value = name;
  for (const item of document.querySelectorAll('[data-testid="game"]')) item.classList.toggle("selected", item.dataset.game === name);
  fill($("options"), game.options.map((option) => optionField(option)));
  const players = game.options.find((option) => option.name === "players");
  renderSeats(players ? Number(players.default) : game.players[0]);
  $("form-error").hidden = true;
}

// An optional number field: its value, undefined when blank, null when invalid.
function optionalNumber(testid, pattern, sentence) {
  const raw = $(testid).value.trim();
  const error = $(`${testid}-error`);
  error.textContent = "";
  if (!raw) return undefined;
  if (!pattern.test(raw)) {
    error.textContent = sentence;
    return null;
  }
  return Number(raw);
}

async function submit(event) {
  event.preventDefault();
  const game = games.find((g) => g.name === $("game-select").value);
  const options = optionValues(game);
  const seed = optionalNumber("seed", /^\d+$/, t("the seed must be a whole number >= 0"));
  const delay = optionalNumber("delay", /^\d+(\.\d+)?$/, t("the delay must be a number of seconds >= 0"));
  // how long people see a finished trick and a hand's result (blank: the server's)
  const trickPause = optionalNumber("trick-pause", /^\d+(\.\d+)?$/, t("the time a trick is shown must be a number of seconds >= 0"));
  const handWait = optionalNumber("hand-wait", /^\d+(\.\d+)?$/, t("the wait after a hand must be a number of seconds >= 0"));
  if (!options || seed === null || delay === null || trickPause === null || handWait === null) {
    document.querySelector('[aria-invalid="true"], .field-error:not(:empty)')?.closest(".form-row")?.querySelector("input, select")?.focus();
    return;
  }
  keepName($("my-name").value);
  const body = { game: game.name, options, seats: seatChoices() };
  if (seed !== undefined) body.seed = seed;
  if (delay !== undefined) body.delay = delay;
  if (trickPause !== undefined) body.trick_pause = trickPause;
  if (handWait !== undefined) body.hand_wait = handWait;
  const clock = clockChoice();
  if (clock) body.clock = clock;
  const button = $("create");
  button.disabled = true;
  const result = await request("/api/tables", { method: "POST", body });
  button.disabled = false;
  const formError = $("form-error");
  formError.hidden = result.ok;
  if (!result.ok) {
    formError.textContent = result.error;
    return;
  }
  showCreated(result.data);
  loadTables();
}

const absolute = (url) => new URL(url, location.origin).href;

function linkRow(testid, label, url, seat = null) {
  const input = h("input", { readonly: true, value: absolute(url), "aria-label": t("{label} link", { label }), onfocus: (e) => e.target.select() });
  const copy = h(
    "button",
    {
      type: "button", "data-testid": "copy-link",
      onclick: async () => {
        await copyText(input.value);
        copy.textContent = t("Copied");
        setTimeout(() => { copy.textContent = t("Copy"); }, 1500);
      },
    },
    t("Copy"),
  );
  return h(
    "li",
    { "data-testid": testid, "data-seat": seat },
    h("span", {}, label),
    input,
    copy,
    h("a", { href: url, "data-testid": "open-link", target: "_blank", rel: "noopener" }, t("Open")),
  );
}

function showCreated(table) {
  const humans = table.seats.filter((seat) => seat.kind === "human" && seat.url);
  fill(
    $("links"),
    humans.map((seat) => linkRow("seat-link", t("Seat {seat}", { seat: seat.seat }), seat.url, seat.seat)),
    linkRow("spectator-link", t("Spectators"), table.url),
    linkRow("creator-link", t("Creator (keep it: seats and hints)"), table.creator_url),
  );
  const take = $("take-seat");
  // the creator's secret rides along in the fragment: the seat's page shows the creator's panel too
  const creator = table.creator_url.split("#")[1];
  take.href = humans.length ? `${humans[0].url}&${creator}` : table.creator_url;
  take.textContent = humans.length ? t("Take seat {seat}", { seat: humans[0].seat }) : t("Watch the table");
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// --- games and tables ---------------------------------------------------------------

/**
 * The numbers of players a game allows (GET /api/games' `player_counts`, smallest
 * first) in words: "1 player", "2 or 4 players", "3–6 players", "3, 4 or 6 players".
 */
export function playerCountsText(counts) {
  if (counts.length === 1) return counts[0] === 1 ? t("1 player") : t("{count} players", { count: counts[0] });
  const low = counts[0];
  const high = counts.at(-1);
  if (counts.length > 2 && high - low === counts.length - 1) return t("{low}–{high} players", { low, high });
  return t("{counts} or {high} players", { counts: counts.slice(0, -1).join(", "), high });
}

/** What the lobby says of a game under its title: its players, its pack, and whether it is a research game. */
export function gameFacts(game) {
  const facts = `${playerCountsText(game.player_counts)} · ${game.deck_title}`;
  return game.research ? `${facts} · ${t("research game")}` : facts;
}

/** The link to a game's leaderboard (/ratings/{game}); none for a patience, where nobody is rated. */
function ratingsLink(game) {
  if (game.player_counts.at(-1) < 2) return null;
  return h("a", { class: "ratings-link", href: `/ratings/${encodeURIComponent(game.name)}`, "data-testid": "ratings-link" }, t("Ratings"));
}

function renderGames() {
  // The research games (GET /api/games' `research`: relatives made small for
  // exact solvers) come after the games people play for themselves.
  const listed = [...games.filter((game) => !game.research), ...games.filter((game) => game.research)];
  fill(
    $("games"),
    listed.map((game) =>
      h(
        "li",
        { class: "game", "data-testid": "game", "data-game": game.name },
        h("h3", {}, game.title),
        h("p", { class: "muted", "data-testid": "game-facts" }, gameFacts(game)),
        h("p", {}, game.description),
        h("button", { type: "button", "data-testid": "choose-game", "data-game": game.name, onclick: () => { selectGame(game.name); $("game-select").focus(); } }, t("New table")),
        ratingsLink(game),
      ),
    ),
  );
  fill($("game-select"), listed.map((game) => h("option", { value: game.name }, game.title)));
}

function tableRow(table) {
  const id = encodeURIComponent(table.id);
  const seats = table.seats.map((seat) => (seat.kind === "computer" ? seat.agent ?? t("computer") : seat.name ?? t("human"))).join(", ");
  const when = table.finished ?? table.created;
  return h(
    "li",
    { "data-testid": "table-row", "data-table-id": table.id },
    h("strong", {}, table.title ?? table.game),
    h("span", { class: "muted" }, `#${table.id}`),
    h("span", {}, t("seats: {seats}", { seats })),
    h("span", {}, table.moves === 1 ? t("1 move") : t("{count} moves", { count: table.moves })),
    table.status === "archived" ? h("span", { class: "muted", "data-testid": "archived" }, t("archived")) : null,
    table.seed_chosen ? h("span", { class: "muted", "data-testid": "seed-chosen" }, t("deals fixed by its creator")) : null,
    table.scores ? h("span", {}, t("scores {scores}", { scores: table.scores.join(" · ") })) : null,
    when ? h("span", { class: "muted" }, new Date(when).toLocaleString()) : null,
    h("a", { href: `/tables/${id}`, "data-testid": "spectate-link" }, table.status === "finished" ? t("final position") : t("spectate")),
    table.status === "finished" ? h("a", { href: `/tables/${id}/replay`, "data-testid": "replay-link" }, t("replay")) : null,
  );
}

// Fills `list` with `row` of each item of GET `path`, or the refusal, or `empty`.
async function loadList(list, path, row, empty) {
  const result = await request(path);
  if (!result.ok) fill(list, h("li", { class: "form-error" }, result.error));
  else if (!result.data.length) fill(list, h("li", { class: "muted" }, empty));
  else fill(list, result.data.map(row));
}

async function loadTables() {
  for (const status of ["open", "finished", "archived"]) {
    await loadList($(`${status}-tables`), `/api/tables?status=${status}`, tableRow, t("None."));
  }
}

function statsLine(line) {
  return h(
    "li",
    { "data-testid": "stats-line", "data-key": line.key },
    h("strong", { "data-testid": "stats-name" }, statsLabel(line)),
    h("span", { "data-testid": "stats-summary" }, line.summary),
  );
}

function loadStats() {
  return loadList($("stats"), "/api/stats", statsLine, t("None yet."));
}

// --- Progress Races parties --------------------------------------------------------

// The options of a party (GET /api/events/form): {title, options, rules}.
let partyForm = null;
// The party options shown first; the others are under "More options".
const PARTY_MAIN_OPTIONS = new Set(["tables", "rounds", "signal"]);

function renderPartyForm() {
  const fields = partyForm.options.map((option) => optionField(option, "event-option"));
  const main = fields.filter((_, index) => PARTY_MAIN_OPTIONS.has(partyForm.options[index].name));
  const more = fields.filter((_, index) => !PARTY_MAIN_OPTIONS.has(partyForm.options[index].name));
  fill($("party-options"), main, h("details", {}, h("summary", {}, t("More options (the rules' variants)")), more));
  fill(
    $("party-level"),
    agents.map((name) => h("option", { value: name, selected: name === DEFAULT_AGENT }, AGENT_LABELS[name] ?? name)),
  );
}

async function submitParty(event) {
  event.preventDefault();
  const options = optionValues(partyForm, "event-option");
  const delay = optionalNumber("party-delay", /^\d+(\.\d+)?$/, t("the delay must be a number of seconds >= 0"));
  const minutes = optionalNumber("party-minutes", /^\d+(\.\d+)?$/, t("the time limit is a number of minutes, e.g. 10"));
  if (!options || delay === null || minutes === null) return;
  const body = { options, level: $("party-level").value };
  if (delay !== undefined) body.delay = delay;
  if (minutes !== undefined) body.time_limit = Math.round(minutes * 60);
  $("host-party").disabled = true;
  const result = await request("/api/events", { method: "POST", body });
  $("host-party").disabled = false;
  $("party-error").hidden = result.ok;
  if (!result.ok) {
    $("party-error").textContent = result.error;
    return;
  }
  fill(
    $("party-links"),
    linkRow("party-join-link", t("Join link (share it)"), result.data.join_url),
    linkRow("party-host-link", t("Your host link (keep it)"), result.data.host_url),
    linkRow("party-watch-link", t("Watch the party"), result.data.url),
  );
  $("open-party").href = result.data.host_url;
  $("party-created").hidden = false;
  loadParties();
}

// A party's status in words.
const STATUS_WORDS = { playing: t("playing"), finished: t("finished"), archived: t("archived") };

function partyRow(party) {
  return h(
    "li",
    { "data-testid": "party-row", "data-event-id": party.id },
    h("strong", {}, `${party.title} #${party.id}`),
    h("span", {}, t("{tables} tables · {rounds} rounds · {status}", { tables: party.tables, rounds: party.rounds, status: STATUS_WORDS[party.status] ?? party.status })),
    party.created ? h("span", { class: "muted" }, new Date(party.created).toLocaleString()) : null,
    h("a", { href: party.url, "data-testid": "party-watch" }, party.status === "finished" ? t("standings") : t("watch")),
  );
}

function loadParties() {
  return loadList($("parties"), "/api/events", partyRow, t("None yet."));
}

async function startParties() {
  try {
    partyForm = await getJson("/api/events/form");
  } catch (error) {
    fill($("party-options"), h("p", { class: "form-error" }, error.message));
    return;
  }
  renderPartyForm();
  $("new-party").addEventListener("submit", submitParty);
  loadParties();
}

async function start() {
  startIdentity();
  try {
    let settings;
    [games, agents, settings] = await Promise.all([
      getJson("/api/games"), getJson("/api/agents"), getJson("/api/server"),
    ]);
    // a blank delay means the server's own --computer-delay
    $("delay").placeholder = String(settings.computer_delay);
    $("party-delay").placeholder = String(settings.computer_delay);
  } catch (error) {
    fill($("games"), h("li", { class: "form-error" }, error.message));
    return;
  }
  renderGames();
  renderNameField();
  renderClockField($("form-error"));
  startLooking(document.querySelector("main"));
  startParties();
  if (games.length) selectGame(games.find((g) => g.name === "polignac")?.name ?? games[0].name);
  $("game-select").addEventListener("change", (event) => selectGame(event.target.value));
  $("new-table").addEventListener("submit", submit);
  const refresh = () => {
    loadTables();
    loadStats();
    loadParties();
  };
  $("refresh").addEventListener("click", refresh);
  refresh();
  setInterval(refresh, 15000);
}

if (typeof document !== "undefined") start();

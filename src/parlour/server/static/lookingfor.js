// The lobby's open seats and clocks (docs/web.md, "Open seats" and "Clocks"):
// the new table's clock, the tables looking for players, and the player's turns.
//
// Stable hooks for end-to-end tests:
//   data-testid="clock-choice"     the new table's clock (<select>: none, real-time and turn-based presets)
//   data-testid="on-timeout"       what a timeout does: easy (the easy computer plays) or forfeit
//   data-testid="your-turn"        the player's tables waiting for his move, most urgent first:
//                                  <li data-testid="turn-row" data-table-id> with a link and the time left
//                                  (hidden when there is none, or no player in this browser)
//   data-testid="looking"          the tables looking for players, grouped by game
//                                  (<section data-testid="looking-game" data-game>): each
//                                  <li data-testid="open-row" data-table-id> with its seats, open seats and
//                                  clock, and data-testid="take-open-seat": one click takes the first open
//                                  seat and opens it (a refusal shows in data-testid="take-error")

import { request } from "./api.js";
import { fill, h } from "./dom.js";
import { clockText, followTurns, timeLeft, withTurnCount } from "./clockview.js";
import { t } from "./i18n.js";

// The clocks a new table may choose: the value sent (without on_timeout) by label.
const CLOCKS = [
  [t("No clock"), null],
  [t("Real time: 30 s a move + 5 min bank"), { kind: "realtime", move: 30, bank: 300 }],
  [t("Real time: 1 min a move + 10 min bank"), { kind: "realtime", move: 60, bank: 600 }],
  [t("Turn-based: 1 day a move"), { kind: "turn", move: 86400 }],
  [t("Turn-based: 3 days a move"), { kind: "turn", move: 3 * 86400 }],
];

/** The clock fields of the new table form, put before `before`. */
export function renderClockField(before) {
  const choice = h(
    "select",
    { id: "clock-choice", "data-testid": "clock-choice" },
    CLOCKS.map(([label], index) => h("option", { value: String(index) }, label)),
  );
  const outcome = h(
    "select",
    { id: "on-timeout", "data-testid": "on-timeout", "aria-label": t("When a seat's time runs out") },
    h("option", { value: "easy" }, t("the easy computer plays the move")),
    h("option", { value: "forfeit" }, t("the seat forfeits the match")),
  );
  before.before(h(
    "div",
    { class: "form-row" },
    h("label", { for: "clock-choice" }, t("Time per move")),
    h("div", {}, choice, " ", outcome, h("div", { class: "help" }, t("Only people's seats are timed; computers move at their own pace."))),
  ));
}

/** The clock the form asks for (`undefined`: none). */
export function clockChoice() {
  const chosen = CLOCKS[Number(document.querySelector('[data-testid="clock-choice"]')?.value ?? 0)]?.[1];
  if (!chosen) return undefined;
  return { ...chosen, on_timeout: document.querySelector('[data-testid="on-timeout"]').value };
}

const BASE_TITLE = document.title;

/** The "Your turn" box and the page's title count (`title` with the count), refreshed with the turns. */
function renderTurns(box, list, title) {
  box.hidden = !list.length;
  fill(
    box.querySelector("ul"),
    list.map((turn) => h(
      "li",
      { "data-testid": "turn-row", "data-table-id": turn.id },
      h("a", { href: turn.url }, t("{game} — table {id}", { game: turn.title, id: turn.id })),
      " ",
      h("span", { class: "muted" }, turn.deadline ? t("{left} left", { left: timeLeft(Date.parse(turn.deadline) - Date.now()) }) : t("no clock")),
    )),
  );
  document.title = withTurnCount(title);
}

/**
 * The player's "Your turn" box (hidden while it is nobody's turn of his), kept
 * fresh; the tab title, `title`, counts the turns: the lobby's and the player's page.
 */
export function turnsBox(title) {
  const box = h("section", { class: "panel wide", "data-testid": "your-turn", hidden: true },
    h("h2", {}, t("Your turn")), h("ul", { class: "tables-list" }));
  followTurns((list) => renderTurns(box, list, title));
  return box;
}

/** One table looking for players, with its one-click "Take a seat". */
function openRow(table) {
  const error = h("span", { class: "form-error", "data-testid": "take-error", role: "alert" });
  const seated = table.seats.filter((seat) => seat.kind !== "open").map((seat) => seat.name ?? t("a person"));
  const take = h("button", {
    type: "button", class: "primary", "data-testid": "take-open-seat",
    onclick: async () => {
      take.disabled = true;
      const seat = table.open_seats[0];
      const result = await request(`/api/tables/${encodeURIComponent(table.id)}/seats/${seat}/take`, { method: "POST", body: {} });
      if (result.ok) {
        location.assign(result.data.url);
        return;
      }
      take.disabled = false;
      error.textContent = result.error;
    },
  }, t("Take a seat"));
  const open = table.open_seats.length;
  return h(
    "li",
    { "data-testid": "open-row", "data-table-id": table.id },
    h("span", { class: "muted" }, `#${table.id}`),
    h("span", {}, seated.length ? t("with {names}", { names: seated.join(", ") }) : ""),
    h("span", {}, open === 1 ? t("1 open seat") : t("{count} open seats", { count: open })),
    h("span", { class: "muted" }, table.clock ? clockText(table.clock) : t("no clock")),
    take,
    error,
  );
}

/** The tables looking for players, grouped by game. */
async function loadLooking(list) {
  const result = await request("/api/lobby/open");
  if (!result.ok) {
    fill(list, h("p", { class: "form-error" }, result.error));
    return;
  }
  if (!result.data.length) {
    fill(list, h("p", { class: "muted" }, t("None: open a table with an open seat, and it is listed here.")));
    return;
  }
  const games = new Map();
  for (const table of result.data) {
    if (!games.has(table.game)) games.set(table.game, { title: table.title, tables: [] });
    games.get(table.game).tables.push(table);
  }
  fill(list, [...games].map(([game, { title, tables }]) => h(
    "section",
    { "data-testid": "looking-game", "data-game": game },
    h("h3", {}, title),
    h("ul", { class: "tables-list" }, tables.map(openRow)),
  )));
}

/** The lobby's "Your turn" box and "Looking for players" panel, put first in `main`; kept fresh. */
export function startLooking(main) {
  const box = turnsBox(BASE_TITLE);
  const looking = h("div", { "data-testid": "looking" });
  const refresh = h("button", { type: "button", onclick: () => loadLooking(looking) }, t("Refresh"));
  main.prepend(box, h("section", { class: "panel wide" }, h("h2", {}, t("Looking for players"), " ", refresh), looking));
  loadLooking(looking);
  setInterval(() => loadLooking(looking), 15000);
}

// Clocks and open seats on the table page and in the lobby (docs/web.md,
// "Open seats" and "Clocks"), and a player's turns in the tab title.
//
// Stable hooks for end-to-end tests:
//   data-testid="clock"            the table's clock (hidden without one): data-kind (realtime|turn),
//                                  data-deadline (ISO, empty while nobody's time runs), data-to-move;
//                                  in it "clock-left" (the time left of the seat to move: m:ss, or days
//                                  and hours) and "clock-banks" (a real-time clock's bank per seat)
//   data-testid="timeout-line"     a timeout in the table's log (data-seat, data-outcome: easy|forfeit)
//   data-testid="open-notice"      shown while the table waits for players: its open seats; the creator
//                                  also gets data-testid="start-table" (the computers take the open seats)
//   document.title                 starts with "(N) " while N of the player's tables wait for his move

import { request } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A length of time in words: "30 s", "5 min", "2 h", "3 d" (whole units; mixed when needed). */
export function duration(seconds) {
  const whole = Math.round(seconds);
  if (whole < 60) return t("{count} s", { count: whole });
  if (whole < 3600 && whole % 60 === 0) return t("{count} min", { count: whole / 60 });
  if (whole < 3600) return t("{minutes} min {seconds} s", { minutes: Math.floor(whole / 60), seconds: whole % 60 });
  if (whole % 86400 === 0) return t("{count} d", { count: whole / 86400 });
  if (whole < 86400 && whole % 3600 === 0) return t("{count} h", { count: whole / 3600 });
  return t("{hours} h {minutes} min", { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60) });
}

/** The time left until `deadline` (ms from now): "4:05" under an hour, else days, hours and minutes. */
export function timeLeft(milliseconds) {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days ? t("{days} d {hours} h", { days, hours }) : t("{hours} h {minutes} min", { hours, minutes });
}

/** A clock in words: "Real time: 30 s a move + 5 min time bank; on time out the easy computer plays". */
export function clockText(clock) {
  const kind = clock.kind === "realtime"
    ? t("Real time: {move} a move + {bank} time bank", { move: duration(clock.move), bank: duration(clock.bank) })
    : t("Turn-based: {move} a move", { move: duration(clock.move) });
  const outcome = clock.on_timeout === "forfeit" ? t("on time out the seat forfeits the match") : t("on time out the easy computer plays");
  return `${kind}; ${outcome}`;
}

/** The clock's panel (created before `before` the first time): who is to move and how long he has left. */
export function renderClock(before, view) {
  let panel = document.querySelector('[data-testid="clock"]');
  if (!panel) {
    panel = h("div", { class: "notice clock", "data-testid": "clock", "aria-live": "off" });
    before.before(panel);
  }
  const clock = view.clock;
  panel.hidden = !clock;
  if (!clock) return;
  panel.dataset.kind = clock.kind;
  panel.dataset.deadline = clock.deadline ?? "";
  panel.dataset.toMove = clock.to_move ?? "";
  const names = view.table.seats.map((seat) => seat.name);
  const running = clock.deadline && clock.to_move !== null && view.status === "playing";
  const left = running
    ? t("{name} to move: {left} left", { name: names[clock.to_move], left: timeLeft(Date.parse(clock.deadline) - Date.now()) })
    : "";
  const banks = clock.banks
    ? t("Time banks: {banks}", { banks: clock.banks.map((bank, seat) => `${names[seat]} ${timeLeft(bank * 1000)}`).join(" · ") })
    : "";
  panel.replaceChildren(
    h("span", { class: "muted" }, clockText(clock)),
    " ",
    h("strong", { "data-testid": "clock-left" }, left),
    " ",
    h("span", { class: "muted", "data-testid": "clock-banks" }, banks),
  );
}

/** The sentence of a timeout in the log. */
export function timeoutText(timeout, name) {
  return timeout.outcome === "forfeit"
    ? t("{name} ran out of time and forfeits the match", { name })
    : t("{name} ran out of time: Easy played for them", { name });
}

/** Puts each timeout of the view's clock in the log `list` (drawn by renderLog), before the line it came before. */
export function placeTimeouts(list, view) {
  for (const timeout of view.clock?.timeouts ?? []) {
    const name = view.table.seats[timeout.seat]?.name ?? String(timeout.seat);
    const item = h("li", { class: "timeout", "data-testid": "timeout-line", "data-seat": timeout.seat, "data-outcome": timeout.outcome }, timeoutText(timeout, name));
    const next = list.querySelector(`li[data-line="${timeout.line}"]`);
    if (next) next.before(item);
    else if (!list.querySelector("li[data-line]") || timeout.line >= Number(list.lastElementChild?.dataset.line ?? 0)) list.append(item);
  }
}

/** The notice of a table that waits for players (created before `before`), with the creator's start button. */
export function renderOpenNotice(before, view, onStart) {
  let notice = document.querySelector('[data-testid="open-notice"]');
  if (!notice) {
    notice = h("div", { class: "notice", "data-testid": "open-notice", role: "status" });
    before.before(notice);
  }
  notice.hidden = view.status !== "open";
  if (notice.hidden) return;
  const open = view.table.seats.filter((seat) => seat.kind === "open").length;
  notice.replaceChildren(
    h("span", {}, open === 1 ? t("Waiting for players: 1 seat is open.") : t("Waiting for players: {count} seats are open.", { count: open })),
    onStart ? " " : null,
    onStart ? h("button", { type: "button", "data-testid": "start-table", onclick: onStart }, t("Start now: computers take the open seats")) : null,
  );
}

// --- a player's turns --------------------------------------------------------------

let turns = [];
let asked = 0;
const listeners = [];

/** `title` with the count of the player's tables waiting for his move: "(2) parlour". */
export function withTurnCount(title) {
  return turns.length ? `(${turns.length}) ${title}` : title;
}

/** Asks the server for the player's turns again (at most every 5 s unless `now`); tells the listeners. */
export async function refreshTurns(now = false) {
  if (!now && Date.now() - asked < 5000) return;
  asked = Date.now();
  const result = await request("/api/players/me/turns");
  // no player in this browser (403): nothing to count
  turns = result.ok ? result.data : [];
  for (const listener of listeners) listener(turns);
}

/** Follows the player's turns: `listener(turns)` after each refresh, every 30 s. */
export function followTurns(listener) {
  listeners.push(listener);
  refreshTurns(true);
  setInterval(() => refreshTurns(true), 30000);
}

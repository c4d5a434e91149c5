// Time to see (docs/web.md, "Time to see"): what the table page keeps on
// the felt so that a person sees what happened.
//
// - A finished trick stays in the middle until the next card is played or
//   the table's trick pause (view.table.pauses.trick seconds) passes; when
//   the viewer is to lead it stays until he plays or clicks Continue. Then
//   its cards go to the winner's seat.
// - A hand's result (view.hand_end, the server's wait for the people) is
//   drawn on the felt: each seat's change and total, the lines of the log
//   that its last move added, and Continue for a person the next hand waits
//   for (POST /api/tables/{id}/continue); a seat-tiles board shows the cards
//   the hand's end showed (a showdown's) face up on their tiles meanwhile.
// - A card played slides from its seat to the trick.
// Every animation is left out when the reader prefers reduced motion (the
// media query, read here; app.css says the same for its own).
//
// Stable hooks for end-to-end tests:
//   the trick (data-testid="trick") has data-finished="true" while a finished trick is kept, its
//   winner's card class "winner"; data-testid="trick-continue" the viewer's Continue when he leads
//   data-testid="hand-end"         the hand's result on the felt, data-hand=N; rows data-testid="hand-end-row"
//                                  data-seat, data-change; data-testid="hand-end-lines" (li each);
//                                  data-testid="continue" for a person the next hand waits for;
//                                  data-testid="hand-end-waiting" who is still to continue and the deadline
//   a tile's seat-card has data-shown="true" when it shows a card of the hand's end
//   the board has data-motion="reduced" when animations are left out

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** Whether the reader asked for reduced motion (no animation then). */
export function reducedMotion() {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const ARRIVE_MS = 300;
const TO_WINNER_MS = 450;

/** The key of a finished trick: its cards and winner, and the hand it was played in. */
const trickKey = (observation) => JSON.stringify([observation.hand_results?.length ?? 0, observation.zones?.last_trick]);

/**
 * Which finished trick the felt keeps in view. `onChange` redraws the page
 * when a kept trick goes (after its pause, or a Continue click).
 */
export class TrickKeeper {
  constructor(onChange) {
    this.onChange = onChange;
    this.key = null; // the trick seen last
    this.kept = false; // whether it is still shown
    this.timer = null;
    this.leaving = false; // its cards are on their way to the winner
  }

  /** Takes a view; returns the trick to keep ({cards, winner}) or null. */
  update(view) {
    const observation = view.observation;
    const zones = observation.zones ?? {};
    const pause = view.table.pauses?.trick ?? 0;
    const last = zones.last_trick;
    if (!("trick" in zones) || pause <= 0 || !last?.cards?.length || zones.trick.length) {
      // no pause here, or the next card is played: the trick is gone
      this.forget(trickKey(observation));
      return null;
    }
    const key = trickKey(observation);
    if (key !== this.key) {
      this.forget(key);
      this.kept = true;
      const leads = view.seat !== null && observation.to_move === view.seat && !view.hand_end;
      // the viewer who leads keeps it until he plays or continues; for the
      // others it is on its way to the winner when the pause ends, which is
      // when a computer to move plays on
      if (!leads) this.timer = setTimeout(() => this.release(), Math.max(0, pause * 1000 - TO_WINNER_MS));
    }
    return this.kept ? last : null;
  }

  forget(key) {
    clearTimeout(this.timer);
    this.timer = null;
    // another trick: the last one's way to its winner is over
    if (key !== this.key) this.leaving = false;
    this.key = key;
    this.kept = false;
  }

  /** Sends the kept trick to its winner, then redraws without it. */
  release() {
    if (!this.kept || this.leaving) return;
    clearTimeout(this.timer);
    this.timer = null;
    const key = this.key;
    const done = () => {
      this.leaving = false;
      // a trick finished meanwhile is another one, kept on
      if (this.key !== key) return;
      this.kept = false;
      this.onChange();
    };
    const trick = document.querySelector('[data-testid="trick"][data-finished="true"]');
    if (!trick || reducedMotion()) {
      done();
      return;
    }
    this.leaving = true;
    sendToWinner(trick);
    setTimeout(done, TO_WINNER_MS);
  }
}

/** The observation the felt draws: a kept trick in the middle, a hand's shown cards on their tiles. */
export function feltObservation(observation, keptTrick, handEnd) {
  let drawn = observation;
  if (keptTrick) drawn = { ...drawn, zones: { ...drawn.zones, trick: keptTrick.cards } };
  const shown = handEnd?.shown ?? [];
  if (shown.length) {
    const cards = new Map(shown.map(({ seat, card }) => [seat, card]));
    drawn = { ...drawn, players: drawn.players.map((player) => (cards.has(player.seat) ? { ...player, card: cards.get(player.seat) } : player)) };
  }
  return drawn;
}

/** Centre of an element, in page pixels. */
function centre(element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

const seatElement = (board, seat) => board.querySelector(`[data-testid="seat"][data-seat="${seat}"]`);

/**
 * Marks the felt drawn from a view: the kept trick (finished, its winner's
 * card, the leader's Continue), the tiles showing a hand's end, and the
 * newest card of a trick sliding in from its seat (`arrived`: whether one
 * was just played).
 */
export function markFelt(board, { keptTrick, handEnd, arrived, onContinueTrick }) {
  board.dataset.motion = reducedMotion() ? "reduced" : "full";
  const trick = board.querySelector('[data-testid="trick"]');
  if (trick && keptTrick) {
    trick.dataset.finished = "true";
    trick.dataset.winner = keptTrick.winner;
    for (const figure of trick.querySelectorAll('[data-testid="trick-card"]')) {
      figure.classList.toggle("winner", Number(figure.dataset.seat) === keptTrick.winner);
    }
    if (onContinueTrick) {
      trick.append(h("button", { type: "button", class: "trick-continue", "data-testid": "trick-continue", onclick: onContinueTrick }, t("Continue")));
    }
  }
  for (const { seat } of handEnd?.shown ?? []) {
    const card = seatElement(board, seat)?.querySelector('[data-testid="seat-card"]');
    if (card) card.dataset.shown = "true";
  }
  if (arrived && trick && !keptTrick && !reducedMotion()) {
    const figures = trick.querySelectorAll('[data-testid="trick-card"]');
    const newest = figures[figures.length - 1];
    const from = newest && seatElement(board, newest.dataset.seat);
    const card = newest?.querySelector(".card");
    if (from && card) {
      const start = centre(from);
      const end = centre(card);
      card.style.setProperty("--dx", `${Math.round(start.x - end.x)}px`);
      card.style.setProperty("--dy", `${Math.round(start.y - end.y)}px`);
      newest.classList.add("arrive");
      setTimeout(() => newest.classList.remove("arrive"), ARRIVE_MS + 50);
    }
  }
}

/** Slides every card of the kept `trick` to its winner's seat. */
function sendToWinner(trick) {
  const board = trick.closest('[data-testid="board"]');
  const winner = board && seatElement(board, trick.dataset.winner);
  if (!winner) return;
  const target = centre(winner);
  for (const card of trick.querySelectorAll('[data-testid="trick-card"] .card')) {
    const at = centre(card);
    card.style.setProperty("--wx", `${Math.round(target.x - at.x)}px`);
    card.style.setProperty("--wy", `${Math.round(target.y - at.y)}px`);
  }
  trick.querySelector('[data-testid="trick-continue"]')?.remove();
  trick.classList.add("to-winner");
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** "P1", "P1 and P3", "P0, P1 and P3". */
function listed(names) {
  if (names.length < 2) return names.join("");
  return t("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/** Seconds left until `deadline` (ISO 8601), never below 0. */
const secondsLeft = (deadline) => Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));

/**
 * The hand's result on the felt (view.hand_end): each seat's change and
 * total (and lives, where seats have them), the lines of the log that the
 * hand's last move added, and Continue (`onContinue`) when the viewer is
 * one the next hand waits for.
 */
export function renderHandEnd(view, seating, { handWord = "hand", onContinue, pending = false }) {
  const handEnd = view.hand_end;
  const observation = view.observation;
  const change = observation.hand_results?.[handEnd.hand - 1] ?? [];
  const hasLives = observation.players.some((player) => Number.isInteger(player.lives));
  const start = observation.log_start ?? 0;
  const [first, end] = handEnd.lines;
  const lines = (observation.log ?? []).filter((_, index) => start + index >= first && start + index < end);
  const mine = view.seat !== null && handEnd.waiting.includes(view.seat);
  const others = handEnd.waiting.filter((seat) => seat !== view.seat).map((seat) => seating.name(seat));
  const word = handWord.charAt(0).toUpperCase() + handWord.slice(1);
  return h(
    "section",
    { class: "hand-end", "data-testid": "hand-end", "data-hand": handEnd.hand, "aria-live": "polite" },
    h("h2", {}, t("{Hand} {number} is over", { Hand: word, number: handEnd.hand })),
    h(
      "table",
      { class: "grid numbers" },
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("This hand")), h("th", { scope: "col" }, t("Total")), hasLives ? h("th", { scope: "col" }, t("Lives")) : null),
      ),
      h(
        "tbody",
        {},
        observation.players.map((player, index) =>
          h(
            "tr",
            { "data-testid": "hand-end-row", "data-seat": player.seat, "data-change": change[index] ?? 0 },
            h("th", { scope: "row" }, seating.longName(player.seat)),
            h("td", {}, signed(change[index] ?? 0)),
            h("td", {}, String(player.score)),
            hasLives ? h("td", {}, String(player.lives)) : null,
          ),
        ),
      ),
    ),
    lines.length ? h("ul", { class: "hand-end-lines", "data-testid": "hand-end-lines" }, lines.map((line) => h("li", {}, line))) : null,
    h(
      "p",
      { class: "hand-end-waiting", "data-testid": "hand-end-waiting" },
      others.length ? t("Waiting for {names} to continue.", { names: listed(others) }) + " " : "",
      h("span", { class: "wait-countdown", "data-deadline": handEnd.deadline }, t("The next hand starts by itself in {seconds} s.", { seconds: secondsLeft(handEnd.deadline) })),
    ),
    mine ? h("button", { type: "button", class: "continue", "data-testid": "continue", disabled: pending, onclick: onContinue }, t("Continue")) : null,
  );
}

/** Brings every countdown on the page up to date (called each second). */
export function tickCountdowns() {
  for (const element of document.querySelectorAll(".hand-end .wait-countdown[data-deadline]")) {
    element.textContent = t("The next hand starts by itself in {seconds} s.", { seconds: secondsLeft(element.dataset.deadline) });
  }
}

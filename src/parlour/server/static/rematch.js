// The rematch a finished table offers (docs/web.md, "Play again"): the same
// people and computers at a new table of the same game and options, every
// seat moved on by one, made when every person has accepted. The view's
// `rematch` says each seat's answer, who has not accepted and the new table;
// a seat's own view also holds `url`, its new seat's link, which table.js
// follows.
//
// Stable hooks for end-to-end tests:
//   data-testid="rematch"          the offer, in the summary after the replay link (data-table: the new
//                                  table once made)
//   data-testid="rematch-accept"   a seat's "Play again" (aria-pressed="true" once accepted)
//   data-testid="rematch-decline"  a seat's "Not this time" (aria-pressed="true" once declined)
//   data-testid="rematch-seat"     "In the rematch you sit where Random 1 sits now."
//   data-testid="rematch-status"   who has not accepted: "P2 declined. Waiting for P0 (you) to accept." or, once made,
//                                  "Everyone accepted: the rematch is at table 8."
//   data-testid="rematch-link"     once made: the seat's place at the new table (a spectator's: the table)

import { seatLabel } from "./board.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The rematch part of a finished table's summary. `rematch` is the view's,
 * `seating` the table's Seating, `viewer` the page's seat (null for a
 * spectator); `onAnswer(accept)` sends the seat's answer, and `sending`
 * says one is on its way.
 */
export function renderRematch(rematch, { seating, viewer, sending, onAnswer }) {
  const made = rematch.table !== null;
  const mine = viewer === null ? null : rematch.seats.find((seat) => seat.seat === viewer);
  const children = [
    h(
      "p",
      {},
      t("Play again: the same players at a new table, each moved on one seat."),
      mine ? [" ", h("span", { "data-testid": "rematch-seat" }, t("In the rematch you sit where {seat} sits now.", { seat: seating.name(mine.new_seat) }))] : null,
    ),
  ];
  if (mine && !made) children.push(answerButtons(mine.answer, sending, onAnswer));
  children.push(h("p", { "data-testid": "rematch-status", "aria-live": "polite" }, statusSentence(rematch, seating)));
  if (made) {
    const link = mine ? rematch.url : `/tables/${encodeURIComponent(rematch.table)}`;
    const words = mine ? t("Take your seat at table {table}", { table: rematch.table }) : t("Watch the rematch at table {table}", { table: rematch.table });
    if (link) children.push(h("p", {}, h("a", { href: link, "data-testid": "rematch-link" }, words)));
  }
  return h("section", { class: "rematch", "data-testid": "rematch", dataset: made ? { table: rematch.table } : {} }, children);
}

/** "Play again" and "Not this time", the seat's current answer pressed. */
function answerButtons(answer, sending, onAnswer) {
  const button = (testid, accept, words, pressed) =>
    h("button", {
      type: "button", class: accept ? "primary" : null, "data-testid": testid, "aria-pressed": String(pressed),
      disabled: sending || pressed, onclick: () => onAnswer(accept),
    }, words);
  return h(
    "p",
    { class: "rematch-buttons" },
    button("rematch-accept", true, t("Play again"), answer === "accepted"),
    " ",
    button("rematch-decline", false, t("Not this time"), answer === "declined"),
  );
}

/** Who declined and who has not answered yet, or where the rematch is once made. */
function statusSentence(rematch, seating) {
  if (rematch.table !== null) return t("Everyone accepted: the rematch is at table {table}.", { table: rematch.table });
  const named = (answer) =>
    rematch.seats
      .filter((seat) => rematch.waiting.includes(seat.seat) && seat.answer === answer)
      .map((seat) => seatLabel(seating, seat))
      .join(", ");
  const declined = named("declined");
  const unanswered = named(null);
  return [
    declined ? t("{names} declined.", { names: declined }) : null,
    unanswered ? t("Waiting for {names} to accept.", { names: unanswered }) : null,
  ]
    .filter(Boolean)
    .join(" ");
}

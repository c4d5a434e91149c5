// What the party pages share (docs/web.md, "Progress Races parties"): the
// panels drawn from an event view: the tables, who moved where, the
// standings. The page's party id and token and its live socket come from
// api.js, as a table's do. Names come from people: they are only ever set
// as text (dom.js's h), never as markup.
//
// Stable hooks for end-to-end tests (in each page that shows them):
//   data-testid="phase"          the round as a sentence; data-phase (ready|playing|over),
//                                data-round, data-status (joining|playing|finished)
//   data-testid="tables"         each table <section data-testid="event-table" data-table=N
//                                data-status="waiting|playing|finished|stopped">, its seats
//                                <tr data-testid="table-seat" data-player data-seat data-role>
//                                (class "to-move", aria-current on the player to move) with
//                                data-testid="seat-total", "seat-cards" and "seat-hand-score"
//   data-testid="moves"          who moved after the last signal: <li data-testid="move"
//                                data-player data-from-table data-to-table data-role>, or one
//                                <li data-testid="no-moves"> saying why nobody has
//   data-testid="standings"      rows <tr data-testid="standing" data-player data-place> with
//                                data-testid="standing-total" (and "standing-last", the last round's
//                                score, on the party page); the viewer's row has class "me"
//   data-testid="winners"        the winners once the party is over
//   data-testid="countdown"      the time left in the round when a time limit is set

import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

/** The party's round and phase as a sentence, on `element` with its data-*. */
export function renderPhase(element, event) {
  let text;
  if (event.status === "joining") text = t("Waiting for players: {joined} joined; the host starts round 1 of {rounds}.", { joined: event.joined, rounds: event.rounds });
  else if (event.phase === "playing") text = t("Round {round} of {rounds} is being played.", { round: event.round, rounds: event.rounds });
  else if (event.phase === "ready") text = t("Round {round} of {rounds} is over: players move; the host starts round {next}.", { round: event.round, rounds: event.rounds, next: event.round + 1 });
  else text = t("The party is over after {rounds} rounds.", { rounds: event.rounds });
  element.textContent = text;
  element.dataset.phase = event.phase;
  element.dataset.round = event.round;
  element.dataset.status = event.status;
}

// A player's role at his table in words (the rules' Up and Down).
const ROLE_WORDS = { Up: t("Up"), Down: t("Down") };
/** A role (Up, Down) in the page's language. */
export const roleWord = (role) => ROLE_WORDS[role] ?? role;

const TABLE_STATUS = {
  waiting: t("waiting for the round"), playing: t("playing"), finished: t("hand over"), stopped: t("stopped by the signal"),
};

/** Every table with its four players; `me` (a player or null) is marked. */
export function renderTables(element, event, me = null) {
  const kinds = new Map(event.places.map((place) => [place.player, place]));
  fill(
    element,
    event.tables.map((table) =>
      h(
        "section",
        { class: "event-table", "data-testid": "event-table", "data-table": table.number, "data-status": table.status },
        h("h3", {}, table.number === 1 ? t("Table {number} (head)", { number: table.number }) : t("Table {number}", { number: table.number }), " ", h("span", { class: "muted" }, `— ${TABLE_STATUS[table.status] ?? table.status}`)),
        h("div", { class: "scroll" }, h(
          "table",
          { class: "grid" },
          h("thead", {}, h("tr", {}, [t("Player"), t("Role"), t("Cards"), t("Hand"), t("Total")].map((label) => h("th", { scope: "col" }, label)))),
          h(
            "tbody",
            {},
            table.seats.map((seat) => {
              const toMove = table.to_move === seat.player;
              const kind = kinds.get(seat.player)?.kind;
              const who = `${seat.seat}. ${seat.player === me ? t("{name} (you)", { name: seat.name }) : seat.name}`;
              return h(
                "tr",
                {
                  class: [toMove ? "to-move" : "", seat.player === me ? "me" : ""].join(" ").trim() || null,
                  "aria-current": toMove ? "true" : null,
                  "data-testid": "table-seat", "data-player": seat.player, "data-seat": seat.seat, "data-role": seat.role,
                },
                h(
                  "th",
                  { scope: "row" },
                  who,
                  kind === "computer" ? h("span", { class: "muted small" }, ` ${t("computer")}`) : null,
                  seat.dealer ? h("span", { class: "badge" }, t("dealer")) : null,
                  toMove ? h("span", { class: "badge turn-badge" }, t("to move")) : null,
                ),
                h("td", {}, roleWord(seat.role)),
                h("td", { "data-testid": "seat-cards" }, seat.cards === undefined ? "—" : String(seat.cards)),
                h("td", { "data-testid": "seat-hand-score" }, seat.hand_score === undefined ? "—" : String(seat.hand_score)),
                h("td", { "data-testid": "seat-total" }, String(seat.total)),
              );
            }),
          ),
        )),
      ),
    ),
  );
}

/** Why the list of moves is empty: before round 1, while a round is played, or at the end. */
function noMovesText(event) {
  if (event.phase === "over") return t("Nobody moves after the last round: the party is over; see the standings.");
  return event.round === 0 ? t("Nobody has moved yet.") : t("No moves: the round is being played.");
}

/**
 * Where `move` took its player, after the subject ("Ann (Up) " or "you "): "moves
 * up from table 1 to table 2, seat 3"; at a party of one table the mover stays at
 * table 1, in his seat ("stays at table 1, seat 2") or another ("stays at table 1
 * and moves to seat 1"). `you` conjugates for the player himself ("move", "stay").
 */
export function moveText(move, { you = false } = {}) {
  const fields = { from: move.from_table, table: move.to_table, seat: move.to_seat };
  if (move.from_table !== move.to_table) {
    if (move.role === "Up") return you ? t("move up from table {from} to table {table}, seat {seat}", fields) : t("moves up from table {from} to table {table}, seat {seat}", fields);
    return you ? t("move down from table {from} to table {table}, seat {seat}", fields) : t("moves down from table {from} to table {table}, seat {seat}", fields);
  }
  if (move.from_seat !== move.to_seat) return you ? t("stay at table {table} and move to seat {seat}", fields) : t("stays at table {table} and moves to seat {seat}", fields);
  return you ? t("stay at table {table}, seat {seat}", fields) : t("stays at table {table}, seat {seat}", fields);
}

/** Who moved where after the last signal, or why nobody has. */
export function renderMoves(element, event, me = null) {
  const names = new Map(event.places.map((place) => [place.player, place.name]));
  if (!event.moves.length) {
    fill(element, h("li", { class: "muted", "data-testid": "no-moves" }, noMovesText(event)));
    return;
  }
  fill(
    element,
    event.moves.map((move) =>
      h(
        "li",
        {
          "data-testid": "move", "data-player": move.player, "data-role": move.role,
          "data-from-table": move.from_table, "data-to-table": move.to_table, class: move.player === me ? "me" : null,
        },
        h("strong", {}, names.get(move.player) ?? t("Player {number}", { number: move.player + 1 })),
        ` (${roleWord(move.role)}) ${moveText(move)}`,
      ),
    ),
  );
}

/**
 * The standings by place (lowest total first), and the winners at the end;
 * `compact` (a side panel) shows the place, name and total only.
 */
export function renderStandings(element, winnersElement, event, me = null, { compact = false } = {}) {
  const last = event.round_scores.at(-1) ?? null;
  const full = (cell) => (compact ? null : cell);
  const labels = compact ? [t("Place"), t("Player"), t("Total")] : [t("Place"), t("Player"), t("Role"), t("Table"), t("Hands won"), last ? t("Round {round}", { round: event.round_scores.length }) : null, t("Total")];
  fill(
    element,
    h(
      "table",
      { class: "grid standings" },
      h("thead", {}, h("tr", {}, labels.filter(Boolean).map((label) => h("th", { scope: "col" }, label)))),
      h(
        "tbody",
        {},
        event.standings.map((line) =>
          h(
            "tr",
            {
              "data-testid": "standing", "data-player": line.player, "data-place": line.place,
              class: [event.winners.includes(line.player) ? "winner" : "", line.player === me ? "me" : ""].join(" ").trim() || null,
            },
            h("td", { class: "num" }, String(line.place)),
            h("th", { scope: "row" }, line.player === me ? t("{name} (you)", { name: line.name }) : line.name),
            full(h("td", {}, roleWord(line.role))),
            full(h("td", { class: "num" }, String(line.table))),
            full(h("td", { class: "num" }, String(line.hands_won))),
            compact || !last ? null : h("td", { class: "num", "data-testid": "standing-last" }, String(last[line.player])),
            h("td", { class: "num", "data-testid": "standing-total" }, String(line.total)),
          ),
        ),
      ),
    ),
  );
  const names = new Map(event.places.map((place) => [place.player, place.name]));
  const winners = event.winners.map((player) => names.get(player));
  winnersElement.hidden = !winners.length;
  const roles = Object.entries(event.role_winners ?? {}).map(([role, players]) => t("best {role}: {names}", { role: roleWord(role), names: players.map((p) => names.get(p)).join(", ") }));
  const winning = t("The party is won by {names}", { names: winners.join(t(" and ")) });
  fill(winnersElement, winners.length ? `${winning}${roles.length ? ` (${roles.join("; ")})` : ""}.` : "");
}

/**
 * Shows the time left in the round on `element` every second while the
 * view has a deadline; returns the interval's id so a new view replaces it.
 */
export function startCountdown(element, event, previous = null) {
  if (previous) clearInterval(previous);
  const deadline = event.phase === "playing" && event.deadline ? Date.parse(event.deadline) : null;
  element.hidden = deadline === null;
  if (deadline === null) return null;
  const tick = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    element.textContent = t("Time left in the round: {time}", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` });
  };
  tick();
  return setInterval(tick, 1000);
}

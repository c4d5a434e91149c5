// A player's own page at a party, /events/{id}/play#token=T: his table's
// Progress hand drawn by board.js (the same felt, hand and log as a table
// page), which table he sits at this round (it follows him from table to
// table), who moved where, and the standings.
//
// Stable hooks for end-to-end tests, beside those of event-common.js:
//   data-testid="where"      "Table 2, seat 1 — you play Down: ..."; data-table, data-seat, data-role
//   data-testid="moved"      after a signal: where the player moved, or that he stays
//   data-testid="turn"       whose turn as a sentence; data-my-turn="true|false",
//                            data-hand-over="true" once the hand at his table has ended
//   data-testid="tables"     between rounds, every table (event-common.js) in place of the felt
//   data-testid="table-mates" between rounds, in place of the scores: who sits at the player's
//                            table next round (<li data-player>)
//   data-testid="board"      the felt (hidden between rounds), with data-round and data-move-number (moves at this table
//                            this round) of the view drawn
//   data-testid="hand", "calls", "scores", "piles", "log"   as on the table page (board.js):
//                            each card <button data-card data-legal data-action-id>, each call
//                            <button data-testid="call" data-action-id>
//   data-testid="hint", "hint-text"   the hint for the player to move
//   data-testid="message"    a refusal (hidden when empty)
//   data-testid="rules-button", "rules-dialog", "table-options", "rules"   the party's rules and
//                            options in words, as on a table page (tablehelp.js)
//   document.title, data-testid="turn-sound"   the tab title's mark and the sound when it is the
//                            player's turn, as on a table page (turnsignal.js)

import { followLive, getJson, pageEventId, pageToken, request } from "./api.js";
import { layoutOf, loadSchemaKeys, renderFelt, renderHand, renderLog, renderPiles, renderScores, Seating, turnText } from "./board.js";
import { CardBook } from "./cards.js";
import { fill, h, showSeedNotice } from "./dom.js";
import { moveText, renderMoves, roleWord, renderPhase, renderStandings, renderTables, startCountdown } from "./event-common.js";
import { t } from "./i18n.js";
import { bindRulesDialog, renderRules, renderTableOptions } from "./tablehelp.js";
import { markedTitle, TurnSound } from "./turnsignal.js";

const eventId = pageEventId();
const token = pageToken();
const book = new CardBook();
const DECK = "progress53";
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

let current = null;
let games = [];
let sending = false;
let countdown = null;
let hint = null;
// the party's rules and options (GET /api/events/form), shown in the Rules dialog
let form = null;
const turnSound = new TurnSound($("turn-sound"));

// true while the message says that the server cannot be reached: the next
// view from the server (a reconnected socket resends it) proves otherwise
let messageIsUnreachable = false;

/** Shows a sentence under the felt (null hides it); `unreachable` when it is the network failure's (status 0). */
function showMessage(sentence, unreachable = false) {
  $("message").textContent = sentence ?? "";
  $("message").hidden = !sentence;
  messageIsUnreachable = Boolean(sentence) && unreachable;
}

const isNewer = (view) => !current || view.event.steps >= current.event.steps;

function receive(view) {
  if (!isNewer(view)) return;
  current = view;
  sending = false;
  if (messageIsUnreachable) showMessage(null);
  render(view);
}

function render(view) {
  const event = view.event;
  const me = view.player;
  const name = event.places[me]?.name ?? "";
  const mine = Boolean(view.observation) && !view.observation.places && view.observation.to_move === view.seat;
  document.title = markedTitle(`${t("{name} at table {table}", { name, table: view.table })} — Progress Races`, mine);
  turnSound.update(mine);
  if (form) renderTableOptions($("table-options"), form, event.options, book.title(DECK));
  $("title").textContent = `${t("Progress Races party {id}", { id: event.id })} — ${name}`;
  const where = $("where");
  // at a party of one table a mover only changes seats: there is no table up or down
  const direction = event.tables.length > 1 ? (view.role === "Up" ? t(": when you move, you move up a table") : t(": when you move, you move down a table")) : "";
  const place = view.table === 1 ? t("Table {table} (the head table), seat {seat}", { table: view.table, seat: view.seat }) : t("Table {table}, seat {seat}", { table: view.table, seat: view.seat });
  where.textContent = t("{place} — you play {role}{direction}.", { place, role: roleWord(view.role), direction });
  Object.assign(where.dataset, { table: view.table, seat: view.seat, role: view.role });
  renderPhase($("phase"), event);
  showSeedNotice($("seed-notice"), event.seed_chosen, t("of this party"), t("its host"));
  renderMoved(view);
  renderMoves($("moves"), event, me);
  renderStandings($("standings"), $("winners"), event, me, { compact: true });
  countdown = startCountdown($("countdown"), event, countdown);
  renderTable(view);
}

function renderMoved(view) {
  const moved = $("moved");
  const event = view.event;
  moved.hidden = event.phase !== "ready" || !event.moves.length;
  if (moved.hidden) return;
  const mine = event.moves.find((move) => move.player === view.player);
  moved.textContent = mine
    ? t("After round {round} you {move}.", { round: event.round, move: moveText(mine, { you: true }) })
    : t("After round {round} you stay at table {table} (seat {seat}).", { round: event.round, table: view.table, seat: view.seat });
}

function renderTable(view) {
  const observation = view.observation;
  const turn = $("turn");
  Object.assign($("board").dataset, { round: view.round, moveNumber: view.move_number });
  if (!observation) {
    const event = view.event;
    turn.textContent = event.phase === "over" ? t("The party is over: see the standings.")
      : t("Waiting for the host to start round {round}.", { round: event.round + 1 });
    turn.dataset.myTurn = "false";
    turn.dataset.handOver = "false";
    turn.classList.remove("mine");
    $("board").hidden = true;
    $("tables-panel").hidden = false;
    renderTables($("tables"), event, view.player);
    fill($("hand"));
    fill($("calls"));
    fill($("log"));
    $("piles-panel").hidden = true;
    $("hint-row").hidden = true;
    // who sits with the player when the next round starts
    fill($("scores"), event.phase === "over" ? null : h(
      "ul",
      { class: "moves", "data-testid": "table-mates" },
      view.seats.map((seat) => h("li", { "data-player": seat.player }, `${t("Seat {seat}", { seat: seat.seat })}: ${seat.player === view.player ? t("{name} (you)", { name: seat.name }) : seat.name}${seat.kind === "computer" ? ` (${t("computer")})` : ""}`)),
    ));
    return;
  }
  $("board").hidden = false;
  $("tables-panel").hidden = true;
  const seating = new Seating(observation, view.seats, view.seat);
  const over = Boolean(observation.places);
  const mine = !over && observation.to_move === view.seat;
  turn.textContent = over ? t("The hand at your table is over: waiting for the signal.") : turnText(observation, seating);
  turn.dataset.myTurn = String(mine);
  turn.dataset.handOver = String(over);
  turn.classList.toggle("mine", mine);
  const layout = layoutOf(games.find((g) => g.name === observation.game));
  renderFelt($("board"), observation, { book, seating, layout });
  if (hint && (hint.round !== view.round || hint.move_number !== view.move_number)) hint = null;
  renderHand($("hand"), $("calls"), observation, { book, onPlay: play, hinted: hint?.action ?? null });
  $("hint-row").hidden = !mine;
  $("hint-text").textContent = hint ? t("{level} would play {move}", { level: t(hint.level.charAt(0).toUpperCase() + hint.level.slice(1)), move: hint.label ?? hint.text }) : "";
  renderScores($("scores"), observation, seating);
  renderPiles($("piles"), observation, { book, seating, layout });
  renderLog($("log"), observation);
}

async function play(text, actionId) {
  if (!current || sending) return;
  showMessage(null);
  sending = true;
  const move = actionId !== null ? { action: actionId } : { text };
  const body = { token, ...move, round: current.round, move_number: current.move_number };
  const result = await request(`/api/events/${encodeURIComponent(eventId)}/moves`, { method: "POST", body });
  sending = false;
  if (result.ok) receive(result.data);
  else showMessage(result.error, result.status === 0);
}

async function askHint() {
  if (!current) return;
  $("hint").disabled = true;
  const result = await request(`/api/events/${encodeURIComponent(eventId)}/hint`, { token });
  $("hint").disabled = false;
  if (!result.ok) showMessage(result.error, result.status === 0);
  else if (current && result.data.round === current.round && result.data.move_number === current.move_number) {
    hint = result.data;
    renderTable(current);
  }
}

async function start() {
  if (!eventId || !token) {
    showMessage(t("This address is not a player's link: join the party with the host's join link."));
    return;
  }
  $("event-link").href = `/events/${encodeURIComponent(eventId)}`;
  $("hint").addEventListener("click", askHint);
  bindRulesDialog();
  getJson("/api/events/form").then((answer) => {
    form = answer;
    renderRules(form);
    if (current) render(current);
  }).catch(() => {});
  try {
    await loadSchemaKeys(getJson);
  } catch (error) {
    showMessage(error.message);
    return;
  }
  try {
    await book.load(DECK, getJson);
  } catch (error) {
    showMessage(error.message);
  }
  try {
    // each game's layout; without it the felt is the round table
    games = await getJson("/api/games");
  } catch (error) {
    showMessage(error.message);
  }
  followLive(`/events/${encodeURIComponent(eventId)}`, token, $("connection"), {
    onView: receive,
    onError: (sentence, status) => {
      sending = false;
      showMessage(sentence, status === 0);
    },
  });
}

start();

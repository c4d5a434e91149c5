// The replay page, /tables/{id}/replay: a finished table, move by move, with
// every hand face up (GET /api/tables/{id}/replay/{k}).
//
// Stable hooks for end-to-end tests (besides the table page's board, scores,
// last-trick, extras, hand-results, log, turn and summary):
//   data-testid="replay-slider"       the move slider (0 … total); the Home/End/arrow keys work anywhere
//   data-testid="replay-first", "replay-back", "replay-forward", "replay-last"
//   data-testid="replay-position"     "Move k of total" (data-move, data-total)
//   data-testid="replay-mover"        who made move k: "by P2 (Ann)", "by P1 (computer)" (data-seat)
//   data-testid="replay-last-action"  the text of move k
//   data-testid="download-record"     the JSON record link
//   data-testid="message"             a refusal (e.g. the table is still being played)
//   data-testid="rules-button"        the game's rules and the table's options in words (tablehelp.js)
//   data-testid="replay-chat"         the table's chat up to the move shown (hooks in chat.js)
// Each seat's face-up hand is in its data-testid="seat" panel; cards carry data-card.

import { getJson, pageTableId, request } from "./api.js";
import {
  layoutOf, loadSchemaKeys, renderExtras, renderFelt, renderHandResults, renderLastTrick, renderLog, renderPiles, renderScores,
  renderSummary, Seating, seatLabel, turnText,
} from "./board.js";
import { CardBook } from "./cards.js";
import { renderReplayChat } from "./chat.js";
import { t } from "./i18n.js";
import { bindRulesDialog, renderRules, renderTableOptions } from "./tablehelp.js";

const tableId = pageTableId();
const book = new CardBook();
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const positions = new Map(); // move number → replay position, fetched once
let total = 0;
let wanted = 0; // the move the user asked for last; slower answers are dropped
let games = [];
let chat = []; // the table's chat messages (GET /api/tables/{id}/chat), read once

function showMessage(sentence) {
  $("message").textContent = sentence ?? "";
  $("message").hidden = !sentence;
}

async function fetchPosition(k) {
  if (!positions.has(k)) {
    const result = await request(`/api/tables/${encodeURIComponent(tableId)}/replay/${k}`);
    if (!result.ok) throw new Error(result.error);
    positions.set(k, result.data);
  }
  return positions.get(k);
}

async function show(k) {
  wanted = Math.max(0, Math.min(total, k));
  $("replay-slider").value = String(wanted);
  let position;
  try {
    position = await fetchPosition(wanted);
  } catch (error) {
    showMessage(error.message);
    return;
  }
  const observation = position.public;
  const game = games.find((g) => g.name === observation.game);
  await book.load(position.deck, getJson);
  await book.ensure(position.hands.flat(), getJson);
  if (position.move_number !== wanted) return;
  showMessage(null);
  const seating = new Seating(observation);
  const title = t("{game} — replay of table {id}", { game: game?.title ?? observation.game, id: tableId });
  $("title").textContent = title;
  document.title = `${title} — parlour`;
  const where = $("replay-position");
  where.textContent = t("Move {number} of {total}", { number: position.move_number, total: position.total });
  where.dataset.move = position.move_number;
  where.dataset.total = position.total;
  renderMover($("replay-mover"), position, observation);
  $("replay-last-action").textContent = position.last_action ? `— ${position.last_action}` : "";
  $("turn").textContent = turnText(observation, seating);
  const layout = layoutOf(game);
  renderFelt($("board"), observation, { book, seating, layout, hands: position.hands, handWord: game?.hand_word });
  renderScores($("scores"), observation, seating);
  renderLastTrick($("last-trick"), observation, { book, seating });
  renderPiles($("piles"), observation, { book, seating, layout });
  renderExtras($("extras"), observation, { book, seating, layout });
  renderHandResults($("hand-results"), observation, seating, game?.hand_word);
  renderLog($("log"), observation);
  renderSummary($("summary"), observation, seating);
  renderReplayChat($("replay-chat"), $("replay-chat-list"), chat, position.move_number, position.total);
  if (game) renderRules(game);
  renderTableOptions($("table-options"), game, observation.options, book.title(position.deck));
}

/** Who made the position's last move: his seat, marked a computer's, and its display name if it has one. */
function renderMover(element, position, observation) {
  const mover = position.seats.find((seat) => seat.seat === position.mover);
  element.textContent = mover ? t("by {who}", { who: seatLabel(new Seating(observation, position.seats), mover) }) : "";
  if (mover) element.dataset.seat = mover.seat;
  else delete element.dataset.seat;
}

function bindControls() {
  const slider = $("replay-slider");
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("replay-first").addEventListener("click", () => show(0));
  $("replay-back").addEventListener("click", () => show(wanted - 1));
  $("replay-forward").addEventListener("click", () => show(wanted + 1));
  $("replay-last").addEventListener("click", () => show(total));
  document.addEventListener("keydown", (event) => {
    // the slider handles its own arrow keys
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step) show(wanted + step);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(total);
    else return;
    event.preventDefault();
  });
}

async function start() {
  if (!tableId) {
    showMessage(t("This address names no table."));
    return;
  }
  bindRulesDialog();
  $("download-record").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("download-record").setAttribute("download", `parlour-table-${tableId}.json`);
  try {
    await loadSchemaKeys(getJson);
    games = await getJson("/api/games");
    total = (await fetchPosition(0)).total;
    chat = await getJson(`/api/tables/${encodeURIComponent(tableId)}/chat`);
  } catch (error) {
    showMessage(error.message);
    return;
  }
  $("replay-slider").max = String(total);
  bindControls();
  show(0);
}

start();

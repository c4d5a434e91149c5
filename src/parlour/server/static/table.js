// The table page, /tables/{id}#token=T (a seat; api.js's pageSecret keeps the
// token) or /tables/{id} (a spectator).
//
// It keeps only the latest *view* (docs/web.md) and redraws everything from
// it, so a reload or a reconnect shows exactly the same table.
//
// Stable hooks for end-to-end tests:
//   data-testid="title"            the table's title
//   data-testid="connection"       live / connecting… / reconnecting… (data-state: live|connecting|offline)
//   data-testid="turn"             whose turn and what he decides, as a sentence: "Your turn: Lead a card
//                                  to the trick." (data-to-move: the seat, data-my-turn: true|false); the tab
//                                  title and the sound say it too (hooks in turnsignal.js)
//   data-testid="board"            the felt
//   data-testid="seat"             one per seat on the felt, data-seat=N, aria-current="true" on the seat to move
//   data-testid="seat-cards"       another seat's hidden hand as backs, data-count=N
//   data-testid="seat-flags", "seat-score"
//   a one-card game with lives (layout seat-tiles, Ranter Go Round) draws each seat as a tile instead, in play order
//   from the dealer's left (the felt has class "tiled"): data-testid="seat" data-seat=N (class "out"
//   when it has no lives), in it "seat-card" (data-face: up|down|none, the card's data-card when up),
//   "seat-lives" (data-lives=N), "seat-lost" (lost a life in the last hand), "seat-board" (morris),
//   and "seat-flags" with each flag a badge data-flag="dealer"; "table-info" the hand, pot and stock
//   data-testid="trick"            the current trick; each card data-testid="trick-card" data-seat data-card
//   data-testid="turnup", "zone-NAME"  the turn-up and other public piles
//   data-testid="hand"             the viewer's hand; each card a <button data-card="JS" data-legal="true|false">
//                                  with data-action-id on legal cards
//   data-testid="calls"            calls (pass, capot, ...): <button data-testid="call" data-action-id="33">
//   the board has data-layout, the layout kind its game declares (GET /api/games)
//   a rummy table (layout meld-table, Progress Rummy) draws its felt in rows: data-testid="table-info" (info-round,
//   info-contract, zone-stock data-count, zone-discard data-card, info-taken), the seats (with
//   "seat-known", the cards a seat is known to hold, and data-flag="down"), data-testid="melds" with each
//   meld a data-testid="meld" (data-meld="m1", data-owner, data-kind, data-text; a button for a seat: a
//   click lays off or swaps), a Progress card in it data-as="7St" with its label "p-as-label", and
//   data-testid="building" (the meld being put down step by step); the hand selects cards and
//   data-testid="meld-bar" holds the Meld / Discard buttons (hooks in meldhand.js)
//   a patience (Golf, Calculation, Baker's Dozen, Clock: patience.js's layouts) draws its tableau on the felt (class
//   "patience"; hooks in patience.js): a click on a card that can move (data-legal="true") selects
//   it, a click on a pile then plays it there (or drag it there); the felt has data-move-number
//   data-testid="hint"             "Hint" (in data-testid="hint-row", shown on the seat's turn when the table's
//                                  hints are on): asks
//                                  GET /api/tables/{id}/hint; data-testid="hint-text" then says
//                                  "Hard would play J♠" and that card or call has data-hinted="true"
//                                  (on a patience's tableau too, with its target pile marked
//                                  data-hint-target="true"; see patience.js) until the next move
//                                  a patience's hint says its move in words instead: "Move 1Cr from column 7
//                                  onto 2Mo on the pile" (the hint's sentence)
//   data-testid="undo", "redo"     a patience seat's Undo and Redo (in data-testid="undo-row", shown at a
//                                  patience): POST /api/tables/{id}/undo|redo; disabled when the view's
//                                  can_undo / can_redo is false (nothing to take back or play again)
//   data-testid="message"          the engine's refusal or any other error (hidden when empty)
//   data-testid="seat-bar"         a seat's name and leave: "name-form" (data-testid="name-input", "name-save"),
//                                  asked for when this browser keeps no name (myname.js), else "my-name" with
//                                  "change-name"; "leave" gives the seat to a computer (the page then watches)
//   data-testid="elsewhere"        shown when another window acts for this seat (the view's elsewhere): the
//                                  hand is inert, "take-over" makes this window the one (the other is told so)
//   data-testid="creator-panel"    with the creator's link (#creator=C): each seat a data-testid="creator-seat"
//                                  data-seat=N (data-kind, data-present) with "to-computer" (a person's seat
//                                  nobody has open) and "new-link" (a computer's or an absent person's), whose
//                                  link shows in "fresh-link"; "hints-switch", the table's hints on or off
//   data-testid="spectator"        shown to a spectator instead of a hand
//   data-testid="scores"           the scores table (each score cell data-testid="score", rows data-seat), in
//                                  data-testid="scores-panel" (hidden at a patience)
//   data-testid="patience-stats"   at a patience, instead of the scores (in "patience-stats-panel"): the
//                                  server's statistics of its game and options (GET /api/tables/{id}/stats)
//                                  and this game's, each a <dd data-stat="played|won|best|streak|moves|score">
//   data-testid="last-trick"       the last finished trick
//   data-testid="piles"            a round table's list piles (Played, Won) when its middle holds the trick, the
//                                  turns or the count: each data-testid="zone-NAME" (in "piles-panel", hidden without)
//   data-testid="extras"           game-specific keys; each value <dd data-extra="KEY">
//   data-testid="hand-results"     per-hand changes with totals
//   data-testid="log"              the public log; each <li data-line=N> numbered from log_start
//   data-testid="rules-button"     opens the game's rules and this table's options in words (hooks in tablehelp.js)
//   data-testid="chat"             the table's chat: its messages, the box to write in, the mutes (hooks in chat.js);
//                                  the creator's panel has "spectator-chat-switch"; hidden at a patience (one seat)
//   data-testid="summary"          the end-of-match summary (hidden while playing); rows data-seat, data-place
//   data-testid="replay-link"      in the summary, the replay of the finished table
//   data-testid="rating-changes"   in a finished rated table's summary, each seat's rating change (ratingchange.js)
//   data-testid="rematch"          after it, the rematch the finished table offers (hooks in rematch.js):
//                                  when it is made, a page that saw it offered goes to its new seat
//   time to see (a finished trick kept, a hand's result and its Continue, the cards' motion): hooks in seeing.js
//   data-testid="patience-record"  in a finished patience's summary, the server's statistics of
//                                  its game and options (GET /api/tables/{id}/stats), e.g.
//                                  "Clock record: played 3, won 1 (33%), best score 0, ..."
// Every card anywhere carries data-card with the observation's text and an
// aria-label with the card's full name; in its face each suit glyph is a
// <g data-suit="Moons">, and a Decktet face writes its rank and name in
// <text class="rank"> and <text class="name"> (one per line).

import { followLive, getJson, pageSecret, pageTableId, pageToken, request, statsLabel } from "./api.js";
import {
  layoutOf, loadSchemaKeys, renderExtras, renderFelt, renderHand, renderHandResults,
  renderLastTrick, renderLog, renderPiles, renderScores, renderSummary, Seating, turnText,
} from "./board.js";
import { CardBook } from "./cards.js";
import { followTurns, placeTimeouts, refreshTurns, renderClock, renderOpenNotice, withTurnCount } from "./clockview.js";
import { ChatBox } from "./chat.js";
import { copyText, fill, h, showSeedNotice } from "./dom.js";
import { t } from "./i18n.js";
import { MeldHand } from "./meldhand.js";
import { keepName, storedName } from "./myname.js";
import { isPatience, PatienceTable } from "./patience.js";
import { renderRatingChanges } from "./ratingchange.js";
import { renderRematch } from "./rematch.js";
import { feltObservation, markFelt, renderHandEnd, TrickKeeper, tickCountdowns } from "./seeing.js";
import { bindRulesDialog, renderRules, renderTableOptions } from "./tablehelp.js";
import { markedTitle, TurnSound } from "./turnsignal.js";

const tableId = pageTableId();
// a seat's token; null once the seat is given away (the page then watches)
let token = pageToken();
// whether this page holds a seat: by its token, or by this browser's player (docs/web.md, "Players":
// the server opens a player's seat by his cookie when no token is given)
const seated = () => Boolean(token) || (current?.seat ?? null) !== null;
// the creator's token (#creator=C): the creator's panel
const creator = pageSecret("creator");
const book = new CardBook();
const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);

let games = [];
let current = null; // the latest view
let socket = null;
// true from sending a move until the next view or refusal, so a double
// click sends once
let sending = false;
// the latest hint ({action, text, level, move_number}), shown while the
// table is at its move; true while one is being worked out
let hint = null;
let hintPending = false;
// a rummy table's card selection (meldhand.js), kept across views
const meldHand = new MeldHand();
// a patience's tableau and its selected card (patience.js), kept across views
const patience = new PatienceTable();
const turnSound = new TurnSound($("turn-sound"));
// a patience's statistics line (GET /api/tables/{id}/stats), shown in its
// panel and, once this table is counted in it, in the summary; asked for
// once while the game is played and once more when it is over
let record = null;
let recordAskedAt = null;
// the finished trick kept in view (seeing.js), redrawn when it goes
const trickKeeper = new TrickKeeper(() => redraw());
// the trick as last drawn, to slide in a card just played
let drawnTrick = { moveNumber: null, length: 0 };
// true while this seat's Continue after a hand's result is on its way
let continuing = false;
// the table's chat (chat.js), which follows the views and the socket's chat messages
const chatBox = new ChatBox($("chat"), tableId, { token: () => token });

// true once a view offered the rematch not made yet: when it is made, this
// page goes to its seat at the new table (a page opened later shows the link)
let rematchOffered = false;
// true from sending a rematch answer until its reply
let answering = false;

// the name form is open (asked for, or "Change name" clicked); a name being sent
let editingName = false;
// this window acted for its seat until another took it over
let takenOver = false;
let namePending = false;
// the name this page last sent for its seat, so that a refusal is not sent again at every view
let nameSent = null;
// the new links the creator made here, by seat, shown until the seat changes hands
const freshLinks = new Map();

// true while the message says that the server cannot be reached: the next
// view from the server (a reconnected socket resends it) proves otherwise
let messageIsUnreachable = false;

/** Shows a sentence under the felt (null hides it); `unreachable` when it is the network failure's (status 0). */
function showMessage(sentence, unreachable = false) {
  const message = $("message");
  message.textContent = sentence ?? "";
  message.hidden = !sentence;
  messageIsUnreachable = Boolean(sentence) && unreachable;
}

// The card texts of an observation that must be drawable.
function cardTexts(observation) {
  const zones = observation.zones ?? {};
  const texts = [...(observation.hand ?? [])];
  for (const action of observation.legal ?? []) if (action.card) texts.push(action.card);
  for (const [name, value] of Object.entries(zones)) {
    if (name === "trick") texts.push(...value.map((play) => play.card));
    else if (name === "last_trick") texts.push(...(value?.cards ?? []).map((play) => play.card));
    else if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) texts.push(...value.filter((item) => typeof item === "string"));
  }
  return texts;
}

/**
 * Takes a view from the server. The socket's views (type "view") come in
 * order, and an undo's answer is the table's newest: they are drawn even
 * when their move number is lower (a move taken back); any other answer
 * over HTTP that is older than the view drawn is late and left out.
 */
async function receive(view, newest = view.type === "view") {
  if (current && !newest && view.move_number < current.move_number) return;
  // a seat given away (left, or given a new link by the creator): the page watches from now on
  if (token && view.seat === null && view.type === "view") {
    loseSeat();
    return;
  }
  // the window that acted for the seat and is told now that another does
  if (view.elsewhere && current?.seat === view.seat && current.elsewhere === false) takenOver = true;
  else if (!view.elsewhere) takenOver = false;
  current = view;
  // a new view may change the player's turns here or elsewhere (the tab title counts them)
  refreshTurns();
  // a seat opened by this browser's player (no token) plays like one opened by its link
  if (!token) $("hand").closest(".my-hand").classList.toggle("spectating", view.seat === null);
  // any fresh view answers a move in flight (or follows a reconnect)
  sending = false;
  if (messageIsUnreachable) showMessage(null);
  if (view.rematch?.table === null) rematchOffered = true;
  else if (view.rematch?.url && rematchOffered) {
    // once: a second view naming the rematch (the socket's, then a fetch's)
    // would start the navigation again and abort the first
    rematchOffered = false;
    location.assign(view.rematch.url);
    return;
  }
  const game = games.find((g) => g.name === view.table.game);
  await book.load(view.table.deck, getJson);
  await book.ensure(cardTexts(view.observation), getJson);
  if (view === current) render(view, game);
  chatBox.follow(view);
  syncName(view);
}

function render(view, game) {
  const observation = view.observation;
  // a hint holds for the position it was asked at
  if (hint && hint.move_number !== view.move_number) hint = null;
  const seating = new Seating(observation, view.table.seats, view.seat);
  const title = t("{game} — table {id}", { game: view.table.title ?? game?.title ?? view.table.game, id: view.table.id });
  const handEnd = view.hand_end ?? null;
  // while a hand's result waits for the people nobody is to move
  const myTurn = view.seat !== null && observation.to_move === view.seat && !observation.places && !handEnd;
  $("title").textContent = title;
  document.title = withTurnCount(markedTitle(`${title} — parlour`, myTurn));
  $("turn-sound").parentElement.hidden = view.seat === null;
  turnSound.update(myTurn);
  showSeedNotice($("seed-notice"), view.table.seed_chosen, t("at this table"), t("its creator"));
  $("archived-notice").hidden = view.status !== "archived";

  const turn = $("turn");
  turn.textContent = handEnd
    ? t("The next hand begins when everyone has seen how hand {number} ended.", { number: handEnd.hand })
    : turnText(observation, seating);
  turn.dataset.toMove = observation.to_move;
  turn.dataset.myTurn = String(myTurn);
  turn.classList.toggle("mine", myTurn);

  const layout = layoutOf(game);
  const onMeld = layout === "meld-table" && view.seat !== null ? (name) => meldHand.onMeld(name) : null;
  if (isPatience(layout)) {
    patience.render($("board"), observation, {
      book, layout, onPlay: view.seat !== null ? play : null, moveNumber: view.move_number, hinted: hint?.action ?? null,
    });
    if (recordAskedAt !== view.status) loadRecord(view.status);
  } else {
    const keptTrick = trickKeeper.update(view);
    const trickLength = (observation.zones?.trick ?? []).length;
    const arrived = drawnTrick.moveNumber !== view.move_number && trickLength === drawnTrick.length + 1;
    drawnTrick = { moveNumber: view.move_number, length: trickLength };
    renderFelt($("board"), feltObservation(observation, keptTrick, handEnd), { book, seating, layout, onMeld, handWord: game?.hand_word });
    markFelt($("board"), { keptTrick, handEnd, arrived, onContinueTrick: keptTrick && myTurn ? () => trickKeeper.release() : null });
    if (handEnd) $("board").append(renderHandEnd(view, seating, { handWord: game?.hand_word, onContinue: continueHand, pending: continuing }));
  }
  $("board").dataset.moveNumber = view.move_number;
  // a patience's moves are made on the tableau; its buttons stay as a compact fallback
  $("calls").classList.toggle("compact", isPatience(layout));
  renderMyHand(view, layout);
  renderSeatBar(view);
  renderElsewhere(view);
  renderCreatorPanel(view);
  $("scores-panel").hidden = isPatience(layout);
  $("patience-stats-panel").hidden = !isPatience(layout);
  if (isPatience(layout)) renderPatienceStats($("patience-stats"), view);
  else renderScores($("scores"), observation, seating);
  renderLastTrick($("last-trick"), observation, { book, seating });
  renderPiles($("piles"), observation, { book, seating, layout });
  renderExtras($("extras"), observation, { book, seating, layout });
  renderHandResults($("hand-results"), observation, seating, game?.hand_word);
  renderLog($("log"), observation);
  placeTimeouts($("log"), view);
  renderClock($("turn"), view);
  renderOpenNotice($("turn"), view, creator ? () => creatorStep("start", {}) : null);
  renderSummary($("summary"), observation, seating, [
    record?.counted ? h("p", { class: "record", "data-testid": "patience-record" }, t("{name} record: {summary}", { name: statsLabel(record), summary: record.summary })) : null,
    h("p", {}, h("a", { href: `/tables/${encodeURIComponent(tableId)}/replay`, "data-testid": "replay-link" }, t("Replay this match")), " · ", h("a", { href: "/" }, t("Back to the lobby"))),
    view.ratings ? renderRatingChanges(view.ratings, view.table.seats, view.table.game) : null,
    view.rematch ? renderRematch(view.rematch, { seating, viewer: view.seat, sending: answering, onAnswer: answerRematch }) : null,
  ]);
  if (game) renderRules(game);
  renderTableOptions($("table-options"), game, view.table.options, book.title(view.table.deck));
}

/** Redraws the latest view (after something beside it changed: a hint, the record). */
function redraw() {
  if (current) render(current, games.find((g) => g.name === current.table.game));
}

/** Fetches the statistics of a patience's game (once for the view's `status`), then shows them. */
async function loadRecord(status) {
  recordAskedAt = status;
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/stats`);
  if (!result.ok) return;
  record = result.data;
  redraw();
}

/** A patience's statistics panel: its game's line at this server, then this game's moves and score. */
function renderPatienceStats(panel, view) {
  const item = (stat, label, value) => [h("dt", {}, label), h("dd", { "data-stat": stat }, String(value))];
  const player = view.observation.players?.[0] ?? {};
  const rows = [];
  if (record) {
    rows.push(
      ...item("played", t("Games played"), record.played),
      ...item("won", t("Games won"), record.won),
      ...item("best", t("Best score"), record.best ?? t("none yet")),
      ...item("streak", t("Run of wins"), t("{streak} (longest {longest})", { streak: record.streak, longest: record.longest })),
    );
  }
  rows.push(...item("moves", t("Moves this game"), view.observation.moves ?? view.move_number), ...item("score", t("Score this game"), player.score ?? 0));
  panel.replaceChildren(
    h("p", { class: "muted", "data-testid": "patience-stats-title" }, record ? t("{name} at this server", { name: statsLabel(record) }) : t("This game")),
    h("dl", {}, ...rows),
  );
}

/** The viewer's hand, calls and hint (on the board of `layout`); a spectator's note instead. */
function renderMyHand(view, layout) {
  if (view.seat === null) {
    $("spectator").hidden = false;
    return;
  }
  const observation = view.observation;
  const options = { book, onPlay: play, onMessage: showMessage, hinted: hint?.action ?? null };
  // the next hand's cards wait with the people
  $("hand").closest(".my-hand").classList.toggle("held", Boolean(view.hand_end));
  if (layout === "meld-table") meldHand.render(observation, { hand: $("hand"), calls: $("calls"), bar: $("meld-bar") }, options);
  else renderHand($("hand"), $("calls"), observation, options);
  $("hint-row").hidden = observation.to_move !== view.seat || Boolean(observation.places) || Boolean(view.hand_end) || !view.table.hints;
  const button = $("hint");
  button.disabled = hintPending;
  button.textContent = hintPending ? t("Thinking…") : t("Hint");
  const level = hint ? t(hint.level.charAt(0).toUpperCase() + hint.level.slice(1)) : "";
  // a patience's hint says its move in words
  $("hint-text").textContent = hint ? hint.sentence ?? t("{level} would play {move}", { level, move: hint.label ?? hint.text }) : "";
  renderUndo(view);
}

/** A patience seat's Undo and Redo, enabled when the view says they would be taken. */
function renderUndo(view) {
  $("undo-row").hidden = !("can_undo" in view);
  $("undo").disabled = sending || !view.can_undo;
  $("redo").disabled = sending || !view.can_redo;
}

/** Takes back the last move (`path` "undo") or plays it again ("redo"), through the server. */
async function undoOrRedo(path) {
  if (!seated() || !current || sending || current.elsewhere) return;
  showMessage(null);
  sending = true;
  renderUndo(current);
  const body = { token, move_number: current.move_number };
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/${path}`, { method: "POST", body });
  sending = false;
  // with the socket open its views, which come in order, draw the change:
  // the answer drawn too could come before an earlier change's view
  if (result.ok && !socket?.isOpen) await receive(result.data, true);
  else if (result.ok) renderUndo(current);
  else {
    showMessage(result.error, result.status === 0);
    renderUndo(current);
  }
}

/** Sends the seat's answer to the rematch (`accept` true or false); its view comes back. */
async function answerRematch(accept) {
  if (!token || answering) return;
  showMessage(null);
  answering = true;
  redraw();
  const body = { token, accept };
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST", body });
  answering = false;
  if (result.ok) await receive(result.data, true);
  else {
    showMessage(result.error, result.status === 0);
    redraw();
  }
}

/** Says that this seat has seen the hand's result: the next hand begins once every person has. */
async function continueHand() {
  if (!seated() || !current?.hand_end || continuing) return;
  showMessage(null);
  continuing = true;
  redraw();
  const body = { token, hand: current.hand_end.hand };
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/continue`, { method: "POST", body });
  continuing = false;
  // with the socket open its view draws the change, in order with the others
  if (result.ok && !socket?.isOpen) await receive(result.data, true);
  else if (!result.ok) showMessage(result.error, result.status === 0);
  redraw();
}

/** Asks what the hint level would play here; shown unless the table has moved on meanwhile. */
async function askHint() {
  if (!seated() || !current || hintPending || current.elsewhere) return;
  showMessage(null);
  hintPending = true;
  renderMyHand(current);
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/hint`, { token });
  hintPending = false;
  if (result.ok && result.data.move_number === current.move_number) hint = result.data;
  else if (!result.ok) showMessage(result.error, result.status === 0);
  // a patience marks the hint on its tableau too
  const layout = layoutOf(games.find((g) => g.name === current.table.game));
  if (isPatience(layout)) redraw();
  else renderMyHand(current, layout);
}

/**
 * Plays a card or call, over the socket when it is open, else over HTTP. A
 * legal action goes by id; anything else goes as its text so that the
 * engine's sentence explains the refusal.
 */
async function play(text, actionId) {
  if (!seated() || !current || sending || current.elsewhere) return;
  showMessage(null);
  sending = true;
  const moveNumber = current.move_number;
  const move = actionId !== null ? { action: actionId } : { text };
  if (socket?.sendMove(move, moveNumber)) return;
  const body = { token, ...move, move_number: moveNumber };
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/moves`, { method: "POST", body });
  sending = false;
  if (result.ok) await receive(result.data);
  else showMessage(result.error, result.status === 0);
}

// --- names and seats (docs/web.md, "Names and seats") ------------------------------

/** Sends the name this browser keeps when the seat shows another (once a name: a refusal is not sent again). */
function syncName(view) {
  // a player's seat shows his player's name, changed on the lobby
  if (view.seat === null || namePending || view.elsewhere || view.table.seats[view.seat].player != null) return;
  const wanted = storedName();
  if (wanted && wanted !== view.table.seats[view.seat].name && wanted !== nameSent) sendName(wanted);
}

/** Names this seat `name` at the table (and keeps it in the browser once the server takes it). */
async function sendName(name) {
  if (!token || namePending) return;
  namePending = true;
  nameSent = name;
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/name`, { method: "POST", body: { token, name } });
  namePending = false;
  if (result.ok) {
    keepName(result.data.table.seats[result.data.seat].name);
    editingName = false;
    showMessage(null);
    await receive(result.data, true);
  } else {
    editingName = true;
    showMessage(result.error, result.status === 0);
    if (current) renderSeatBar(current);
  }
}

/** The seat's bar: its name (asked for when none is known) and the way to leave. */
function renderSeatBar(view) {
  const bar = $("seat-bar");
  bar.hidden = view.seat === null;
  if (view.seat === null) return;
  const seat = view.table.seats[view.seat];
  const leave = h("button", { type: "button", "data-testid": "leave", onclick: leaveTable, disabled: view.status === "finished" }, t("Leave the table"));
  if (seat.player != null) {
    // a player's seat: his name is his player's (renamed on the lobby, at all of his tables)
    fill(bar, h("a", { "data-testid": "my-name", href: `/players/${encodeURIComponent(seat.player)}` }, t("You are {name} at this table.", { name: seat.name })), " ", leave);
    return;
  }
  if (editingName || (!seat.named && !storedName())) {
    // a form being typed in stays as it is
    if (bar.querySelector('[data-testid="name-form"]')) return;
    const input = h("input", {
      "data-testid": "name-input", maxlength: "24", autocomplete: "nickname", "aria-label": t("Your name"),
      value: storedName() || (seat.named ? seat.name : ""),
    });
    const form = h(
      "form",
      { class: "name-form", "data-testid": "name-form", onsubmit: (event) => { event.preventDefault(); sendName(input.value); } },
      h("span", {}, t("Your name at this table:")), " ", input, " ",
      h("button", { type: "submit", class: "primary", "data-testid": "name-save" }, t("Show this name")),
    );
    fill(bar, form, leave);
    return;
  }
  fill(
    bar,
    h("span", { "data-testid": "my-name" }, t("You are {name} at this table.", { name: seat.name })), " ",
    h("button", { type: "button", "data-testid": "change-name", onclick: () => { editingName = true; renderSeatBar(current); } }, t("Change name")),
    leave,
  );
}

/** Leaves the table: a computer takes the seat, and this page watches. */
async function leaveTable() {
  if (!seated()) return;
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/leave`, { method: "POST", body: { token } });
  if (!result.ok) {
    showMessage(result.error, result.status === 0);
    return;
  }
  showMessage(t("You left the table: a computer plays your seat now."));
  // the socket's view may have taken the seat away already (a player's seat: his socket follows on as a spectator's)
  if (token) await loseSeat();
}

/** The seat is this page's no more: forget its token and follow the table as a spectator. */
async function loseSeat() {
  token = null;
  try {
    sessionStorage.removeItem(`parlour:token:${location.pathname}`);
  } catch {
    // storage refused: the token is forgotten for this page anyway
  }
  $("hand").closest(".my-hand").classList.add("spectating");
  for (const testid of ["hand", "calls", "meld-bar"]) $(testid).replaceChildren();
  $("hint-row").hidden = true;
  $("undo-row").hidden = true;
  socket?.close();
  socket = null;
  await follow();
}

/** Says so when another window acts for this seat; its hand is inert until it takes the seat over. */
function renderElsewhere(view) {
  const banner = $("elsewhere");
  const elsewhere = view.seat !== null && view.elsewhere === true;
  $("hand").closest(".my-hand").inert = elsewhere;
  banner.hidden = !elsewhere;
  if (!elsewhere) return;
  const sentence = takenOver
    ? t("This seat was taken over in another window or browser: this window no longer plays it.")
    : t("This seat is already open in another window or browser, which plays it.");
  fill(banner, h("span", {}, sentence), " ", h("button", { type: "button", "data-testid": "take-over", onclick: takeOver }, t("Take it over here")));
}

/** Makes this window the one that plays the seat (the other is told so). */
function takeOver() {
  if (!socket?.takeOver()) showMessage(t("The seat is taken over through the live connection: wait until it is back."));
}

/** The creator's panel: each seat with who holds it, given to a computer or a new link; the hints switch. */
function renderCreatorPanel(view) {
  const panel = $("creator-panel");
  panel.hidden = !creator;
  if (!creator) return;
  const playing = view.status !== "finished";
  const rows = view.table.seats.map((seat) => {
    if (seat.kind === "open") {
      return h("li", { "data-testid": "creator-seat", "data-seat": seat.seat, "data-kind": "open", "data-present": "false" },
        h("span", { class: "who" }, seat.name), " ", h("span", { class: "muted" }, t("open: a player takes it from the lobby")));
    }
    const person = seat.kind === "human";
    if (seat.present) freshLinks.delete(seat.seat);
    const link = freshLinks.get(seat.seat);
    let state = t("computer ({level})", { level: seat.agent });
    if (person) state = seat.present ? t("here") : t("away");
    return h(
      "li",
      { "data-testid": "creator-seat", "data-seat": seat.seat, "data-kind": seat.kind, "data-present": String(Boolean(seat.present)) },
      h("span", { class: "who" }, seat.name), " ", h("span", { class: "muted" }, state), " ",
      person && !seat.present && playing
        ? h("button", { type: "button", "data-testid": "to-computer", onclick: () => creatorStep(`seats/${seat.seat}/computer`, {}) }, t("Give to a computer"))
        : null,
      (!person || !seat.present) && playing
        ? h("button", { type: "button", "data-testid": "new-link", onclick: () => newLink(seat.seat) }, t("New link"))
        : null,
      link ? linkBox(link) : null,
    );
  });
  const hints = h("input", {
    type: "checkbox", "data-testid": "hints-switch", checked: view.table.hints,
    onchange: (event) => creatorStep("hints", { hints: event.target.checked }),
  });
  const spectatorChat = h("input", {
    type: "checkbox", "data-testid": "spectator-chat-switch", checked: view.table.spectator_chat,
    onchange: (event) => creatorStep("chat-settings", { spectators: event.target.checked }),
  });
  fill(
    panel,
    h("h2", {}, t("Seats")),
    h("p", { class: "muted" }, t("You created this table: give an absent person's seat to a computer, or make a seat a new link (its old link stops working).")),
    h("ul", { class: "creator-seats" }, rows),
    h("label", { class: "hints-switch" }, hints, " ", t("Hints at this table")),
    h("label", { class: "hints-switch" }, spectatorChat, " ", t("Spectators who are players may chat")),
  );
}

/** A new seat link, to copy and send. */
function linkBox(url) {
  const input = h("input", { readonly: true, "data-testid": "fresh-link", value: new URL(url, location.origin).href, "aria-label": t("New seat link"), onfocus: (event) => event.target.select() });
  const copy = h("button", { type: "button", onclick: () => copyText(input.value) }, t("Copy"));
  return h("div", { class: "fresh-link" }, input, copy);
}

/** A creator's request (`path` under the table's API); the views that follow show its effect. */
async function creatorStep(path, body) {
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/${path}`, { method: "POST", body: { creator, ...body } });
  if (!result.ok) showMessage(result.error, result.status === 0);
  else showMessage(null);
  if (!socket?.isOpen) await refresh();
  else if (current) redraw();
  return result;
}

/** Makes `seat` a new link, shown in the creator's panel. */
async function newLink(seat) {
  const result = await creatorStep(`seats/${seat}/link`, {});
  if (result.ok) {
    freshLinks.set(seat, result.data.url);
    redraw();
  }
}

/** Reads the view again (when the socket is not open to send it). */
async function refresh() {
  const result = await request(`/api/tables/${encodeURIComponent(tableId)}/view`, { token });
  if (result.ok) await receive(result.data, true);
}

/** Follows the table (as the seat of `token`, or a spectator): its views and refusals. */
async function follow() {
  socket = await followLive(`/tables/${encodeURIComponent(tableId)}`, token, $("connection"), {
    onView: receive,
    onError: (sentence, status) => {
      sending = false;
      showMessage(sentence, status === 0);
    },
    onChat: (message) => chatBox.receive(message),
    // the messages sent while the socket was away
    onStatus: (state) => {
      if (state === "live") chatBox.load();
    },
  });
}

async function start() {
  if (!tableId) {
    showMessage(t("This address names no table."));
    return;
  }
  if (!token) $("hand").closest(".my-hand").classList.add("spectating");
  $("hint").addEventListener("click", askHint);
  $("undo").addEventListener("click", () => undoOrRedo("undo"));
  $("redo").addEventListener("click", () => undoOrRedo("redo"));
  bindRulesDialog();
  setInterval(tickCountdowns, 1000);
  // the clock's time left, counted down between views
  setInterval(() => { if (current?.clock) renderClock($("turn"), current); }, 1000);
  followTurns(() => redraw());
  try {
    await loadSchemaKeys(getJson);
  } catch (error) {
    showMessage(error.message);
    return;
  }
  try {
    games = await getJson("/api/games");
  } catch (error) {
    showMessage(error.message);
  }
  chatBox.loadMuted();
  await follow();
}

start();

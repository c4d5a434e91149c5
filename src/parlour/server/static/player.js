// A player's page, /players/{id} (docs/web.md, "Players"): his tables in
// progress (whose turn it is), his finished matches (his place, the scores,
// the replay) and his win rate per game, from GET /api/players/{id}.
//
// Stable hooks for end-to-end tests:
//   data-testid="player-name"      the player's name (the page's heading)
//   data-testid="player-error"     the server's refusal (no such player)
//   data-testid="player-playing"   <li data-testid="player-table" data-table-id> each: the game,
//                                  the seats' names (a player's links to his page), whose turn
//                                  (data-testid="player-turn"; "your-turn" class on his own) and
//                                  data-testid="player-open" (the table's page)
//   data-testid="player-finished"  <li data-testid="player-match" data-table-id> each: the game, the
//                                  date, data-testid="player-place", the scores, the seats and
//                                  data-testid="player-replay"
//                                  and, for a rated match, data-testid="player-rating-change"
//                                  ("rating 1000 → 1012 (+12)")
//   data-testid="player-win-rates" <li data-testid="player-rate" data-game> each: "played 3, won 1 (33%)"
//   data-testid="your-turn"        on his own page only: the tables waiting for his move (lookingfor.js)
//   data-testid="player-ratings"   <li data-testid="player-rating" data-game data-rating> each: the
//                                  game's rating and matches, linked to the game's leaderboard

import { request } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { turnsBox } from "./lookingfor.js";
import { matchesText, signed } from "./ratingchange.js";

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const playerId = location.pathname.match(/\/players\/([^/]+)/)?.[1] ?? "";

/** The seats' names, a player's linked to his page. */
function seatNames(seats) {
  return seats.flatMap((seat, index) => [
    index ? ", " : "",
    seat.player != null ? h("a", { href: `/players/${encodeURIComponent(seat.player)}`, "data-testid": "player-link" }, seat.name) : seat.name,
  ]);
}

function playingRow(entry) {
  const turn = entry.to_move === null ? null : entry.seats[entry.to_move]?.name;
  return h(
    "li",
    { "data-testid": "player-table", "data-table-id": entry.table },
    h("strong", {}, entry.title), h("span", { class: "muted" }, `#${entry.table}`),
    h("span", {}, seatNames(entry.seats)),
    turn ? h("span", { "data-testid": "player-turn", class: entry.your_turn ? "your-turn" : null }, t("{name}'s turn", { name: turn })) : null,
    entry.status === "archived" ? h("span", { class: "muted" }, t("archived")) : null,
    h("a", { href: entry.url, "data-testid": "player-open" }, t("open the table")),
  );
}

function finishedRow(entry) {
  return h(
    "li",
    { "data-testid": "player-match", "data-table-id": entry.table },
    h("strong", {}, entry.title), h("span", { class: "muted" }, `#${entry.table}`),
    entry.finished ? h("span", { class: "muted" }, new Date(entry.finished).toLocaleString()) : null,
    h("span", { "data-testid": "player-place" }, entry.place === null ? t("place not known") : t("place {place}", { place: entry.place })),
    h("span", {}, t("scores {scores}", { scores: entry.scores.join(" · ") })),
    entry.rating ? h("span", { "data-testid": "player-rating-change" }, t("rating {before} → {after} ({change})", { before: entry.rating.before, after: entry.rating.after, change: signed(entry.rating.after - entry.rating.before) })) : null,
    h("span", {}, seatNames(entry.seats)),
    h("a", { href: entry.replay_url, "data-testid": "player-replay" }, t("replay")),
  );
}

function rateRow(rate) {
  return h(
    "li",
    { "data-testid": "player-rate", "data-game": rate.game },
    h("strong", {}, rate.title),
    h("span", {}, t("played {played}, won {won} ({percent}%)", { played: rate.played, won: rate.won, percent: Math.round(rate.rate * 100) })),
  );
}

function ratingRow(rating) {
  return h(
    "li",
    { "data-testid": "player-rating", "data-game": rating.game, "data-rating": rating.rating },
    h("a", { href: rating.url }, h("strong", {}, rating.title)),
    h("span", {}, t("rating {rating}", { rating: rating.rating })),
    h("span", { class: "muted" }, matchesText(rating.matches)),
  );
}

const listOr = (items, row, empty) => (items.length ? items.map(row) : h("li", { class: "muted" }, empty));

async function start() {
  const result = await request(`/api/players/${encodeURIComponent(playerId)}`);
  if (!result.ok) {
    $("player-error").textContent = result.error;
    $("player-error").hidden = false;
    return;
  }
  const page = result.data;
  $("player-name").textContent = page.name;
  document.title = `parlour — ${page.name}`;
  fill($("player-playing"), listOr(page.playing, playingRow, t("None.")));
  fill($("player-finished"), listOr(page.finished, finishedRow, t("None yet.")));
  fill($("player-win-rates"), listOr(page.win_rates, rateRow, t("None yet.")));
  fill($("player-ratings"), listOr(page.ratings, ratingRow, t("None yet.")));
  // his own page also lists the tables waiting for his move, and the tab counts them
  const me = await request("/api/players/me");
  if (me.ok && me.data?.id === page.id) document.querySelector("main").prepend(turnsBox(document.title));
}

if (typeof document !== "undefined") start();

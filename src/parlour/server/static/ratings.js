// A game's leaderboard, /ratings/{game} (GET /api/ratings/{game}): the rated
// players and computer levels, best first, each with its rating and matches.
//
// Stable hooks for end-to-end tests: data-testid="title" (the game's title),
// "leaderboard" (<li data-testid="rating-row" data-subject data-kind> holding
// "rating-name", "rating-value" and "rating-matches"), "empty" (shown when
// nobody is rated yet), "error" (the server's refusal: an unknown game).

import { request } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";
import { matchesText } from "./ratingchange.js";

const $ = (testid) => document.querySelector(`[data-testid="${testid}"]`);
const game = decodeURIComponent(location.pathname.split("/")[2] ?? "");

// the rated levels' names in the page's language
const LEVEL_NAMES = { random: t("Random"), easy: t("Easy"), medium: t("Medium"), hard: t("Hard") };

function row(entry) {
  const name = entry.kind === "agent" ? t("{level} (computer)", { level: LEVEL_NAMES[entry.level] ?? entry.name }) : entry.name;
  return h(
    "li",
    { "data-testid": "rating-row", "data-subject": entry.subject, "data-kind": entry.kind },
    h("strong", { "data-testid": "rating-name" }, name),
    " ",
    h("span", { "data-testid": "rating-value" }, String(entry.rating)),
    " ",
    h("span", { class: "muted", "data-testid": "rating-matches" }, matchesText(entry.matches)),
  );
}

async function start() {
  const result = await request(`/api/ratings/${encodeURIComponent(game)}`);
  if (!result.ok) {
    $("error").textContent = result.error;
    $("error").hidden = false;
    return;
  }
  const board = result.data;
  $("title").textContent = t("Ratings: {game}", { game: board.title });
  document.title = `${$("title").textContent} — parlour`;
  fill($("leaderboard"), board.ratings.map(row));
  $("empty").hidden = board.ratings.length > 0;
}

start();

// The rating changes of a finished rated match (the view's `ratings`, docs/web.md
// "Ratings"), shown in the table's summary: one line a seat, "Ann: rating
// 1012 → 1030 (+18)", and a link to the game's leaderboard.
//
// Stable hooks for end-to-end tests: data-testid="rating-changes" (the list),
// <li data-testid="rating-change" data-seat data-subject data-change>.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The change in words: "+18", "−7", "±0". */
export function signed(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return "±0";
}

/** How many rated matches: "1 match", "12 matches". */
export function matchesText(count) {
  return count === 1 ? t("1 match") : t("{count} matches", { count });
}

/** The list of `ratings` (per seat {subject, before, after}), seats named from `seats`; `game` names the leaderboard. */
export function renderRatingChanges(ratings, seats, game) {
  return h(
    "div",
    { class: "rating-changes" },
    h(
      "ul",
      { "data-testid": "rating-changes" },
      ratings.map((entry, seat) => {
        const change = entry.after.rating - entry.before.rating;
        return h(
          "li",
          { "data-testid": "rating-change", "data-seat": seat, "data-subject": entry.subject, "data-change": change },
          t("{name}: rating {before} → {after} ({change})", { name: seats[seat]?.name ?? "", before: entry.before.rating, after: entry.after.rating, change: signed(change) }),
        );
      }),
    ),
    h("p", {}, h("a", { href: `/ratings/${encodeURIComponent(game)}`, "data-testid": "ratings-link" }, t("The game's ratings"))),
  );
}

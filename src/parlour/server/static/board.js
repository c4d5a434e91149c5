// The generic table renderer: draws any game from the common observation
// schema of DESIGN.md ("What a seat sees") and never asks which game it is.
// table.js (a live seat or a spectator) and replay.js (every hand face up)
// both use it. Every function here re-renders from one observation, so a
// reload draws exactly the same table.
//
// The board on the felt is the one of the layout kind the game declares
// (Game.layout, parlour.engine.layouts; each game's "layout" in GET
// /api/games): LAYOUTS below. A page that could not read it, or a kind this
// page does not know, gets the round table, which draws any observation.

import { backSvg, cardLabel, cardSvg } from "./cards.js";
import { fill, h, labelOf } from "./dom.js";
import { t } from "./i18n.js";
import { isPatience, PATIENCE_LAYOUTS, renderPatience } from "./patience.js";

/** Every layout kind drawn here: the engine's parlour.engine.layouts.LAYOUTS. */
export const LAYOUTS = ["round-table", "seat-tiles", "meld-table", ...PATIENCE_LAYOUTS];

/** The layout kind to draw `game` (an entry of GET /api/games, or undefined) on. */
/** A word with its first letter in capitals ("round" → "Round"). */
const capitalized = (word) => word.charAt(0).toUpperCase() + word.slice(1);

export const layoutOf = (game) => (LAYOUTS.includes(game?.layout) ? game.layout : "round-table");

// Keys of the schema drawn in their own places (the table's options from
// the view's table); everything else, the match's standing included, is a
// game-specific extra. The engine defines them once (parlour.engine.observation):
// loadSchemaKeys reads them from the server before a page draws.
let schemaKeys = null;

/**
 * Reads the observation schema's keys from the server (GET
 * /api/observation-keys), once; `fetchJson` is api.js's getJson. A page
 * awaits it before it draws its first observation.
 */
export async function loadSchemaKeys(fetchJson) {
  if (schemaKeys) return;
  const keys = await fetchJson("/api/observation-keys");
  schemaKeys = new Set([...keys.common, ...keys.frame]);
}
// Keys of a player drawn in their own places, not as extra columns.
const PLAYER_KEYS = new Set(["seat", "name", "cards", "score", "tricks", "dealer", "flags"]);
// Zones drawn in their own places, not as generic piles.
const PLACED_ZONES = new Set(["trick", "last_trick", "turnup", "turns", "play"]);
// Extras holding a seat number ("dealer": 0, "capot_bidder": 2) are shown
// as that player's name.
const SEAT_KEY = /(^|_)(dealer|leader|winner|bidder|seat)$/;

/** The markup-bearing element of one face-up card. */
export function cardFace(book, text, { className = "card", tag = "span", ...attributes } = {}) {
  const card = book.find(text);
  return h(tag, {
    class: className,
    "data-card": text,
    "aria-label": cardLabel(book, text),
    role: tag === "span" ? "img" : null,
    title: cardLabel(book, text),
    html: cardSvg(card, text),
    ...attributes,
  });
}

const back = () => h("span", { class: "card back", "aria-hidden": "true", html: backSvg() });

/** Names and descriptions of the seats, for every panel. */
export class Seating {
  /** `seats` are the view's table seats ({seat, kind, agent}), `viewer` a seat or null. */
  constructor(observation, seats = [], viewer = null) {
    this.players = observation.players;
    this.kinds = new Map(seats.map((seat) => [seat.seat, seat]));
    this.viewer = viewer;
  }

  name(seat) {
    const player = this.players.find((p) => p.seat === seat);
    return player ? player.name : t("seat {seat}", { seat });
  }

  /** "you" for the viewer's seat, "computer" for a computer's, else null. */
  mark(seat) {
    if (seat === this.viewer) return t("you");
    return this.kinds.get(seat)?.kind === "computer" ? t("computer") : null;
  }

  /** "P2 (you)", "P3 (computer)". */
  longName(seat) {
    const mark = this.mark(seat);
    return mark ? `${this.name(seat)} (${mark})` : this.name(seat);
  }

  /** The seat's place around the table: 0 at the bottom, then clockwise. */
  relative(seat) {
    const count = this.players.length;
    return (seat - (this.viewer ?? 0) + count) % count;
  }

  /** Percent coordinates on the felt, `radius` from the middle. */
  position(seat, radiusX, radiusY) {
    const angle = (this.relative(seat) * 2 * Math.PI) / this.players.length;
    return { x: 50 - radiusX * Math.sin(angle), y: 50 + radiusY * Math.cos(angle) };
  }
}

/**
 * A seat as a sentence names it: "P2 (you)", "P1 (computer)", or with the
 * display name of its seat's description ({seat, kind, name?}) when the
 * table has one: "Ann (P2)".
 */
export function seatLabel(seating, description) {
  const seat = seating.longName(description.seat);
  const name = description.name;
  return name && name !== seating.name(description.seat) ? t("{name} ({seat})", { name, seat }) : seat;
}

const isSeatTurn = (observation, seat) => observation.to_move === seat && !observation.places;

/**
 * Draws the felt on the board of `layout` (layoutOf the game): by default a
 * panel per seat around it and the trick in the middle. `hands` (replay)
 * gives every seat's hand to show face up.
 */
export function renderFelt(felt, observation, { book, seating, layout = "round-table", hands = null, onMeld = null, handWord = "hand" }) {
  // a patience (one player, the cards all on the table) is drawn as its tableau
  // (patience.js; table.js draws a seat's own with its moves)
  if (isPatience(layout)) {
    renderPatience(felt, observation, { book, layout });
    return;
  }
  felt.classList.remove("patience");
  felt.dataset.layout = layout;
  const tiled = layout === "seat-tiles";
  const melding = layout === "meld-table";
  felt.classList.toggle("tiled", tiled);
  felt.classList.toggle("few", tiled && observation.players.length <= FEW_SEATS);
  felt.classList.toggle("melding", melding);
  if (tiled) {
    fill(felt, renderTileInfo(observation, book, seating, handWord), playOrder(observation).map((seat) => renderTile(seat, observation, { book, seating, hands })));
    return;
  }
  if (melding) {
    renderMeldTable(felt, observation, { book, seating, hands, onMeld });
    return;
  }
  // face-up hands make the panels bigger: keep them inside the felt
  const [radiusX, radiusY] = hands ? [36, 33] : [40, 39];
  const seats = observation.players.map((player) => {
    const { x, y } = seating.position(player.seat, radiusX, radiusY);
    return seatPanel(player, observation, { book, seating, hands, style: `--x:${x}%;--y:${y}%;--order:${seating.relative(player.seat)}` });
  });
  fill(felt, h("div", { class: "felt-middle" }, renderMiddle(observation, book, seating)), seats);
}

/**
 * One seat's panel: name, flags, the turn, its hand (face up in a replay,
 * else backs with the count; none for the viewer, whose hand is below the
 * felt unless `showOwn`), the cards it is known to hold, and its score.
 */
function seatPanel(player, observation, { book, seating, hands, style = null, showOwn = false }) {
  const turn = isSeatTurn(observation, player.seat);
  const held = hands ? hands[player.seat] ?? [] : null;
  const flags = player.flags ?? (player.dealer ? ["dealer"] : []);
  const known = Array.isArray(observation.known) ? observation.known[player.seat] ?? [] : [];
  const me = player.seat === seating.viewer;
  return h(
    "section",
    {
      class: `seat${turn ? " to-move" : ""}${me ? " me" : ""}`,
      style,
      "data-testid": "seat",
      "data-seat": player.seat,
      "aria-label": seating.longName(player.seat),
      "aria-current": turn ? "true" : null,
    },
    h("div", { class: "seat-name" }, seating.longName(player.seat)),
    h(
      "div",
      { class: "seat-flags", "data-testid": "seat-flags" },
      turn ? h("span", { class: "badge turn-badge" }, t("to play")) : null,
      flags.map((flag) => h("span", { class: `badge flag-${flag.replace(/\W+/g, "-")}`, "data-flag": flag }, t(flag))),
    ),
    held
      ? h("div", { class: "fan face-up" }, held.map((text) => cardFace(book, text, { className: "card mini" })))
      : me && !showOwn
        ? null
        : h(
            "div",
            { class: "fan", "data-testid": "seat-cards", "data-count": player.cards, "aria-label": cardCount(player.cards) },
            Array.from({ length: Math.min(player.cards, 10) }, back),
            h("span", { class: "count" }, String(player.cards)),
          ),
    known.length && !held
      ? h(
          "div",
          { class: "seat-known", "data-testid": "seat-known", title: t("cards this seat is known to hold") },
          h("span", { class: "known-label" }, t("known")),
          known.map((text) => cardFace(book, text, { className: "card mini" })),
        )
      : null,
    h(
      "div",
      { class: "seat-score" },
      h("span", { "data-testid": "seat-score" }, t("score {score}", { score: player.score })),
      player.tricks === undefined ? null : h("span", {}, ` · ${t("tricks {tricks}", { tricks: player.tricks })}`),
    ),
  );
}

// The meld-table layout: a rummy game (Progress Rummy) has named melds on
// the table (zones.melds: [{name, owner, kind, text, cards: [{code, as}]}],
// `as` the declared card a Progress card stands for). Its felt is laid out in
// rows: the round, contract and piles; every seat with its flags (down) and
// known cards; the melds, each clickable for a lay-off when `onMeld` is
// given; and the meld the player to move is building.

/** A card code without its pack copy: "8St#2" is "8St" (both copies are one action). */
export const baseCode = (text) => String(text).replace(/#\d+$/, "");

// Keys the meld felt draws itself, left out of the extras panel.
const MELD_FELT_KEYS = new Set(["round", "contract", "building", "known", "taken", "pending", "target"]);

function renderMeldTable(felt, observation, { book, seating, hands, onMeld }) {
  const zones = observation.zones;
  const info = [
    Number.isInteger(observation.round) ? h("span", { class: "info-item", "data-testid": "info-round" }, t("Round {round}", { round: observation.round })) : null,
    observation.contract?.text ? h("span", { class: "info-item contract", "data-testid": "info-contract" }, t("Contract: {contract}", { contract: observation.contract.text })) : null,
    typeof zones.stock === "number"
      ? h("span", { class: "info-item pile-count", "data-testid": "zone-stock", "data-count": zones.stock }, back(), t("Stock {count}", { count: zones.stock }))
      : null,
    "discard" in zones
      ? h(
          "span",
          { class: "info-item discard", "data-testid": "zone-discard", "data-card": zones.discard ?? "" },
          zones.discard ? cardFace(book, zones.discard, { className: "card mini" }) : h("span", { class: "card-slot" }),
          t("Discards {count}", { count: zones.discards ?? (zones.discard ? 1 : 0) }),
        )
      : null,
    observation.taken
      ? h("span", { class: "info-item taken", "data-testid": "info-taken", "data-card": observation.taken }, `${t("Taken this turn")} `, cardFace(book, observation.taken, { className: "card mini" }))
      : null,
    Object.entries(zones)
      .filter(([name]) => !["melds", "stock", "discard", "discards"].includes(name) && !PLACED_ZONES.has(name))
      .map(([name, value]) => renderZone(name, value, book, seating)),
  ];
  const seats = observation.players.map((player) => seatPanel(player, observation, { book, seating, hands, showOwn: true }));
  const melds = zones.melds;
  fill(
    felt,
    h("div", { class: "meld-info", "data-testid": "table-info" }, info),
    h("div", { class: "meld-seats" }, seats),
    h(
      "div",
      { class: "melds", "data-testid": "melds", "aria-label": t("melds on the table") },
      melds.length ? melds.map((meld) => renderMeld(meld, observation, { book, seating, onMeld })) : h("p", { class: "muted none" }, t("No melds on the table yet.")),
    ),
    renderBuilding(observation, book, seating),
  );
}

/** One card of a meld; a Progress card shows the card it was declared to be. */
function meldCard(book, card) {
  if (!card.as) return cardFace(book, card.code, { className: "card mini" });
  return h(
    "span",
    { class: "wild", "data-card": card.code, "data-as": card.as, title: t("{card} as {as}", { card: cardLabel(book, card.code), as: cardLabel(book, card.as) }) },
    cardFace(book, card.code, { className: "card mini" }),
    h("span", { class: "as", "data-testid": "p-as-label" }, `= ${card.as}`),
  );
}

function renderMeld(meld, observation, { book, seating, onMeld }) {
  const target = observation.target === meld.name;
  const owner = Number.isInteger(meld.owner) ? seating.name(meld.owner) : "";
  const cards = meld.cards.map((card) => meldCard(book, card));
  const caption = h("span", { class: "meld-caption" }, h("b", {}, meld.name), ` ${owner} · ${meld.kind}`);
  const attributes = {
    class: `meld${target ? " target" : ""}${meld.owner === seating.viewer ? " mine" : ""}`,
    "data-testid": "meld",
    "data-meld": meld.name,
    "data-owner": meld.owner,
    "data-kind": meld.kind,
    "data-text": meld.text,
    "aria-label": t("{meld}, {owner}'s {kind}: {text}", { meld: meld.name, owner, kind: t(meld.kind), text: meld.text }),
    title: meld.text,
  };
  if (!onMeld) return h("figure", attributes, h("figcaption", {}, caption), h("div", { class: "meld-cards" }, cards));
  return h("button", { ...attributes, type: "button", onclick: () => onMeld(meld.name) }, caption, h("span", { class: "meld-cards" }, cards));
}

/** The melds the player to move is putting together, before "done". */
function renderBuilding(observation, book, seating) {
  const building = (observation.building ?? []).filter((meld) => meld.length);
  if (!building.length) return null;
  return h(
    "div",
    { class: "building", "data-testid": "building" },
    h("span", { class: "info-item" }, t("{player} is laying down", { player: seating.name(observation.to_move) })),
    building.map((meld) => h("span", { class: "meld-cards building-meld" }, meld.map((card) => meldCard(book, card)))),
  );
}

// The seat-tiles layout: a game of one card each and lives (players carry
// `card` and `lives`: Ranter Go Round, up to 26 seats) is laid out as a grid
// of compact seat tiles in play order, so that every seat is readable on one
// screen: its card (face up when the viewer knows it, else a back), name,
// lives, flags, and the turn; a seat that is out is greyed.
const FEW_SEATS = 8;

/** The seats from the dealer's left round to the dealer (seat order before a dealer is known). */
function playOrder(observation) {
  const seats = observation.players.map((p) => p.seat);
  const dealer = seats.indexOf(observation.players.find((p) => p.dealer)?.seat);
  return dealer < 0 ? seats : [...seats.slice(dealer + 1), ...seats.slice(0, dealer + 1)];
}

// The counters a seat may lose: the table's `lives` option, else the most
// any seat has.
const startingLives = (observation) =>
  Number.isInteger(observation.options?.lives) ? observation.options.lives : Math.max(...observation.players.map((p) => p.lives));

/** The hand's number (said in the game's word for a hand), the pot and the public piles, in one line above the tiles. */
function renderTileInfo(observation, book, seating, handWord) {
  const numbers = [["hand_number", t(capitalized(handWord))], ["pot", t("Pot")]]
    .filter(([key]) => Number.isInteger(observation[key]))
    .map(([key, label]) => h("span", { class: "info-item", "data-testid": `info-${key}` }, `${label} ${observation[key]}`));
  // cards shown in hands ({seat, card}) are already face up on their tiles
  const zones = Object.entries(observation.zones ?? {}).filter(
    ([name, value]) => !PLACED_ZONES.has(name) && !(Array.isArray(value) && value.every((item) => item && typeof item.card === "string")),
  );
  return h(
    "div",
    { class: "tile-info", "data-testid": "table-info" },
    numbers,
    zones.map(([name, value]) => renderZone(name, value, book, seating)),
    h("span", { class: "info-item muted" }, t("Play order: from the dealer's left, left to right, the dealer last")),
  );
}

/** One seat's tile. */
function renderTile(seat, observation, { book, seating, hands }) {
  const player = observation.players.find((p) => p.seat === seat);
  const turn = isSeatTurn(observation, seat);
  const flags = player.flags ?? (player.dealer ? ["dealer"] : []);
  const out = flags.includes("out") || (player.lives <= 0 && player.cards === 0);
  const me = seat === seating.viewer;
  const known = hands ? hands[seat]?.[0] ?? null : player.card;
  const card = known
    ? h("div", { class: "tile-card", "data-testid": "seat-card", "data-face": "up", "data-card": known }, cardFace(book, known, { className: "card mini" }))
    : player.cards > 0
      ? h("div", { class: "tile-card", "data-testid": "seat-card", "data-face": "down", "aria-label": t("a card face down") }, back())
      : h("div", { class: "tile-card", "data-testid": "seat-card", "data-face": "none" });
  const classes = ["seat-tile", turn ? "to-move" : "", me ? "me" : "", out ? "out" : "", player.dealer ? "dealer" : ""];
  return h(
    "section",
    {
      class: classes.filter(Boolean).join(" "),
      "data-testid": "seat",
      "data-seat": seat,
      "aria-label": seating.longName(seat),
      "aria-current": turn ? "true" : null,
      title: seating.longName(seat),
    },
    card,
    h(
      "div",
      { class: "tile-body" },
      h("div", { class: "tile-name" }, seating.name(seat), me ? h("span", { class: "you" }, t("you")) : null),
      renderLives(player, observation),
      h(
        "div",
        { class: "seat-flags", "data-testid": "seat-flags" },
        turn ? h("span", { class: "badge turn-badge" }, t("to play")) : null,
        flags.map((flag) => h("span", { class: `badge flag-${flag.replace(/\W+/g, "-")}`, "data-flag": flag }, t(flag))),
      ),
    ),
  );
}

/**
 * A seat's lives as hearts, one per life left and a hollow one per life
 * lost; with the morris board (players carry `board`) also its counter on a
 * small board. A seat that lost a life in the last finished hand says so.
 */
function renderLives(player, observation) {
  const lost = Math.max(startingLives(observation) - player.lives, 0);
  const lastHand = (observation.hand_results ?? []).at(-1);
  const index = observation.players.indexOf(player);
  const lostLast = lastHand ? lastHand[index] > 0 : false;
  const words = player.lives === 1 ? t("1 life") : t("{count} lives", { count: player.lives });
  return h(
    "div",
    { class: "tile-lives", "data-testid": "seat-lives", "data-lives": player.lives, "aria-label": words, title: player.board ? `${words}: ${player.board}` : words },
    typeof player.board === "string" ? morrisBoard(lost, player.board) : null,
    h("span", { class: "hearts", "aria-hidden": "true" }, "♥".repeat(Math.max(player.lives, 0)), h("span", { class: "lost" }, "♡".repeat(lost))),
    lostLast ? h("span", { class: "lost-last", "data-testid": "seat-lost", title: t("lost a life in the last hand") }, "−1") : null,
  );
}

// The nine men's morris board of life_board="morris": three squares, the
// counter moving inwards one square per loss, in the centre when out.
const MORRIS_SPOTS = [null, [12, 1.5], [12, 5.5], [12, 9.5], [12, 12]];
function morrisBoard(lost, where) {
  const spot = MORRIS_SPOTS[Math.min(lost, MORRIS_SPOTS.length - 1)];
  const squares = [1.5, 5.5, 9.5].map((inset) => `<rect x="${inset}" y="${inset}" width="${24 - 2 * inset}" height="${24 - 2 * inset}" fill="none" stroke="currentColor" stroke-width="1"/>`);
  const counter = spot ? `<circle cx="${spot[0]}" cy="${spot[1]}" r="3" fill="#ff8a80" stroke="#3a0d0a" stroke-width=".8"/>` : "";
  return h("span", {
    class: "morris",
    "data-testid": "seat-board",
    "data-board": where,
    html: `<svg viewBox="-2 -2 28 28" width="22" height="22" aria-hidden="true"><path d="M12 1.5V9.5M12 14.5V22.5M1.5 12H9.5M14.5 12H22.5" stroke="currentColor" stroke-width="1"/>${squares.join("")}${counter}</svg>`,
  });
}

// A pile that is a list (cards, plays or hands by seat) grows through a hand
// (Knaves' Played pile to 48 cards, a trick winner's Won pile to 30). When
// the trick, the turns or the count holds the middle of a round table, no
// corner of the felt is clear of the seats for every seat count and screen,
// so such piles are drawn in the side panel (renderPiles): the felt keeps its
// single cards (a turn-up, a top card) and counts, which stay small.
const middleTaken = (zones) => Boolean(zones.turns || zones.play || zones.trick);

/** The piles of `observation` drawn beside the felt of `layout`, as [name, value]. */
function sidePiles(observation, layout) {
  const zones = observation.zones ?? {};
  if (layout !== "round-table" || !middleTaken(zones)) return [];
  return Object.entries(zones).filter(([name, value]) => !PLACED_ZONES.has(name) && Array.isArray(value));
}

/**
 * The side panel of piles (`element` in a <details>, hidden when there is
 * none): a round table's list piles when its middle is taken, each a
 * figure data-testid="zone-NAME" as on the felt.
 */
export function renderPiles(element, observation, { book, seating, layout = "round-table" }) {
  const piles = sidePiles(observation, layout);
  const panel = element.closest("details");
  if (panel) panel.hidden = !piles.length;
  fill(element, piles.map(([name, value]) => renderZone(name, value, book, seating)));
}

function renderMiddle(observation, book, seating) {
  const zones = observation.zones ?? {};
  const beside = new Set(sidePiles(observation, "round-table").map(([name]) => name));
  const trick = (zones.trick ?? []).map(({ seat, card }) => {
    const { x, y } = seating.position(seat, 14, 15);
    return h(
      "figure",
      { class: "played", style: `--x:${x}%;--y:${y}%`, "data-testid": "trick-card", "data-seat": seat, "data-card": card },
      cardFace(book, card),
      h("figcaption", {}, seating.name(seat)),
    );
  });
  let centre = null;
  if (zones.turns) centre = renderTurns(zones.turns, book, seating);
  else if (zones.play) centre = renderPlays(zones.play, observation.count, book, seating);
  else if (zones.trick) centre = h("div", { class: "trick", "data-testid": "trick", "aria-label": t("current trick") }, trick);
  return [
    centre,
    // a game with nothing in the middle (Bharg's piles) lays its piles there
    h(
      "div",
      { class: centre ? "zones" : "zones centred" },
      zones.turnup ? h("figure", { class: "zone", "data-testid": "turnup" }, cardFace(book, zones.turnup), h("figcaption", {}, t("turn-up"))) : null,
      Object.entries(zones)
        .filter(([name]) => !PLACED_ZONES.has(name) && !beside.has(name))
        .map(([name, value]) => renderZone(name, value, book, seating)),
    ),
  ];
}

// Recent turns of a sequence game (Progress): one row per turn, the seat's
// name and the cards it played in order, the latest turn last and marked.
function renderTurns(turns, book, seating) {
  return h(
    "ol",
    { class: "turns", "data-testid": "turns", "aria-label": t("recent turns") },
    turns.map(({ seat, cards }, index) =>
      h(
        "li",
        { class: `turn${index === turns.length - 1 ? " latest" : ""}`, "data-seat": seat },
        h("span", { class: "who" }, seating.name(seat)),
        h("span", { class: "pile" }, cards.map((text) => cardFace(book, text, { className: "card mini" }))),
      ),
    ),
  );
}

// The cards played onto one running count (Costly Colours), oldest first,
// each captioned with its player, under the count itself.
function renderPlays(plays, count, book, seating) {
  return h(
    "div",
    { class: "plays-centre", "data-testid": "plays", "aria-label": t("cards played to the count") },
    count === undefined ? null : h("div", { class: "count", "data-testid": "count" }, t("Count {count}", { count })),
    h(
      "div",
      { class: "pile" },
      plays.map(({ seat, card }, index) =>
        h(
          "figure",
          { class: `zone${index === plays.length - 1 ? " latest" : ""}`, "data-seat": seat, "data-testid": "play-card" },
          cardFace(book, card),
          h("figcaption", {}, seating.name(seat)),
        ),
      ),
    ),
  );
}

// A named pile: a list of cards, plays or hands by seat, nothing (null), a
// count (a stock), a single card or anything else.
function renderZone(name, value, book, seating) {
  let content;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    content = value.length
      ? h("div", { class: "pile" }, value.map((text) => cardFace(book, text, { className: "card mini" })))
      : h("span", { class: "muted" }, t("none"));
  } else if (Array.isArray(value) && value.length && value.every((item) => item && typeof item.card === "string")) {
    // a sequence of plays by seat (Costly Colours' play to 31), oldest first
    content = h(
      "div",
      { class: "pile plays" },
      value.map(({ seat, card }) =>
        h("figure", { class: "zone", "data-seat": seat }, cardFace(book, card, { className: "card mini" }), h("figcaption", {}, seating.name(seat))),
      ),
    );
  } else if (Array.isArray(value) && value.length && value.every((item) => item && Array.isArray(item.cards))) {
    // cards by seat (Bharg's hands laid face up at the end)
    content = h(
      "div",
      { class: "pile plays" },
      value.map(({ seat, cards }) =>
        h("figure", { class: "zone", "data-seat": seat }, cards.map((text) => cardFace(book, text, { className: "card mini" })), h("figcaption", {}, seating.name(seat))),
      ),
    );
  } else if (value === null) {
    content = h("span", { class: "muted" }, t("none"));
  } else if (typeof value === "number") {
    content = h("span", {}, cardCount(value));
  } else if (typeof value === "string" && book.find(value)) {
    content = cardFace(book, value, { className: "card mini" });
  } else {
    content = h("span", {}, JSON.stringify(value));
  }
  return h("figure", { class: "zone", "data-testid": `zone-${name}` }, h("figcaption", {}, t(labelOf(name))), content);
}

/**
 * The viewer's hand: every card a button (legal ones highlighted), and the
 * calls (legal actions without a card) as buttons. `onPlay(text, actionId)`
 * gets the card text and its legal action id, or null when it is not legal
 * (sent anyway so that the engine says why). The card or call whose action
 * id is `hinted` (a hint's move) is marked data-hinted="true".
 */
export function renderHand(handElement, callsElement, observation, { book, onPlay, hinted = null }) {
  const byCard = new Map();
  for (const action of observation.legal ?? []) {
    if (action.card !== null && action.card !== undefined) {
      byCard.set(action.card, [...(byCard.get(action.card) ?? []), action]);
    }
  }
  const hand = observation.hand ?? [];
  // One click plays a card only when exactly one legal action uses it.
  const clickable = (text) => (byCard.get(text)?.length === 1 ? byCard.get(text)[0] : null);
  handElement.classList.toggle("crowded", hand.length > 10);
  fill(
    handElement,
    hand.map((text) => {
      const action = clickable(text);
      const isHinted = action !== null && action.id === hinted;
      return cardFace(book, text, {
        tag: "button",
        type: "button",
        className: `card${action ? " legal" : ""}${isHinted ? " hinted" : ""}`,
        "data-legal": action ? "true" : "false",
        "data-action-id": action ? action.id : null,
        "data-hinted": isHinted ? "true" : null,
        onclick: () => onPlay(text, action ? action.id : null),
      });
    }),
  );
  // calls, and card actions that a single click cannot express
  const calls = (observation.legal ?? []).filter(
    (action) => action.card === null || action.card === undefined || !hand.includes(action.card) || !clickable(action.card),
  );
  fill(
    callsElement,
    calls.map((action) =>
      h(
        "button",
        {
          type: "button",
          class: `call${action.id === hinted ? " hinted" : ""}`,
          "data-action-id": action.id,
          "data-testid": "call",
          "data-hinted": action.id === hinted ? "true" : null,
          onclick: () => onPlay(action.text, action.id),
        },
        action.label ?? action.text,
      ),
    ),
  );
}

/**
 * Whose turn it is and what he decides, as a sentence: the game's own
 * words for the decision (the observation's prompt), "Your turn: Meld, lay
 * off, or discard." or "P2 to move: Meld, lay off, or discard.".
 */
export function turnText(observation, seating) {
  if (observation.places) return t("The match is over.");
  const seat = observation.to_move;
  if (typeof seat !== "number" || seat < 0) return observation.phase ? t("Phase: {phase}", { phase: t(observation.phase) }) : "";
  if (seat === seating.viewer) return t("Your turn: {prompt}.", { prompt: observation.prompt });
  return t("{player} to move: {prompt}.", { player: seating.longName(seat), prompt: observation.prompt });
}

// Per-seat lists among the extras ("card_points": [0, 0, 0, 12]) become
// columns of the scores table.
function perSeatExtras(observation) {
  const count = observation.players.length;
  return Object.entries(observation).filter(
    ([key, value]) =>
      !schemaKeys.has(key) && Array.isArray(value) && value.length === count && value.every((v) => typeof v === "number"),
  );
}

/**
 * The scores table: one row per seat, its score, tricks and the game's own
 * columns. A seat's cards are on the felt (its fan's count, its tile, the
 * viewer's hand), not here: six columns must fit the side panel's 314 px.
 */
export function renderScores(element, observation, seating) {
  const playerExtras = [...new Set(observation.players.flatMap((p) => Object.keys(p)))].filter((k) => !PLAYER_KEYS.has(k));
  const seatExtras = perSeatExtras(observation);
  const hasTricks = observation.players.some((p) => p.tricks !== undefined);
  fill(
    element,
    h(
      "table",
      { class: "grid" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, t("Player")),
          h("th", { scope: "col" }, t("Score")),
          hasTricks ? h("th", { scope: "col" }, t("Tricks")) : null,
          playerExtras.map((key) => h("th", { scope: "col" }, t(labelOf(key)))),
          seatExtras.map(([key]) => h("th", { scope: "col" }, t(labelOf(key)))),
        ),
      ),
      h(
        "tbody",
        {},
        observation.players.map((player, index) =>
          h(
            "tr",
            { class: isSeatTurn(observation, player.seat) ? "to-move" : null, "data-seat": player.seat },
            // the mark on a line of its own, small: the column stays narrow
            h("th", { scope: "row" }, seating.name(player.seat), seating.mark(player.seat) ? h("span", { class: "seat-mark" }, ` (${seating.mark(player.seat)})`) : null),
            h("td", { "data-testid": "score" }, String(player.score)),
            hasTricks ? h("td", {}, String(player.tricks ?? "")) : null,
            playerExtras.map((key) => h("td", {}, showValue(player[key]))),
            seatExtras.map(([, values]) => h("td", {}, showValue(values[index]))),
          ),
        ),
      ),
    ),
  );
}

function showValue(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (Array.isArray(value)) return value.map(showValue).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  // a word of the game's data (a suit) in the page's language
  return typeof value === "string" ? t(value) : String(value);
}

/** Every finished hand's change per seat, with the totals. */
export function renderHandResults(element, observation, seating, handWord = "hand") {
  const results = observation.hand_results ?? [];
  if (!results.length) {
    fill(element, h("p", { class: "muted" }, t("No hand finished yet.")));
    return;
  }
  const seats = observation.players.map((p) => p.seat);
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  fill(
    element,
    h(
      "table",
      { class: "grid numbers" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(capitalized(handWord))), seats.map((s) => h("th", { scope: "col" }, seating.name(s))))),
      h(
        "tbody",
        {},
        results.map((row, index) =>
          h("tr", {}, h("th", { scope: "row" }, String(index + 1)), row.map((change) => h("td", {}, signed(change)))),
        ),
      ),
      h(
        "tfoot",
        {},
        h("tr", {}, h("th", { scope: "row" }, t("Total")), observation.players.map((p) => h("td", {}, String(p.score)))),
      ),
    ),
  );
}

/** The last finished trick with who played what and who won it. */
export function renderLastTrick(element, observation, { book, seating }) {
  // a game without tricks (Progress) has no use for the panel
  const panel = element.closest("details");
  if (panel) panel.hidden = !("trick" in (observation.zones ?? {}));
  const last = observation.zones?.last_trick;
  if (!last || !last.cards?.length) {
    fill(element, h("p", { class: "muted" }, t("No trick finished yet.")));
    return;
  }
  fill(
    element,
    h("p", {}, t("Won by {player}.", { player: seating.longName(last.winner) })),
    h(
      "div",
      { class: "pile" },
      last.cards.map(({ seat, card }) =>
        h(
          "figure",
          { class: `zone${seat === last.winner ? " winner" : ""}`, "data-seat": seat },
          cardFace(book, card, { className: "card mini" }),
          h("figcaption", {}, seating.name(seat)),
        ),
      ),
    ),
  );
}

/**
 * Game-specific keys, labelled: numbers, words, seats by name, cards as
 * faces; but those the board of `layout` draws on the felt.
 */
export function renderExtras(element, observation, { book, seating, layout = "round-table" }) {
  const perSeat = new Set(perSeatExtras(observation).map(([key]) => key));
  const drawn = layout === "meld-table" ? MELD_FELT_KEYS : new Set();
  const rows = Object.entries(observation).filter(([key]) => !schemaKeys.has(key) && !perSeat.has(key) && !drawn.has(key));
  fill(
    element,
    h(
      "dl",
      { class: "extras" },
      rows.map(([key, value]) => [
        h("dt", {}, t(labelOf(key))),
        h("dd", { "data-extra": key }, extraValue(key, value, book, seating)),
      ]),
    ),
  );
}

function extraValue(key, value, book, seating) {
  const isSeat = (v) => Number.isInteger(v) && v >= 0 && v < seating.players.length;
  if (SEAT_KEY.test(key) && isSeat(value)) return seating.longName(value);
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === "string" && book.find(v))) {
    return h("span", { class: "pile" }, value.map((text) => cardFace(book, text, { className: "card mini" })));
  }
  if (typeof value === "string" && book.find(value)) return cardFace(book, value, { className: "card mini" });
  return showValue(value);
}

/** The public events, newest last, numbered from log_start. */
export function renderLog(element, observation) {
  const start = observation.log_start ?? 0;
  fill(
    element,
    (observation.log ?? []).map((line, index) => h("li", { "data-line": start + index }, line)),
  );
  element.setAttribute("start", String(start + 1));
  element.scrollTop = element.scrollHeight;
}

const ORDINALS = [t("1st"), t("2nd"), t("3rd")];
const ordinal = (n) => ORDINALS[n - 1] ?? t("{n}th", { n });

/** "1 card", "5 cards". */
const cardCount = (count) => (count === 1 ? t("1 card") : t("{count} cards", { count }));

/** The end-of-match summary from `places` (1 is best) and the scores; hidden while playing. */
export function renderSummary(element, observation, seating, extra = null) {
  if (observation.players.length === 1 && typeof observation.won === "boolean") {
    // a patience: won or lost, with the game's own score
    element.hidden = false;
    const score = observation.players[0].score;
    fill(
      element,
      h("h2", {}, observation.won ? t("Won") : t("Lost")),
      h("p", { class: "winners", "data-testid": "patience-result" }, observation.won ? t("Won, score {score}", { score }) : t("Lost, score {score}", { score })),
      extra,
    );
    return;
  }
  const places = observation.places;
  element.hidden = !places;
  if (!places) {
    element.replaceChildren();
    return;
  }
  const best = Math.min(...places);
  const worst = Math.max(...places);
  const order = observation.players.map((p, i) => ({ player: p, place: places[i] })).sort((a, b) => a.place - b.place);
  const winners = order.filter((row) => row.place === best).map((row) => seating.longName(row.player.seat));
  const outcome = (place) => (place === best ? "winner" : place === worst ? "loser" : "");
  const OUTCOME_WORDS = { winner: t("winner"), loser: t("loser"), "": "" };
  fill(
    element,
    h("h2", {}, t("Match over")),
    h("p", { class: "winners" }, winners.length > 1 ? t("Winners: {names}", { names: winners.join(", ") }) : t("Winner: {names}", { names: winners.join(", ") })),
    h(
      "table",
      { class: "grid" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Place")), h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Score")), h("th", { scope: "col" }, ""))),
      h(
        "tbody",
        {},
        order.map(({ player, place }) =>
          h(
            "tr",
            { class: outcome(place), "data-seat": player.seat, "data-place": place },
            h("td", {}, ordinal(place)),
            h("th", { scope: "row" }, seating.longName(player.seat)),
            h("td", {}, String(player.score)),
            h("td", {}, OUTCOME_WORDS[outcome(place)]),
          ),
        ),
      ),
    ),
    extra,
  );
}

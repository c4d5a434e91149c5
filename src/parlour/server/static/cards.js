// Card faces for the five decks, drawn as SVG markup from the card text an
// observation holds.
//
// A CardBook is filled from `GET /api/decks/{deck}` and resolves any text an
// observation may hold (a code such as "JS", a name such as "Ober-Acorns" or
// "The Huntress") case-insensitively to that deck's card description
// {id, code, name, rank, suits, red, deck}. cardSvg() then draws the face.
//
// Everything here returns strings and touches no DOM, so it runs under node:
//   node --input-type=module -e "import('./cards.js').then(m => ...)"

import { t } from "./i18n.js";

// Every deck the engine has (DESIGN.md, cards/deck.py). A game's options can
// change its pack (Bassadewitz pack=french plays the piquet pack while the
// game lists german32), so unknown card texts are looked up in all of them.
export const DECK_NAMES = [
  "french52", "piquet32", "german32", "progress53", "progress106", "decktet36", "decktet45",
];

const normalise = (text) => String(text).trim().toLowerCase().replace(/[\s_]+/g, " ");

export class CardBook {
  constructor() {
    this.cards = new Map();
    this.decks = new Set();
    this.titles = new Map();
  }

  /** A loaded deck's title ("piquet pack"), else its name. */
  title(deckName) {
    return this.titles.get(deckName) ?? deckName;
  }

  /** Adds a deck as `GET /api/decks/{deck}` returns it. Earlier decks win. */
  add(deck) {
    this.decks.add(deck.name);
    this.titles.set(deck.name, deck.title);
    for (const card of deck.cards) {
      const entry = { ...card, deck: deck.name };
      for (const key of [card.code, card.name, card.name.replace(/^the\s+/i, "")]) {
        if (!this.cards.has(normalise(key))) this.cards.set(normalise(key), entry);
      }
    }
  }

  /** The card that `text` names, or null. */
  find(text) {
    const key = normalise(text);
    // French codes may write the ten as "10" ("10D" is "TD")
    return this.cards.get(key) ?? this.cards.get(key.replace(/^10(?=[shdc♠♥♦♣]$)/, "t")) ?? null;
  }

  /** Loads `deckName` with `fetchJson(path)` unless it is already loaded. */
  async load(deckName, fetchJson) {
    if (!this.decks.has(deckName)) this.add(await fetchJson(`/api/decks/${deckName}`));
  }

  /** Makes sure every text in `texts` resolves, loading other decks if needed. */
  async ensure(texts, fetchJson) {
    if (texts.every((text) => this.find(text))) return;
    for (const name of DECK_NAMES) await this.load(name, fetchJson);
  }
}

/** The family a deck belongs to, which decides how its faces are drawn. */
export function family(deckName) {
  if (/^(french|piquet)/.test(deckName)) return "french";
  if (deckName.startsWith("german")) return "german";
  if (deckName.startsWith("progress")) return "progress";
  if (deckName.startsWith("decktet")) return "decktet";
  return "unknown";
}

export const escapeXml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// --- suit glyphs, each drawn in a 100 x 100 box -------------------------------

const HEART = "M50 92C20 70 3 52 3 30C3 13 16 3 30 3C40 3 47 9 50 17C53 9 60 3 70 3C84 3 97 13 97 30C97 52 80 70 50 92Z";
const SPADE =
  "M50 3C78 28 97 44 97 63C97 79 86 87 74 87C64 87 57 82 53 75C54 86 58 93 67 97L33 97C42 93 46 86 47 75C43 82 36 87 26 87C14 87 3 79 3 63C3 44 22 28 50 3Z";
const DIAMOND = "M50 2L88 50L50 98L12 50Z";
const CLUB =
  '<circle cx="50" cy="27" r="22"/><circle cx="26" cy="60" r="22"/><circle cx="74" cy="60" r="22"/><path d="M45 55L55 55L60 97L40 97Z"/>';
const LEAF = "M50 3C84 24 94 58 50 90C6 58 16 24 50 3Z";
const MOON = "M64 8A44 44 0 1 0 64 92A50 50 0 0 1 64 8Z";

function star(points, outer, inner) {
  const corners = [];
  for (let i = 0; i < points * 2; i += 1) {
    const radius = i % 2 ? inner : outer;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    corners.push(`${(50 + radius * Math.cos(angle)).toFixed(1)} ${(50 + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${corners.join("L")}Z`;
}

function sunRays() {
  const rays = [];
  for (let i = 0; i < 12; i += 1) {
    const angle = (Math.PI * i) / 6;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    rays.push(`M${(50 + 30 * c).toFixed(1)} ${(50 + 30 * s).toFixed(1)}L${(50 + 46 * c).toFixed(1)} ${(50 + 46 * s).toFixed(1)}`);
  }
  return rays.join("");
}

const SUN = (colour) =>
  `<path d="${sunRays()}" stroke="${colour}" stroke-width="8" stroke-linecap="round"/><circle cx="50" cy="50" r="24" fill="${colour}"/>`;

// Each glyph: [colour, inner SVG using that colour].
const GLYPHS = {
  Spades: ["#111", `<path d="${SPADE}"/>`],
  Hearts: ["#c8102e", `<path d="${HEART}"/>`],
  Diamonds: ["#c8102e", `<path d="${DIAMOND}"/>`],
  Clubs: ["#111", CLUB],
  // German suits
  GermanHearts: ["#c8102e", `<path d="${HEART}"/>`],
  Bells: [
    "#c99700",
    '<circle cx="50" cy="10" r="7"/><circle cx="50" cy="56" r="40"/>' +
      '<path d="M12 50H88" stroke="#6b4f00" stroke-width="6"/><circle cx="50" cy="74" r="8" fill="#6b4f00"/>' +
      '<path d="M50 74V96" stroke="#6b4f00" stroke-width="5"/>',
  ],
  Leaves: [
    "#2e7d32",
    `<path d="${LEAF}"/><path d="M50 18V97M50 45L34 33M50 45L66 33M50 62L32 50M50 62L68 50" stroke="#e8f5e9" stroke-width="4" fill="none"/>`,
  ],
  Acorns: [
    "#8d5a2b",
    '<rect x="46" y="2" width="8" height="16" rx="3" fill="#5d3a1a"/>' +
      '<ellipse cx="50" cy="64" rx="27" ry="33"/>' +
      '<path d="M14 46C14 18 86 18 86 46Z" fill="#5d3a1a"/>' +
      '<path d="M26 28L40 46M44 23L58 46M62 23L74 42M74 28L60 46M56 23L42 46M38 23L26 40" stroke="#c49a6c" stroke-width="3"/>',
  ],
  // Progress signs
  Crown: ["#b8860b", '<path d="M8 78L8 26L29 52L50 14L71 52L92 26L92 78Z"/><rect x="8" y="82" width="84" height="12" rx="3"/>'],
  Sun: ["#e65100", SUN("#e65100")],
  Moon: ["#3f51b5", `<path d="${MOON}"/>`],
  Star: ["#00796b", `<path d="${star(5, 48, 20)}"/>`],
  // Decktet suits
  Moons: ["#3f51b5", `<path d="${MOON}"/>`],
  Suns: ["#e65100", SUN("#e65100")],
  Waves: [
    "#0277bd",
    '<path d="M4 30C20 14 34 46 50 30S80 14 96 30M4 55C20 39 34 71 50 55S80 39 96 55M4 80C20 64 34 96 50 80S80 64 96 80" fill="none" stroke="#0277bd" stroke-width="10" stroke-linecap="round"/>',
  ],
  DecktetLeaves: ["#2e7d32", `<path d="${LEAF}"/><path d="M50 18V97" stroke="#e8f5e9" stroke-width="4"/>`],
  Wyrms: [
    "#b71c1c",
    '<path d="M18 92C18 60 82 70 82 42C82 18 52 10 38 26" fill="none" stroke="#b71c1c" stroke-width="12" stroke-linecap="round"/><circle cx="34" cy="24" r="12"/>',
  ],
  Knots: [
    "#6a1b9a",
    '<path d="M50 50C32 18 6 26 10 50C14 74 38 70 50 50C62 30 86 26 90 50C94 74 68 82 50 50Z" fill="none" stroke="#6a1b9a" stroke-width="10"/>',
  ],
};

// The glyph key for a suit name in a family ("Hearts" and "Leaves" look
// different in the German pack and the Decktet).
function glyphKey(suit, fam) {
  if (fam === "german" && suit === "Hearts") return "GermanHearts";
  if (fam === "decktet" && suit === "Leaves") return "DecktetLeaves";
  return suit;
}

export function suitColour(suit, fam) {
  return (GLYPHS[glyphKey(suit, fam)] ?? ["#333"])[0];
}

/** A suit glyph of `size` with its top-left corner at (x, y), naming its suit in data-suit. */
export function glyph(suit, fam, x, y, size) {
  const [colour, body] = GLYPHS[glyphKey(suit, fam)] ?? ["#333", '<circle cx="50" cy="50" r="40"/>'];
  return `<g data-suit="${escapeXml(suit)}" transform="translate(${x} ${y}) scale(${size / 100})" fill="${colour}">${body}</g>`;
}

// --- faces ---------------------------------------------------------------------

// Faces are 100 x 140 (the 5:7 shape of a playing card); CSS sets the size.
const FRAME = '<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fffdf7" stroke="#444" stroke-width="2"/>';
const FONT = 'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-weight="700"';

const text = (x, y, size, colour, content, extra = "") =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${colour}" text-anchor="middle" ${FONT} ${extra}>${escapeXml(content)}</text>`;

// A corner index (rank over a small suit glyph), also drawn upside down at
// the bottom right as real cards have it.
function corners(label, suit, fam, colour) {
  const index = `${text(14, 25, label.length > 2 ? 15 : 22, colour, label)}${glyph(suit, fam, 5, 30, 18)}`;
  return `${index}<g transform="rotate(180 50 70)">${index}</g>`;
}

const FRENCH_COURTS = { J: "Jack", Q: "Queen", K: "King" };

function frenchFace(card) {
  const suit = card.suits[0];
  const colour = suitColour(suit, "french");
  const rank = card.rank === "T" ? "10" : card.rank;
  let centre = glyph(suit, "french", 22, 42, 56);
  if (FRENCH_COURTS[rank]) {
    // a framed court: the big letter with its suit, readable at small size
    centre =
      `<rect x="22" y="30" width="56" height="80" rx="4" fill="none" stroke="${colour}" stroke-width="2"/>` +
      text(50, 78, 40, colour, rank) + glyph(suit, "french", 38, 84, 24);
  }
  return corners(rank, suit, "french", colour) + centre;
}

const GERMAN_SHORT = { Ace: "A", King: "K", Ober: "O", Unter: "U" };

function germanFace(card) {
  const suit = card.suits[0];
  const colour = suitColour(suit, "german");
  const short = GERMAN_SHORT[card.rank] ?? card.rank;
  const word = /^\d+$/.test(card.rank) ? suit : card.rank;
  return (
    corners(short, suit, "german", colour) +
    glyph(suit, "german", 26, 36, 48) +
    text(50, 104, 13, "#333", word)
  );
}

function progressFace(card) {
  if (!card.suits.length) {
    // the Progress card: dark and gold so it never passes for a numeral
    return (
      '<rect x="6" y="6" width="88" height="128" rx="6" fill="#2b1d3a"/>' +
      `<path d="${star(8, 30, 14)}" transform="translate(20 28) scale(0.6)" fill="#d4af37"/>` +
      text(50, 100, 40, "#d4af37", "P") +
      text(50, 122, 12, "#d4af37", card.code.includes("#") ? "Progress #2" : "Progress")
    );
  }
  const sign = card.suits[0];
  const colour = suitColour(sign, "progress");
  const copy = card.code.includes("#2") ? text(50, 128, 10, "#777", "#2") : "";
  return (
    corners(card.rank, sign, "progress", colour) +
    glyph(sign, "progress", 24, 34, 52) +
    text(50, 106, 14, colour, sign) +
    copy
  );
}

const DECKTET_RANK = { Crown: "C", Pawn: "Pawn", Court: "Court", Excuse: "" };

// Splits a Decktet name over at most two lines of about 10 characters.
function nameLines(name) {
  const words = name.split(" ");
  if (name.length <= 11 || words.length === 1) return [name];
  let best = [name];
  for (let i = 1; i < words.length; i += 1) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    if (Math.max(...lines.map((l) => l.length)) < Math.max(...best.map((l) => l.length))) best = lines;
  }
  return best;
}

function decktetFace(card) {
  const rank = card.rank in DECKTET_RANK ? DECKTET_RANK[card.rank] : card.rank === "Ace" ? "A" : card.rank;
  const colour = card.suits.length ? suitColour(card.suits[0], "decktet") : "#333";
  // a word rank (Pawn, Court) is written small across the top
  const rankClass = 'class="rank"';
  let parts = rank.length > 2 ? text(50, 22, 13, "#222", rank, rankClass) : text(16, 24, 20, "#222", rank, rankClass);
  // the suit column at the left, as the Decktet prints it
  card.suits.forEach((suit, i) => {
    parts += glyph(suit, "decktet", 6, 30 + i * 20, 18);
  });
  // the suits large in the middle
  const size = card.suits.length > 2 ? 24 : 34;
  const span = card.suits.length * size;
  card.suits.forEach((suit, i) => {
    parts += glyph(suit, "decktet", 50 - span / 2 + i * size + 2, 50, size - 4);
  });
  if (!card.suits.length) parts += `<circle cx="50" cy="64" r="22" fill="none" stroke="#555" stroke-width="4" stroke-dasharray="6 5"/>`;
  const name = card.name.replace(/^The\s+/, "");
  const lines = nameLines(name);
  lines.forEach((line, i) => {
    parts += text(54, 108 + i * 14 - (lines.length - 1) * 7, 13, colour === "#333" ? "#222" : colour, line, 'class="name"');
  });
  return parts;
}

const FACES = { french: frenchFace, german: germanFace, progress: progressFace, decktet: decktetFace };

// A face for text that no deck knows: the text itself, so play never breaks.
function unknownFace(label) {
  return text(50, 76, 16, "#333", label);
}

/**
 * The SVG markup of a card face. `card` is a CardBook entry, or null with
 * `label` (the observation's text) for a card no loaded deck knows.
 */
export function cardSvg(card, label = card?.code ?? "?") {
  const body = card ? (FACES[family(card.deck)] ?? (() => unknownFace(label)))(card) : unknownFace(label);
  const title = card ? cardName(card.name) : label;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" role="img" aria-label="${escapeXml(title)}">${FRAME}${body}</svg>`;
}

// The back's lattice, computed once.
const LATTICE = (() => {
  const lines = [];
  for (let d = -130; d <= 100; d += 14) lines.push(`M${8 + d} 8L${8 + d + 124} 132M${92 - d} 8L${92 - d - 124} 132`);
  return lines.join("");
})();

/** The SVG markup of a card back (a hidden card). */
export function backSvg() {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" aria-hidden="true">' +
    '<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fff" stroke="#444" stroke-width="2"/>' +
    '<svg x="8" y="8" width="84" height="124" viewBox="8 8 84 124"><rect x="8" y="8" width="84" height="124" rx="4" fill="#7b1f2e"/>' +
    `<path d="${LATTICE}" stroke="#d9a441" stroke-width="1.5" opacity="0.55"/></svg>` +
    "</svg>"
  );
}

/** The accessible text for a card: its full name, e.g. "Jack of Spades", in the page's language. */
export function cardLabel(book, text) {
  const card = book.find(text);
  return card ? cardName(card.name) : String(text);
}

/**
 * A card's name (the deck's, in English) in the page's language: its rank
 * and suit words each through the web catalogue ("Jack of Spades", the
 * German pack's "Ober-Acorns", the double pack's "7 of Suns #2"); a card
 * with a name of its own (the Decktet's "The Windfall", "Progress") keeps it.
 */
export function cardName(name) {
  const match = /^(.+?)(?: of |-)(\w+)( #\d+)?$/.exec(name);
  if (!match) return name;
  const [, rank, suit, copy = ""] = match;
  const fields = { rank: t(rank), suit: t(suit) };
  const said = name.includes(" of ") ? t("{rank} of {suit}", fields) : t("{rank}-{suit}", fields);
  return said + copy;
}

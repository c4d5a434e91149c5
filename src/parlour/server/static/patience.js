// A patience (a one-seat game whose cards are all on the table) drawn as a
// tableau instead of the generic zones, and played by clicking (or dragging)
// a card onto where it goes. The tableau is chosen by the layout kind the
// game declares (Game.layout, parlour.engine.layouts, GET /api/games), each
// kind a shape of board with the zones and move texts it promises.
//
// The engine's legal moves carry no card (the cards are on the table, the
// hand is empty), so each move's text is read as a source and a target:
//   columns-and-pile         "9Su" (the exposed card of its column onto the pile), "draw" (the stock)
//   foundations-and-wastes   "f2" / "w3" (the turned card onto foundation 2 / waste 3),
//                            "w2 f3" (waste 2's top onto foundation 3)
//   columns-and-foundations  "c5 f" (column 5's card onto its foundation), "c5 c9" (onto column 9)
//   dial-of-piles            "turn" (the next pile)
// A click on a source that has moves selects it (or plays at once when its
// only move goes home: a foundation or the one pile); a click on a target
// then plays the selected source's move there. A source can also be dragged
// onto a target. The text buttons below the felt stay as a fallback.
//
// Stable hooks for end-to-end tests (inside data-testid="board", which has
// class "patience", data-game and data-layout):
//   data-testid="tableau"      the whole layout, data-game, data-layout (class "tableau-LAYOUT")
//   data-testid="column"       a column (Golf 1-7, Baker's Dozen 1-13), data-index, data-count;
//                              its cards in order, each with data-card, the exposed card last
//   data-testid="pile"         Golf's foundation pile, data-count, data-top
//   data-testid="stock"        the face-down stock, data-count (a button when "draw" is legal)
//   data-testid="turned"       Calculation's turned card, data-card
//   data-testid="foundation"   a foundation: data-index 1-4 (Calculation, with data-needs) or
//                              data-sign (Baker's Dozen, all four in data-testid="foundations");
//                              data-count, data-top
//   data-testid="waste"        a Calculation waste pile, data-index 1-4, data-count
//   data-testid="clock-pile"   a Clock pile, data-index 1-13 (13 the centre), data-down, data-next
// Any card that can move is a <button> with class "legal" and data-legal="true",
// data-source (its move source, "c3", "w2", "turned", "stock", "p13");
// the selected one has class "selected" and data-selected="true"; every pile a
// move can go to has data-target ("pile", "f2", "w1", "c9", "f"), with class
// "target" and data-target-legal="true" while the selected card may go there.
// A hint's move (GET /api/tables/{id}/hint, shown until the next move) marks its
// source with class "hinted" and data-hinted="true" (the card, the stock, or
// Clock's pile to turn) and, when it goes to another pile, that pile with
// class "hint-target" and data-hint-target="true".

// board.js imports this module too: cardFace, a hoisted function, is ready
// by the time any tableau is drawn
import { cardFace as face } from "./board.js";
import { backSvg } from "./cards.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

// Per layout kind: the move a legal action's text makes ({source, target,
// home}, or null) and the tableau's drawing.
const TABLEAUX = {
  "columns-and-pile": {
    move(text, zones) {
      if (text === "draw") return { source: "stock", target: "pile", home: true };
      const column = zones.columns.findIndex((cards) => cards.length && cards[cards.length - 1] === text);
      return column >= 0 ? { source: `c${column + 1}`, target: "pile", home: true } : null;
    },
    draw: (zones, book, state) => drawColumnsAndPile(zones, book, state),
  },
  "foundations-and-wastes": {
    move(text) {
      let match;
      if ((match = /^([fw])([1-4])$/.exec(text))) return { source: "turned", target: `${match[1]}${match[2]}`, home: match[1] === "f" };
      if ((match = /^w([1-4]) f([1-4])$/.exec(text))) return { source: `w${match[1]}`, target: `f${match[2]}`, home: true };
      return null;
    },
    draw: (zones, book, state) => drawFoundationsAndWastes(zones, book, state),
  },
  "columns-and-foundations": {
    move(text) {
      let match;
      if ((match = /^c(\d+) f$/.exec(text))) return { source: `c${match[1]}`, target: "f", home: true };
      if ((match = /^c(\d+) c(\d+)$/.exec(text))) return { source: `c${match[1]}`, target: `c${match[2]}`, home: false };
      return null;
    },
    draw: (zones, book, state) => drawColumnsAndFoundations(zones, book, state),
  },
  "dial-of-piles": {
    move: (text, zones) => (text === "turn" ? { source: `p${zones.next}`, target: `p${zones.next}`, home: true } : null),
    draw: (zones, book, state) => drawDial(zones, book, state),
  },
};

/** The patience layout kinds drawn here as a tableau. */
export const PATIENCE_LAYOUTS = Object.keys(TABLEAUX);

/** Whether `layout` (a game's declared kind) is a patience drawn here. */
export const isPatience = (layout) => Object.hasOwn(TABLEAUX, layout);

const back = (attributes = {}) => h("span", { class: "card back", "aria-hidden": "true", html: backSvg(), ...attributes });
/** "1 card", "5 cards", in the page's language. */
const cardCount = (n) => (n === 1 ? t("1 card") : t("{count} cards", { count: n }));

/**
 * The legal moves as {source, target, action, home}: `home` when the move
 * goes to a foundation (one click plays a source whose only move it is).
 */
export function movesOf(observation, layout) {
  const zones = observation.zones ?? {};
  const moves = [];
  for (const action of observation.legal ?? []) {
    const move = TABLEAUX[layout].move(action.text, zones);
    if (move) moves.push({ ...move, action });
  }
  return moves;
}

/** Draws a patience without moves (a spectator, the replay). */
export function renderPatience(felt, observation, { book, layout }) {
  draw(felt, observation, layout, book, { moves: [], selected: null });
}

/**
 * A seat's patience: keeps the selected source across redraws of the same
 * position and turns clicks, keys and drops on the felt into moves.
 */
export class PatienceTable {
  constructor() {
    this.felt = null;
    this.selected = null;
    this.dragging = null;
    this.moveNumber = null;
    this.moves = [];
    this.last = null;
    this.drawn = null;
    this.hinted = null;
  }

  /**
   * `layout` is the game's patience layout kind; `onPlay(text, actionId)`
   * sends a move, null for a spectator. `hinted` is the action id of the
   * hint for this position, or null.
   */
  render(felt, observation, { book, layout, onPlay = null, moveNumber = null, hinted = null }) {
    if (moveNumber !== this.moveNumber) {
      this.moveNumber = moveNumber;
      this.selected = null;
    }
    const mine = onPlay && observation.to_move === observation.seat && !observation.places;
    this.moves = mine ? movesOf(observation, layout) : [];
    if (this.selected && !this.moves.some((m) => m.source === this.selected)) this.selected = null;
    this.hinted = hinted;
    this.last = { felt, observation, book, layout, onPlay };
    // the same position again (a move's answer and its broadcast) is not
    // redrawn, so that a card being dragged stays in the page
    const drawn = JSON.stringify([layout, moveNumber, Boolean(mine), hinted, observation]);
    if (felt === this.felt && drawn === this.drawn && felt.querySelector("[data-testid=\"tableau\"]")) return;
    this.drawn = drawn;
    if (felt !== this.felt) this.listen(felt);
    this.redraw();
  }

  redraw() {
    const { felt, observation, book, layout } = this.last;
    draw(felt, observation, layout, book, { moves: this.moves, selected: this.selected, hinted: this.hinted });
  }

  listen(felt) {
    this.felt = felt;
    felt.addEventListener("click", (event) => this.click(event));
    felt.addEventListener("keydown", (event) => {
      // a target pile is focusable while a move can go there
      if ((event.key === "Enter" || event.key === " ") && event.target.matches?.("[data-target][tabindex]")) {
        event.preventDefault();
        this.click(event);
      }
    });
    felt.addEventListener("dragstart", (event) => {
      const source = event.target.closest?.("[data-source]")?.dataset.source;
      if (!this.last?.onPlay || !source || !this.movesFrom(source).length) return;
      this.dragging = source;
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", source);
    });
    // a pile the dragged card may go to accepts it from the moment it is entered
    const accept = (event) => {
      if (this.dropMove(event)) {
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
      }
    };
    felt.addEventListener("dragenter", accept);
    felt.addEventListener("dragover", accept);
    felt.addEventListener("drop", (event) => {
      const move = this.dropMove(event);
      this.dragging = null;
      if (!move) return;
      event.preventDefault();
      this.send(move);
    });
    felt.addEventListener("dragend", () => {
      this.dragging = null;
    });
  }

  movesFrom(source) {
    return this.moves.filter((m) => m.source === source);
  }

  moveTo(source, target) {
    return this.moves.find((m) => m.source === source && m.target === target) ?? null;
  }

  dropMove(event) {
    const target = event.target.closest?.("[data-target]")?.dataset.target;
    return this.dragging && target ? this.moveTo(this.dragging, target) : null;
  }

  send(move) {
    this.selected = null;
    this.redraw();
    this.last.onPlay(move.action.text, move.action.id);
  }

  click(event) {
    if (!this.last?.onPlay || !this.moves.length) return;
    const source = event.target.closest?.("[data-source]")?.dataset.source ?? null;
    const target = event.target.closest?.("[data-target]")?.dataset.target ?? null;
    if (this.selected && source === this.selected) {
      this.selected = null;
      this.redraw();
      return;
    }
    const onto = this.selected && target ? this.moveTo(this.selected, target) : null;
    if (onto) {
      this.send(onto);
      return;
    }
    const from = source ? this.movesFrom(source) : [];
    if (from.length === 1 && from[0].home) {
      this.send(from[0]);
      return;
    }
    this.selected = from.length ? source : null;
    this.redraw();
  }
}

// ---- drawing ---------------------------------------------------------------

/**
 * What the drawing needs to know of the moves: sources, the selection, its
 * targets, and the source and target of the hinted move (action id `hinted`).
 */
function marks(moves, selected, hinted) {
  const sources = new Set(moves.map((m) => m.source));
  const targets = new Set(moves.filter((m) => m.source === selected).map((m) => m.target));
  const hint = moves.find((m) => m.action.id === hinted) ?? null;
  return { sources, selected, targets, hintSource: hint?.source ?? null, hintTarget: hint && hint.target !== hint.source ? hint.target : null };
}

/** The class and data-hinted of a source button `key`, marked when the hint moves it. */
function hintAttributes(key, state, className) {
  const hinted = state.hintSource === key;
  return { class: `${className}${hinted ? " hinted" : ""}`, "data-hinted": hinted ? "true" : null };
}

function draw(felt, observation, layout, book, { moves, selected, hinted = null }) {
  const state = marks(moves, selected, hinted);
  felt.classList.remove("tiled", "few", "melding");
  felt.classList.add("patience");
  felt.dataset.game = observation.game;
  felt.dataset.layout = layout;
  const body = TABLEAUX[layout].draw(observation.zones, book, state);
  fill(felt, h("div", { class: `tableau tableau-${layout}`, "data-testid": "tableau", "data-game": observation.game, "data-layout": layout }, body));
}

/** A card that is the source `key`: a button when it can move. */
function sourceCard(book, text, key, state, attributes = {}) {
  const legal = state.sources.has(key);
  if (!legal) return face(book, text, attributes);
  const selected = state.selected === key;
  const { class: className, "data-hinted": hinted } = hintAttributes(key, state, `card legal${selected ? " selected" : ""}`);
  return face(book, text, {
    ...attributes,
    tag: "button",
    type: "button",
    className,
    "data-hinted": hinted,
    draggable: "true",
    "data-legal": "true",
    "data-source": key,
    "data-selected": selected ? "true" : null,
    "aria-pressed": selected ? "true" : "false",
  });
}

/** Attributes of a pile that moves can go to (`key`), marked while the selection may. */
function targetAttributes(key, state, className) {
  const legal = state.targets.has(key);
  const hinted = state.hintTarget === key;
  return {
    class: `${className}${legal ? " target" : ""}${hinted ? " hint-target" : ""}`,
    "data-target": key,
    "data-target-legal": legal ? "true" : null,
    "data-hint-target": hinted ? "true" : null,
    tabindex: legal ? "0" : null,
    role: legal ? "button" : null,
  };
}

/**
 * A column of overlapping cards, the exposed (last) card whole: `source` the
 * exposed card's move source, `target` the key moves onto it use (or null).
 */
function column(book, cards, { testid, index, source, target, state, caption = null }) {
  const last = cards.length - 1;
  const attributes = target ? targetAttributes(target, state, "pt-column") : { class: "pt-column" };
  return h(
    "div",
    { ...attributes, "data-testid": testid, "data-index": index, "data-count": cards.length, "aria-label": `${caption ?? t("column {index}", { index })}: ${cardCount(cards.length)}` },
    h(
      "div",
      { class: "pt-cards" },
      cards.length
        ? cards.map((text, i) => (i === last && source ? sourceCard(book, text, source, state) : face(book, text)))
        : h("span", { class: "pt-slot" }),
    ),
    caption ? h("div", { class: "pt-caption" }, caption) : null,
  );
}

/** A pile showing its top card (or an empty slot) with its size under it. */
function pileTop(book, cards, caption, { source = null, state }) {
  const top = cards[cards.length - 1];
  return [
    top ? (source ? sourceCard(book, top, source, state) : face(book, top)) : h("span", { class: "pt-slot" }),
    h("div", { class: "pt-caption" }, caption),
  ];
}

function stock(count, { source = null, state }) {
  const legal = source && state.sources.has(source);
  const label = t("stock: {cards} face down", { cards: cardCount(count) });
  const cards = count ? back() : h("span", { class: "pt-slot" });
  const caption = h("div", { class: "pt-caption" }, t("Stock {count}", { count }));
  if (legal) {
    return h(
      "button",
      { type: "button", ...hintAttributes(source, state, "pt-stock legal"), "data-testid": "stock", "data-count": count, "data-source": source, "data-legal": "true", "aria-label": `${label}: ${t("draw")}`, title: t("draw") },
      cards,
      caption,
    );
  }
  return h("div", { class: "pt-stock", "data-testid": "stock", "data-count": count, "aria-label": label }, cards, caption);
}

function drawColumnsAndPile(zones, book, state) {
  const pile = zones.pile;
  const shown = pile.slice(-6);
  return [
    h(
      "div",
      { class: "pt-row pt-top" },
      stock(zones.stock, { source: "stock", state }),
      h(
        "div",
        { ...targetAttributes("pile", state, "pt-pile fanned"), "data-testid": "pile", "data-count": pile.length, "data-top": pile[pile.length - 1] ?? "", "aria-label": t("pile: {cards}", { cards: cardCount(pile.length) }) },
        h("div", { class: "pt-cards" }, shown.length ? shown.map((text) => face(book, text)) : h("span", { class: "pt-slot" })),
        h("div", { class: "pt-caption" }, t("Pile {count}", { count: pile.length })),
      ),
    ),
    h(
      "div",
      { class: "pt-columns", style: `--columns:${zones.columns.length}` },
      zones.columns.map((cards, i) => column(book, cards, { testid: "column", index: i + 1, source: `c${i + 1}`, target: null, state })),
    ),
  ];
}

function drawFoundationsAndWastes(zones, book, state) {
  const turned = zones.turned;
  return [
    h(
      "div",
      { class: "pt-row pt-top" },
      stock(zones.stock, { state }),
      h(
        "div",
        { class: "pt-pile pt-turned", "data-testid": "turned", "data-card": turned ?? "" },
        turned ? sourceCard(book, turned, "turned", state) : h("span", { class: "pt-slot" }),
        h("div", { class: "pt-caption" }, turned ? t("turned") : t("no card")),
      ),
      h("div", { class: "pt-gap" }),
      zones.foundations.map((cards, i) => {
        const needs = zones.needs?.[i];
        return h(
          "div",
          {
            ...targetAttributes(`f${i + 1}`, state, "pt-pile"),
            "data-testid": "foundation",
            "data-index": i + 1,
            "data-needs": needs ?? "",
            "data-count": cards.length,
            "data-top": cards[cards.length - 1] ?? "",
            "aria-label": `${t("foundation {index}", { index: i + 1 })}: ${cardCount(cards.length)}, ${needs ? t("needs {card}", { card: needs }) : t("complete")}`,
          },
          pileTop(book, cards, needs ? t("by {step} · needs {card}", { step: i + 1, card: needs }) : t("complete"), { state }),
        );
      }),
    ),
    h(
      "div",
      { class: "pt-columns pt-wastes", style: "--columns:4" },
      zones.wastes.map((cards, i) => column(book, cards, { testid: "waste", index: i + 1, source: `w${i + 1}`, target: `w${i + 1}`, state, caption: t("waste {index}", { index: i + 1 }) })),
    ),
  ];
}

function drawColumnsAndFoundations(zones, book, state) {
  const signs = Object.entries(zones.foundations);
  return [
    h(
      "div",
      { ...targetAttributes("f", state, "pt-row pt-top pt-foundations"), "data-testid": "foundations", "aria-label": t("foundations") },
      signs.map(([sign, cards]) =>
        h(
          "div",
          { class: "pt-pile", "data-testid": "foundation", "data-sign": sign, "data-count": cards.length, "data-top": cards[cards.length - 1] ?? "", "aria-label": t("{sign} foundation: {cards}", { sign, cards: cardCount(cards.length) }) },
          pileTop(book, cards, `${sign} ${cards.length}`, { state }),
        ),
      ),
    ),
    h(
      "div",
      { class: "pt-columns", style: `--columns:${zones.columns.length}` },
      zones.columns.map((cards, i) => column(book, cards, { testid: "column", index: i + 1, source: `c${i + 1}`, target: `c${i + 1}`, state })),
    ),
  ];
}

// Piles 1-12 round a dial like the hours, 13 in the centre.
function drawDial(zones, book, state) {
  return h(
    "div",
    { class: "pt-clock", "aria-label": t("dial: pile {pile} turns next", { pile: zones.next }) },
    zones.piles.map(({ pile, up, down }) => {
      const angle = (pile % 12) * (Math.PI / 6);
      const [x, y] = pile === 13 ? [50, 50] : [50 + 40 * Math.sin(angle), 50 - 40 * Math.cos(angle)];
      const next = pile === zones.next;
      const key = `p${pile}`;
      const legal = state.sources.has(key);
      const backs = down ? back() : null;
      return h(
        "div",
        {
          class: `pt-clock-pile${next ? " next" : ""}`,
          style: `--x:${x.toFixed(2)}%;--y:${y.toFixed(2)}%`,
          "data-testid": "clock-pile",
          "data-index": pile,
          "data-down": down,
          "data-next": next ? "true" : null,
          "aria-label": t("pile {pile}: {cards} face down, {up} face up", { pile, cards: cardCount(down), up: up.length }),
        },
        h(
          "div",
          { class: "pt-cards" },
          up.map((text) => face(book, text)),
          legal
            ? h("button", { type: "button", ...hintAttributes(key, state, "pt-turn legal"), "data-source": key, "data-legal": "true", "aria-label": t("turn pile {pile}", { pile }), title: t("turn") }, backs ?? h("span", { class: "pt-slot" }))
            : backs,
          !up.length && !down ? h("span", { class: "pt-slot" }) : null,
        ),
        h("div", { class: "pt-caption" }, down ? t("{pile} · {down} down", { pile, down }) : String(pile)),
      );
    }),
  );
}

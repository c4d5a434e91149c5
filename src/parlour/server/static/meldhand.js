// The viewer's hand at a rummy table (the meld-table layout: Progress Rummy),
// where a move is a line of primitive steps that the server reads whole
// (State.parse_actions): the player clicks cards to select them and then a
// button, and the page sends one line.
//
//   Meld             the one button that lays cards down, doing what the selection
//                    means: "meld 7St 8St 9St"; before the contract, the selection
//                    split into the contract's melds ("meld 3St 4St 5St meld 9Cr
//                    9Su 9Mo", a run 3St-8St as "meld 3St 4St 5St meld 6St 7St
//                    8St": rules/progress.md 3.3); once down, into as few melds as
//                    it makes; with nothing selected, a meld laid card by card
//   a meld clicked   one selected card laid off on it: "m2 6Cr"; before
//                    drawing, the swap of its Progress card: "swap m2 7St"
//   Discard          the one selected card: "discard 7St"
// A selected Progress card asks what it stands for (a text field with the
// likely cards): "P=9St". The observation's other legal actions stay buttons
// (draw, take, swap, done, m1 ...), and in the middle of a step-by-step
// sequence cards play their legal step on a click as at any other table.
//
// Hooks for end-to-end tests (besides the table's hand and calls):
//   data-testid="meld-bar"         the buttons below; data-selected: the selected cards, space-separated
//   data-testid="meld-button", "discard-button", "clear-button"
//   data-testid="meld-help"        what the selection can do, as a sentence
//   data-testid="p-as"             what a selected P stands for (an <input>, data-card="P" or "P#2")
// A hand card is data-selected="true" when selected, and data-taken="true" when it was taken
// from the pile this turn.

import { baseCode, cardFace, renderHand } from "./board.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

const SIGNS = ["Cr", "Su", "Mo", "St"];
const NATURAL = /^(\d+)(Cr|Su|Mo|St)$/i;
const isProgress = (text) => /^P(#\d+)?$/i.test(text);
// the phases of a turn in which cards are chosen by selection, not stepped through
const SELECTING = new Set(["begin", "meld"]);

/** The number and sign of a natural card code, or null. */
function natural(text) {
  const match = NATURAL.exec(baseCode(text));
  return match ? { number: Number(match[1]), sign: SIGNS.find((s) => s.toLowerCase() === match[2].toLowerCase()) } : null;
}

/**
 * The cards a Progress card could stand for beside `identities` (card codes
 * of a group or a sequence): a group's number in every sign, a sequence's
 * gaps and ends. Likely choices only: the engine judges what is sent.
 */
export function wildChoices(identities) {
  const cards = identities.map(natural).filter(Boolean);
  if (!cards.length) return [];
  const numbers = [...new Set(cards.map((card) => card.number))].sort((a, b) => a - b);
  const signs = new Set(cards.map((card) => card.sign));
  const choices = [];
  if (numbers.length === 1) choices.push(...SIGNS.map((sign) => `${numbers[0]}${sign}`));
  if (signs.size === 1 && numbers.length === cards.length) {
    const [sign] = signs;
    const low = numbers[0];
    const high = numbers.at(-1);
    for (let n = low + 1; n < high; n += 1) if (!numbers.includes(n)) choices.push(`${n}${sign}`);
    if (high - low + 1 === numbers.length) {
      if (low > 1) choices.push(`${low - 1}${sign}`);
      if (high < 13) choices.push(`${high + 1}${sign}`);
    }
  }
  return choices;
}

/** The number and sign of a line's word for a card ("7St", "P=7St"), or null. */
const identityOf = (token) => natural(token.replace(/^P=/i, ""));

/** Whether `card` ({number, sign}) may still join `part` as a group (one number) or a sequence (one sign, no number twice). */
function mayJoin(part, card) {
  return part.every((other) => other.number === card.number) || part.every((other) => other.sign === card.sign && other.number !== card.number);
}

/** Whether `part` (cards that mayJoin) is a group or a run of one sign; 12-13-1 only with `wraparound`. */
function isMeld(part, wraparound) {
  if (part.every((card) => card.number === part[0].number)) return true;
  const numbers = part.map((card) => card.number).sort((a, b) => a - b);
  if (numbers.length === 13) return true;
  // the steps round the dial of 13 numbers: a run has exactly one that is not 1 (the way back round)
  const gaps = numbers.map((number, index) => (numbers[(index + 1) % numbers.length] - number + 13) % 13).filter((step) => step !== 1);
  if (gaps.length !== 1) return false;
  return wraparound || numbers.at(-1) - numbers[0] === numbers.length - 1;
}

/**
 * The words of a selection (`tokens`: "7St", "P=8St") split into `count`
 * melds of at least `size` cards each, every meld a group or a sequence
 * (`wraparound`: 12-13-1 is one); null when no split works. The engine
 * judges what is sent: this only finds what the selection means.
 */
export function splitMelds(tokens, count, size, wraparound = false) {
  const cards = tokens.map(identityOf);
  if (cards.includes(null) || tokens.length < count * size) return null;
  const parts = Array.from({ length: count }, () => []);
  const place = (index) => {
    if (index === cards.length) {
      return parts.every((part) => part.length >= size && isMeld(part.map((i) => cards[i]), wraparound));
    }
    // a card goes to a started meld or to the first empty one (the melds' order does not matter)
    const firstEmpty = parts.findIndex((part) => !part.length);
    for (let target = 0; target < count; target += 1) {
      if (firstEmpty !== -1 && target > firstEmpty) break;
      if (!mayJoin(parts[target].map((i) => cards[i]), cards[index])) continue;
      parts[target].push(index);
      if (place(index + 1)) return true;
      parts[target].pop();
    }
    return false;
  };
  return place(0) ? parts.map((part) => part.map((i) => tokens[i])) : null;
}

/** The selection and the declared Progress cards of one viewer. */
export class MeldHand {
  constructor() {
    this.selected = []; // hand card texts, in the order clicked
    this.typed = new Map(); // a P's text → what the player said it stands for
    this.choices = new Map(); // a P's text → suggested identities, the first one the default
    this.askedFor = null; // the meld a lone P was last asked about
    this.sentFrom = null; // the hand when a line was sent: a new hand clears the selection
    this.observation = null;
    this.elements = null;
    this.options = null;
  }

  /**
   * Draws the hand, the calls and the bar. `elements` are {hand, calls,
   * bar}; `options` {book, onPlay(text, actionId), onMessage(sentence), hinted}.
   */
  render(observation, elements, options) {
    this.observation = observation;
    this.elements = elements;
    this.options = options;
    const hand = observation.hand ?? [];
    const signature = hand.join(" ");
    // a line sent from another hand was taken: start afresh (a refused one keeps its selection)
    if (this.sentFrom !== null && this.sentFrom !== signature) this.clear();
    this.selected = this.selected.filter((text) => hand.includes(text));
    if (!this.isSelecting()) {
      renderHand(elements.hand, elements.calls, observation, options);
      this.renderBar(false);
      return;
    }
    this.renderCards();
    this.renderCalls();
    this.renderBar(true);
  }

  isMyTurn() {
    const observation = this.observation;
    return observation.seat !== null && observation.to_move === observation.seat && !observation.places;
  }

  /** Selection works out of turn too (to get ready), and in a turn before any step is begun. */
  isSelecting() {
    return !this.isMyTurn() || SELECTING.has(this.observation.phase);
  }

  clear() {
    this.selected = [];
    this.sentFrom = null;
  }

  rerender() {
    this.render(this.observation, this.elements, this.options);
  }

  toggle(text) {
    if (this.selected.includes(text)) {
      this.selected = this.selected.filter((other) => other !== text);
    } else {
      this.selected = [...this.selected, text];
    }
    this.options.onMessage(null);
    this.rerender();
  }

  renderCards() {
    const { book, hinted } = this.options;
    const observation = this.observation;
    const discards = new Map();
    for (const action of observation.legal ?? []) if (action.card) discards.set(action.card, action.id);
    const hand = observation.hand ?? [];
    const taken = this.isMyTurn() ? observation.taken : null;
    this.elements.hand.classList.toggle("crowded", hand.length > 12);
    fill(
      this.elements.hand,
      hand.map((text) => {
        const selected = this.selected.includes(text);
        const action = discards.get(text) ?? null;
        const isTaken = taken !== null && text === taken;
        const classes = ["card", "pickable", selected ? "selected" : "", action !== null && action === hinted ? "hinted" : "", isTaken ? "taken" : ""];
        return cardFace(book, text, {
          tag: "button",
          type: "button",
          className: classes.filter(Boolean).join(" "),
          "aria-pressed": selected ? "true" : "false",
          "data-selected": selected ? "true" : "false",
          "data-taken": isTaken ? "true" : null,
          "data-legal": action !== null ? "true" : "false",
          "data-action-id": action,
          "data-hinted": action !== null && action === hinted ? "true" : null,
          onclick: () => this.toggle(text),
        });
      }),
    );
  }

  /** The legal steps that need no card (draw, take, swap, m1 …); "meld" is the bar's Meld button. */
  renderCalls() {
    const { hinted, onPlay } = this.options;
    const observation = this.observation;
    const calls = (observation.legal ?? []).filter((action) => !action.card && action.text !== "meld");
    const label = (action) => (action.text === "take" && observation.zones?.discard ? t("take {card}", { card: baseCode(observation.zones.discard) }) : action.label ?? action.text);
    fill(
      this.elements.calls,
      calls.map((action) =>
        h(
          "button",
          {
            type: "button",
            class: `call${action.id === hinted ? " hinted" : ""}`,
            "data-action-id": action.id,
            "data-testid": "call",
            "data-hinted": action.id === hinted ? "true" : null,
            onclick: () => (action.text === "swap" ? this.swap(action) : onPlay(action.text, action.id)),
          },
          label(action),
        ),
      ),
    );
  }

  /** What a selection can do, the P fields and the buttons. */
  renderBar(active) {
    const bar = this.elements.bar;
    bar.hidden = !active;
    if (!active) {
      fill(bar);
      return;
    }
    const observation = this.observation;
    const mine = this.isMyTurn();
    const melding = mine && observation.phase === "meld";
    const count = this.selected.length;
    bar.dataset.selected = this.selected.join(" ");
    this.refreshChoices();
    const wilds = this.selected.filter(isProgress);
    const cardByCard = this.meldStep() !== null;
    fill(
      bar,
      h("p", { class: "meld-help", "data-testid": "meld-help" }, this.help(mine)),
      wilds.map((text) => this.wildField(text)),
      h(
        "div",
        { class: "meld-buttons" },
        // the melding buttons once the turn has begun; Clear whenever something is selected
        melding
          ? [
              h("button", { type: "button", class: "primary", "data-testid": "meld-button", disabled: !(count || cardByCard), onclick: () => this.meld() }, t("Meld")),
              h("button", { type: "button", "data-testid": "discard-button", disabled: count !== 1, onclick: () => this.discard() }, t("Discard")),
            ]
          : null,
        count ? h("button", { type: "button", "data-testid": "clear-button", onclick: () => { this.clear(); this.rerender(); } }, t("Clear")) : null,
      ),
    );
  }

  help(mine) {
    const observation = this.observation;
    const count = this.selected.length;
    if (!mine) return count ? t("{count} selected: ready for your turn.", { count }) : t("Click cards to select them for your turn.");
    if (observation.phase === "begin") {
      return count === 1
        ? t("Draw or take to begin, or click a meld whose P stands for the selected card to swap it.")
        : t("Draw from the stock or take the top discard to begin your turn.");
    }
    const contract = this.contractToLay();
    const melds = contract && contract.melds > 1 ? t("all {count} melds of the contract", { count: contract.melds }) : t("the cards of a meld");
    if (!count) return t("Select {melds} and click Meld (Meld alone lays a meld card by card), or one card to discard or to lay off (then click a meld).", { melds });
    if (count === 1) return t("Discard it, or click a meld on the table to lay it off there.");
    return contract && contract.melds > 1 ? t("{count} cards selected: Meld lays them down as the contract's {melds} melds.", { count, melds: contract.melds }) : t("{count} cards selected: Meld lays them down.", { count });
  }

  /** The round's contract ({melds, size}) while the viewer has not laid it down, else null. */
  contractToLay() {
    const observation = this.observation;
    const me = (observation.players ?? []).find((player) => player.seat === observation.seat);
    return me && !me.down ? observation.contract ?? null : null;
  }

  /** The legal "meld" step (a meld laid card by card), or null. */
  meldStep() {
    return (this.observation.legal ?? []).find((action) => action.text === "meld") ?? null;
  }

  /** The field saying what a selected P stands for, with its likely cards. */
  wildField(text) {
    const choices = this.choices.get(text) ?? [];
    const listId = `p-choices-${text.replace(/\W/g, "")}`;
    const input = h("input", {
      type: "text",
      size: 5,
      list: listId,
      placeholder: t("e.g. 7St"),
      "data-testid": "p-as",
      "data-card": text,
      "aria-label": t("the card {card} stands for", { card: text }),
      oninput: (event) => this.typed.set(text, event.target.value.trim()),
    });
    input.value = this.identity(text) ?? "";
    return h(
      "label",
      { class: "p-as" },
      `${t("{card} stands for", { card: text })} `,
      input,
      h("datalist", { id: listId }, choices.map((choice) => h("option", { value: choice }))),
      choices.length > 1 ? h("span", { class: "choices" }, choices.map((choice) => h("button", { type: "button", class: "choice", "data-choice": choice, onclick: () => { this.typed.set(text, choice); this.rerender(); } }, choice))) : null,
    );
  }

  /** Suggestions for each selected P: from the naturals selected with it. */
  refreshChoices() {
    const naturals = this.selected.filter((text) => !isProgress(text));
    for (const text of this.selected.filter(isProgress)) {
      if (naturals.length) this.choices.set(text, wildChoices(naturals));
    }
  }

  /** What a P stands for: as typed, else the first likely card, else null. */
  identity(text) {
    return this.typed.get(text) || (this.choices.get(text) ?? [])[0] || null;
  }

  /** The line's word for a card: its code, or P=7St for a declared P (null if undeclared). */
  token(text) {
    if (!isProgress(text)) return baseCode(text);
    const identity = this.identity(text);
    return identity ? `P=${identity}` : null;
  }

  /** The words of the selected cards, or null (and a message) while a P is undeclared. */
  tokens(cards) {
    const tokens = cards.map((text) => this.token(text));
    if (tokens.includes(null)) {
      this.options.onMessage(t("Say which card the P stands for (the field next to the buttons), e.g. 7St."));
      return null;
    }
    return tokens;
  }

  /**
   * The melds the selection's words mean: the contract's melds (each of
   * its size at least) before the contract, else as few melds as the cards
   * make (up to three); the whole selection as one meld when nothing fits,
   * for the engine's sentence to say why.
   */
  meldsOf(tokens) {
    const wraparound = this.observation.options?.sequence_wraparound === true;
    const contract = this.contractToLay();
    const counts = contract ? [[contract.melds, contract.size]] : [[1, 1], [2, 3], [3, 3]];
    for (const [count, size] of counts) {
      const melds = splitMelds(tokens, count, size, wraparound);
      if (melds) return melds;
    }
    return [tokens];
  }

  send(line) {
    this.sentFrom = (this.observation.hand ?? []).join(" ");
    this.options.onPlay(line, null);
  }

  /**
   * Meld: the selection laid down as the melds it means, each in the order
   * of the numbers its cards are or stand for (the engine takes a meld card
   * by card and refuses a card that does not join those before it: "meld
   * 7St 9St 8St" stops at 9St); with nothing selected, a meld card by card.
   */
  meld() {
    if (!this.selected.length) {
      const step = this.meldStep();
      if (step) this.options.onPlay(step.text, step.id);
      return;
    }
    const tokens = this.tokens(this.selected);
    if (!tokens) return;
    const number = (token) => identityOf(token)?.number ?? 99;
    const ordered = (meld) => meld.map((token, index) => [number(token), index, token]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , token]) => token);
    this.send(this.meldsOf(tokens).map((meld) => `meld ${ordered(meld).join(" ")}`).join(" "));
  }

  discard() {
    if (this.selected.length !== 1) return;
    this.send(`discard ${baseCode(this.selected[0])}`);
  }

  /** A meld on the table was clicked: lay the selected card off on it, or swap its P. */
  onMeld(name) {
    const observation = this.observation;
    if (!this.isMyTurn()) {
      this.options.onMessage(t("Wait for your turn to lay off or swap."));
      return;
    }
    const step = (observation.legal ?? []).find((action) => action.text === name);
    if (!SELECTING.has(observation.phase)) {
      if (step) this.options.onPlay(step.text, step.id);
      return;
    }
    if (this.selected.length !== 1) {
      this.options.onMessage(observation.phase === "begin" ? t("Select one card in your hand, then click {meld} to swap it for the P there.", { meld: name }) : t("Select one card in your hand, then click {meld} to lay it off there.", { meld: name }));
      return;
    }
    const [text] = this.selected;
    if (observation.phase === "begin") {
      this.send(`swap ${name} ${baseCode(text)}`);
      return;
    }
    if (isProgress(text) && !this.typed.get(text)) {
      const meld = observation.zones.melds.find((m) => m.name === name);
      this.choices.set(text, wildChoices(meld.cards.map((card) => card.as ?? card.code)));
      if (this.choices.get(text).length !== 1 && this.askedFor !== name) {
        this.askedFor = name;
        this.options.onMessage(t("Say which card the P stands for on {meld}, then click {meld} again.", { meld: name }));
        this.rerender();
        return;
      }
    }
    this.askedFor = null;
    const token = this.token(text);
    if (token === null) {
      this.options.onMessage(t("Say which card the P stands for (the field next to the buttons), e.g. 7St."));
      return;
    }
    this.send(`${name} ${token}`);
  }

  /** "swap": with one card selected and one meld whose P stands for it, the whole swap at once. */
  swap(action) {
    const melds = this.observation.zones?.melds ?? [];
    if (this.selected.length === 1) {
      const wanted = baseCode(this.selected[0]);
      const holders = melds.filter((meld) => meld.cards.some((card) => card.as && baseCode(card.as) === wanted));
      if (holders.length === 1) {
        this.send(`swap ${holders[0].name} ${wanted}`);
        return;
      }
    }
    this.options.onPlay(action.text, action.id);
  }
}

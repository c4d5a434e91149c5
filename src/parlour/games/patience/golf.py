"""Golf with the Progress pack (progress.md §5.1).

* **Deal**: the first 35 cards of the shuffle go face up into 7 columns of
  5, a row at a time (card ``i`` to column ``i mod 7``); the next card is
  turned up to begin the foundation pile; the rest (16, or 17 with P) is
  the face-down stock, top first.
* **Moves**: an exposed column card (the last of its column) goes onto the
  pile when its number is one higher or one lower than the pile's top,
  whatever its sign; 1 and 13 are next to each other only with
  ``golf_wraparound``. With ``progress_card="wild"`` P is in the pack: it
  goes onto the pile at any time, and any card goes onto it. ``draw``
  turns the next stock card onto the pile (one pass, no redeal); the
  player may draw while he could still move.
* **End and score**: won when the columns are empty: the score is minus
  the stock cards left. Lost when the stock is empty and no column card
  can go up: the score is the cards left in the columns (lower is better).

Action ids: 0-52 play the exposed card of that id (``9Su``, ``P``), 53 is
``draw``. A fixed deal is ``{"columns": 7 lists of 5 codes (the first
dealt first, so the exposed card last), "stock": the turn-up then the
stock top first}``.

Observation zones: ``columns`` (7 lists, exposed last), ``pile`` (the
foundation pile, top last), ``stock`` (the count).

Observation tensor (version 1)
------------------------------

``parlour.make('golf')`` (one player): 852 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  =============  ========  ==========  ======================================================
offset  size           block     values      meaning
======  =============  ========  ==========  ======================================================
0       3              phase     one-hot     the phase: deal, play, over
3       742 (14 × 53)  columns   0/1 a card  for each column 1-7 in turn, two parts: its cards,
                                             then its exposed card
745     53             pile      0/1 a card  the cards in the foundation pile
798     53             pile top  0/1 a card  the pile's top card
851     1              stock     / 18        the cards left in the stock
======  =============  ========  ==========  ======================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.engine.match import Catalogue, Dealt, Form, Seen, TurnedUp, Zone
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.tensors import TensorBlock
from parlour.errors import ParseError
from parlour.games.patience.base import (
    CARDS,
    P_CARD,
    PHASE_DEAL,
    PHASE_NAMES,
    SENTENCES,
    Onto,
    PatienceGame,
    PatienceState,
    code_of,
    codes_of,
    deal_order,
    dealt_piles,
    number_of,
    one_hot_cards,
    parse_cards,
    parse_piles,
)

COLUMNS = 7
DEPTH = 5
DRAW = 53


def follows(card: int, top: int, wraparound: bool) -> bool:
    """Whether ``card`` may go onto the pile's ``top``: one higher or one
    lower, 13 and 1 joining with ``wraparound``; P on anything, anything on P.

    >>> follows(11, 12, False), follows(0, 12, False), follows(0, 12, True)
    (True, False, True)
    """
    if card == P_CARD or top == P_CARD:
        return True
    gap = abs(number_of(card) - number_of(top))
    return gap == 1 or (wraparound and gap == 12)


PROMPTS = {"play": "Move an exposed card onto the pile, or draw"}
"""What the player decides (:attr:`MatchState.prompts`)."""

CATALOGUE = Catalogue({
    **SENTENCES,
    Dealt: "Golf: the cards are dealt",
    TurnedUp: "draw: {card} turned onto the pile",
})
"""Every sentence of the Golf log (a column card onto the pile is :class:`Onto`)."""


@register
class Golf(PatienceGame):
    """Golf; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "golf"
    title = "Golf"
    version = 1
    tensor_version = 1
    higher_is_better = False
    layout = "columns-and-pile"
    description = ("Patience: clear seven columns onto one pile, a card one higher or one "
                   "lower each time; the Progress card may be a free card.")
    deal_keys = ("columns", "stock")
    move_actions = DRAW + 1
    action_help = "type an exposed card (9Su) or 'draw'"
    schema = OptionSchema([
        Option.choice("progress_card", ("excluded", "wild"), "excluded",
                      "leave P out, or deal it in as a free card"),
        Option.flag("golf_wraparound", False, "13 and 1 are next to each other"),
    ])

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        self.wild = self.options["progress_card"] == "wild"
        self.wraparound = bool(self.options["golf_wraparound"])

    @property
    def deal_cards(self) -> tuple[int, ...]:
        return tuple(range(CARDS if self.wild else 52))

    @property
    def observation_tensor_size(self) -> int:
        return len(PHASE_NAMES) + CARDS * (2 * COLUMNS + 2) + 1

    def feature_blocks(self) -> tuple[TensorBlock, ...]:
        return (
            TensorBlock.cards("columns", CARDS, "for each column 1-7 in turn, two parts: its "
                              "cards, then its exposed card", parts=2 * COLUMNS),
            TensorBlock.cards("pile", CARDS, "the cards in the foundation pile"),
            TensorBlock.cards("pile top", CARDS, "the pile's top card"),
            TensorBlock("stock", 1, "the cards left in the stock", scale=18),
        )

    def order_from_deal(self, deal: Mapping[str, Any]) -> list[int]:
        self.check_deal_keys(deal)
        columns = parse_piles(deal["columns"], "column", COLUMNS, DEPTH)
        stock = parse_cards(deal["stock"], "the stock", len(self.deal_cards) - COLUMNS * DEPTH)
        return deal_order(columns) + stock


class GolfState(PatienceState):
    """A game of Golf."""

    game: Golf
    zones = (
        *PatienceState.zones,
        Zone("column", "columns", Seen.EVERYONE, per_seat=True, form=Form.ORDER),
        Zone("pile", "pile", Seen.EVERYONE, form=Form.ORDER),
        Zone("face down stock", "stock", Seen.NOBODY, form=Form.ORDER),
    )
    catalogue = CATALOGUE
    prompts = PROMPTS

    def _lay_out(self) -> None:
        order = self.order
        self.columns = dealt_piles(order, COLUMNS, DEPTH)
        self.pile = [order[COLUMNS * DEPTH]]
        # the stock's top is its last card
        self.stock = order[:COLUMNS * DEPTH:-1]

    def _copied_layout(self) -> dict[str, Any]:
        if self.phase == PHASE_DEAL:
            return {}
        return {"columns": [list(column) for column in self.columns],
                "pile": list(self.pile), "stock": list(self.stock)}

    def _exposed(self) -> list[int]:
        return [column[-1] for column in self.columns if column]

    def _moves(self) -> list[int]:
        top = self.pile[-1]
        wraparound = self.game.wraparound
        moves = sorted(card for card in self._exposed() if follows(card, top, wraparound))
        if self.stock:
            moves.append(DRAW)
        return moves

    def _move(self, action: int) -> None:
        if action == DRAW:
            card = self.stock.pop()
            self.events.append(TurnedUp(card))
        else:
            card = action
            for column in self.columns:
                if column and column[-1] == card:
                    column.pop()
                    break
            self.events.append(Onto(card, self.pile[-1]))
        self.pile.append(card)

    def _why_not(self, action: int) -> str:
        if action == DRAW:
            return "the stock is empty: no card is left to draw"
        if not 0 <= action < CARDS:
            return f"there is no Golf move {action}"
        card = code_of(action)
        if action not in self._exposed():
            if any(action in column for column in self.columns):
                return f"{card} is not exposed: only the last card of a column may move"
            return f"{card} is not in the columns"
        top = code_of(self.pile[-1])
        if self.game.wraparound:
            return f"{card} is not one higher or one lower than {top}"
        return f"{card} is not one higher or one lower than {top} (1 and 13 do not join)"

    def _outcome(self) -> tuple[bool, int] | None:
        left = sum(len(column) for column in self.columns)
        if not left:
            return True, -len(self.stock)
        if not self.stock and not self._legal_moves():
            return False, left
        return None

    def move_text(self, action: int) -> str:
        if action == DRAW:
            return "draw"
        if 0 <= action < CARDS:
            return code_of(action)
        raise ParseError(f"there is no Golf move {action}")

    def move_sentence(self, action: int) -> str:
        if action == DRAW:
            return "Draw the next card from the stock onto the pile"
        column = next(index for index, cards in enumerate(self.columns, start=1)
                      if cards and cards[-1] == action)
        return (f"Move {code_of(action)} from column {column} onto "
                f"{code_of(self.pile[-1])} on the pile")

    def parse_move(self, key: str) -> int | None:
        if key in ("draw", "d", "stock", "turn"):
            return DRAW
        key = key.removeprefix("play ")
        try:
            return self.game.deck.parse(key).id
        except ParseError:
            return None

    def _zones(self) -> dict[str, Any]:
        return {
            "columns": [codes_of(column) for column in self.columns],
            "pile": codes_of(self.pile),
            "stock": len(self.stock),
        }

    def _face_down(self) -> list[list[int]]:
        return [self.stock]

    def _features(self) -> list[float]:
        features: list[float] = []
        for column in self.columns:
            features += one_hot_cards(column)
            features += one_hot_cards(column[-1:])
        features += one_hot_cards(self.pile)
        features += one_hot_cards(self.pile[-1:])
        features.append(len(self.stock) / 18)
        return features


Golf.state_class = GolfState

"""Baker's Dozen with the Progress pack (progress.md §5.3).

* **Layout**: all 52 cards face up in 13 columns of 4, a row at a time
  (card ``i`` to column ``i mod 13``, the first row most deeply buried);
  then every 13 moves to the bottom of its column, several 13s keeping
  their order. The last card of a column is its exposed card.
* **Foundations**: one a sign, begun by that sign's 1 and built up in
  sign to 13.
* **Moves**: one card at a time: an exposed card onto its foundation, or
  onto another column's exposed card exactly one higher, whatever its
  sign. An emptied column is never refilled; no stock, no redeal.
* **End and score**: won with all 52 on the foundations; lost when no move
  is left, or after ``max_moves`` moves (an engine safeguard: a card can
  go back and forth between two columns for ever). The score is the cards
  on the foundations (higher is better). Nothing is hidden.

Action ids: 0-12 the exposed card of column 1-13 onto its foundation
(``c5 f``), ``13 + 13 * from + to`` onto another column (``c5 c9``). A
fixed deal is ``{"columns": 13 lists of 4 codes, most buried first, as
dealt}`` (the 13s then move down).

Observation zones: ``columns`` (13 lists, exposed last), ``foundations``
(per sign, Crown Sun Moon Star, its cards).

Observation tensor (version 1)
------------------------------

``parlour.make('bakers-dozen')`` (one player): 1435 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ==============  ===========  ==========  ==================================================
offset  size            block        values      meaning
======  ==============  ===========  ==========  ==================================================
0       3               phase        one-hot     the phase: deal, play, over
3       1378 (26 × 53)  columns      0/1 a card  for each column 1-13 in turn, two parts: its
                                                 cards, then its exposed card
1381    53              foundations  0/1 a card  the cards on the foundations
1434    1               moves        / 1000      the moves made (/ max_moves)
======  ==============  ===========  ==========  ==================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.engine.match import Catalogue, Dealt, Form, GameEvent, Seen, Zone
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.tensors import TensorBlock
from parlour.errors import ParseError
from parlour.games.patience.base import (
    CARDS,
    EXCLUDED_ONLY,
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
    mask_of,
    number_of,
    one_hot_cards,
    parse_piles,
)

COLUMNS = 13
DEPTH = 4
TO_COLUMN = COLUMNS
MOVES = TO_COLUMN + COLUMNS * COLUMNS
SIGNS = ("Crown", "Sun", "Moon", "Star")


@dataclass(frozen=True, slots=True)
class ToFoundation(GameEvent):
    """``card`` went onto the foundation of its sign (a column card onto
    another is :class:`~parlour.games.patience.base.Onto`)."""

    card: int


CATALOGUE = Catalogue({
    **SENTENCES,
    Dealt: "Baker's Dozen: the cards are dealt",
    ToFoundation: lambda event, words: (f"{words.card(event.card)} onto the "
                                        f"{SIGNS[event.card // 13]} foundation"),
})
"""Every sentence of the Baker's Dozen log."""


@register
class BakersDozen(PatienceGame):
    """Baker's Dozen; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "bakers-dozen"
    title = "Baker's Dozen"
    version = 1
    tensor_version = 1
    higher_is_better = True
    layout = "columns-and-foundations"
    perfect_information = True
    """The whole deal lies face up."""
    description = ("Patience: thirteen open columns; build each sign up from 1 to 13, "
                   "moving single cards onto a card one higher.")
    deal_keys = ("columns",)
    move_actions = MOVES
    action_help = "type 'c5 f' (column 5 to its foundation) or 'c5 c9' (onto column 9)"
    schema = OptionSchema([
        EXCLUDED_ONLY,
        Option.integer("max_moves", 1000,
                       "the game ends as a loss after this many moves (safeguard)",
                       minimum=1, maximum=10_000),
    ])

    def __init__(self, /, **options: object) -> None:
        super().__init__(**options)
        self.max_moves = int(self.options["max_moves"])

    def max_hand_decisions(self) -> int:
        """The game ends after ``max_moves`` moves."""
        return self.max_moves

    @property
    def observation_tensor_size(self) -> int:
        return len(PHASE_NAMES) + CARDS * (2 * COLUMNS + 1) + 1

    def feature_blocks(self) -> tuple[TensorBlock, ...]:
        return (
            TensorBlock.cards("columns", CARDS, "for each column 1-13 in turn, two parts: its "
                              "cards, then its exposed card", parts=2 * COLUMNS),
            TensorBlock.cards("foundations", CARDS, "the cards on the foundations"),
            TensorBlock("moves", 1, "the moves made (/ max_moves)", scale=self.max_moves),
        )

    def order_from_deal(self, deal: Mapping[str, Any]) -> list[int]:
        self.check_deal_keys(deal)
        columns = parse_piles(deal["columns"], "column", COLUMNS, DEPTH)
        return deal_order(columns)


def kings_down(column: list[int]) -> list[int]:
    """``column`` (most buried first) with its 13s moved to the bottom, in order.

    >>> codes_of(kings_down([16, 12, 34, 51]))  # 4Su 13Cr 9Mo 13St
    ['13Cr', '13St', '4Su', '9Mo']
    """
    return ([card for card in column if number_of(card) == 13]
            + [card for card in column if number_of(card) != 13])


class BakersDozenState(PatienceState):
    """A game of Baker's Dozen."""

    game: BakersDozen
    zones = (
        *PatienceState.zones,
        Zone("column", "columns", Seen.EVERYONE, per_seat=True, form=Form.ORDER),
        Zone("foundations", "homed", Seen.EVERYONE),
    )
    catalogue = CATALOGUE

    def _lay_out(self) -> None:
        order = self.order
        self.columns = [kings_down(column) for column in dealt_piles(order, COLUMNS, DEPTH)]
        self.foundations: list[list[int]] = [[] for _ in SIGNS]

    def _copied_layout(self) -> dict[str, Any]:
        if self.phase == PHASE_DEAL:
            return {}
        return {"columns": [list(column) for column in self.columns],
                "foundations": [list(pile) for pile in self.foundations]}

    def _fits_foundation(self, card: int) -> bool:
        return number_of(card) == len(self.foundations[card // 13]) + 1

    def _moves(self) -> list[int]:
        exposed = [column[-1] if column else -1 for column in self.columns]
        moves = [column for column, card in enumerate(exposed)
                 if card >= 0 and self._fits_foundation(card)]
        under: dict[int, list[int]] = {}
        for target, card in enumerate(exposed):
            if card >= 0:
                under.setdefault(number_of(card), []).append(target)
        for source, card in enumerate(exposed):
            if card >= 0:
                moves += [TO_COLUMN + COLUMNS * source + target
                          for target in under.get(number_of(card) + 1, ())]
        return sorted(moves)

    def _move(self, action: int) -> None:
        if action < TO_COLUMN:
            card = self.columns[action].pop()
            self.foundations[card // 13].append(card)
            self.events.append(ToFoundation(card))
            return
        source, target = divmod(action - TO_COLUMN, COLUMNS)
        card = self.columns[source].pop()
        self.events.append(Onto(card, self.columns[target][-1]))
        self.columns[target].append(card)

    def _why_not(self, action: int) -> str:
        if not 0 <= action < MOVES:
            return f"there is no Baker's Dozen move {action}"
        if action < TO_COLUMN:
            column = self.columns[action]
            if not column:
                return f"column {action + 1} is empty"
            card = column[-1]
            pile = self.foundations[card // 13]
            if not pile:
                return f"the {SIGNS[card // 13]} foundation begins with its 1, not {code_of(card)}"
            return (f"the {SIGNS[card // 13]} foundation needs a {len(pile) + 1}, "
                    f"not {code_of(card)}")
        source, target = divmod(action - TO_COLUMN, COLUMNS)
        if not self.columns[source]:
            return f"column {source + 1} is empty"
        if source == target:
            return "a card cannot move onto its own column"
        if not self.columns[target]:
            return f"column {target + 1} is empty, and an empty column is never refilled"
        card, under = self.columns[source][-1], self.columns[target][-1]
        return f"{code_of(card)} can only go onto a {number_of(card) + 1}, not {code_of(under)}"

    def _outcome(self) -> tuple[bool, int] | None:
        placed = sum(len(pile) for pile in self.foundations)
        if placed == 52:
            return True, placed
        if self.moves >= self.game.max_moves or not self._legal_moves():
            return False, placed
        return None

    def move_text(self, action: int) -> str:
        if 0 <= action < TO_COLUMN:
            return f"c{action + 1} f"
        if TO_COLUMN <= action < MOVES:
            source, target = divmod(action - TO_COLUMN, COLUMNS)
            return f"c{source + 1} c{target + 1}"
        raise ParseError(f"there is no Baker's Dozen move {action}")

    def move_sentence(self, action: int) -> str:
        if action < TO_COLUMN:
            card = self.columns[action][-1]
            return (f"Move {code_of(card)} from column {action + 1} "
                    f"to the {SIGNS[card // 13]} foundation")
        source, target = divmod(action - TO_COLUMN, COLUMNS)
        return (f"Move {code_of(self.columns[source][-1])} from column {source + 1} onto "
                f"{code_of(self.columns[target][-1])} in column {target + 1}")

    def parse_move(self, key: str) -> int | None:
        words = key.replace("->", " ").replace(" to ", " ").replace(" onto ", " ").split()
        if len(words) != 2:
            return None
        source = _column(words[0])
        if source is None:
            return None
        if words[1] in ("f", "foundation", "home"):
            return source
        target = _column(words[1])
        return None if target is None else TO_COLUMN + COLUMNS * source + target

    def _zones(self) -> dict[str, Any]:
        return {
            "columns": [codes_of(column) for column in self.columns],
            "foundations": {sign: codes_of(pile) for sign, pile in zip(SIGNS, self.foundations,
                                                                       strict=True)},
        }

    def _face_down(self) -> list[list[int]]:
        return []

    @property
    def homed(self) -> int:
        """The cards on the foundations."""
        return mask_of([card for pile in self.foundations for card in pile])

    def _features(self) -> list[float]:
        features: list[float] = []
        for column in self.columns:
            features += one_hot_cards(column)
            features += one_hot_cards(column[-1:])
        features += one_hot_cards([card for pile in self.foundations for card in pile])
        features.append(self.moves / self.game.max_moves)
        return features


BakersDozen.state_class = BakersDozenState


def _column(word: str) -> int | None:
    """Column index of ``c1`` ... ``c13`` (``None``: not a column)."""
    # isdecimal, not isdigit: int() refuses digits such as ²; c1 to c13 are short
    if word.startswith("c") and word[1:].isdecimal() and len(word) <= 3 \
            and 1 <= int(word[1:]) <= COLUMNS:
        return int(word[1:]) - 1
    return None

"""Calculation (Broken Intervals) with the Progress pack (progress.md §5.2).

* **Layout**: the Crown 1, 2, 3 and 4 begin four foundations (the rules
  take any sign; the CROWN cards make games reproducible); the other 48
  cards are the face-down stock, turned one at a time.
* **Building**: foundation ``k`` (begun with ``k``) goes up by ``k``,
  round the numbers: after ``n`` comes ``((n + k - 1) mod 13) + 1``; each
  ends on a 13, thirteen cards long.
* **Moves**: the card turned must go at once onto a foundation that needs
  exactly its number, or onto one of four waste piles (any card on any
  pile); then the next card turns by itself. A waste pile's top may go to
  a foundation at any time. Cards never move between waste piles.
* **End and score**: won with all 52 cards on the foundations; lost when
  the stock is out and no waste top can go up. The score is the cards on
  the foundations (higher is better).

Action ids: 0-3 the card turned onto foundation 1-4 (``f1`` ... ``f4``),
4-7 onto waste pile 1-4 (``w1`` ... ``w4``), ``8 + 4 * pile + foundation``
the top of a waste pile onto a foundation (``w2 f3``). A fixed deal is
``{"stock": the 48 other cards, top first}``.

Observation zones: ``foundations`` (4 lists, top last), ``needs`` (the
number each foundation needs next, ``None`` once complete), ``wastes`` (4
lists, top last), ``turned`` (the card to place, ``None`` when the stock is
out), ``stock`` (cards still face down).

Observation tensor (version 1)
------------------------------

``parlour.make('calculation')`` (one player): 590 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  ===========  ==========  ====================================================
offset  size          block        values      meaning
======  ============  ===========  ==========  ====================================================
0       3             phase        one-hot     the phase: deal, play, over
3       56 (4 × 14)   needs        one-hot     for each foundation 1-4: the number it needs next:
                                               1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, complete
59      424 (8 × 53)  wastes       0/1 a card  for each waste pile 1-4 in turn, two parts: its
                                               cards, then its top card
483     53            turned       0/1 a card  the card turned, to place (none once the stock is
                                               out)
536     53            foundations  0/1 a card  the cards on the foundations
589     1             stock        / 48        the cards still face down in the stock
======  ============  ===========  ==========  ====================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from parlour.engine.match import Catalogue, Dealt, Form, GameEvent, Seen, Zone
from parlour.engine.options import OptionSchema
from parlour.engine.registry import register
from parlour.engine.tensors import TensorBlock
from parlour.errors import ParseError
from parlour.games.patience.base import (
    CARDS,
    EXCLUDED_ONLY,
    PHASE_DEAL,
    PHASE_NAMES,
    SENTENCES,
    PatienceGame,
    PatienceState,
    code_of,
    codes_of,
    number_of,
    one_hot_cards,
    parse_cards,
)

PILES = 4
BASES = (0, 1, 2, 3)
"""The Crown 1, 2, 3 and 4."""
FULL = 13
TO_WASTE = 4
FROM_WASTE = 8
MOVES = FROM_WASTE + PILES * PILES


@dataclass(frozen=True, slots=True)
class TurnedToFoundation(GameEvent):
    """The card turned, ``card``, went onto foundation ``foundation`` (1-4)."""

    card: int
    foundation: int


@dataclass(frozen=True, slots=True)
class TurnedToWaste(GameEvent):
    """The card turned, ``card``, went onto waste pile ``waste`` (1-4)."""

    card: int
    waste: int


@dataclass(frozen=True, slots=True)
class WasteToFoundation(GameEvent):
    """``card`` went from waste pile ``waste`` onto foundation ``foundation``."""

    card: int
    waste: int
    foundation: int


CATALOGUE = Catalogue({
    **SENTENCES,
    Dealt: "Calculation: the cards are dealt",
    TurnedToFoundation: "{card} turned onto foundation {foundation}",
    TurnedToWaste: "{card} turned onto waste pile {waste}",
    WasteToFoundation: "{card} from waste pile {waste} onto foundation {foundation}",
})
"""Every sentence of the Calculation log."""


@register
class Calculation(PatienceGame):
    """Calculation; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "calculation"
    title = "Calculation"
    version = 1
    tensor_version = 1
    higher_is_better = True
    layout = "foundations-and-wastes"
    description = ("Patience: build four foundations by ones, twos, threes and fours, "
                   "placing each card turned at once on a foundation or a waste pile.")
    deal_keys = ("stock",)
    set_out = BASES
    move_actions = MOVES
    action_help = "type f1-f4 or w1-w4 for the card turned, or 'w2 f3' for a waste top"
    schema = OptionSchema([EXCLUDED_ONLY])

    @property
    def deal_cards(self) -> tuple[int, ...]:
        return tuple(range(len(BASES), 52))

    @property
    def observation_tensor_size(self) -> int:
        return len(PHASE_NAMES) + PILES * (FULL + 1) + CARDS * (2 * PILES + 2) + 1

    def feature_blocks(self) -> tuple[TensorBlock, ...]:
        return (
            TensorBlock.choice("needs", [*(str(number) for number in range(1, FULL + 1)),
                                         "complete"],
                               "for each foundation 1-4: the number it needs next",
                               parts=PILES),
            TensorBlock.cards("wastes", CARDS, "for each waste pile 1-4 in turn, two parts: its "
                              "cards, then its top card", parts=2 * PILES),
            TensorBlock.cards("turned", CARDS, "the card turned, to place (none once the "
                              "stock is out)"),
            TensorBlock.cards("foundations", CARDS, "the cards on the foundations"),
            TensorBlock("stock", 1, "the cards still face down in the stock", scale=48),
        )

    def order_from_deal(self, deal: Mapping[str, Any]) -> list[int]:
        self.check_deal_keys(deal)
        return parse_cards(deal["stock"], "the stock", len(self.deal_cards))


def next_number(number: int, step: int) -> int:
    """The number after ``number`` on the foundation that builds by ``step``.

    >>> next_number(12, 2), next_number(11, 3), next_number(10, 4), next_number(12, 1)
    (1, 1, 1, 13)
    """
    return (number + step - 1) % 13 + 1


def building_order(step: int) -> tuple[int, ...]:
    """The numbers the foundation that builds by ``step`` takes, its base first.

    >>> building_order(3)
    (3, 6, 9, 12, 2, 5, 8, 11, 1, 4, 7, 10, 13)
    """
    numbers = [step]
    while len(numbers) < FULL:
        numbers.append(next_number(numbers[-1], step))
    return tuple(numbers)


BUILDING_ORDERS = tuple(building_order(step) for step in range(1, PILES + 1))
"""Each foundation's numbers in order (foundation 1 first)."""


@lru_cache(maxsize=1 << 16)
def waits_of(heights: tuple[int, ...]) -> dict[int, int]:
    """Per number, the fewest cards some foundation takes before it needs
    that number, from the foundations' ``heights`` (numbers no foundation
    needs any more are left out).

    >>> waits_of((1, 1, 1, 1))[13], waits_of((1, 1, 1, 1))[3]
    (11, 1)
    """
    found: dict[int, int] = {}
    for pile, height in enumerate(heights):
        for wait, number in enumerate(BUILDING_ORDERS[pile][height:]):
            if wait < found.get(number, FULL):
                found[number] = wait
    return found


class CalculationState(PatienceState):
    """A game of Calculation."""

    game: Calculation
    zones = (
        *PatienceState.zones,
        Zone("foundation", "foundations", Seen.EVERYONE, per_seat=True, form=Form.ORDER),
        Zone("waste", "wastes", Seen.EVERYONE, per_seat=True, form=Form.ORDER),
        Zone("turned", "turned", Seen.EVERYONE, form=Form.CARD),
        Zone("face down stock", "stock", Seen.NOBODY, form=Form.ORDER),
    )
    catalogue = CATALOGUE

    def _lay_out(self) -> None:
        self.foundations: list[list[int]] = [[base] for base in BASES]
        self.wastes: list[list[int]] = [[] for _ in range(PILES)]
        self.stock = self.order[::-1]
        self.turned = self.stock.pop()

    def _copied_layout(self) -> dict[str, Any]:
        if self.phase == PHASE_DEAL:
            return {}
        return {"foundations": [list(pile) for pile in self.foundations],
                "wastes": [list(pile) for pile in self.wastes], "stock": list(self.stock)}

    def needs(self, foundation: int) -> int | None:
        """The number foundation ``foundation`` (0-3) needs next (``None``: complete)."""
        pile = self.foundations[foundation]
        if len(pile) == FULL:
            return None
        return next_number(number_of(pile[-1]), foundation + 1)

    def _goes_on(self, card: int) -> list[int]:
        return [foundation for foundation in range(PILES)
                if self.needs(foundation) == number_of(card)]

    def _moves(self) -> list[int]:
        moves: list[int] = []
        if self.turned >= 0:
            moves += self._goes_on(self.turned)
            moves += [TO_WASTE + pile for pile in range(PILES)]
        for pile, waste in enumerate(self.wastes):
            if waste:
                moves += [FROM_WASTE + PILES * pile + foundation
                          for foundation in self._goes_on(waste[-1])]
        return sorted(moves)

    def _move(self, action: int) -> None:
        if action < TO_WASTE:
            card = self.turned
            self.foundations[action].append(card)
            self.events.append(TurnedToFoundation(card, action + 1))
        elif action < FROM_WASTE:
            card = self.turned
            self.wastes[action - TO_WASTE].append(card)
            self.events.append(TurnedToWaste(card, action - TO_WASTE + 1))
        else:
            pile, foundation = divmod(action - FROM_WASTE, PILES)
            card = self.wastes[pile].pop()
            self.foundations[foundation].append(card)
            self.events.append(WasteToFoundation(card, pile + 1, foundation + 1))
            return
        self.turned = self.stock.pop() if self.stock else -1

    def _why_not(self, action: int) -> str:
        if not 0 <= action < MOVES:
            return f"there is no Calculation move {action}"
        if action < FROM_WASTE and self.turned < 0:
            return "the stock is out: no card is turned"
        if action < TO_WASTE:
            return self._why_not_on(self.turned, action)
        pile, foundation = divmod(action - FROM_WASTE, PILES)
        if not self.wastes[pile]:
            return f"waste pile {pile + 1} is empty"
        return self._why_not_on(self.wastes[pile][-1], foundation)

    def _why_not_on(self, card: int, foundation: int) -> str:
        needs = self.needs(foundation)
        if needs is None:
            return f"foundation {foundation + 1} is complete"
        return f"foundation {foundation + 1} needs a {needs}, not {code_of(card)}"

    def _outcome(self) -> tuple[bool, int] | None:
        placed = sum(len(pile) for pile in self.foundations)
        if placed == 52:
            return True, placed
        if self.turned < 0 and not self._legal_moves():
            return False, placed
        return None

    def move_text(self, action: int) -> str:
        if 0 <= action < TO_WASTE:
            return f"f{action + 1}"
        if TO_WASTE <= action < FROM_WASTE:
            return f"w{action - TO_WASTE + 1}"
        if FROM_WASTE <= action < MOVES:
            pile, foundation = divmod(action - FROM_WASTE, PILES)
            return f"w{pile + 1} f{foundation + 1}"
        raise ParseError(f"there is no Calculation move {action}")

    def move_sentence(self, action: int) -> str:
        if action < TO_WASTE:
            return f"Move {code_of(self.turned)} to foundation {action + 1}"
        if action < FROM_WASTE:
            return f"Move {code_of(self.turned)} to waste pile {action - TO_WASTE + 1}"
        pile, foundation = divmod(action - FROM_WASTE, PILES)
        return (f"Move {code_of(self.wastes[pile][-1])} from waste pile {pile + 1} "
                f"to foundation {foundation + 1}")

    def parse_move(self, key: str) -> int | None:
        words = key.replace("->", " ").replace(" to ", " ").split()
        places = [place for place in map(_place, words) if place is not None]
        if len(places) != len(words):
            return None
        if len(places) == 1:
            kind, index = places[0]
            return index if kind == "f" else TO_WASTE + index
        if len(places) == 2 and places[0][0] == "w" and places[1][0] == "f":
            return FROM_WASTE + PILES * places[0][1] + places[1][1]
        return None

    def _zones(self) -> dict[str, Any]:
        return {
            "foundations": [codes_of(pile) for pile in self.foundations],
            "needs": [self.needs(foundation) for foundation in range(PILES)],
            "wastes": [codes_of(pile) for pile in self.wastes],
            "turned": code_of(self.turned) if self.turned >= 0 else None,
            "stock": len(self.stock),
        }

    def _face_down(self) -> list[list[int]]:
        return [self.stock]

    def _features(self) -> list[float]:
        features: list[float] = []
        for foundation in range(PILES):
            needs = self.needs(foundation)
            plane = [0.0] * (FULL + 1)
            plane[FULL if needs is None else needs - 1] = 1.0
            features += plane
        for waste in self.wastes:
            features += one_hot_cards(waste)
            features += one_hot_cards(waste[-1:])
        features += one_hot_cards([self.turned] if self.turned >= 0 else [])
        features += one_hot_cards([card for pile in self.foundations for card in pile])
        features.append(len(self.stock) / 48)
        return features


Calculation.state_class = CalculationState


def _place(word: str) -> tuple[str, int] | None:
    """``("f", 0)`` for ``f1``, ``("w", 3)`` for ``w4`` (``None``: neither)."""
    if len(word) == 2 and word[0] in "fw" and word[1] in "1234":
        return word[0], int(word[1]) - 1
    return None

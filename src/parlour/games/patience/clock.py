"""Clock with the Progress pack (progress.md §5.4): no decisions.

* **Layout**: the 52 cards face down in 13 piles of 4, dealt round (card
  ``i`` on top of pile ``i mod 13``): piles 1-12 round a clock face, pile
  13 in the centre.
* **Play**: ``turn`` turns up the top face-down card of the pile in hand
  (first the centre), puts it face up under the pile of its number (13:
  the centre), and that pile is the next to turn from.
* **End and score**: the game ends when a 13 is placed and the centre has
  no face-down card left, which is when the fourth 13 is placed. Won when
  every card is then face up; the score is the face-down cards left
  (0 = won; lower is better). A pile other than the centre always has a
  face-down card when it is turned from (it is turned only after a card
  of its number went under it, and there are four of each).

Action ids: 0 is ``turn`` (the only move). A fixed deal is ``{"piles": 13
lists of 4 codes, piles 1-12 then the centre, each top first (the card
turned first)}``.

Observation zones: ``piles`` (13, the centre last: the cards face up and
the count still face down), ``next`` (the pile turned from next, 1-13).

Observation tensor (version 1)
------------------------------

``parlour.make('clock')`` (one player): 82 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ====  =========  ==========  ==============================================================
offset  size  block      values      meaning
======  ====  =========  ==========  ==============================================================
0       3     phase      one-hot     the phase: deal, play, over
3       53    face up    0/1 a card  the cards turned face up
56      13    face down  / 4         for each pile 1-12, then the centre: its face-down cards
69      13    next       one-hot     the pile to turn from next: 1-12, then the centre
======  ====  =========  ==========  ==============================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
    codes_of,
    deal_order,
    dealt_piles,
    mask_of,
    number_of,
    one_hot_cards,
    parse_piles,
)

PILES = 13
DEPTH = 4
CENTRE = 12
TURN = 0


@dataclass(frozen=True, slots=True)
class Turned(GameEvent):
    """``card`` was turned from pile ``source`` and put under pile
    ``target`` (piles 1-12, the centre 13)."""

    card: int
    source: int
    target: int


PROMPTS = {"play": "Turn the next card"}
"""What the player decides (:attr:`MatchState.prompts`)."""

CATALOGUE = Catalogue({
    **SENTENCES,
    Dealt: "Clock: the cards are dealt",
    Turned: "{card} turned from pile {source} under pile {target}",
})
"""Every sentence of the Clock log."""


@register
class Clock(PatienceGame):
    """Clock; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "clock"
    title = "Clock"
    version = 1
    tensor_version = 1
    higher_is_better = False
    layout = "dial-of-piles"
    description = ("Patience without decisions: turn each card under the pile of its "
                   "number round a clock face, before the fourth 13 comes up.")
    deal_keys = ("piles",)
    move_actions = 1
    action_help = "type 'turn'"
    schema = OptionSchema([EXCLUDED_ONLY])

    @property
    def observation_tensor_size(self) -> int:
        return len(PHASE_NAMES) + CARDS + 2 * PILES

    def feature_blocks(self) -> tuple[TensorBlock, ...]:
        return (
            TensorBlock.cards("face up", CARDS, "the cards turned face up"),
            TensorBlock("face down", PILES, "for each pile 1-12, then the centre: its face-down "
                        "cards", scale=DEPTH),
            TensorBlock("next", PILES, "the pile to turn from next: 1-12, then the centre",
                        "one-hot"),
        )

    def order_from_deal(self, deal: Mapping[str, Any]) -> list[int]:
        self.check_deal_keys(deal)
        piles = parse_piles(deal["piles"], "pile", PILES, DEPTH)
        # the last card dealt to a pile is its top
        return deal_order([pile[::-1] for pile in piles])


class ClockState(PatienceState):
    """A game of Clock."""

    game: Clock
    zones = (
        *PatienceState.zones,
        Zone("pile", "up", Seen.EVERYONE, per_seat=True, form=Form.ORDER),
        Zone("face down piles", "down_cards", Seen.NOBODY),
    )
    catalogue = CATALOGUE
    prompts = PROMPTS

    def _lay_out(self) -> None:
        self.down = dealt_piles(self.order, PILES, DEPTH)
        self.up: list[list[int]] = [[] for _ in range(PILES)]
        self.next_pile = CENTRE
        self.ended = False

    def _copied_layout(self) -> dict[str, Any]:
        if self.phase == PHASE_DEAL:
            return {}
        return {"down": [list(pile) for pile in self.down],
                "up": [list(pile) for pile in self.up]}

    def _moves(self) -> list[int]:
        return [] if self.ended else [TURN]

    def _move(self, action: int) -> None:
        card = self.down[self.next_pile].pop()
        target = number_of(card) - 1
        self.up[target].append(card)
        self.events.append(Turned(card, self.next_pile + 1, target + 1))
        self.next_pile = target
        self.ended = target == CENTRE and not self.down[CENTRE]

    def _why_not(self, action: int) -> str:
        return f"Clock has one move, 'turn' (action {TURN}), not {action}"

    def _outcome(self) -> tuple[bool, int] | None:
        if not self.ended:
            return None
        left = sum(len(pile) for pile in self.down)
        return left == 0, left

    def move_text(self, action: int) -> str:
        if action == TURN:
            return "turn"
        raise ParseError(f"there is no Clock move {action}; the only one is 'turn'")

    def move_sentence(self, action: int) -> str:
        return f"Turn the top card of pile {self.next_pile + 1}"

    def parse_move(self, key: str) -> int | None:
        return TURN if key in ("turn", "t", "next", "go") else None

    def _zones(self) -> dict[str, Any]:
        return {
            "piles": [{"pile": pile + 1, "up": codes_of(self.up[pile]),
                       "down": len(self.down[pile])} for pile in range(PILES)],
            "next": self.next_pile + 1,
        }

    def _face_down(self) -> list[list[int]]:
        return self.down

    @property
    def down_cards(self) -> int:
        """The cards still face down."""
        return mask_of([card for pile in self.down for card in pile])

    def _features(self) -> list[float]:
        features = one_hot_cards([card for pile in self.up for card in pile])
        features += [len(pile) / DEPTH for pile in self.down]
        features += [1.0 if pile == self.next_pile else 0.0 for pile in range(PILES)]
        return features


Clock.state_class = ClockState

"""Knaves: win tricks but avoid winning jacks, with a turned-up trump suit.
``rules/polignac.md`` §3.

* Players: exactly 3. Deck: French 52, ranking A K Q J 10 … 2.
* Deal one card at a time, 17 each (``hand_size`` 13: 13 each); the next
  card is turned up for trumps and takes no further part (the 12 cards
  under it stay out of play with 13-card hands).
* Follow suit if you can; otherwise trump or discard freely. The highest
  trump wins, else the highest card of the suit led.
* Score: +1 per trick, -4 ``JH``, -3 ``JD``, -2 ``JC``, -1 ``JS`` for jacks
  in one's tricks; a turned-up jack is out of play (``turned_jack``
  out_of_play), charged to the winner of the last trick
  (``to_last_trick``), or out of play with no trumps for the hand
  (``no_trumps``).
* Match: the first hand after which some total reaches ``target`` (20)
  and one seat alone has the highest total (``tie_rule`` play_on), or the
  tied seats share the win (``shared``).
* Options: ``players`` 3, ``target`` 20, ``hand_size`` 17, ``turned_jack``
  out_of_play, ``tie_rule`` play_on, ``no_trumps_on_repeat`` false,
  ``all_jacks_bonus`` false.
* Action ids: 0-51 a card, ``suit * 13 + rank`` (suits S H D C, ranks
  2 … A). No call words. A fixed deal names its ``"turnup"`` (and, with
  ``no_trumps_on_repeat``, may name the previous hand's trump suit,
  ``"previous_trumps"``: ``"Hearts"``, or ``null`` for none).

The variants of issue #33, each from a published source (the rules help,
``parlour rules knaves``, names them):

* ``turned_jack = no_trumps``: a turned-up jack means no trumps for the
  hand, the jack put aside (lots-of-kids-games.com, "Knaves").
* ``no_trumps_on_repeat``: the same trump suit may not serve two hands
  running; a turn-up of the previous hand's trump suit means no trumps
  (upthevacuumthingy.blogspot.com, "Knaves", 2008). Decision: a hand
  played without trumps has no trump suit to repeat, so the next turn-up
  always makes trumps; the first hand of a match has none before it.
* ``all_jacks_bonus``: a player whose tricks hold all four jacks scores
  +10 for them instead of -10 (lots-of-kids-games.com). Decision: the
  tricks still count; with ``to_last_trick`` a turned-up jack counts
  among the last trick's jacks; with 13-card hands or a jack turned up and
  out of play nobody can hold all four.
* A hand without trumps is played as a plain-trick game: the highest card
  of the suit led wins. The turn-up is seen by all and out of play.

Observation tensor (version 1)
------------------------------

``parlour.make('knaves')`` (n = 3 players): 649 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  =============  ==========  ==================================================
offset  size          block          values      meaning
======  ============  =============  ==========  ==================================================
0       52            hand           0/1 a card  this seat's cards
52      52            out of play    0/1 a card  the turned-up card (the cards under it, out of
                                                 play with 13-card hands, are never seen)
104     52            played         0/1 a card  the cards of the hand's finished tricks
156     156 (n × 52)  trick          0/1 a card  the card each seat played to the current trick
312     156 (n × 52)  won            0/1 a card  the cards in each seat's won tricks this hand
468     156 (n × 52)  known absent   0/1 a card  the cards each seat is known not to hold: the
                                                 suits it failed to follow
624     5             phase          one-hot     the phase: deal, discard, announce, play, over
629     3 (n)         dealer         one-hot     the dealer
632     3 (n)         to move        one-hot     the seat to act (in the discard, announce and play
                                                 phases only)
635     3 (n)         leader         one-hot     the seat that leads or led the current trick (in
                                                 those phases only)
638     3 (n)         scores         / 20        each seat's match total (/ target)
641     3 (n)         tricks         / 17        the tricks each seat won this hand (/ hand size)
644     1             tricks played  / 17        the finished tricks of the hand (/ hand size)
645     4             trumps         one-hot     the trump suit, the turn-up's (none before it is
                                                 dealt): Spades, Hearts, Diamonds, Clubs
======  ============  =============  ==========  ==================================================
"""

from __future__ import annotations

from typing import Any

from parlour.cards import FRENCH_52
from parlour.cards.bits import bits_of
from parlour.engine.game import UNDECIDED_HANDS, Deal, Observation
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.tensors import TensorBlock
from parlour.errors import ParseError
from parlour.games.common import DealReader
from parlour.games.tricks import PHASE_DEAL, HighestTotalWinsState, TrickGame

JACK_VALUES = {"JH": 4, "JD": 3, "JC": 2, "JS": 1}
"""§3.4: points lost for each jack in a seat's tricks."""
ALL_JACKS_BONUS = 10
"""``all_jacks_bonus``: what all four jacks in one seat's tricks score."""


@register
class Knaves(TrickGame):
    """Knaves; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "knaves"
    title = "Knaves"
    version = 1
    tensor_version = 1
    higher_is_better = True
    min_players = 3
    max_players = 3
    deck = FRENCH_52
    description = (
        "Win tricks but avoid winning jacks; 3 players, full pack, a turned-up trump suit."
    )
    schema = OptionSchema([
        Option.choice("players", (3,), 3, "number of players"),
        Option.integer("target", 20, "points needed to win (20 in the sources)",
                       minimum=1, maximum=100),
        Option.choice("hand_size", (17, 13), 17, "cards dealt to each player"),
        Option.choice(
            "turned_jack", ("out_of_play", "to_last_trick", "no_trumps"), "out_of_play",
            "fate of a turned-up jack",
        ),
        Option.choice("tie_rule", ("play_on", "shared"), "play_on", "ties for the win"),
        Option.flag(
            "no_trumps_on_repeat", False,
            "no trumps when the turn-up is of the previous hand's trump suit",
        ),
        Option.flag(
            "all_jacks_bonus", False,
            "a player who takes all four jacks scores +10 for them instead of -10",
        ),
    ])

    out_of_play_text = ("the turned-up card (the cards under it, out of play with 13-card "
                        "hands, are never seen)")

    jack_values: tuple[int, ...]
    jack_mask: int
    no_trumps_when: tuple[bool, bool]
    """Whether a hand has no trumps when the turn-up is a jack (``turned_jack
    = no_trumps``) and when it is of the previous hand's trump suit
    (``no_trumps_on_repeat``). (The game's options are folded into few
    fields: CPython 3.11 reads the fields of an instance with more than 29
    through a slower path.)"""
    jack_scoring: tuple[bool, bool]
    """Whether a turned-up jack joins the last trick (``to_last_trick``) and
    whether all four jacks score +10 (``all_jacks_bonus``)."""

    def _configure(self) -> None:
        self.hand_size = int(self.options["hand_size"])
        self.packets = (1,)
        self.surplus = 0
        self.turnup = True
        self.in_play = self.deck.full_mask
        self.strength = tuple(card % 13 for card in range(len(self.deck)))
        values = [0] * len(self.deck)
        for code, value in JACK_VALUES.items():
            values[self.deck.parse(code).id] = value
        self.jack_values = tuple(values)
        self.jack_mask = sum(1 << card for card, value in enumerate(values) if value)
        options = self.options
        self.no_trumps_when = (options["turned_jack"] == "no_trumps",
                               bool(options["no_trumps_on_repeat"]))
        self.jack_scoring = (options["turned_jack"] == "to_last_trick",
                             bool(options["all_jacks_bonus"]))

    @property
    def extra_feature_size(self) -> int:
        return len(self.deck.suits)

    def extra_blocks(self) -> tuple[TensorBlock, ...]:
        meaning = "the trump suit, the turn-up's (none before it is dealt)"
        if any(self.no_trumps_when):
            meaning = ("the trump suit, the turn-up's (none before it is dealt, nor in a "
                       "hand without trumps)")
        return (TensorBlock.choice("trumps", self.deck.suits, meaning),)

    def max_match_decisions(self) -> int:
        """A hand adds at least 3 points to the sum of the three totals (13
        tricks less 10 for the jacks), so some total reaches the target
        within ``target`` hands; ties for the top may deal
        :data:`UNDECIDED_HANDS` more."""
        return (int(self.options["target"]) + UNDECIDED_HANDS) * self.max_hand_decisions()

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> KnavesState:
        return KnavesState(self, seed, deal, explicit_chance)


class KnavesState(HighestTotalWinsState):
    """A Knaves match.

    :attr:`turnup` is the card that fixes trumps, or -1 in a hand without
    trumps; :attr:`turned` is the card turned up, whatever it fixed."""

    game: Knaves
    turned: int
    """The card turned up this hand (in the deal of a hand, the last hand's;
    -1 before the first)."""
    previous_trumps: int
    """The trump suit of the hand before (its index, -1 for none)."""

    def _init_match(self) -> None:
        self.previous_trumps = -1
        self.turned = -1  # (then the last hand's until the next turn-up: see _observation)

    def _turn_up(self, card: int) -> None:
        self.turnup = self.turned = card
        self.out_of_play |= 1 << card
        game = self.game
        on_jack, on_repeat = game.no_trumps_when
        if (on_jack and game.jack_values[card]) or (
                on_repeat and game.suit_of[card] == self.previous_trumps):
            self.turnup = -1  # no trumps this hand: the turn-up fixes none

    def _extra_deal_keys(self) -> tuple[str, ...]:
        if self.game.no_trumps_when[1]:
            return ("turnup", "previous_trumps")
        return ("turnup",)

    def _apply_fixed_extras(self, reader: DealReader, absent: int) -> int:
        if "previous_trumps" in reader:
            self.previous_trumps = self._read_suit(reader.deal["previous_trumps"])
        card = reader.card("turnup", "the turn-up")
        if card is None:
            raise ParseError("a Knaves deal needs a 'turnup' card, which fixes trumps")
        self._turn_up(card)
        return absent

    def _read_suit(self, value: object) -> int:
        """A suit of the deal (``None``: no trumps) as its index, or -1."""
        if value is None:
            return -1
        suits = self.game.deck.suits
        if isinstance(value, str):
            for index, suit in enumerate(suits):
                if value.casefold() == suit.casefold():
                    return index
        raise ParseError(f"'previous_trumps' must be a suit ({', '.join(suits)}) or null, "
                         f"not {value!r}")

    def _validate_fixed_hand(self, hands: list[int], absent: int) -> None:
        """Any cards may be out of play: the turn-up and, with 13-card
        hands, the 12 cards under it (their number follows from the hand
        sizes, which are already checked)."""

    def _hidden_out_of_play(self, seat: int) -> int:
        # With 13-card hands the 12 cards under the turn-up are never seen.
        return self.out_of_play & ~(1 << self.turned) if self.turned >= 0 else 0

    def _score_hand(self) -> list[int]:
        game = self.game
        values = game.jack_values
        jack_mask = game.jack_mask
        to_last_trick, bonus = game.jack_scoring
        taken = list(self.won)
        if to_last_trick:
            taken[self.last_winner] |= 1 << self.turned
        scores = list(self.tricks)
        for seat, pile in enumerate(taken):
            jacks = pile & jack_mask
            if bonus and jacks == jack_mask:
                scores[seat] += ALL_JACKS_BONUS
                continue
            for card in bits_of(jacks):
                scores[seat] -= values[card]
        self.previous_trumps = game.suit_of[self.turnup] if self.turnup >= 0 else -1
        return scores

    def _is_match_over(self) -> bool:
        if max(self.totals) < int(self.game.options["target"]):
            return False
        return len(self.winners()) == 1 or self.game.options["tie_rule"] == "shared"

    def _observation(self, seat: int | None) -> Observation:
        observation = super()._observation(seat)
        if self.turnup < 0 <= self.turned and self.phase != PHASE_DEAL:
            # a hand without trumps: its turn-up is seen all the same
            observation["zones"]["turnup"] = self.game.labels[self.turned]
        return observation

    def _extra_observation(self, seat: int | None) -> dict[str, Any]:
        trumps = self.game.deck.suits[self.game.suit_of[self.turnup]] if self.turnup >= 0 else None
        return {"target": self.game.options["target"], "trumps": trumps}

    def _extra_features(self, seat: int) -> list[float]:
        features = [0.0] * len(self.game.deck.suits)
        if self.turnup >= 0:
            features[self.game.suit_of[self.turnup]] = 1.0
        return features

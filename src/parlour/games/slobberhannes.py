"""Slobberhannes and its German-suited forms Eichelobern and Grasobern:
avoid the first trick, the last trick and one penalty card.
``rules/polignac.md`` §4-6.

* Players: 3-6 (default 4); two sevens out unless four play (§1.1).
* Slobberhannes: piquet pack, the queen of clubs; French packets as
  Polignac. Eichelobern: German pack, the Ober of Acorns. Grasobern:
  German pack, the Ober of Leaves (the Grasober), worth ``grasober_value``
  (default 2), and a seat void in the suit led must throw it
  (``grasober_forced_discard``). German packets 3-4-3, 4-4, 3-3, 3-2.
* Ranking A K Q J 10 9 8 7 (German: Ace King Ober Unter 10 9 8 7); no
  trumps. Penalties: 1 for the first trick, 1 for the last, the card's
  value for the trick holding the penalty card; one seat incurring all
  three pays 4.
* Options: ``players`` 4, ``target`` 10 (Grasobern also
  ``grasober_value`` 2, ``grasober_forced_discard`` true and ``contracts``
  false).
* Action ids: 0-31 a card by the index layout of :mod:`parlour.cards.deck`
  (``suit * 8 + rank``; French suits S H D C, German Acorns Leaves Hearts
  Bells; ranks 7 … A). German cards are written by their pack names
  (``Ober-Acorns``). There are no call words, but for Grasobern's
  contracts: with ``contracts`` 32 ``pass``, 33 ``mord``, 34 ``bettel``.
* The match (§1.3): penalty points to ``target``; the highest total loses.

Grasobern's contracts (issue #33; ``contracts``, off by default). Sources:
Bayerischer Rundfunk, "Grasoberln - In der Oberpfalz beliebt"
(br.de/radio/bayern2/sendungen/zeit-fuer-bayern/grasoberln-100.html: Mord
takes every trick, Bettel none, the Grasober does not matter in them,
forehand announces first and then the next player, Mord beats Bettel);
Chamerau, "Kulturgut - und Kopfarbeit" (chamerau.de, 2025: the players
from the dealer's left announce Mord or Bettel in turn, else the plain
game); gamerules.com, "Grasobern" (each player one chance to pass or play,
Mord the highest contract). Decisions, where they are silent:

* Each player speaks once, eldest first, clockwise to the dealer:
  ``pass``, ``mord``, or ``bettel`` if nobody has announced a contract.
  A Mord ends the announcements; after a Bettel a later player may still
  overcall with Mord (the Bettel is then void), not with a second Bettel.
* The eldest still leads to trick 1 (as in every Grasobern hand).
* Under a contract the Grasober, the first and the last trick cost
  nothing, and a void player need not throw the Grasober.
* Payments (no source found): a contract made costs every other player 4
  penalty points (the "Bauer" rate, the dearest of the plain game); a
  contract failed costs the declarer 4. As Polignac's capot, the same sum
  either way against each opponent.
* The hand is played to the end, made or failed.

Observation tensor (version 1)
------------------------------

``parlour.make('slobberhannes')`` (n = 4 players): 514 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  =============  ==========  ==================================================
offset  size          block          values      meaning
======  ============  =============  ==========  ==================================================
0       32            hand           0/1 a card  this seat's cards
32      32            out of play    0/1 a card  the two sevens left out of the pack with 3, 5 or 6
                                                 players
64      32            played         0/1 a card  the cards of the hand's finished tricks
96      128 (n × 32)  trick          0/1 a card  the card each seat played to the current trick
224     128 (n × 32)  won            0/1 a card  the cards in each seat's won tricks this hand
352     128 (n × 32)  known absent   0/1 a card  the cards each seat is known not to hold: the
                                                 suits it failed to follow
480     5             phase          one-hot     the phase: deal, discard, announce, play, over
485     4 (n)         dealer         one-hot     the dealer
489     4 (n)         to move        one-hot     the seat to act (in the discard, announce and play
                                                 phases only)
493     4 (n)         leader         one-hot     the seat that leads or led the current trick (in
                                                 those phases only)
497     4 (n)         scores         / 10        each seat's match total (/ target)
501     4 (n)         tricks         / 8         the tricks each seat won this hand (/ hand size)
505     1             tricks played  / 8         the finished tricks of the hand (/ hand size)
506     4 (n)         first trick    one-hot     the seat that won the first trick
510     4 (n)         penalty card   one-hot     the seat whose tricks hold QC
======  ============  =============  ==========  ==================================================

Observation tensor (version 1)
------------------------------

``parlour.make('eichelobern')`` (n = 4 players): 514 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  =============  ==========  ==================================================
offset  size          block          values      meaning
======  ============  =============  ==========  ==================================================
0       32            hand           0/1 a card  this seat's cards
32      32            out of play    0/1 a card  the two sevens left out of the pack with 3, 5 or 6
                                                 players
64      32            played         0/1 a card  the cards of the hand's finished tricks
96      128 (n × 32)  trick          0/1 a card  the card each seat played to the current trick
224     128 (n × 32)  won            0/1 a card  the cards in each seat's won tricks this hand
352     128 (n × 32)  known absent   0/1 a card  the cards each seat is known not to hold: the
                                                 suits it failed to follow
480     5             phase          one-hot     the phase: deal, discard, announce, play, over
485     4 (n)         dealer         one-hot     the dealer
489     4 (n)         to move        one-hot     the seat to act (in the discard, announce and play
                                                 phases only)
493     4 (n)         leader         one-hot     the seat that leads or led the current trick (in
                                                 those phases only)
497     4 (n)         scores         / 10        each seat's match total (/ target)
501     4 (n)         tricks         / 8         the tricks each seat won this hand (/ hand size)
505     1             tricks played  / 8         the finished tricks of the hand (/ hand size)
506     4 (n)         first trick    one-hot     the seat that won the first trick
510     4 (n)         penalty card   one-hot     the seat whose tricks hold Ober-Acorns
======  ============  =============  ==========  ==================================================

Observation tensor (version 1)
------------------------------

``parlour.make('grasobern')`` (n = 4 players): 514 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  =============  ==========  ==================================================
offset  size          block          values      meaning
======  ============  =============  ==========  ==================================================
0       32            hand           0/1 a card  this seat's cards
32      32            out of play    0/1 a card  the two sevens left out of the pack with 3, 5 or 6
                                                 players
64      32            played         0/1 a card  the cards of the hand's finished tricks
96      128 (n × 32)  trick          0/1 a card  the card each seat played to the current trick
224     128 (n × 32)  won            0/1 a card  the cards in each seat's won tricks this hand
352     128 (n × 32)  known absent   0/1 a card  the cards each seat is known not to hold: the
                                                 suits it failed to follow, and the Ober of Leaves
                                                 once it failed to follow without throwing it
                                                 (grasober_forced_discard)
480     5             phase          one-hot     the phase: deal, discard, announce, play, over
485     4 (n)         dealer         one-hot     the dealer
489     4 (n)         to move        one-hot     the seat to act (in the discard, announce and play
                                                 phases only)
493     4 (n)         leader         one-hot     the seat that leads or led the current trick (in
                                                 those phases only)
497     4 (n)         scores         / 10        each seat's match total (/ target)
501     4 (n)         tricks         / 8         the tricks each seat won this hand (/ hand size)
505     1             tricks played  / 8         the finished tricks of the hand (/ hand size)
506     4 (n)         first trick    one-hot     the seat that won the first trick
510     4 (n)         penalty card   one-hot     the seat whose tricks hold Ober-Leaves
======  ============  =============  ==========  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.cards import GERMAN_32, PIQUET_32
from parlour.engine.game import Deal
from parlour.engine.match import Catalogue, GameEvent, Passed
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction
from parlour.games import tricks
from parlour.games.polignac import FRENCH_PACKETS
from parlour.games.tricks import PHASE_ANNOUNCE, PenaltyMatchState, ThirtyTwoCardGame

GERMAN_PACKETS = {3: (3, 4, 3), 4: (4, 4), 5: (3, 3), 6: (3, 2)}
"""§5.1: packet sizes of one round of the table with the German pack."""

PASS, MORD, BETTEL = 0, 1, 2
"""Grasobern's calls, by their place after the card actions (a contract
is :data:`MORD` or :data:`BETTEL`)."""
CONTRACT_WORDS = ("pass", "mord", "bettel")
CONTRACT_PENALTY = 4
"""A contract made costs every other seat this; failed, the declarer."""


@dataclass(frozen=True, slots=True)
class MordAnnounced(GameEvent):
    """``seat`` announces Mord: to win every trick."""

    seat: int


@dataclass(frozen=True, slots=True)
class BettelAnnounced(GameEvent):
    """``seat`` announces Bettel: to win no trick."""

    seat: int


PROMPTS = {
    **tricks.PROMPTS,
    "announce": "Announce Mord (win every trick), Bettel (win no trick) or pass",
}
"""What the player to move decides: the trick game's sentences and, with
Grasobern's contracts, the announcements."""

CATALOGUE = Catalogue({
    **tricks.CATALOGUE.sentences,
    Passed: "{seat} passes",
    MordAnnounced: "{seat} announces Mord",
    BettelAnnounced: "{seat} announces Bettel",
})


def _players_option() -> Option:
    return Option.choice("players", (3, 4, 5, 6), 4, "number of players")


def _target_option() -> Option:
    return Option.integer("target", 10, "penalty total that ends the match (10 by decision)",
                          minimum=1, maximum=100)


class FirstLastGame(ThirtyTwoCardGame):
    """A game penalising the first trick, the last trick and one card."""

    higher_is_better = False

    penalty_card_code: ClassVar[str]
    penalty_card: int
    penalty_value: int

    def _configure_rules(self) -> None:
        self.penalty_card = self.deck.parse(self.penalty_card_code).id
        self.penalty_value = int(self.options.get("grasober_value", 1))

    @property
    def extra_feature_size(self) -> int:
        return 2 * self.num_players

    def extra_blocks(self) -> tuple[TensorBlock, ...]:
        n = self.num_players
        card = self.labels[self.penalty_card]
        return (
            TensorBlock.seats("first trick", n, "the seat that won the first trick", "one-hot"),
            TensorBlock.seats("penalty card", n, f"the seat whose tricks hold {card}", "one-hot"),
        )

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> FirstLastState:
        return FirstLastState(self, seed, deal, explicit_chance)


class FirstLastState(PenaltyMatchState):
    """A match of Slobberhannes, Eichelobern or Grasobern."""

    game: FirstLastGame

    def penalty_card_winner(self) -> int:
        """The seat whose won tricks hold the penalty card, or -1."""
        bit = 1 << self.game.penalty_card
        for seat, pile in enumerate(self.won):
            if pile & bit:
                return seat
        return -1

    def _score_hand(self) -> list[int]:
        game = self.game
        penalties = [0] * game.n
        first, last, holder = self.first_winner, self.last_winner, self.penalty_card_winner()
        penalties[first] += 1
        penalties[last] += 1
        penalties[holder] += game.penalty_value
        if first == last == holder:
            penalties[holder] = 4
        return penalties

    def _extra_observation(self, seat: int | None) -> dict[str, Any]:
        first, holder = self.first_winner, self.penalty_card_winner()
        return {
            "target": self.game.options["target"],
            "penalty_card": self.game.labels[self.game.penalty_card],
            "first_trick_winner": first if first >= 0 else None,
            "penalty_card_winner": holder if holder >= 0 else None,
        }

    def _extra_features(self, seat: int) -> list[float]:
        n = self.game.n
        features = [0.0] * (2 * n)
        first, holder = self.first_winner, self.penalty_card_winner()
        if first >= 0:
            features[(first - seat) % n] = 1.0
        if holder >= 0:
            features[n + (holder - seat) % n] = 1.0
        return features


@register
class Slobberhannes(FirstLastGame):
    """Slobberhannes; see the module docstring."""

    name = "slobberhannes"
    title = "Slobberhannes"
    version = 1
    tensor_version = 1
    min_players = 3
    max_players = 6
    deck = PIQUET_32
    description = (
        "Avoid the first trick, the last trick and the queen of clubs; "
        "3-6 players, piquet pack."
    )
    schema = OptionSchema([_players_option(), _target_option()])
    packet_table = FRENCH_PACKETS
    removed_sevens = ("7S", "7C")
    penalty_card_code = "QC"


@register
class Eichelobern(FirstLastGame):
    """Eichelobern (Schinderhansen); see the module docstring."""

    name = "eichelobern"
    title = "Eichelobern"
    version = 1
    tensor_version = 1
    min_players = 3
    max_players = 6
    deck = GERMAN_32
    description = (
        "Avoid the first trick, the last trick and the Ober of Acorns; "
        "3-6 players, German pack."
    )
    schema = OptionSchema([_players_option(), _target_option()])
    packet_table = GERMAN_PACKETS
    removed_sevens = ("7-Acorns", "7-Leaves")
    penalty_card_code = "Ober-Acorns"


@register
class Grasobern(FirstLastGame):
    """Grasobern (Grasoberln, Grünobern, Laubobern); see the module docstring."""

    name = "grasobern"
    title = "Grasobern"
    version = 1
    tensor_version = 1
    min_players = 3
    max_players = 6
    deck = GERMAN_32
    description = (
        "Avoid the first trick, the last trick and the Ober of Leaves, which "
        "a void player must throw; 4 players traditionally, German pack."
    )
    schema = OptionSchema([
        _players_option(),
        _target_option(),
        Option.choice("grasober_value", (1, 2), 2, "penalty for taking the Ober of Leaves"),
        Option.flag(
            "grasober_forced_discard", True,
            "a player void in the suit led must throw the Ober of Leaves",
        ),
        Option.flag(
            "contracts", False,
            "Mord (win every trick) and Bettel (win no trick) may be announced",
        ),
    ])
    packet_table = GERMAN_PACKETS
    removed_sevens = ("7-Acorns", "7-Leaves")
    penalty_card_code = "Ober-Leaves"
    contracts: bool
    """Whether Mord and Bettel may be announced (the ``contracts`` option)."""
    contract_features: tuple[tuple[float, ...], ...]
    """With contracts, the tensor's declarer and contract blocks by the
    declarer's place from the seat (0 … n-1) and the contract (1 Mord,
    2 Bettel); index 0 for no contract."""
    known_absent_text = ("the cards each seat is known not to hold: the suits it failed to "
                         "follow, and the Ober of Leaves once it failed to follow without "
                         "throwing it (grasober_forced_discard)")

    def _configure_rules(self) -> None:
        super()._configure_rules()
        self.restricts_void_play = bool(self.options["grasober_forced_discard"])
        self.contracts = bool(self.options["contracts"])
        if self.contracts:
            self.words = CONTRACT_WORDS
        n = self.num_players
        features = [(0.0,) * (n + 2)]
        for place in range(n):
            for contract in (MORD, BETTEL):
                features.append(tuple(
                    float(index == place or index == n + contract - 1)
                    for index in range(n + 2)))
        self.contract_features = tuple(features)

    @property
    def extra_feature_size(self) -> int:
        return super().extra_feature_size + (self.num_players + 2 if self.contracts else 0)

    def extra_blocks(self) -> tuple[TensorBlock, ...]:
        blocks = super().extra_blocks()
        if not self.contracts:
            return blocks
        return (*blocks,
                TensorBlock.seats("declarer", self.num_players,
                                  "the seat that announced Mord or Bettel this hand", "one-hot"),
                TensorBlock.choice("contract", ("Mord", "Bettel"),
                                   "the contract announced this hand (none: zeros)"))

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> GrasobernState:
        return GrasobernState(self, seed, deal, explicit_chance)


class GrasobernState(FirstLastState):
    """A Grasobern match: the forced throw of the Grasober (its hooks are
    called only with ``grasober_forced_discard``, see
    :attr:`~parlour.games.tricks.TrickGame.restricts_void_play`), and with
    ``contracts`` the announcements of Mord and Bettel before the first
    lead (see the module docstring)."""

    game: Grasobern
    catalogue = CATALOGUE
    prompts = PROMPTS
    declarer: int
    """The seat that announced the hand's contract, or -1."""
    contract: int
    """The hand's contract: 0 none, :data:`MORD` or :data:`BETTEL`."""

    def _reset_hand(self) -> None:
        super()._reset_hand()
        self.declarer = -1
        self.contract = 0

    def _after_deal(self) -> None:
        if self.game.contracts:
            self.phase = PHASE_ANNOUNCE
            self.to_move = self.eldest
        else:
            self._begin_play(self.eldest)

    def _extra_legal(self) -> list[int]:
        deck = len(self.game.deck)
        if self.contract == BETTEL:
            return [deck + PASS, deck + MORD]
        return [deck + PASS, deck + MORD, deck + BETTEL]

    def _apply_call(self, action: int) -> None:
        deck = len(self.game.deck)
        if action not in self._extra_legal():
            if action == deck + BETTEL:
                raise IllegalAction("Bettel is announced already: say 'mord' to overcall it, "
                                    "or 'pass'")
            if self.contract == BETTEL:
                raise IllegalAction("announce first: say 'mord' or 'pass'")
            raise IllegalAction("announce first: say 'pass', 'mord' or 'bettel'")
        seat = self.to_move
        event: GameEvent
        call = action - deck
        if call == PASS:
            event = Passed(seat)
        else:
            self.declarer, self.contract = seat, call
            event = MordAnnounced(seat) if call == MORD else BettelAnnounced(seat)
        self.history.append(action)
        self.events.append(event)
        if call == MORD or seat == self.dealer:
            self._begin_play(self.eldest)
        else:
            self.to_move = self.game.next_seat[seat]

    def _void_play_mask(self, seat: int, hand: int) -> int:
        grasober = 1 << self.game.penalty_card
        return grasober if hand & grasober and not self.contract else hand

    def _note_void_play(self, seat: int, card: int) -> None:
        if card != self.game.penalty_card and not self.contract:
            self.known_absent[seat] |= 1 << self.game.penalty_card

    def _score_hand(self) -> list[int]:
        contract = self.contract
        if not contract:
            return super()._score_hand()
        game = self.game
        declarer = self.declarer
        taken = self.won[declarer].bit_count()
        made = taken == game.n * game.hand_size if contract == MORD else taken == 0
        if made:
            return [0 if seat == declarer else CONTRACT_PENALTY for seat in range(game.n)]
        return [CONTRACT_PENALTY if seat == declarer else 0 for seat in range(game.n)]

    def _player_flags(self, seat: int) -> list[str]:
        flags = super()._player_flags(seat)
        if seat == self.declarer:
            flags.append(CONTRACT_WORDS[self.contract])
        return flags

    def _extra_observation(self, seat: int | None) -> dict[str, Any]:
        extra = super()._extra_observation(seat)
        if self.game.contracts:
            extra["contract"] = CONTRACT_WORDS[self.contract] if self.contract else None
            extra["declarer"] = self.declarer if self.declarer >= 0 else None
        return extra

    def _extra_features(self, seat: int) -> list[float]:
        features = super()._extra_features(seat)
        if not self.game.contracts:
            return features
        index = 0
        if self.contract:
            index = 1 + 2 * ((self.declarer - seat) % self.game.n) + self.contract - 1
        return [*features, *self.game.contract_features[index]]

    def _why_not_void_play(self, action: int) -> str:
        return (
            "you cannot follow suit, so you must throw the "
            f"{self.game.labels[self.game.penalty_card]}"
        )

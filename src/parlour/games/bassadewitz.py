"""Bassadewitz (Passadewitz): take as few card points as possible; chips
from a pool. ``rules/polignac.md`` §7.

* Players: 4 (``players`` 3 or 5 possible, source S15). Deck: German 32
  (``pack`` german) or piquet 32 (``french``); 8 cards each in two packets
  of 4 (3 players: 10 in packets of 3, 4, 3; 5 players: 6 in packets of
  3, 3; the two black sevens, worth nothing, leave the pack); the eldest
  leads; no trumps.
* Ranking ``ace_ten`` A 10 K O U 9 8 7 or ``natural`` A K O U 10 9 8 7.
* Card points: Ace 11 (``ace_value`` 5), 10 10, King 4, Ober 3, Unter 2;
  ``trick_bonus`` 1 adds a point per trick won. ``ace_value`` 5 alone is
  refused with the pool (96 card points: the 100-point rule could never
  apply; S14 plays it with the trick bonus).
* ``scoring`` pool (S14, the default): a dealer who finds the pool empty
  antes 12 chips, which leave his balance at once. Settlement, the first
  rule that fits: (1) a seat with every trick receives 4 from each other
  seat; (2) a seat with 100 or more card points pays 4 to each other;
  (3) all card points equal: nobody pays; after 1-3 the same dealer deals
  again with the pool untouched; (4) otherwise the seats ranked by card
  points (fewest first; a seat with no trick before a tied seat with
  tricks; then seat order from the eldest) take 5, 4 and 3 chips from the
  pool, everyone else nothing, and the deal passes left. Decision: with
  3 players the pool's 12 chips go 5, 4, 3 (S14's shares read as written:
  the last takes 3); with 5 the fourth and fifth take nothing.
* ``scoring`` points ("Spiel um Punkte", S15; its section could not be
  read past its title, so built from the article's aim, to keep one's card
  points low by the end): each hand costs each seat its card points; a
  seat with every trick (Durchmarsch) gains the hand's card points
  instead and the others lose nothing (decision, as Ramsch's Durchmarsch,
  to which S15 likens the game). No pool, no redeal; the Ace worth 5 is
  allowed alone (S15's 96 card points).
* ``scoring`` penalty (S16, gamerules.com): the most card points cost 5
  penalty points, the second most 4, the third most 3, the fewest nothing
  (decisions: ties by rule 4's order; no other rule; with 3 players 5, 4
  and none, with 5 players 5, 4, 3 and none for the two fewest).
* Totals: chip balances, or points and penalties kept as minus points, so
  that under every scoring the highest total wins (one direction for the
  game whatever its options). A hand's result includes the dealer's ante.
* Match: ``rounds`` dealer turns per seat (a turn ends with a rule-4 hand
  under the pool, with every hand otherwise).
* Options: ``players`` 4, ``pack`` german, ``ranking`` ace_ten,
  ``ace_value`` 11, ``trick_bonus`` 0, ``rounds`` 2, ``scoring`` pool.
* Action ids: 0-31 a card, ``suit * 8 + rank`` (ranks 7 8 9 10 U O K A;
  German suits Acorns Leaves Hearts Bells, French S H D C). No call words.
  A fixed deal may give the ``"pool"`` (0 or 12 chips; 0 without the pool).

Observation tensor (version 1)
------------------------------

``parlour.make('bassadewitz')`` (n = 4 players): 513 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  =============  ==========  ==================================================
offset  size          block          values      meaning
======  ============  =============  ==========  ==================================================
0       32            hand           0/1 a card  this seat's cards
32      32            out of play    0/1 a card  the two black sevens with 3 or 5 players; none
                                                 with 4
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
497     4 (n)         scores         / 12        each seat's match total (/ the ante; 120 card
                                                 points with scoring=points)
501     4 (n)         tricks         / 8         the tricks each seat won this hand (/ hand size)
505     1             tricks played  / 8         the finished tricks of the hand (/ hand size)
506     1             pool           / 12        the chips in the pool, by the ante
507     1             ante paid      0/1         the dealer paid the ante this hand
508     1             dealer turns   / 8         the dealer turns completed, by those of the match
509     4 (n)         card points    / 120       the card points in each seat's tricks this hand
======  ============  =============  ==========  ==================================================
"""

from __future__ import annotations

from typing import Any

from parlour.cards import GERMAN_32, PIQUET_32
from parlour.engine.game import Deal
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.tensors import TensorBlock
from parlour.errors import OptionError, ParseError
from parlour.games.common import DealReader
from parlour.games.slobberhannes import GERMAN_PACKETS
from parlour.games.tricks import HAND_SIZES_32, NATURAL_32, HighestTotalWinsState, TrickGame

ACE_TEN = (0, 1, 2, 6, 3, 4, 5, 7)
"""Strength by rank index (7 8 9 10 U O K A): A 10 K O U 9 8 7."""
ANTE = 12
PAYMENT = 4
POOL_SHARES = (5, 4, 3)
"""Chips from the pool to the fewest card points, the second and the third
(§7.4 rule 4); everyone else takes nothing."""
PENALTIES = (5, 4, 3)
"""``scoring=penalty``: penalty points to the most card points, the second
and the third most; everyone else, and always the fewest, nothing."""
BLACK_SEVENS = {"german": ("7-Acorns", "7-Leaves"), "french": ("7S", "7C")}
"""The cards left out of the pack with 3 or 5 players (§1.1's table)."""
SCORINGS = ("pool", "points", "penalty")


def hand_shares(scoring: str, players: int) -> tuple[int, ...]:
    """Each place's change of total, the fewest card points first (§7.4
    rule 4's order): chips from the pool, or minus the penalty points.

    >>> hand_shares("pool", 4), hand_shares("penalty", 4)
    ((5, 4, 3, 0), (0, -3, -4, -5))
    >>> hand_shares("pool", 3), hand_shares("penalty", 3), hand_shares("penalty", 5)
    ((5, 4, 3), (0, -4, -5), (0, 0, -3, -4, -5))
    """
    if scoring == "pool":
        return (*POOL_SHARES, *(0,) * (players - len(POOL_SHARES)))
    shares = [0] * players
    for place, penalty in zip(range(players - 1, 0, -1), PENALTIES, strict=False):
        shares[place] = -penalty
    return tuple(shares)


@register
class Bassadewitz(TrickGame):
    """Bassadewitz; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "bassadewitz"
    title = "Bassadewitz"
    version = 1
    tensor_version = 1
    higher_is_better = True
    stakes_before_hand = True
    min_players = 3
    max_players = 5
    deck = GERMAN_32
    description = (
        "Take as few card points as possible and win chips from the pool; "
        "3-5 players (4 classic), German or French 32-card pack."
    )
    schema = OptionSchema([
        Option.choice("players", (3, 4, 5), 4,
                      "number of players (3 or 5: the two black sevens leave the pack)"),
        Option.choice("pack", ("german", "french"), "german", "suit signs (rules identical)"),
        Option.choice("ranking", ("ace_ten", "natural"), "ace_ten", "card order in tricks"),
        Option.choice("ace_value", (11, 5), 11, "card points of an Ace"),
        Option.choice("trick_bonus", (0, 1), 0, "card points added per trick won"),
        Option.integer("rounds", 2, "dealer turns per player (2 by decision)",
                       minimum=1, maximum=20),
        Option.choice("scoring", SCORINGS, "pool",
                      "chips from a pool (S14), card points (Spiel um Punkte) or "
                      "5/4/3 penalty points (gamerules.com)"),
    ])

    out_of_play_text = "the two black sevens with 3 or 5 players; none with 4"
    score_text = "the ante; 120 card points with scoring=points"

    card_points: tuple[int, ...]
    byte_points: tuple[tuple[int, ...], ...]
    scoring: str
    """The ``scoring`` option: ``pool``, ``points`` or ``penalty``."""
    shares: tuple[int, ...]
    """Each place's change of total under rule 4 or the penalty ranking,
    the fewest card points first (:func:`hand_shares`; none with
    ``scoring=points``)."""
    pack_points: int
    """The card points of a hand, with the trick bonus."""

    def _configure(self) -> None:
        self.scoring = scoring = str(self.options["scoring"])
        if scoring == "pool" and self.options["ace_value"] == 5 and not self.options["trick_bonus"]:
            raise OptionError(
                "ace_value=5 needs trick_bonus=1 under scoring=pool, as source S14 plays it: with "
                "the Ace worth 5 alone the pack holds 96 card points, and the 100-point rule "
                "could never apply")
        pack = str(self.options["pack"])
        self.deck = GERMAN_32 if pack == "german" else PIQUET_32
        n = self.num_players
        self.hand_size = HAND_SIZES_32[n]
        self.packets = GERMAN_PACKETS[n]
        self.surplus = 0
        self.turnup = False
        self.in_play = self.deck.full_mask
        if n != 4:
            self.in_play &= ~self.deck.mask(BLACK_SEVENS[pack])
        self.shares = () if scoring == "points" else hand_shares(scoring, n)
        order = ACE_TEN if self.options["ranking"] == "ace_ten" else NATURAL_32
        self.strength = tuple(order[card % 8] for card in range(32))
        by_rank = (0, 0, 0, 10, 2, 3, 4, int(self.options["ace_value"]))
        self.card_points = tuple(by_rank[card % 8] for card in range(32))
        self.pack_points = sum(self.card_points) + int(self.options["trick_bonus"]) * self.hand_size
        self.byte_points = tuple(
            tuple(sum(self.card_points[8 * at + bit] for bit in range(8) if byte >> bit & 1)
                  for byte in range(256))
            for at in range(4)
        )
        """The card points of each byte of a pile (four look-ups a pile)."""

    @property
    def extra_feature_size(self) -> int:
        return 3 + self.num_players

    @property
    def score_scale(self) -> float:
        return 120.0 if self.options["scoring"] == "points" else float(ANTE)

    def extra_blocks(self) -> tuple[TensorBlock, ...]:
        n = self.num_players
        turns = n * int(self.options["rounds"])
        return (
            TensorBlock("pool", 1, "the chips in the pool, by the ante", scale=ANTE),
            TensorBlock.flag("ante paid", "the dealer paid the ante this hand"),
            TensorBlock("dealer turns", 1, "the dealer turns completed, by those of the match",
                        scale=turns),
            TensorBlock.seats("card points", n, "the card points in each seat's tricks this hand",
                              scale=120),
        )

    def max_match_decisions(self) -> int:
        """A dealer turn a seat and round, each ending with a hand paid from
        the pool; up to ten hands a turn (the redeals that keep the pool).
        Scored by points or penalties, every hand ends a turn."""
        hands = self.num_players * int(self.options["rounds"])
        if self.scoring == "pool":
            hands *= 10
        return hands * self.max_hand_decisions()

    def _new_state(
        self, seed: int, deal: Deal | None, explicit_chance: bool
    ) -> BassadewitzState:
        return BassadewitzState(self, seed, deal, explicit_chance)


class BassadewitzState(HighestTotalWinsState):
    """A Bassadewitz match. Under every scoring the highest total wins:
    points and penalties are kept as minus points."""

    game: Bassadewitz

    def _init_match(self) -> None:
        self.pool = 0
        self.ante_paid = False
        self.turns_completed = 0

    def _extra_deal_keys(self) -> tuple[str, ...]:
        return ("pool",)

    def _apply_fixed_extras(self, reader: DealReader, absent: int) -> int:
        pool = reader.deal.get("pool", 0)
        if pool not in (0, ANTE) or isinstance(pool, bool):
            raise ParseError(f"the pool holds 0 or {ANTE} chips, not {pool!r}")
        if pool and self.game.scoring != "pool":
            raise ParseError(f"there is no pool with scoring={self.game.scoring}")
        self.pool = int(pool)
        return absent

    def _after_deal(self) -> None:
        if self.game.scoring == "pool":
            # the ante leaves the dealer's balance as it enters the pool (§7.3)
            self.ante_paid = self.pool == 0
            if self.ante_paid:
                self.totals[self.dealer] -= ANTE
            self.pool = ANTE
        super()._after_deal()

    def card_point_totals(self) -> list[int]:
        """Each seat's card points so far this hand (with any trick bonus)."""
        game = self.game
        first, second, third, fourth = game.byte_points
        bonus = int(game.options["trick_bonus"])
        n = game.n
        return [bonus * (pile.bit_count() // n) + first[pile & 0xFF] + second[pile >> 8 & 0xFF]
                + third[pile >> 16 & 0xFF] + fourth[pile >> 24] for pile in self.won]

    def _score_hand(self) -> list[int]:
        game = self.game
        if game.scoring != "pool":
            return self._score_without_pool()
        n = game.n
        chips = [0] * n
        if self.ante_paid:
            # the hand's result counts the ante (§9.6), which the balance
            # already shows: give it back before the result is added
            chips[self.dealer] -= ANTE
            self.totals[self.dealer] += ANTE
        points = self.card_point_totals()
        tricks = self.tricks
        if game.hand_size in tricks:
            taker = tricks.index(game.hand_size)
            for seat in range(n):
                if seat != taker:
                    chips[seat] -= PAYMENT
                    chips[taker] += PAYMENT
        elif max(points) >= 100:
            payer = points.index(max(points))
            for seat in range(n):
                if seat != payer:
                    chips[seat] += PAYMENT
                    chips[payer] -= PAYMENT
        elif len(set(points)) > 1:
            for seat, share in zip(self.pool_order(points), game.shares, strict=True):
                chips[seat] += share
            self.pool = 0
            self.turns_completed += 1
        return chips

    def _score_without_pool(self) -> list[int]:
        """``scoring=points``: minus each seat's card points, but a seat that
        won every trick gains the hand's card points and the others lose
        nothing; ``scoring=penalty``: minus 5, 4 and 3 penalty points to the
        most card points, the second and the third most (rule 4's order
        for ties), nothing to the others. Every hand ends a dealer turn."""
        game = self.game
        self.turns_completed += 1
        points = self.card_point_totals()
        if game.scoring == "penalty":
            changes = [0] * game.n
            for seat, share in zip(self.pool_order(points), game.shares, strict=True):
                changes[seat] = share
            return changes
        tricks = self.tricks
        if game.hand_size in tricks:
            return [game.pack_points if won == game.hand_size else 0 for won in tricks]
        return [-count for count in points]

    def pool_order(self, points: list[int]) -> list[int]:
        """Rule 4: seats by card points, fewest first; a seat without a
        trick before a tied seat with one; then seat order from the eldest."""
        n = self.game.n
        tricks = self.tricks
        eldest = self.eldest
        return sorted(
            range(n), key=lambda seat: (points[seat], tricks[seat] > 0, (seat - eldest) % n),
        )

    def _next_dealer(self) -> int:
        # rules 1-3 leave the pool, and the same dealer deals again
        return self.dealer if self.pool else super()._next_dealer()

    def _is_match_over(self) -> bool:
        return self.turns_completed == self.game.n * int(self.game.options["rounds"])

    def _extra_observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "pool": self.pool,
            "card_points": self.card_point_totals(),
            "dealer_turns_completed": self.turns_completed,
            "dealer_turns": self.game.n * int(self.game.options["rounds"]),
        }

    def _extra_features(self, seat: int) -> list[float]:
        n = self.game.n
        points = self.card_point_totals()
        features = [
            self.pool / ANTE,
            1.0 if self.ante_paid else 0.0,
            self.turns_completed / (n * int(self.game.options["rounds"])),
        ]
        features.extend(points[(seat + offset) % n] / 120.0 for offset in range(n))
        return features

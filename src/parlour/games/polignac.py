"""Polignac (Jeu des Valets, Quatre Valets, Four Jacks): avoid winning
jacks, above all the jack of spades, "the Polignac". ``rules/polignac.md``
§1-2, and issue 33's variants (below).

* Players: 3-8 (default 4). Deck: piquet 32 (``pack`` 52: the full French
  pack); the cards are dealt out evenly and what is left over is removed
  (``pack_reduction``) or discarded by the dealer.
* Ranking K Q J A T 9 8 7 (``ace_high``: A K Q J T 9 8 7, queens penalised;
  with 52 cards the 6 … 2 below the 7).
* Options: ``players`` 4, ``target`` 20, ``ace_high`` false,
  ``pack_reduction`` black_sevens, ``capot`` true, ``capot_fail`` bidder_5,
  ``capot_bidder_leads`` false, ``pack`` 32, ``direction`` left.
* Action ids: 0 … len(pack) - 1 a card (play, or the dealer's discard) by
  the index layout of :mod:`parlour.cards.deck` (piquet: ``suit * 8 +
  rank``, ranks 7 … A; 52 cards: ``suit * 13 + rank``, ranks 2 … A; suits
  S H D C); then ``pass`` and ``capot`` (also typed ``general``): 32 and 33
  with the piquet pack, 52 and 53 with the full pack.
* Phases: deal, [dealer discard], [capot announcements], 4-17 tricks.
* Scores are penalty points; the match ends after the hand in which some
  total reaches ``target``; the highest total loses, every other seat wins.
  ``returns()``: each loser -1, the winners share the losers' stakes.
* Speed: see ``benchmarks/bench_tricks.py`` (random play, clone, tensors).

Decisions where the sources disagree are listed in the rules help (§8.1,
``parlour rules polignac``). Issue 33's variants, their sources and the
decisions taken (also in the rules help):

* 7 and 8 players (``players``): J. Boussac, *Encyclopédie des jeux de
  cartes* (1896) pp. 184-186 (https://www.jouerenlignefr.org/encyclopedie/le-polignac)
  deals 4 cards each to 7 players and takes out the four sevens; "Le
  Polignac" (https://www.adpoker.fr/polignac.html, after the *Académie
  universelle des jeux*, 1812) plays 3 to 8, 4 cards each at 7 and 8, the
  four sevens out at 7 or, by the dealer's-discard method, four discards
  (never a jack); the French Wikipedia (https://wikipedie.ovh/articles/p/o/l/Polignac_%28jeu_de_cartes%29.html)
  also plays 3 to 8. Decision: 7 players, 4 cards each, the four sevens out
  (``pack_reduction`` has no colour to choose), or with ``dealer_discard``
  the dealer is dealt the four and discards four; 8 players, 4 cards each,
  nothing out. Packets of two (Boussac deals "deux par deux").
* The party game with the 52-card pack (``pack`` 52): the seed and the
  English Wikipedia (https://en.wikipedia.org/wiki/Polignac_(card_game)),
  and a Hoyle-style text (http://www.poker.tj/cardgames/poker-master-polignac.html)
  say only that it is "sometimes played as a party game with the 52-card
  pack"; no source gives its rules. Decisions: every rule of the piquet
  game is kept (the four jacks, the Polignac 2, the capot, ``ace_high``);
  the 6 … 2 rank below the 7 (K Q J A 10 … 2); the whole pack is dealt, 17,
  13, 10, 8, 7 or 6 cards to 3 … 8 players, in packets of two and three;
  what does not divide evenly (1, 2, 4, 3 or 4 cards at 3, 5, 6, 7, 8
  players) is the lowest cards, the twos: of the colour ``pack_reduction``
  names first (black: 2S 2C 2H 2D, red: 2H 2D 2S 2C), or the dealer is dealt
  them and discards as many (never a penalty card).
* Dealing and playing to the right (``direction`` right): Boussac deals
  starting "par la droite" and has the player at the dealer's right lead;
  the French and Italian Wikipedias deal counter-clockwise. Decision: with
  ``right`` the deal, the play, the capot announcements and the turn to
  deal all go to the right (counter-clockwise), the eldest being the
  dealer's right-hand neighbour; seats keep their clockwise numbers (the
  tensor's per-seat blocks still run clockwise from the seat).

Observation tensor (version 1)
------------------------------

``parlour.make('polignac')`` (n = 4 players): 511 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ============  ===============  ==========  ================================================
offset  size          block            values      meaning
======  ============  ===============  ==========  ================================================
0       32            hand             0/1 a card  this seat's cards
32      32            out of play      0/1 a card  the cards left out so that the pack divides
                                                   evenly (two or four sevens, or twos with 52
                                                   cards), or with dealer_discard the dealer's
                                                   discards, for the dealer only
64      32            played           0/1 a card  the cards of the hand's finished tricks
96      128 (n × 32)  trick            0/1 a card  the card each seat played to the current trick
224     128 (n × 32)  won              0/1 a card  the cards in each seat's won tricks this hand
352     128 (n × 32)  known absent     0/1 a card  the cards each seat is known not to hold: the
                                                   suits it failed to follow
480     5             phase            one-hot     the phase: deal, discard, announce, play, over
485     4 (n)         dealer           one-hot     the dealer
489     4 (n)         to move          one-hot     the seat to act (in the discard, announce and
                                                   play phases only)
493     4 (n)         leader           one-hot     the seat that leads or led the current trick (in
                                                   those phases only)
497     4 (n)         scores           / 20        each seat's match total (/ target)
501     4 (n)         tricks           / 8         the tricks each seat won this hand (/ hand size)
505     1             tricks played    / 8         the finished tricks of the hand (/ hand size)
506     4 (n)         capot bidder     one-hot     the seat that announced capot this hand
510     1             no capot bidder  0/1         nobody announced capot this hand
======  ============  ===============  ==========  ================================================
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.cards import FRENCH_52, PIQUET_32
from parlour.cards.bits import bits_of
from parlour.engine.game import Deal
from parlour.engine.match import Catalogue, GameEvent, HandScored, Passed, Zone
from parlour.engine.options import Option, OptionSchema
from parlour.engine.registry import register
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction
from parlour.games import tricks
from parlour.games.tricks import (
    NATURAL_32,
    PHASE_ANNOUNCE,
    PHASE_DISCARD,
    PenaltyMatchState,
    ThirtyTwoCardGame,
    TrickTaken,
)

FRENCH_PACKETS = {3: (3, 2, 3, 2), 4: (3, 2, 3), 5: (3, 3), 6: (3, 2), 7: (2, 2), 8: (2, 2)}
"""§2.2: packet sizes of one round of the table, by number of players (7
and 8 players: two by two, as Boussac deals)."""
PACKETS_52 = {3: (3, 2, 3, 2, 3, 2, 2), 4: (3, 2, 3, 2, 3), 5: (3, 2, 3, 2), 6: (3, 2, 3),
              7: (3, 2, 2), 8: (3, 3)}
"""The packets of the 52-card pack (hands of 17, 13, 10, 8, 7 and 6 cards),
never more than three at a time."""
POLIGNAC_RANKING = (0, 1, 2, 3, 5, 6, 7, 4)
"""Strength by rank index (7 8 9 10 J Q K A): K Q J A 10 9 8 7."""
POLIGNAC_RANKING_52 = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 9)
"""Strength by rank index of the 52-card pack (2 … 10 J Q K A): K Q J A 10 … 2."""
NATURAL_52 = tuple(range(13))
"""The 52-card pack's ranks in their natural order (``ace_high``): A K Q … 2."""
REMOVAL_ORDER = {
    (32, "black_sevens"): ("7S", "7C", "7H", "7D"),
    (32, "red_sevens"): ("7H", "7D", "7S", "7C"),
    (52, "black_sevens"): ("2S", "2C", "2H", "2D"),
    (52, "red_sevens"): ("2H", "2D", "2S", "2C"),
}
"""The cards taken out so that the pack divides evenly, first first, by
pack and ``pack_reduction``: as many as the division leaves over (§2.2:
the two sevens of the colour named with 3, 5 or 6 players, all four with
7; with 52 cards the twos, of that colour first)."""
CAPOT_FEATURES = {
    n: tuple(tuple(float(place == at) for place in range(n + 1)) for at in range(n + 1))
    for n in range(3, 9)
}
"""The tensor's capot block by number of players, one-hot: the bidder's
place from the seat (0 … n-1), or n for no bidder (a table, not a field of
the game: a game keeps at most 29, see :class:`~parlour.games.tricks.TrickGame`)."""


@dataclass(frozen=True, slots=True)
class Discarded(GameEvent):
    """The dealer discards a card face down (dealer_discard)."""

    dealer: int


@dataclass(frozen=True, slots=True)
class CapotAnnounced(GameEvent):
    """``seat`` announces capot: to win every trick."""

    seat: int


_SET_PASSER, _SET_BIDDER = (event.__dict__["seat"].__set__ for event in (Passed, CapotAnnounced))

PROMPTS = {
    **tricks.PROMPTS,
    "discard": "Discard a surplus card face down (not a jack)",
    "announce": "Announce capot (win every trick) or pass",
}
"""What the player to move decides (:attr:`MatchState.prompts`): the trick
game's sentences, the dealer's discard and the capot announcements."""

CATALOGUE = Catalogue({
    **tricks.CATALOGUE.sentences,
    Discarded: "{dealer} discards a card face down",
    Passed: "{seat} passes",
    CapotAnnounced: "{seat} announces capot",
})


@register
class Polignac(ThirtyTwoCardGame):
    """Polignac; see the module docstring and the rules help (:mod:`parlour.help`)."""

    name = "polignac"
    title = "Polignac"
    version = 1
    tensor_version = 1
    higher_is_better = False
    min_players = 3
    max_players = 8
    deck = PIQUET_32
    description = (
        "Avoid winning jacks, above all the jack of spades (the Polignac); "
        "3-8 players, piquet pack or the 52-card party pack, capot bids."
    )
    schema = OptionSchema([
        Option.choice("players", (3, 4, 5, 6, 7, 8), 4, "number of players"),
        Option.integer("target", 20, "penalty total that ends the match (usually 10 or 20)",
                       minimum=1, maximum=100),
        Option.flag("ace_high", False, "rank A K Q J 10 9 8 7 and penalise queens"),
        Option.choice(
            "pack_reduction", ("black_sevens", "red_sevens", "dealer_discard"), "black_sevens",
            "when the cards do not divide evenly: which sevens go (twos with 52 cards), "
            "or the dealer discards the surplus",
        ),
        Option.flag("capot", True, "whether a capot (general) may be announced"),
        Option.choice(
            "capot_fail", ("bidder_5", "bidder_5_plus_jacks", "jacks_normal"), "bidder_5",
            "scoring of a failed capot",
        ),
        Option.flag("capot_bidder_leads", False, "the capot bidder leads to trick 1"),
        Option.choice("pack", (32, 52), 32,
                      "the piquet pack of 32 cards, or the full 52 of the party game"),
        Option.choice("direction", ("left", "right"), "left",
                      "the way the deal and the play go round: left (clockwise) or right "
                      "(the old French rule)"),
    ])
    words = ("pass", "capot")
    word_aliases: ClassVar[dict[str, str]] = {"general": "capot", "bid": "capot", "no": "pass"}

    penalty_values: tuple[int, ...]
    penalty_mask: int
    double_penalty_card: int
    """The Polignac (jack of spades, or queen of spades under ace_high): 2."""

    packet_table = FRENCH_PACKETS
    removed_sevens = ("7S", "7C")
    out_of_play_text = ("the cards left out so that the pack divides evenly (two or four "
                        "sevens, or twos with 52 cards), or with dealer_discard the dealer's "
                        "discards, for the dealer only")

    def _configure(self) -> None:
        """The pack, the hands and the ranking by ``pack``, ``players``,
        ``pack_reduction`` and ``ace_high`` (§2.1-2.2 and the decisions of
        the module docstring)."""
        pack = int(self.options.get("pack", 32))
        if pack == 52:  # (the piquet pack is the class's: no field for it)
            self.deck = FRENCH_52
        self.turnup = False
        self.surplus = 0
        self._reduce_pack()
        deck = self.deck
        ace_high = bool(self.options["ace_high"])
        ranking: tuple[int, ...]
        if pack == 32:
            ranking = NATURAL_32 if ace_high else POLIGNAC_RANKING
        else:
            ranking = NATURAL_52 if ace_high else POLIGNAC_RANKING_52
        self.strength = tuple(ranking[card % len(ranking)] for card in range(len(deck)))
        penalty_rank = "Q" if ace_high else "J"
        self.penalty_values = tuple(
            (2 if card.suits == ("Spades",) else 1) if card.rank == penalty_rank else 0
            for card in deck.cards
        )
        self.penalty_mask = sum(
            1 << card for card, value in enumerate(self.penalty_values) if value
        )
        self.double_penalty_card = self.penalty_values.index(2)

    def _reduce_pack(self) -> None:
        """The hand size, the packets and the cards in play: the whole pack
        divided by the players, and what that leaves over either out of
        play (``REMOVAL_ORDER``) or dealt to the dealer to discard
        (``dealer_discard``), §2.2."""
        deck = self.deck
        pack = len(deck)
        n = self.num_players
        self.hand_size = pack // n
        self.packets = (FRENCH_PACKETS if pack == 32 else PACKETS_52)[n]
        left_over = pack - n * self.hand_size
        reduction = str(self.options["pack_reduction"])
        if reduction == "dealer_discard":
            self.surplus = left_over
            self.in_play = deck.full_mask
        else:
            self.in_play = deck.full_mask & ~deck.mask(REMOVAL_ORDER[pack, reduction][:left_over])

    @property
    def extra_feature_size(self) -> int:
        return self.num_players + 1

    def extra_blocks(self) -> tuple[TensorBlock, ...]:
        return (
            TensorBlock.seats("capot bidder", self.num_players,
                              "the seat that announced capot this hand", "one-hot"),
            TensorBlock.flag("no capot bidder", "nobody announced capot this hand"),
        )

    counted_events: ClassVar[dict[str, str]] = {
        "capot_bids": "capots announced",
        "capots_made": "announced capots made: the bidder won every trick",
        **ThirtyTwoCardGame.counted_events,
    }

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """``capot_bids``, the bids ``capots_made`` (the bidder won every
        trick), and ``capots`` as for every trick game (§2.3)."""
        bids = made = 0
        bidder = -1
        beaten = False
        for event in events:
            if type(event) is CapotAnnounced:
                bids += 1
                bidder, beaten = event.seat, False
            elif type(event) is TrickTaken:
                beaten = beaten or event.winner != bidder
            elif type(event) is HandScored:
                made += bidder >= 0 and not beaten
                bidder = -1
        return {"capot_bids": bids, "capots_made": made, **super().count_events(events)}

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> PolignacState:
        return PolignacState(self, seed, deal, explicit_chance)


class PolignacState(PenaltyMatchState):
    """A Polignac match."""

    game: Polignac
    catalogue = CATALOGUE
    prompts = PROMPTS

    def _reset_hand(self) -> None:
        super()._reset_hand()
        self.bidder = -1
        self.discards = 0

    # --- phases before the play ------------------------------------------
    def _after_deal(self) -> None:
        if self.game.surplus:
            self.phase = PHASE_DISCARD
            self.to_move = self.dealer
        else:
            self._begin_announcements()

    def _begin_announcements(self) -> None:
        if self.game.options["capot"]:
            self.phase = PHASE_ANNOUNCE
            self.to_move = self.eldest
        else:
            self._begin_play(self.eldest)

    def _extra_legal(self) -> list[int]:
        if self.phase == PHASE_DISCARD:
            return bits_of(self.hands[self.dealer] & ~self.game.penalty_mask)
        passing = len(self.game.labels)  # pass, then capot: after the cards
        return [passing, passing + 1]

    def _apply_call(self, action: int) -> None:
        if self.phase == PHASE_DISCARD:
            self._discard(action)
        else:
            self._announce(action)

    def _discard(self, card: int) -> None:
        game = self.game
        if not 0 <= card < len(game.deck):
            if game.surplus == 2:
                raise IllegalAction("the dealer must first discard two cards face down")
            raise IllegalAction(f"the dealer must first discard face down as many cards as "
                                f"he was dealt beyond his hand ({game.surplus})")
        code = game.deck.cards[card].code
        if not self.hands[self.dealer] >> card & 1:
            raise IllegalAction(f"you do not hold {code}")
        if game.penalty_mask >> card & 1:
            raise IllegalAction(f"you may not discard a penalty card ({code})")
        self.history.append(card)
        bit = 1 << card
        self.hands[self.dealer] &= ~bit
        self.out_of_play |= bit
        self.discards |= bit
        self.events.append(Discarded(self.dealer))
        if self.discards.bit_count() == game.surplus:
            self._begin_announcements()

    def _announce(self, action: int) -> None:
        seat = self.to_move
        passing = len(self.game.labels)  # the id of pass; capot's is the next
        event: GameEvent = object.__new__(CapotAnnounced if action == passing + 1 else Passed)
        if action == passing + 1:  # the events made as tricks._NEW says
            _SET_BIDDER(event, seat)
            self.bidder = seat
            self._begin_play(seat if self.game.options["capot_bidder_leads"] else self.eldest)
        elif action == passing:
            _SET_PASSER(event, seat)
            if seat == self.dealer:
                self._begin_play(self.eldest)
            else:
                self.to_move = self.game.next_seat[seat]
        else:
            raise IllegalAction("announce first: say 'capot' or 'pass'")
        self.history.append(action)
        self.events.append(event)

    # --- scoring -----------------------------------------------------------
    def jack_penalties(self) -> list[int]:
        """Penalty points for the penalty cards in each seat's won tricks."""
        game = self.game
        mask = game.penalty_mask
        double = game.double_penalty_card
        return [(pile & mask).bit_count() + (pile >> double & 1) for pile in self.won]

    def _score_hand(self) -> list[int]:
        bidder = self.bidder
        game = self.game
        if bidder >= 0 and self.won[bidder].bit_count() == game.n * game.hand_size:
            return [0 if seat == bidder else 5 for seat in range(game.n)]  # the capot made
        failure = game.options["capot_fail"] if bidder >= 0 else "jacks_normal"
        deltas = [0] * game.n if failure == "bidder_5" else self.jack_penalties()
        if failure != "jacks_normal":
            deltas[bidder] += 5
        return deltas

    # --- what a seat sees --------------------------------------------------
    def _hidden_out_of_play(self, seat: int) -> int:
        return self.discards if seat != self.dealer else 0

    def _may_hold(self, zone: Zone, owner: int) -> int:
        if zone.name == "out of play":  # the dealer may not discard a penalty card
            return self.game.deck.full_mask & ~self.game.penalty_mask
        return super()._may_hold(zone, owner)

    def _put(self, zone: Zone, owner: int, kept: int, cards: int, rng: random.Random) -> None:
        super()._put(zone, owner, kept, cards, rng)
        if zone.name == "out of play":
            self.discards = cards

    def _player_flags(self, seat: int) -> list[str]:
        flags = super()._player_flags(seat)
        if seat == self.bidder:
            flags.append("capot")
        return flags

    def _extra_observation(self, seat: int | None) -> dict[str, Any]:
        extra: dict[str, Any] = {
            "capot_bidder": self.bidder if self.bidder >= 0 else None,
            "target": self.game.options["target"],
            "penalty_cards": self.game.deck.codes(self.game.penalty_mask),
        }
        if seat == self.dealer and self.discards:
            extra["discards"] = self._sorted_codes(self.discards)
        return extra

    def _extra_features(self, seat: int) -> Sequence[float]:
        n = self.game.n
        bidder = self.bidder
        return CAPOT_FEATURES[n][n if bidder < 0 else (bidder - seat) % n]

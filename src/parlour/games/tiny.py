"""Tiny relatives of Polignac and Ranter Go Round, small enough for exact
methods: OpenSpiel's ``exploitability.nash_conv`` walks their whole game
tree, and CFR (``open_spiel.python.algorithms.cfr``) solves them, through
the OpenSpiel adapter (:mod:`parlour.rl.openspiel`: ``parlour_tiny_polignac``
and ``parlour_tiny_ranter_go_round``). ``docs/research.md`` has their
figures and a CFR example (``scripts/cfr_tiny.py``).

Each is its parent's code on a short pack, one hand long; the parent's
module and rules help say the rules, and each class says what is kept and
what shrinks. Both are marked :attr:`~parlour.engine.Game.research` games:
the web lobby lists them after the others, marked as such.

Tiny Polignac (``tiny-polignac``)
    :class:`~parlour.games.polignac.Polignac` for exactly 3 players on the
    six cards of :data:`TINY_POLIGNAC_PACK` (K Q J of spades and hearts),
    two each, dealt in one packet of two; two tricks. Kept: following suit,
    the ranking K Q J (A K Q J with ``ace_high``, the queens then the
    penalty cards), the penalty cards (the jack of spades, "the Polignac",
    2; the jack of hearts 1: 3 points a hand instead of 5), the capot and
    its options, the penalty match (the highest total loses). Shrinks: the
    pack (the other 26 piquet cards are out of play, and everyone knows
    it), the hands, no ``pack_reduction`` (nothing to reduce), ``target``
    1 by default (the match is one hand: every hand costs someone a
    point), and ``capot`` off by default (its announcements make the tree
    four times larger: 66,181 nodes against 16,933). Action ids as
    Polignac's: 0-31 a piquet card, 32 ``pass``, 33 ``capot``.

Tiny Ranter Go Round (``tiny-ranter-go-round``)
    :class:`~parlour.games.ranter_go_round.RanterGoRound` for exactly 2
    players on the twelve cards of :data:`TINY_RANTER_PACK` (A 2 3 J Q K of
    spades and hearts: the low cards, the Jack that finds the first dealer
    and the King that blocks, two of each rank so that ties happen), with
    one life each. Kept: finding the first dealer (the short pack dealt face
    up to the first Jack: 6/11 for seat 0), the deal, the turns (stand or
    exchange; the dealer cuts the stock), every King rule, the stock's King,
    the ties for lowest, the low cards' announcements. Shrinks: the pack
    (the other 40 cards are out of the pack, and everyone knows it), the
    table (2 seats), the lives (1: one hand decides; ``lives``,
    ``life_board`` and ``preset`` are not offered) and ``final_tie`` (split
    or carry_over: a play-off or a cut for the pot may repeat without end,
    which no exact method can walk). Action ids as Ranter Go Round's: 0
    stand, 1 exchange, ``2 + card`` a card at a chance node, ``54 + seat``
    the first dealer.

Observation tensor (version 1)
------------------------------

``parlour.make('tiny-polignac')`` (n = 3 players): 409 float32 values; how to read the table:
:mod:`parlour.engine.tensors`.

======  ===========  ===============  ==========  =================================================
offset  size         block            values      meaning
======  ===========  ===============  ==========  =================================================
0       32           hand             0/1 a card  this seat's cards
32      32           out of play      0/1 a card  the 26 cards of the piquet pack left out of the
                                                  tiny pack
64      32           played           0/1 a card  the cards of the hand's finished tricks
96      96 (n × 32)  trick            0/1 a card  the card each seat played to the current trick
192     96 (n × 32)  won              0/1 a card  the cards in each seat's won tricks this hand
288     96 (n × 32)  known absent     0/1 a card  the cards each seat is known not to hold: the
                                                  suits it failed to follow
384     5            phase            one-hot     the phase: deal, discard, announce, play, over
389     3 (n)        dealer           one-hot     the dealer
392     3 (n)        to move          one-hot     the seat to act (in the discard, announce and
                                                  play phases only)
395     3 (n)        leader           one-hot     the seat that leads or led the current trick (in
                                                  those phases only)
398     3 (n)        scores           as is       each seat's match total (/ target)
401     3 (n)        tricks           / 2         the tricks each seat won this hand (/ hand size)
404     1            tricks played    / 2         the finished tricks of the hand (/ hand size)
405     3 (n)        capot bidder     one-hot     the seat that announced capot this hand
408     1            no capot bidder  0/1         nobody announced capot this hand
======  ===========  ===============  ==========  =================================================
Observation tensor (version 1)
------------------------------

``parlour.make('tiny-ranter-go-round')`` (n = 2 players): 185 float32 values; how to read the
table: :mod:`parlour.engine.tensors`.

======  ============  ========================  ==========  =======================================
offset  size          block                     values      meaning
======  ============  ========================  ==========  =======================================
0       52            hand                      0/1 a card  this seat's card
52      104 (n × 52)  known                     0/1 a card  the card at each seat, where this seat
                                                            knows it (shown to all, or passed in an
                                                            exchange with it)
156     2 (n)         lives                     as is       each seat's lives left (/ lives)
158     2 (n)         dealer                    one-hot     the dealer
160     2 (n)         to move                   one-hot     the seat to act (in the play phase)
162     2 (n)         out                       0/1         the seats out of the game (no life
                                                            left)
164     2 (n)         stood                     0/1         whether each seat stood this hand
166     2 (n)         exchanged                 0/1         whether each seat exchanged this hand
168     2 (n)         showed a King             0/1         whether each seat showed a King this
                                                            hand
170     2 (n)         refused with a King       0/1         whether each seat refused with a King
                                                            this hand
172     2 (n)         was refused               0/1         whether each seat was refused this hand
174     2 (n)         exchanged with the stock  0/1         whether each seat exchanged with the
                                                            stock this hand
176     2 (n)         was asked                 0/1         whether each seat was asked this hand
178     6             phase                     one-hot     the phase: first dealer, deal, play,
                                                            stock, tie cut, over
184     1             pot                       / 2         the counters in the pot: lives lost,
                                                            antes, any pot carried over (/ n ×
                                                            lives)
======  ============  ========================  ==========  =======================================
"""

from __future__ import annotations

from typing import ClassVar

from parlour.cards import FRENCH_52
from parlour.engine.game import Deal
from parlour.engine.match import Seen, Zone
from parlour.engine.options import Option, OptionSchema, OptionValue
from parlour.engine.registry import register
from parlour.games.polignac import Polignac, PolignacState
from parlour.games.ranter_go_round import FULL, RanterGoRound, RanterState

TINY_POLIGNAC_PACK = ("KS", "QS", "JS", "KH", "QH", "JH")
"""The six cards of Tiny Polignac: two suits of three, the penalty cards of
both rankings (jacks, or queens with ``ace_high``) among them."""

TINY_POLIGNAC_HAND = 2
"""Cards dealt to each of the three players, and tricks in a hand."""

TINY_RANTER_PACK = ("AS", "2S", "3S", "JS", "QS", "KS", "AH", "2H", "3H", "JH", "QH", "KH")
"""The twelve cards of Tiny Ranter Go Round: the low cards (A 2 3), the
court cards (the Jack finds the first dealer, the King blocks), in two
suits so that two players may tie for lowest."""


@register
class TinyPolignac(Polignac):
    """Polignac for three on six cards, one hand long; see the module
    docstring (what is kept, what shrinks) and the rules help."""

    name = "tiny-polignac"
    title = "Tiny Polignac"
    version = 1
    tensor_version = 1
    min_players = 3
    max_players = 3
    research = True
    description = (
        "A research game: Polignac for three on six cards (K Q J of spades and hearts), "
        "two tricks, one hand; small enough for exact solvers (CFR)."
    )
    schema = OptionSchema([
        Option.choice("players", (3,), 3, "number of players"),
        Option.integer("target", 1, "penalty total that ends the match (1: one hand)",
                       minimum=1, maximum=20),
        Option.flag("ace_high", False, "rank A K Q J 10 9 8 7 and penalise queens"),
        Option.flag("capot", False, "whether a capot (general) may be announced"),
        Option.choice(
            "capot_fail", ("bidder_5", "bidder_5_plus_jacks", "jacks_normal"), "bidder_5",
            "scoring of a failed capot",
        ),
        Option.flag("capot_bidder_leads", False, "the capot bidder leads to trick 1"),
    ])
    out_of_play_text = "the 26 cards of the piquet pack left out of the tiny pack"

    def _reduce_pack(self) -> None:
        """The tiny pack in place of the 30 cards: two cards each, in one
        packet."""
        self.hand_size = TINY_POLIGNAC_HAND
        self.packets = (TINY_POLIGNAC_HAND,)
        self.in_play = self.deck.mask(TINY_POLIGNAC_PACK)

    def max_hand_decisions(self) -> int:
        """Every card played, and at most one call a seat: 9."""
        return self.num_players * (self.hand_size + 1)

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> PolignacState:
        return PolignacState(self, seed, deal, explicit_chance)


@register
class TinyRanterGoRound(RanterGoRound):
    """Ranter Go Round for two on twelve cards with one life; see the module
    docstring (what is kept, what shrinks) and the rules help."""

    name = "tiny-ranter-go-round"
    title = "Tiny Ranter Go Round"
    version = 1
    tensor_version = 1
    min_players = 2
    max_players = 2
    research = True
    description = (
        "A research game: Ranter Go Round for two on twelve cards (A 2 3 J Q K of spades "
        "and hearts), one life each; small enough for exact solvers (CFR)."
    )
    schema = OptionSchema([
        Option.choice("players", (2,), 2, "players at the start"),
        Option.choice("king_rule", ("block", "trade", "stops_hand", "stops_play"), "block",
                      "what a King does: blocks an exchange, none, stops the hand, stops play"),
        Option.choice("dealer_exchange", ("cut", "top"), "cut",
                      "the dealer cuts the stock, or takes its top card"),
        Option.choice("dealer_cuts_king", ("take", "keep_original", "dealer_loses"), "take",
                      "a King from the stock: the dealer keeps it, puts it back, or loses a life"),
        Option.choice("tie_rule", ("all_lowest", "last_revealed"), "all_lowest",
                      "ties for lowest: all lose a life, or the last revealed only"),
        Option.choice("final_tie", ("split", "carry_over"), "split",
                      "both out at once: joint winners, or no winner"),
        Option.choice("announce_low_cards", ("off", "passer", "both"), "off",
                      "an A, 2 or 3 that moves in an exchange is shown: never, when passed, "
                      "or also when handed back"),
    ])
    pack_cards = tuple(sorted(FRENCH_52.parse(code).id for code in TINY_RANTER_PACK))
    fixed_options: ClassVar[dict[str, OptionValue]] = {
        "lives": 1, "life_board": "counters", "preset": "standard"}

    def max_match_decisions(self) -> int:
        """One hand: a turn for each player."""
        return self.max_hand_decisions()

    def _new_state(self, seed: int, deal: Deal | None,
                   explicit_chance: bool) -> TinyRanterState:
        return TinyRanterState(self, seed, deal, explicit_chance)


class TinyRanterState(RanterState):
    """A game of Tiny Ranter Go Round: the parent's, with the cards left out
    of the short pack in a zone of their own that everyone sees."""

    game: TinyRanterGoRound
    zones: ClassVar[tuple[Zone, ...]] = (
        *RanterState.zones, Zone("out of pack", "out_of_pack", Seen.EVERYONE))

    def __init__(self, game: TinyRanterGoRound, seed: int, deal: Deal | None,
                 explicit_chance: bool) -> None:
        self.out_of_pack = FULL & ~game.pack
        """The 40 cards not in the short pack."""
        super().__init__(game, seed, deal, explicit_chance)

    def _start_match(self, deal: Deal | None) -> None:
        super()._start_match(deal)
        # while the first dealer is found, the cards to come are the short pack's
        self.undealt &= self.game.pack


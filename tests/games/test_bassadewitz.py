"""Bassadewitz: the worked examples of ``rules/polignac.md`` §9.6 (B-1 … B-8),
the options of §7.6, German and French card names, and hypothesis
invariants of the chip accounting (§7.4) and the match length (§7.5).

B-4, B-6 and B-7 give only card points and tricks; each is played here
from a complete deal built by hand so that every trick is of one suit
(everyone follows) except where a void discard is needed, producing
exactly the example's card points and tricks.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.errors import OptionError, ParseError
from trick_play import play_table, play_trick, say

GAME = "bassadewitz"
ANTE = 12


# ---------------------------------------------------------------------------
# helpers


def make_state(
    hands: list[str],
    dealer: int = 0,
    scores: list[int] | None = None,
    pool: int | None = None,
    **options: Any,
) -> Any:
    """A Bassadewitz state from a fixed deal; ``hands`` are space-separated."""
    deal: dict[str, Any] = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    if scores is not None:
        deal["scores"] = scores
    if pool is not None:
        deal["pool"] = pool
    return parlour.make(GAME, **options).new_state(deal=deal)


def card_points(state: Any) -> list[int]:
    points: list[int] = state.observation(0)["card_points"]
    return points


def facts_table(state: Any, table: list[tuple[str, int]]) -> tuple[list[int], list[int]]:
    """Play a whole hand; the card points and tricks it gave (read before the
    last card, plus the last trick's cards by the §7.2 table)."""
    play_table(state, table[:-1])
    before = card_points(state)
    tricks = [winner for _row, winner in table[:-1]]
    row, winner = table[-1]
    options = state.game.options
    before[winner] += sum(
        points_of(entry.split()[1], int(options["ace_value"])) for entry in row.split(",")
    ) + int(options["trick_bonus"])
    play_table(state, table[-1:])
    tricks.append(winner)
    return before, [tricks.count(seat) for seat in range(4)]


POINTS = {"Ace": 11, "10": 10, "King": 4, "Ober": 3, "Unter": 2,
          "A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def points_of(label: str, ace_value: int = 11) -> int:
    """§7.2: a card's points from its label (``Ober-Acorns`` or ``QS``)."""
    rank = label.split("-")[0] if "-" in label else label[0]
    if rank in ("Ace", "A"):
        return ace_value
    return POINTS.get(rank, 0)


# ---------------------------------------------------------------------------
# B-1. Ranking (French pack)

B1_ROW1 = (  # dealer P3, so P0 leads
    3,
    ["TC AC QC JC 9C 8C 7C 7S", "AD KD QD JD TD 9D 8D 7D",
     "KC AS KS QS JS 9S 8S AH", "TS KH QH JH TH 9H 8H 7H"],
    "P0 TC, P1 AD, P2 KC, P3 TS",
)
B1_ROW2 = (  # dealer P0, so P1 leads
    0,
    ["QD AD KD JD TD 9D 8D 7D", "JC AC KC QC AS KS QS JS",
     "TC 8C 7C TS 9S 8S 7S AH", "9C KH QH JH TH 9H 8H 7H"],
    "P1 JC, P2 TC, P3 9C, P0 QD",
)


@pytest.mark.parametrize(
    ("row", "ranking", "winner", "points"),
    [
        (B1_ROW1, "ace_ten", 0, 35), (B1_ROW1, "natural", 2, 35),
        (B1_ROW2, "ace_ten", 2, 15), (B1_ROW2, "natural", 1, 15),
    ],
)
def test_b1_ranking(row: tuple[int, list[str], str], ranking: str, winner: int,
                    points: int) -> None:
    dealer, hands, trick = row
    state = make_state(hands, dealer=dealer, pack="french", ranking=ranking)
    assert play_trick(state, trick) == winner
    expected = [0, 0, 0, 0]
    expected[winner] = points
    assert card_points(state) == expected


def test_b1_void_players_may_discard() -> None:
    dealer, hands, _trick = B1_ROW1
    state = make_state(hands, dealer=dealer, pack="french")
    say(state, "TC")
    assert len(state.legal_actions()) == 8  # P1 has no clubs
    say(state, "AD")
    assert {state.action_to_str(action) for action in state.legal_actions()} == {"KC"}


# ---------------------------------------------------------------------------
# B-2 and B-3. A complete hand (French pack)

B2_HANDS = [
    "KS JS 9S KH QH 8H AC TC",
    "8S TH 9H AD 9D 8D 7D JC",
    "AS QS 7S AH KC QC 9C 8C",
    "TS JH 7H TD KD QD JD 7C",
]
B2_TABLE = [
    ("P1 JC, P2 9C, P3 7C, P0 AC", 0),
    ("P0 TC, P1 AD, P2 KC, P3 TS", 0),
    ("P0 8H, P1 9H, P2 AH, P3 JH", 2),
    ("P2 7S, P3 TD, P0 9S, P1 8S", 0),
    ("P0 QH, P1 TH, P2 AS, P3 7H", 1),
    ("P1 7D, P2 QS, P3 JD, P0 KS", 3),
    ("P3 QD, P0 KH, P1 9D, P2 QC", 3),
    ("P3 KD, P0 JS, P1 8D, P2 8C", 3),
]
B2_TRICK_POINTS = [13, 35, 13, 10, 24, 9, 10, 6]


def test_b2_complete_hand() -> None:
    state = make_state(B2_HANDS, pack="french")
    observation = state.observation(0)
    assert (observation["pool"], observation["dealer"]) == (ANTE, 0)
    running = [0, 0, 0, 0]
    for (row, winner), points in zip(B2_TABLE[:-1], B2_TRICK_POINTS, strict=False):
        assert play_trick(state, row) == winner
        running[winner] += points
        assert card_points(state) == running
    assert running == [58, 24, 13, 19]
    play_table(state, B2_TABLE[-1:])
    assert state.hand_results() == [[-12, 4, 5, 3]]
    # P1 deals next; the pool was emptied, so P1 antes for the new hand,
    # at once (issue #33)
    assert state.scores() == [-12, 4 - ANTE, 5, 3]
    observation = state.observation(0)
    assert observation["dealer"] == 1
    assert observation["dealer_turns_completed"] == 1
    assert observation["hand_number"] == 2
    assert observation["pool"] == ANTE


def test_b2_facts() -> None:
    state = make_state(B2_HANDS, pack="french")
    points, tricks = facts_table(state, B2_TABLE)
    assert points == [58, 24, 13, 25]
    assert sum(points) == 120
    assert tricks == [3, 1, 1, 3]


def test_b3_ace_value_5_and_trick_bonus() -> None:
    state = make_state(B2_HANDS, pack="french", ace_value=5, trick_bonus=1)
    points, tricks = facts_table(state, B2_TABLE)
    assert points == [49, 19, 8, 28]
    assert sum(points) == 104
    assert tricks == [3, 1, 1, 3]
    assert state.hand_results() == [[-12, 4, 5, 3]]


# ---------------------------------------------------------------------------
# B-4. Ties (complete deals built for the example's card points and tricks)

B4_ROW1_HANDS = [
    "King-Hearts Ober-Hearts Ober-Leaves King-Leaves King-Acorns 10-Bells Unter-Bells 9-Bells",
    "9-Hearts Unter-Hearts Unter-Leaves 9-Leaves 8-Acorns King-Bells Ober-Acorns 9-Acorns",
    "Ace-Hearts 10-Hearts 10-Leaves 8-Leaves 7-Acorns Ober-Bells Unter-Acorns 7-Bells",
    "8-Hearts 7-Hearts 7-Leaves Ace-Leaves Ace-Acorns Ace-Bells 10-Acorns 8-Bells",
]
B4_ROW1_TABLE = [
    ("P1 9-Hearts, P2 Ace-Hearts, P3 8-Hearts, P0 King-Hearts", 2),
    ("P2 10-Hearts, P3 7-Hearts, P0 Ober-Hearts, P1 Unter-Hearts", 2),
    ("P2 10-Leaves, P3 7-Leaves, P0 Ober-Leaves, P1 Unter-Leaves", 2),
    ("P2 8-Leaves, P3 Ace-Leaves, P0 King-Leaves, P1 9-Leaves", 3),
    ("P3 Ace-Acorns, P0 King-Acorns, P1 8-Acorns, P2 7-Acorns", 3),
    ("P3 Ace-Bells, P0 10-Bells, P1 King-Bells, P2 Ober-Bells", 3),
    # P0 has no Acorns left and throws the Unter of Bells
    ("P3 10-Acorns, P0 Unter-Bells, P1 Ober-Acorns, P2 Unter-Acorns", 3),
    # P1 has only the 9 of Acorns left: a trick worth nothing goes to P0
    ("P3 8-Bells, P0 9-Bells, P1 9-Acorns, P2 7-Bells", 0),
]
# Not in the rules: the same cards dealt by P3, so that the eldest P0 (one
# trick worth nothing) would come first by seat order; rule 4a puts P1
# (no trick) ahead of it. (In row 1 as printed P1 is also the eldest.)
B4_ROW1_DEALER_P3_TABLE = [
    ("P0 King-Hearts, P1 9-Hearts, P2 Ace-Hearts, P3 8-Hearts", 2),
    *B4_ROW1_TABLE[1:],
]
B4_ROW2_HANDS = [
    "Ace-Acorns 10-Acorns King-Leaves Ober-Leaves King-Hearts Ober-Hearts King-Bells Ober-Bells",
    "9-Acorns Ober-Acorns Ace-Leaves 10-Leaves 9-Hearts Unter-Hearts 9-Bells Unter-Bells",
    "8-Acorns Unter-Acorns 9-Leaves Unter-Leaves Ace-Hearts 10-Hearts Ace-Bells 10-Bells",
    "King-Acorns 7-Acorns 8-Leaves 7-Leaves 8-Hearts 7-Hearts 8-Bells 7-Bells",
]
B4_ROW2_TABLE = [
    ("P3 King-Acorns, P0 Ace-Acorns, P1 9-Acorns, P2 8-Acorns", 0),
    ("P0 10-Acorns, P1 Ober-Acorns, P2 Unter-Acorns, P3 7-Acorns", 0),
    ("P0 King-Leaves, P1 Ace-Leaves, P2 9-Leaves, P3 8-Leaves", 1),
    ("P1 10-Leaves, P2 Unter-Leaves, P3 7-Leaves, P0 Ober-Leaves", 1),
    ("P1 9-Hearts, P2 Ace-Hearts, P3 8-Hearts, P0 King-Hearts", 2),
    ("P2 10-Hearts, P3 7-Hearts, P0 Ober-Hearts, P1 Unter-Hearts", 2),
    ("P2 Ace-Bells, P3 8-Bells, P0 King-Bells, P1 9-Bells", 2),
    ("P2 10-Bells, P3 7-Bells, P0 Ober-Bells, P1 Unter-Bells", 2),
]


@pytest.mark.parametrize(
    ("dealer", "hands", "table", "points", "tricks", "order", "chips"),
    [
        (0, B4_ROW1_HANDS, B4_ROW1_TABLE, [0, 0, 45, 75], [1, 0, 3, 4], [1, 0, 2, 3],
         [-8, 5, 3, 0]),
        (2, B4_ROW2_HANDS, B4_ROW2_TABLE, [30, 30, 60, 0], [2, 2, 4, 0], [3, 0, 1, 2],
         [4, 3, -12, 5]),
        (3, B4_ROW1_HANDS, B4_ROW1_DEALER_P3_TABLE, [0, 0, 45, 75], [1, 0, 3, 4],
         [1, 0, 2, 3], [4, 5, 3, -12]),
    ],
    ids=["no_trick_first", "seat_order_from_eldest", "no_trick_beats_seat_order"],
)
def test_b4_ties(dealer: int, hands: list[str], table: list[tuple[str, int]],
                 points: list[int], tricks: list[int], order: list[int],
                 chips: list[int]) -> None:
    state = make_state(hands, dealer=dealer)
    assert state.current_player() == (dealer + 1) % 4
    assert facts_table(state, table) == (points, tricks)
    assert state.hand_results() == [chips]
    for seat, share in zip(order, (5, 4, 3, 0), strict=True):
        assert chips[seat] == share - (ANTE if seat == dealer else 0)
    assert state.observation(0)["dealer"] == (dealer + 1) % 4


@pytest.mark.parametrize(
    ("points", "tricks", "eldest", "order"),
    [
        ([0, 0, 45, 75], [1, 0, 3, 4], 1, [1, 0, 2, 3]),
        ([30, 30, 60, 0], [2, 2, 4, 0], 3, [3, 0, 1, 2]),
        ([30, 30, 30, 30], [2, 2, 2, 2], 1, [1, 2, 3, 0]),
        ([0, 0, 0, 120], [0, 0, 0, 8], 2, [2, 0, 1, 3]),
        ([0, 0, 0, 120], [0, 1, 0, 7], 0, [0, 2, 1, 3]),
    ],
)
def test_b4_pool_order_from_the_facts(points: list[int], tricks: list[int], eldest: int,
                                      order: list[int]) -> None:
    """Rule 4's order on a state brought to the given facts."""
    state: Any = parlour.make(GAME).new_state(seed=1)
    state.dealer = (eldest - 1) % 4
    state.won = [(1 << 4 * count) - 1 for count in tricks]  # four cards a trick
    assert state.tricks == tricks
    assert state.eldest == eldest
    assert state.pool_order(points) == order


# ---------------------------------------------------------------------------
# B-5. All tricks, then the redeal

B5_HANDS = [
    "King-Acorns Ober-Acorns King-Leaves Ober-Leaves King-Hearts Ober-Hearts King-Bells "
    "Ober-Bells",
    "Unter-Acorns 9-Acorns Unter-Leaves 9-Leaves Unter-Hearts 9-Hearts Unter-Bells 9-Bells",
    "Ace-Acorns 10-Acorns Ace-Leaves 10-Leaves Ace-Hearts 10-Hearts Ace-Bells 10-Bells",
    "8-Acorns 7-Acorns 8-Leaves 7-Leaves 8-Hearts 7-Hearts 8-Bells 7-Bells",
]
B5_TABLE = [
    ("P1 Unter-Acorns, P2 Ace-Acorns, P3 8-Acorns, P0 King-Acorns", 2),
    ("P2 10-Acorns, P3 7-Acorns, P0 Ober-Acorns, P1 9-Acorns", 2),
    ("P2 Ace-Leaves, P3 8-Leaves, P0 King-Leaves, P1 Unter-Leaves", 2),
    ("P2 10-Leaves, P3 7-Leaves, P0 Ober-Leaves, P1 9-Leaves", 2),
    ("P2 Ace-Hearts, P3 8-Hearts, P0 King-Hearts, P1 Unter-Hearts", 2),
    ("P2 10-Hearts, P3 7-Hearts, P0 Ober-Hearts, P1 9-Hearts", 2),
    ("P2 Ace-Bells, P3 8-Bells, P0 King-Bells, P1 Unter-Bells", 2),
    ("P2 10-Bells, P3 7-Bells, P0 Ober-Bells, P1 9-Bells", 2),
]
B5_SECOND_HANDS = [
    "8-Bells 7-Bells Unter-Hearts 10-Hearts 10-Leaves King-Leaves King-Acorns 8-Acorns",
    "Ace-Bells 10-Bells Ace-Hearts 9-Hearts 9-Leaves Ober-Leaves Ober-Acorns 7-Acorns",
    "King-Bells Ober-Bells King-Hearts 8-Hearts 8-Leaves Unter-Leaves Unter-Acorns 10-Acorns",
    "9-Bells Unter-Bells Ober-Hearts 7-Hearts 7-Leaves Ace-Leaves Ace-Acorns 9-Acorns",
]
B5_SECOND_TABLE = [
    ("P1 Ace-Bells, P2 King-Bells, P3 9-Bells, P0 8-Bells", 1),
    ("P1 10-Bells, P2 Ober-Bells, P3 Unter-Bells, P0 7-Bells", 1),
    ("P1 Ace-Hearts, P2 King-Hearts, P3 Ober-Hearts, P0 Unter-Hearts", 1),
    ("P1 9-Hearts, P2 8-Hearts, P3 7-Hearts, P0 10-Hearts", 0),
    ("P0 10-Leaves, P1 9-Leaves, P2 8-Leaves, P3 7-Leaves", 0),
    ("P0 King-Leaves, P1 Ober-Leaves, P2 Unter-Leaves, P3 Ace-Leaves", 3),
    ("P3 Ace-Acorns, P0 King-Acorns, P1 Ober-Acorns, P2 Unter-Acorns", 3),
    ("P3 9-Acorns, P0 8-Acorns, P1 7-Acorns, P2 10-Acorns", 2),
]


def test_b5_all_tricks_then_the_redeal() -> None:
    state = make_state(B5_HANDS)
    points, tricks = facts_table(state, B5_TABLE)
    assert (points, tricks) == ([0, 0, 120, 0], [0, 0, 8, 0])
    # rule 1 comes before rule 2: P2 receives although holding 120 points
    assert state.hand_results() == [[-16, -4, 12, -4]]
    observation = state.observation(0)
    assert observation["dealer"] == 0  # the same dealer deals again
    assert observation["pool"] == ANTE  # the other 12 chips are in the pool
    assert observation["dealer_turns_completed"] == 0
    assert observation["hand_number"] == 2
    assert sum(state.scores()) == -observation["pool"]
    # the redeal (seeded, not chosen): no ante, so its chip changes sum to
    # +12 (the pool paid out) or 0 (the pool stays)
    while len(state.hand_results()) == 1:
        state.apply(state.legal_actions()[0])
    second = state.hand_results()[1]
    assert sum(second) in (0, ANTE)


def test_b5_second_hand() -> None:
    state = make_state(B5_SECOND_HANDS, scores=[-16, -4, 12, -4], pool=ANTE)
    assert state.observation(0)["pool"] == ANTE
    assert facts_table(state, B5_SECOND_TABLE) == ([20, 50, 10, 40], [2, 3, 1, 2])
    assert state.hand_results() == [[4, 0, 5, 3]]
    balances = [start + change for start, change in
                zip([-16, -4, 12, -4], state.hand_results()[0], strict=True)]
    assert balances == [-12, -4, 17, -1]
    assert sum(balances) == 0
    # P1 deals the third hand into the emptied pool and antes at once
    assert state.scores() == [-12, -4 - ANTE, 17, -1]
    observation = state.observation(0)
    assert observation["dealer"] == 1
    assert observation["dealer_turns_completed"] == 1


@pytest.mark.parametrize("pool", [5, 24, -12, True])
def test_fixed_deal_pool_is_0_or_12(pool: object) -> None:
    with pytest.raises(ParseError, match=rf"^the pool holds 0 or 12 chips, not {pool!r}$"):
        make_state(B5_HANDS, pool=pool)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# B-6. 100 card points or more (dealer P1)

B6_HANDS = [
    "10-Acorns 8-Acorns Ober-Leaves 10-Leaves King-Hearts Ober-Hearts King-Bells Ober-Bells",
    "Ace-Acorns 9-Acorns Ace-Leaves King-Leaves Ace-Hearts 10-Hearts Ace-Bells 10-Bells",
    "King-Acorns 7-Acorns Unter-Leaves 9-Leaves 9-Hearts Unter-Hearts 9-Bells Unter-Bells",
    "Ober-Acorns Unter-Acorns 7-Leaves 8-Leaves 8-Hearts 7-Hearts 8-Bells 7-Bells",
]
B6_TABLE = [
    ("P2 9-Hearts, P3 8-Hearts, P0 King-Hearts, P1 Ace-Hearts", 1),
    ("P1 10-Hearts, P2 Unter-Hearts, P3 7-Hearts, P0 Ober-Hearts", 1),
    ("P1 Ace-Bells, P2 9-Bells, P3 8-Bells, P0 King-Bells", 1),
    ("P1 10-Bells, P2 Unter-Bells, P3 7-Bells, P0 Ober-Bells", 1),
    ("P1 Ace-Acorns, P2 King-Acorns, P3 Ober-Acorns, P0 10-Acorns", 1),
    ("P1 Ace-Leaves, P2 Unter-Leaves, P3 7-Leaves, P0 Ober-Leaves", 1),
    ("P1 9-Acorns, P2 7-Acorns, P3 Unter-Acorns, P0 8-Acorns", 3),
    ("P3 8-Leaves, P0 10-Leaves, P1 King-Leaves, P2 9-Leaves", 0),
]
# The same shape with 100 exactly: the Acorns split as A 10 O 9 / K U 8 7.
B6_EXACT_HANDS = [
    "10-Acorns 8-Acorns Ober-Leaves 10-Leaves King-Hearts Ober-Hearts King-Bells Ober-Bells",
    "Ace-Acorns Unter-Acorns Ace-Leaves King-Leaves Ace-Hearts 10-Hearts Ace-Bells 10-Bells",
    "9-Acorns 7-Acorns Unter-Leaves 9-Leaves 9-Hearts Unter-Hearts 9-Bells Unter-Bells",
    "Ober-Acorns King-Acorns 7-Leaves 8-Leaves 8-Hearts 7-Hearts 8-Bells 7-Bells",
]
B6_EXACT_TABLE = [
    *B6_TABLE[:4],
    ("P1 Ace-Acorns, P2 9-Acorns, P3 Ober-Acorns, P0 10-Acorns", 1),
    B6_TABLE[5],
    ("P1 Unter-Acorns, P2 7-Acorns, P3 King-Acorns, P0 8-Acorns", 3),
    B6_TABLE[7],
]


@pytest.mark.parametrize(
    ("hands", "table", "points"),
    [(B6_HANDS, B6_TABLE, [14, 104, 0, 2]), (B6_EXACT_HANDS, B6_EXACT_TABLE, [14, 100, 0, 6])],
    ids=["104", "exactly_100"],
)
def test_b6_100_card_points_or_more(hands: list[str], table: list[tuple[str, int]],
                                    points: list[int]) -> None:
    state = make_state(hands, dealer=1)
    assert facts_table(state, table) == (points, [1, 6, 0, 1])
    assert state.hand_results() == [[4, -24, 4, 4]]
    observation = state.observation(0)
    assert (observation["dealer"], observation["pool"]) == (1, ANTE)
    assert observation["dealer_turns_completed"] == 0
    assert sum(state.scores()) == -ANTE


# ---------------------------------------------------------------------------
# B-7. All equal (dealer P3)

B7_HANDS = [
    "Ace-Acorns 10-Acorns 8-Leaves 7-Leaves 9-Hearts Unter-Hearts King-Bells Ober-Bells",
    "King-Acorns Ober-Acorns Ace-Leaves 10-Leaves 8-Hearts 7-Hearts 9-Bells Unter-Bells",
    "9-Acorns Unter-Acorns King-Leaves Ober-Leaves Ace-Hearts 10-Hearts 8-Bells 7-Bells",
    "8-Acorns 7-Acorns 9-Leaves Unter-Leaves King-Hearts Ober-Hearts Ace-Bells 10-Bells",
]
B7_TABLE = [
    ("P0 Ace-Acorns, P1 King-Acorns, P2 9-Acorns, P3 8-Acorns", 0),
    ("P0 10-Acorns, P1 Ober-Acorns, P2 Unter-Acorns, P3 7-Acorns", 0),
    ("P0 8-Leaves, P1 Ace-Leaves, P2 King-Leaves, P3 9-Leaves", 1),
    ("P1 10-Leaves, P2 Ober-Leaves, P3 Unter-Leaves, P0 7-Leaves", 1),
    ("P1 8-Hearts, P2 Ace-Hearts, P3 King-Hearts, P0 9-Hearts", 2),
    ("P2 10-Hearts, P3 Ober-Hearts, P0 Unter-Hearts, P1 7-Hearts", 2),
    ("P2 8-Bells, P3 Ace-Bells, P0 King-Bells, P1 9-Bells", 3),
    ("P3 10-Bells, P0 Ober-Bells, P1 Unter-Bells, P2 7-Bells", 3),
]


def test_b7_all_equal() -> None:
    state = make_state(B7_HANDS, dealer=3)
    assert facts_table(state, B7_TABLE) == ([30, 30, 30, 30], [2, 2, 2, 2])
    assert state.hand_results() == [[0, 0, 0, -12]]
    observation = state.observation(0)
    assert (observation["dealer"], observation["pool"]) == (3, ANTE)
    assert observation["dealer_turns_completed"] == 0
    assert state.current_player() == 0  # P3 deals again; P0 leads


# ---------------------------------------------------------------------------
# An independent settlement (§7.4) for random play


@dataclass
class Hand:
    dealer: int
    rule: int
    deltas: list[int]
    pool_before: int
    pool_after: int


def settle(points: list[int], tricks: list[int], dealer: int,
           anted: bool) -> tuple[int, list[int]]:
    """The rule that applies and each seat's chip change (§7.3-7.4)."""
    chips = [0] * 4
    if anted:
        chips[dealer] -= ANTE
    if 8 in tricks:
        taker = tricks.index(8)
        for seat in range(4):
            if seat != taker:
                chips[seat] -= 4
                chips[taker] += 4
        return 1, chips
    if max(points) >= 100:
        payer = points.index(max(points))
        for seat in range(4):
            if seat != payer:
                chips[seat] += 4
                chips[payer] -= 4
        return 2, chips
    if len(set(points)) == 1:
        return 3, chips
    eldest = (dealer + 1) % 4
    order = sorted(range(4), key=lambda seat: (points[seat], tricks[seat] > 0,
                                               (seat - eldest) % 4))
    for seat, share in zip(order, (5, 4, 3, 0), strict=True):
        chips[seat] += share
    return 4, chips


def play_match(state: Any, rng: random.Random, pool_before: int = 0) -> list[Hand]:
    """Play to the end with random legal cards, checking every hand's
    settlement and the chip accounting against :func:`settle`.
    ``pool_before``: the chips in the pool before the current hand's deal
    (0 at the start of a match: the first dealer antes)."""
    options = state.game.options
    ace_value = int(options["ace_value"])
    bonus = int(options["trick_bonus"])
    pack_points = 4 * (ace_value + 19) + 8 * bonus
    offset = len(state.hand_results())
    hands: list[Hand] = []
    points = [0] * 4
    tricks = [0] * 4
    dealer = state.observation(0)["dealer"]
    turns = state.observation(0)["dealer_turns_completed"]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        observation = state.observation(0)
        zones = observation["zones"]
        if zones["trick"]:
            continue
        last = zones["last_trick"]
        winner = last["winner"]
        tricks[winner] += 1
        points[winner] += bonus + sum(points_of(entry["card"], ace_value)
                                      for entry in last["cards"])
        if len(state.hand_results()) == offset + len(hands):
            assert observation["card_points"] == points
            continue
        assert sum(tricks) == 8
        assert sum(points) == pack_points
        rule, expected = settle(points, tricks, dealer, anted=pool_before == 0)
        deltas = state.hand_results()[-1]
        assert deltas == expected
        pool_after = 0 if rule == 4 else ANTE
        # chips are conserved between the players and the pool (a new
        # hand's ante already in it)
        assert sum(deltas) == pool_before - pool_after
        assert sum(state.scores()) == -observation["pool"]
        hands.append(Hand(dealer, rule, deltas, pool_before, pool_after))
        turns += rule == 4
        assert observation["dealer_turns_completed"] == turns
        if state.is_terminal():
            assert observation["pool"] == 0
            break
        next_dealer = (dealer + 1) % 4 if rule == 4 else dealer
        assert observation["dealer"] == next_dealer
        assert observation["pool"] == ANTE
        dealer, pool_before = next_dealer, pool_after
        points, tricks = [0] * 4, [0] * 4
    return hands


# ---------------------------------------------------------------------------
# B-8. Match length


def test_b8_match_length_with_a_redeal() -> None:
    # P0's first hand is B-5's (rule 1): P0 deals again, his turn goes on
    state = make_state(B5_HANDS, rounds=1)
    play_table(state, B5_TABLE)
    assert state.observation(0)["dealer"] == 0
    assert state.observation(0)["dealer_turns_completed"] == 0
    hands = [Hand(0, 1, [-16, -4, 12, -4], 0, ANTE)]
    hands.extend(play_match(state, random.Random(8), pool_before=ANTE))
    check_match(state, hands, rounds=1)
    assert [hand.dealer for hand in hands[:2]] == [0, 0]


def check_match(state: Any, hands: list[Hand], rounds: int) -> None:
    """§7.5: dealer turns P0, P1, P2, P3 (``rounds`` times), redeals not
    counted; the match ends when the last turn ends; highest balance wins."""
    turn_dealers = [hand.dealer for hand in hands if hand.rule == 4]
    assert turn_dealers == [0, 1, 2, 3] * rounds
    assert hands[-1].rule == 4
    for previous, hand in itertools.pairwise(hands):
        if previous.rule != 4:
            assert hand.dealer == previous.dealer
    assert state.is_terminal()
    balances = state.scores()
    assert balances == [sum(column) for column in zip(*state.hand_results(), strict=True)]
    assert sum(balances) == 0
    best = max(balances)
    winners = [seat for seat in range(4) if balances[seat] == best]
    returns = state.returns()
    if len(winners) < 4:
        assert [seat for seat in range(4) if returns[seat] > 0] == winners
        assert all(returns[seat] == -1.0 for seat in range(4) if seat not in winners)
    assert sum(returns) == pytest.approx(0)
    ordered = sorted(balances, reverse=True)
    assert state.observation(0)["places"] == [ordered.index(b) + 1 for b in balances]
    assert state.observation(0)["dealer_turns_completed"] == 4 * rounds


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_b8_match_length_seeded(seed: int) -> None:
    state = parlour.make(GAME, rounds=1).new_state(seed=seed)
    assert state.observation(0)["dealer_turns"] == 4
    hands = play_match(state, random.Random(seed))
    check_match(state, hands, rounds=1)


# ---------------------------------------------------------------------------
# options (§7.6)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, {"players": 4, "pack": "german", "ranking": "ace_ten", "ace_value": 11,
              "trick_bonus": 0, "rounds": 2, "scoring": "pool"}),
        ({"players": 4}, {"players": 4}),
        ({"pack": "french"}, {"pack": "french"}),
        ({"pack": "German"}, {"pack": "german"}),
        ({"ranking": "natural"}, {"ranking": "natural"}),
        ({"ranking": "ace_ten"}, {"ranking": "ace_ten"}),
        ({"ace_value": 5, "trick_bonus": 1}, {"ace_value": 5}),
        ({"ace_value": "11"}, {"ace_value": 11}),
        ({"trick_bonus": 1}, {"trick_bonus": 1}),
        ({"trick_bonus": "0"}, {"trick_bonus": 0}),
        ({"rounds": 1}, {"rounds": 1}),
        ({"rounds": "5"}, {"rounds": 5}),
    ],
)
def test_options_accepted(options: dict[str, Any], expected: dict[str, Any]) -> None:
    game = parlour.make(GAME, **options)
    assert {name: game.options[name] for name in expected} == expected


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("players", 2, "option 'players' must be one of 3, 4, 5, not 2"),
        ("players", 6, "option 'players' must be one of 3, 4, 5, not 6"),
        ("scoring", "chips", "option 'scoring' must be one of pool, points, penalty, not chips"),
        ("pack", "spanish", "option 'pack' must be one of german, french, not spanish"),
        ("ranking", "ace_high", "option 'ranking' must be one of ace_ten, natural, not ace_high"),
        ("ace_value", 10, "option 'ace_value' must be one of 11, 5, not 10"),
        ("ace_value", 1, "option 'ace_value' must be one of 11, 5, not 1"),
        ("trick_bonus", 2, "option 'trick_bonus' must be one of 0, 1, not 2"),
        ("rounds", 0, "option 'rounds' must be an integer from 1 to 20, not 0"),
        ("rounds", "two", "option 'rounds' must be an integer from 1 to 20, not two"),
    ],
)
def test_options_refused(name: str, value: object, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make(GAME, **{name: value})
    assert str(caught.value) == message


def test_rounds_sets_the_number_of_dealer_turns() -> None:
    for rounds in (1, 3):
        state = parlour.make(GAME, rounds=rounds).new_state(seed=1)
        assert state.observation(0)["dealer_turns"] == 4 * rounds


# ---------------------------------------------------------------------------
# German and French display


@pytest.mark.parametrize(
    "text", ["Ober-Acorns", "Ober of Acorns", "ober-acorns", "OA", "play Ober-Acorns"]
)
def test_german_typed_forms(text: str) -> None:
    state = make_state(B5_HANDS)
    assert state.action_to_str(state.parse_action(text)) == "Ober-Acorns"


def test_german_observation_and_log() -> None:
    state = make_state(B5_HANDS)
    observation = state.observation(2)
    assert observation["hand"] == [
        "Ace-Acorns", "10-Acorns", "Ace-Leaves", "10-Leaves", "Ace-Hearts", "10-Hearts",
        "Ace-Bells", "10-Bells",
    ]  # ace-ten order within each suit
    play_table(state, B5_TABLE[:1])
    observation = state.observation(0)
    assert observation["zones"]["last_trick"]["cards"][1] == {"seat": 2, "card": "Ace-Acorns"}
    assert observation["log"][-5:] == [
        "P1 plays Unter-Acorns", "P2 plays Ace-Acorns", "P3 plays 8-Acorns",
        "P0 plays King-Acorns", "P2 wins trick 1",
    ]


def test_french_pack_uses_french_codes() -> None:
    state = make_state(B2_HANDS, pack="french")
    assert state.observation(0)["hand"] == ["KS", "JS", "9S", "KH", "QH", "8H", "AC", "TC"]
    assert state.action_to_str(state.parse_action("10C")) == "TC"
    with pytest.raises(ParseError):
        state.parse_action("Ober-Acorns")


# ---------------------------------------------------------------------------
# hypothesis: chips are conserved between players and pool, each hand is
# settled by §7.4, and the match ends after exactly 4 x rounds rule-4 hands


@settings(max_examples=30, deadline=None)
@given(
    pack=st.sampled_from(["german", "french"]),
    ranking=st.sampled_from(["ace_ten", "natural"]),
    values=st.sampled_from([(11, 0), (11, 1), (5, 1)]),  # not the Ace worth 5 alone
    rounds=st.integers(1, 2),
    seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
)
def test_random_matches_conserve_chips(pack: str, ranking: str, values: tuple[int, int],
                                       rounds: int, seed: int, play_seed: int) -> None:
    ace_value, trick_bonus = values
    state = parlour.make(GAME, pack=pack, ranking=ranking, ace_value=ace_value,
                         trick_bonus=trick_bonus, rounds=rounds).new_state(seed=seed)
    hands = play_match(state, random.Random(play_seed))
    check_match(state, hands, rounds)
    # the dealer antes exactly when the previous hand emptied the pool
    assert [hand.pool_before == 0 for hand in hands] == [
        True, *(hand.rule == 4 for hand in hands[:-1])
    ]


# ---------------------------------------------------------------------------
# Deviation (issue #33): the ante leaves the dealer's balance at the deal


def test_the_dealer_antes_at_the_deal() -> None:
    """§7.3: the dealer puts 12 chips into the empty pool before the deal,
    so his balance shows them gone while the hand is played (the table
    showed him at 0 beside a pool of 12); the hand's result still counts
    the ante (B-2: P0 -12, P1 +4, P2 +5, P3 +3)."""
    state = make_state(B2_HANDS, pack="french")
    observation = state.observation(2)
    assert observation["pool"] == ANTE
    assert state.scores() == [-ANTE, 0, 0, 0]
    assert [player["score"] for player in observation["players"]] == [-ANTE, 0, 0, 0]
    assert state.observation_tensor(0)[497:501].tolist() == [-1.0, 0.0, 0.0, 0.0]
    assert sum(state.scores()) + observation["pool"] == 0
    play_table(state, B2_TABLE)
    assert state.hand_results() == [[-ANTE, 4, 5, 3]]
    # P1 deals the next hand into the emptied pool: his ante leaves at once
    observation = state.observation(0)
    assert (observation["dealer"], observation["pool"]) == (1, ANTE)
    assert state.scores() == [-ANTE, 4 - ANTE, 5, 3]
    assert sum(state.scores()) + observation["pool"] == 0


def test_no_ante_on_a_redeal_or_into_a_full_pool() -> None:
    """A fixed deal with the pool holding its 12 chips takes no ante; a
    deal's given balances are those before the deal."""
    state = make_state(B5_SECOND_HANDS, scores=[-16, -4, 12, -4], pool=ANTE)
    assert state.scores() == [-16, -4, 12, -4]
    state = make_state(B5_SECOND_HANDS, scores=[-16, -4, 12, -4])
    assert state.scores() == [-16 - ANTE, -4, 12, -4]


# ---------------------------------------------------------------------------
# Deviation (issue #33): the Ace worth 5 alone leaves the 100-point rule dead

ACE_5_ALONE = ("ace_value=5 needs trick_bonus=1 under scoring=pool, as source S14 plays it: "
               "with the Ace worth 5 alone the pack holds 96 card points, and the 100-point "
               "rule could never apply")


@pytest.mark.parametrize("options", [{"ace_value": 5}, {"ace_value": 5, "trick_bonus": 0},
                                     {"ace_value": "5", "pack": "french"}])
def test_ace_value_5_alone_is_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make(GAME, **options)
    assert str(caught.value) == ACE_5_ALONE


def test_ace_value_5_with_the_trick_bonus_can_reach_100() -> None:
    """S14's variant: 96 card points and 8 for the tricks make 104."""
    game = parlour.make(GAME, ace_value=5, trick_bonus=1)
    assert sum(game.card_points) + game.hand_size == 104


# ===========================================================================
# Variants (issue #33), each with a worked example computed by hand
#
# Bassadewitz's variants (issue #33), each with a worked example computed
# by hand: three and five players (source S15, German Wikipedia
# "Bassadewitz", https://de.wiki.li/Bassadewitz: 10 or 6 cards each), the
# points-based scoring ("Spiel um Punkte", S15) and the penalty-point scoring
# (S16, gamerules.com, https://gamerules.com/rules/bassadewitz/).
#
# The deals are built so that every trick can be checked by eye: the French
# pack, ``ace_ten`` order (A T K Q J 9 8 7), card points A 11, T 10, K 4,
# Q 3, J 2. With 3 or 5 players the black sevens 7S and 7C are out of play.


# ---------------------------------------------------------------------------
# Three players: 10 cards each (packets 3, 4, 3), dealer P0, eldest P1

THREE_HANDS = [
    "KH 9H AD QS JS TD KC TC KD 7D",
    "AH QH 8H AS 9S 9D QC 9C 8D QD",
    "TH JH 7H KS TS 8S AC JC 8C JD",
]
THREE_TABLE = [
    ("P1 AH, P2 TH, P0 KH", 1),  # 25 card points
    ("P1 QH, P2 JH, P0 9H", 1),  # 5
    ("P1 8H, P2 7H, P0 AD", 1),  # 11: P0 has no heart left
    ("P1 AS, P2 KS, P0 QS", 1),  # 18
    ("P1 9S, P2 TS, P0 JS", 2),  # 12
    ("P2 8S, P0 TD, P1 9D", 2),  # 10: P0 and P1 have no spade left
    ("P2 AC, P0 KC, P1 QC", 2),  # 18
    ("P2 JC, P0 TC, P1 9C", 0),  # 12
    ("P0 KD, P1 8D, P2 JD", 0),  # 6
    ("P0 7D, P1 QD, P2 8C", 1),  # 3: P2 has no diamond left
]
THREE_POINTS = [18, 62, 40]  # tricks 2, 5, 3; 120 in all


def test_three_players_deal_ten_cards_without_the_black_sevens() -> None:
    game = parlour.make(GAME, players=3, pack="french")
    assert (game.hand_size, game.packets) == (10, (3, 4, 3))
    assert game.card_list(game.deck.full_mask & ~game.in_play) == "7S 7C"
    state = game.new_state(seed=4)
    assert [len(state.observation(seat)["hand"]) for seat in range(3)] == [10, 10, 10]
    with pytest.raises(ParseError, match=r"^the cards out of play must be 7S 7C, not 7D 7C$"):
        make_state([THREE_HANDS[0].replace("7D", "7S"), *THREE_HANDS[1:]],
                   players=3, pack="french")


def test_three_players_pool_worked_example() -> None:
    """Pool of 12 from the dealer P0; fewest card points P0 18 takes 5, P2
    40 takes 4, P1 62 takes 3 (S14's shares read as written: with three
    players the last takes 3 and the pool is emptied). Chips: P0 -12 + 5,
    P1 +3, P2 +4; P1 deals next and antes at once."""
    state = make_state(THREE_HANDS, players=3, pack="french")
    assert state.scores() == [-ANTE, 0, 0]
    play_table(state, THREE_TABLE[:-1])
    assert state.observation(0)["card_points"] == [18, 59, 40]
    play_table(state, THREE_TABLE[-1:])
    assert state.hand_results() == [[-7, 3, 4]]
    observation = state.observation(0)
    assert (observation["dealer"], observation["pool"]) == (1, ANTE)
    assert state.scores() == [-7, 3 - ANTE, 4]


def test_three_players_penalty_worked_example() -> None:
    """Most card points P1 62: 5 penalty points; second most P2 40: 4; the
    fewest P0 18: none (with three players the 3 is not given)."""
    state = make_state(THREE_HANDS, players=3, pack="french", scoring="penalty")
    play_table(state, THREE_TABLE)
    assert state.hand_results() == [[0, -5, -4]]


def test_three_players_points_worked_example() -> None:
    state = make_state(THREE_HANDS, players=3, pack="french", scoring="points")
    play_table(state, THREE_TABLE)
    assert state.hand_results() == [[-18, -62, -40]]


# ---------------------------------------------------------------------------
# Five players: 6 cards each (packets 3, 3), dealer P0, eldest P1

FIVE_HANDS = [
    "JH QS QD KC 7H 7D",
    "AH 9S JD QC JS 8S",
    "TH AS AD 9C JC 8C",
    "KH TS TD AC 9H 9D",
    "QH KS KD TC 8H 8D",
]
FIVE_TABLE = [
    ("P1 AH, P2 TH, P3 KH, P4 QH, P0 JH", 1),  # 30
    ("P1 9S, P2 AS, P3 TS, P4 KS, P0 QS", 2),  # 28
    ("P2 AD, P3 TD, P4 KD, P0 QD, P1 JD", 2),  # 30
    ("P2 9C, P3 AC, P4 TC, P0 KC, P1 QC", 3),  # 28
    ("P3 9H, P4 8H, P0 7H, P1 JS, P2 JC", 3),  # 4: P1 and P2 have no heart
    ("P3 9D, P4 8D, P0 7D, P1 8S, P2 8C", 3),  # 0
]


def test_five_players_pool_worked_example() -> None:
    """Card points P0 0, P1 30, P2 58, P3 32, P4 0; P0 and P4 took no
    trick, so seat order from the eldest P1 puts P4 first: P4 +5, P0 +4,
    P1 +3, P3 and P2 nothing. Chips: P0 -12 + 4."""
    game = parlour.make(GAME, players=5, pack="french")
    assert (game.hand_size, game.packets) == (6, (3, 3))
    state = make_state(FIVE_HANDS, players=5, pack="french")
    play_table(state, FIVE_TABLE)
    assert state.hand_results() == [[-8, 3, 0, 0, 5]]
    assert state.observation(0)["dealer"] == 1


def test_five_players_penalty_worked_example() -> None:
    """Most P2 58: 5; P3 32: 4; P1 30: 3; the two fewest (P4, P0) none."""
    state = make_state(FIVE_HANDS, players=5, pack="french", scoring="penalty")
    play_table(state, FIVE_TABLE)
    assert state.hand_results() == [[0, -3, -5, -4, 0]]


# ---------------------------------------------------------------------------
# Spiel um Punkte (scoring=points)


def test_points_worked_example_b2() -> None:
    """§9.6 B-2's hand: card points 58, 24, 13, 25 cost as many points; no
    pool, no ante; the deal passes to P1, whose turn begins."""
    state = make_state(B2_HANDS, pack="french", scoring="points", rounds=1)
    observation = state.observation(0)
    assert (state.scores(), observation["pool"]) == ([0, 0, 0, 0], 0)
    play_table(state, B2_TABLE)
    assert state.hand_results() == [[-58, -24, -13, -25]]
    observation = state.observation(0)
    assert (observation["dealer"], observation["pool"]) == (1, 0)
    assert observation["dealer_turns_completed"] == 1
    assert state.scores() == [-58, -24, -13, -25]


def test_points_with_the_ace_worth_5_alone() -> None:
    """S15's count, 96 card points: B-2 with Aces worth 5 (P0 took AC and AD,
    P1 AS, P2 AH): 58 - 12, 24 - 6, 13 - 6 and 25."""
    state = make_state(B2_HANDS, pack="french", scoring="points", ace_value=5)
    play_table(state, B2_TABLE)
    assert state.hand_results() == [[-46, -18, -7, -25]]
    assert sum(state.hand_results()[0]) == -96


def test_points_durchmarsch() -> None:
    """§9.6 B-5's hand: P2 takes every trick (120 card points) and gains
    them; the others lose nothing; no redeal: P1 deals next."""
    state = make_state(B5_HANDS, scoring="points")
    play_table(state, B5_TABLE)
    assert state.hand_results() == [[0, 0, 120, 0]]
    assert state.observation(0)["dealer"] == 1


def test_points_match_is_won_by_the_fewest_card_points() -> None:
    state = parlour.make(GAME, scoring="points", rounds=1).new_state(seed=5)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert len(state.hand_results()) == 4  # one hand a dealer turn
    totals = state.scores()
    best = max(totals)
    assert [seat for seat, value in enumerate(state.returns()) if value > 0] == [
        seat for seat, total in enumerate(totals) if total == best]


# ---------------------------------------------------------------------------
# penalty points (scoring=penalty)


def test_penalty_worked_example_b2() -> None:
    """B-2's card points 58, 24, 13, 25: P0 (most) 5 penalty points, P3 4,
    P1 3, P2 (fewest) none."""
    state = make_state(B2_HANDS, pack="french", scoring="penalty")
    play_table(state, B2_TABLE)
    assert state.hand_results() == [[-5, -3, 0, -4]]
    assert state.observation(0)["dealer"] == 1


def test_penalty_ties_follow_rule_4() -> None:
    """B-4 row 1 (0, 0, 45, 75; P1 took no trick, P0 a trick worth 0): P1
    is the fewest, then P0; P3 the most."""
    state = make_state(B4_ROW1_HANDS, scoring="penalty")
    play_table(state, B4_ROW1_TABLE)
    assert state.hand_results() == [[-3, 0, -4, -5]]


def test_penalty_all_tricks_is_no_exception() -> None:
    """B-5 (P2 takes all 120): the ranking alone; P1, P3, P0 tie on nothing
    without a trick, seat order from the eldest P1."""
    state = make_state(B5_HANDS, scoring="penalty")
    play_table(state, B5_TABLE)
    assert state.hand_results() == [[-4, 0, -5, -3]]
    assert state.observation(0)["dealer"] == 1


# ---------------------------------------------------------------------------
# options


def test_no_pool_in_a_fixed_deal_without_the_pool() -> None:
    with pytest.raises(ParseError, match=r"^there is no pool with scoring=penalty$"):
        parlour.make(GAME, scoring="penalty").new_state(
            deal={"dealer": 0, "hands": [hand.split() for hand in B5_HANDS], "pool": 12})


def test_ace_value_5_alone_is_refused_with_the_pool_only() -> None:
    for scoring in ("points", "penalty"):
        assert parlour.make(GAME, ace_value=5, scoring=scoring).pack_points == 96
    with pytest.raises(OptionError, match=r"^ace_value=5 needs trick_bonus=1 under scoring=pool"):
        parlour.make(GAME, ace_value=5, players=3)


def test_the_games_list_offers_the_variants() -> None:
    """What ``/api/games`` and the web form are built from."""
    options = {option["name"]: option for option in parlour.games()[GAME]["options"]}
    assert options["players"]["choices"] == [3, 4, 5]
    assert options["scoring"]["choices"] == ["pool", "points", "penalty"]
    assert options["scoring"]["default"] == "pool"


def test_variant_matches_play_to_the_end() -> None:
    for options in ({"players": 3}, {"players": 5, "scoring": "points"},
                    {"players": 5, "scoring": "penalty"}):
        state = parlour.make(GAME, rounds=1, **options).new_state(seed=2)
        while not state.is_terminal():
            say(state, state.action_to_str(state.legal_actions()[-1]))
        assert state.observation(0)["dealer_turns_completed"] == options["players"]
        assert len(state.hand_results()[0]) == options["players"]


def test_the_help_says_the_order_of_the_payout_rules_the_packets_and_the_lead() -> None:
    """Issue #33, deviation 5: the rules help says that the four payout rules
    are tried in order, that the cards go in packets of 4, and that the
    eldest leads (the help before it said none of the three)."""
    game = parlour.make("bassadewitz")
    english = " ".join(game.rules_help("en").split())
    spanish = " ".join(game.rules_help("es").split())
    assert "in two packets of 4" in english
    assert "The eldest (the dealer's left neighbour) leads to the first trick" in english
    assert "these rules are tried in order, and the first that fits settles it" in english
    rules = [english.index(f"{number}. {name}:") for number, name in
             enumerate(["All tricks", "100 or more", "All equal", "5/4/3"], start=1)]
    assert rules == sorted(rules)
    assert "en dos paquetes de 4" in spanish
    assert "El mano (el vecino de la izquierda del repartidor) sale a la primera baza" in spanish
    assert "se prueban estas reglas por orden, y la primera que se cumple decide" in spanish

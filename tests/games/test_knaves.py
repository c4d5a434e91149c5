"""Knaves: the worked examples of ``rules/polignac.md`` §9.2 (K-1 … K-8),
the options of §3.6, the other rules of §3 and a hypothesis invariant over
random play.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.errors import IllegalAction, OptionError, ParseError
from trick_play import codes, hand_codes, places, play_table, play_trick
from trick_play import say as play

JACK_VALUES = {"JH": 4, "JD": 3, "JC": 2, "JS": 1}
"""§3.4: the points a jack costs the seat whose tricks hold it."""


# ---------------------------------------------------------------------------
# helpers


def make_state(
    hands: list[str],
    turnup: str,
    dealer: int = 0,
    scores: list[int] | None = None,
    **options: Any,
) -> Any:
    """A Knaves state from a fixed deal; ``hands`` are space-separated codes."""
    deal: dict[str, Any] = {
        "dealer": dealer, "hands": [hand.split() for hand in hands], "turnup": turnup,
    }
    if scores is not None:
        deal["scores"] = scores
    return parlour.make("knaves", **options).new_state(deal=deal)


def legal_texts(state: Any) -> set[str]:
    return {state.action_to_str(action) for action in state.legal_actions()}


def won_codes(state: Any, seat: int) -> set[str]:
    return codes(state, state.card_locations()[f"won {seat}"])


def table_facts(table: list[tuple[str, int]]) -> tuple[list[int], list[set[str]]]:
    """Tricks won and cards won by each seat, read from a trick table."""
    tricks = [0, 0, 0]
    won: list[set[str]] = [set(), set(), set()]
    for row, winner in table:
        tricks[winner] += 1
        won[winner] |= {entry.split()[1] for entry in row.split(",")}
    return tricks, won


def jacks_in(cards: set[str]) -> set[str]:
    return cards & set(JACK_VALUES)


def finish_hand(state: Any, loser: int) -> None:
    """Play out the hand: ``loser`` always plays its lowest legal card, the
    others their highest (by rank; ties by action id)."""
    game = state.game
    hand = len(state.hand_results())
    while len(state.hand_results()) == hand:
        legal = state.legal_actions()
        key = [game.strength[card] * 64 + card for card in legal]
        chosen = legal[key.index(min(key) if state.current_player() == loser else max(key))]
        state.apply(chosen)


# ---------------------------------------------------------------------------
# K-1. Trumping: P2, void in spades, trumps the king with 2H

K1_HANDS = [
    "AS QS TS 8S 6S 4S 2S AH KH QH JH AC KC QC JC TC 9C",
    "KS JS 9S 7S 5S 3S TH 8H 7H 6H 8C 7C 6C 5C 4C 3C 2C",
    "2H 3H 4H 5H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
]


def test_k1_trumping() -> None:
    state = make_state(K1_HANDS, "9H")
    assert state.observation(0)["trumps"] == "Hearts"
    play(state, "KS")
    assert not any(card.endswith("S") for card in hand_codes(state, 2))
    assert len(state.legal_actions()) == 17  # void in spades: any card, trump or not
    play(state, "2H", "AS")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 2
    assert won_codes(state, 2) == {"KS", "2H", "AS"}
    assert state.current_player() == 2  # the winner leads


def test_k1_same_trick_without_the_trump_goes_to_the_ace() -> None:
    state = make_state(K1_HANDS, "9H")
    assert play_trick(state, "P1 KS, P2 AD, P0 AS") == 0


# ---------------------------------------------------------------------------
# K-2. Discarding instead of trumping

K2_HANDS = [
    "AS KS QS JS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H JC",
    "9S 8S 7S 6S 5S 4S 3S 2S QD 7D 6D 5D 4D 2D 4C 3C 2C",
    "TS AD KD JD TD 9D 8D 3D AC KC QC TC 9C 8C 7C 6C 5C",
]


def test_k2_discarding_instead_of_trumping() -> None:
    state = make_state(K2_HANDS, "2H")
    play(state, "QD", "3D")
    assert state.current_player() == 0
    assert not {card for card in hand_codes(state, 0) if card.endswith("D")}
    assert {card for card in hand_codes(state, 0) if card.endswith("H")}  # holds trumps
    assert legal_texts(state) == hand_codes(state, 0)  # no duty to trump
    play(state, "JC")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 1
    assert won_codes(state, 1) == {"QD", "3D", "JC"}
    # P1 takes no other trick: the hand is worth exactly this trick to him
    finish_hand(state, loser=1)
    scores = state.hand_results()[0]
    assert scores[1] == 1 - 2 == -1
    assert sum(scores) == 7


# ---------------------------------------------------------------------------
# K-3. Over-trumping

K3_HANDS = [
    "9C AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AS KS QS",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D 5S 4S 3S 2S",
    "5C AC KC QC JC TC 8C 7C 6C 4C 3C JS TS 9S 8S 7S 6S",
]


def test_k3_over_trumping() -> None:
    state = make_state(K3_HANDS, "2C")
    play(state, "AD", "5C")
    assert legal_texts(state) == hand_codes(state, 0)  # over-trump, or not: P0's choice
    play(state, "9C")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 0


@pytest.mark.parametrize(("card", "winner"), [("AH", 2), ("AS", 2)])
def test_k3_no_duty_to_over_trump(card: str, winner: int) -> None:
    state = make_state(K3_HANDS, "2C")
    play(state, "AD", "5C", card)
    assert state.observation(0)["zones"]["last_trick"]["winner"] == winner


def test_k3_void_player_need_not_trump_at_all() -> None:
    state = make_state(K3_HANDS, "2C")
    play(state, "AD")
    assert legal_texts(state) == hand_codes(state, 2)  # P2 holds trumps, may discard
    play(state, "6S", "AS")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 1


# ---------------------------------------------------------------------------
# K-4. Legal moves: P0 holds AH 5H 3H 4D 3S at trick 13, hearts trumps

K4_HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH 5H 3H 2H 4D",
    "2S JH QH 4H 8D 7D 6D 5D 3D 2D KC QC TC 8C 6C 4C 2C",
    "TH 9H 8H 7H 6H AD KD QD JD TD 9D AC JC 9C 7C 5C 3C",
]
K4_TABLE = [
    ("P1 2C, P2 3C, P0 2H", 0),
    ("P0 AS, P1 2S, P2 5C", 0),
    ("P0 KS, P1 4C, P2 7C", 0),
    ("P0 QS, P1 6C, P2 9C", 0),
    ("P0 JS, P1 8C, P2 JC", 0),
    ("P0 TS, P1 TC, P2 AC", 0),
    ("P0 9S, P1 2D, P2 9D", 0),
    ("P0 8S, P1 3D, P2 TD", 0),
    ("P0 7S, P1 5D, P2 JD", 0),
    ("P0 6S, P1 6D, P2 QD", 0),
    ("P0 5S, P1 7D, P2 KD", 0),
    ("P0 4S, P1 4H, P2 AD", 1),
]


def k4_state() -> Any:
    state = make_state(K4_HANDS, "KH")
    play_table(state, K4_TABLE)
    assert hand_codes(state, 0) == {"AH", "5H", "3H", "4D", "3S"}
    assert hand_codes(state, 1) == {"KC", "QC", "8D", "QH", "JH"}
    assert state.current_player() == 1
    return state


@pytest.mark.parametrize(
    ("lead", "legal"),
    [
        ("KC", {"AH", "5H", "3H", "4D", "3S"}),
        ("8D", {"4D"}),
        ("QH", {"AH", "5H", "3H"}),
    ],
)
def test_k4_legal_moves(lead: str, legal: set[str]) -> None:
    state = k4_state()
    play(state, lead)
    play(state, state.action_to_str(state.legal_actions()[0]))
    assert state.current_player() == 0
    assert legal_texts(state) == legal
    assert [move["card"] for move in state.observation(0)["legal"]] == sorted(
        legal, key=lambda card: state.parse_action(card)
    )


def test_k4_following_suit_is_enforced_with_a_message() -> None:
    state = k4_state()
    play(state, "8D", "TH")
    before = (state.legal_actions(), state.card_locations(), list(state.history))
    with pytest.raises(IllegalAction, match=r"^you must follow suit: you hold diamonds$"):
        play(state, "AH")
    assert (state.legal_actions(), state.card_locations(), list(state.history)) == before


# ---------------------------------------------------------------------------
# K-5. Scoring from the won tricks (turn-up 9S, spades trumps)

K5_HANDS = [
    "TS 8S 5S KH JH 3H AD 9D 6D 5D 3D QC 7C 6C 5C 4C 2C",
    "AS 2S AH QH TH 8H 7H 6H 5H KD QD JD 7D AC KC JC 9C",
    "KS QS JS 7S 6S 4S 3S 9H 4H 2H TD 8D 4D 2D TC 8C 3C",
]
K5_TABLE = [
    ("P1 JD, P2 8D, P0 6D", 1),
    ("P1 5H, P2 2H, P0 JH", 0),
    ("P0 5C, P1 AC, P2 8C", 1),
    ("P1 QH, P2 9H, P0 KH", 0),
    ("P0 5S, P1 2S, P2 4S", 0),
    ("P0 QC, P1 JC, P2 TC", 0),
    ("P0 9D, P1 KD, P2 4D", 1),
    ("P1 KC, P2 3C, P0 2C", 1),
    ("P1 7H, P2 4H, P0 3H", 1),
    ("P1 AH, P2 6S, P0 5D", 2),
    ("P2 3S, P0 8S, P1 AS", 1),
    ("P1 9C, P2 TD, P0 7C", 1),
    ("P1 7D, P2 2D, P0 AD", 0),
    ("P0 6C, P1 QD, P2 QS", 2),
    ("P2 7S, P0 TS, P1 TH", 0),
    ("P0 4C, P1 6H, P2 JS", 2),
    ("P2 KS, P0 3D, P1 8H", 2),
]


def test_k5_scoring_from_the_won_tricks() -> None:
    tricks, won = table_facts(K5_TABLE)
    assert tricks == [6, 7, 4]
    assert [jacks_in(cards) for cards in won] == [{"JH", "JC"}, {"JD"}, {"JS"}]
    state = make_state(K5_HANDS, "9S")
    assert state.observation(1)["trumps"] == "Spades"
    play_table(state, K5_TABLE)
    assert state.hand_results() == [[6 - 4 - 2, 7 - 3, 4 - 1]] == [[0, 4, 3]]
    assert sum(state.hand_results()[0]) == 7
    assert "hand 1 scored: P0 +0, P1 +4, P2 +3" in state.observation(0)["log"]


# ---------------------------------------------------------------------------
# K-6. A turned-up jack (JD, diamonds trumps)

K6_HANDS = [
    "AS KS 3S AH KH 8H 5H 4H 2H 9D 7D 3D KC JC 9C 6C 5C",
    "QS JS TS 9S 7S 5S AD KD QD TD 6D 5D 2D AC 7C 4C 3C",
    "8S 6S 4S 2S QH JH TH 9H 7H 6H 3H 8D 4D QC TC 8C 2C",
]
K6_TABLE = [
    ("P1 4C, P2 TC, P0 6C", 2),
    ("P2 8C, P0 5C, P1 3C", 2),
    ("P2 2S, P0 KS, P1 9S", 0),
    ("P0 5H, P1 JS, P2 3H", 0),
    ("P0 7D, P1 QD, P2 8D", 1),
    ("P1 TS, P2 6S, P0 AS", 0),
    ("P0 8H, P1 6D, P2 TH", 1),
    ("P1 7C, P2 QC, P0 JC", 2),
    ("P2 JH, P0 2H, P1 QS", 2),
    ("P2 6H, P0 4H, P1 5D", 1),
    ("P1 TD, P2 4D, P0 9D", 1),
    ("P1 AC, P2 2C, P0 KC", 1),
    ("P1 2D, P2 7H, P0 3D", 0),
    ("P0 AH, P1 5S, P2 QH", 0),
    ("P0 9C, P1 KD, P2 4S", 1),
    ("P1 AD, P2 8S, P0 3S", 1),
    ("P1 7S, P2 9H, P0 KH", 1),
]


@pytest.mark.parametrize(
    ("turned_jack", "scores"),
    [("out_of_play", [4, 8, -2]), ("to_last_trick", [4, 5, -2])],
)
def test_k6_turned_up_jack(turned_jack: str, scores: list[int]) -> None:
    tricks, won = table_facts(K6_TABLE)
    assert tricks == [5, 8, 4]
    assert K6_TABLE[-1][1] == 1  # P1 won trick 17
    assert [jacks_in(cards) for cards in won] == [{"JS"}, set(), {"JH", "JC"}]
    state = make_state(K6_HANDS, "JD", turned_jack=turned_jack)
    assert state.observation(0)["zones"]["turnup"] == "JD"
    assert state.observation(0)["trumps"] == "Diamonds"
    assert codes(state, state.card_locations()["out of play"]) == {"JD"}
    play_table(state, K6_TABLE)
    assert state.hand_results() == [scores]
    assert sum(scores) == (10 if turned_jack == "out_of_play" else 7)


# ---------------------------------------------------------------------------
# K-7. A complete hand (turn-up QH, hearts trumps)

K7_HANDS = [
    "JS 8S 4S 3S AH TH 8H 5H 3H AD QD JD 8D 7D 4D 5C 2C",
    "KS QS 9S 7S 5S 9H 7H 6H 2H KD 9D QC JC TC 9C 6C 4C",
    "AS TS 6S 2S KH JH 4H TD 6D 5D 3D 2D AC KC 8C 7C 3C",
]
K7_TABLE = [
    ("P1 9D, P2 6D, P0 QD", 0),
    ("P0 8H, P1 9H, P2 KH", 2),
    ("P2 TD, P0 AD, P1 KD", 0),
    ("P0 8D, P1 JC, P2 3D", 0),
    ("P0 AH, P1 2H, P2 JH", 0),
    ("P0 JS, P1 5S, P2 AS", 2),
    ("P2 KC, P0 2C, P1 9C", 2),
    ("P2 AC, P0 5C, P1 6C", 2),
    ("P2 5D, P0 7D, P1 6H", 1),
    ("P1 7H, P2 4H, P0 TH", 0),
    ("P0 4S, P1 7S, P2 6S", 1),
    ("P1 4C, P2 7C, P0 3S", 2),
    ("P2 2D, P0 JD, P1 QS", 0),
    ("P0 8S, P1 9S, P2 2S", 1),
    ("P1 TC, P2 3C, P0 4D", 1),
    ("P1 QC, P2 8C, P0 3H", 0),
    ("P0 5H, P1 KS, P2 TS", 0),
]


def test_k7_complete_hand() -> None:
    tricks, won = table_facts(K7_TABLE)
    assert tricks == [8, 4, 5]
    assert [jacks_in(cards) for cards in won] == [{"JC", "JH", "JD"}, set(), {"JS"}]
    state = make_state(K7_HANDS, "QH")
    assert codes(state, state.card_locations()["out of play"]) == {"QH"}
    play_table(state, K7_TABLE)
    assert state.hand_results() == [[8 - 2 - 4 - 3, 4, 5 - 1]] == [[-1, 4, 4]]
    assert state.scores() == [-1, 4, 4]
    assert not state.is_terminal()
    log = state.observation(2)["log"]
    assert log[:2] == ["P0 deals hand 1", "P1 plays 9D"]
    assert "P0 wins trick 17" in log
    assert "hand 1 scored: P0 -1, P1 +4, P2 +4" in log
    # the next hand: P1 deals, P2 leads, with a new turn-up
    observation = state.observation(0)
    assert observation["dealer"] == 1
    assert observation["hand_number"] == 2
    assert state.current_player() == 2


def test_k7_trick_15_discard_and_trick_16_trump() -> None:
    state = make_state(K7_HANDS, "QH")
    play_table(state, K7_TABLE[:14])
    play(state, "TC", "3C")
    assert "3H" in legal_texts(state) and "4D" in legal_texts(state)
    play(state, "4D")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 1
    play(state, "QC", "8C", "3H")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 0


# ---------------------------------------------------------------------------
# K-8. End of the match (target 20)

K8_DEALS: dict[str, tuple[str, list[str], list[tuple[str, int]]]] = {
    # hand scores 6, 2, -1
    "a": ("TD", [
        "AS JS 7S AH TH 9H 6H 2H KD 9D 7D 6D KC TC 9C 8C 4C",
        "QS TS 9S 4S 3S QH JH 4H 3H 5D 4D 3D 2D AC JC 6C 3C",
        "KS 8S 6S 5S 2S KH 8H 7H 5H AD QD JD 8D QC 7C 5C 2C",
    ], [
        ("P1 JC, P2 5C, P0 8C", 1),
        ("P1 4H, P2 8H, P0 9H", 0),
        ("P0 6D, P1 5D, P2 8D", 2),
        ("P2 8S, P0 7S, P1 3S", 2),
        ("P2 7C, P0 4C, P1 AC", 1),
        ("P1 QH, P2 7H, P0 6H", 1),
        ("P1 4S, P2 6S, P0 AS", 0),
        ("P0 7D, P1 3D, P2 AD", 2),
        ("P2 2S, P0 JS, P1 QS", 1),
        ("P1 4D, P2 JD, P0 9D", 2),
        ("P2 KH, P0 2H, P1 JH", 2),
        ("P2 QC, P0 TC, P1 3C", 2),
        ("P2 2C, P0 KC, P1 6C", 0),
        ("P0 9C, P1 TS, P2 5S", 0),
        ("P0 TH, P1 3H, P2 5H", 0),
        ("P0 AH, P1 2D, P2 KS", 1),
        ("P1 9S, P2 QD, P0 KD", 0),
    ]),
    # hand scores 4, 3, 0
    "b": ("2S", [
        "7S 4S 3S QH 6H 5H AD TD 8D 5D 3D 2D QC 9C 4C 3C 2C",
        "JS 8S 6S 5S AH KH JH 9H 8H 4H 9D 6D 4D AC KC 7C 6C",
        "AS KS QS TS 9S TH 7H 3H 2H KD QD JD 7D JC TC 8C 5C",
    ], [
        ("P1 KC, P2 JC, P0 4C", 1),
        ("P1 KH, P2 TH, P0 QH", 1),
        ("P1 6D, P2 7D, P0 TD", 0),
        ("P0 6H, P1 9H, P2 3H", 1),
        ("P1 4H, P2 2H, P0 5H", 0),
        ("P0 AD, P1 4D, P2 KD", 0),
        ("P0 7S, P1 8S, P2 9S", 2),
        ("P2 5C, P0 3C, P1 AC", 1),
        ("P1 6S, P2 AS, P0 3S", 2),
        ("P2 TS, P0 4S, P1 5S", 2),
        ("P2 QS, P0 2D, P1 JS", 2),
        ("P2 7H, P0 2C, P1 8H", 1),
        ("P1 6C, P2 TC, P0 9C", 2),
        ("P2 QD, P0 3D, P1 9D", 2),
        ("P2 8C, P0 QC, P1 7C", 0),
        ("P0 5D, P1 JH, P2 JD", 2),
        ("P2 KS, P0 8D, P1 AH", 2),
    ]),
    # hand scores -3, 7, 3
    "c": ("8C", [
        "AS 7S 6S 4S AH JH 5H 2H AD QD TD 9D 2D JC 6C 5C 4C",
        "QS JS 9S 8S 5S KH QH 9H 7H 6H 4H 3H JD KC QC 7C 2C",
        "KS TS 3S 2S TH 8H KD 8D 7D 6D 5D 4D 3D AC TC 9C 3C",
    ], [
        ("P1 2C, P2 TC, P0 5C", 2),
        ("P2 3S, P0 4S, P1 5S", 1),
        ("P1 7C, P2 3C, P0 4C", 1),
        ("P1 QH, P2 8H, P0 AH", 0),
        ("P0 6C, P1 KC, P2 9C", 1),
        ("P1 9S, P2 KS, P0 AS", 0),
        ("P0 6S, P1 8S, P2 2S", 1),
        ("P1 KH, P2 TH, P0 5H", 1),
        ("P1 3H, P2 KD, P0 2H", 1),
        ("P1 JS, P2 TS, P0 7S", 1),
        ("P1 JD, P2 6D, P0 QD", 0),
        ("P0 2D, P1 7H, P2 3D", 2),
        ("P2 4D, P0 9D, P1 4H", 0),
        ("P0 JH, P1 9H, P2 8D", 0),
        ("P0 TD, P1 QC, P2 5D", 1),
        ("P1 6H, P2 AC, P0 AD", 2),
        ("P2 7D, P0 JC, P1 QS", 0),
    ]),
}
K8B_SEED = 8
"""The seed that shuffles the hand after case b (dealt by P1, turn-up 2H)."""
K8B_NEXT_HANDS = [
    "KS 8S 7S 3S 2S AH TH 9H 6H 3H AD TD 9D 5D 2D 4C 3C",
    "AS QS JS TS 9S 4S QH 8H 7H 5H 4H KD QD 8D TC 5C 2C",
    "6S 5S KH JH JD 7D 6D 4D 3D AC KC QC JC 9C 8C 7C 6C",
]
K8B_NEXT_TABLE = [
    ("P2 KC, P0 4C, P1 TC", 2),
    ("P2 3D, P0 TD, P1 QD", 1),
    ("P1 4S, P2 5S, P0 7S", 0),
    ("P0 3C, P1 2C, P2 8C", 2),
    ("P2 AC, P0 AH, P1 5C", 0),
    ("P0 3H, P1 8H, P2 JH", 2),
    ("P2 JD, P0 9D, P1 KD", 1),
    ("P1 8D, P2 4D, P0 2D", 1),
    ("P1 TS, P2 6S, P0 2S", 1),
    ("P1 JS, P2 7D, P0 KS", 0),
    ("P0 6H, P1 QH, P2 KH", 2),
    ("P2 6C, P0 3S, P1 7H", 1),
    ("P1 QS, P2 QC, P0 8S", 1),
    ("P1 4H, P2 9C, P0 TH", 0),
    ("P0 5D, P1 5H, P2 6D", 1),
    ("P1 9S, P2 7C, P0 AD", 1),
    ("P1 AS, P2 JC, P0 9H", 0),
]


def play_k8_hand(case: str, before: list[int], hand: list[int], **options: Any) -> Any:
    turnup, hands, table = K8_DEALS[case]
    deal = {
        "dealer": 0, "hands": [h.split() for h in hands], "turnup": turnup, "scores": before,
    }
    state = parlour.make("knaves", **options).new_state(seed=K8B_SEED, deal=deal)
    play_table(state, table)
    assert state.hand_results() == [hand]
    return state


def test_k8a_highest_of_those_at_target_wins() -> None:
    state = play_k8_hand("a", [15, 18, 9], [6, 2, -1])
    assert state.scores() == [21, 20, 8]
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.returns() == [2.0, -1.0, -1.0]
    assert state.result() == {"scores": [21, 20, 8], "returns": [2.0, -1.0, -1.0]}
    assert places(state) == [1, 2, 3]
    with pytest.raises(IllegalAction, match=r"^the match is over$"):
        state.apply(0)


def test_k8b_tie_play_on_deals_again() -> None:
    state = play_k8_hand("b", [16, 17, 10], [4, 3, 0])
    assert state.scores() == [20, 20, 10]
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.result() is None
    assert places(state) is None
    observation = state.observation(2)
    assert observation["dealer"] == 1
    assert observation["hand_number"] == 2
    assert observation["zones"]["turnup"] == "2H"
    assert [hand_codes(state, seat) for seat in range(3)] == [
        set(hand.split()) for hand in K8B_NEXT_HANDS
    ]
    assert state.current_player() == 2


def test_k8b_next_hand_play_on() -> None:
    state = play_k8_hand("b", [16, 17, 10], [4, 3, 0])
    play_table(state, K8B_NEXT_TABLE)
    assert state.hand_results() == [[4, 3, 0], [2, 5, 0]]
    assert state.scores() == [22, 25, 10]
    assert state.is_terminal()
    assert state.returns() == [-1.0, 2.0, -1.0]
    assert places(state) == [2, 1, 3]


def test_k8b_tie_shared() -> None:
    state = play_k8_hand("b", [16, 17, 10], [4, 3, 0], tie_rule="shared")
    assert state.scores() == [20, 20, 10]
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, -1.0]
    assert sum(state.returns()) == 0
    assert places(state) == [1, 1, 3]


@pytest.mark.parametrize("tie_rule", ["play_on", "shared"])
def test_k8c_nobody_has_twenty_play_on(tie_rule: str) -> None:
    state = play_k8_hand("c", [19, 12, 14], [-3, 7, 3], tie_rule=tie_rule)
    assert state.scores() == [16, 19, 17]
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.observation(0)["hand_number"] == 2


def test_k8_target_option_moves_the_end() -> None:
    state = play_k8_hand("c", [19, 12, 14], [-3, 7, 3], target=17)
    assert state.is_terminal()
    assert state.returns() == [-1.0, 2.0, -1.0]


# ---------------------------------------------------------------------------
# §3.6 options

KNAVES_OPTIONS = ("players, target, hand_size, turned_jack, tie_rule, no_trumps_on_repeat, "
                  "all_jacks_bonus")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("players", 3), ("target", 1), ("target", 20), ("target", 21), ("target", 100),
        ("hand_size", 17), ("hand_size", 13),
        ("turned_jack", "out_of_play"), ("turned_jack", "to_last_trick"),
        ("turned_jack", "no_trumps"), ("no_trumps_on_repeat", True),
        ("all_jacks_bonus", True),
        ("tie_rule", "play_on"), ("tie_rule", "shared"),
    ],
)
def test_options_accepted(name: str, value: object) -> None:
    game = parlour.make("knaves", **{name: value})
    assert game.options[name] == value
    assert game.num_players == 3


def test_option_defaults() -> None:
    assert parlour.make("knaves").options == {
        "players": 3, "target": 20, "hand_size": 17, "turned_jack": "out_of_play",
        "tie_rule": "play_on", "no_trumps_on_repeat": False, "all_jacks_bonus": False,
    }


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("players", 4, "option 'players' must be one of 3, not 4"),
        ("players", 2, "option 'players' must be one of 3, not 2"),
        ("target", 0, "option 'target' must be an integer from 1 to 100, not 0"),
        ("target", "twenty", "option 'target' must be an integer from 1 to 100, not twenty"),
        ("hand_size", 15, "option 'hand_size' must be one of 17, 13, not 15"),
        ("hand_size", 52, "option 'hand_size' must be one of 17, 13, not 52"),
        ("turned_jack", "to_first_trick",
         "option 'turned_jack' must be one of out_of_play, to_last_trick, no_trumps, "
         "not to_first_trick"),
        ("tie_rule", "split",
         "option 'tie_rule' must be one of play_on, shared, not split"),
        ("jacks", 4, f"unknown option 'jacks'; the options are {KNAVES_OPTIONS}"),
    ],
)
def test_options_refused(name: str, value: object, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        parlour.make("knaves", **{name: value})
    assert str(caught.value) == message


# ---------------------------------------------------------------------------
# §3.2 the deal: 17 or 13 cards, the turn-up


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seventeen_card_deal(seed: int) -> None:
    state = parlour.make("knaves").new_state(seed=seed)
    locations = state.card_locations()
    assert [locations[f"hand {seat}"].bit_count() for seat in range(3)] == [17, 17, 17]
    out = codes(state, locations["out of play"])
    turnup = state.observation(0)["zones"]["turnup"]
    assert out == {turnup}
    assert state.current_player() == 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_thirteen_card_deal(seed: int) -> None:
    state = parlour.make("knaves", hand_size=13).new_state(seed=seed)
    locations = state.card_locations()
    assert [locations[f"hand {seat}"].bit_count() for seat in range(3)] == [13, 13, 13]
    out = codes(state, locations["out of play"])
    turnup = state.observation(0)["zones"]["turnup"]
    assert len(out) == 13 and turnup in out  # the turn-up and the 12 cards below it
    dealt = set().union(*(hand_codes(state, seat) for seat in range(3)))
    plays = 0
    while not state.hand_results():
        state.apply(state.legal_actions()[-1])
        plays += 1
    assert plays == 39  # 13 tricks
    jacks_dealt = jacks_in(dealt)
    expected = 13 - sum(JACK_VALUES[jack] for jack in jacks_dealt)
    assert sum(state.hand_results()[0]) == expected


def test_thirteen_card_deal_one_card_at_a_time() -> None:
    state = parlour.make("knaves", hand_size=13).new_state(seed=5, explicit_chance=True)
    receivers = []
    while state.is_chance_node():
        before = [hand_codes(state, seat) for seat in range(3)]
        state.apply(state.legal_actions()[0])
        after = [hand_codes(state, seat) for seat in range(3)]
        receivers.append(next((seat for seat in range(3) if after[seat] != before[seat]), None))
    assert receivers == [1, 2, 0] * 13 + [None]  # the 40th card is the turn-up
    assert len(codes(state, state.card_locations()["out of play"])) == 13
    assert state.card_locations()["undealt"] == 0


THIRTEEN_HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH TH 9H 8H 7H 6H 5H 4H 3H 2H AD",
    "KD QD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC",
]


def test_thirteen_card_fixed_deal_undealt_jacks_cost_nothing() -> None:
    # JH, JD and JC are among the 12 cards left under the turn-up
    state = make_state(THIRTEEN_HANDS, "QC", hand_size=13)
    assert codes(state, state.card_locations()["out of play"]) == {
        "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C", "JH", "JD",
    }
    assert state.observation(0)["trumps"] == "Clubs"
    while not state.hand_results():
        state.apply(state.legal_actions()[0])
    assert sum(state.hand_results()[0]) == 13 - 1  # only JS was dealt


def test_thirteen_card_turned_jack_to_last_trick() -> None:
    state = make_state(THIRTEEN_HANDS, "JC", hand_size=13, turned_jack="to_last_trick")
    assert state.observation(0)["zones"]["turnup"] == "JC"
    while not state.hand_results():
        state.apply(state.legal_actions()[0])
    assert sum(state.hand_results()[0]) == 13 - 1 - 2


# ---------------------------------------------------------------------------
# §3.3 play: trumps may be led; the turn-up is public


def test_trumps_may_be_led() -> None:
    state = make_state(K1_HANDS, "9H")
    assert legal_texts(state) == hand_codes(state, 1)
    play(state, "TH")
    assert legal_texts(state) == {"2H", "3H", "4H", "5H"}  # P2 must follow trumps
    play(state, "5H")
    assert legal_texts(state) == {"AH", "KH", "QH", "JH"}
    play(state, "QH")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 0


def test_a_plain_card_never_beats_a_trump_led() -> None:
    state = make_state(K3_HANDS, "2C", dealer=1)  # P2 leads
    play(state, "3C")
    assert legal_texts(state) == {"9C"}
    play(state, "9C", "AD")
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 0


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_turnup_is_in_every_seats_observation(seat: int) -> None:
    state = make_state(K7_HANDS, "QH")
    for row, _winner in K7_TABLE[:3]:
        observation = state.observation(seat)
        assert observation["zones"]["turnup"] == "QH"
        assert observation["trumps"] == "Hearts"
        assert observation["target"] == 20
        assert "QH" not in observation["hand"]
        play_trick(state, row)


def test_trump_wins_only_from_the_trump_suit() -> None:
    # K-7 trick 9: P1 trumps a diamond with the lowest trump but one
    state = make_state(K7_HANDS, "QH")
    play_table(state, K7_TABLE[:8])
    assert play_trick(state, "P2 5D, P0 7D, P1 6H") == 1


# ---------------------------------------------------------------------------
# §1 item 7: fixed deals that break the rules are refused


@pytest.mark.parametrize(
    ("options", "deal", "message"),
    [
        ({}, {"dealer": 0, "hands": K7_HANDS},
         "a Knaves deal needs a 'turnup' card, which fixes trumps"),
        ({}, {"dealer": 0, "hands": K7_HANDS, "turnup": None},
         "a Knaves deal needs a 'turnup' card, which fixes trumps"),
        ({}, {"dealer": 0, "hands": K7_HANDS, "turnup": "AS"},
         "AS is dealt twice (the turn-up)"),
        ({}, {"dealer": 0, "hands": K7_HANDS, "turnup": "ZZ"},
         "in the turn-up: 'ZZ' is not a card of the French 52-card pack"),
        ({}, {"dealer": 0, "hands": [K7_HANDS[0].replace("JS ", ""), *K7_HANDS[1:]],
              "turnup": "QH"},
         "P0 must hold 17 cards, not 16"),
        ({}, {"dealer": 0, "hands": [K7_HANDS[0] + " QH", *K7_HANDS[1:]], "turnup": "QH"},
         "P0 must hold 17 cards, not 18"),
        ({"hand_size": 13}, {"dealer": 0, "hands": K7_HANDS, "turnup": "QH"},
         "P0 must hold 13 cards, not 17"),
        ({}, {"dealer": 0, "hands": [K7_HANDS[0].replace("JS", "KS"), *K7_HANDS[1:]],
              "turnup": "JS"},
         "KS is dealt twice"),
        ({}, {"dealer": 3, "hands": K7_HANDS, "turnup": "QH"},
         "the dealer must be a seat from 0 to 2, not 3"),
        ({}, {"dealer": 0, "hands": K7_HANDS, "turnup": "QH", "trumps": "H"},
         "unknown deal key 'trumps'; a knaves deal has dealer, hands, scores, turnup"),
    ],
)
def test_impossible_deals_are_refused(
    options: dict[str, Any], deal: dict[str, Any], message: str
) -> None:
    game = parlour.make("knaves", **options)
    with pytest.raises(ParseError, match=f"^{re.escape(message)}"):
        game.new_state(deal=deal)


def test_polignac_refuses_a_turnup() -> None:
    hands = ["KS JS 9S KH QH 8H AC TC", "8S TH 9H AD 9D 8D 7D JC",
             "QS AS 7S AH KC QC 9C 8C", "TS JH 7H KD QD JD TD 7C"]
    with pytest.raises(ParseError, match=r"^unknown deal key 'turnup'"):
        parlour.make("polignac").new_state(deal={"hands": hands, "turnup": "AS"})


# ---------------------------------------------------------------------------
# hypothesis: the hand totals of §3.4 under random legal play

OPTION_SETS = st.fixed_dictionaries({
    "target": st.integers(min_value=1, max_value=25),
    "hand_size": st.sampled_from([17, 13]),
    "turned_jack": st.sampled_from(["out_of_play", "to_last_trick"]),
    "tie_rule": st.sampled_from(["play_on", "shared"]),
})


def expected_hand(options: dict[str, Any], turnup: str, dealt_jacks: set[str],
                  tricks: list[tuple[int, set[str]]]) -> list[int]:
    """§3.4 from the tricks of one hand (winner, cards) and its turn-up."""
    scores = [0, 0, 0]
    for winner, cards in tricks:
        scores[winner] += 1 - sum(JACK_VALUES[jack] for jack in jacks_in(cards))
    turned = JACK_VALUES.get(turnup, 0)
    if options["turned_jack"] == "to_last_trick":
        scores[tricks[-1][0]] -= turned
    total = options["hand_size"] - sum(JACK_VALUES[jack] for jack in dealt_jacks)
    if options["turned_jack"] == "to_last_trick":
        total -= turned
    assert sum(scores) == total
    if options["hand_size"] == 17:
        assert total == (7 + turned if options["turned_jack"] == "out_of_play" else 7)
    return scores


@settings(max_examples=80, deadline=None)
@given(options=OPTION_SETS, seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**32))
def test_random_matches_keep_the_hand_totals(
    options: dict[str, Any], seed: int, play_seed: int
) -> None:
    state = parlour.make("knaves", **options).new_state(seed=seed)
    rng = random.Random(play_seed)
    full = state.game.deck.full_mask
    hands = 0
    while not state.is_terminal():
        locations = state.card_locations()
        assert sum(mask.bit_count() for mask in locations.values()) == 52
        union = 0
        for mask in locations.values():
            union |= mask
        assert union == full
        turnup = state.observation(0)["zones"]["turnup"]
        assert codes(state, locations["out of play"]) >= {turnup}
        assert locations["out of play"].bit_count() == 52 - 3 * options["hand_size"]
        dealt = set().union(*(hand_codes(state, seat) for seat in range(3)))
        tricks: list[tuple[int, set[str]]] = []
        for _ in range(options["hand_size"]):
            for _ in range(3):
                state.apply(rng.choice(state.legal_actions()))
            last = state.observation(0)["zones"]["last_trick"]
            tricks.append((last["winner"], {entry["card"] for entry in last["cards"]}))
        hands += 1
        assert len(state.hand_results()) == hands
        assert state.hand_results()[-1] == expected_hand(options, turnup, jacks_in(dealt), tricks)
        totals = state.scores()
        assert totals == [sum(column) for column in zip(*state.hand_results(), strict=True)]
        top = [seat for seat in range(3) if totals[seat] == max(totals)]
        over = max(totals) >= options["target"] and (
            len(top) == 1 or options["tie_rule"] == "shared"
        )
        assert state.is_terminal() == over
    returns = state.returns()
    top = [seat for seat in range(3) if state.scores()[seat] == max(state.scores())]
    assert sum(returns) == pytest.approx(0)
    if len(top) < 3:
        assert [seat for seat in range(3) if returns[seat] > 0] == top
        assert all(returns[seat] == -1.0 for seat in range(3) if seat not in top)


# ---------------------------------------------------------------------------
# Issue #33: the rules help states the end of the match exactly (§3.5)


def test_the_help_says_the_highest_total_wins_at_the_end_of_the_hand() -> None:
    game = parlour.make("knaves")
    english = " ".join(game.rules_help("en").split())
    spanish = " ".join(game.rules_help("es").split())
    assert "first player to 20" not in english
    assert "primer jugador que llega a 20" not in spanish
    assert ("The match ends after the first hand at whose end some total is 20 or more: the "
            "highest total then wins.") in english
    assert ("La partida termina tras la primera mano al final de la cual algún total llega a "
            "20 o más: gana entonces el total más alto.") in spanish


# ---------------------------------------------------------------------------
# Issue #33 variants. Sources (named in the rules help):
#   turned_jack=no_trumps, all_jacks_bonus: "Knaves", lots-of-kids-games.com/knaves.html
#   no_trumps_on_repeat: "Knaves", upthevacuumthingy.blogspot.com/2008/06/knaves.html


def test_variant_a_turned_jack_means_no_trumps() -> None:
    """K-6's deal (turn-up JD) with ``turned_jack = no_trumps`` (source:
    lots-of-kids-games.com/knaves.html, "if the turned over card is a jack,
    there is no trump suit for that hand, and the jack is put to the side").
    Tricks 1-6 go as in K-6 (no trump is played in them). Trick 7, P0 8H,
    P1 6D, P2 TH: with diamonds trumps P1's 6D wins (K-6); without trumps
    6D is a discard and P2's TH, the highest heart, wins. The jack of
    diamonds is out of play and costs nobody anything: the hand hands out
    17 - 4 - 2 - 1 = 10 points."""
    state = make_state(K6_HANDS, "JD", turned_jack="no_trumps")
    observation = state.observation(1)
    assert observation["trumps"] is None
    assert observation["zones"]["turnup"] == "JD"
    assert codes(state, state.card_locations()["out of play"]) == {"JD"}
    tensor = state.observation_tensor(1)
    assert list(tensor[-4:]) == [0.0, 0.0, 0.0, 0.0]  # the trumps block: none
    assert tensor[52 + 13 * 2 + 9] == 1.0  # the out-of-play block shows JD (id 2 * 13 + 9)
    play_table(state, K6_TABLE[:6])
    assert play_trick(state, "P0 8H, P1 6D, P2 TH") == 2
    finish_hand(state, loser=0)
    [scores] = state.hand_results()
    assert sum(scores) == 10


def test_variant_a_turned_jack_with_trumps_as_before() -> None:
    """The same deal and trick 7 with the default ``out_of_play``: diamonds
    are trumps and P1's 6D wins it (K-6)."""
    state = make_state(K6_HANDS, "JD")
    play_table(state, K6_TABLE[:7])
    assert state.observation(0)["zones"]["last_trick"]["winner"] == 1


def test_variant_a_a_turned_plain_card_still_makes_trumps() -> None:
    state = make_state(K1_HANDS, "9H", turned_jack="no_trumps")
    assert state.observation(0)["trumps"] == "Hearts"
    assert play_trick(state, "P1 KS, P2 2H, P0 AS") == 2  # K-1: P2 trumps


@pytest.mark.parametrize(
    ("previous", "trumps", "winner"),
    [("Hearts", None, 0), ("hearts", None, 0), ("Spades", "Hearts", 2), (None, "Hearts", 2)],
)
def test_variant_b_the_previous_hands_trump_suit_means_no_trumps(
        previous: str | None, trumps: str | None, winner: int) -> None:
    """K-1's deal (turn-up 9H) as a later hand of a match, with
    ``no_trumps_on_repeat`` (source: upthevacuumthingy.blogspot.com,
    "Knaves", June 2008: "if card 52 is the same suit as the last hand then
    there are no trumps this time round"). The previous hand's trumps were
    hearts: no trumps, and in trick 1 (P1 KS, P2 2H, P0 AS) P2's 2H is a
    discard and P0's AS wins. Previous trumps spades, or none: hearts are
    trumps and P2's 2H wins (K-1)."""
    game = parlour.make("knaves", no_trumps_on_repeat=True)
    state = game.new_state(deal={"dealer": 0, "hands": [hand.split() for hand in K1_HANDS],
                                 "turnup": "9H", "previous_trumps": previous})
    assert state.observation(2)["trumps"] == trumps
    assert state.observation(2)["zones"]["turnup"] == "9H"
    assert play_trick(state, "P1 KS, P2 2H, P0 AS") == winner


def test_variant_b_a_match_never_repeats_its_trumps() -> None:
    """Seed 6 turns up 6H, 5H and 9H for the first three hands. Hand 1 has
    hearts trumps; hand 2 turns up a heart again: no trumps; hand 3 turns up
    a heart once more, and as hand 2 had no trumps, hearts are trumps."""
    state = parlour.make("knaves", no_trumps_on_repeat=True).new_state(seed=6)
    seen: list[tuple[str, str | None]] = []
    for hand in range(3):
        observation = state.observation(0)
        seen.append((observation["zones"]["turnup"], observation["trumps"]))
        while len(state.hand_results()) == hand:
            state.apply(state.legal_actions()[0])
    assert seen == [("6H", "Hearts"), ("5H", None), ("9H", "Hearts")]
    default = parlour.make("knaves").new_state(seed=6)
    while not default.hand_results():
        default.apply(default.legal_actions()[0])
    assert default.observation(0)["trumps"] == "Hearts"  # without the option: trumps


def test_variant_b_a_bad_previous_trump_suit_is_refused() -> None:
    game = parlour.make("knaves", no_trumps_on_repeat=True)
    with pytest.raises(ParseError) as caught:
        game.new_state(deal={"dealer": 0, "hands": [hand.split() for hand in K1_HANDS],
                             "turnup": "9H", "previous_trumps": "Roses"})
    assert str(caught.value) == ("'previous_trumps' must be a suit (Spades, Hearts, Diamonds, "
                                 "Clubs) or null, not 'Roses'")
    with pytest.raises(ParseError) as caught:
        parlour.make("knaves").new_state(deal={
            "dealer": 0, "hands": [hand.split() for hand in K1_HANDS], "turnup": "9H",
            "previous_trumps": "Hearts"})
    assert str(caught.value) == ("unknown deal key 'previous_trumps'; a knaves deal has dealer, "
                                 "hands, scores, turnup")


ALL_JACKS_HANDS = [
    "KS QS JS TS 9S 8S 7S 6S 5S 4S TH 9H 8H 7H 6H 5H 4H",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AH KH QH JH AS",
    "3S 2S 3H 2H AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
]


@pytest.mark.parametrize(("bonus", "scores"), [(False, [0, 7, 0]), (True, [0, 27, 0])])
def test_variant_c_all_four_jacks(bonus: bool, scores: list[int]) -> None:
    """``all_jacks_bonus`` (source: lots-of-kids-games.com/knaves.html, "if
    one player gets all the jacks, she receives 10 points"). Turn-up 2C:
    clubs are trumps and P1 holds the other twelve. P1 leads them, the
    others being void throw JS (P0) and JD (P2) on trick 1, then leads
    AH KH QH JH AS, each unbeaten. P1 wins all 17 tricks and all four jacks:
    17 - 10 = 7 without the bonus, 17 + 10 = 27 with it."""
    state = make_state(ALL_JACKS_HANDS, "2C", all_jacks_bonus=bonus)
    assert play_trick(state, "P1 AC, P2 JD, P0 JS") == 1
    leads = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AH KH QH JH AS".split()  # noqa: SIM905
    for lead in leads:
        assert state.current_player() == 1
        play(state, lead)
        for _ in range(2):
            state.apply(state.legal_actions()[0])
    assert state.hand_results() == [scores]


def test_variant_c_three_jacks_are_no_bonus() -> None:
    """Three jacks are not four: K-7 (P0 takes JC JH JD, P2 takes JS) with
    ``all_jacks_bonus`` scores exactly as without it: P0 8 - 2 - 4 - 3 = -1,
    P1 4, P2 5 - 1 = 4."""
    state = make_state(K7_HANDS, "QH", all_jacks_bonus=True)
    play_table(state, K7_TABLE)
    assert state.hand_results() == [[-1, 4, 4]]


def test_variant_c_a_turned_jack_to_the_last_trick_completes_the_four() -> None:
    """Turn-up JH with ``to_last_trick`` and ``all_jacks_bonus``: hearts are
    trumps and P1 holds the other twelve, with AS KS AC KC AD. He leads his
    hearts (P2 throws JC and P0 JS on trick 1, P0 JD on trick 2), then AS KS
    AC KC AD, each unbeaten: he wins all 17 tricks, the last one with the
    turned JH added to it, so all four jacks: 17 + 10 = 27."""
    hands = [
        "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S KD QD JD TD 9D 8D",
        "AH KH QH TH 9H 8H 7H 6H 5H 4H 3H 2H AS KS AC KC AD",
        "QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 7D 6D 5D 4D 3D 2D",
    ]
    state = make_state(hands, "JH", turned_jack="to_last_trick", all_jacks_bonus=True)
    assert play_trick(state, "P1 AH, P2 JC, P0 JS") == 1
    assert play_trick(state, "P1 KH, P2 2C, P0 JD") == 1
    for lead in "QH TH 9H 8H 7H 6H 5H 4H 3H 2H AS KS AC KC AD".split():  # noqa: SIM905
        assert state.current_player() == 1
        play(state, lead)
        for _ in range(2):
            state.apply(state.legal_actions()[0])
        assert state.observation(0)["zones"]["last_trick"]["winner"] == 1
    assert state.hand_results() == [[0, 27, 0]]

"""The heuristic player of Costly Colours: legal through whole matches for
two and four players on several option sets, deterministic for a seed,
fast enough for rollouts, its show and play arithmetic equal to the
engine's, and the right move in positions a cribbage player knows (set up
with fixed deals).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.costly import play_points, show_value
from parlour.cards import FRENCH_52
from parlour.games.costly_colours import PIPS, RUN_RANKS, count_show, play_score
from support import heuristic_match

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"players": 4},
    {"mog_order": "cotton", "go_rule": "go_plus_31", "mog_jack_deuce_credit": True},
    {"pairs_in_play": False, "runs_in_play": False, "target": 121},
    {"players": 4, "four_hand_mog": "elder_side_only", "mog_order": "cotton"},
    {"players": 4, "pairs_in_play": False, "target": 121},
]
IDS = [",".join(f"{key}={value}" for key, value in options.items()) or "defaults"
       for options in OPTION_SETS]


def play_match(options: dict[str, Any], seed: int,
               heuristic_seats: set[int] | None = None) -> list[int]:
    """A costly-colours match: the heuristic player in ``heuristic_seats`` (default
    all), random players elsewhere; its actions."""
    return heuristic_match("costly-colours", options, seed, heuristic_seats)[0]


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_legal_through_whole_matches(options: dict[str, Any]) -> None:
    for seed in range(2):
        play_match(options, seed)
        play_match(options, seed, heuristic_seats={seed})


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=IDS[:3])
def test_deterministic_for_a_seed(options: dict[str, Any]) -> None:
    assert play_match(options, 11) == play_match(options, 11)


def test_show_value_is_the_engines_show() -> None:
    rng = random.Random(3)
    codes = [card.code for card in FRENCH_52.cards]
    for _ in range(2000):
        *own, up = rng.sample(range(52), 4)
        expected = count_show([codes[card] for card in own], codes[up]).total
        assert show_value(own, up) == expected


@pytest.mark.parametrize(("pairs", "runs"), [(True, True), (False, True), (True, False)])
def test_play_points_are_the_engines_play_score(pairs: bool, runs: bool) -> None:
    rng = random.Random(4)
    for _ in range(2000):
        *pile, card = rng.sample(range(52), rng.randint(1, 8))
        if sum(PIPS[other] for other in pile) + PIPS[card] > 31:
            continue
        expected = sum(points for _, points in play_score([*pile, card], pairs, runs))
        ranks = [RUN_RANKS[other] for other in pile]
        count = sum(PIPS[other] for other in pile)
        assert play_points(ranks, count, [RUN_RANKS[card]], pairs, runs) == [expected]


# --- positions -----------------------------------------------------------------
def heuristic_move(hands: list[str], turnup: str, actions: str = "", dealer: int = 1,
                   **options: Any) -> str:
    """The heuristic player's move, as text, in a fixed deal (``hands``
    space-separated codes, seat 0 first) after ``actions``."""
    deal = {"dealer": dealer, "hands": [hand.split() for hand in hands], "turnup": turnup}
    state = parlour.make("costly-colours", **options).new_state(seed=1, deal=deal)
    for text in actions.split():
        state.apply(state.parse_action(text))
    seat = state.current_player()
    action = heuristic_action(state.observation(seat), state.legal_actions(), random.Random(0))
    text: str = state.action_to_str(action)
    return text


def test_makes_fifteen() -> None:
    # P1's deal: the elder leads the ten, the dealer's five makes 15 for 2
    assert heuristic_move(["TD KH 3S", "5H QC 8S"], "4C", "refuse TD") == "5H"


def test_makes_thirty_one() -> None:
    # 10, 20, 25: the six makes 31 with four cards (the deuce leaves 27)
    assert heuristic_move(["TD 5C 4S", "KH 6H 2C"], "AS", "refuse TD KH 5C") == "6H"


def test_pairs_when_no_prial_can_follow() -> None:
    # the fourth seven is the turn-up: the pair (2) is safe
    assert heuristic_move(["7S 2D 9H", "7H 7D KD"], "7C", "refuse 7S") in ("7H", "7D")


def test_does_not_pair_into_a_known_prial() -> None:
    # the dealer gave the elder 7C in the mog: a pair of sevens gives him a prial
    assert heuristic_move(["7S 2D 9H", "7C 7H KD"], "QS", "consent proceed 2D 7C 7S") == "KD"


@pytest.mark.parametrize("hand", ["5H 9C 2D", "5H 8C 4D"])
def test_does_not_lead_a_five(hand: str) -> None:
    # a five invites a ten for 15
    assert heuristic_move([hand, "5S QC 8S"], "KD", "refuse") != "5H"


@pytest.mark.parametrize("hand", ["9C TD 3S", "9C TD 7S"])
def test_does_not_leave_twenty_one(hand: str) -> None:
    # at 11 the ten would leave 21, where any ten card makes 31
    assert heuristic_move([hand, "2H QS 8D"], "5C", "refuse 9C 2H") != "TD"


def test_keeps_the_low_card_for_the_last_point() -> None:
    # at 20: the nine leaves 29 (the ace then takes the last point); the ace
    # would leave 21, where any ten makes 31
    assert heuristic_move(["TD 9S AH", "KC 5S 4D"], "QH", "refuse TD KC") == "9S"


def test_keeps_a_strong_hand_out_of_the_mog() -> None:
    # three Knaves and the turned five are the 34 hand
    assert heuristic_move(["5S QC 8S", "JD JS JH"], "5H") == "refuse"
    assert heuristic_move(["JD JS JH", "5S QC 8S"], "5H", "consent") == "withdraw"
    assert heuristic_move(["JD JS JH", "5S QC 8S"], "5H", mog_order="cotton") == "no-offer"


def test_mogs_a_weak_hand() -> None:
    # 3C 8D KS with 6H shows nothing
    assert heuristic_move(["3C 8D KS", "5S QC 8S"], "6H", "consent") == "proceed"
    assert heuristic_move(["5S QC 8S", "3C 8D KS"], "6H") == "consent"
    assert heuristic_move(["3C 8D KS", "5S QC 8S"], "6H", mog_order="cotton") == "offer"


def test_does_not_refuse_the_winning_point() -> None:
    # the elder needs one point: refusing would give him the match
    deal: dict[str, Any] = {"dealer": 1, "hands": [["3C", "8D", "KS"], ["JD", "JS", "JH"]],
                            "turnup": "5H", "scores": [60, 40]}
    state = parlour.make("costly-colours").new_state(seed=1, deal=deal)
    action = heuristic_action(state.observation(1), state.legal_actions(), random.Random(0))
    assert state.action_to_str(action) == "consent"


def test_gives_away_its_weakest_card() -> None:
    # 5D TC with 4H make 15 and 25... the eight adds nothing
    assert heuristic_move(["5H TC 8S", "5S QC 7S"], "4H", "consent proceed") == "8S"


def test_keeps_the_right_knave_unless_the_giver_is_credited() -> None:
    # hearts are trumps: JH is worth 4 in the show; 9C 6D make 15
    assert heuristic_move(["JH 9C 6D", "5S QC 8S"], "4H", "consent proceed") != "JH"
    assert heuristic_move(["JH 9C 6D", "5S QC 8S"], "4H", "consent proceed",
                          mog_jack_deuce_credit=True) == "JH"


FOUR_HANDS = ["3C 8D KS", "5S QC 8S", "9H 2S AD"]


def test_pack_privilege_for_a_weak_hand_only() -> None:
    # the dealer (seat 3) refuses the mog and may take the card under the turn-up
    weak = heuristic_move([*FOUR_HANDS, "3D 7C QS"], "6H", "refuse", dealer=3, players=4)
    assert weak in ("3D", "7C", "QS")
    strong = heuristic_move([*FOUR_HANDS, "JD JS JH"], "5H", "refuse", dealer=3, players=4)
    assert strong == "no-pack"


def test_gives_a_knave_to_its_partner_but_not_to_an_opponent() -> None:
    # 8D 7S make 15 with any turn-up; the Knave of clubs is worth 2 to whoever holds it
    assert heuristic_move(["JC 8D 7S", "5S QC 9S"], "3H", "consent proceed") == "7S"
    hands = ["JC 8D 7S", "5S QC 9S", "3D 6D AS", "4C TD 9H"]
    assert heuristic_move(hands, "3H", "consent proceed", dealer=3, players=4) == "JC"


def test_plays_for_its_partner() -> None:
    # E1 (seat 0) gave 4H to his partner E2 in the mog. At 25, with the dealer
    # gone, the deuce leaves 27: the dealer's partner cannot add a ten card and
    # E2's 4H makes 31 for the side (the three would leave 28)
    hands = ["4H 9C 2S", "KS QD JC", "7D 6C 3D", "KH QS JD"]
    actions = "consent proceed 4H KS 3D KH 9C KH 6C go"
    assert heuristic_move(hands, "8S", actions, dealer=3, players=4) == "2S"

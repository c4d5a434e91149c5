"""The heuristic player of Progress: legal through whole matches on several
option sets and table sizes, deterministic for a seed, fast enough for
rollouts, and the right move in positions a competent player knows (set up
with fixed deals in the middle of a hand).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour
from parlour.agents.heuristic import heuristic_action
from support import heuristic_match

OPTION_SETS: list[dict[str, Any]] = [
    {"target": 30},
    {"players": 2, "target": 30},
    {"players": 8, "large_table": "two_decks", "target": 30},
    {"players": 8, "target": 30},
    {"players": 3, "wraparound": False, "p_followup": "optional", "target": 30},
    {"deferral": "never", "p_may_open": True, "target": 30},
    {"deferral": "after_any_card", "defer_sevens": "reopening_only", "target": 30},
    {"players": 6, "large_table": "two_decks", "direction_lock": True,
     "reopen_only_when_blocked": False, "target": 30},
]
IDS = [",".join(f"{key}={value}" for key, value in options.items()) for options in OPTION_SETS]


def play_match(options: dict[str, Any], seed: int,
               heuristic_seats: set[int] | None = None) -> list[int]:
    """A progress match: the heuristic player in ``heuristic_seats`` (default
    all), random players elsewhere; its actions."""
    return heuristic_match("progress", options, seed, heuristic_seats)[0]


@pytest.mark.parametrize("options", OPTION_SETS, ids=IDS)
def test_legal_through_whole_matches(options: dict[str, Any]) -> None:
    for seed in range(2):
        play_match(options, seed)
        play_match(options, seed, heuristic_seats={seed})


@pytest.mark.parametrize("options", OPTION_SETS[:3], ids=IDS[:3])
def test_deterministic_for_a_seed(options: dict[str, Any]) -> None:
    assert play_match(options, 11) == play_match(options, 11)


# --- positions -----------------------------------------------------------------
def position(hands: list[str], pile: str, to_move: int = 1, **options: Any) -> Any:
    """A hand in progress: ``hands`` (space-separated codes, P0 first), the
    cards already played (``pile``, oldest first) and the seat to move."""
    deal = {"dealer": 0, "hands": [hand.split() for hand in hands], "pile": pile.split(),
            "to_move": to_move}
    return parlour.make("progress", **options).new_state(seed=1, deal=deal)


def heuristic_play(state: Any, plays: str = "") -> str:
    """The heuristic player's move, as text, after the moves of ``plays``."""
    for text in plays.split():
        state.apply(state.parse_action(text))
    seat = state.current_player()
    action = heuristic_action(state.observation(seat), state.legal_actions(), random.Random(0))
    text: str = state.action_to_str(action)
    return text


OTHERS = ["1Cr 5Mo 8Mo", "", "3Cr 1Su 6Mo", "6Cr 13Su 4St"]


def hands_with(mover: str) -> list[str]:
    """The other seats' hands of :data:`OTHERS`, with ``mover`` for P1."""
    return [mover if seat == 1 else hand for seat, hand in enumerate(OTHERS)]


def test_takes_the_long_run_rather_than_the_short_one() -> None:
    # On 8Cr: 9Mo is one card; 9Su runs on through 10Su 11Su 12Su.
    state = position(hands_with("9Su 10Su 11Su 12Su 9Mo 2St"), "7Cr 8Cr")
    assert heuristic_play(state) == "9Su"


def test_runs_through_13_to_1_with_wraparound() -> None:
    # On 11Cr: 12Mo 13Mo 1Mo 2Mo 3Mo is a run because 13 and 1 are neighbours.
    state = position(hands_with("12Mo 13Mo 1Mo 2Mo 3Mo 10Su"), "7Cr 8Cr 9Cr 10Cr 11Cr")
    assert heuristic_play(state) == "12Mo"
    assert heuristic_play(state, "12Mo 13Mo") == "1Mo"


def test_stops_rather_than_play_its_last_7() -> None:
    # After 11Cr (a sequence card) only 7Mo is left to play: keep it, so
    # that the next turn has a play whatever the top card.
    state = position(hands_with("11Cr 7Mo 2St 4Su 13Mo"), "7Cr 8Cr 9Cr 10Cr")
    assert heuristic_play(state) == "11Cr"
    assert heuristic_play(state, "11Cr") == "stop"


def test_goes_out_with_its_7() -> None:
    state = position(hands_with("12St 7Cr"), "7Su 8Su 9Su 10Su 11Su")
    assert heuristic_play(state, "12St") == "7Cr"


def test_keeps_the_progress_card_with_the_right_to_stop() -> None:
    state = position(hands_with("11Cr P 2St 4Su 13Mo 9Mo"), "7Cr 8Cr 9Cr 10Cr")
    assert heuristic_play(state, "11Cr") == "stop"


def test_goes_out_with_the_progress_card() -> None:
    # P, then 4Cr 5Cr as the free card's run, empties the hand.
    state = position(hands_with("11Cr P 4Cr 5Cr"), "7Cr 8Cr 9Cr 10Cr")
    assert heuristic_play(state, "11Cr") == "P"
    assert heuristic_play(state, "P") in {"4Cr", "5Cr"}


def test_the_free_card_starts_the_longest_run() -> None:
    state = position(hands_with("P 2Su 3Su 4Su 5Su 6Su 10Mo"), "7Cr 8Cr 9Cr 10Cr 11Cr 12Cr")
    # No card follows 12Cr and no 7 is held: P, then a free card.
    assert heuristic_play(state) == "P"
    assert heuristic_play(state, "P") in {"2Su", "6Su"}


def test_sheds_the_higher_of_two_equal_runs() -> None:
    # On 9Cr: 10Su 11Su or 8St 7St, two cards each; 10Su 11Su is worth more.
    state = position(hands_with("10Su 11Su 8St 7St 3Mo"), "7Cr 8Cr 9Cr")
    assert heuristic_play(state) == "10Su"

"""Polignac: issue 33's part. The rules help says that a hand is played
out after a failed capot; the variants (``pack`` 52, 7-8 players,
``direction`` right), each with a worked example computed by hand from its
sources (named in each test's docstring and in ``parlour rules polignac``).
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.engine.registry import game_class
from trick_play import say


def test_the_help_says_a_hand_is_played_out_after_a_failed_capot() -> None:
    """§2.3: "The hand is always played to the end, even after the capot has
    failed"; the help said what a failed capot costs but not that play goes
    on (issue 33, deviation 5)."""
    cls = game_class("polignac")
    assert ("The hand is always played out, even once the capot has failed: "
            "the tricks after the first one the bidder loses still count"
            in " ".join(cls.rules_help("en").split()))
    assert ("La mano se juega siempre hasta el final, aunque el capote ya haya "
            "fallado: las bazas que siguen a la primera que pierde el que lo "
            "anunció también cuentan" in " ".join(cls.rules_help("es").split()))


def test_after_the_capot_fails_the_hand_is_played_to_its_last_trick() -> None:
    """P-6 (rules §9.1): the capot fails at trick 1 and all eight tricks are
    still played; under ``jacks_normal`` the jacks of the later tricks count."""
    hands = ["9S 8S TH 9H 7D 9C 8C 7C", "KS 7S 7H TD 9D KC QC JC",
             "AS KH QH JH AH KD QD JD", "QS JS TS 8H AD 8D AC TC"]
    state = parlour.make("polignac", capot_fail="jacks_normal").new_state(
        deal={"dealer": 0, "hands": [hand.split() for hand in hands]})
    say(state, "pass", "capot")
    say(state, "KS", "AS", "QS", "9S")  # P1 wins trick 1: the capot has failed
    assert state.observation(0)["phase"] == "play"
    assert state.current_player() == 1
    assert state.hand_results() == []
    say(state, "JC", "JD", "AC", "7C", "7S", "AH", "JS", "8S", "8H", "9H", "7H", "JH")
    assert state.observation(0)["trick_number"] == 5
    assert state.hand_results() == []
    say(state, "KD", "8D", "7D", "9D", "QD", "AD", "TH", "TD", "KH", "TS", "9C", "QC",
        "QH", "TC", "8C", "KC")
    assert state.hand_results() == [[0, 2, 1, 2]]



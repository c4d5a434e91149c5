"""The rollout player (``parlour.agents.rollout``): it reads no hidden
state, is deterministic for a seed, keeps its base policy's move unless
the samples show a better one, and finds the clear move where a bad base
policy errs."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.agents.base import choose_action
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.ranter import stood_as_heuristic
from parlour.agents.rollout import BELIEF_TRIES, RolloutAgent
from parlour.engine import Observation, State
from parlour.games.ranter_go_round import EXCHANGE, STAND
from support import random_action

SEAT_0 = "KS QS 8H 7H AD 9D 8C 7C"
SEAT_1 = "JS AS 7S KH QH JH 7D TC"
SEAT_2 = "TS 9S 8S AH TH 9H KD QD"
SEAT_3 = "JD TD 8D KC QC JC AC 9C"


def polignac(hands: list[str], dealer: int = 3) -> State:
    deal = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    return parlour.make("polignac").new_state(deal=deal)


def all_pass(state: State) -> None:
    for _ in range(state.game.num_players):
        state.apply(state.parse_action("pass"))


def first_legal(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """A poor base policy: the lowest action id."""
    return min(legal)


def prefers(action: int) -> Any:
    """A base policy that plays ``action`` whenever it may, else the lowest id."""

    def policy(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
        return action if action in legal else min(legal)

    return policy


def test_overrules_a_base_policy_that_takes_the_polignac() -> None:
    """Seat 1 led the jack of spades (the Polignac); seat 2 may duck with
    the ten or take it with the king. The base policy takes it."""
    hands = ["JS 7H 8H 9H 7D 8D 7C 8C", "KS TS QH TH 9D TD 9C TC",
             "QS AS 9S AH KH JH AD KD", "8S 7S KC QC JC AC QD JD"]
    state = polignac(hands)
    all_pass(state)
    state.apply(state.parse_action("JS"))
    king, ten = state.parse_action("KS"), state.parse_action("TS")
    player = RolloutAgent(prefers(king), seed=2, iterations=60)
    assert choose_action(player, state) == ten
    assert player.last_departed
    assert player.last_iterations == 60


def test_announces_a_sure_capot_that_the_base_policy_passes() -> None:
    hands = ["KS QS JS AS TS 9S 8S 7S", "KH QH JH AH TH 9H 8H 7H",
             "KD QD JD AD TD 9D 8D 7D", "KC QC JC AC TC 9C 8C 7C"]
    state = polignac(hands)
    passing = state.parse_action("pass")
    player = RolloutAgent(prefers(passing), seed=1, iterations=20)
    assert choose_action(player, state) == state.parse_action("capot")


def test_keeps_the_base_move_without_evidence() -> None:
    """A base policy that already plays well is not overruled on noise:
    the heuristic's moves stand through a whole Costly Colours hand."""
    state = parlour.make("costly-colours").new_state(seed=2)
    player = RolloutAgent(heuristic_action, seed=4, iterations=30, margin=50.0)
    while not state.hand_results():
        seat = state.current_player()
        expected = heuristic_action(state.observation(seat), state.legal_actions(),
                                    random.Random(0))
        move = choose_action(player, state)
        assert not player.last_departed
        if len(state.legal_actions()) > 1:
            assert move == expected
        state.apply(move)


@pytest.mark.parametrize("name", ["polignac", "costly-colours", "progress"])
def test_same_move_in_states_the_seat_cannot_tell_apart(name: str) -> None:
    rng = random.Random(name)
    state = parlour.make(name).new_state(seed=13)
    checked = 0
    while not state.is_terminal() and checked < 2:
        seat = state.current_player()
        if seat >= 0 and len(state.legal_actions()) > 1 and rng.random() < 0.3:
            twin = state.determinize(seat, rng)
            moves = {
                choose_action(RolloutAgent(heuristic_action, seed=checked, iterations=12),
                              position)
                for position in (state, twin)
            }
            assert len(moves) == 1
            checked += 1
        state.apply(random_action(state, rng))
    assert checked == 2


class Spy:
    ALLOWED = frozenset({"determinize", "current_player", "legal_actions", "hand_results",
                         "game", "observation"})

    def __init__(self, state: State) -> None:
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the rollout player read state.{name}")
        return getattr(object.__getattribute__(self, "_state"), name)


def test_reads_the_real_state_only_through_the_seat_s_calls() -> None:
    state = polignac([SEAT_0, SEAT_1, SEAT_2, SEAT_3])
    all_pass(state)
    spy: Any = Spy(state)
    assert RolloutAgent(first_legal, seed=1, iterations=5).choose_in(spy, 0) in (
        state.legal_actions())


def test_same_seed_same_moves_and_forced_moves_are_free() -> None:
    state = parlour.make("costly-colours").new_state(seed=6)
    one = RolloutAgent(heuristic_action, seed=9, iterations=10)
    two = RolloutAgent(heuristic_action, seed=9, iterations=10)
    for _ in range(12):
        move = choose_action(one, state)
        assert choose_action(two, state) == move
        if len(state.legal_actions()) == 1:
            assert one.last_iterations == 0
        state.apply(move)


@pytest.mark.parametrize(
    ("knobs", "message"),
    [
        ({"iterations": None}, "needs a budget"),
        ({"iterations": 1}, "at least 2"),
        ({"seconds": 0.0}, "positive"),
    ],
)
def test_bad_budgets(knobs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RolloutAgent(first_legal, **knobs)


def test_only_the_seat_to_move_chooses() -> None:
    state = polignac([SEAT_0, SEAT_1, SEAT_2, SEAT_3])
    with pytest.raises(ValueError, match="seat 2 is not to move"):
        RolloutAgent(first_legal, iterations=5).choose_in(state, 2)


def test_a_belief_leans_the_samples_the_way_the_others_played() -> None:
    """Ranter Go Round, five players: the four before the dealer all stood
    (on a 10, 9, Jack and Queen); the dealer holds the 7 of clubs. Dealing
    them any unseen card, the 7 is worth keeping (as many unseen cards are
    lower as higher: the heuristic stands, and so does the plain rollout
    player); knowing that a player who stands holds a 7 or better, it is
    likely the lowest card at the table, and the rollout player with the
    heuristic's belief cuts the stock."""
    deal = {"dealer": 4, "hands": [["TS"], ["9H"], ["JD"], ["QS"], ["7C"]]}
    state = parlour.make("ranter-go-round", players=5).new_state(seed=1, deal=deal)
    for _ in range(4):
        state.apply(STAND)
    assert heuristic_action(state.observation(4), state.legal_actions(), random.Random(1)) == STAND
    for seed in (1, 2):
        plain = RolloutAgent(heuristic_action, seed=seed, iterations=300)
        believing = RolloutAgent(heuristic_action, seed=seed, iterations=300,
                                 belief=stood_as_heuristic)
        assert plain.choose_in(state, 4) == STAND
        assert believing.choose_in(state, 4) == EXCHANGE
        assert believing.last_departed


def test_a_belief_that_rejects_everything_still_leaves_samples() -> None:
    """Past the last try the last draw is used: the player still decides."""
    state = parlour.make("costly-colours").new_state(seed=6)
    calls: list[int] = []

    def never(world: State, seat: int) -> bool:
        calls.append(seat)
        return False

    player = RolloutAgent(heuristic_action, seed=3, iterations=4, belief=never)
    seat = state.current_player()
    assert choose_action(player, state) in state.legal_actions()
    assert player.last_iterations == 4
    assert calls == [seat] * 4 * (BELIEF_TRIES - 1)

"""The playing levels (``parlour.agents.levels``): each game gets its own
``hard`` player where it registers one, the search elsewhere."""

from __future__ import annotations

import pytest

import parlour
from parlour.agents import ISMCTSAgent, choose_action, make_agent
from parlour.agents.heuristic import heuristic_action
from parlour.agents.heuristic.bharg import LookaheadAgent
from parlour.agents.heuristic.ranter import stood_as_heuristic
from parlour.agents.levels import (
    HARD_ITERATIONS,
    HARD_SECONDS,
    ROLLOUT_ITERATIONS,
    LevelAgent,
    hard,
    hard_classic,
)
from parlour.agents.rollout import RolloutAgent


def test_hard_plays_bharg_with_the_lookahead_and_the_rest_with_the_search() -> None:
    level = hard(seed=3)
    assert isinstance(level, LevelAgent)
    assert level.name == "hard"
    assert isinstance(level.player("bharg"), LookaheadAgent)
    search = level.player("knaves")
    assert isinstance(search, ISMCTSAgent)
    assert (search.iterations, search.seconds) == (HARD_ITERATIONS, HARD_SECONDS)
    assert level.player("knaves") is search  # made once, then kept


def test_hard_classic_plays_ranter_go_round_with_the_believing_rollout_player() -> None:
    player = hard_classic(seed=3).player("ranter-go-round")
    assert isinstance(player, RolloutAgent)
    assert player.belief is stood_as_heuristic
    assert (player.iterations, player.seconds) == (ROLLOUT_ITERATIONS, HARD_SECONDS)


@pytest.mark.parametrize("game", ["progress", "costly-colours"])
def test_hard_plays_progress_and_costly_colours_with_the_rollout_player(game: str) -> None:
    player = hard(seed=3).player(game)
    assert isinstance(player, RolloutAgent)
    assert player.belief is None
    assert player.policy is heuristic_action
    assert (player.iterations, player.seconds) == (ROLLOUT_ITERATIONS, HARD_SECONDS)


def test_a_level_is_deterministic_for_a_seed() -> None:
    state = parlour.make("bharg").new_state(seed=8)
    one, two = hard(seed=5), hard(seed=5)
    for player in (one, two):
        lookahead = player.player("bharg")
        assert isinstance(lookahead, LookaheadAgent)
        lookahead.draws = 4
    for _ in range(6):
        move = choose_action(one, state)
        assert choose_action(two, state) == move
        state.apply(move)


def test_only_the_seat_to_move_chooses() -> None:
    state = parlour.make("bharg").new_state(seed=8)
    with pytest.raises(ValueError, match="seat 1 is not to move"):
        make_agent("hard", 1).choose_in(state, 1)  # type: ignore[union-attr]

"""Every registered agent on every registered game and option set (the
spread of ``tests/support.py``): asked through :func:`choose_action`, as
every surface asks, it plays only legal moves through a whole short match,
and the same seed gives the same match.

Search agents play with a small iteration budget to keep the suite fast.
"""

from __future__ import annotations

import random

import pytest

from parlour.agents import AGENTS, AnyAgent, ISMCTSAgent, choose_action, make_agent
from parlour.agents.heuristic.lookahead import DrawLookahead
from parlour.agents.levels import LevelAgent
from parlour.agents.rollout import RolloutAgent
from parlour.agents.solving import SolverAgent
from parlour.agents.vector_rollout import VectorRolloutAgent
from support import GAME_OPTION_IDS, GAME_OPTION_SETS, make, random_action

SEARCH_ITERATIONS = 4
"""Iterations per move for search agents here (their moves stay legal and
seeded at any budget; only their strength grows with it)."""

MAX_STEPS = 5_000


def small_agent(name: str, seed: int, game_name: str) -> AnyAgent:
    """The agent registered as ``name``, with a small budget if it searches
    (a level's player for ``game_name`` included)."""
    agent = make_agent(name, seed)
    player = agent.player(game_name) if isinstance(agent, LevelAgent) else agent
    if isinstance(player, ISMCTSAgent):
        player.iterations = SEARCH_ITERATIONS
        player.seconds = None
    if isinstance(player, DrawLookahead):
        player.draws = 2
    if isinstance(player, RolloutAgent):
        player.iterations = 2
        player.seconds = None
    if isinstance(player, VectorRolloutAgent):
        player.deals = 2
        player.playouts = 1
        player.batch_size = 1  # the smallest batch its moves need
        player.seconds = None
    if isinstance(player, SolverAgent):
        player.samples = min(player.samples, 2)
        player.nodes = 500
        player.seconds = None
    return agent


def play_match(agent_name: str, game_name: str, options: dict[str, object],
               seed: int) -> list[int]:
    """A match with ``agent_name`` in every seat; its actions. Each move is
    checked against the legal actions before it is applied."""
    game = make(game_name, options)
    state = game.new_state(seed=seed)
    agents = [small_agent(agent_name, seed * 100 + seat, game_name)
              for seat in range(game.num_players)]
    chance = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return list(state.history)
        if state.is_chance_node():
            state.apply(random_action(state, chance))
            continue
        legal = state.legal_actions()
        action = choose_action(agents[state.current_player()], state)
        assert action in legal, (
            f"{agent_name} chose {action} in {game_name} {options}; legal: {legal}"
        )
        state.apply(action)
    raise AssertionError(f"the match did not end within {MAX_STEPS} steps")


@pytest.mark.parametrize("agent_name", sorted(AGENTS))
@pytest.mark.parametrize(("game_name", "options"), GAME_OPTION_SETS, ids=GAME_OPTION_IDS)
def test_legal_and_deterministic(agent_name: str, game_name: str,
                                 options: dict[str, object]) -> None:
    first = play_match(agent_name, game_name, options, seed=1)
    assert play_match(agent_name, game_name, options, seed=1) == first

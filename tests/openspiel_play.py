"""Playing an OpenSpiel game to its end with OpenSpiel's bots, for the
tests of the OpenSpiel adapter (import it only where ``pyspiel`` is)."""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python.bots.uniform_random import UniformRandomBot


def play_with_bots(game: Any, first: Any, rng: np.random.RandomState) -> Any:
    """The final state of ``game`` played by ``first`` in seat 0 and
    OpenSpiel's uniform random bot in every other seat, chance drawn with
    ``rng``."""
    bots = [first] + [UniformRandomBot(seat, rng) for seat in range(1, game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state

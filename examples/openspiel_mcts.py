"""OpenSpiel's MCTS bot against random bots in a parlour game.

Seat 0 is OpenSpiel's ``MCTSBot`` with random rollouts; every other seat
is a uniform random bot. The MCTS bot must not see hidden cards, so before
each of its moves it searches a determinization: the match re-dealt
consistently with what its seat knows (``resample_from_infostate``, which
is parlour's ``State.determinize``). Chance nodes (the deals) are sampled
from their outcomes. Prints each match's returns and the MCTS seat's mean.

    python examples/openspiel_mcts.py ranter-go-round --matches 3 players=3 lives=2
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator
from open_spiel.python.bots.uniform_random import UniformRandomBot

import parlour
from parlour.engine import OptionError, parse_option_assignments
from parlour.rl.openspiel import openspiel_name

MCTS_SEAT = 0


def load_game(name: str, assignments: Sequence[str]) -> Any:
    """The OpenSpiel game of parlour game ``name`` with ``name=value``
    options, typed by the game's option schema."""
    given = parse_option_assignments(assignments)
    typed = parlour.make(name, **given).options
    return pyspiel.load_game(openspiel_name(name), {key: typed[key] for key in given})


def play_match(game: Any, simulations: int, rng: np.random.RandomState) -> list[float]:
    """One match: MCTS in :data:`MCTS_SEAT`, random bots elsewhere."""
    evaluator = RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                       random_state=rng)
    others = {seat: UniformRandomBot(seat, rng) for seat in range(game.num_players())}
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            action = int(rng.choice(outcomes, p=probabilities))
        elif seat == MCTS_SEAT:
            action = searcher.step(state.resample_from_infostate(seat, sampler))
        else:
            action = others[seat].step(state)
        state.apply_action(action)
    return [float(value) for value in state.returns()]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a registered game (parlour list)")
    parser.add_argument("options", nargs="*", help="game options as name=value")
    parser.add_argument("--matches", type=int, default=3, help="matches to play")
    parser.add_argument("--simulations", type=int, default=100,
                        help="MCTS simulations per move")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bots and the deals")
    arguments = parser.parse_intermixed_args(argv)
    try:
        game = load_game(arguments.game, arguments.options)
    except OptionError as error:
        parser.error(str(error))
    rng = np.random.RandomState(arguments.seed)
    print(f"{game}: MCTS ({arguments.simulations} simulations) in seat {MCTS_SEAT}, "
          "random bots elsewhere")
    total = 0.0
    for index in range(arguments.matches):
        returns = play_match(game, arguments.simulations, rng)
        total += returns[MCTS_SEAT]
        print(f"match {index + 1}: returns {' '.join(f'{value:+g}' for value in returns)}")
    print(f"mean return of the MCTS seat: {total / arguments.matches:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

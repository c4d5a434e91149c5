"""How long OpenSpiel's bots think a move against the level that paces them.

Usage: ``python scripts/openspiel_pace.py GAME [--agent openspiel-ismcts] [--deals N]
[--option name=value ...]``

Plays ``N`` deals (seeds 0 to N-1) with the agent at seat 0 and ``easy``
at the others, after one deal not counted (the first move of a process
pays for the level's one-time setup, such as compiling the vector engine,
and the bot is given that time too), and prints, over the agent's
searched moves, the mean CPU
time a move of the level that paces it and of OpenSpiel's bot (which
should be equal, the bot overrunning by at most one simulation, or one
world of :data:`~parlour.agents.openspiel_bots.MCTS_WORLD_SIMULATIONS` for
MCTS), and the bot's simulations a move.
"""

from __future__ import annotations

import argparse

import parlour
from parlour.agents import choose_action, make_agent
from parlour.agents.openspiel_bots import OpenSpielAgent, make_openspiel_agent
from parlour.engine import Game, parse_option_assignments

WARM_UP_SEED = 1_000_000
"""The seed of the deal played before the counted ones."""


def play(game: Game, agent: OpenSpielAgent, seed: int) -> None:
    """One match of ``game`` dealt by ``seed``: ``agent`` at seat 0, ``easy`` elsewhere."""
    state = game.new_state(seed=seed)
    field = [make_agent("easy", seed * 100 + seat) for seat in range(game.num_players)]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(choose_action(agent if seat == 0 else field[seat], state))


def main() -> None:
    """Play the deals and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a registered game")
    parser.add_argument("--agent", default="openspiel-ismcts", help="an OpenSpiel bot's name")
    parser.add_argument("--deals", type=int, default=2, help="deals to play")
    parser.add_argument("--option", action="append", default=[], help="a game option name=value")
    arguments = parser.parse_args()
    game = parlour.make(arguments.game, **parse_option_assignments(arguments.option))
    play(game, make_openspiel_agent(arguments.agent, 0), WARM_UP_SEED)
    agent = make_openspiel_agent(arguments.agent, 1)
    for deal in range(arguments.deals):
        play(game, agent, deal)
    moves = max(agent.moves, 1)
    print(f"{game!r}, {arguments.agent}, {arguments.deals} deals: {agent.moves} searched moves; "
          f"CPU s a move: pace {agent.paced_seconds / moves:.3f}, "
          f"OpenSpiel {agent.searched_seconds / moves:.3f}; "
          f"{agent.simulations / moves:.0f} simulations a move")


if __name__ == "__main__":
    main()

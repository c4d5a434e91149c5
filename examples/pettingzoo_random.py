"""Random legal play through parlour's PettingZoo AEC environment.

Plays a few matches of a game, every seat choosing uniformly among the
actions its mask allows, and prints each match's rewards (the match
returns) by agent.

    python examples/pettingzoo_random.py polignac --matches 3 --seed 1 target=8
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np
from pettingzoo import AECEnv

from parlour.engine import parse_option_assignments
from parlour.rl.pettingzoo import env


def play_match(table: AECEnv, seed: int) -> dict[str, float]:
    """One match from ``reset(seed=seed)``; each agent's final reward."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    rewards: dict[str, float] = {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        table.step(action)
    return rewards


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a registered game (parlour list)")
    parser.add_argument("options", nargs="*", help="game options as name=value")
    parser.add_argument("--matches", type=int, default=3, help="matches to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    arguments = parser.parse_intermixed_args(argv)
    table = env(arguments.game, **parse_option_assignments(arguments.options))
    for index in range(arguments.matches):
        seed = arguments.seed + index
        rewards = play_match(table, seed)
        shown = ", ".join(f"{agent} {rewards[agent]:+g}" for agent in table.possible_agents)
        print(f"match {index + 1} (seed {seed}): {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

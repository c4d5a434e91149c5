"""Random legal play through parlour's Gymnasium environment.

One seat plays uniformly among the actions its mask allows against
parlour agents (random by default, or a level: ``--opponents easy``), for a
few episodes; prints each episode's reward (the seat's match return).

    python examples/gymnasium_random.py Polignac --episodes 3 --seat 1 target=8
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import parlour.rl.gymnasium  # noqa: F401  (registers the parlour/... environments)
from parlour.engine import parse_option_assignments


def play_episode(environment: gymnasium.Env[dict[str, np.ndarray], np.int64],
                 seed: int) -> tuple[float, int]:
    """One episode from ``reset(seed=seed)``: its last reward and its steps."""
    rng = np.random.default_rng(seed)
    observation, _ = environment.reset(seed=seed)
    steps = 0
    while True:
        action = np.int64(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = environment.step(action)
        steps += 1
        if terminated or truncated:
            return float(reward), steps


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="the title part of an id: Polignac for parlour/Polignac-v0")
    parser.add_argument("options", nargs="*", help="game options as name=value")
    parser.add_argument("--episodes", type=int, default=3, help="episodes to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first episode")
    parser.add_argument("--seat", type=int, default=0, help="the seat that the script plays")
    parser.add_argument("--opponents", default="random", help="random, heuristic, easy, ...")
    arguments = parser.parse_intermixed_args(argv)
    options: dict[str, Any] = parse_option_assignments(arguments.options)
    environment = gymnasium.make(f"parlour/{arguments.game}-v0", seat=arguments.seat,
                                 opponents=arguments.opponents, **options)
    for index in range(arguments.episodes):
        seed = arguments.seed + index
        reward, steps = play_episode(environment, seed)
        print(f"episode {index + 1} (seed {seed}): reward {reward:+g} after {steps} steps")
    environment.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Environment steps per second of seeded random play through parlour's
PettingZoo AEC environment (Polignac, four players, default options)
against OpenSpiel's ``rl_environment.Environment("hearts")``, measured
interleaved in the same run.

Both are driven the way a learner's loop drives them, with the tensors
that a learner reads: ours through ``env()`` (the wrapped environment),
``agent_iter``, ``last()`` (the acting agent's observation tensor and
action mask) and ``step``; OpenSpiel's through ``reset`` and ``step``,
each time step holding every player's ``info_state`` tensor (OpenSpiel's
default observation for hearts) and its chance outcomes sampled inside the
environment. A step is an action a player chooses; the steps that remove
a finished agent from the AEC loop are not counted. The two APIs hand
over different amounts: the AEC loop builds one seat's tensor (511
floats) a step, OpenSpiel's environment four (5,088 floats each).

Without ``pyspiel`` (``pip install 'parlour[openspiel]'``) the line is
printed without the reference.

    python benchmarks/bench_rl.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from bench_tricks import bench_label
from parlour.engine import OptionValue
from parlour.rl.pettingzoo import env
from timing import Runner, bench_parser, format_rate, interleaved_rates, ratio

GAME: tuple[str, dict[str, OptionValue]] = ("polignac", {"players": 4})
"""The game and options measured through the AEC environment."""

REFERENCE = "OpenSpiel hearts rl_environment"


def load_hearts_environment() -> Any | None:
    """OpenSpiel's hearts RL environment, or ``None`` when open_spiel is
    not installed."""
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    return rl_environment.Environment("hearts")


def aec_runner() -> Runner:
    """A runner that plays seeded random matches through the AEC loop for
    a budget and counts the agents' steps."""
    name, options = GAME
    table = env(name, **options)

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        steps = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            table.reset(seed=rng.randrange(2**32))
            for _ in table.agent_iter():
                observation, _, terminated, truncated, _ = table.last()
                if terminated or truncated:
                    table.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                table.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            now = time.perf_counter()
            if now >= deadline:
                return steps, now - start

    return run


def hearts_runner(environment: Any) -> Runner:
    """A runner that plays random hearts games through OpenSpiel's RL
    environment for a budget and counts the players' steps."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        environment.seed(index)
        steps = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            time_step = environment.reset()
            while not time_step.last():
                player = time_step.observations["current_player"]
                legal = time_step.observations["legal_actions"][player]
                time_step = environment.step([legal[rng.randrange(len(legal))]])
                steps += 1
            now = time.perf_counter()
            if now >= deadline:
                return steps, now - start

    return run


def bench_rl(seconds: float, runs: int, hearts: Any | None) -> str:
    """The benchmark line, printed as soon as it is known; ``hearts`` is
    OpenSpiel's RL environment or ``None`` when open_spiel is not installed."""
    runners = [aec_runner()]
    if hearts is not None:
        runners.append(hearts_runner(hearts))
    rates = interleaved_rates(runners, seconds, runs)
    label = f"pettingzoo aec {bench_label(*GAME)} steps/s: {format_rate(rates[0])}"
    if hearts is None:
        line = f"{label} (no reference: open_spiel not installed)"
    else:
        line = (f"{label} vs {REFERENCE} {format_rate(rates[1])} "
                f"(ratio {ratio(rates[0], rates[1])})")
    print(line, flush=True)
    return line


def main(argv: Sequence[str] | None = None) -> int:
    """Print the line alone."""
    parser = bench_parser(__doc__, "the figure")
    arguments = parser.parse_args(argv)
    bench_rl(arguments.seconds, arguments.runs, load_hearts_environment())
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Random play through the OpenSpiel adapter (:mod:`parlour.rl.openspiel`):
decisions a second at a short match and a long one, and the same with every
seat's information-state tensor read after each decision (what OpenSpiel's
``rl_environment`` reads).

    python scripts/openspiel_speed.py [--game polignac] [--targets 1 60]
        [--seconds 3] [--compare REV]

A decision is a seat's action; chance outcomes are sampled by their
probabilities and not counted. Each figure plays seeded random matches to
the end for about ``--seconds`` of this process's CPU time
(``time.process_time``: one core's throughput, also on a shared machine).
``--compare REV`` measures the source of git revision ``REV`` too, in a
child process on an export of its ``src/`` (``git archive``), and prints
both columns: before (``REV``) and after (this tree), in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

PATTERNS = ("play", "info-state")
"""``play``: legal actions and apply only; ``info-state``: also every
seat's information-state tensor after each decision."""


def measure(game_name: str, target: int, pattern: str, seconds: float) -> float:
    """Decisions a CPU second of random play of ``game_name`` to ``target``."""
    import pyspiel

    import parlour.rl.openspiel as adapter

    game = pyspiel.load_game(adapter.openspiel_name(game_name), {"target": target})
    seats = range(game.num_players())
    with_tensors = pattern == "info-state"
    rng = random.Random(0)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
            if with_tensors:
                for seat in seats:
                    state.information_state_tensor(seat)
    return decisions / (time.process_time() - start)


def measure_all(game_name: str, targets: list[int], seconds: float) -> dict[str, float]:
    return {f"{pattern} target={target}": measure(game_name, target, pattern, seconds)
            for pattern in PATTERNS for target in targets}


def measure_revision(revision: str, arguments: list[str]) -> dict[str, Any]:
    """The figures of ``revision``'s source, measured in a child process."""
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "src.tar"
        subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), revision, "src"],
                       check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(folder, filter="data")
        environment = {**os.environ, "PYTHONPATH": str(Path(folder) / "src")}
        child = subprocess.run([sys.executable, __file__, "--json", *arguments],
                               env=environment, check=True, capture_output=True, text=True)
    figures: dict[str, Any] = json.loads(child.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="polignac")
    parser.add_argument("--targets", type=int, nargs="+", default=[1, 60])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--compare", metavar="REV")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    passed = ["--game", arguments.game, "--seconds", str(arguments.seconds),
              "--targets", *map(str, arguments.targets)]
    before = measure_revision(arguments.compare, passed) if arguments.compare else None
    after = measure_all(arguments.game, arguments.targets, arguments.seconds)
    if arguments.json:
        print(json.dumps(after))
        return
    print(f"{arguments.game}: decisions a CPU second of random play through pyspiel")
    header = f"{'':24}" + (f"{arguments.compare:>12}" if before else "") + f"{'this tree':>12}"
    print(header)
    for key, value in after.items():
        line = f"{key:24}" + (f"{before[key]:12,.0f}" if before else "") + f"{value:12,.0f}"
        print(line)


if __name__ == "__main__":
    main()

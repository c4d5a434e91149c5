"""CFR on the tiny research games (:mod:`parlour.games.tiny`) through
parlour's OpenSpiel adapter: the figures and the picture of docs/research.md.

For each game it loads ``parlour_<game>`` with ``pyspiel.load_game`` (the
adapter, :mod:`parlour.rl.openspiel`, registers it), walks the whole tree
once (nodes, decision nodes, information states), computes the uniform
policy's NashConv (``exploitability.nash_conv``, OpenSpiel's Python best
responses) and runs OpenSpiel's Python CFR (``cfr.CFRSolver``, alternating
updates, no CFR+), with the average policy's NashConv at iterations 1, 2,
4, 8, ... and the last. Times are wall-clock seconds on this machine:
CFR's own time (its iterations) apart from the time spent measuring
NashConv.

Writes ``<out>/cfr.json`` (every figure, the command and the machine) and,
with matplotlib (the ``plot`` extra), ``<out>/cfr.png``: NashConv against
iterations, both axes logarithmic, the uniform policy's figure at
iteration 1 and a tenth of it dashed.

    PYTHONPATH=src python scripts/cfr_tiny.py --out docs/research
    PYTHONPATH=src python scripts/cfr_tiny.py --games tiny-ranter-go-round --iterations 8
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import pyspiel
from open_spiel.python import policy as openspiel_policy
from open_spiel.python.algorithms import cfr, exploitability

from parlour.rl.openspiel import openspiel_name

GAMES = ("tiny-ranter-go-round", "tiny-polignac")
"""The tiny games, smallest tree first."""


def tree_size(game: Any) -> dict[str, int]:
    """The nodes of the whole tree (chance, decision and terminal), its
    decision nodes and its information states (of every player)."""
    nodes = decisions = 0
    states: set[tuple[int, str]] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            decisions += 1
            player = state.current_player()
            states.add((player, state.information_state_string(player)))
        stack.extend(state.child(action) for action in state.legal_actions())
    return {"nodes": nodes, "decision_nodes": decisions, "information_states": len(states)}


def checkpoints(iterations: int) -> list[int]:
    """1, 2, 4, 8, ... up to ``iterations``, and ``iterations`` itself."""
    marks = []
    mark = 1
    while mark < iterations:
        marks.append(mark)
        mark *= 2
    return [*marks, iterations]


def run(name: str, iterations: int) -> dict[str, Any]:
    """Every figure of one game (see the module docstring)."""
    game = pyspiel.load_game(openspiel_name(name))
    started = time.perf_counter()
    size = tree_size(game)
    walked = time.perf_counter() - started
    print(f"{name}: {size['nodes']} nodes, {size['decision_nodes']} decision nodes, "
          f"{size['information_states']} information states (walked in {walked:.1f} s)",
          flush=True)
    started = time.perf_counter()
    uniform = exploitability.nash_conv(game, openspiel_policy.UniformRandomPolicy(game))
    uniform_seconds = time.perf_counter() - started
    print(f"{name}: uniform policy NashConv {uniform:.6f} ({uniform_seconds:.1f} s)", flush=True)
    solver_started = time.perf_counter()
    solver = cfr.CFRSolver(game)
    cfr_seconds = time.perf_counter() - solver_started
    curve = []
    marks = set(checkpoints(iterations))
    for iteration in range(1, iterations + 1):
        started = time.perf_counter()
        solver.evaluate_and_update_policy()
        cfr_seconds += time.perf_counter() - started
        if iteration in marks:
            started = time.perf_counter()
            value = exploitability.nash_conv(game, solver.average_policy())
            measured = time.perf_counter() - started
            curve.append({"iteration": iteration, "nash_conv": value,
                          "cfr_seconds": round(cfr_seconds, 1),
                          "nash_conv_seconds": round(measured, 1)})
            print(f"{name}: CFR iteration {iteration}: NashConv {value:.6f} "
                  f"({uniform / value if value else float('inf'):.1f} times less than "
                  f"uniform; CFR {cfr_seconds:.1f} s, NashConv {measured:.1f} s)", flush=True)
    return {"game": name, "openspiel": openspiel_name(name), **size,
            "walk_seconds": round(walked, 1), "uniform_nash_conv": uniform,
            "uniform_seconds": round(uniform_seconds, 1), "curve": curve}


def plot(results: list[dict[str, Any]], path: Path) -> bool:
    """The NashConv curves as a PNG at ``path``; ``False`` without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.5), dpi=120)
    for result, colour in zip(results, ("tab:blue", "tab:red"), strict=False):
        points = [(point["iteration"], point["nash_conv"]) for point in result["curve"]]
        axes.plot(*zip(*points, strict=True), marker="o", color=colour,
                  label=f"{result['game']}: CFR average policy")
        axes.axhline(result["uniform_nash_conv"] / 10, color=colour, linestyle="--",
                     linewidth=1, label=f"{result['game']}: uniform / 10")
        axes.plot([1], [result["uniform_nash_conv"]], marker="s", color=colour,
                  linestyle="none", label=f"{result['game']}: uniform policy")
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    axes.set_xlabel("CFR iterations")
    axes.set_ylabel("NashConv")
    axes.set_title("CFR on the tiny games (OpenSpiel, through parlour's adapter)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"comma-separated tiny games (default {','.join(GAMES)})")
    parser.add_argument("--iterations", type=int, default=16,
                        help="CFR iterations per game (default 16)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for cfr.json and cfr.png (default: print only)")
    arguments = parser.parse_args(argv)
    names = [name.strip() for name in arguments.games.split(",") if name.strip()]
    unknown = sorted(set(names) - set(GAMES))
    if unknown:
        parser.error(f"not a tiny game: {', '.join(unknown)}; they are {', '.join(GAMES)}")
    results = [run(name, arguments.iterations) for name in names]
    if arguments.out is not None:
        arguments.out.mkdir(parents=True, exist_ok=True)
        command = "PYTHONPATH=src python scripts/cfr_tiny.py " + " ".join(
            argv if argv is not None else sys.argv[1:])
        summary = {"command": command.strip(), "machine": f"{platform.machine()}, "
                   f"{os.cpu_count()} cores, Python {platform.python_version()}, "
                   f"OpenSpiel {getattr(pyspiel, '__version__', 'unknown')}",
                   "games": results}
        (arguments.out / "cfr.json").write_text(json.dumps(summary, indent=1) + "\n")
        if plot(results, arguments.out / "cfr.png"):
            print(f"wrote {arguments.out / 'cfr.json'} and {arguments.out / 'cfr.png'}")
        else:
            print(f"wrote {arguments.out / 'cfr.json'} (no matplotlib: no picture)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

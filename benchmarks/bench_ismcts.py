"""ISMCTS iterations per second: parlour's :class:`ISMCTSAgent` at the start
of play of a 4-player Polignac hand (every seat has passed the capot
announcement; eldest leads from 8 cards), against OpenSpiel's own Python
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (random rollouts, UCT)
on ``hearts`` at the start of play, measured in the same run.

The first lead of hearts (the two of clubs) is forced and OpenSpiel's bot
does not search a forced move, so its position is the first decision of
the first trick with a choice. Both sides run searches of
:data:`SEARCH_ITERATIONS` iterations, a fresh tree each, one after another
for the budget, and count iterations; each iteration determinizes (ours
with ``determinize``, theirs with ``resample_from_infostate``), descends
the tree and rolls out to the end of the hand.

    python benchmarks/bench_ismcts.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import parlour
from parlour.agents import ISMCTSAgent
from parlour.engine import State
from timing import Runner, bench_parser, format_rate, interleaved_rates, load_openspiel

SEARCH_ITERATIONS = 200
"""Iterations of one search (one move) on either side."""

RATIO_AIM = 3.0
"""Issue 5: ours should be several times faster than OpenSpiel's bot."""

LABEL = "ismcts polignac players=4"
REFERENCE = "OpenSpiel ISMCTSBot hearts"


def polignac_start(seed: int = 0) -> State:
    """A 4-player Polignac hand at its first lead, after four passes."""
    state = parlour.make("polignac", players=4).new_state(seed=seed)
    pass_action = state.parse_action("pass")
    while pass_action in state.legal_actions():
        state.apply(pass_action)
    return state


def ours_runner(state: State) -> Runner:
    """Searches of :data:`SEARCH_ITERATIONS` from ``state`` for a budget."""
    seat = state.current_player()

    def run(budget: float, index: int) -> tuple[int, float]:
        agent = ISMCTSAgent(seed=index, iterations=SEARCH_ITERATIONS)
        iterations = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            agent.choose_in(state, seat)
            iterations += agent.last_iterations
            now = time.perf_counter()
            if now >= deadline:
                return iterations, now - start

    return run


def hearts_start(game: Any, seed: int = 0) -> Any:
    """OpenSpiel hearts after the deal and the passes, at the first decision
    of the first trick with more than one legal card."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    tricks_started = False
    while True:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        tricks_started = tricks_started or "Tricks:" in str(state)
        if tricks_started and len(legal) > 1:
            return state
        state.apply_action(legal[rng.randrange(len(legal))])


def theirs_runner(game: Any, state: Any) -> Runner:
    """OpenSpiel's ISMCTSBot searching ``state`` the same way as :func:`ours_runner`."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    def run(budget: float, index: int) -> tuple[int, float]:
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(index)
        )
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=0.7, max_simulations=SEARCH_ITERATIONS,
                               random_state=np.random.RandomState(index))
        iterations = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            bot.run_search(state)
            iterations += SEARCH_ITERATIONS
            now = time.perf_counter()
            if now >= deadline:
                return iterations, now - start

    return run


def bench_ismcts(seconds: float, runs: int, hearts: Any | None) -> str:
    """The benchmark line, printed as soon as it is known; ``hearts`` is
    OpenSpiel's game or ``None`` when open_spiel is not installed."""
    ours = ours_runner(polignac_start())
    if hearts is None:
        (rate,) = interleaved_rates([ours], seconds, runs)
        line = f"{LABEL} iterations/s: {format_rate(rate)} (no reference: open_spiel not installed)"
    else:
        rate, reference = interleaved_rates(
            [ours, theirs_runner(hearts, hearts_start(hearts))], seconds, runs
        )
        met = "met" if rate / reference >= RATIO_AIM else "MISSED"
        line = (
            f"{LABEL} iterations/s: {format_rate(rate)} vs {REFERENCE} "
            f"{format_rate(reference)} (ratio {rate / reference:.2f}; aim {RATIO_AIM:g} {met})"
        )
    print(line, flush=True)
    return line


def main(argv: Sequence[str] | None = None) -> int:
    """Print the line alone."""
    parser = bench_parser(__doc__, "the figures")
    arguments = parser.parse_args(argv)
    bench_ismcts(arguments.seconds, arguments.runs, load_openspiel("hearts"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Timing helpers shared by the benchmarks: medians of repeated runs with
``time.perf_counter``, and the text of one benchmark line.

Every figure is the median of several runs so that a single hiccup of the
machine (another process, a garbage collection) does not move it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

Call = Callable[[], object]


def interleaved_microseconds(call_sets: Sequence[Sequence[Call]], seconds: float,
                             runs: int) -> list[float]:
    """For each set of calls, the median over ``runs`` of the mean time of
    one call, in µs.

    Each set holds bound calls on a representative set of states; a run
    sweeps it as many times as fit in ``seconds / runs``. The sets take
    turns run by run, as in :func:`interleaved_rates`.
    """
    sweeps = [_calibrate(calls, seconds / runs) for calls in call_sets]
    samples: list[list[float]] = [[] for _ in call_sets]
    for _ in range(runs):
        for calls, count, set_samples in zip(call_sets, sweeps, samples, strict=True):
            start = time.perf_counter()
            for _ in range(count):
                for call in calls:
                    call()
            elapsed = time.perf_counter() - start
            set_samples.append(elapsed / (count * len(calls)) * 1e6)
    return [statistics.median(set_samples) for set_samples in samples]


def _calibrate(calls: Sequence[Call], budget: float) -> int:
    """How many sweeps of ``calls`` take about ``budget`` seconds (at least 1)."""
    start = time.perf_counter()
    for call in calls:
        call()
    one_sweep = max(time.perf_counter() - start, 1e-9)
    return max(1, int(budget / one_sweep))


Runner = Callable[[float, int], tuple[int, float]]
"""``runner(budget, index)`` works for about ``budget`` seconds (run number
``index`` picks its seed) and returns ``(count, elapsed seconds)``."""


def interleaved_rates(runners: Sequence[Runner], seconds: float, runs: int) -> list[float]:
    """For each runner, the median over ``runs`` of ``count / elapsed``.

    The runners take turns run by run, so that a slow patch of the machine
    hits every one of them alike and the ratios between them stay fair.
    """
    budget = seconds / runs
    samples: list[list[float]] = [[] for _ in runners]
    for index in range(runs):
        for runner, runner_samples in zip(runners, samples, strict=True):
            count, elapsed = runner(budget, index)
            runner_samples.append(count / elapsed)
    return [statistics.median(runner_samples) for runner_samples in samples]


def format_rate(value: float) -> str:
    """A per-second figure with thousands separators: ``410,000``."""
    return f"{value:,.0f}"


def format_microseconds(value: float) -> str:
    """A duration in µs with enough digits to compare small figures."""
    return f"{value:.2f} µs" if value < 10 else f"{value:.1f} µs"


def ratio(ours: float, reference: float) -> str:
    """``ours / reference`` to two decimals."""
    return f"{ours / reference:.2f}"


def middle_half(hands: Sequence[Sequence[T]]) -> list[T]:
    """The decision states from the middle half of each hand, in order:
    mid-hand positions, neither the opening bids nor the last forced cards."""
    middle: list[T] = []
    for decisions in hands:
        quarter = len(decisions) // 4
        middle.extend(decisions[quarter: len(decisions) - quarter])
    return middle


def method_calls(states: Sequence[Any], method: str) -> list[Call]:
    """Bound calls of the argument-free ``method`` on each state (ours or
    OpenSpiel's: both name ``clone`` and ``legal_actions`` alike)."""
    return [getattr(state, method) for state in states]


def load_openspiel(name: str) -> Any | None:
    """OpenSpiel's game ``name`` with its default parameters, or ``None``
    when open_spiel is not installed (``pip install 'parlour[openspiel]'``)."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game(name)


def bench_parser(doc: str, figures: str = "the figure") -> argparse.ArgumentParser:
    """The command line of a benchmark run alone: its docstring's first
    paragraph, ``--seconds`` for ``figures`` and ``--runs``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help=f"seconds for {figures}")
    parser.add_argument("--runs", type=int, default=5, help="runs, the median is reported")
    return parser


def seeded_runner(one: Callable[[random.Random], int]) -> Runner:
    """A runner that calls ``one(rng)`` (one game, one deal solved ...) until
    its budget is spent and adds up what it returns; run ``index`` draws
    from ``random.Random(index)``, so every run does the same work."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = random.Random(index)
        count = 0
        start = time.perf_counter()
        deadline = start + budget
        while True:
            count += one(rng)
            now = time.perf_counter()
            if now >= deadline:
                return count, now - start

    return run

"""The batched engine (:mod:`parlour.vector`) against the machine's limit:
random decisions per second on one core at B = 1, 64, 1,024 and 8,192
matches a batch, beside a tight C loop of random Polignac compiled and
measured in the same run, and the memory a match takes in the batch
(issue 30).

The C limit is ``benchmarks/c/polignac_limit.c`` (its comment says what it
plays and leaves out), built here with the system ``cc -O2`` into a
temporary folder; it plays for the budget of a run and prints its
decisions per second. Without ``cc`` (or if the build fails) the C line
says why and the vector figures are printed alone.

For every game of ``parlour.vector.covered()`` (4-player Polignac first,
then the others in name order, each with the options ``bench_tricks.py``
measures it with), a run resets a batch of B matches from the run's seed
and plays random legal actions (``random_actions`` + ``step``, the numba
kernel when Numba is installed, else the Python one and the line says so)
until every match of the batch is over, then resets it again, until its
budget is spent; the figure counts the decisions of matches in play (a
finished match waits, idle, for the rest of its batch: that tail is in the
figure). Both sides are timed by their own process's CPU time
(``time.process_time``, ``CLOCK_PROCESS_CPUTIME_ID``), so a figure is one
core's throughput also on a machine that other work shares (the wall
clock would charge them the other work's share of the cores). Each figure
is measured interleaved, run by run, with the C limit, and printed with
the ratio; at B = 8,192 with the issue's target (10 million a second for
Polignac, 5 million for every other game). The C loop leaves Polignac's
capot announcements out, which the vector figure counts as decisions
(random play makes about 34 decisions a hand, against the C loop's 32). The memory
line is ``VectorGame.memory_per_match()`` at B = 8,192, against the issue's
bar of 1 KB.

For the first game, the Gymnasium vector environment
(:mod:`parlour.rl.vector`, :data:`ENVS` environments) against the single
environment (:class:`parlour.rl.gymnasium.ParlourEnv`), both with random
opponents and a learner playing a random legal action read from the mask:
the learner's steps per CPU second. The kernels are compiled (and the batch warmed) before the
clock starts.

    python benchmarks/bench_vector.py [--seconds S] [--runs N]
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

import parlour.vector
from bench_tricks import BENCHES, RELATIVES, bench_label
from parlour.engine import OptionValue
from timing import Runner, bench_parser, format_rate, interleaved_rates, ratio

SOURCE = Path(__file__).resolve().parent / "c" / "polignac_limit.c"
"""The C loop of the limit."""

BATCH_SIZES = (1, 64, 1_024, 8_192)
"""The batch sizes measured, one line each."""

TARGETS: dict[str, float] = {"polignac": 10_000_000}
"""Issue 30: decisions/s at B = 8,192 on one core, by game."""
OTHER_TARGET = 5_000_000
"""Issue 30: the same for every other covered game."""
MEMORY_BAR = 1_024
"""Issue 30: bytes a match may take in the batch."""

ENVS = 1_024
"""Sub-environments of the vector environment measured."""

LIMIT_LINE = re.compile(r"polignac_limit: \d+ decisions/s \(\d+ matches, \d+ hands, "
                        r"(?P<decisions>\d+) decisions, \d+ penalty points in "
                        r"(?P<seconds>[\d.]+) s\)")


def build_limit(folder: Path) -> tuple[Path | None, str]:
    """The C loop compiled into ``folder`` with ``cc -O2``, or ``None`` and
    why it could not be."""
    compiler = shutil.which("cc")
    if compiler is None:
        return None, "no C compiler: cc is not on the PATH"
    program = folder / "polignac_limit"
    built = subprocess.run([compiler, "-O2", "-o", str(program), str(SOURCE)],
                           capture_output=True, text=True, check=False)
    if built.returncode != 0:
        first = (built.stderr.strip().splitlines() or ["no message"])[0]
        return None, f"cc -O2 could not build {SOURCE.name}: {first}"
    return program, ""


def limit_runner(program: Path) -> Runner:
    """A runner that runs the C loop for the budget and reads the decisions
    and the CPU seconds it timed itself (its start-up is not counted)."""

    def run(budget: float, index: int) -> tuple[int, float]:
        printed = subprocess.run([str(program), f"{budget:.6f}"], capture_output=True,
                                 text=True, check=True).stdout
        found = LIMIT_LINE.fullmatch(printed.strip())
        if found is None:
            raise RuntimeError(f"{program.name} printed {printed!r}")
        return int(found["decisions"]), float(found["seconds"])

    return run


def vector_runner(vg: parlour.vector.VectorGame) -> Runner:
    """A runner that plays ``vg``'s batch at random for the budget (reset
    from the run's index whenever every match is over) and counts the
    decisions of matches in play, by this process's CPU time."""

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = np.random.default_rng(index)
        vg.reset(index)
        decisions = 0
        start = time.process_time()
        deadline = start + budget
        while True:
            for _ in range(16):
                if vg.done.all():
                    vg.reset(int(rng.integers(2**32)))
                decisions += vg.batch_size - int(np.count_nonzero(vg.done))
                vg.step(vg.random_actions(rng))
            now = time.process_time()
            if now >= deadline:
                return decisions, now - start

    return run


def vector_env_runner(name: str, options: dict[str, OptionValue]) -> Runner:
    """A runner that steps :data:`ENVS` environments of ``name`` with a
    random legal action each (from the masks) and counts the learner's steps."""
    from parlour.rl.vector import ParlourVectorEnv

    envs = ParlourVectorEnv(name, num_envs=ENVS, **options)

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = np.random.default_rng(index)
        observations, _ = envs.reset(seed=index)
        steps = 0
        start = time.process_time()
        deadline = start + budget
        while True:
            weights = rng.random(observations["action_mask"].shape) * observations["action_mask"]
            observations, *_ = envs.step(weights.argmax(axis=1))
            steps += ENVS
            now = time.process_time()
            if now >= deadline:
                return steps, now - start

    return run


def single_env_runner(name: str, options: dict[str, OptionValue]) -> Runner:
    """The same loop through one single environment."""
    from parlour.rl.gymnasium import ParlourEnv

    environment = ParlourEnv(name, **options)

    def run(budget: float, index: int) -> tuple[int, float]:
        rng = np.random.default_rng(index)
        observation, _ = environment.reset(seed=index)
        steps = 0
        start = time.process_time()
        deadline = start + budget
        while True:
            action = rng.choice(np.flatnonzero(observation["action_mask"]))
            observation, _, terminated, _, _ = environment.step(action)
            if terminated:
                observation, _ = environment.reset()
            steps += 1
            now = time.process_time()
            if now >= deadline:
                return steps, now - start

    return run


def bench_environment(name: str, options: dict[str, OptionValue], seconds: float,
                      runs: int) -> str:
    """The vector environment's line against the single environment's."""
    vector_env_runner(name, options)(0.0, 0)  # the kernels compiled before any clock
    vector, single = interleaved_rates(
        [vector_env_runner(name, options), single_env_runner(name, options)], seconds, runs)
    return (f"gymnasium vector {bench_label(name, options)} N={ENVS} steps/s: "
            f"{format_rate(vector)} vs single environment {format_rate(single)} "
            f"(ratio {ratio(vector, single)})")


def warm(vg: parlour.vector.VectorGame) -> None:
    """Compile the kernels and touch the batch's arrays before any clock runs."""
    rng = np.random.default_rng(0)
    vg.reset(0)
    for _ in range(4):
        vg.step(vg.random_actions(rng))


def games() -> list[tuple[str, dict[str, OptionValue]]]:
    """The covered games with the options they are benchmarked with,
    Polignac first."""
    known = dict(BENCHES + RELATIVES)
    covered = parlour.vector.covered()
    ordered = sorted(covered, key=lambda name: (name != "polignac", name))
    return [(name, known.get(name, {})) for name in ordered]


def bench_vector(seconds: float, runs: int,
                 measured: Sequence[tuple[str, dict[str, OptionValue]]] | None = None
                 ) -> list[str]:
    """The C limit's line, then each game's lines (``measured``, default
    :func:`games`), each printed as soon as it is known."""
    lines: list[str] = []

    def emit(line: str) -> None:
        lines.append(line)
        print(line, flush=True)

    kernel = parlour.vector.kernel_of("auto")
    with tempfile.TemporaryDirectory(prefix="parlour-limit-") as folder:
        program, why = build_limit(Path(folder))
        limit = limit_runner(program) if program is not None else None
        if limit is None:
            emit(f"C limit random polignac players=4 decisions/s: (not measured: {why})")
        else:
            alone = interleaved_rates([limit], seconds, runs)[0]
            emit(f"C limit random polignac players=4 decisions/s: {format_rate(alone)} "
                 f"({SOURCE.name}, cc -O2, one core)")
        chosen = games() if measured is None else list(measured)
        for name, options in chosen:
            label = f"vector {bench_label(name, options)}"
            for size in BATCH_SIZES:
                vg = parlour.vector.make(name, batch_size=size, kernel=kernel, **options)
                warm(vg)
                runners = [vector_runner(vg)] if limit is None else [vector_runner(vg), limit]
                rates = interleaved_rates(runners, seconds, runs)
                kernel_note = "" if kernel == "numba" else ", python kernel: numba not installed"
                target = ""
                if size == BATCH_SIZES[-1]:
                    bar = TARGETS.get(name, OTHER_TARGET)
                    target = (f"; target {format_rate(bar)} "
                              f"{'met' if rates[0] >= bar else 'MISSED'}")
                if limit is None:
                    emit(f"{label} B={size} decisions/s: {format_rate(rates[0])} "
                         f"(no C limit: {why}{target}{kernel_note})")
                else:
                    emit(f"{label} B={size} decisions/s: {format_rate(rates[0])} vs C limit "
                         f"{format_rate(rates[1])} (ratio {ratio(rates[0], rates[1])}"
                         f"{target}{kernel_note})")
            memory = vg.memory_per_match()
            emit(f"{label} memory per match: {memory:,.0f} bytes at B={BATCH_SIZES[-1]} "
                 f"(bar {MEMORY_BAR:,} bytes {'met' if memory <= MEMORY_BAR else 'MISSED'})")
        if chosen:
            emit(bench_environment(*chosen[0], seconds, runs))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run this benchmark alone."""
    arguments = bench_parser(__doc__, "each figure").parse_args(argv)
    bench_vector(arguments.seconds, arguments.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

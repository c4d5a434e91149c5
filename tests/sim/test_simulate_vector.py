"""``parlour simulate --engine vector``: random matches played by the
batched engine, kept as the records the reference engine gives (played
over the test suite's vector game, ``tests/vector/toyvector.py``)."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import parlour.vector
from cli_run import Cli
from parlour.engine import OptionError
from parlour.sim.records import MatchRecord
from parlour.sim.simulate import SimulationSpec, make_batches, run_simulation
from parlour.sim.statistics import summarise
from parlour.sim.tournament import derived_seed
from parlour.sim.vector import BATCH
from parlour.vector import VectorError
from toygame import ThreeTricks
from toygame import registered as toy_registered
from vector.toyvector import registered as vector_registered

NAME = ThreeTricks.name


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    """Three Tricks in both registries for each test."""
    with toy_registered(), vector_registered():
        yield


def toy_spec(matches: int, engine: str = "vector", **fields: object) -> SimulationSpec:
    options = fields.pop("options", {"players": 3})
    agents = fields.pop("agents", ("random",))
    return SimulationSpec(NAME, options, agents, matches, seed=7, engine=engine,  # type: ignore[arg-type]
                          **fields)  # type: ignore[arg-type]


def reference_returns(scores: tuple[int, ...]) -> tuple[float, ...]:
    """Three Tricks' returns of a finished match with ``scores``."""
    best = max(scores)
    winners = [seat for seat, total in enumerate(scores) if total == best]
    if len(winners) == len(scores):
        return (0.0,) * len(scores)
    share = (len(scores) - len(winners)) / len(winners)
    return tuple(share if seat in winners else -1.0 for seat in range(len(scores)))


def test_each_record_is_a_whole_match_hand_by_hand() -> None:
    records = run_simulation(toy_spec(300, options={"players": 3, "hands": 4}), workers=1)
    assert [record.index for record in records] == list(range(300))
    assert [record.deal for record in records] == list(range(300))
    seed = derived_seed(7, "vector", 0)
    for record in records:
        assert record.seed == seed and record.rotation == 0
        assert record.agents == ("random",) * 3
        assert record.options == {"players": 3, "hands": 4}
        assert record.hands == 4 and record.actions == 4 * 3 * 3
        assert record.trajectory()[-1] == list(record.scores)
        for changes in record.hand_results:  # a point a trick, one more for a sweep
            assert sum(changes) == 3 + (4 in changes) and max(changes) <= 4
        assert record.events == {"sweeps": sum(4 in row for row in record.hand_results)}
        assert record.returns == reference_returns(record.scores)
        assert record.higher_is_better


def test_the_records_depend_only_on_the_seed() -> None:
    spec = toy_spec(BATCH + 10)
    assert [len(batch.plans) for batch in make_batches(spec, 2)] == [BATCH, 10]
    assert [len(batch.plans) for batch in make_batches(spec, 7)] == [BATCH, 10]
    one = run_simulation(spec, workers=1)
    assert run_simulation(spec, workers=2) == one
    assert one[BATCH].seed == derived_seed(7, "vector", BATCH) != one[0].seed
    assert run_simulation(toy_spec(BATCH + 10), workers=1) == one


def test_a_sweep_plays_each_value_in_its_own_batch() -> None:
    spec = toy_spec(20, options={}, sweep=parlour.sim.simulate.parse_sweep("hands=1,2"))
    records = run_simulation(spec, workers=1)
    assert [record.options["hands"] for record in records] == [1] * 20 + [2] * 20
    assert [record.hands for record in records] == [1] * 20 + [2] * 20
    assert {record.seed for record in records} == {derived_seed(7, "vector", 0),
                                                  derived_seed(7, "vector", 20)}


def test_the_same_statistics_as_the_reference_engine() -> None:
    """Win rates, mean scores and sweeps of 800 matches of each engine
    agree within their 99.9% intervals (the deals differ, not the game)."""
    matches = 800
    records = [run_simulation(toy_spec(matches, engine=engine), workers=1)
               for engine in ("reference", "vector")]
    summaries = [summarise(run) for run in records]
    figures = [np.array([[*record.scores, *(float(seat in record.winners()) for seat in range(3)),
                          record.events["sweeps"]] for record in run], dtype=float)
               for run in records]
    spread = np.sqrt(sum(figure.var(axis=0, ddof=1) / matches for figure in figures))
    assert (np.abs(figures[0].mean(axis=0) - figures[1].mean(axis=0)) < 3.3 * spread).all()
    assert len(summaries[0].seats) == len(summaries[1].seats) == 3


@pytest.mark.parametrize(("fields", "message"), [
    ({"agents": ("random", "easy", "random")},
     "the vector engine plays random agents only, not easy; use --engine reference for them"),
    ({"agents": ("hard", "easy", "ismcts:4")},
     "the vector engine plays random agents only, not easy, hard, ismcts:4; "
     "use --engine reference for them"),
    ({"duplicate": True},
     "the vector engine deals its own hands and cannot replay a deal; "
     "use --engine reference for --duplicate"),
    ({"engine": "fast"}, "the engine must be reference or vector, not 'fast'"),
])
def test_what_the_vector_engine_cannot_play_is_refused(fields: dict[str, object],
                                                        message: str) -> None:
    engine = fields.pop("engine", "vector")
    with pytest.raises(OptionError) as refused:
        toy_spec(4, engine=str(engine), **fields)
    assert str(refused.value) == message


def test_a_game_the_vector_engine_does_not_cover_is_refused_naming_those_it_covers() -> None:
    with pytest.raises(VectorError) as refused:
        SimulationSpec("golf", {}, ("random",), 4, seed=1, engine="vector")
    assert str(refused.value) == ("the vector engine does not play golf; it plays "
                                  + ", ".join(parlour.vector.covered()))


def test_the_command_on_the_vector_engine(cli: Cli) -> None:
    run = cli("simulate", NAME, "-n", "40", "--seed", "3", "--engine", "vector",
              "--agents", "random")
    assert run.status == 0, run.err
    reference = cli("simulate", NAME, "-n", "40", "--seed", "3", "--agents", "random")
    assert " · every seat random · " in run.out.splitlines()[0]
    assert run.out.splitlines()[0] == reference.out.splitlines()[0]
    headings = [line for line in run.out.splitlines() if line.strip().startswith("┃")]
    assert headings == [line for line in reference.out.splitlines()
                        if line.strip().startswith("┃")]


def test_the_command_refuses_what_the_vector_engine_cannot_play(cli: Cli) -> None:
    run = cli("simulate", "golf", "-n", "4", "--engine", "vector", "--agents", "random")
    assert (run.status, run.out) == (2, "")
    assert run.err == ("error: the vector engine does not play golf; it plays "
                       + ", ".join(parlour.vector.covered()) + "\n")
    run = cli("simulate", NAME, "-n", "4", "--engine", "vector", "--agents", "easy")
    assert run.err == ("error: the vector engine plays random agents only, not easy; "
                       "use --engine reference for them\n")


def test_the_vector_engine_needs_random_agents_named(cli: Cli) -> None:
    """simulate seats easy unless told; the vector engine plays random
    only, so a run on it names them rather than measure other players than
    the same command on the reference engine."""
    run = cli("simulate", NAME, "-n", "4", "--engine", "vector")
    assert (run.status, run.out) == (2, "")
    assert run.err == ("error: the vector engine plays random agents only, and simulate's "
                       "players are easy unless named: give --agents random\n")


def test_a_record_of_the_vector_engine_round_trips() -> None:
    record = run_simulation(toy_spec(2), workers=1)[1]
    assert MatchRecord.from_dict(record.as_dict()) == record


def test_the_benchmark_line_of_the_vector_engine(capsys: pytest.CaptureFixture[str]) -> None:
    benchmarks = str(Path(__file__).resolve().parents[2] / "benchmarks")
    if benchmarks not in sys.path:
        sys.path.insert(0, benchmarks)
    bench = importlib.import_module("bench_simulate")
    bench.bench_vector_engine(0.02, 1, 2)
    line = capsys.readouterr().out
    number = r"[\d,]+(?:\.\d+)?"
    label = "simulate polignac players=4 vector engine games/s"
    assert re.fullmatch(rf"{label}: {number} vs reference engine {number} \(ratio {number}; "
                        r"aim 20 (met|MISSED); one worker each, statistics included\)\n",
                        line), line


def test_ray_gives_the_records_of_the_local_backend(local_ray: Any) -> None:
    """On Ray too (Ray's workers are fresh processes: a game of the
    package's own, not the test suite's toy)."""
    spec = SimulationSpec("polignac", {"target": 5}, ("random",), BATCH + 3, seed=4,
                          engine="vector")
    on_ray = run_simulation(spec, backend="ray", workers=2)
    assert on_ray == run_simulation(spec, workers=1)
    assert len({record.seed for record in on_ray}) == 2

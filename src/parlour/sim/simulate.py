"""Many matches between agents, played in batches on local processes or a
Ray cluster, each kept as a :class:`~parlour.sim.records.MatchRecord`.

The design:

* **What to play** is a :class:`SimulationSpec`: the game and its options,
  the agents (one name for every seat, or one per seat; ``parlour
  simulate`` names :data:`DEFAULT_AGENT` when told none), the number of
  matches, the seed, and optionally ``duplicate`` and a :class:`Sweep`.
* **Deterministic.** A match's deal is seeded from ``(seed, deal)`` and
  each seat's agent from ``(seed, deal, rotation, seat)``
  (:func:`~parlour.sim.tournament.derived_seed`, as in the duplicate
  tournaments), so the records are the same whatever the backend, the
  number of workers and the order in which batches finish.
* **Duplicate deals.** With ``duplicate`` the matches count deals: each
  deal is replayed once per rotation of the agents around the table
  (rotation ``r`` puts the agent named for seat ``s`` at seat
  ``s + r``), so every agent plays every position of every deal.
* **Sweeps.** A sweep plays the whole run once per value of one option.
  The value does not enter the seeds: every value plays the same seeds
  (common random numbers), so a difference between values comes from the
  option rather than from the luck of the deals. :func:`run_simulation`
  returns one flat list, in the order of :meth:`SimulationSpec.plans`
  (sweep value, then deal, then rotation); each record carries its full
  options, so the records of one value are those whose
  ``options[sweep.option]`` is that value.
* **Batches.** Matches go to workers in batches (:func:`batch_size`: 16 to
  256 matches a task when there are enough, fewer when a small run would
  otherwise leave a worker idle), so that scheduling costs stay small
  beside the play. ``local`` plays them on a process pool (one worker: in
  this process); ``ray`` ships them as Ray tasks to a local instance of
  ``workers`` CPUs or to the cluster at ``address`` (``pip install
  'parlour[ray]'``; the cluster's machines need parlour installed too).
* **Engines.** ``reference`` plays each match with the game's own state
  (:mod:`parlour.games`), any agents; ``vector`` plays random matches a
  batch of :data:`parlour.sim.vector.BATCH` at once with the batched
  engine (:mod:`parlour.vector`, many times faster; random agents only, its
  own deals, no ``duplicate``: see :mod:`parlour.sim.vector`; ``parlour
  simulate`` asks for ``--agents random`` by name), on either backend.
  Its batches are cut alike whatever the workers, so its records too
  depend only on the seed.

>>> spec = SimulationSpec("slobberhannes", {"target": 1, "players": 3},
...                       ("easy", "random", "random"), matches=2, seed=3, duplicate=True)
>>> [(record.deal, record.agents) for record in run_simulation(spec, workers=1)][:4]
[(0, ('easy', 'random', 'random')), (0, ('random', 'easy', 'random')), \
(0, ('random', 'random', 'easy')), (1, ('easy', 'random', 'random'))]
"""

from __future__ import annotations

import logging
import math
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Self

import parlour.vector
from parlour.agents import AnyAgent, choose_action
from parlour.engine import Game, OptionError, OptionValue, make
from parlour.sim.events import count_events
from parlour.sim.records import MatchRecord
from parlour.sim.tournament import agent_factory, derived_seed
from parlour.sim.vector import BATCH as VECTOR_BATCH
from parlour.sim.vector import play_vector_matches, refusal

DEFAULT_AGENT = "easy"
"""The agent ``parlour simulate`` seats when none is named: the heuristic
player, so that a run measures the game as people play it rather than
random play (random bids capot in Polignac as often as not)."""

ENGINES = ("reference", "vector")
"""The engines a simulation can play on (see the module's docstring)."""

BACKENDS = ("local", "ray")
"""The places matches can be played: local processes or a Ray cluster."""

MIN_BATCH = 16
"""The fewest matches a batch, unless a small run would leave a worker idle."""
MAX_BATCH = 256
"""The most matches a batch, so that progress shows and work spreads evenly."""
TASKS_PER_WORKER = 4
"""Batches per worker that :func:`batch_size` aims at, so that a slow
batch at the end does not leave the other workers idle for long."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called as batches finish, with the matches
played so far and the run's total."""


@dataclass(frozen=True)
class Sweep:
    """One option played at several values, side by side."""

    option: str
    values: tuple[object, ...]


def parse_sweep(text: str) -> Sweep:
    """``"target=10,20"`` as a :class:`Sweep` (the values as written; the
    spec checks them against the game).

    >>> parse_sweep("target = 10, 20")
    Sweep(option='target', values=('10', '20'))
    """
    name, separator, values = text.partition("=")
    parts = tuple(value.strip() for value in values.split(","))
    if not separator or not name.strip() or not all(parts):
        raise OptionError(f"write a sweep as name=value,value,..., not {text!r}")
    if len(parts) < 2:
        raise OptionError(f"a sweep compares at least two values, not only {parts[0]!r}")
    return Sweep(name.strip(), parts)


def parse_agents(text: str) -> tuple[str, ...]:
    """``"easy, random"`` as agent names (one for every seat, or one per seat)."""
    names = tuple(name.strip() for name in text.split(","))
    if not all(names):
        raise OptionError(f"name the agents separated by commas, not {text!r}")
    return names


@dataclass(frozen=True)
class MatchPlan:
    """One match to play: its place in the run, its deal and rotation, the
    options and the agent at each seat."""

    index: int
    deal: int
    rotation: int
    options: Mapping[str, OptionValue]
    agents: tuple[str, ...]


@dataclass(frozen=True)
class SimulationSpec:
    """What to simulate (see the module's docstring).

    ``options`` are the options set for every match (validated by the
    game); ``agents`` one name for every seat or one per seat (names of
    :data:`parlour.agents.AGENTS`, or ``ismcts:N``); ``matches`` the number
    of matches, or of deals with ``duplicate`` (each played once per
    seat); ``sweep`` an option to play at each of its values; ``engine``
    one of :data:`ENGINES` (a game or option the vector engine does not
    cover raises its :class:`~parlour.vector.VectorError`).
    """

    game: str
    options: Mapping[str, object]
    agents: tuple[str, ...]
    matches: int
    seed: int
    duplicate: bool = False
    sweep: Sweep | None = None
    engine: str = "reference"
    _settings: list[dict[str, OptionValue]] = field(
        init=False, repr=False, compare=False, default_factory=list
    )

    def __post_init__(self) -> None:
        if self.matches < 1:
            raise OptionError(f"a simulation needs at least 1 match, not {self.matches}")
        if not self.agents:
            raise OptionError("name at least one agent")
        for name in self.agents:
            agent_factory(name)
        if self.engine not in ENGINES:
            raise OptionError(f"the engine must be {' or '.join(ENGINES)}, not {self.engine!r}")
        if self.engine == "vector":
            why = refusal(self.agents, self.duplicate)
            if why is not None:
                raise OptionError(why)
        for options in self._option_sets():
            game = make(self.game, **options)
            if self.engine == "vector":
                parlour.vector.make(self.game, batch_size=1, kernel="auto", **options)
            if game.options in self._settings:
                swept = ", ".join(f"{name}={value}" for name, value in options.items()
                                  if name not in self.options)
                raise OptionError(f"the sweep gives {swept} twice")
            self.seat_agents(game.num_players)
            self._settings.append(game.options)

    def _option_sets(self) -> list[dict[str, object]]:
        """The options given for each sweep value (one set without a sweep)."""
        if self.sweep is None:
            return [dict(self.options)]
        name = self.sweep.option
        if name in self.options:
            raise OptionError(f"option {name!r} is both set and swept; give it once")
        return [{**self.options, name: value} for value in self.sweep.values]

    def settings(self) -> list[dict[str, OptionValue]]:
        """The full options of each sweep value in order (one set without a sweep)."""
        return [dict(options) for options in self._settings]

    def seat_agents(self, players: int) -> tuple[str, ...]:
        """The agent at each seat of a table of ``players``, before rotation."""
        if len(self.agents) == 1:
            return self.agents * players
        if len(self.agents) != players:
            raise OptionError(
                f"{len(self.agents)} agents named for {players} seats: name one agent for "
                "every seat or one per seat"
            )
        return self.agents

    def plans(self) -> list[MatchPlan]:
        """Every match of the run, in order: sweep value, deal, rotation."""
        plans: list[MatchPlan] = []
        for options in self._settings:
            seats = self.seat_agents(make(self.game, **options).num_players)
            rotations = len(seats) if self.duplicate else 1
            for deal in range(self.matches):
                for rotation in range(rotations):
                    agents = tuple(seats[(seat - rotation) % len(seats)]
                                   for seat in range(len(seats)))
                    plans.append(MatchPlan(len(plans), deal, rotation, options, agents))
        return plans


def play_match(game: Game, seed: int, plan: MatchPlan,
               factories: Mapping[str, Callable[[int], AnyAgent]]) -> MatchRecord:
    """Play ``plan`` to the end with ``game`` (the plan's options) and keep
    its record; ``factories`` make each agent from its seed."""
    state = game.new_state(seed=derived_seed(seed, "deal", plan.deal))
    agents = [
        factories[name](derived_seed(seed, plan.deal, plan.rotation, seat))
        for seat, name in enumerate(plan.agents)
    ]
    actions = 0
    while not state.is_terminal():
        state.apply(choose_action(agents[state.current_player()], state))
        actions += 1
    return MatchRecord(
        index=plan.index, seed=state.seed, deal=plan.deal, rotation=plan.rotation,
        agents=plan.agents, returns=tuple(state.returns()), scores=tuple(state.scores()),
        hand_results=tuple(tuple(row) for row in state.hand_results()), actions=actions,
        higher_is_better=game.higher_is_better, options=dict(plan.options),
        events=count_events(state),
    )


@dataclass(frozen=True)
class Batch:
    """One task for a worker: a few matches of one game and seed."""

    game: str
    seed: int
    plans: tuple[MatchPlan, ...]
    engine: str = "reference"


def play_batch(batch: Batch) -> list[MatchRecord]:
    """Play every match of ``batch`` (each game and agent factory made once;
    on the vector engine, the matches of each option set together)."""
    if batch.engine == "vector":
        return play_vector_batch(batch)
    games: dict[tuple[tuple[str, OptionValue], ...], Game] = {}
    factories = {name: agent_factory(name) for plan in batch.plans for name in plan.agents}
    records = []
    for plan in batch.plans:
        key = tuple(sorted(plan.options.items()))
        if key not in games:
            games[key] = make(batch.game, **plan.options)
        records.append(play_match(games[key], batch.seed, plan, factories))
    return records


def play_vector_batch(batch: Batch) -> list[MatchRecord]:
    """Play ``batch`` on the vector engine: the matches of each option set
    at once, seeded by the seed and the set's first match."""
    groups: dict[tuple[tuple[str, OptionValue], ...], list[MatchPlan]] = {}
    for plan in batch.plans:
        groups.setdefault(tuple(sorted(plan.options.items())), []).append(plan)
    records = []
    for plans in groups.values():
        records.extend(play_vector_matches(
            batch.game, plans[0].options, derived_seed(batch.seed, "vector", plans[0].index),
            [(plan.index, plan.deal, plan.agents) for plan in plans]))
    return records


def batch_size(total: int, workers: int) -> int:
    """Matches a batch: about :data:`TASKS_PER_WORKER` batches per worker,
    within :data:`MIN_BATCH` to :data:`MAX_BATCH`, and small enough that a
    small run still gives every worker some.

    >>> batch_size(100_000, 2), batch_size(1_000, 2), batch_size(40, 2), batch_size(12, 2)
    (256, 125, 16, 6)
    """
    spread = math.ceil(total / (workers * TASKS_PER_WORKER))
    return max(min(MIN_BATCH, math.ceil(total / workers)), min(MAX_BATCH, spread))


def make_batches(spec: SimulationSpec, workers: int) -> list[Batch]:
    """The run's matches cut into batches for ``workers`` (on the vector
    engine, of :data:`~parlour.sim.vector.BATCH` whatever the workers)."""
    plans = spec.plans()
    size = VECTOR_BATCH if spec.engine == "vector" else batch_size(len(plans), workers)
    return [
        Batch(spec.game, spec.seed, tuple(plans[start:start + size]), spec.engine)
        for start in range(0, len(plans), size)
    ]


class Backend(ABC):
    """Where batches are played: :attr:`workers` in parallel. A context
    manager; :meth:`run` yields each batch's records as it finishes, in any
    order."""

    workers: int

    @abstractmethod
    def run(self, batches: Sequence[Batch]) -> Iterator[list[MatchRecord]]:
        """Play ``batches``, yielding each one's records when it is done."""

    @abstractmethod
    def close(self) -> None:
        """Release what the backend holds."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class LocalBackend(Backend):
    """A pool of ``workers`` processes (default every core; one: this process)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1

    def run(self, batches: Sequence[Batch]) -> Iterator[list[MatchRecord]]:
        if self.workers == 1:
            yield from map(play_batch, batches)
            return
        with ProcessPoolExecutor(max_workers=self.workers) as pool:
            for future in as_completed([pool.submit(play_batch, batch) for batch in batches]):
                yield future.result()

    def close(self) -> None:
        """Nothing to release: each :meth:`run` has a pool of its own."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`OptionError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise OptionError("the ray backend needs Ray: pip install 'parlour[ray]'") from None
    return ray


class RayBackend(Backend):
    """Ray tasks on the cluster at ``address``, or on a local instance of
    ``workers`` CPUs (default every core). A Ray that is running already
    is used as it is and left running; one started here is shut down on
    :meth:`close`. At most two batches a worker are in flight, so that
    ``workers`` bounds the run's share of a bigger cluster."""

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        self._ray: Any = import_ray()
        self._started = not self._ray.is_initialized()
        if self._started and address is not None:
            self._ray.init(address=address, logging_level=logging.WARNING)
        elif self._started:
            self._ray.init(num_cpus=workers, include_dashboard=False,
                           logging_level=logging.WARNING)
        self.workers = workers or max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def run(self, batches: Sequence[Batch]) -> Iterator[list[MatchRecord]]:
        ray = self._ray
        task = ray.remote(num_cpus=1)(play_batch)
        waiting = list(batches)
        waiting.reverse()
        pending: list[Any] = []
        while waiting or pending:
            while waiting and len(pending) < 2 * self.workers:
                pending.append(task.remote(waiting.pop()))
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def open_backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` (:data:`BACKENDS`) with ``workers``,
    connected to ``address`` (Ray only)."""
    kind = name.strip().casefold()
    if kind not in BACKENDS:
        raise OptionError(f"the backend must be {' or '.join(BACKENDS)}, not {name!r}")
    if workers is not None and workers < 1:
        raise OptionError(f"workers must be at least 1, not {workers}")
    if kind == "ray":
        return RayBackend(workers, address)
    if address is not None:
        raise OptionError("an address is for the ray backend; the local backend has none")
    return LocalBackend(workers)


def run_simulation(spec: SimulationSpec, backend: str | Backend = "local",
                   workers: int | None = None, progress: Progress | None = None,
                   address: str | None = None) -> list[MatchRecord]:
    """Play every match of ``spec`` and return the records in the order of
    :meth:`SimulationSpec.plans`.

    ``backend`` is a :class:`Backend` (left open) or the name of one:
    ``local`` (a process pool of ``workers``, default every core) or
    ``ray`` (a local Ray instance of ``workers`` CPUs, or the cluster at
    ``address``, default all its CPUs). The records do not depend on the
    backend or the number of workers.
    """
    if isinstance(backend, Backend):
        return _run(spec, backend, progress)
    with open_backend(backend, workers, address) as opened:
        return _run(spec, opened, progress)


def _run(spec: SimulationSpec, backend: Backend, progress: Progress | None) -> list[MatchRecord]:
    batches = make_batches(spec, backend.workers)
    total = sum(len(batch.plans) for batch in batches)
    records: list[MatchRecord] = []
    if progress is not None:
        progress(0, total)
    for finished in backend.run(batches):
        records.extend(finished)
        if progress is not None:
            progress(len(records), total)
    records.sort(key=lambda record: record.index)
    return records

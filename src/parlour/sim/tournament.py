"""Duplicate tournaments: how strong is each agent, with a confidence interval.

The design, in a card player's words:

* **One seat against a field.** Each agent under test takes one seat;
  every other seat is played by the *field* agent (``easy``, the
  heuristic player, unless told otherwise). An agent's result is what it
  wins at a table of field players, so every agent is measured against the
  same opposition and two agents compare directly: ``hard`` beats ``easy``
  when it wins more at the same table than ``easy`` itself does.
* **Duplicate deals.** Deal ``d`` is a fixed seed, so every agent gets the
  same cards. Each deal is replayed once per seat (``rotation`` ``r`` puts
  the agent at seat ``r``), so every agent plays every position of every
  deal and the luck of the cards cancels out.
* **Deterministic.** Each match is seeded from ``(seed, deal, rotation)``
  alone: the deal, the field's seeds and the tested agent's seed, so the
  results are the same whatever the number of worker processes. (An agent
  with a time budget, such as ``hard`` on a slow machine, is the exception.)
* **Intervals clustered by deal.** The rotations of one deal share its
  cards, so they are not independent: an agent's per-deal result is the
  mean over its rotations, and the 95% interval is ``mean ± t·s/√n``
  over the ``n`` per-deal results (``s`` their sample standard deviation,
  ``t`` Student's 97.5% quantile of ``n - 1`` degrees of freedom: 2.26 for
  ten deals, 2.01 for fifty, so a few deals give honest, wide intervals).
* **Paired differences.** Every agent plays the same deals, so two agents
  compare best deal by deal: the mean of the per-deal differences, with
  its interval (:meth:`TournamentResult.paired`), cancels the luck of the
  cards that the two agents' own intervals both carry.

Agents are named by agent specs (:func:`parlour.agents.specs.agent_factory`):
a name of :data:`parlour.agents.AGENTS`, ``ismcts:N`` for ISMCTS with ``N``
iterations a move, random rollouts and no time limit (a reduced ``hard``
for reports that cannot afford the full budget), an outside program
(``cmd:``), a Python class (``module:``), a language model (``llm:``), or
``openspiel-ismcts``, ``openspiel-ismcts-hard``, ``openspiel-mcts`` and
``openspiel-mcts-hard`` for OpenSpiel's bots given the CPU time of
``medium`` or ``hard`` at every move (:mod:`parlour.agents.openspiel_bots`,
with the ``openspiel`` extra).

>>> spec = TournamentSpec("slobberhannes", {"target": 1}, ("random", "easy"), deals=2, seed=1)
>>> [row.agent for row in run_tournament(spec, workers=1).agents]
['random', 'easy']
"""

from __future__ import annotations

import math
import os
import random
import statistics
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from parlour.agents import choose_action
from parlour.agents.specs import agent_factory as agent_factory
from parlour.engine import Game, OptionError, OptionValue, make
from parlour.sim.statistics import Interval, clustered_interval, paired_difference

DEFAULT_FIELD = "easy"
"""The agent that plays every seat but the tested one."""

@dataclass(frozen=True)
class TournamentSpec:
    """What to play: the game and options, the agents, the field, how many deals."""

    game: str
    options: Mapping[str, OptionValue]
    agents: tuple[str, ...]
    deals: int
    seed: int
    field_agent: str = DEFAULT_FIELD

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise OptionError(f"a tournament needs at least 1 deal, not {self.deals}")
        if not self.agents:
            raise OptionError("name at least one agent to test")
        for name in (*self.agents, self.field_agent):
            agent_factory(name)
        make(self.game, **self.options)

    def make_game(self) -> Game:
        """The game with its options."""
        return make(self.game, **self.options)


@dataclass(frozen=True)
class Match:
    """One match to play: ``agent`` at seat ``rotation`` of deal ``deal``."""

    agent: str
    deal: int
    rotation: int


@dataclass(frozen=True)
class MatchResult:
    """The tested agent's return and final score in one match."""

    match: Match
    outcome: float
    score: int


@dataclass(frozen=True)
class AgentResult:
    """One agent's results over every deal and rotation."""

    agent: str
    outcome: Interval
    mean_score: float
    deals: int
    matches: int
    per_deal: tuple[float, ...] = ()
    """The agent's mean return on each deal, in deal order (for paired
    comparisons: every agent plays the same deals)."""
    per_deal_score: tuple[float, ...] = ()
    """The agent's mean final score on each deal, in deal order: a finer
    measure than the return where the cards decide most winners."""


@dataclass(frozen=True)
class PairedResult:
    """One agent against another on the same deals: the mean per-deal
    difference of their returns and of their final scores, with 95%
    intervals (:func:`~parlour.sim.statistics.paired_difference`)."""

    agent: str
    versus: str
    outcome: Interval
    """``agent``'s mean return minus ``versus``'s, deal by deal."""
    score: Interval
    """``agent``'s final score minus ``versus``'s, deal by deal."""


@dataclass(frozen=True)
class TournamentResult:
    """Every agent's results, in the order the spec names them."""

    spec: TournamentSpec
    agents: list[AgentResult] = field(default_factory=list)

    def separated(self, weaker: str, stronger: str) -> bool:
        """Whether ``stronger``'s interval lies wholly above ``weaker``'s."""
        rows = {row.agent: row for row in self.agents}
        return rows[stronger].outcome.low > rows[weaker].outcome.high

    def paired(self) -> list[PairedResult]:
        """Each agent against each one named before it, on the same deals:
        ``random,easy,hard`` gives easy - random, hard - random, hard - easy."""
        return [
            PairedResult(later.agent, earlier.agent,
                         paired_difference(later.per_deal, earlier.per_deal),
                         paired_difference(later.per_deal_score, earlier.per_deal_score))
            for index, later in enumerate(self.agents) for earlier in self.agents[:index]
        ]


def schedule(spec: TournamentSpec, seats: int) -> list[Match]:
    """Every match of the tournament: each agent at each seat of each deal."""
    return [
        Match(agent, deal, rotation)
        for agent in spec.agents
        for deal in range(spec.deals)
        for rotation in range(seats)
    ]


def derived_seed(*parts: object) -> int:
    """A 63-bit seed fixed by ``parts`` (stable across processes and runs)."""
    return random.Random(":".join(map(str, ("parlour-tournament", *parts)))).randrange(2**63)


def play_match(spec: TournamentSpec, match: Match) -> MatchResult:
    """Play ``match`` to the end; the field takes every other seat."""
    game = spec.make_game()
    state = game.new_state(seed=derived_seed(spec.seed, "deal", match.deal))
    agents = [
        agent_factory(match.agent if seat == match.rotation else spec.field_agent)(
            derived_seed(spec.seed, match.deal, match.rotation, seat)
        )
        for seat in range(game.num_players)
    ]
    while not state.is_terminal():
        state.apply(choose_action(agents[state.current_player()], state))
    seat = match.rotation
    return MatchResult(match, state.returns()[seat], state.scores()[seat])


def summarise(spec: TournamentSpec, results: Sequence[MatchResult]) -> TournamentResult:
    """Each agent's clustered interval and mean score from its match results."""
    rows = []
    for agent in spec.agents:
        mine = [result for result in results if result.match.agent == agent]
        by_deal: dict[int, list[float]] = {}
        scores: dict[int, list[float]] = {}
        for result in mine:
            by_deal.setdefault(result.match.deal, []).append(result.outcome)
            scores.setdefault(result.match.deal, []).append(result.score)
        per_deal = tuple(statistics.fmean(by_deal[deal]) for deal in sorted(by_deal))
        rows.append(AgentResult(
            agent=agent,
            outcome=clustered_interval(per_deal),
            mean_score=statistics.fmean(result.score for result in mine),
            deals=len(by_deal),
            matches=len(mine),
            per_deal=per_deal,
            per_deal_score=tuple(statistics.fmean(scores[deal]) for deal in sorted(scores)),
        ))
    return TournamentResult(spec, rows)


def run_tournament(spec: TournamentSpec, workers: int | None = None) -> TournamentResult:
    """Play every match of ``spec`` on ``workers`` processes (default: every core).

    One worker plays in this process; the results do not depend on the count.
    """
    count = (os.cpu_count() or 1) if workers is None else workers
    if count < 1:
        raise OptionError(f"workers must be at least 1, not {count}")
    matches = schedule(spec, spec.make_game().num_players)
    play = partial(play_match, spec)
    if count == 1:
        return summarise(spec, [play(match) for match in matches])
    chunk = max(1, len(matches) // (count * 8))
    with ProcessPoolExecutor(max_workers=count) as pool:
        return summarise(spec, list(pool.map(play, matches, chunksize=chunk)))


def result_json(result: TournamentResult) -> dict[str, object]:
    """``result`` as plain JSON data (an infinite half-width becomes ``null``);
    ``paired`` holds :meth:`TournamentResult.paired`."""
    spec = result.spec
    return {
        "game": spec.game,
        "options": dict(spec.options),
        "field": spec.field_agent,
        "deals": spec.deals,
        "seed": spec.seed,
        "agents": [
            {
                "agent": row.agent,
                "mean_return": row.outcome.mean,
                "ci95_half_width": _finite(row.outcome.half_width),
                "mean_score": row.mean_score,
                "deals": row.deals,
                "matches": row.matches,
                "per_deal": list(row.per_deal),
                "per_deal_score": list(row.per_deal_score),
            }
            for row in result.agents
        ],
        "paired": [
            {
                "agent": pair.agent,
                "versus": pair.versus,
                "mean_return_difference": pair.outcome.mean,
                "ci95_half_width": _finite(pair.outcome.half_width),
                "mean_score_difference": pair.score.mean,
                "score_ci95_half_width": _finite(pair.score.half_width),
            }
            for pair in result.paired()
        ],
    }


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None

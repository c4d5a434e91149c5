"""What many simulated matches say about a game: seat advantage, scores,
match length, the game's own events and design measures (issue #13).

Everything here is a pure function of a sequence of
:class:`~parlour.sim.records.MatchRecord`; :func:`summarise` gathers it all
into one :class:`Summary` whose :meth:`Summary.as_dict` is plain JSON.

**Wins.** A match's win is shared among the seats with the best return
(:meth:`MatchRecord.winners`): each gets ``1/k`` of it when ``k`` seats tie,
and every seat gets ``1/n`` of a match where all ``n`` returns are equal
(nobody won). So the seats' wins always add up to the number of matches.
In a one-player game (a patience) the match is won when its return is 1.

**Intervals (95%).** The matches of one deal are not independent: under
``--duplicate`` each deal is replayed once per rotation of the seats. So
every interval is clustered by deal, as in :mod:`parlour.sim.tournament`:

* a mean (return, score, hands, events, design measures) takes each deal's
  mean and gives ``mean ± t·s/√n`` over the ``n`` deal means, ``t`` the
  97.5% quantile of Student's t with ``n - 1`` degrees of freedom
  (:func:`clustered_interval`, :func:`t_quantile`: 12.71 from two deals,
  2.26 from ten, 1.98 from a hundred, near the normal 1.96 beyond); without
  ``--duplicate`` every match is its own deal and this is the usual
  interval of a mean;
* a rate ``p`` (wins, matches with an event) over ``m`` matches is a Wilson
  score interval on an *effective* number of matches (Kish's design
  effect): ``m_eff = p(1-p)/v``, ``v`` the clustered variance of the rate
  (``s²/n`` over the ``n`` deal means), kept between ``n`` and ``m``, and
  ``p·m_eff`` successes. With one match per deal ``m_eff = m`` and it is
  the textbook Wilson interval (a shared win counting its share); at a rate
  of 0 or 1 the spread within deals is unknown and ``m_eff = n``.

**Design measures** follow CardStock (Bell and Goadrich; after Browne's
*Evolutionary Game Design*), which reads them from its AI players' win
estimates after every move. A record keeps the hands, so here they are
read from the running totals after each hand (``higher_is_better`` says
which total leads). Each is computed per match and averaged over matches
(clustered by deal), in :class:`DesignMeasures`:

* **lead changes**: the seat alone in the lead after each hand, skipping
  hands after which the lead is shared; a lead change is each time that seat
  differs from the previous one (:func:`lead_changes`). The *rate* divides
  by the ``hands - 1`` chances to change (matches of two hands or more).
* **drama**: CardStock's average severity of the eventual winner's time
  behind. After each hand the winner's rank among the totals (``1`` best,
  ties sharing the mean of their ranks) becomes ``r = (n - rank)/(n - 1)``
  (1 alone in the lead, 0 last); the threshold is CardStock's
  ``t = (1 + (n-2)/(n-1))/2``, midway between the first and second rank.
  Drama is the mean of ``√(t - r)`` over the hands after which the winner
  was *trailing* (some seat strictly ahead), 0 when he never trailed
  (:func:`drama`). The *winner* (:func:`sole_winner`) is the seat alone
  with the best return or, where several share it (Polignac's players who
  are not the loser), the one of them alone with the best final total;
  matches without one do not count.
* **security**: CardStock's share of the match in which the winner was not
  trailing, ``1 - trailing hands / hands`` (:func:`security`).
* **decisiveness**: the share of the match still to play when the winner
  took the lead for good, ``(hands - j)/hands``, ``j`` the first hand after
  which he was alone in the lead and stayed so to the end (``j = hands``
  when he never was: the last reckoning decided). 0: the last hand decided;
  near 1: he led from the first hand (:func:`decisiveness`).
* **comeback rate** (a historian's drama): the share of matches with one
  winner in which the winner trailed after some hand; and the winner's
  *largest deficit*, in the game's own unit.
* **seat fairness** (:class:`Fairness`): the spread (best minus worst) of
  the seats' win rates; Pearson's chi-square test that every seat wins
  ``1/n`` of the matches (``n - 1`` degrees of freedom; shared wins make it
  conservative; under ``--duplicate`` the seats' wins are dependent and the
  p-value is only indicative); the test that every seat has the same mean
  *return* (:func:`equal_returns_test`: Hotelling's T² on the per-deal
  differences between seats, read as a chi-square, so the seats' returns
  in one match may depend on one another); and CardStock's fairness of the
  least fair seat: ``n·w`` for a seat winning a share ``w ≤ 1/n``, else
  ``n(1 - w)/(n - 1)`` (1 fair, 0 a seat always or never wins).

  The two tests can disagree, and a seat's own interval with either: the
  chi-square test counts matches *won* (a shared win its share), the mean
  return also weighs *what* a match gave (in Polignac a seat that loses
  less often gains return without winning more); and each seat's interval
  is a 95% statement about that seat alone, so among ``n`` seats one of
  them leaves out the fair value by chance more often than one time in
  twenty, where a joint test keeps its 5% for all seats at once
  (:func:`parlour.sim.report.fairness_notes` says which applies).

>>> from parlour.sim.records import MatchRecord
>>> record = MatchRecord(index=0, seed=0, deal=0, rotation=0, agents=("a", "b"),
...     returns=(1.0, -1.0), scores=(3, 2), hand_results=((0, 2), (3, 0)),
...     actions=10, higher_is_better=True)
>>> lead_changes(record), drama(record), security(record), decisiveness(record)
(1, 0.7071067811865476, 0.5, 0.0)
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from parlour.sim.records import MatchRecord

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

QUANTILES = (5, 25, 50, 75, 95)
"""The percentiles a :class:`Distribution` reports."""
Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: float, trials: float, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (counts may be fractional:
    an effective number of trials).

    >>> [round(end, 4) for end in wilson(20, 100)]
    [0.1334, 0.2888]
    """
    if trials < 1:
        raise ValueError("an interval needs at least one trial")
    share = successes / trials
    scale = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / scale
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


EXACT_T_DEGREES = 200
"""Up to this many degrees of freedom :func:`t_quantile` solves the exact
distribution function; beyond, an expansion about the normal quantile
agrees with it to within 1e-9."""


@lru_cache(maxsize=1024)
def t_quantile(degrees_of_freedom: int) -> float:
    """The 97.5% quantile of Student's t with whole ``degrees_of_freedom``:
    the factor of a two-sided 95% interval of a mean from
    ``degrees_of_freedom + 1`` samples.

    Up to :data:`EXACT_T_DEGREES`, the root of the closed form of the
    distribution function for whole degrees (Abramowitz and Stegun 26.7.3
    and 26.7.4), by bisection; beyond, Hill's expansion in ``1/ν`` (1970).

    >>> [round(t_quantile(degrees), 4) for degrees in (1, 2, 9, 30, 1000)]
    [12.7062, 4.3027, 2.2622, 2.0423, 1.9623]
    """
    if degrees_of_freedom < 1:
        raise ValueError(f"Student's t needs 1 degree of freedom or more, "
                         f"not {degrees_of_freedom}")
    if degrees_of_freedom > EXACT_T_DEGREES:
        return _t_expansion(degrees_of_freedom)
    low, high = Z_95, 13.0
    while high - low > 1e-13:
        middle = (low + high) / 2
        if _t_central(middle, degrees_of_freedom) < 0.95:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _t_central(t: float, degrees: int) -> float:
    """``P(|T| < t)`` for Student's t with whole ``degrees``."""
    theta = math.atan(t / math.sqrt(degrees))
    sine, cosine_squared = math.sin(theta), math.cos(theta) ** 2
    if degrees % 2 == 0:
        term, total = 1.0, 1.0
        for step in range(2, degrees - 1, 2):
            term *= cosine_squared * (step - 1) / step
            total += term
        return sine * total
    if degrees == 1:
        return 2 * theta / math.pi
    term = total = math.cos(theta)
    for step in range(3, degrees - 1, 2):
        term *= cosine_squared * (step - 1) / step
        total += term
    return 2 * (theta + sine * total) / math.pi


def _t_expansion(degrees: int) -> float:
    z, nu = Z_95, float(degrees)
    return (z + (z**3 + z) / (4 * nu) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * nu**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * nu**3)
            + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z)
            / (92160 * nu**4))


@dataclass(frozen=True)
class Interval:
    """A mean with the half-width of its 95% interval (``inf`` from one sample)."""

    mean: float
    half_width: float

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.mean + self.half_width


def clustered_interval(per_deal: Sequence[float]) -> Interval:
    """The mean of the per-deal results with its 95% half-width
    ``t·s/√n``, ``t`` Student's (:func:`t_quantile` of ``n - 1``).

    >>> interval = clustered_interval([1.0, 2.0, 3.0])
    >>> interval.mean, round(interval.half_width, 4)
    (2.0, 2.4841)
    """
    count = len(per_deal)
    mean = statistics.fmean(per_deal)
    if count < 2:
        return Interval(mean, math.inf)
    return Interval(mean, t_quantile(count - 1) * statistics.stdev(per_deal) / math.sqrt(count))


def paired_difference(stronger: Sequence[float], weaker: Sequence[float]) -> Interval:
    """The mean per-deal difference between two agents' results on the same
    deals, with its 95% half-width: the duplicate design's sharper test
    (the luck of each deal cancels out).

    >>> interval = paired_difference([1.0, 2.0, 4.0], [0.0, 1.0, 2.0])
    >>> round(interval.mean, 4), round(interval.half_width, 4)
    (1.3333, 1.4342)
    """
    if len(stronger) != len(weaker):
        raise ValueError("a paired comparison needs the same deals for both agents")
    return clustered_interval([one - two for one, two in zip(stronger, weaker, strict=True)])


class JSONForm:
    """A frozen dataclass whose JSON form is its fields, recursively: tuples
    become lists, mapping keys text, and an infinite number ``null``."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        data: dict[str, Any] = _plain(dataclasses.asdict(cast("DataclassInstance", self)))
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True)
class Estimate(JSONForm):
    """A value with its 95% interval (``-inf``/``inf`` ends when one deal
    cannot give an interval)."""

    value: float
    low: float
    high: float


UNBOUNDED = (-math.inf, math.inf)
COUNT = (0.0, math.inf)
"""The range of a count (events, lead changes, hands): never below 0."""
SHARE = (0.0, 1.0)
"""The range of a measure on a scale from 0 to 1 (drama, security)."""


def mean_estimate(values: Sequence[float], deals: Sequence[int],
                  within: tuple[float, float] = UNBOUNDED) -> Estimate:
    """The mean of ``values`` with its interval clustered by ``deals``
    (``values[i]`` comes from deal ``deals[i]``), the interval cut to the
    range ``within`` that the values cannot leave (a count's interval does
    not reach below 0).

    >>> estimate = mean_estimate([1.0, 2.0, 3.0], [0, 1, 2])
    >>> estimate.value, round(estimate.low, 4), round(estimate.high, 4)
    (2.0, -0.4841, 4.4841)
    >>> mean_estimate([0.0, 0.0, 1.0], [0, 1, 2], within=COUNT).low
    0.0
    """
    interval = clustered_interval(_deal_means(values, deals))
    low, high = within
    return Estimate(statistics.fmean(values), max(low, interval.low), min(high, interval.high))


def rate_estimate(shares: Sequence[float], deals: Sequence[int]) -> Estimate:
    """The mean of ``shares`` (each from 0 to 1) with a Wilson interval over
    the deals (see the module docstring).

    >>> estimate = rate_estimate([1.0, 0.0, 0.0, 0.0], [0, 1, 2, 3])
    >>> estimate.value, round(estimate.low, 4), round(estimate.high, 4)
    (0.25, 0.0456, 0.6994)
    """
    rate = statistics.fmean(shares)
    trials = effective_matches(shares, deals)
    # the effective count need not be a whole number: Wilson's formula
    # reads it only through count / trials
    low, high = wilson(rate * trials, trials)
    # At a rate of 0 (of 1) the end is exactly 0 (1), not its rounding.
    return Estimate(rate, low if rate > 0 else 0.0, high if rate < 1 else 1.0)


def effective_matches(shares: Sequence[float], deals: Sequence[int]) -> float:
    """How many independent matches ``shares`` are worth, the deals'
    clustering allowed for (see the module docstring).

    >>> effective_matches([1.0, 0.0, 1.0, 0.0], [0, 1, 2, 3])
    4.0
    >>> effective_matches([1.0, 1.0, 0.0, 0.0], [0, 0, 1, 1])  # the deal decides
    2.0
    >>> effective_matches([1.0, 0.0, 1.0, 0.0], [0, 0, 1, 1])  # the deal does not matter
    4.0
    """
    per_deal = _deal_means(shares, deals)
    matches, count = len(shares), len(per_deal)
    if count == matches:
        return float(matches)
    rate = statistics.fmean(shares)
    if rate in (0.0, 1.0) or count < 2:
        return float(count)
    variance = statistics.variance(per_deal) / count
    if variance == 0:
        return float(matches)
    return min(float(matches), max(float(count), rate * (1 - rate) / variance))


def _deal_means(values: Sequence[float], deals: Sequence[int]) -> list[float]:
    if not values or len(values) != len(deals):
        raise ValueError("an estimate needs one deal per value, and at least one value")
    groups: dict[int, list[float]] = defaultdict(list)
    for value, deal in zip(values, deals, strict=True):
        groups[deal].append(value)
    return [statistics.fmean(groups[deal]) for deal in sorted(groups)]


@dataclass(frozen=True)
class Distribution(JSONForm):
    """How whole numbers (scores, hands, actions) are spread: the mean with
    its interval, the standard deviation, percentiles and every value's count."""

    count: int
    mean: Estimate
    stdev: float
    minimum: int
    maximum: int
    quantiles: Mapping[int, float]
    """Percentile (5, 25, 50, 75, 95) to value, interpolated between ranks."""
    counts: Mapping[int, int]
    """Value to how many times it came, in increasing value."""


def distribution(values: Sequence[int], deals: Sequence[int],
                 within: tuple[float, float] = UNBOUNDED) -> Distribution:
    """The :class:`Distribution` of ``values`` (``values[i]`` from deal
    ``deals[i]``), the mean's interval cut to ``within``.

    >>> spread = distribution([1, 2, 2, 5], [0, 1, 2, 3])
    >>> spread.quantiles[50], dict(spread.counts)
    (2.0, {1: 1, 2: 2, 5: 1})
    """
    floats = [float(value) for value in values]
    if len(values) > 1:
        cuts = statistics.quantiles(floats, n=100, method="inclusive")
        quantiles = {percent: cuts[percent - 1] for percent in QUANTILES}
    else:
        quantiles = {percent: floats[0] for percent in QUANTILES}
    return Distribution(
        count=len(values), mean=mean_estimate(floats, deals, within),
        stdev=statistics.stdev(floats) if len(values) > 1 else 0.0,
        minimum=min(values), maximum=max(values), quantiles=quantiles,
        counts=dict(sorted(Counter(values).items())),
    )


# ----------------------------------------------------------------------
# one match


def win_shares(record: MatchRecord) -> list[float]:
    """Each seat's share of the match's win (see the module docstring).

    >>> from parlour.sim.records import MatchRecord
    >>> tie = MatchRecord(index=0, seed=0, deal=0, rotation=0, agents=("a",) * 3,
    ...     returns=(1.0, 1.0, -2.0), scores=(0, 0, 0), hand_results=(), actions=0,
    ...     higher_is_better=True)
    >>> win_shares(tie)
    [0.5, 0.5, 0.0]
    """
    if record.players == 1:
        return [1.0 if record.returns[0] == 1.0 else 0.0]
    winners = record.winners()
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(record.players)]


def sole_winner(record: MatchRecord) -> int | None:
    """The match's winner for the design measures: the seat alone with the
    best return, or alone with the best final total among the seats that
    share it (``None`` when there is no such seat or one player).

    >>> from parlour.sim.records import MatchRecord
    >>> penalties = MatchRecord(index=0, seed=0, deal=0, rotation=0, agents=("a",) * 3,
    ...     returns=(0.5, 0.5, -1.0), scores=(2, 1, 10), hand_results=((2, 1, 10),),
    ...     actions=0, higher_is_better=False)
    >>> sole_winner(penalties)
    1
    """
    winners = record.winners()
    if record.players < 2:
        return None
    if len(winners) > 1 and record.hands:
        final = record.trajectory()[-1]
        best = _best(record, [final[seat] for seat in winners])
        winners = [seat for seat in winners if final[seat] == best]
    return winners[0] if len(winners) == 1 else None


def _best(record: MatchRecord, totals: Sequence[int]) -> int:
    return max(totals) if record.higher_is_better else min(totals)


def _is_ahead(record: MatchRecord, one: int, other: int) -> bool:
    return one > other if record.higher_is_better else one < other


def _sole_leader(record: MatchRecord, totals: Sequence[int]) -> int | None:
    best = _best(record, totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(record: MatchRecord) -> int:
    """How often the lead passed from one seat to another (hands after which
    the lead is shared are skipped; see the module docstring)."""
    changes = 0
    holder: int | None = None
    for totals in record.trajectory():
        leader = _sole_leader(record, totals)
        if leader is None:
            continue
        if holder is not None and leader != holder:
            changes += 1
        holder = leader
    return changes


def _trailing(record: MatchRecord, seat: int, totals: Sequence[int]) -> bool:
    return any(_is_ahead(record, total, totals[seat]) for total in totals)


def _rank_score(record: MatchRecord, seat: int, totals: Sequence[int]) -> float:
    ahead = sum(_is_ahead(record, total, totals[seat]) for total in totals)
    level = sum(total == totals[seat] for total in totals)
    rank = ahead + (level + 1) / 2
    return (record.players - rank) / (record.players - 1)


def drama_threshold(players: int) -> float:
    """CardStock's threshold between the first and second rank.

    >>> drama_threshold(2), round(drama_threshold(4), 4)
    (0.5, 0.8333)
    """
    return (1 + (players - 2) / (players - 1)) / 2


def drama(record: MatchRecord) -> float | None:
    """CardStock's drama of the match (``None`` without one winner or hands)."""
    winner = sole_winner(record)
    if winner is None or not record.hands:
        return None
    threshold = drama_threshold(record.players)
    severities = [math.sqrt(threshold - _rank_score(record, winner, totals))
                  for totals in record.trajectory() if _trailing(record, winner, totals)]
    return statistics.fmean(severities) if severities else 0.0


def security(record: MatchRecord) -> float | None:
    """The share of hands after which the winner was not trailing."""
    winner = sole_winner(record)
    if winner is None or not record.hands:
        return None
    trailing = sum(_trailing(record, winner, totals) for totals in record.trajectory())
    return 1 - trailing / record.hands


def decisiveness(record: MatchRecord) -> float | None:
    """The share of the match still to play when the winner took the lead
    for good (see the module docstring)."""
    winner = sole_winner(record)
    if winner is None or not record.hands:
        return None
    decided = record.hands
    for hand, totals in reversed(list(enumerate(record.trajectory(), start=1))):
        if _sole_leader(record, totals) != winner:
            break
        decided = hand
    return (record.hands - decided) / record.hands


def largest_deficit(record: MatchRecord) -> int | None:
    """How far, in the game's unit, the winner was at worst behind the leader."""
    winner = sole_winner(record)
    if winner is None or not record.hands:
        return None
    return max(abs(_best(record, totals) - totals[winner]) for totals in record.trajectory())


# ----------------------------------------------------------------------
# summaries


@dataclass(frozen=True)
class SeatSummary(JSONForm):
    """One seat over every match."""

    seat: int
    wins: float
    """Matches won, shared wins counting their share."""
    win_rate: Estimate
    mean_return: Estimate
    scores: Distribution
    """The seat's final scores (their mean is the seat's mean score)."""


@dataclass(frozen=True)
class AgentSummary(JSONForm):
    """One agent over the matches it played; in a match where it holds
    several seats its result is the mean of theirs."""

    agent: str
    matches: int
    win_rate: Estimate
    mean_return: Estimate
    mean_score: Estimate


@dataclass(frozen=True)
class EventSummary(JSONForm):
    """One of the game's events: how many a match, and how often at all."""

    event: str
    per_match: Estimate
    share: Estimate
    """The share of matches with at least one."""


@dataclass(frozen=True)
class JointTest(JSONForm):
    """A test of all seats at once: its statistic, read as a chi-square of
    ``degrees_of_freedom``, and the p-value."""

    statistic: float
    degrees_of_freedom: int
    p_value: float


@dataclass(frozen=True)
class Fairness(JSONForm):
    """Whether the seats win equally often, and have equal mean returns
    (see the module docstring)."""

    spread: float
    chi_square: float
    degrees_of_freedom: int
    p_value: float
    cardstock: float
    equal_returns: JointTest | None = None
    """:func:`equal_returns_test` (``None`` from too few deals to test)."""


@dataclass(frozen=True)
class DesignMeasures(JSONForm):
    """CardStock-style measures of a game of two seats or more (each
    ``None`` when no match could give it)."""

    decided: int
    """Matches with one winner (those that drama, security, decisiveness,
    comebacks and deficits read)."""
    fairness: Fairness | None
    """``None`` when the matches differ in their number of seats."""
    lead_changes: Estimate | None
    lead_change_rate: Estimate | None
    drama: Estimate | None
    security: Estimate | None
    decisiveness: Estimate | None
    comeback_rate: Estimate | None
    largest_deficit: Estimate | None


@dataclass(frozen=True)
class SweepPoint(JSONForm):
    """The summary of the matches played with one value of the swept options."""

    options: Mapping[str, Any]
    """The options that vary across the sweep, at this point's values."""
    label: str
    """``target=20 players=4``: the point's values, as on the command line."""
    summary: Summary


@dataclass(frozen=True)
class Summary(JSONForm):
    """Everything :func:`summarise` finds in a run of matches."""

    matches: int
    deals: int
    players: int
    """Seats at the table (the most in any match, when a sweep varies it)."""
    higher_is_better: bool
    options: Mapping[str, Any]
    """The options every match shared."""
    seats: tuple[SeatSummary, ...]
    agents: tuple[AgentSummary, ...]
    """One row per agent (one row when one agent played every seat)."""
    agent_names: tuple[str, ...]
    """Every agent that played, in the order they first appear."""
    seat_agents: tuple[str, ...]
    """The agent at each seat of the first match: as named for the run, before
    ``--duplicate`` rotates them round the table."""
    duplicate: bool
    """Whether deals were replayed with the agents rotated (``--duplicate``)."""
    scores: Distribution
    """Every seat's final score, pooled."""
    hands: Distribution
    """The matches' lengths, in hands."""
    actions: Distribution
    events: tuple[EventSummary, ...]
    design: DesignMeasures | None
    """``None`` in a one-player game."""
    sweep: tuple[SweepPoint, ...] = field(default=())
    game: str | None = None
    """The game's name, when the run gave it (records do not carry it)."""
    seed: int | None = None
    """The run's seed, when the run gave it (a record keeps its deal's seed,
    derived from the run's)."""


def summarise(records: Sequence[MatchRecord], game: str | None = None,
              seed: int | None = None) -> Summary:
    """The :class:`Summary` of ``records``, with one per option value when
    the records' options differ (a sweep); ``game`` and ``seed`` name the
    run for its headers, plots and JSON."""
    if not records:
        raise ValueError("there is nothing to summarise: no match was played")
    swept = swept_options(records)
    sweep = tuple(SweepPoint(point, options_label(point), _summarise_one(group))
                  for point, group in group_by_options(records, swept))
    return dataclasses.replace(_summarise_one(records, sweep), game=game, seed=seed)


def swept_options(records: Sequence[MatchRecord]) -> list[str]:
    """The option names whose values differ between records, in first-seen order."""
    names = list(dict.fromkeys(name for record in records for name in record.options))
    return [name for name in names
            if len({json.dumps(record.options.get(name), sort_keys=True)
                    for record in records}) > 1]


def options_label(options: Mapping[str, Any]) -> str:
    """Options as on the command line.

    >>> options_label({"target": 20, "variant": "long"})
    'target=20 variant="long"'
    """
    return " ".join(f"{name}={json.dumps(value)}" for name, value in options.items())


def group_by_options(records: Sequence[MatchRecord], names: Sequence[str]
                     ) -> list[tuple[dict[str, Any], list[MatchRecord]]]:
    """The records grouped by their values of the options ``names``, groups
    in first-seen order (none when ``names`` is empty)."""
    if not names:
        return []
    groups: dict[str, tuple[dict[str, Any], list[MatchRecord]]] = {}
    for record in records:
        point = {name: record.options.get(name) for name in names}
        groups.setdefault(json.dumps(point, sort_keys=True), (point, []))[1].append(record)
    return list(groups.values())


def _summarise_one(records: Sequence[MatchRecord],
                   sweep: tuple[SweepPoint, ...] = ()) -> Summary:
    deals = [record.deal for record in records]
    players = max(record.players for record in records)
    shared = {name: value for name, value in records[0].options.items()
              if all(record.options.get(name) == value for record in records)}
    return Summary(
        matches=len(records), deals=len(set(deals)), players=players,
        higher_is_better=records[0].higher_is_better, options=shared,
        seats=tuple(_seat_summary(records, seat) for seat in range(players)),
        agents=_agent_summaries(records),
        agent_names=tuple(dict.fromkeys(name for record in records for name in record.agents)),
        seat_agents=records[0].agents,
        duplicate=any(record.rotation > 0 for record in records),
        scores=distribution([score for record in records for score in record.scores],
                            [record.deal for record in records for _ in record.scores]),
        hands=distribution([record.hands for record in records], deals, COUNT),
        actions=distribution([record.actions for record in records], deals, COUNT),
        events=_event_summaries(records),
        design=design_measures(records) if players > 1 else None,
        sweep=sweep,
    )


def _seat_summary(records: Sequence[MatchRecord], seat: int) -> SeatSummary:
    mine = [record for record in records if seat < record.players]
    deals = [record.deal for record in mine]
    shares = [win_shares(record)[seat] for record in mine]
    return SeatSummary(
        seat=seat, wins=math.fsum(shares), win_rate=rate_estimate(shares, deals),
        mean_return=mean_estimate([record.returns[seat] for record in mine], deals),
        scores=distribution([record.scores[seat] for record in mine], deals),
    )


def _agent_summaries(records: Sequence[MatchRecord]) -> tuple[AgentSummary, ...]:
    names = list(dict.fromkeys(name for record in records for name in record.agents))
    rows = []
    for name in names:
        mine = [record for record in records if name in record.agents]
        deals = [record.deal for record in mine]
        rows.append(AgentSummary(
            agent=name, matches=len(mine),
            win_rate=rate_estimate(_agent_values(mine, name, win_shares), deals),
            mean_return=mean_estimate(
                _agent_values(mine, name, lambda record: record.returns), deals),
            mean_score=mean_estimate(
                _agent_values(mine, name, lambda record: record.scores), deals),
        ))
    return tuple(rows)


def _agent_values(records: Sequence[MatchRecord], agent: str,
                  values: Callable[[MatchRecord], Sequence[float]]) -> list[float]:
    """Each record's mean of ``values`` over the seats that ``agent`` held."""
    return [statistics.fmean(value for value, held in zip(values(record), record.agents,
                                                          strict=True) if held == agent)
            for record in records]


def _event_summaries(records: Sequence[MatchRecord]) -> tuple[EventSummary, ...]:
    names = sorted({name for record in records for name in record.events})
    deals = [record.deal for record in records]
    rows = []
    for name in names:
        counts = [float(record.events.get(name, 0)) for record in records]
        rows.append(EventSummary(
            event=name, per_match=mean_estimate(counts, deals, COUNT),
            share=rate_estimate([float(count > 0) for count in counts], deals),
        ))
    return tuple(rows)


def design_measures(records: Sequence[MatchRecord]) -> DesignMeasures:
    """The design measures of ``records`` (games of two seats or more)."""
    decided = [record for record in records if sole_winner(record) is not None]
    same_seats = len({record.players for record in records}) == 1

    def over(matches: Sequence[MatchRecord], measure: Callable[[MatchRecord], float | None],
             within: tuple[float, float] | None = None) -> Estimate | None:
        """The mean of ``measure`` within its range, or a rate (a Wilson
        interval) when ``within`` is ``None``."""
        pairs = [(value, record.deal) for record in matches
                 if (value := measure(record)) is not None]
        if not pairs:
            return None
        values, deals = [float(value) for value, _ in pairs], [deal for _, deal in pairs]
        if within is None:
            return rate_estimate(values, deals)
        return mean_estimate(values, deals, within)

    def comeback(record: MatchRecord) -> float | None:
        value = security(record)
        return None if value is None else float(value < 1)

    def change_rate(record: MatchRecord) -> float | None:
        return lead_changes(record) / (record.hands - 1) if record.hands > 1 else None

    return DesignMeasures(
        decided=len(decided), fairness=fairness(records) if same_seats else None,
        lead_changes=over(records, lambda record: float(lead_changes(record)), COUNT),
        lead_change_rate=over(records, change_rate, SHARE),
        drama=over(decided, drama, SHARE), security=over(decided, security, SHARE),
        decisiveness=over(decided, decisiveness, SHARE),
        comeback_rate=over(decided, comeback),
        largest_deficit=over(decided, largest_deficit, COUNT),
    )


def fairness(records: Sequence[MatchRecord]) -> Fairness:
    """The seats' :class:`Fairness` over ``records`` (all with the same seats).

    >>> from parlour.sim.records import MatchRecord
    >>> def won_by(seat: int) -> MatchRecord:
    ...     returns = tuple(1.0 if other == seat else -1.0 for other in range(2))
    ...     return MatchRecord(index=0, seed=0, deal=seat, rotation=0, agents=("a", "a"),
    ...         returns=returns, scores=(0, 0), hand_results=(), actions=0,
    ...         higher_is_better=True)
    >>> result = fairness([won_by(0), won_by(0), won_by(0), won_by(1)])
    >>> result.spread, result.chi_square, round(result.p_value, 4), result.cardstock
    (0.5, 1.0, 0.3173, 0.5)
    """
    players = records[0].players
    if any(record.players != players for record in records) or players < 2:
        raise ValueError("seat fairness compares the seats of matches with the same "
                         "number of seats, two or more")
    wins = [math.fsum(shares) for shares in zip(*map(win_shares, records), strict=True)]
    rates = [won / len(records) for won in wins]
    expected = len(records) / players
    chi_square = math.fsum((won - expected) ** 2 / expected for won in wins)
    return Fairness(
        spread=max(rates) - min(rates), chi_square=chi_square,
        degrees_of_freedom=players - 1,
        p_value=chi_square_survival(chi_square, players - 1),
        cardstock=min(cardstock_fairness(rate, players) for rate in rates),
        equal_returns=equal_returns_test(records),
    )


def equal_returns_test(records: Sequence[MatchRecord]) -> JointTest | None:
    """The test that every seat has the same mean return (all ``records``
    with the same seats): Hotelling's T² on each deal's differences between
    the seats' mean returns (the other seats' from the last one's), read as
    a chi-square of as many degrees of freedom as the differences span;
    ``None`` when there are no more deals than seats. The differences come
    from one deal at a time, so the seats' returns in a match (a loser pays
    the winners) may depend on one another; a difference that never varies
    and is not 0 gives an infinite statistic.

    >>> from parlour.sim.records import MatchRecord
    >>> def played(deal: int, returns: tuple[float, float]) -> MatchRecord:
    ...     return MatchRecord(index=deal, seed=0, deal=deal, rotation=0, agents=("a", "a"),
    ...         returns=returns, scores=(0, 0), hand_results=(), actions=0,
    ...         higher_is_better=True)
    >>> test = equal_returns_test([played(0, (1.0, -1.0)), played(1, (1.0, -1.0)),
    ...                            played(2, (-1.0, 1.0)), played(3, (1.0, -1.0))])
    >>> round(test.statistic, 4), test.degrees_of_freedom, round(test.p_value, 4)
    (1.0, 1, 0.3173)
    """
    players = records[0].players
    deals, of_deal = np.unique([record.deal for record in records], return_inverse=True)
    if len(deals) <= players:
        return None
    per_deal = np.zeros((len(deals), players))
    np.add.at(per_deal, of_deal, np.array([record.returns for record in records]))
    per_deal /= np.bincount(of_deal)[:, None]
    differences = per_deal[:, :-1] - per_deal[:, -1:]
    mean = differences.mean(axis=0)
    covariance = np.atleast_2d(np.cov(differences, rowvar=False))
    scale = max(1.0, float(np.abs(covariance).max()))
    rank = int(np.linalg.matrix_rank(covariance, tol=1e-12 * scale))
    inverse = np.linalg.pinv(covariance, rcond=1e-12, hermitian=True)
    # a mean difference outside the span of the covariance never varied:
    # it is certain, not a matter of chance
    outside = mean - covariance @ (inverse @ mean)
    if np.abs(outside).max() > 1e-9 * max(1.0, float(np.abs(mean).max())):
        return JointTest(math.inf, max(rank, 1), 0.0)
    if rank == 0:
        return JointTest(0.0, 1, 1.0)
    statistic = float(len(per_deal) * mean @ inverse @ mean)
    return JointTest(statistic, rank, chi_square_survival(statistic, rank))


def cardstock_fairness(rate: float, players: int) -> float:
    """CardStock's fairness of a seat that wins a share ``rate`` of the
    matches: 1 at ``1/players``, falling linearly to 0 at 0 and at 1.

    >>> cardstock_fairness(0.25, 4), cardstock_fairness(0.125, 4), cardstock_fairness(1.0, 4)
    (1.0, 0.5, 0.0)
    """
    if rate <= 1 / players:
        return rate * players
    return players * (1 - rate) / (players - 1)


def chi_square_survival(statistic: float, degrees_of_freedom: int) -> float:
    """``P(X ≥ statistic)`` for ``X`` chi-square with whole ``degrees_of_freedom``,
    by the closed forms of the regularised upper incomplete gamma function.

    >>> round(chi_square_survival(3.841458820694124, 1), 6)
    0.05
    >>> round(chi_square_survival(5.991464547107979, 2), 6)
    0.05
    """
    if degrees_of_freedom < 1:
        raise ValueError(f"a chi-square test needs 1 degree of freedom or more, "
                         f"not {degrees_of_freedom}")
    if statistic <= 0:
        return 1.0
    half = statistic / 2
    if degrees_of_freedom % 2 == 0:
        terms = [half ** step / math.factorial(step) for step in range(degrees_of_freedom // 2)]
        return min(1.0, math.exp(-half) * math.fsum(terms))
    terms = [half ** (step - 0.5) / math.gamma(step + 0.5)
             for step in range(1, degrees_of_freedom // 2 + 1)]
    return min(1.0, math.erfc(math.sqrt(half)) + math.exp(-half) * math.fsum(terms))

"""The simulation statistics (issue #13): intervals that cover known truths,
exact values on hand-made matches, the design measures on hand-made score
trajectories, sweeps, and the files and plots written from a summary."""

from __future__ import annotations

import csv
import functools
import gzip
import importlib.util
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import parlour
from parlour.engine.files import MIB, FileTooLarge
from parlour.sim import report
from parlour.sim.records import MatchRecord
from parlour.sim.report import (
    PlotError,
    estimate_text,
    fairness_text,
    fixed,
    interval_text,
    read_records,
    run_caption,
    summary_tables,
    write_outputs,
    write_plots,
)
from parlour.sim.statistics import (
    Estimate,
    Fairness,
    Interval,
    JointTest,
    Summary,
    cardstock_fairness,
    chi_square_survival,
    decisiveness,
    design_measures,
    drama,
    drama_threshold,
    effective_matches,
    equal_returns_test,
    fairness,
    group_by_options,
    largest_deficit,
    lead_changes,
    mean_estimate,
    rate_estimate,
    security,
    sole_winner,
    summarise,
    swept_options,
    t_quantile,
    wilson,
    win_shares,
)

Z = 1.959963984540054


def test_wilson_interval() -> None:
    assert [round(end, 4) for end in wilson(20, 100)] == [0.1334, 0.2888]
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    with pytest.raises(ValueError, match=r"^an interval needs at least one trial$"):
        wilson(0, 0)


def match(returns: Sequence[float], hand_results: Sequence[Sequence[int]] = (), *,
          deal: int = 0, index: int = 0, rotation: int = 0, agents: Sequence[str] | None = None,
          higher_is_better: bool = True, scores: Sequence[int] | None = None,
          options: dict[str, object] | None = None,
          events: dict[str, int] | None = None) -> MatchRecord:
    """A hand-made record; scores default to the sum of the hand results."""
    players = len(returns)
    totals = [sum(row[seat] for row in hand_results) for seat in range(players)]
    return MatchRecord(
        index=index, seed=index, deal=deal, rotation=rotation,
        agents=tuple(agents or ("random",) * players), returns=tuple(returns),
        scores=tuple(totals if scores is None else scores),
        hand_results=tuple(tuple(row) for row in hand_results), actions=10 * len(hand_results),
        higher_is_better=higher_is_better, options=options or {}, events=events or {},
    )


def seat_won(seat: int, players: int, **keywords: Any) -> MatchRecord:
    """A one-hand match that ``seat`` won (its score is 1, the others 0)."""
    returns = [1.0 if other == seat else -1.0 for other in range(players)]
    row = [int(other == seat) for other in range(players)]
    return match(returns, [row], **keywords)


# three hand-made trajectories (running totals after each hand in comments)

THREE_SEATS = match((-1.0, -1.0, 2.0), [
    (1, 0, 0),  # 1 0 0   seat 0 leads
    (0, 3, 0),  # 1 3 0   seat 1 leads
    (0, 0, 3),  # 1 3 3   shared lead: skipped
    (5, 0, 0),  # 6 3 3   seat 0 leads again
    (0, 0, 4),  # 6 3 7   seat 2, the winner, leads for good
    (0, 0, 1),  # 6 3 8
])
PENALTIES = match((1.0, -1.0), [(2, 0), (0, 5), (0, 0)], higher_is_better=False)
"""Lower is better: 2 0 (seat 1 leads), 2 5 and 2 5 (seat 0, the winner, leads)."""
WIRE_TO_WIRE = match((1.0, -1.0), [(1, 0), (1, 0), (0, 1), (1, 0)])
"""The winner leads after every hand: 1 0, 2 0, 2 1, 3 1."""


# ----------------------------------------------------------------------
# rates and means: exact values and edge cases


def wilson_bounds(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson interval written out afresh, to check against."""
    share = successes / trials
    centre = share + Z * Z / (2 * trials)
    half = Z * math.sqrt(share * (1 - share) / trials + Z * Z / (4 * trials * trials))
    scale = 1 + Z * Z / trials
    return (centre - half) / scale, (centre + half) / scale


@pytest.mark.parametrize("trials", [1, 10, 250])
def test_wilson_edges_none_and_all(trials: int) -> None:
    none = rate_estimate([0.0] * trials, list(range(trials)))
    every = rate_estimate([1.0] * trials, list(range(trials)))
    assert (none.value, none.low) == (0.0, 0.0)
    assert none.high == pytest.approx(Z * Z / (trials + Z * Z))
    assert (every.value, every.high) == (1.0, 1.0)
    assert every.low == pytest.approx(trials / (trials + Z * Z))


def test_wilson_exact_on_a_small_sample() -> None:
    estimate = rate_estimate([1.0, 1.0, 0.0, 1.0, 0.0], [0, 1, 2, 3, 4])
    assert estimate.value == 0.6
    assert (estimate.low, estimate.high) == pytest.approx(wilson_bounds(3, 5))


def test_a_rate_is_clustered_by_deal() -> None:
    """Two deals, each replayed twice: deal means 1 and 1/2, whose variance
    1/8 over 2 deals is 1/16 against p(1-p) = 3/16: three effective matches."""
    assert effective_matches([1.0, 1.0, 1.0, 0.0], [0, 0, 1, 1]) == 3.0
    estimate = rate_estimate([1.0, 1.0, 1.0, 0.0], [0, 0, 1, 1])
    assert estimate.value == 0.75
    assert (estimate.low, estimate.high) == pytest.approx(wilson_bounds(2.25, 3))
    none = rate_estimate([0.0] * 6, [0, 0, 1, 1, 2, 2])
    assert (none.low, none.high) == pytest.approx((0.0, Z * Z / (3 + Z * Z)))


def test_mean_exact_and_clustered() -> None:
    plain = mean_estimate([2.0, 4.0, 9.0], [0, 1, 2])
    half = T_975[2] * math.sqrt(13.0) / math.sqrt(3)  # the sample variance is 13
    assert (plain.value, plain.low, plain.high) == pytest.approx((5.0, 5 - half, 5 + half))
    clustered = mean_estimate([1.0, 3.0, 5.0, 7.0], [0, 0, 1, 1])  # deal means 2 and 6
    half = T_975[1] * math.sqrt(8.0) / math.sqrt(2)
    assert (clustered.low, clustered.high) == pytest.approx((4 - half, 4 + half))
    one = mean_estimate([3.0, 5.0], [7, 7])
    assert (one.value, one.low, one.high) == (4.0, -math.inf, math.inf)
    assert one.as_dict() == {"value": 4.0, "low": None, "high": None}


T_975 = {1: 12.706204736174694, 2: 4.302652729749462, 3: 3.1824463052837078,
         10: 2.228138851986274, 30: 2.0422724563012378, 99: 1.9842169515864174,
         200: 1.9718962236339088, 201: 1.971836506779859, 1000: 1.9623390808264083,
         100_000: 1.9599877075346095}
"""Student's t, 97.5% quantiles by degrees of freedom (the published tables:
the factor of :func:`parlour.sim.statistics.clustered_interval`)."""


def test_t_quantiles_are_the_tables() -> None:
    for degrees, quantile in T_975.items():
        assert t_quantile(degrees) == pytest.approx(quantile, abs=1e-9), degrees
    with pytest.raises(ValueError,
                       match=r"^Student's t needs 1 degree of freedom or more, not 0$"):
        t_quantile(0)


def test_shared_wins_count_their_share() -> None:
    assert win_shares(match((1.0, 1.0, 0.0, 0.0))) == [0.5, 0.5, 0.0, 0.0]
    assert win_shares(match((0.0, 0.0, 0.0))) == [1 / 3] * 3
    assert win_shares(match((1.0,))) == [1.0]
    assert win_shares(match((0.0,))) == [0.0]
    assert win_shares(match((0.5,))) == [0.0]


def test_seat_summary_on_a_tiny_sample() -> None:
    records = [match((1.0, -1.0), [(3, 1)], deal=0), match((1.0, 1.0), [(2, 2)], deal=1),
               match((-1.0, 1.0), [(0, 4)], deal=2), match((1.0, -1.0), [(5, 0)], deal=3)]
    summary = summarise(records)
    first, second = summary.seats
    assert (first.wins, second.wins) == (2.5, 1.5)
    assert first.win_rate.value == 0.625
    assert (first.win_rate.low, first.win_rate.high) == pytest.approx(wilson_bounds(2.5, 4))
    assert first.mean_return.value == 0.5
    assert (first.scores.mean.value, second.scores.mean.value) == (2.5, 1.75)
    assert dict(first.scores.counts) == {0: 1, 2: 1, 3: 1, 5: 1}
    assert first.scores.quantiles[50] == 2.5
    assert (summary.matches, summary.deals, summary.players) == (4, 4, 2)
    assert summary.hands.counts == {1: 4}
    assert [(row.agent, row.matches) for row in summary.agents] == [("random", 4)]
    assert (summary.seat_agents, summary.duplicate) == (("random", "random"), False)
    assert (summary.game, summary.seed) == (None, None)
    assert summary.sweep == ()


def test_distribution_quantiles_and_counts() -> None:
    summary = summarise([match((1.0, -1.0), [(1, 0)] * hands, deal=hands)
                         for hands in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)])
    hands = summary.hands
    assert (hands.count, hands.minimum, hands.maximum) == (11, 1, 11)
    assert hands.quantiles == {5: 1.5, 25: 3.5, 50: 6.0, 75: 8.5, 95: 10.5}
    assert hands.mean.value == 6.0
    assert hands.stdev == pytest.approx(math.sqrt(11.0))
    assert summary.actions.mean.value == 60.0


def test_one_player_games_win_on_a_return_of_one() -> None:
    records = [match((1.0,), [(5,)], deal=0), match((0.0,), [(2,)], deal=1),
               match((0.0,), [(3,)], deal=2), match((1.0,), [(7,)], deal=3)]
    summary = summarise(records)
    assert summary.seats[0].win_rate.value == 0.5
    assert summary.seats[0].wins == 2.0
    assert summary.design is None


def test_events_per_match_and_share() -> None:
    records = [match((1.0, -1.0), [(1, 0)], deal=deal, events=events) for deal, events in
               enumerate([{"capot": 2}, {}, {"capot": 1, "going_out": 1}, {"capot": 0}])]
    events = {row.event: row for row in summarise(records).events}
    assert list(events) == ["capot", "going_out"]
    assert events["capot"].per_match.value == 0.75
    assert events["capot"].share.value == 0.5
    assert (events["going_out"].per_match.value, events["going_out"].share.value) == (0.25, 0.25)
    assert (events["capot"].share.low, events["capot"].share.high) == pytest.approx(
        wilson_bounds(2, 4))


def test_agents_are_summarised_when_they_differ() -> None:
    """A duplicate pair: ``easy`` at seat 0 then seat 1 of each deal."""
    records = []
    for deal, winner in enumerate([0, 0, 1]):
        for rotation in range(2):
            agents = ("easy", "random") if rotation == 0 else ("random", "easy")
            returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
            records.append(match(returns, [(1, 0)], deal=deal, rotation=rotation,
                                 agents=agents))
    rows = {row.agent: row for row in summarise(records).agents}
    easy = rows["easy"]
    # easy wins once in each deal: the deals do not vary, so the six
    # matches count in full
    assert (easy.matches, easy.win_rate.value) == (6, 0.5)
    assert (easy.win_rate.low, easy.win_rate.high) == pytest.approx(wilson_bounds(3, 6))
    assert easy.mean_return.value == 0.0
    assert (easy.mean_return.low, easy.mean_return.high) == (0.0, 0.0)


def test_an_agent_on_several_seats_takes_their_mean() -> None:
    record = match((1.0, -1.0, 3.0), agents=("field", "tested", "field"), scores=(4, 0, 8))
    rows = {row.agent: row for row in summarise([record]).agents}
    assert rows["field"].mean_return.value == 2.0
    assert rows["field"].mean_score.value == 6.0
    assert rows["field"].win_rate.value == 0.5
    assert rows["tested"].win_rate.value == 0.0


# ----------------------------------------------------------------------
# known distributions: the intervals cover the truth about 95% of the time


def coverage(hits: Sequence[bool]) -> float:
    return sum(hits) / len(hits)


def test_wilson_covers_a_known_win_rate() -> None:
    rng = random.Random(13)
    truth, matches = 0.3, 80
    hits = []
    for _ in range(400):
        shares = [float(rng.random() < truth) for _ in range(matches)]
        estimate = rate_estimate(shares, list(range(matches)))
        hits.append(estimate.low <= truth <= estimate.high)
    assert 0.92 <= coverage(hits) <= 0.98


def test_mean_interval_covers_a_known_mean() -> None:
    rng = random.Random(14)
    hits = []
    for _ in range(400):
        values = [rng.expovariate(0.5) for _ in range(60)]  # skewed, mean 2
        estimate = mean_estimate(values, list(range(60)))
        hits.append(estimate.low <= 2.0 <= estimate.high)
    assert 0.91 <= coverage(hits) <= 0.98


def replayed_deals(deals: int, replays: int,
                   deal_value: Callable[[], Callable[[], float]]) -> tuple[list[float], list[int]]:
    """``replays`` values of each of ``deals`` deals; ``deal_value()`` is
    called once a deal and gives the draw of that deal's replays."""
    values, dealt = [], []
    for deal in range(deals):
        draw = deal_value()
        for _ in range(replays):
            values.append(draw())
            dealt.append(deal)
    return values, dealt


def test_clustering_by_deal_keeps_coverage_where_ignoring_it_fails() -> None:
    """Each deal has a luck of its own, shared by its four replays."""
    rng = random.Random(15)

    def deal_value() -> Callable[[], float]:
        luck = rng.gauss(0, 1)
        return lambda: luck + rng.gauss(0, 0.5)

    clustered, naive = [], []
    for _ in range(300):
        values, deals = replayed_deals(30, 4, deal_value)
        by_deal = mean_estimate(values, deals)
        ignored = mean_estimate(values, list(range(len(values))))
        clustered.append(by_deal.low <= 0.0 <= by_deal.high)
        naive.append(ignored.low <= 0.0 <= ignored.high)
    assert 0.91 <= coverage(clustered) <= 0.98
    assert coverage(naive) < 0.8


def test_a_clustered_rate_covers_the_truth_and_is_narrower_than_one_trial_a_deal() -> None:
    """Half the deals give the seat a 15% chance, half 45%: 30% in all."""
    rng = random.Random(17)

    def deal_value() -> Callable[[], float]:
        chance = rng.choice((0.15, 0.45))
        return lambda: float(rng.random() < chance)

    hits, widths = [], []
    for _ in range(400):
        shares, deals = replayed_deals(40, 4, deal_value)
        estimate = rate_estimate(shares, deals)
        hits.append(estimate.low <= 0.3 <= estimate.high)
        low, high = wilson_bounds(statistics.fmean(shares) * 40, 40)
        widths.append((estimate.high - estimate.low) / (high - low))
    assert 0.92 <= coverage(hits) <= 0.98
    assert statistics.fmean(widths) < 0.8


def biased_records(rates: Sequence[float], matches: int, seed: int) -> list[MatchRecord]:
    """Matches whose single winner is drawn with the seats' known ``rates``."""
    rng = random.Random(seed)
    players = len(rates)
    return [seat_won(rng.choices(range(players), rates)[0], players, deal=index, index=index)
            for index in range(matches)]


def test_seat_intervals_cover_known_seat_biases() -> None:
    rates = (0.4, 0.3, 0.2, 0.1)
    summary = summarise(biased_records(rates, 2000, seed=16))
    for row, truth in zip(summary.seats, rates, strict=True):
        assert row.win_rate.low <= truth <= row.win_rate.high
        # a win is +1 and a loss -1, so the mean return is 2·rate - 1
        assert row.mean_return.low <= 2 * truth - 1 <= row.mean_return.high
    design = summary.design
    assert design is not None and design.fairness is not None
    assert design.fairness.p_value < 1e-12
    assert design.fairness.degrees_of_freedom == 3
    assert design.fairness.cardstock == pytest.approx(
        cardstock_fairness(summary.seats[3].win_rate.value, 4))


def test_chi_square_rejects_fair_seats_about_five_times_in_a_hundred() -> None:
    rejected = [fairness(biased_records((1 / 3,) * 3, 150, seed=seed)).p_value < 0.05
                for seed in range(300)]
    assert 0.02 <= coverage(rejected) <= 0.09


@pytest.mark.parametrize(("statistic", "degrees", "tail"), [
    (3.841458820694124, 1, 0.05), (6.634896601021214, 1, 0.01), (5.991464547107979, 2, 0.05),
    (7.814727903251178, 3, 0.05), (9.487729036781154, 4, 0.05), (11.070497693516351, 5, 0.05),
    (15.08627246938899, 5, 0.01), (18.307038053275146, 10, 0.05), (0.0, 3, 1.0),
    (2.0, 2, math.exp(-1.0)),
])
def test_chi_square_tail_matches_the_tables(statistic: float, degrees: int,
                                            tail: float) -> None:
    assert chi_square_survival(statistic, degrees) == pytest.approx(tail, abs=1e-9)


def test_fairness_exact_on_a_small_sample() -> None:
    result = fairness([seat_won(0, 3), seat_won(0, 3), seat_won(1, 3), seat_won(0, 3)])
    # observed 3, 1, 0 against 4/3 each
    assert result.chi_square == pytest.approx(
        ((3 - 4 / 3) ** 2 + (1 - 4 / 3) ** 2 + (4 / 3) ** 2) / (4 / 3))
    assert result.spread == 0.75
    assert result.cardstock == 0.0
    assert result.p_value == pytest.approx(math.exp(-result.chi_square / 2))


# ----------------------------------------------------------------------
# design measures on hand-made trajectories


def test_three_seats_trajectory() -> None:
    record = THREE_SEATS
    assert lead_changes(record) == 3
    threshold = drama_threshold(3)
    assert threshold == 0.75
    # the winner trails after hands 1 (rank 2.5), 2 (rank 3) and 4 (rank 2.5)
    assert drama(record) == pytest.approx(
        (2 * math.sqrt(threshold - 0.25) + math.sqrt(threshold - 0.0)) / 3)
    assert security(record) == 0.5
    assert decisiveness(record) == pytest.approx(1 / 6)
    assert largest_deficit(record) == 3


def test_lower_is_better_trajectory() -> None:
    assert lead_changes(PENALTIES) == 1
    assert drama(PENALTIES) == pytest.approx(math.sqrt(0.5))
    assert security(PENALTIES) == pytest.approx(2 / 3)
    assert decisiveness(PENALTIES) == pytest.approx(1 / 3)
    assert largest_deficit(PENALTIES) == 2


def test_wire_to_wire_has_no_drama() -> None:
    assert lead_changes(WIRE_TO_WIRE) == 0
    assert (drama(WIRE_TO_WIRE), security(WIRE_TO_WIRE)) == (0.0, 1.0)
    assert decisiveness(WIRE_TO_WIRE) == 0.75
    assert largest_deficit(WIRE_TO_WIRE) == 0


def test_the_last_hand_decides() -> None:
    record = match((1.0, -1.0), [(0, 1), (0, 0), (3, 0)])
    assert decisiveness(record) == 0.0
    one_hand = match((1.0, -1.0), [(1, 0)])
    assert (decisiveness(one_hand), security(one_hand), lead_changes(one_hand)) == (0.0, 1.0, 0)


def test_a_shared_lead_is_not_trailing() -> None:
    record = match((1.0, -1.0, -1.0, -1.0), [(1, 1, 0, 0), (1, 0, 0, 0)])
    assert (drama(record), security(record), lead_changes(record)) == (0.0, 1.0, 0)
    assert decisiveness(record) == 0.0


def test_no_single_winner_has_no_drama() -> None:
    shared = match((1.0, 1.0, -2.0), [(1, 1, 0)])
    for measure in (drama, security, decisiveness, largest_deficit):
        assert measure(shared) is None
    assert lead_changes(shared) == 0


def test_a_shared_win_is_decided_by_the_final_totals() -> None:
    """Polignac: the players who are not the loser share the win; the one of
    them with the fewest points is the winner of the design measures."""
    record = match((1 / 3, 1 / 3, 1 / 3, -1.0), [(0, 5, 0, 0), (0, 0, 2, 0), (0, 0, 0, 10)],
                   higher_is_better=False)
    assert sole_winner(record) == 0
    assert (drama(record), security(record), decisiveness(record)) == (0.0, 1.0, 0.0)
    level = match((1 / 3, 1 / 3, 1 / 3, -1.0), [(0, 0, 0, 10)], higher_is_better=False)
    assert sole_winner(level) is None


def test_design_measures_average_over_matches() -> None:
    records = [THREE_SEATS, match((1.0, 1.0, -2.0), [(1, 1, 0)], deal=1),
               match((2.0, -1.0, -1.0), [(1, 0, 0), (0, 2, 0), (4, 0, 0)], deal=2)]
    design = design_measures(records)
    assert design.decided == 2
    assert design.lead_changes is not None and design.lead_changes.value == pytest.approx(
        (3 + 0 + 2) / 3)
    assert design.lead_change_rate is not None
    assert design.lead_change_rate.value == pytest.approx((3 / 5 + 2 / 2) / 2)
    assert design.security is not None
    assert design.security.value == pytest.approx((0.5 + 2 / 3) / 2)
    assert design.comeback_rate is not None and design.comeback_rate.value == 1.0
    assert design.decisiveness is not None
    assert design.decisiveness.value == pytest.approx((1 / 6 + 0) / 2)


def test_cardstock_fairness_shape() -> None:
    assert cardstock_fairness(0.5, 2) == 1.0
    assert cardstock_fairness(0.0, 2) == 0.0
    assert cardstock_fairness(0.75, 2) == 0.5
    assert cardstock_fairness(0.3, 3) == pytest.approx(0.9)
    assert cardstock_fairness(2 / 3, 3) == pytest.approx(0.5)


# ----------------------------------------------------------------------
# sweeps


def sweep_records() -> list[MatchRecord]:
    records = []
    for index in range(12):
        target = (10, 20, 30)[index % 3]
        records.append(match((1.0, -1.0) if index % 2 else (-1.0, 1.0), [(1, 0)] * (target // 10),
                             deal=index, index=index,
                             options={"target": target, "variant": "classic"}))
    return records


def test_sweep_groups_by_the_options_that_vary() -> None:
    records = sweep_records()
    assert swept_options(records) == ["target"]
    groups = group_by_options(records, ["target"])
    assert [point for point, _ in groups] == [{"target": 10}, {"target": 20}, {"target": 30}]
    assert [len(group) for _, group in groups] == [4, 4, 4]
    summary = summarise(records)
    assert summary.options == {"variant": "classic"}
    assert [point.label for point in summary.sweep] == ["target=10", "target=20", "target=30"]
    assert [point.summary.hands.mean.value for point in summary.sweep] == [1.0, 2.0, 3.0]
    assert all(point.summary.sweep == () for point in summary.sweep)
    assert summarise(records[:1]).sweep == ()


def test_a_sweep_over_players_summarises_each_table() -> None:
    records = [seat_won(0, 2, deal=0, options={"players": 2}),
               seat_won(2, 3, deal=1, options={"players": 3})]
    summary = summarise(records)
    assert summary.players == 3
    assert summary.design is not None and summary.design.fairness is None
    assert [row.wins for row in summary.seats] == [1.0, 0.0, 1.0]
    assert [point.summary.players for point in summary.sweep] == [2, 3]
    assert all(point.summary.design is not None and point.summary.design.fairness is not None
               for point in summary.sweep)


# ----------------------------------------------------------------------
# outputs


def test_json_and_csv_round_trip(tmp_path: Path) -> None:
    records = sweep_records()
    records[0] = match((1.0, -1.0), [(1, 0)], deal=0, options={"target": 10, "variant": "classic"},
                       events={"capot": 1})
    summary = summarise(records)
    written = write_outputs(summary, records, tmp_path, plot=False)
    assert [path.name for path in written] == [
        "summary.json", "records.jsonl", "records.csv", "seats.csv", "sweep.csv"]
    assert json.loads((tmp_path / "summary.json").read_text()) == json.loads(
        json.dumps(summary.as_dict()))
    assert read_records(tmp_path / "records.jsonl") == records
    assert summarise(read_records(tmp_path / "records.jsonl")) == summary
    compressed = tmp_path / "records.jsonl.gz"
    compressed.write_bytes(gzip.compress((tmp_path / "records.jsonl").read_bytes()))
    assert read_records(compressed) == records
    with (tmp_path / "records.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == len(records)
    for row, record in zip(rows, records, strict=True):
        assert int(row["index"]) == record.index and int(row["deal"]) == record.deal
        assert int(row["hands"]) == record.hands and int(row["actions"]) == record.actions
        assert [float(row[f"return_{seat}"]) for seat in range(2)] == list(record.returns)
        assert [int(row[f"score_{seat}"]) for seat in range(2)] == list(record.scores)
        assert [row[f"agent_{seat}"] for seat in range(2)] == list(record.agents)
        assert int(row["event_capot"]) == record.events.get("capot", 0)
        assert json.loads(row["option_target"]) == record.options["target"]
    with (tmp_path / "seats.csv").open() as handle:
        seats = list(csv.DictReader(handle))
    assert [float(row["win_rate"]) for row in seats] == [
        row.win_rate.value for row in summary.seats]
    assert float(seats[0]["win_rate_low"]) == summary.seats[0].win_rate.low
    with (tmp_path / "sweep.csv").open() as handle:
        assert len(list(csv.DictReader(handle))) == 3 * 2


def test_a_results_file_is_read_only_up_to_the_limit(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A gzip file that inflates past the limit (a zip bomb) is refused
    after reading one byte more than the limit, as is a plain file."""
    monkeypatch.setattr(report, "RESULTS_LIMIT", MIB)
    plain, bomb = tmp_path / "records.jsonl", tmp_path / "records.jsonl.gz"
    plain.write_bytes(b"\n" * (MIB + 1))
    bomb.write_bytes(gzip.compress(b"\n" * (64 * MIB)))
    for path in (plain, bomb):
        with pytest.raises(FileTooLarge) as caught:
            read_records(path)
        assert str(caught.value) == f"{path} is over the limit of 1 MiB for a results file"
    plain.write_bytes(b"\n" * MIB)
    assert read_records(plain) == []


def test_plots_are_written_as_png_and_svg(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    records = sweep_records()
    written = write_outputs(summarise(records), records, tmp_path, plot=True)
    plots = [path for path in written if path.suffix in (".png", ".svg")]
    assert sorted(path.name for path in plots) == sorted(
        f"{name}.{extension}" for name in ("scores", "hands", "seats", "sweep")
        for extension in ("png", "svg"))
    for path in plots:
        data = path.read_bytes()
        assert len(data) > 1000
        if path.suffix == ".png":
            assert data.startswith(b"\x89PNG")
        else:
            assert b"<svg" in data


def test_one_player_plots_without_a_sweep(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    records = [match((float(index % 2),), [(index,)], deal=index) for index in range(5)]
    names = {path.name for path in write_plots(summarise(records), records, tmp_path)}
    assert names == {f"{name}.{extension}" for name in ("scores", "hands", "seats")
                     for extension in ("png", "svg")}


def test_plots_without_matplotlib_say_what_to_install(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    records = sweep_records()
    with pytest.raises(PlotError, match=r"parlour\[plot\]"):
        write_outputs(summarise(records), records, tmp_path, plot=True)


def test_tables_render(tmp_path: Path) -> None:
    records = sweep_records()
    records[0] = match((1.0, -1.0), [(1, 0)], deal=0, agents=("easy", "random"),
                       options={"target": 10, "variant": "classic"}, events={"capot": 1})
    console = Console(record=True, width=160)
    tables = summary_tables(summarise(records))
    assert [table.title for table in tables] == [
        "12 matches, 12 deals: seats", "agents", "distributions", "events",
        "design measures (95%)", "sweep"]
    for table in tables:
        console.print(table)
    text = console.export_text()
    assert "target=20" in text and "capot" in text and "chi-square" in text


def test_estimate_text() -> None:
    estimate = mean_estimate([1.0, 2.0, 3.0], [0, 1, 2])
    assert estimate_text(estimate) == "2.000 [-0.484, 4.484]"
    assert estimate_text(None) == "-"


def test_no_figure_is_written_minus_zero() -> None:
    assert estimate_text(Estimate(-0.0001, -0.0004, 0.0002)) == "0.000 [0.000, 0.000]"
    assert estimate_text(Estimate(-0.0001, -0.0004, 0.0002), percent=True) == \
        "0.0% [0.0, 0.0]"
    assert interval_text(Interval(-0.0002, 0.0001)) == "[+0.000, +0.000]"
    assert interval_text(Interval(-0.2, 0.1), 2) == "[-0.30, -0.10]"
    assert (fixed(-0.0004, 3, "+"), fixed(-0.0005001, 3, "+"), fixed(0.0, 1)) == (
        "+0.000", "-0.001", "0.0")


# ----------------------------------------------------------------------
# the analysis page (scripts/analysis.py)


@functools.cache
def analysis_script() -> Any:
    """scripts/analysis.py as a module (registered, for its dataclasses)."""
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("parlour_analysis_script",
                                                  root / "scripts" / "analysis.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_render_page_from_a_hand_made_summary() -> None:
    records = [THREE_SEATS, match((1.0, 1.0, -2.0), [(1, 1, 0)], deal=1, events={"capot": 1}),
               match((2.0, -1.0, -1.0), [(1, 0, 0), (0, 2, 0), (4, 0, 0)], deal=2)]
    command = "parlour simulate polignac -n 3 --seed 1"
    page = analysis_script().render_page("polignac", summarise(records), command,
                                         ["polignac/seats.svg"])
    assert page.startswith("# polignac: what 3 simulated matches show\n")
    assert f"```\n{command}\n```" in page
    assert "Seat 0 wins most often (50.0% [12.5, 87.5]), seat 1 least (16.7% [" in page
    assert "an equal share would be 33.3%" in page
    assert "A match lasts 3.3 hands on average (median 3; nine matches in ten between " \
        "1.2 and 5.7)" in page
    assert "Capot: in 33.3% [" in page
    assert "\n- `capot`: capot.\n" in page  # an event without a meaning shows its name
    assert "The lead changed hands 1.67 times a match." in page
    assert "| seat | wins | win rate (95%) | mean return (95%) | mean score (95%) |" in page
    assert "| 0 | 1.5 | 50.0% [12.5, 87.5] |" in page
    assert "| drama (CardStock) |" in page
    assert "![seats](polignac/seats.svg)" in page
    assert "## How the figures are made" in page


def test_render_page_of_a_patience() -> None:
    records = [match((float(index % 2),), [(index,)], deal=index) for index in range(4)]
    records = [replace(record, options={"wraparound": True, "layout": "standard"})
               for record in records]
    page = analysis_script().render_page("golf", summarise(records), ["one", "two"])
    assert 'options `wraparound=true`, `layout="standard"`, played by `random`;' in page
    assert "The patience comes out in 50.0% [" in page
    assert "```\none\ntwo\n```" in page
    assert "chi-square" not in page.split("## How")[0]


def test_a_page_compares_the_values_of_a_sweep() -> None:
    script = analysis_script()
    records = sweep_records()
    records[0] = replace(records[0], events={"capot": 2})
    comparison = script.Comparison("target", summarise(records), "parlour simulate x --sweep t",
                                   ("x/sweep-target/sweep.svg",))
    table = script.comparison_table(comparison.summary).markdown().splitlines()
    assert table[0] == ("| options | matches | seat 0 wins | seat 1 wins | hands a match | "
                        "equal seats (p) | lead changes | capot a match |")
    # target 10: matches 0, 3, 6, 9 (seat 1 wins the even ones), one hand each;
    # the capot (2 of them) was in match 0
    assert table[2].startswith("| target=10 | 4 | 50.0% [15.0, 85.0] | 50.0% [15.0, 85.0] | "
                               "1.00 [1.00, 1.00] | 1 | 0.00 [0.00, 0.00] | 0.500 [0.000, ")
    assert table[3].endswith("| 0.00 [0.00, 0.00] | - |")  # no capot was counted there
    page = script.render_page("Polignac", summarise(records[:1]), "one", (), [comparison])
    assert "## Comparing `target`\n\n12 more matches, the same number at each value " \
        "(the other options as above; every seat played by `random`):\n\n```\n" \
        "parlour simulate x --sweep t\n```\n\n| options |" in page
    assert "![sweep](x/sweep-target/sweep.svg)" in page
    assert page.index("## Comparing") < page.index("## How the figures are made")


def test_the_index_lists_every_page() -> None:
    script = analysis_script()
    golf = summarise([match((float(index % 4 == 0),), [(index,)], deal=index)
                      for index in range(8)])
    three = summarise([THREE_SEATS])
    index = script.render_index([("golf", "Golf", golf), ("polignac", "Polignac", three)])
    lines = index.splitlines()
    assert lines[0] == "# What simulated matches show"
    assert "| [Golf](golf.md) | 8 | 1 | 1.0 | comes out in 25.0% [" in index
    assert any(line.startswith("| [Polignac](polignac.md) | 1 | 3 | 6.0 | seat 2 100.0% [")
               for line in lines)


def test_every_registered_game_has_an_analysis_page() -> None:
    """But the research games, whose page is docs/research.md."""
    games = {chosen.game for chosen in analysis_script().PAGES_TO_WRITE}
    assert games == {name for name, info in parlour.games().items() if not info["research"]}


def test_a_page_says_who_deals_first() -> None:
    script = analysis_script()

    def played(game: str, seeds: range) -> list[MatchRecord]:
        options = dict(parlour.make(game).options)
        return [replace(match((0.0,)), seed=seed, options=options) for seed in seeds]

    assert script.first_dealer("polignac", played("polignac", range(5))) == (
        "Seat 0 deals the first hand of every match, so the seats differ in when they deal.")
    # Ranter Go Round's first dealer is the first player dealt a Jack, from seat 0
    dealers = [parlour.make("ranter-go-round").new_state(seed=seed).public_observation()["dealer"]
               for seed in range(40)]
    shares = ", ".join(f"seat {seat} in {100 * dealers.count(seat) / 40:.1f}%"
                       for seat in sorted(set(dealers)))
    assert script.first_dealer("ranter-go-round", played("ranter-go-round", range(40))) == (
        "The game's rules find the first dealer anew for every match; in these matches "
        f"the first dealer was {shares} of them.")
    assert script.first_dealer("golf", played("golf", range(3))) is None
    page = script.render_page("Polignac", summarise([THREE_SEATS]), "one",
                              dealing="Seat 0 deals.")
    assert "every seat played by `random`; the higher score is the better. Seat 0 deals.\n" \
        in page


# ----------------------------------------------------------------------
# the two fairness tests


def test_equal_returns_with_two_seats_is_the_paired_t_statistic_squared() -> None:
    differences = [2.0, 2.0, -2.0, 2.0, 0.0]  # seat 0's return minus seat 1's, deal by deal
    records = [match((difference / 2, -difference / 2), deal=deal)
               for deal, difference in enumerate(differences)]
    test = equal_returns_test(records)
    assert test is not None
    t = statistics.fmean(differences) / (statistics.stdev(differences) / math.sqrt(5))
    assert (test.statistic, test.degrees_of_freedom) == (pytest.approx(t * t), 1)
    assert test.p_value == pytest.approx(chi_square_survival(t * t, 1))


def test_equal_returns_of_three_seats_does_not_depend_on_the_seat_compared_with() -> None:
    rng = random.Random(3)
    rows = [[rng.choice((-1.0, 0.5, 2.0)) for _ in range(3)] for _ in range(40)]
    test = equal_returns_test([match(tuple(row), deal=deal) for deal, row in enumerate(rows)])
    turned = equal_returns_test([match((row[2], row[0], row[1]), deal=deal)
                                 for deal, row in enumerate(rows)])
    assert test is not None and turned is not None
    assert test.degrees_of_freedom == turned.degrees_of_freedom == 2
    assert test.statistic == pytest.approx(turned.statistic)


def test_equal_returns_clusters_the_rotations_of_a_deal() -> None:
    """Two rotations of each deal: the test reads each deal's mean, so the
    rotations that cancel out give no difference at all."""
    records = [match((1.0, -1.0) if rotation == 0 else (-1.0, 1.0), deal=deal,
                     rotation=rotation, index=2 * deal + rotation)
               for deal in range(4) for rotation in range(2)]
    assert equal_returns_test(records) == JointTest(0.0, 1, 1.0)


def test_equal_returns_when_it_cannot_be_told_or_is_certain() -> None:
    assert equal_returns_test([match((1.0, -1.0), deal=deal) for deal in range(2)]) is None
    always = equal_returns_test([match((1.0, -1.0), deal=deal) for deal in range(5)])
    assert always == JointTest(math.inf, 1, 0.0)


def fair_summary(win_rates: Sequence[Estimate], returns: Sequence[Estimate],
                 wins_p: float, returns_p: float | None) -> Summary:
    """A two-seat summary with these seat estimates and fairness p-values."""
    base = summarise([match((1.0, -1.0), deal=0), match((-1.0, 1.0), deal=1),
                      match((1.0, -1.0), deal=2), match((-1.0, 1.0), deal=3)])
    seats = tuple(replace(row, win_rate=rate, mean_return=mean)
                  for row, rate, mean in zip(base.seats, win_rates, returns, strict=True))
    joint = None if returns_p is None else JointTest(1.0, 1, returns_p)
    fair = Fairness(spread=0.0, chi_square=1.0, degrees_of_freedom=1, p_value=wins_p,
                    cardstock=1.0, equal_returns=joint)
    assert base.design is not None
    return replace(base, seats=seats, design=replace(base.design, fairness=fair))


EVEN = Estimate(0.5, 0.4, 0.6)
NOTHING = Estimate(0.0, -0.1, 0.1)


def test_a_seat_apart_on_returns_but_not_on_wins_is_explained() -> None:
    """The issue's case: seat 0's return interval leaves out 0, the
    chi-square test on wins gives p = 0.36, the test on returns p = 0.001."""
    summary = fair_summary((EVEN, EVEN), (Estimate(0.09, 0.05, 0.12), Estimate(-0.09, -0.12, 0.1)),
                           wins_p=0.36, returns_p=0.001)
    assert fairness_text(summary) == [
        "The mean-return interval of seat 0 leaves out the seats' average (0.000) while the "
        "chi-square test finds no difference in win rates (p = 0.36): they measure different "
        "things. The chi-square test counts matches won (a shared win its share); the mean "
        "return also weighs what each match gave, so a seat that loses less often, or less, "
        "gains return without winning more. The test of equal mean returns, the intervals' "
        "own measure, gives p = 0.001."]


def test_one_interval_among_the_seats_missing_by_chance_is_explained() -> None:
    summary = fair_summary((Estimate(0.56, 0.51, 0.61), Estimate(0.44, 0.39, 0.49)),
                           (Estimate(0.1, 0.01, 0.2), Estimate(-0.1, -0.2, 0.01)),
                           wins_p=0.08, returns_p=0.07)
    assert fairness_text(summary) == [
        "The win-rate interval of seat 0, 1 leaves out the equal share (50.0%), but the "
        "chi-square test of all seats together finds no difference (p = 0.08): each interval "
        "is 95% sure of one seat alone, and among 2 seats one of them misses by chance more "
        "often than one time in twenty.",
        "The mean-return interval of seat 0 leaves out the seats' average (0.000), but the "
        "test of equal mean returns of all seats together finds no difference (p = 0.07): "
        "each interval is 95% sure of one seat alone, and among 2 seats one of them misses "
        "by chance more often than one time in twenty."]


def test_figures_that_agree_need_no_note() -> None:
    assert fairness_text(fair_summary((EVEN, EVEN), (NOTHING, NOTHING), 0.5, 0.5)) == []
    apart = (Estimate(0.2, 0.1, 0.3), Estimate(-0.2, -0.3, -0.1))
    assert fairness_text(fair_summary((Estimate(0.7, 0.6, 0.8), Estimate(0.3, 0.2, 0.4)),
                                      apart, 0.001, 0.001)) == []
    assert fairness_text(fair_summary((EVEN, EVEN), apart, 0.5, None)) == []


def test_the_design_table_shows_both_tests() -> None:
    records = [match((1.0, -1.0) if deal % 3 else (-1.0, 1.0), deal=deal) for deal in range(6)]
    rows = dict(report.design_text(summarise(records)).rows)  # type: ignore[union-attr]
    assert rows["equal win rates, chi-square test"] == "χ² = 0.67, 1 df, p = 0.414"
    # the mean difference 2/3, its sample variance 64/15: T² = 6·(2/3)²/(64/15)
    assert rows["equal mean returns, Hotelling's test"] == "T² = 0.62, 1 df, p = 0.429"
    two = summarise(records[:2])
    assert dict(report.design_text(two).rows)[  # type: ignore[union-attr]
        "equal mean returns, Hotelling's test"] == "too few deals"


def test_plots_and_the_json_name_the_game_the_agents_and_the_seed(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    records = [match((1.0, -1.0), [(1, 0)], deal=deal, index=deal,
                     agents=("easy", "random")) for deal in range(3)]
    summary = summarise(records, game="slobberhannes", seed=12)
    caption = "slobberhannes · seats easy, random · 3 matches · seed 12"
    assert run_caption(summary) == caption
    write_outputs(summary, records, tmp_path, plot=True)
    for name in ("scores", "hands", "seats"):
        assert f"<!-- {caption} -->" in (tmp_path / f"{name}.svg").read_text(encoding="utf-8")
    saved = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert (saved["game"], saved["seed"], saved["seat_agents"]) == (
        "slobberhannes", 12, ["easy", "random"])
    assert [row["agent"] for row in saved["agents"]] == ["easy", "random"]

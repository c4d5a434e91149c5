"""Duplicate tournaments: the schedule, determinism, the interval math and the CLI."""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from pathlib import Path

import pytest

from parlour.agents.ismcts import ISMCTSAgent
from parlour.cli import main
from parlour.engine import OptionError
from parlour.sim.report import fixed, interval_text
from parlour.sim.statistics import Interval, clustered_interval, paired_difference
from parlour.sim.tournament import (
    Match,
    MatchResult,
    TournamentSpec,
    agent_factory,
    run_tournament,
    schedule,
    summarise,
)

SHORT = {"target": 1}


def spec(agents: tuple[str, ...] = ("random", "easy"), deals: int = 3) -> TournamentSpec:
    """A short Slobberhannes tournament against the default field."""
    return TournamentSpec("slobberhannes", SHORT, agents, deals, seed=5)


def test_duplicate_rotation_puts_every_agent_at_every_seat_of_every_deal() -> None:
    matches = schedule(spec(deals=4), seats=4)
    counts = Counter((match.agent, match.deal, match.rotation) for match in matches)
    expected = {
        (agent, deal, seat)
        for agent in ("random", "easy") for deal in range(4) for seat in range(4)
    }
    assert set(counts) == expected
    assert set(counts.values()) == {1}


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    tournament = spec(agents=("random", "easy", "ismcts:5"), deals=2)
    assert run_tournament(tournament, workers=1) == run_tournament(tournament, workers=2)


T_975 = {1: 12.706204736174694, 2: 4.302652729749462, 9: 2.262157162798205,
         49: 2.0095752371292392}
"""Student's t, 97.5% quantiles by degrees of freedom (the published tables)."""


def test_interval_of_a_known_sample() -> None:
    interval = clustered_interval([1.0, 2.0, 3.0])
    assert interval.mean == 2.0
    assert interval.half_width == pytest.approx(T_975[2] / math.sqrt(3))
    assert clustered_interval([4.0]).half_width == math.inf


def test_few_deals_give_students_wide_intervals_and_many_the_normal_ones() -> None:
    ten = [float(deal % 2) for deal in range(10)]  # mean 0.5, sample deviation √(5/18)
    fifty = [float(deal % 2) for deal in range(50)]  # √(25/98)
    assert clustered_interval(ten).half_width == pytest.approx(
        T_975[9] * math.sqrt(5 / 18) / math.sqrt(10))
    assert clustered_interval(fifty).half_width == pytest.approx(
        T_975[49] * math.sqrt(25 / 98) / math.sqrt(50))


def test_interval_is_clustered_by_deal_before_the_spread_is_taken() -> None:
    outcomes = {(0, 0): 1.0, (0, 1): -1.0, (1, 0): 1.0, (1, 1): 1.0}
    results = [
        MatchResult(Match("random", deal, rotation), outcome, score=10 * deal + rotation)
        for (deal, rotation), outcome in outcomes.items()
    ]
    row = summarise(spec(agents=("random",)), results).agents[0]
    per_deal_spread = math.sqrt(0.5)
    assert row.outcome.mean == pytest.approx(0.5)
    assert row.outcome.half_width == pytest.approx(T_975[1] * per_deal_spread / math.sqrt(2))
    assert (row.deals, row.matches) == (2, 4)
    assert row.per_deal == (0.0, 1.0)  # deal 0 splits its two rotations; deal 1 wins both
    assert row.per_deal_score == (0.5, 10.5)


def test_paired_difference_cancels_the_luck_of_each_deal() -> None:
    # the same swing on every deal: the difference is exact
    lucky = paired_difference([1.0, -1.0, 3.0], [0.5, -1.5, 2.5])
    assert (lucky.mean, lucky.half_width) == (0.5, 0.0)
    with pytest.raises(ValueError, match="the same deals"):
        paired_difference([1.0], [1.0, 2.0])


def test_easy_beats_random_in_polignac_with_separated_intervals() -> None:
    polignac = TournamentSpec(
        "polignac", SHORT, ("random", "easy"), deals=16, seed=7, field_agent="random"
    )
    result = run_tournament(polignac, workers=1)
    random_row, easy_row = result.agents
    assert result.separated("random", "easy")
    assert easy_row.outcome.low - random_row.outcome.high > 0.05


@pytest.mark.parametrize(
    ("agents", "deals", "message"),
    [(("bogus",), 1, "no agent called 'bogus'"), (("ismcts:0",), 1, "ismcts:N"),
     (("random",), 0, "at least 1 deal"), ((), 1, "at least one agent")],
)
def test_bad_specs_say_what_is_wrong(agents: tuple[str, ...], deals: int, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        spec(agents=agents, deals=deals)


def test_an_ismcts_budget_names_an_agent() -> None:
    agent = agent_factory("ismcts:7")(1)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.iterations == 7


def test_cli_prints_the_table_and_writes_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "result.json"
    status = main([
        "tournament", "slobberhannes", "--agents", "random,easy", "-n", "2", "--seed", "3",
        "--option", "target=1", "--workers", "1", "--json", str(output),
    ])
    out = capsys.readouterr().out
    assert status == 0
    assert "2 deals × 4 seats · field easy · seed 3" in out
    for heading in ("agent", "mean return", "95% interval", "mean score", "matches"):
        assert heading in out
    saved = json.loads(output.read_text())
    assert [row["agent"] for row in saved["agents"]] == ["random", "easy"]
    random_row, easy_row = saved["agents"]
    [pair] = saved["paired"]
    assert (pair["agent"], pair["versus"]) == ("easy", "random")
    assert pair["mean_return_difference"] == pytest.approx(
        easy_row["mean_return"] - random_row["mean_return"])
    differences = [one - two for one, two in zip(easy_row["per_deal"], random_row["per_deal"],
                                                 strict=True)]
    assert pair["ci95_half_width"] == pytest.approx(
        T_975[1] * statistics.stdev(differences) / math.sqrt(2))
    lines = out.splitlines()
    heading = lines.index("paired differences, deal by deal: the first agent's mean return "
                          "and score minus the second's")
    row = lines[heading + 3].split()
    assert row[:3] == ["easy", "-", "random"]
    assert row[3] == fixed(pair["mean_return_difference"], 3, "+")
    assert " ".join(row[4:6]) == interval_text(Interval(pair["mean_return_difference"],
                                                        pair["ci95_half_width"]))
    assert "-0.000" not in out and "-0.00 " not in out


def test_paired_differences_of_three_agents_each_against_those_named_before() -> None:
    result = run_tournament(spec(agents=("random", "easy", "ismcts:5"), deals=2), workers=1)
    assert [(pair.agent, pair.versus) for pair in result.paired()] == [
        ("easy", "random"), ("ismcts:5", "random"), ("ismcts:5", "easy")]
    rows = {row.agent: row for row in result.agents}
    last = result.paired()[-1]
    assert last.outcome == paired_difference(rows["ismcts:5"].per_deal, rows["easy"].per_deal)
    assert last.score == paired_difference(rows["ismcts:5"].per_deal_score,
                                           rows["easy"].per_deal_score)


@pytest.mark.parametrize(
    "args",
    [["nope", "--agents", "random", "-n", "2"],
     ["polignac", "--agents", "random,bogus", "-n", "2"],
     ["polignac", "--agents", "random", "-n", "0"],
     ["polignac", "--agents", "random", "-n", "2", "--field", "bogus"]],
)
def test_cli_bad_input_is_one_error_line(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert main(["tournament", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert err.count("\n") == 1


def test_paired_figures_are_never_cut_on_80_columns(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Long agents' names wrap; the figures print whole (they were cut to
    "+0.…" in a pipe)."""
    monkeypatch.setenv("COLUMNS", "80")
    agents = "ismcts:000000004,ismcts:000000005"
    status = main(["tournament", "slobberhannes", "--agents", agents, "-n", "2", "--seed", "3",
                   "--option", "target=1", "--workers", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert "…" not in out
    assert max(len(line) for line in out.splitlines() if "[" in line) <= 80
    result = run_tournament(TournamentSpec("slobberhannes", SHORT, tuple(agents.split(",")), 2,
                                           seed=3), workers=1)
    [pair] = result.paired()
    assert interval_text(pair.outcome) in out and interval_text(pair.score, 2) in out

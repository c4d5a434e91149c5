"""The rule that counts a finished patience (parlour.stats.GameStats.add),
shared by the terminal's statistics file and the web app's database."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.stats import GameStats, record_game

GAMES = [(False, 7), (True, 3), (True, 9), (False, 5), (True, 4)]
"""(won, score) of five games in the order they finished."""


@pytest.mark.parametrize(("higher_is_better", "best"), [(False, 3), (True, 9)])
def test_played_won_runs_and_the_best_score_in_the_games_direction(
    higher_is_better: bool, best: int
) -> None:
    line = GameStats()
    for won, score in GAMES:
        line.add(won, score, higher_is_better)
    assert line == GameStats(played=5, won=3, best=best, streak=1, longest=2)
    assert line.describe() == (
        f"played 5, won 3 (60%), best score {best}, current run of wins 1, longest 2"
    )


def test_the_file_counts_by_the_same_rule(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    counted = GameStats()
    for won, score in GAMES:
        counted.add(won, score, higher_is_better=False)
        assert record_game(path, "golf", won, score, higher_is_better=False) == counted

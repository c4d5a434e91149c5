"""The patiences at the terminal: the tableau, undo and redo, forced moves,
the end of a game and the statistics kept across sessions."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pytest

import parlour
from parlour.cli import main
from parlour.stats import GameStats, StatsError, load_stats, record_game, stats_key


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
            *args: str, stdin: str = "") -> tuple[int, str]:
    for variable in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_golf_shows_its_columns_and_takes_moves_back(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = parlour.make("golf").new_state(seed=5)
    while state.legal_actions() == [53]:
        state.apply(53)  # the draws the terminal makes by itself
    first = state.observation(0)["legal"][0]["text"]
    status, out = run_cli(capsys, monkeypatch, "play", "golf", "--seed", "5",
                          stdin=f"{first}\nundo\nundo\nredo\nredo\nquit\n")
    assert status == 0
    assert "Columns  1     2     3     4     5     6     7" in out
    assert "Your hand" not in out
    assert out.count("move taken back") == 1
    assert "✗ there is no move to take back" in out
    assert out.count("move played again") == 1
    assert "✗ there is no move to play again" in out


def test_undo_is_refused_at_a_table(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = run_cli(capsys, monkeypatch, "play", "polignac", "--seat", "human", "--seed", "1",
                     stdin="undo\nquit\n")
    assert "✗ undo and redo are for patiences (one player)" in out


def test_a_finished_patience_is_counted(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    monkeypatch.setenv("PARLOUR_STATS", str(path))
    outcomes = []
    for seed in (1, 2, 3):
        state = parlour.make("clock").new_state(seed=seed)
        while not state.is_terminal():
            state.apply(0)
        outcomes.append((state.returns()[0] > 0, state.scores()[0]))
        status, out = run_cli(capsys, monkeypatch, "play", "clock", "--seed", str(seed),
                              stdin="turn\n")
        assert status == 0
        assert f"You {'won' if outcomes[-1][0] else 'lost'}." in out
    line = load_stats(path)["clock"]
    assert line.played == 3 and line.won == sum(won for won, _ in outcomes)
    assert line.best == min(score for _, score in outcomes)
    _, out = run_cli(capsys, monkeypatch, "stats")
    assert out.startswith(f"clock: {line.describe()}")


def test_the_statistics_file_is_never_overwritten_when_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(StatsError, match=r"cannot be read .*move it away"):
        record_game(path, "golf", won=True, score=0, higher_is_better=False)
    assert path.read_text(encoding="utf-8") == "{not json"


def test_a_statistics_file_over_the_limit_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    with path.open("wb") as handle:
        handle.truncate(16 * 2**20 + 1)
    with pytest.raises(StatsError) as caught:
        record_game(path, "golf", won=True, score=0, higher_is_better=False)
    assert str(caught.value) == (
        f"the statistics file {path} cannot be read ({path} is over the limit of 16 MiB for a "
        "statistics file); move it away to start new statistics")
    assert path.stat().st_size == 16 * 2**20 + 1


def test_statistics_lines_per_option_set(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "stats.json"
    wild = parlour.make("golf", progress_card="wild")
    assert stats_key(wild) == 'golf progress_card="wild"'
    assert stats_key(parlour.make("calculation")) == "calculation"
    record_game(path, stats_key(wild), won=True, score=-2, higher_is_better=False)
    record_game(path, stats_key(wild), won=True, score=-5, higher_is_better=False)
    line = record_game(path, stats_key(wild), won=False, score=4, higher_is_better=False)
    assert line == GameStats(played=3, won=2, best=-5, streak=0, longest=2)
    record_game(path, "calculation", won=False, score=30, higher_is_better=True)
    line = record_game(path, "calculation", won=False, score=41, higher_is_better=True)
    assert line.best == 41
    assert sorted(json.loads(path.read_text(encoding="utf-8"))) == [
        "calculation", 'golf progress_card="wild"']
    assert not os.path.exists(str(path) + ".new")


def test_the_simulation_counts_lost_patiences(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _, out = run_cli(capsys, monkeypatch, "simulate", "golf", "-n", "5", "--seed", "1")
    # no deal of the five came out: no win, a win rate of 0 and a return of 0
    assert any(re.match(r"│ 0\s+│\s+0 │ 0\.0% \[0\.0, \d+\.\d\] │ 0\.000 \[0\.000, 0\.000\] │",
                        line) for line in out.splitlines())


def test_solvable_only_deals_a_game_the_solver_wins(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.games.patience.solver import solve

    status, out = run_cli(capsys, monkeypatch, "play", "golf", "--solvable-only", "--seed", "4",
                          stdin="quit\n")
    assert status == 0
    seed = int(out.split("(seed ", 1)[1].split(";", 1)[0])
    assert solve(parlour.make("golf").new_state(seed=seed)).verdict == "won"


def test_solvable_only_is_for_the_patiences(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    status, out = run_cli(capsys, monkeypatch, "play", "polignac", "--solvable-only")
    assert status != 0
    assert "--solvable-only is for the patiences the solver plays (golf, calculation, " \
           "bakers-dozen, clock), not polignac" in out

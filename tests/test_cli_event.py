"""``parlour event``: a whole Progress Races event of computer players, its
rounds' movement and final standings; ``parlour rules`` and ``parlour list``
for an event; clear errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.games.progress_races import replay


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", "120")
    for variable in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(variable, raising=False)
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


EVENT = ("event", "progress-races", "--players", "8", "--rounds", "3", "--seat-level", "easy",
         "--seed", "4")


def test_an_event_prints_every_round_and_the_standings(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    record = tmp_path / "event.json"
    status, out, err = run(capsys, monkeypatch, *EVENT, "--save", str(record))
    assert (status, err) == (0, "")
    assert out.startswith("Progress Races · 8 players at 2 tables · 3 rounds · easy players · "
                          "seed 4\n")
    assert [line for line in out.splitlines() if line.startswith("Round")] == [
        "Round 1", "Round 2", "Round 3"]
    # two signals with movement (none after the last round), four movers each
    moves = [line for line in out.splitlines() if line.startswith("  moves: ")]
    assert len(moves) == 2
    assert all(len(re.findall(r"table \d → \d", line)) == 4 for line in moves)
    assert "Final standings" in out
    saved = json.loads(record.read_text())
    event = replay(saved["seed"], saved["options"], saved["steps"], saved["seating"],
                   saved["names"])
    assert event.phase == "over" and event.totals == saved["totals"]
    winners = ", ".join(f"{event.names[p]} ({event.totals[p]})" for p in event.winners())
    assert re.search(rf"^Winners?: {re.escape(winners)}$", out, re.MULTILINE)
    for line in event.standings():
        assert re.search(rf"^\s*{line['place']}\s+{line['name']}\s+{line['role']}\s+"
                         rf"{line['total']}\s+{line['hands_won']}$", out, re.MULTILINE)
    # the same seed gives the same event
    again = run(capsys, monkeypatch, *EVENT)
    assert again[1].split("Final standings")[1] == out.split("Final standings")[1].split(
        "event record written")[0]


def test_parallel_tables_play_the_same_event(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    one = run(capsys, monkeypatch, *EVENT, "--workers", "1")
    two = run(capsys, monkeypatch, *EVENT, "--workers", "2")
    assert one[0] == two[0] == 0
    assert one[1] == two[1]
    assert "Round 3" in one[1]


def test_role_prizes_and_the_head_table_signal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, _ = run(capsys, monkeypatch, "event", "progress-races", "--players", "12",
                         "--rounds", "2", "--seat-level", "random", "--seed", "2",
                         "--option", "role_prizes=true", "--option", "signal=head_table")
    assert status == 0
    assert "8 players" not in out and "12 players at 3 tables" in out
    assert re.search(r"^Best Up players?: ", out, re.MULTILINE)
    assert re.search(r"^Best Down players?: ", out, re.MULTILINE)
    assert "stopped at the signal" in out


@pytest.mark.parametrize(("args", "message"), [
    (("--players", "18"), "error: Progress Races seats exactly four players at every table, "
     "two Up and two Down: 18 players cannot be seated; play with 16 or 20\n"),
    (("--players", "8", "--option", "tables=3"),
     "error: give the size of the event once: --players, or --option tables\n"),
    (("--rounds", "2", "--option", "rounds=3"),
     "error: give the number of rounds once: --rounds or --option rounds\n"),
    (("--seat-level", "genius"),
     "error: no agent called 'genius'; agents are easy, hard, hard-classic, heuristic, ismcts, "
     "medium, openspiel-ismcts, openspiel-ismcts-hard, openspiel-mcts, openspiel-mcts-hard, "
         "random, or PREFIX:ARGUMENT with the prefixes cmd, ismcts, llm, module\n"),
    (("--option", "movers=everyone"),
     None),
])
def test_bad_event_input_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...], message: str | None,
) -> None:
    status, out, err = run(capsys, monkeypatch, "event", "progress-races", *args)
    assert (status, out) == (2, "")
    if message is None:
        assert err.startswith("error: ") and "movers" in err and "winners" in err
    else:
        assert err == message


def test_an_unknown_event_names_the_events(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, _, err = run(capsys, monkeypatch, "event", "progress-party")
    assert status == 2
    assert err == "error: no event called 'progress-party'; the events are progress-races\n"


def test_rules_and_list_know_the_event(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, _ = run(capsys, monkeypatch, "rules", "progress_races")
    assert status == 0
    assert out.startswith("PROGRESS RACES — Progress as a progressive party")
    assert "Decisions taken where the 1938 text is unclear (rules/progress.md §6.4):" in out
    assert "stayer_shift" in out and "role_prizes" in out and "follow_sign" in out
    assert out.rstrip().endswith(
        "Set them with --option NAME=VALUE, e.g. parlour event progress-races --option tables=2")
    status, out, _ = run(capsys, monkeypatch, "list")
    assert status == 0
    assert "progress-races  Progress Races · an event (parlour event)" in out

"""Progress Rummy at the terminal: a person types whole lines (``meld 3Cr 4Cr
5Cr``) that the command line reads with ``State.parse_actions`` and applies
step by step; refused lines change nothing. The RM-1 deal of
``rules/progress.md`` §7.2 for two players: Ann (P0, the dealer) takes the
up-card 5Cr and lays the contract 3Cr 4Cr 5Cr.
"""

from __future__ import annotations

import io
import re
import sys

import pytest
from rich.console import Console

import parlour
from parlour.cli import TerminalMatch, main
from parlour.errors import ParlourError
from parlour.games.progress_rummy import DONE, MELD, TAKE

ANN = "3Cr 4Cr 9Su 9Mo 12St 1St 6Su 11Mo 13Cr 5St"
BEN = "1Su 5Su 9Cr 13Su 2Mo 6Mo 10Mo 3St 7St 11Cr"
"""Ben's cards meld with nothing, nor with the top of the stock."""


def rm1() -> parlour.State:
    return parlour.make("progress-rummy", players=2).new_state(seed=3, deal={
        "dealer": 0, "hands": [ANN.split(), BEN.split()], "discard": ["5Cr"],
        "stock": ["8Cr", "12Mo", "2Su", "4St"],
    })


def play(state: parlour.State, *lines: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Ann at the terminal types ``lines``; Ben is a random player. The
    output's lines."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, soft_wrap=True)
    TerminalMatch(state, ["human", "random"], console, None).run()
    return [line.rstrip() for line in out.getvalue().splitlines()]


def refusal(state: parlour.State, line: str) -> str:
    """The engine's reason for refusing ``line`` here."""
    with pytest.raises(ParlourError) as error:
        state.parse_actions(line)
    return str(error.value)


def after(lines: list[str], prompt: str) -> list[str]:
    """The lines printed after the prompt where the person typed ``prompt``."""
    return lines[lines.index(f"P0 (you) › {prompt}") + 1:]


def assert_contract_on_the_table(state: parlour.State, lines: list[str]) -> None:
    """Ann's turn ended with her contract down and 12St discarded; Ben played
    once; she left at her next turn."""
    assert state.history[:7] == [TAKE, MELD, *(state.parse_action(code) for code in
                                                ("3Cr", "4Cr", "5Cr")), DONE,
                                 state.parse_action("12St")]
    view = state.observation(0)
    assert [meld["text"] for meld in view["zones"]["melds"]] == ["3Cr 4Cr 5Cr"]
    assert view["players"][0]["down"]
    assert view["hand"] == ["13Cr", "6Su", "9Su", "9Mo", "11Mo", "1St", "5St"]
    for line in ("P0 takes 5Cr", "P0 lays the contract: m1 3Cr 4Cr 5Cr", "P0 discards 12St",
                 "P1 draws from the stock"):
        assert line in lines
    table = after(lines, "discard 12St")
    assert "Melds      m1  P0 (you)  sequence  3Cr 4Cr 5Cr" in table
    assert re.search(r"^▶\s+P0 \(you\)\s+7\s+0\s+dealer, down$", "\n".join(table), re.MULTILINE)
    assert "Your hand  13Cr  6Su 9Su  9Mo 11Mo  1St 5St" in table
    assert "Legal      draw · take" in table
    assert lines[-1] == f"You left the game after {len(state.history)} moves."


def test_a_turn_typed_line_by_line_lays_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    state = rm1()
    lines = play(state, "take", "meld 3Cr 4Cr 5Cr", "discard 12St", "quit",
                 monkeypatch=monkeypatch)
    assert_contract_on_the_table(state, lines)
    # after the take, the table shows the card taken and what may be discarded
    taken = after(lines, "take")
    assert "Taken      5Cr" in taken
    assert "Legal      discard 3Cr 4Cr 13Cr  6Su 9Su  9Mo 11Mo  1St 5St 12St · meld" in taken
    # the meld is down before the discard
    melded = after(lines, "meld 3Cr 4Cr 5Cr")
    assert melded[0] == "P0 lays the contract: m1 3Cr 4Cr 5Cr"
    assert "Melds      m1  P0 (you)  sequence  3Cr 4Cr 5Cr" in melded


def test_a_whole_turn_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    state = rm1()
    lines = play(state, "take meld 3Cr 4Cr 5Cr done discard 12St", "quit",
                 monkeypatch=monkeypatch)
    lines[lines.index("P0 (you) › take meld 3Cr 4Cr 5Cr done discard 12St")] = \
        "P0 (you) › discard 12St"  # where the one-line turn ends, as line by line
    assert_contract_on_the_table(state, lines)


def test_a_refused_meld_prints_why_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = rm1()
    state.apply(TAKE)
    reason = refusal(state, "meld 3Cr 4Cr 6Su")
    assert reason.startswith("at '6Su': ")
    lines = play(state, "meld 3Cr 4Cr 6Su", "m1 6Cr", "quit", monkeypatch=monkeypatch)
    assert after(lines, "meld 3Cr 4Cr 6Su")[0] == f"✗ {reason}"
    assert after(lines, "m1 6Cr")[0].startswith("✗ at 'm1': ")
    assert state.history == [TAKE]
    view = state.observation(0)
    assert (view["phase"], view["building"], view["zones"]["melds"]) == ("meld", [], [])
    assert len(view["hand"]) == 11


def test_a_line_may_not_run_on_into_the_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    state = rm1()
    lines = play(state, "take meld 3Cr 4Cr 5Cr done discard 12St draw", "quit",
                 monkeypatch=monkeypatch)
    assert "✗ at 'draw': the line runs on past your turn, which the discard ends: type one " \
        "turn's moves at a time" in lines
    assert state.history == []


def test_a_meld_with_p_step_by_step_shows_what_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One primitive step a line, as the game's Commands allow: a meld
    built step by step stays open until 'done' (one more card could still
    join it)."""
    state = parlour.make("progress-rummy", players=2).new_state(seed=3, deal={
        "dealer": 0, "hands": [["3Cr", "4Cr", "6Cr", "P", *ANN.split()[2:8]], BEN.split()],
        "discard": ["5Cr"], "stock": ["12Mo"],
    })
    lines = play(state, "draw", "meld", "3Cr", "4Cr", "P", "as 5Cr", "done", "quit",
                 monkeypatch=monkeypatch)
    assert not any(line.startswith("✗") for line in lines)
    assert "Building   […]" in after(lines, "meld")
    assert "Building   [3Cr 4Cr P(?) …]" in after(lines, "P")
    assert "Legal      as 2Cr · as 5Cr" in after(lines, "P")
    assert "Building   [3Cr 4Cr P(5Cr) …]" in after(lines, "as 5Cr")
    declared = after(lines, "done")
    assert declared[0] == "P0 lays the contract: m1 3Cr 4Cr P=5Cr"
    assert "Melds      m1  P0 (you)  sequence  3Cr 4Cr P(5Cr)" in declared
    assert not any(line.startswith("Building") for line in declared)
    assert state.observation(0)["zones"]["melds"][0]["cards"][2]["as"] == "5Cr"


def test_help_shows_how_to_type_melds(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = play(rm1(), "help", "quit", monkeypatch=monkeypatch)
    shown = after(lines, "help")
    assert "Commands (one step at a time, or a whole line):" in shown
    assert "  meld 5Cr 6Cr P=7Cr           lay a meld (P=7Cr declares the P as 7Cr)" in shown
    assert "  swap m3 7St                  give 7St for the P of meld m3" in shown


def test_rules_simulate_and_play_from_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["rules", "progress-rummy"]) == 0
    rules = capsys.readouterr().out
    assert "Commands (one step at a time, or a whole line):\n" in rules
    assert "  m2 6Cr                       lay off 6Cr on meld m2 (m2 P=4Cr for a P)\n" in rules

    assert main(["simulate", "progress-rummy", "-n", "3", "--seed", "2"]) == 0
    simulated = capsys.readouterr().out.splitlines()
    assert simulated[0] == ("parlour.make('progress-rummy') · 3 matches · every seat easy · "
                            "seed 2")
    # a Progress Rummy match is always its five contracts
    assert any(re.match(r"│ hands a match\s+│\s+5\.00 \[5\.00, 5\.00\] │", line)
               for line in simulated)

    monkeypatch.setattr(sys, "stdin", io.StringIO("take\nlegal\nquit\n"))
    assert main(["play", "progress-rummy", "--players", "2", "--seat", "human",
                 "--seat", "random", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Progress Rummy · round 1 · begin" in lines
    assert "Contract   one meld of at least 3" in [line.rstrip() for line in lines]
    taken = after([line.rstrip() for line in lines], "take")
    assert re.fullmatch(r"P0 takes \w+", taken[0])
    assert "You left the game after" in lines[-1]

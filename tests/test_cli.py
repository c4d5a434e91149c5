"""The ``parlour`` command line, driven through ``main(argv)`` with a fake stdin."""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import parlour
from cli_run import Cli
from parlour.agents import AGENTS, hint, levels
from parlour.cli import _agent_seed
from parlour.engine import game_class
from parlour.engine.scoring import ScoreCalculator, ScoreRequest
from parlour.render import outcome_word

GAMES = ", ".join(sorted(parlour.engine.games()))




def result_lines(state: parlour.State) -> list[str]:
    """What the end of a match must say, from the library's own state."""
    returns = state.returns()
    winners = ", ".join(f"P{seat}" for seat, value in enumerate(returns) if value > 0)
    losers = ", ".join(f"P{seat}" for seat, value in enumerate(returns) if value < 0)
    return [f"Won: {winners or 'nobody'}. Lost: {losers or 'nobody'}."]


def assert_result_table(out: str, state: parlour.State, you: int | None = None) -> None:
    for seat, (score, value) in enumerate(zip(state.scores(), state.returns(), strict=True)):
        name = f"P{seat} (you)" if seat == you else f"P{seat}"
        shown = re.escape(f"{value:+.2f}")
        row = rf"^{re.escape(name)}\s+{score}\s+{shown}\s+{outcome_word(value)}\s*$"
        assert re.search(row, out, re.MULTILINE), row


# --- list and rules ---------------------------------------------------------------
def test_list_shows_polignac_with_its_options(cli: Cli) -> None:
    run = cli("list")
    assert run.status == 0
    assert "polignac  Polignac · 3-8 players · piquet32 deck" in run.out
    for name, info in parlour.engine.games().items():
        assert f"{name}  {info['title']} · " in run.out
    assert "Avoid winning jacks, above all the jack of spades" in run.out
    # issue 29: the counts a game allows, in words (never "1 players" or "2-4")
    assert "costly-colours  Costly Colours · 2 or 4 players · french52 deck" in run.out
    assert "bharg  Bharg · 2 or 3 players · decktet36 deck" in run.out
    assert "golf  Golf · 1 player · progress53 deck" in run.out
    for row in (
        r"players\s+4\s+3, 4, 5, 6",
        r"target\s+20\s+an integer from 1 to 100",
        r"pack_reduction\s+black_sevens\s+black_sevens, red_sevens, dealer_discard",
        r"capot_fail\s+bidder_5\s+bidder_5, bidder_5_plus_jacks, jacks_normal",
        r"capot_bidder_leads\s+false\s+true or false",
    ):
        assert re.search(row, run.out), row


def test_rules_shows_the_rules_decisions_and_options(cli: Cli) -> None:
    run = cli("rules", "Polignac")
    assert run.status == 0
    assert run.out.startswith("POLIGNAC — for 3 to 8 players with a piquet pack of 32 cards.")
    assert "Decisions taken where the sources disagree (rules/polignac.md §8.1):" in run.out
    assert '- "capot" and "general" are one bid, typed either way.' in run.out
    assert re.search(r"capot_fail\s+bidder_5\s+bidder_5,", run.out)
    assert re.search(r"ace_high\s+false\s+true or false\s+rank A K Q J 10 9 8 7", run.out)
    assert "e.g. parlour play polignac --option target=20" in run.out


# --- play -------------------------------------------------------------------------
def test_computer_seats_play_a_whole_match(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    run = cli("play", "polignac", "--seat", "random", "--seed", "3", "--option", "target=5",
              "--save", str(record))
    assert run.status == 0, run.err
    state = parlour.replay(record)
    assert state.is_terminal()
    assert run.out.startswith("P0 deals hand 1\nP1 passes\nP2 announces capot\nP1 plays A♦\n")
    assert "P2 wins trick 1\n" in run.out
    assert "── Match over ──" in run.out
    assert_result_table(run.out, state)
    assert run.out.rstrip().endswith(result_lines(state)[0])
    assert "You " not in run.out  # nobody at the terminal


def test_same_seed_plays_the_same_match(cli: Cli) -> None:
    args = ("play", "polignac", "--seat", "random", "--seed", "11", "--option", "target=8")
    assert cli(*args).out == cli(*args).out


def test_person_plays_to_the_end_of_a_match(cli: Cli, tmp_path: Path) -> None:
    """The person types every card code and 'pass' in turn, forever: each prompt
    answers the illegal ones with a reason until a legal one is played."""
    codes = [card.code for card in parlour.make("polignac").deck.cards]
    script = "\n".join([*codes, "pass"] * 300) + "\n"
    record = tmp_path / "match.json"
    run = cli("play", "polignac", "--seed", "5", "--option", "target=3", "--save", str(record),
              stdin=script)
    assert run.status == 0, run.err
    state = parlour.replay(record)
    assert state.is_terminal()
    assert "P0 (you) › 7S\n" in run.out
    assert "✗ you do not hold" in run.out
    assert_result_table(run.out, state, you=0)
    assert run.out.rstrip().endswith(f"You {outcome_word(state.returns()[0])}.")
    assert "Traceback" not in run.out + run.err


def test_person_gets_reasons_for_bad_input_then_quits(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = "help\nzz\npass\nlegal\nAS\n10h\nq♣\nquit\n"
    run = cli("play", "polignac", "--seed", "4", "--save", str(record), stdin=script)
    assert run.status == 0
    assert run.err == ""
    lines = run.out.splitlines()
    assert lines[:6] == [
        "P0 deals hand 1", "P1 passes", "P2 announces capot",
        "P1 plays A♥", "P2 plays J♥", "P3 plays 9♥",
    ]
    assert "Polignac · hand 1 · trick 1" in lines
    assert re.search(r"^▶\s+P0 \(you\)\s+8\s+0\s+0\s+—\s+dealer$", run.out, re.MULTILINE)
    assert "Trick          P1 A♥   P2 J♥   P3 9♥" in lines
    assert "Penalty cards  J♠  J♥  J♦  J♣" in lines
    assert "Your hand      J♠ A♠ 8♠  10♥ 7♥  Q♦ 8♦  Q♣" in lines
    assert "Legal          10♥ 7♥" in lines
    assert "  a card       its code, e.g. JS, TD, 10D or J♠ (any case; suit symbols work too)" \
        in lines
    assert "✗ 'zz' is neither a card nor a call; type a card such as JS, TD, 10D or J♠, " \
        "or 'pass' or 'capot'" in lines
    assert "✗ you cannot say 'pass' now: play a card" in lines
    assert "P0 (you) › legal" in lines
    assert "10♥ 7♥" in lines
    assert "✗ you must follow suit: you hold hearts" in lines
    assert lines.index("P0 (you) › 10h") + 1 == lines.index("P0 plays 10♥")
    assert "Last trick     P2 10♣   P3 A♣   P0 (you) Q♣   P1 9♣  → P0 (you)" in lines
    assert lines[-2:] == [
        "You left the game after 10 moves.",
        f"Saved to {record}; continue with: parlour play --resume {record}",
    ]
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["actions"] == ["pass", "capot", "AH", "JH", "9H", "TH", "TC", "AC", "QC", "9C"]
    assert parlour.replay(record).history == parlour.replay(saved).history


def test_help_shows_the_commands_help_the_game_declares(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The help takes a game's commands from the game, not from its rules' text."""
    monkeypatch.setattr(game_class("polignac"), "commands_help",
                        "Commands: a card code plays it.")
    run = cli("play", "polignac", "--seed", "4", stdin="help\nquit\n")
    assert run.status == 0, run.err
    lines = run.out.splitlines()
    at = lines.index("  quit         leave the game (it is saved if you gave --save)")
    assert lines[at + 1:at + 3] == ["Commands: a card code plays it.", "P0 (you) › quit"]


def test_the_games_own_commands_help_is_a_paragraph_of_their_rules() -> None:
    declared = {name: game_class(name).commands_help for name in parlour.games()}
    shown = {name: text for name, text in declared.items() if text is not None}
    assert sorted(shown) == ["progress", "progress-rummy"]
    for name, text in shown.items():
        assert f"\n\n{text}\n\n" in game_class(name).rules_help()


def test_score_counts_with_the_calculator_a_game_declares(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``parlour score`` finds a game's calculator on the game, not by its name."""
    def count(request: ScoreRequest) -> list[str]:
        return [f"cards: {' '.join(request.cards)}", f"total: {len(request.cards)}"]

    monkeypatch.setattr(game_class("knaves"), "score_calculator", ScoreCalculator(count))
    run = cli("score", "knaves", "AS", "KH")
    assert (run.status, run.err, run.out) == (0, "", "cards: AS KH\ntotal: 2\n")


def test_levels_sit_per_seat_and_hint_shows_hard_move_without_playing_it(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(levels, "MEDIUM_ITERATIONS", 20)
    monkeypatch.setattr(levels, "HARD_ITERATIONS", 40)
    monkeypatch.setattr(levels, "VECTOR_DEALS", 40)
    record = tmp_path / "game.json"
    run = cli("play", "polignac", "--seed", "4", "--seat", "medium", "--seat", "easy",
              "--seat", "hard", "--seat", "human", "--save", str(record),
              stdin="help\nhint\nquit\n")
    assert run.status == 0, run.err
    state = parlour.replay(record)
    assert state.current_player() == 3
    assert len(state.history) > 0
    suggestion = hint(state, _agent_seed(state, 3))
    assert suggestion.action in state.legal_actions()
    lines = run.out.splitlines()
    assert "  hint         show what the hard level would play here (it is not played)" in lines
    at = lines.index("P3 (you) › hint")
    assert lines[at + 1:at + 4] == [
        "thinking…", f"hint: hard would play {suggestion.text}", "P3 (you) › quit",
    ]
    assert f"You left the game after {len(state.history)} moves." in lines


def test_end_of_input_leaves_cleanly_and_saves(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run = cli("play", "polignac", "--seed", "4", "--save", str(record), stdin="")
    assert run.status == 0
    assert run.err == ""
    assert "You left the game after 5 moves." in run.out
    assert len(parlour.replay(record).history) == 5


def test_resume_continues_the_saved_game(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    cli("play", "polignac", "--seed", "4", "--option", "target=4", "--save", str(record),
        stdin="10h\nquit\n")
    first = parlour.replay(record)
    assert len(first.history) == 8
    run = cli("play", "--resume", str(record), "--seat", "random")
    assert run.status == 0, run.err
    assert run.out.startswith("Resuming Polignac after 8 moves.\nP0 deals hand 1\n")
    finished = parlour.replay(record)  # saved back to the file it came from
    assert finished.is_terminal()
    assert finished.history[:8] == first.history
    assert finished.game.options["target"] == 4
    assert_result_table(run.out, finished)

    again = cli("play", "polignac", "--resume", str(record))
    assert again.status == 0
    assert "Resuming Polignac after" in again.out
    assert "── Match over ──" in again.out
    assert "P0 (you) ›" not in again.out
    assert again.out.rstrip().endswith(f"You {outcome_word(finished.returns()[0])}.")


# --- replay -----------------------------------------------------------------------
def test_replay_prints_every_move_and_the_final_scores(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    cli("play", "polignac", "--seat", "random", "--seed", "9", "--option", "target=6",
        "--save", str(record))
    state = parlour.replay(record)
    run = cli("replay", str(record))
    assert run.status == 0, run.err
    assert run.out.splitlines()[0] == \
        f"parlour.make('polignac', target=6) · seed 9 · {len(state.history)} moves"
    for hand, deltas in enumerate(state.hand_results()):
        changes = ", ".join(f"P{seat} {delta:+d}" for seat, delta in enumerate(deltas))
        assert f"hand {hand + 1} scored: {changes}" in run.out
    assert run.out.count(" holds ") == 4 * len(state.hand_results())
    assert_result_table(run.out, state)
    assert run.out.rstrip().endswith(result_lines(state)[0])


def test_replay_step_waits_for_enter(cli: Cli, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    cli("play", "polignac", "--seed", "4", "--save", str(record), stdin="10h\nquit\n")
    run = cli("replay", "--step", str(record), stdin="\n\nq\n")
    assert run.status == 0
    assert run.out.count("Enter: next move, q: print the rest") == 3
    assert "P0 plays 10♥" in run.out
    assert run.out.rstrip().endswith(
        "The record stops before the end of the match. Totals: P0 0 · P1 0 · P2 0 · P3 0"
    )


# --- simulate ---------------------------------------------------------------------
def test_simulate_is_deterministic_and_prints_the_table(cli: Cli) -> None:
    args = ("simulate", "polignac", "-n", "12", "--seed", "5", "--players", "3")
    run = cli(*args)
    assert run.status == 0, run.err
    assert run == cli(*args)
    assert run != cli("simulate", "polignac", "-n", "12", "--seed", "6", "--players", "3")
    lines = run.out.splitlines()
    assert lines[0] == "parlour.make('polignac', players=3) · 12 matches · every seat easy · seed 5"
    assert lines[1] == "12 matches, 12 deals: seats"
    assert re.fullmatch(r"┃ seat ┃ wins ┃\s+win rate \(95%\) ┃\s+mean return \(95%\) ┃"
                        r"\s+mean score \(95%\) ┃", lines[3])
    number = r"[+-]?\d+\.\d+"
    rows = [re.fullmatch(rf"│ (\d)\s+│\s+(\d+(?:\.\d)?) │\s+({number})% \[{number}, {number}\] │"
                         rf"\s+({number}) \[{number}, {number}\] │\s+({number}) \[.*\] │", line)
            for line in lines[5:8]]
    assert [row.group(1) for row in rows if row] == ["0", "1", "2"]
    # every match has a winner's share: the wins add up to the matches
    assert sum(float(row.group(2)) for row in rows if row) == 12
    assert sum(float(row.group(3)) for row in rows if row) == pytest.approx(100, abs=0.2)
    assert abs(sum(float(row.group(4)) for row in rows if row)) < 0.01  # zero-sum returns
    assert "mean hands per match" not in run.out  # one seat table, not two
    hands = next(line for line in lines if line.startswith("│ hands a match"))
    assert re.match(r"│ hands a match\s+│\s+\d+\.\d{2} \[\d+\.\d{2}, \d+\.\d{2}\] │", hands)


# --- bad input: one error line, status 2 ------------------------------------------
@pytest.fixture
def saved_record(cli: Cli, tmp_path: Path) -> Path:
    record = tmp_path / "game.json"
    cli("play", "polignac", "--seed", "4", "--save", str(record), stdin="10h\nquit\n")
    return record


def _tamper(record: Path, key: str, value: object) -> str:
    """Replace one field of a saved record; returns the path as text."""
    data = json.loads(record.read_text(encoding="utf-8"))
    data[key] = value
    record.write_text(json.dumps(data), encoding="utf-8")
    return str(record)


@pytest.mark.parametrize(("args", "message"), [
    (["rules", "polignak"],
     f"no game called 'polignak' (did you mean 'polignac'?); the games are {GAMES}"),
    (["play", "whist"], f"no game called 'whist'; the games are {GAMES}"),
    (["play", "polignac", "--option", "target=zero"],
     "option 'target' must be an integer from 1 to 100, not zero"),
    (["simulate", "polignac", "-n", "2", "--option", "capot_fail=double"],
     "option 'capot_fail' must be one of bidder_5, bidder_5_plus_jacks, jacks_normal, "
     "not double"),
    (["play", "polignac", "--option", "trumps=hearts"],
     "unknown option 'trumps'; the options are players, target, ace_high, pack_reduction, "
     "capot, capot_fail, capot_bidder_leads, pack, direction"),
    (["play", "polignac", "--option", "target"], "write options as name=value, not 'target'"),
    (["play", "polignac", "--seat", "robot"],
     f"--seat must be {' or '.join(['human', *sorted(AGENTS)])}, not 'robot'"),
    (["play", "polignac", *["--seat", "random"] * 5],
     "5 seats given with --seat but the game has 4 players"),
    (["play", "polignac", "--players", "3", "--seat", "human", "--seat", "random",
      "--seat", "random", "--seat", "random"],
     "4 seats given with --seat but the game has 3 players"),
    (["play", "polignac", "--players", "9"],
     "option 'players' must be one of 3, 4, 5, 6, 7, 8, not 9"),
    (["play", "golf", "--players", "2"], "Golf is for 1 player, not 2"),
    (["play", "polignac", "--players", "3", "--option", "players=4"],
     "give the number of players once: --players or --option players"),
    (["play"], "name the game to play, or give --resume FILE"),
    (["play", "polignac", "--seed", "x"],
     "Invalid value for '--seed': Input should be a valid integer, unable to parse string "
     "as an integer"),
    (["simulate", "polignac", "-n", "0"],
     "Invalid value for '-n' / '--matches': Input should be greater than or equal to 1"),
    (["simulate", "polignac"], "Missing option '-n' / '--matches'."),
])
def test_bad_input_prints_one_error_line(cli: Cli, args: list[str], message: str) -> None:
    run = cli(*args)
    assert (run.status, run.err, run.out) == (2, f"error: {message}\n", "")


def test_missing_and_unwritable_files(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    for args in (["replay", str(missing)], ["play", "--resume", str(missing)]):
        run = cli(*args)
        assert (run.status, run.out) == (2, "")
        assert run.err == "error: cannot read the record file: [Errno 2] No such file or " \
            f"directory: '{missing}'\n"
    unwritable = tmp_path / "no-such-dir" / "game.json"
    run = cli("play", "polignac", "--save", str(unwritable))
    assert (run.status, run.out) == (2, "")
    assert run.err == f"error: cannot write {unwritable}: No such file or directory\n"


def test_malformed_and_tampered_records(cli: Cli, saved_record: Path, tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not a record", encoding="utf-8")
    cases = {
        str(garbage): "the record is not valid JSON: Expecting value: line 1 column 1 (char 0)",
        _tamper(saved_record, "actions", ["pass", "capot", "AH", "QS"]):
        "action 3 ('QS') cannot be replayed: you must follow suit: you hold hearts",
    }
    for path, message in cases.items():
        for args in (["replay", path], ["play", "--resume", path]):
            run = cli(*args)
            assert (run.status, run.err, run.out) == (2, f"error: {message}\n", ""), args


def _address_space_of_2_gib() -> None:
    """In a child process: a command that read a file without end would
    fail at 2 GiB instead of taking the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def parlour_command(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m parlour *args`` in a child with a capped address space."""
    return subprocess.run([sys.executable, "-m", "parlour", *args], capture_output=True,
                          text=True, preexec_fn=_address_space_of_2_gib, timeout=120,
                          check=False)


@pytest.mark.parametrize("command", [["replay"], ["play", "--resume"]])
def test_an_endless_file_is_refused_without_reading_it_all(command: list[str]) -> None:
    """Issue 27: ``parlour replay /dev/zero`` read until a MemoryError
    traceback; it now reads one byte past the limit and says so."""
    run = parlour_command(*command, "/dev/zero")
    assert (run.returncode, run.stdout, run.stderr) == (
        2, "", "error: /dev/zero is over the limit of 16 MiB for a game record\n")


def test_a_record_file_over_the_limit_is_refused(cli: Cli, tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(16 * 2**20 + 1)
    largest = tmp_path / "largest.json"
    largest.write_bytes(b"{" + b" " * (16 * 2**20 - 2) + b"}")
    for args in (["replay"], ["play", "--resume"]):
        run = cli(*args, str(big))
        assert (run.status, run.out, run.err) == (
            2, "", f"error: {big} is over the limit of 16 MiB for a game record\n")
        run = cli(*args, str(largest))  # the limit itself is read
        assert (run.status, run.out, run.err) == (2, "", "error: the record has no 'game'\n")


def test_a_named_pipe_is_read_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """A pipe with no writer reads as empty (opening it used to wait for
    ever); one that never ends is refused at the limit."""
    silent = tmp_path / "silent"
    os.mkfifo(silent)
    run = parlour_command("replay", str(silent))
    assert (run.returncode, run.stdout, run.stderr) == (
        2, "", "error: the record is not valid JSON: Expecting value: line 1 column 1 "
        "(char 0)\n")
    endless = tmp_path / "endless"
    os.mkfifo(endless)

    def write_for_ever() -> None:
        with contextlib.suppress(BrokenPipeError), endless.open("wb") as pipe:
            while True:
                pipe.write(b" " * 65536)

    writer = threading.Thread(target=write_for_ever, daemon=True)
    writer.start()
    run = parlour_command("replay", str(endless))
    assert (run.returncode, run.stdout, run.stderr) == (
        2, "", f"error: {endless} is over the limit of 16 MiB for a game record\n")
    writer.join(timeout=60)
    assert not writer.is_alive()


def test_resume_refuses_new_options_and_another_game(cli: Cli, saved_record: Path) -> None:
    run = cli("play", "--resume", str(saved_record), "--option", "target=5")
    assert run.err == "error: --resume continues a recorded game: drop --players, --option, " \
        "--seed\n"
    run = cli("play", "polignac", "--resume",
              _tamper(saved_record, "result", {"scores": [1, 2, 3, 4]}))
    assert run.status == 2
    assert run.err.startswith("error: the record's result {'scores': [1, 2, 3, 4]} does not "
                              "match the replay's None")
    assert run.err.count("\n") == 1


def test_no_arguments_show_the_commands(cli: Cli) -> None:
    run = cli()
    assert (run.status, run.err) == (0, "")
    assert "Usage: parlour [OPTIONS] COMMAND [ARGS]..." in run.out
    for command in ("list", "rules", "play", "replay", "simulate"):
        assert re.search(rf"^│ {command} ", run.out, re.MULTILINE), command


def test_unknown_command_and_option(cli: Cli) -> None:
    assert cli("frob").err == "error: No such command 'frob'.\n"
    assert cli("play", "polignac", "--bogus").err == "error: No such option: --bogus\n"


def test_python_dash_m_parlour_runs_the_same_command_line() -> None:
    good = subprocess.run([sys.executable, "-m", "parlour", "list"],
                          capture_output=True, text=True, check=False)
    assert good.returncode == 0
    assert "polignac  Polignac · 3-8 players · piquet32 deck\n" in good.stdout
    bad = subprocess.run([sys.executable, "-m", "parlour", "replay", "/nonexistent/record.json"],
                         capture_output=True, text=True, check=False)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr == "error: cannot read the record file: [Errno 2] No such file or " \
        "directory: '/nonexistent/record.json'\n"

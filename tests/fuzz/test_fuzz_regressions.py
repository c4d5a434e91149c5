"""Inputs that the fuzz tests found raising an undocumented error, each
pinned to the documented error and its exact message.

The record-file and JSON cases are in ``test_fuzz_records.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_support import check

import parlour
from parlour.errors import OptionError, ParseError, RecordError
from parlour.games.progress_races import tables_for

RUMMY_HELP = (
    "is neither a card nor a command; type a card such as 7St or P, 'draw', 'take', "
    "'swap', 'meld', 'done', 'as 7St' or a meld name such as m1"
)
BAKERS_HELP = (
    "is not a move of Baker's Dozen; type 'c5 f' (column 5 to its foundation) or "
    "'c5 c9' (onto column 9)"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("m²", f"'m²' {RUMMY_HELP}"),
        ("M¹²", f"'M¹²' {RUMMY_HELP}"),
        ("m" + "1" * 5000, "melds are named m1 to m35, not m" + "1" * 5000),
    ],
)
def test_a_meld_name_with_digits_that_int_refuses(text: str, message: str) -> None:
    """``m²`` passed ``str.isdigit`` and then ``int()`` raised ValueError."""
    state = parlour.make("progress-rummy").new_state(seed=1)
    with pytest.raises(ParseError) as caught:
        state.parse_action(text)
    assert str(caught.value) == message


def test_a_meld_name_in_other_decimal_digits_is_read() -> None:
    state = parlour.make("progress-rummy").new_state(seed=1)
    assert state.parse_action("m٣") == state.parse_action("m3")


@pytest.mark.parametrize("text", ["c²", "c² f", "c1 c¹", "c" + "1" * 5000])
def test_a_column_name_with_digits_that_int_refuses(text: str) -> None:
    """``c²`` passed ``str.isdigit`` and then ``int()`` raised ValueError."""
    state = parlour.make("bakers-dozen").new_state(seed=1)
    with pytest.raises(ParseError) as caught:
        state.parse_action(text)
    assert str(caught.value) == f"{text!r} {BAKERS_HELP}"


@pytest.mark.parametrize("players", ["²", "1" * 5000])
def test_progress_races_players_with_digits_that_int_refuses(players: str) -> None:
    """``players=²`` passed ``str.isdigit`` and then ``int()`` raised ValueError."""
    with pytest.raises(OptionError) as caught:
        tables_for(players)
    assert str(caught.value) == (
        f"Progress Races needs at least 4 players (one table), not {players!r}"
    )


def test_the_event_command_refuses_such_players_in_one_line() -> None:
    result = check(["event", "progress-races", "--option", "players=²"])
    assert (result.status, result.err) == (
        2, "error: Progress Races needs at least 4 players (one table), not '²'\n")


def test_replaying_a_file_that_is_not_text_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\x89PNG\r\n")
    for argv in (["replay", str(path)], ["play", "--resume", str(path)]):
        result = check(argv)
        assert (result.status, result.out, result.err) == (
            2, "", f"error: cannot read the record file: {str(path)!r} is not UTF-8 text "
            "(byte 0: invalid start byte)\n")


POLIGNAC_OPTIONS = ("players, target, ace_high, pack_reduction, capot, capot_fail, "
                    "capot_bidder_leads, pack, direction")
BHARG_OPTIONS = ("players, target, excuse, pawns, courts, stock_exhaustion, "
                 "penalty_arrangement, rediscard, max_turns")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "polignac", "--option", "self=1"],
         f"unknown option 'self'; the options are {POLIGNAC_OPTIONS}"),
        (["simulate", "polignac", "-n", "1", "--workers", "1", "--sweep", "self=1,2"],
         f"unknown option 'self'; the options are {POLIGNAC_OPTIONS}"),
        (["simulate", "polignac", "-n", "1", "--workers", "1", "--sweep", "name=1,2"],
         f"unknown option 'name'; the options are {POLIGNAC_OPTIONS}"),
        (["score", "bharg", "Cave", "--option", "cards=1"],
         f"unknown option 'cards'; the options are {BHARG_OPTIONS}"),
        (["score", "bharg", "Cave", "--option", "ace_top=1"],
         f"unknown option 'ace_top'; the options are {BHARG_OPTIONS}"),
    ],
)
def test_an_option_named_like_an_argument_is_one_error_line(argv: list[str],
                                                            message: str) -> None:
    """``self``, ``name``, ``cards`` and ``ace_top`` clashed with the
    arguments of the functions that options reach as keywords (TypeError)."""
    result = check(argv)
    assert (result.status, result.out, result.err) == (2, "", f"error: {message}\n")


@pytest.mark.parametrize("name", ["self", "name"])
def test_a_record_with_an_option_named_like_an_argument(name: str) -> None:
    record = parlour.make("polignac").new_state(seed=1).record()
    record["options"] = {name: 1}
    with pytest.raises(RecordError) as caught:
        parlour.replay(record)
    assert (caught.value.index, str(caught.value)) == (
        None, f"the record cannot start a game: unknown option {name!r}; the options are "
        f"{POLIGNAC_OPTIONS}")


def test_a_typed_line_that_is_not_utf8_is_one_error_line(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 on a strict UTF-8 standard input raised
    UnicodeDecodeError out of ``play`` and ``replay --step``."""
    record = tmp_path / "game.json"
    started = check(["play", "polignac", "--seed", "1", "--save", str(record)], "quit\n")
    assert started.status == 0
    for argv in (["play", "polignac", "--seed", "1"], ["play", "--resume", str(record)],
                 ["replay", str(record), "--step"]):
        result = check(argv, b"\xff\nquit\n")
        assert (result.status, result.err) == (
            2, "error: the line typed is not utf-8 text: invalid start byte\n"), argv


@pytest.mark.parametrize("agent", ["ismcts:²", "ismcts:" + "1" * 5000, "ismcts:1000000000"])
def test_an_ismcts_budget_that_int_refuses_is_one_error_line(agent: str) -> None:
    """``ismcts:²`` passed ``str.isdigit`` and then ``int()`` raised ValueError."""
    result = check(["tournament", "polignac", "--agents", f"random,{agent}", "-n", "1",
                    "--workers", "1"])
    assert (result.status, result.out, result.err) == (
        2, "", f"error: {agent!r}: ismcts:N needs a whole number of iterations N from 1 "
        "to 999999999\n")

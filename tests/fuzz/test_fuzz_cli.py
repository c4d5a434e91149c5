"""Fuzzing the command line, ``parlour.cli.main(argv)``: argument lists
built from the real commands and option names with junk values, junk
record files, and junk typed at the terminal. Whatever it is given, the
command exits with a documented status (0, 1 for an interrupted command,
2 for bad input), never shows a traceback, and bad input is one
``error: ...`` line on standard error."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from fuzz_support import (
    ARGUMENT_NAMES,
    OPTION_SETS,
    arbitrary_text,
    check,
    fuzz_settings,
    near_misses,
)
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.cards import DECKTET_EXTENDED, FRENCH_52
from parlour.engine import game_class
from support import GAME_NAMES

# --- words ----------------------------------------------------------------------------

def junk(max_size: int = 12) -> st.SearchStrategy[str]:
    """A word of junk: anything a shell could pass (it cannot pass a NUL)."""
    return arbitrary_text(max_size).map(lambda text: text.replace("\x00", ""))


def mostly(draw: st.DrawFn, good: st.SearchStrategy[str],
           bad: st.SearchStrategy[str]) -> str:
    """A draw from ``good`` four times in five, else from ``bad``, so that
    most command lines get past their first words."""
    return draw(good if draw(st.integers(min_value=0, max_value=4)) else bad)


@st.composite
def game_words(draw: st.DrawFn) -> str:
    """A game name (or an event's), a near miss of one, or junk."""
    names = st.sampled_from([*GAME_NAMES, "progress-races"])
    return mostly(draw, names, names.flatmap(near_misses) | junk()).replace("\x00", "")


SMALL_VALUES = ["-1", "0", "1", "2", " 2 ", "x", "", "2.5", "1e3", "yes", "no", "true",
                "off", "ü", "1=2"]
"""Option values that are wrong, or right but small enough that a match
stays short."""


@st.composite
def option_words(draw: st.DrawFn, game: str) -> list[str]:
    """``--option`` arguments: the game's fast options, then junk ones."""
    try:
        cls = game_class(game)
    except parlour.OptionError:
        names, base = ["players", "target"], {}
    else:
        names = [option.name for option in cls.schema] or ["players"]
        base = OPTION_SETS[cls.name][0]
    words: list[str] = []
    for name, value in base.items():
        words += ["--option", f"{name}={value}"]
    for _ in range(max(0, draw(st.integers(min_value=-2, max_value=2)))):
        name = draw(st.sampled_from(names) | st.sampled_from(ARGUMENT_NAMES) | junk(8))
        value = draw(st.sampled_from(SMALL_VALUES) | junk(6))
        separator = draw(st.sampled_from(["=", "=", " = ", ":", ""]))
        words += [draw(st.sampled_from(["--option", "-o"])), f"{name}{separator}{value}"]
    return words


def flag(draw: st.DrawFn, name: str, values: st.SearchStrategy[str]) -> list[str]:
    """``[name, value]`` now and then (one time in three), else nothing."""
    return [name, draw(values)] if draw(st.integers(min_value=0, max_value=2)) == 0 else []


def computer_seats() -> st.SearchStrategy[str]:
    """A ``--seat`` value for a computer seat, cheap to play, or junk."""
    return st.sampled_from(["random", "easy", "RANDOM", " easy "]) | junk(6)


def typed_lines() -> st.SearchStrategy[str]:
    """What a person types at a game: commands, card codes and junk, then quit."""
    words = st.sampled_from(["help", "?", "legal", "undo", "redo", "pass", "draw", "go",
                             "stand", "meld", "", "  "]) | st.sampled_from(
        [card.code for card in FRENCH_52] + [card.code for card in DECKTET_EXTENDED]) | junk()
    return st.lists(words.map(lambda text: text.replace("\n", " ").replace("\r", " ")),
                    max_size=6).map(lambda lines: "\n".join([*lines, "quit", ""]))


# --- command lines --------------------------------------------------------------------

@st.composite
def play_lines(draw: st.DrawFn, folder: Path) -> tuple[list[str], str]:
    """``parlour play`` with a person at seat 0 who types junk, then quits."""
    game = draw(game_words())
    argv = ["play", game, *draw(option_words(game))]
    argv += flag(draw, "--players", st.sampled_from(["1", "2", "3", "4", "27", "x", "-1"]))
    argv += flag(draw, "--seed", st.sampled_from(["0", "7", "-3", "x", "1.5", str(2**70)]))
    argv += flag(draw, "--save", st.sampled_from(
        [str(folder / "game.json"), str(folder / "missing" / "game.json"), str(folder)]))
    argv += ["--seat", "human"]
    for _ in range(draw(st.integers(min_value=0, max_value=2))):
        argv += ["--seat", draw(computer_seats())]
    return argv, draw(typed_lines())


def record_files(folder: Path) -> st.SearchStrategy[str]:
    """A record file: a real one, tampered or cut, JSON junk, bytes, none."""
    state = parlour.make("polignac", target=8).new_state(seed=4)
    for _ in range(12):
        state.apply(state.legal_actions()[-1])
    record = state.record()

    def write(content: bytes) -> str:
        path = folder / f"record-{len(list(folder.iterdir()))}.json"
        path.write_bytes(content)
        return str(path)

    tampered = st.builds(
        lambda key, value: {**record, key: value},
        st.sampled_from(list(record)), st.none() | st.integers() | st.text(max_size=6)
        | st.lists(st.text(max_size=4), max_size=3),
    )
    texts = st.one_of(
        st.just(record), tampered,
        st.integers(min_value=0, max_value=len(record["actions"])).map(
            lambda keep: {**record, "actions": [*record["actions"][:keep], "KH"]}),
    ).map(lambda value: json.dumps(value).encode())
    contents = st.one_of(texts, st.binary(max_size=40), junk(40).map(
        lambda text: text.encode("utf-8", "surrogatepass")))
    return st.one_of(contents.map(write), st.sampled_from(
        [str(folder / "missing.json"), str(folder), "", "-"]))


@st.composite
def replay_lines(draw: st.DrawFn, folder: Path) -> tuple[list[str], str]:
    """``parlour replay`` or ``parlour play --resume`` of a record file."""
    path = draw(record_files(folder))
    if draw(st.booleans()):
        argv = ["replay", path, *(["--step"] if draw(st.booleans()) else [])]
    else:
        argv = ["play", "--resume", path]
        argv += flag(draw, "--option", st.just("target=3"))
    return argv, draw(typed_lines())


@st.composite
def score_lines(draw: st.DrawFn, folder: Path) -> tuple[list[str], str]:
    """``parlour score``: a well-formed count, now and then with one slip."""
    french = st.sampled_from([card.code for card in FRENCH_52] + ["10♦", "q♠"])
    decktet = st.sampled_from([card.name for card in DECKTET_EXTENDED] + ["the", "Cave"])
    aces = st.sampled_from(["Ace of Knots", "Ace of Moons", "ace of suns"])
    game = draw(st.sampled_from(["costly-colours", "bharg", "Costly_Colours", " BHARG"]))
    colours = "olour" in game
    if colours:
        argv = ["score", game, *draw(st.lists(french, min_size=3, max_size=3, unique=True)),
                "--turnup", draw(french)]
    else:
        argv = ["score", game, *draw(st.lists(decktet, min_size=1, max_size=9, unique=True))]
        argv += flag(draw, "--ace", aces)
    slip = draw(st.sampled_from(["none", "game", "card", "word", "option", "turnup", "ace"]))
    if slip == "game":
        argv[1] = draw(game_words())
    elif slip == "card":
        position = draw(st.integers(min_value=2, max_value=len(argv) - 1))
        argv[position] = draw(st.sampled_from(argv[2:]).flatmap(near_misses) | junk(6))
    elif slip == "word":
        argv.insert(2, draw(french | decktet | junk(6)))
    elif slip == "option":
        name = draw(st.sampled_from(["penalty_arrangement", "excuse", "pawns", "target",
                                     *ARGUMENT_NAMES]) | junk(6))
        argv += ["--option", f"{name}={draw(st.sampled_from(['max_bound', 'yes', 'x']))}"]
    else:
        argv += [f"--{slip}", draw(french | aces | junk(6))]
    return [word for word in argv if not word.startswith("-") or word[2:] in (
        "turnup", "ace", "option")], ""


def agent_words() -> st.SearchStrategy[str]:
    """An ``--agents`` value: cheap agents, bad ISMCTS budgets, or junk."""
    agents = st.sampled_from(["random", "easy", "random,easy", "easy,random,random",
                              "ismcts:x", "ismcts:0", "ismcts:-2", "ismcts:²",
                              "ismcts:" + "1" * 5000, ",", ""])
    return (agents | junk(8)).filter(lambda text: "ismcts" not in text or ":" in text)


@st.composite
def simulate_lines(draw: st.DrawFn, folder: Path) -> tuple[list[str], str]:
    """``parlour simulate`` of one match in this process, now and then with one slip."""
    game = draw(game_words())
    argv = ["simulate", game, *draw(option_words(game)), "-n", "1", "--workers", "1"]
    slip = draw(st.sampled_from(["none", "matches", "workers", "agents", "seed", "backend",
                                 "sweep", "ray-address", "duplicate", "plot"]))
    if slip in ("matches", "workers"):
        argv[argv.index("-n" if slip == "matches" else "--workers") + 1] = draw(
            st.sampled_from(["2", "0", "-1", "x", ""]))
    elif slip in ("duplicate", "plot"):
        argv.append(f"--{slip}")
    elif slip != "none":
        argv += [f"--{slip}", draw({
            "agents": agent_words(),
            "seed": st.sampled_from(["1", "-1", "x", str(2**70)]),
            "backend": st.sampled_from(["local", "LOCAL", "threads", ""]),
            "sweep": st.sampled_from(["target=3,4", "target=3", "capot=yes,no", "x", "=1,2",
                                      "players=3,9", "lives=1,2", "self=1,2", "name=1,2"])
            | junk(8),
            "ray-address": st.just("127.0.0.1:1"),
        }[slip])]
    return argv, ""


@st.composite
def tournament_lines(draw: st.DrawFn, folder: Path) -> tuple[list[str], str]:
    """``parlour tournament`` of one deal in this process, or a bad count."""
    game = draw(game_words())
    argv = ["tournament", game, *draw(option_words(game)), "--agents", draw(agent_words())]
    argv += ["-n", draw(st.sampled_from(["1", "0", "x"]))]
    argv += ["--workers", draw(st.sampled_from(["1", "1", "0"]))]
    argv += flag(draw, "--field", agent_words())
    argv += flag(draw, "--json", st.sampled_from(
        [str(folder / "result.json"), str(folder / "missing" / "result.json")]))
    return argv, ""


@st.composite
def other_lines(draw: st.DrawFn, folder: Path) -> tuple[list[str], str]:
    """``list``, ``rules``, ``stats``, help, and unknown commands and options."""
    command = draw(st.sampled_from(["list", "rules", "stats", "frob", "--help", "", "-x"]))
    argv = [command] if command else []
    if command == "rules" or draw(st.booleans()):
        argv.append(draw(game_words()))
    if draw(st.integers(min_value=0, max_value=3)) == 0:
        argv.append(draw(st.sampled_from(["--help", "--bogus", "-n", "--", "--seed"])))
    return argv, ""


COMMAND_LINES = {
    "play": play_lines,
    "replay": replay_lines,
    "score": score_lines,
    "simulate": simulate_lines,
    "tournament": tournament_lines,
    "other": other_lines,
}
"""Per kind of command, a strategy of ``(argv, stdin)`` in a scratch folder."""


@pytest.mark.parametrize("kind", sorted(COMMAND_LINES))
@fuzz_settings(3)
@given(data=st.data())
def test_any_command_line_exits_as_documented(kind: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        argv, stdin = data.draw(COMMAND_LINES[kind](Path(scratch)))
        check(argv, stdin)

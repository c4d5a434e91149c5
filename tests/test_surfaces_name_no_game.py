"""The surfaces know games only through the contract (issue 28): no
registered game's name is a string literal in the terminal renderer, the
CLI, the server, the research environments (``rl/``), the simulations
(``sim/``) or the browser's scripts, so that adding a game needs no edit
there (``tests/test_toy_game.py`` adds one). The agents are checked by
``tests/agents/test_registry.py``: only a game's own heuristic module
names it. What a surface must know of a game the game declares
(``Game.layout``, ``Game.keys_shown_inside``, ``Game.commands_help``...).

Docstrings and comments are prose and may name games as examples; the few
literals that are not a game's name in a game's sense are listed in
:data:`EXCEPTIONS`, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import parlour

SOURCE = Path(parlour.__file__).resolve().parent
STATIC = SOURCE / "server" / "static"
PYTHON_SURFACES = sorted([
    *(SOURCE / name for name in ("render.py", "cli.py", "simulate_cli.py", "event_cli.py",
                                 "stats.py")),
    *(SOURCE / "server").glob("*.py"), *(SOURCE / "rl").glob("*.py"),
    *(SOURCE / "sim").glob("*.py"),
])
SCRIPTS = sorted(STATIC.glob("*.js"))
NAMES = sorted(parlour.games())

EXCEPTIONS: dict[tuple[str, str], str] = {
    ("cards.js", "progress"): (
        "the family of the Progress packs (decks progress53 and progress106), which decides"
        " how their faces are drawn: a deck's name, not a game's"
    ),
    ("lobby.js", "polignac"): (
        "the game the lobby's form shows first when the page opens (any other when it is"
        " missing): a preference of the page, no fact about a game"
    ),
}
CLOCK = ("a table's clock, the time its people have for a move (issue 32: its kinds, limits and"
         " timeouts, and the view's and the request's field): an English word, not the Clock"
         " patience")
EXCEPTIONS.update({(file, "clock"): CLOCK for file in (
    "server/payloads.py", "server/tables.py", "clockview.js", "lookingfor.js")})
"""(file, name) pairs allowed, with why the literal is not a game named: a
script by its file name, a Python surface by its path under the package."""


def named_games(text: str) -> set[str]:
    """The registered games that ``text`` names as a whole word (``golf``,
    not ``golfer``; ``progress``, not ``progress53``)."""
    return {
        name for name in NAMES
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)
    }


def python_literals(path: Path) -> list[str]:
    """The string literals of a Python module but its docstrings (a string
    standing alone as a statement: a module's, class's, function's or
    attribute's documentation)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {
        id(node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        node.value for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in prose
    ]


_REGEX_MAY_FOLLOW = set("(,=:[!&|?{};+-*%<>~^")


def javascript_literals(source: str) -> tuple[list[str], str]:
    """The string literals of a script (quoted, and the text of template
    literals, whose ``${...}`` parts are read as code), and the code with
    comments, strings and regular expressions blanked."""
    literals: list[str] = []
    code: list[str] = []
    # one entry per template literal being read: the depth of braces in its ${...}
    templates: list[int] = []
    index, previous = 0, ""

    def read_string(start: int, quote: str) -> int:
        """Reads a quoted or template text from ``start`` (after its opening
        quote) to its end; returns where reading goes on."""
        text: list[str] = []
        position = start
        while True:
            char = source[position]
            if char == "\\":
                text.append(source[position:position + 2])
                position += 2
            elif char == quote:
                literals.append("".join(text))
                return position + 1
            elif quote == "`" and source.startswith("${", position):
                literals.append("".join(text))
                templates.append(0)
                return position + 2
            else:
                text.append(char)
                position += 1

    while index < len(source):
        char = source[index]
        if source.startswith("//", index):
            end = source.find("\n", index)
            index = len(source) if end < 0 else end
        elif source.startswith("/*", index):
            index = source.index("*/", index) + 2
        elif char in "\"'`":
            index = read_string(index + 1, char)
            code.append(" ")
            previous = "a"
        elif char == "}" and templates and templates[-1] == 0:
            templates.pop()
            index = read_string(index + 1, "`")
        elif char == "/" and (previous in _REGEX_MAY_FOLLOW or not previous):
            position, in_class = index + 1, False
            while in_class or source[position] != "/":
                if source[position] == "\\":
                    position += 1
                elif source[position] == "[":
                    in_class = True
                elif source[position] == "]":
                    in_class = False
                position += 1
            index = position + 1
            code.append(" ")
            previous = "a"
        else:
            if templates and char in "{}":
                templates[-1] += 1 if char == "{" else -1
            code.append(char)
            if not char.isspace():
                previous = char
            index += 1
    return literals, "".join(code)


def javascript_names(path: Path) -> set[str]:
    """The games a script names in a string literal or as an object's key
    (``{golf: ...}``)."""
    literals, code = javascript_literals(path.read_text(encoding="utf-8"))
    found = {name for literal in literals for name in named_games(literal)}
    keys = set(re.findall(r"[{,]\s*([A-Za-z_$][\w$]*)\s*:", code))
    return found | (keys & set(NAMES))


def test_the_javascript_reader_finds_what_names_a_game() -> None:
    """The reader above sees literals in every place a script can hold one,
    and none in comments or regular expressions."""
    source = (
        'const a = "golf"; // "clock"\n'
        "/* 'knaves' */ const b = 'bharg'"
        " + `x ${c === \"polignac\" ? `${{d: 1}.d}` : 'progress'} y`;\n"
        "const e = /[\"']clock/.test(f) ? g / 2 : h;\n"
        "const i = { calculation: 1, other: 2 };\n"
    )
    literals, code = javascript_literals(source)
    assert literals == ["golf", "bharg", "x ", "polignac", "", "", "progress", " y"]
    assert "clock" not in code and "knaves" not in code
    assert named_games(" ".join(literals)) == {"golf", "bharg", "polignac", "progress"}
    assert "calculation" in re.findall(r"[{,]\s*([A-Za-z_$][\w$]*)\s*:", code)


def surface_id(path: Path) -> str:
    return path.relative_to(SOURCE).as_posix()


def python_names(path: Path) -> set[tuple[str, str]]:
    """Each string literal of ``path`` that names a game, with the game."""
    return {
        (literal, name) for literal in python_literals(path) for name in named_games(literal)
    }


@pytest.mark.parametrize("path", PYTHON_SURFACES, ids=surface_id)
def test_no_python_surface_names_a_game(path: Path) -> None:
    allowed = {name for (file, name) in EXCEPTIONS if file == surface_id(path)}
    assert {(literal, name) for literal, name in python_names(path) if name not in allowed} \
        == set()


def test_the_surfaces_read_are_every_surface_module() -> None:
    read = {surface_id(path) for path in PYTHON_SURFACES}
    assert {"cli.py", "rl/openspiel.py", "rl/gymnasium.py", "rl/pettingzoo.py",
            "sim/simulate.py", "sim/tournament.py", "server/app.py"} <= read


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_no_script_names_a_game(path: Path) -> None:
    allowed = {name for (file, name) in EXCEPTIONS if file == path.name}
    assert javascript_names(path) - allowed == set()


def test_every_exception_is_still_needed() -> None:
    for file, name in EXCEPTIONS:
        names = {game for _, game in python_names(SOURCE / file)} if file.endswith(".py") \
            else javascript_names(STATIC / file)
        assert name in names, f"{file} no longer names {name}"

"""The messages of each catalogue, found in the sources, and the update of
the ``.po`` files (``python -m parlour.i18n``, ``make messages``).

What each domain holds is found here, in one place:

- **games**: every sentence of every game's and event's catalogue of typed
  events, its prompts, its title, description, hand word and options'
  help (read from the objects themselves), and the refusals written in the
  modules under ``parlour/games``, ``parlour/engine`` and ``parlour/cards``
  (see :func:`source_messages`);
- **web**: every ``t("...")`` in the browser's scripts and every
  ``{{t:...}}`` in the page fragments, and the words the scripts make from
  data (options' labels and values, flags, phases, keys: :func:`data_words`);
- **server**: the refusals and ``say("...")`` messages of ``parlour/server``;
- **cli**: those of the command line modules.

A refusal is found where it is made: the first string argument of a ``raise``
(a string or an f-string: an f-string's ``{expression}`` becomes the field
``{name}``, the expression's last name, or a number when two differ), the
string a ``_why_not...``/``_refusal...`` method returns, and the first
argument of ``say``. So a message is written once, in the English the code
already says, and its translation waits in the catalogue.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from parlour.i18n import DOMAINS, LANGUAGES, catalogue_path

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``parlour`` package's folder."""

REFUSING_FUNCTIONS = re.compile(r"^_?(why_not|refusal|refuse)")
"""Functions whose returned strings are refusals (said to a player)."""

SAYING_CALLS = frozenset({"say", "_"})
"""Calls whose first argument is a message id."""

Found = dict[str, list[str]]
"""Message id -> where it was found (``path:line`` or an object's name)."""


def _add(found: Found, msgid: str, where: str) -> None:
    if msgid.strip() and any(character.isalpha() for character in msgid):
        found.setdefault(msgid, []).append(where)


# -- messages written in Python source


def _name_of(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        return _name_of(node.func)
    if isinstance(node, ast.Subscript):
        return _name_of(node.value)
    return None


def message_of(node: ast.expr) -> str | None:
    """The message id an expression makes: a string as it is; an f-string
    with each ``{expression}`` as a ``{name}`` field; ``None`` for anything
    else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}") if _has_braces(node.value) \
            else node.value
    if not isinstance(node, ast.JoinedStr):
        return None
    names: dict[str, str] = {}
    parts: list[str] = []
    for index, value in enumerate(node.values):
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value)
            continue
        assert isinstance(value, ast.FormattedValue)
        source = ast.unparse(value.value)
        name = _name_of(value.value) or f"_{index}"
        if names.get(name, source) != source:
            name = f"{name}_{index}"
        names[name] = source
        parts.append("{" + name + "}")
    return "".join(parts)


def _has_braces(text: str) -> bool:
    return "{" in text or "}" in text


def source_messages(paths: Iterable[Path], found: Found | None = None) -> Found:
    """The messages of the Python modules ``paths`` (see the module's
    docstring for what counts as one)."""
    found = {} if found is None else found
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        where = path.relative_to(PACKAGE.parent).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                said = [arg for arg in node.exc.args if message_of(arg) is not None
                        or isinstance(arg, ast.IfExp)]
                if said:
                    _add_node(found, said[0], where)
            elif isinstance(node, ast.Call) and _name_of(node.func) in SAYING_CALLS \
                    and node.args:
                msgid = node.args[0]
                if isinstance(msgid, ast.Constant) and isinstance(msgid.value, str):
                    # a message id written as the template it is: its {fields} are fields
                    _add(found, msgid.value, f"{where}:{msgid.lineno}")
                else:
                    _add_node(found, msgid, where)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                    and REFUSING_FUNCTIONS.match(node.name):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        _add_node(found, inner.value, where)
    return found


def _add_node(found: Found, node: ast.expr, where: str) -> None:
    if isinstance(node, ast.IfExp):
        _add_node(found, node.body, where)
        _add_node(found, node.orelse, where)
        return
    msgid = message_of(node)
    if msgid is not None:
        _add(found, msgid, f"{where}:{node.lineno}")


def python_files(*folders: str, files: Iterable[str] = ()) -> list[Path]:
    """The modules of ``folders`` (under the package, recursively) and ``files``."""
    paths = [path for folder in folders for path in sorted((PACKAGE / folder).rglob("*.py"))]
    return paths + [PACKAGE / name for name in files]


# -- messages held by objects: the games' catalogues, prompts and options


def _modules(package: str) -> Iterator[object]:
    root = importlib.import_module(package)
    yield root
    for info in pkgutil.walk_packages(getattr(root, "__path__", []), prefix=f"{package}."):
        yield importlib.import_module(info.name)


def game_messages(found: Found | None = None) -> Found:
    """The sentences, prompts, phase names, titles, descriptions and option
    help of every registered game and event and of every catalogue in the
    game modules."""
    from parlour.engine.match import Catalogue
    from parlour.engine.registry import game_class, games
    from parlour.events import event_class
    from parlour.events import names as event_names

    found = {} if found is None else found
    for module in [*_modules("parlour.games"), importlib.import_module("parlour.events")]:
        for name, value in vars(module).items():
            where = f"{getattr(module, '__name__', '?')}.{name}"
            if isinstance(value, Catalogue):
                for sentence in value.sentences.values():
                    if isinstance(sentence, str):
                        _add(found, sentence, where)
            elif inspect.isclass(value):
                for attribute in ("prompts", "phase_names"):
                    table = vars(value).get(attribute)
                    if isinstance(table, dict):
                        for text in table.values():
                            if isinstance(text, str):
                                _add(found, text, f"{where}.{attribute}")
    classes: list[type] = [game_class(name) for name in games()]
    classes += [event_class(name) for name in event_names()]
    for cls in classes:
        where = getattr(cls, "name", cls.__name__)
        for attribute in ("title", "description", "hand_word"):
            text = getattr(cls, attribute, None)
            if isinstance(text, str):
                _add(found, text, f"{where}.{attribute}")
        schema = getattr(cls, "schema", None)
        for option in (schema or ()):
            _add(found, option.help, f"{where}.{option.name}")
    return found


# -- messages of the browser


JS_CALL = re.compile(r"""\bt\(\s*(?P<quote>["'`])(?P<text>(?:\\.|(?!(?P=quote)).)*)(?P=quote)""",
                     re.DOTALL)
HTML_MESSAGE = re.compile(r"\{\{t:(?P<text>.*?)\}\}", re.DOTALL)


def web_messages(found: Found | None = None) -> Found:
    """Every ``t("...")`` of the scripts and ``{{t:...}}`` of the pages."""
    found = {} if found is None else found
    server = PACKAGE / "server"
    for path in sorted((server / "static").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        for match in JS_CALL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            msgid = match.group("text").encode().decode("unicode_escape") \
                if "\\" in match.group("text") else match.group("text")
            _add(found, msgid, f"parlour/server/static/{path.name}:{line}")
    for path in sorted((server / "pages").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        for match in HTML_MESSAGE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            _add(found, " ".join(match.group("text").split()),
                 f"parlour/server/pages/{path.name}:{line}")
    return found


def label_of(key: str) -> str:
    """A key as the browser labels it (``static/dom.js``'s ``labelOf``):
    ``card_points`` is ``Card points``."""
    words = key.replace("_", " ")
    return words[:1].upper() + words[1:]


def words_of(value: object) -> str:
    """An option's value as the browser says it (``static/tablehelp.js``'s
    ``valueInWords``): ``black_sevens`` is ``black sevens``."""
    return str(value).replace("_", " ")


PLAYED_MOVES = 300
"""Moves of each game played at random to see the words its observations hold."""


def data_words(found: Found | None = None) -> Found:
    """The words the pages make from data: each registered game's and
    event's option labels and values in words, the computer levels, the
    packs' titles, and the
    flags, phases, keys, piles and calls (legal actions without a card:
    ``pass``, ``capot``; the server labels them) that a game's observations
    hold (seen in :data:`PLAYED_MOVES` random moves of each)."""
    import random

    from parlour.agents.levels import LEVELS
    from parlour.cards import DECKS
    from parlour.engine import make
    from parlour.engine.observation import COMMON_KEYS, FRAME_KEYS
    from parlour.engine.registry import game_class, games
    from parlour.events import event_class
    from parlour.events import names as event_names

    found = {} if found is None else found
    for level in LEVELS:
        _add(found, label_of(level), "parlour.agents.levels")
    for deck in DECKS.values():
        _add(found, deck.title, f"parlour.cards.{deck.name}")
    classes: list[type] = [game_class(name) for name in games()]
    classes += [event_class(name) for name in event_names()]
    for cls in classes:
        where = getattr(cls, "name", cls.__name__)
        for option in (getattr(cls, "schema", None) or ()):
            _add(found, label_of(option.name), f"{where}.{option.name}")
            for choice in getattr(option, "choices", None) or ():
                if isinstance(choice, str):
                    _add(found, words_of(choice), f"{where}.{option.name}")
    for name in games():
        state = make(name).new_state(seed=0)
        chance = random.Random(0)
        for _move in range(PLAYED_MOVES):
            observation = state.observation(0)
            where = f"{name} observation"
            _add(found, str(observation.get("phase") or ""), where)
            for key in observation:
                if key not in COMMON_KEYS and key not in FRAME_KEYS:
                    _add(found, label_of(key), where)
            for player in observation.get("players", ()):
                for key in player:
                    _add(found, label_of(key), where)
                for flag in player.get("flags", ()):
                    _add(found, str(flag), where)
            for zone, value in (observation.get("zones") or {}).items():
                _add(found, label_of(zone), where)
                if zone == "melds" and isinstance(value, list):
                    for meld in value:
                        _add(found, str(meld.get("kind", "")), where)
            for action in observation.get("legal", ()):
                # a call's one word (pass, capot, draw), which its button says
                text = str(action.get("text", ""))
                if action.get("card") is None and text.isalpha():
                    _add(found, text, where)
            if state.is_terminal():
                break
            state.apply(chance.choice(state.legal_actions()))
    return found


EXTRACTORS: dict[str, Callable[[], Found]] = {
    "games": lambda: source_messages(python_files("games", "engine", "cards"),
                                     game_messages()),
    "web": lambda: web_messages(data_words()),
    "server": lambda: source_messages(python_files("server")),
    "cli": lambda: source_messages(python_files(files=(
        "cli.py", "event_cli.py", "simulate_cli.py", "render.py", "stats.py"))),
}
"""How each domain's messages are found."""


def extract(domain: str) -> Found:
    """The messages of ``domain`` in the sources today."""
    return EXTRACTORS[domain]()


def update(domain: str, lang: str) -> tuple[int, int]:
    """Bring ``lang``'s catalogue of ``domain`` up to date with the sources:
    new messages added untranslated, gone ones dropped, translations kept.
    Returns how many messages it holds and how many wait for a translation."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    found = extract(domain)
    template = Catalog(domain=domain, project="parlour", charset="utf-8",
                       creation_date=datetime(2026, 1, 1, tzinfo=UTC))
    for msgid, places in sorted(found.items()):
        template.add(msgid, locations=[(place, 0) for place in sorted(set(places))][:3])
    path = Path(str(catalogue_path(lang, domain)))
    if path.is_file():
        with path.open("rb") as stream:
            catalog = read_po(stream, locale=lang, domain=domain)
    else:
        catalog = Catalog(locale=lang, domain=domain, project="parlour", charset="utf-8",
                          creation_date=template.creation_date)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        write_po(stream, catalog, width=0, omit_header=False, ignore_obsolete=True,
                 include_lineno=False)
    waiting = sum(1 for message in catalog if message.id and not message.string)
    return len(catalog), waiting


def main() -> None:
    """Update every catalogue and say what waits for a translation."""
    for lang in LANGUAGES[1:]:
        for domain in DOMAINS:
            total, waiting = update(domain, lang)
            print(f"{lang}/{domain}.po: {total} messages, {waiting} to translate")

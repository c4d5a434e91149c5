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
- **cli**: those of the command line modules, the help of every command
  and option (``--help``, read from the command line Typer builds), the
  headings of the events' final standings, and the words of the terminal
  table made from a game's data: the labels of its zones and extras and the
  headings of its players' columns (found by playing a few matches of every
  game, see :func:`table_messages`); the game's own words in the table
  (flags, phases, moves) are the **games** domain's.

A refusal is found where it is made: the first string argument of a ``raise``
(a string or an f-string: an f-string's ``{expression}`` becomes the field
``{name}``, the expression's last name, or a number when two differ), the
string a ``_why_not...``/``_why_no...``/``_refusal...`` method returns, and the first
argument of ``say`` (a template as it is written: its ``{name}`` are the
fields ``say`` fills). So a message is written once, in the English the code
already says, and its translation waits in the catalogue.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import random
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from parlour.i18n import (
    CARD_NAME,
    CARD_NAME_TEMPLATES,
    DOMAINS,
    FIELD,
    LANGUAGES,
    catalogue_path,
)

PACKAGE = Path(__file__).resolve().parent.parent
"""The ``parlour`` package's folder."""

REFUSING_FUNCTIONS = re.compile(r"^_?(why_not?|refusal|refuse)")
"""Functions whose returned strings are refusals (said to a player)."""

WORD = re.compile(r"[^\W\d_]{2}")
"""Two letters: a word."""

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


WORD_TABLES = re.compile(
    r"^_?(?:[A-Z]+_)+NAMES$|^_?(?:[A-Z]+_)*(?:WORDS|VERBS|CAUSES|REASONS|SENTENCES|PROMPTS"
    r"|POINTS|PLAYS|SIGNS|NICKNAMES)$")
"""Module-level tables of a game module whose values are words a player
sees (``SUIT_NAMES``, ``WORDS``, ``CHANCE_VERBS``, ``MORRIS_POINTS``...),
alone or as a field of a sentence; ``NAMES`` alone (Bharg's card names)
are card codes and stay as they are."""

CLASS_TABLES = ("prompts", "phase_names", "words")
"""A game class's attributes whose values are messages: its prompts, the
names of its phases, the words it accepts as moves."""


def _words_of(value: object) -> list[str]:
    """The strings of a table (a mapping's values, a sequence's items) that
    are words: trimmed text with a letter."""
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, tuple | list):
        items = list(value)
    else:
        return []
    return [item for item in items if isinstance(item, str) and item == item.strip()
            and any(character.isalpha() for character in item)]


def _is_sentence(msgid: str) -> bool:
    """Whether a string said by a catalogue's function is a message: whole
    (no outer spaces: not a piece joined to another) and with a word of its
    own beside its fields (``{seat} {card}`` would match any two words,
    ``m{number}`` any word that starts with m)."""
    return msgid == msgid.strip() and WORD.search(FIELD.sub("", msgid)) is not None


def _strings_of(node: ast.AST, functions: dict[str, ast.FunctionDef], found: Found,
                where: str, seen: set[str]) -> None:
    """Every whole string the code ``node`` says (a catalogue's function, a
    move's text): each string or f-string (an f-string's fields named as
    :func:`message_of` names them, the strings inside its fields said
    alone), and those of the module's functions it calls."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return  # a docstring
    if isinstance(node, ast.Constant):
        # a constant is a sentence or a template the function formats
        if isinstance(node.value, str) and _is_sentence(node.value):
            _add(found, node.value, f"{where}:{node.lineno}")
        return
    if isinstance(node, ast.JoinedStr):
        msgid = message_of(node)
        if msgid is not None and _is_sentence(msgid):
            _add(found, msgid, f"{where}:{node.lineno}")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in functions and node.func.id not in seen:
        seen.add(node.func.id)
        _strings_of(functions[node.func.id], functions, found, where, seen)
    for child in ast.iter_child_nodes(node):
        if isinstance(node, ast.JoinedStr) and not isinstance(child, ast.FormattedValue):
            continue
        _strings_of(child, functions, found, where, seen)


ACTION_TEXTS = frozenset({"action_to_str", "text", "move_text", "move_sentence", "kind"})
"""A game module's functions whose returned strings a player reads: a move
in words (a button's label), a patience's hint, a meld's kind."""

FLAGS = "flags"
"""The list of words an observation shows on a seat (``dealer``, ``elder``,
``out``): every string a game puts in a list of this name is a message."""


def _is_flags(node: ast.expr) -> bool:
    """Whether ``node`` is a seat's list of flags: ``flags`` or ``x["flags"]``."""
    if isinstance(node, ast.Name):
        return node.id == FLAGS
    return isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
        and node.slice.value == FLAGS


def _flag_words(node: ast.AST) -> Iterator[ast.expr]:
    """The expressions that make a seat's flags in ``node``: the value of
    ``flags = ...``, of ``"flags": ...`` in a mapping, the argument of
    ``flags.append(...)``."""
    if isinstance(node, ast.Assign) and any(_is_flags(target) for target in node.targets):
        yield node.value
    elif isinstance(node, ast.Dict):
        yield from (value for key, value in zip(node.keys, node.values, strict=True)
                    if isinstance(key, ast.Constant) and key.value == FLAGS)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "append" and _is_flags(node.func.value):
        yield from node.args


def catalogue_sentences(module: object, found: Found | None = None) -> Found:
    """The sentences of the functions in ``module``'s catalogues (the
    entries a format string cannot say: a choice between two sentences, a
    list of names) and of its :data:`ACTION_TEXTS`: every whole string they
    say, as a template; the words an event is made with
    (``Scored(seat, 1, "last card")``: the log shows its ``reason``); and
    the words of a seat's :data:`FLAGS`."""
    from parlour.engine.match import GameEvent

    found = {} if found is None else found
    path = getattr(module, "__file__", None)
    if path is None:
        return found
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), path)
    where = Path(path).resolve().relative_to(PACKAGE.parent).as_posix()
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    events = {name for name, value in vars(module).items()
              if inspect.isclass(value) and issubclass(value, GameEvent)}
    for node in ast.walk(tree):
        for made in _flag_words(node):
            for inner in ast.walk(made):
                if isinstance(inner, ast.Constant) and isinstance(inner.value, str) \
                        and _is_sentence(inner.value):
                    _add(found, inner.value, f"{where}:{inner.lineno}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in events:
            for argument in node.args:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str) \
                        and _is_sentence(argument.value):
                    _add(found, argument.value, f"{where}:{argument.lineno}")
        if isinstance(node, ast.FunctionDef) and node.name in ACTION_TEXTS:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and inner.value is not None:
                    _strings_of(inner.value, functions, found, where, set())
        if isinstance(node, ast.Call) and _name_of(node.func) == "Catalogue" and node.args \
                and isinstance(node.args[0], ast.Dict):
            for value in node.args[0].values:
                said: ast.AST = value
                if isinstance(value, ast.Name) and value.id in functions:
                    said = functions[value.id]
                if not isinstance(said, ast.Constant):
                    _strings_of(said, functions, found, where, set())
    return found


def game_messages(found: Found | None = None) -> Found:
    """The sentences, prompts, phase names, words, titles, descriptions,
    option help and choices and commands of every registered game and event,
    every catalogue in the game modules (its functions' sentences too, see
    :func:`catalogue_sentences`), their word tables (:data:`WORD_TABLES`)
    and the decks' titles and suits."""
    from parlour.cards import DECKS
    from parlour.engine.match import Catalogue
    from parlour.engine.registry import game_class, games
    from parlour.events import event_class
    from parlour.events import names as event_names

    found = {} if found is None else found
    for module in [*_modules("parlour.games"), importlib.import_module("parlour.events")]:
        module_name = getattr(module, "__name__", "?")
        catalogue_sentences(module, found)
        for name, value in vars(module).items():
            where = f"{module_name}.{name}"
            if isinstance(value, Catalogue):
                for sentence in value.sentences.values():
                    if isinstance(sentence, str):
                        _add(found, sentence, where)
            elif inspect.isclass(value):
                catalogue = vars(value).get("catalogue")
                if isinstance(catalogue, Catalogue):  # a state's own (a race table's)
                    for sentence in catalogue.sentences.values():
                        if isinstance(sentence, str):
                            _add(found, sentence, f"{where}.catalogue")
                for attribute in CLASS_TABLES:
                    for text in _words_of(vars(value).get(attribute)):
                        _add(found, text, f"{where}.{attribute}")
            elif WORD_TABLES.match(name):
                for text in _words_of(value):
                    _add(found, text, where)
    classes: list[type] = [game_class(name) for name in games()]
    classes += [event_class(name) for name in event_names()]
    for cls in classes:
        where = getattr(cls, "name", cls.__name__)
        for attribute in ("title", "description", "hand_word"):
            value = getattr(cls, attribute, None)
            if isinstance(value, str):
                _add(found, value, f"{where}.{attribute}")
        commands: str = getattr(cls, "commands_help", None) or ""
        for line in commands.splitlines():
            _add(found, line, f"{where}.commands_help")
        schema = getattr(cls, "schema", None)
        for option in (schema or ()):
            _add(found, option.help, f"{where}.{option.name}")
            for choice in option.choices:  # a word (black_sevens) until a surface says it
                if isinstance(choice, str):
                    _add(found, choice, f"{where}.{option.name}")
    for name, deck in DECKS.items():
        where = f"parlour.cards.DECKS[{name!r}]"
        _add(found, deck.title, where)
        for suit in deck.suits:  # a suit's name, and in a sentence (you hold hearts)
            _add(found, suit, where)
            _add(found, suit.lower(), where)
        for card in deck.cards:  # its name said in words (Messages.card_name)
            named = CARD_NAME.fullmatch(card.name)
            if named:
                _add(found, CARD_NAME_TEMPLATES[named["join"]], "parlour.i18n.CARD_NAME_TEMPLATES")
                for word in named.group("rank", "suit"):
                    _add(found, word, where)
    return found


# -- messages of the terminal


TABLE_SEEDS = (1, 2, 3)
"""The seeds of the matches :func:`table_messages` plays of every game."""


def table_messages(found: Found | None = None) -> Found:
    """The words the terminal table (:class:`parlour.render.Renderer`)
    makes of a game's data, in every observation of a few random matches
    of every registered game: the labels of its zones and extras and the
    headings of its players' columns."""
    from parlour.engine import game_class, games
    from parlour.render import DRAWN_KEYS, column_heading, key_label, player_columns

    found = {} if found is None else found
    for name in games():
        cls = game_class(name)
        for seed in TABLE_SEEDS:
            state = cls().new_state(seed=seed)
            rng = random.Random(seed)
            while True:
                for seat in range(state.game.num_players):
                    observation = state.observation(seat)
                    for key in [*observation["zones"], *(key for key in observation
                                                         if key not in DRAWN_KEYS)]:
                        _add(found, key_label(key), f"{name}.{key}")
                    for key in player_columns(observation["players"]):
                        _add(found, column_heading(key), f"{name}.players.{key}")
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply(rng.choices(outcomes, weights)[0])
                else:
                    state.apply(rng.choice(state.legal_actions()))
    return found


def cli_messages() -> Found:
    """The ``cli`` domain: the command line modules' messages, the help of
    its commands and options, the headings of the events' final standings
    and the words of the terminal table."""
    from parlour.cli import help_messages
    from parlour.events import event_class
    from parlour.events import names as event_names
    from parlour.sim.events import event_label, meanings

    found = source_messages(python_files(files=(
        "cli.py", "cli_frame.py", "event_cli.py", "simulate_cli.py", "render.py", "stats.py")))
    for text in help_messages():
        _add(found, text, "parlour/cli.py:--help")
    for name in event_names():
        for _, heading, _ in event_class(name).standings_columns:
            _add(found, heading, f"{name}.standings_columns")
    for event in meanings():
        _add(found, event_label(event), "parlour.sim.events.counted_events")
    return report_messages(table_messages(found))


def report_messages(found: Found) -> Found:
    """The words of ``parlour simulate``'s tables (:mod:`parlour.sim.report`):
    every string and f-string that a ``..._text`` function writes (titles,
    headings, row labels, figures in words such as ``median 7 (5-95%: 3-12),
    range 1-19``), its docstring and the formats with no word of their own
    (``{cardstock}``) left out."""
    path = PACKAGE / "sim" / "report.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = "parlour/sim/report.py"

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            return  # a docstring
        if isinstance(node, ast.Constant | ast.JoinedStr):
            msgid = message_of(node)
            if msgid is not None and _is_sentence(msgid):
                _add(found, msgid, f"{where}:{node.lineno}")
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    for function in tree.body:
        if isinstance(function, ast.FunctionDef) and function.name.endswith("_text"):
            visit(function)
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
    packs' titles and suits (a seat's void), the rank and suit words of the
    cards' names (``cardName`` in ``static/cards.js``), and the
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
        for suit in deck.suits:
            _add(found, suit, f"parlour.cards.{deck.name}")
        for card in deck.cards:
            named = CARD_NAME.match(card.name)
            for word in named.group("rank", "suit") if named else ():
                _add(found, word, f"parlour.cards.{deck.name}")
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
    "cli": cli_messages,
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

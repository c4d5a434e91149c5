"""Every word parlour shows, in English and Spanish: one message catalogue
per area (gettext ``.po`` files read with Babel), one place that picks a
language, and one function that says an English message in another
language.

The English text is the message id (gettext's own convention), so English
needs no catalogue and a message that has no translation yet shows in
English, never as a key. The catalogues live in
``parlour/locale/<lang>/LC_MESSAGES/<domain>.po``, one domain an area:

========  ==================================================================
domain    what it holds
========  ==================================================================
games     the games' log sentences (their event catalogues), prompts, phase
          and hand words, titles, descriptions, options and their help,
          and the refusals of moves, deals and options
web       the web pages and their scripts (``t("...")`` in the ``.js``
          files, the page fragments)
server    the server's refusals and messages
cli       the ``parlour`` command line and the terminal table
========  ==================================================================

A message with ``{name}`` fields is a *template*: :func:`say` fills it in
the chosen language, and :func:`translate` recognises a message already
made in English from the template (so a refusal raised in English by a
game, or a log line made from a typed event by the game's catalogue,
reaches a Spanish page in Spanish). Each field of a recognised message is
translated too when it is itself a message (a sign's name, a phase) or a
list of them (``a, b``) or a card's name (``Unter-Acorns``), and kept as
it is otherwise (card codes, seat names, numbers). Python reads the games,
server and cli catalogues; the web catalogue is the browser's
(``static/i18n.js``).

``python -m parlour.i18n`` (``make messages``) brings every catalogue up to
date with the sources (:mod:`parlour.i18n.extract`); a test checks that
every message has its translation.

>>> spanish = Messages("es", {"{seat} plays {card}": "{seat} juega {card}",
...                           "pass": "paso", "{seat} says {word}": "{seat} dice {word}"})
>>> spanish.translate("P1 plays 7Cr")
'P1 juega 7Cr'
>>> spanish.translate("P2 says pass")
'P2 dice paso'
>>> spanish.say("{seat} plays {card}", seat="P0", card="KSu")
'P0 juega KSu'
>>> language_of("es_ES.UTF-8"), language_of("fr"), language_of(None)
('es', 'en', 'en')
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

LANGUAGES = ("en", "es")
"""The languages parlour speaks; the first is the default and the language
of the message ids."""

DEFAULT = LANGUAGES[0]

LANGUAGE_NAMES = {"en": "English", "es": "Español"}
"""Each language in its own words (the language switch)."""

DOMAINS = ("games", "web", "server", "cli")
"""The catalogues, one an area (see the module's table)."""

COOKIE = "parlour_lang"
"""The cookie that keeps a browser's chosen language."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The locale variables the command line reads, in gettext's order."""

FIELD = re.compile(r"\{(\w*)\}")
"""A message's field: ``{name}`` (a template's; ``{}`` too)."""


def language_of(value: str | None) -> str:
    """The language of a locale or language tag (``es``, ``es_ES.UTF-8``,
    ``es-419``); the default for anything parlour does not speak."""
    if not value:
        return DEFAULT
    code = re.split(r"[-_.@:]", value.strip().lower(), maxsplit=1)[0]
    return code if code in LANGUAGES else DEFAULT


def check_language(value: str) -> str:
    """``value`` as a language parlour speaks, or a ``ValueError`` that names
    the languages."""
    if value not in LANGUAGES:
        raise ValueError(f"parlour does not speak {value!r}; the languages are "
                         f"{', '.join(LANGUAGES)}")
    return value


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale variables ask for (the first one set, in
    gettext's order; ``LANGUAGE`` may list several, the first spoken wins)."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        if variable == "LANGUAGE":
            for part in value.split(":"):
                if language_of(part) != DEFAULT or part.lower().startswith(DEFAULT):
                    return language_of(part)
            continue
        if value in ("C", "POSIX") or value.startswith("C."):
            return DEFAULT
        return language_of(value)
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The language a browser's ``Accept-Language`` header prefers among
    those parlour speaks (by quality, then order)."""
    best: tuple[float, int, str] | None = None
    for order, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q=([0-9.]+)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                quality = 0.0
        code = re.split(r"[-_]", tag.strip().lower(), maxsplit=1)[0]
        if code not in LANGUAGES or quality <= 0:
            continue
        if best is None or (quality, -order) > (best[0], -best[1]):
            best = (quality, order, code)
    return best[2] if best else DEFAULT


SPECIFIC = 10
"""A template with fewer literal characters than this (``{card} as
{face}``, ``{names} and {last}``) recognises a message only when its fields
are values (:meth:`Messages._is_value`)."""

VALUE_WORDS = 4
"""The most words of a field's value that is a name, a card or a number."""


CARD_NAME = re.compile(r"^(?P<rank>.+?)(?P<join> of |-)(?P<suit>\w+)(?P<copy> #\d+)?$")
"""A card's name made of a rank and a suit ("Jack of Spades", "Ober-Acorns",
"7 of Suns #2"), as :meth:`Messages.card_name` and the browser
(``cardName`` in ``static/cards.js``) read it."""

CARD_NAME_TEMPLATES = {" of ": "{rank} of {suit}", "-": "{rank}-{suit}"}
"""How a card's name is said, by the English name's join ("de" both in
Spanish); only for a card's name, never to recognise another text
(``Jean-Luc`` is no rank and suit)."""


@cache
def card_names() -> frozenset[str]:
    """The name of every card of every pack (the only texts
    :meth:`Messages.card_name` says: a person named "Jean-Luc" stays so)."""
    from parlour.cards import DECKS

    return frozenset(card.name for deck in DECKS.values() for card in deck.cards)


@dataclass(frozen=True)
class _Template:
    """A message with fields, recognisable in a message already made."""

    msgid: str
    msgstr: str
    pattern: re.Pattern[str]
    key: str
    """Its longest literal part: only a message containing it is tried."""
    literal: int
    """How many of its characters are literal (the most specific wins)."""


def _template(msgid: str, msgstr: str) -> _Template:
    parts = FIELD.split(msgid)
    pattern, seen = [], set()
    for index, part in enumerate(parts):
        if index % 2 == 0:
            pattern.append(re.escape(part))
        elif part and part.isidentifier() and part in seen:
            pattern.append(f"(?P={part})")
        else:
            name = part if part.isidentifier() else f"_{index}"
            seen.add(name)
            pattern.append(f"(?P<{name}>.+?)")
    literals = parts[0::2]
    return _Template(msgid, msgstr, re.compile("".join(pattern), re.DOTALL),
                     max(literals, key=len), sum(map(len, literals)))


class Messages:
    """One language's messages: every catalogue's translations, exact and as
    templates."""

    def __init__(self, lang: str, translations: Mapping[str, str]) -> None:
        self.lang = lang
        self.exact = dict(translations)
        self.templates = sorted(
            (_template(msgid, msgstr) for msgid, msgstr in self.exact.items()
             if FIELD.search(msgid) and msgid not in CARD_NAME_TEMPLATES.values()),
            key=lambda template: -template.literal)

    def gettext(self, text: str) -> str:
        """The translation of the message ``text`` (itself when it has none)."""
        return self.exact.get(text, text)

    def translate(self, text: str) -> str:
        """``text``, a message made in English, in this language: a message
        of the catalogue, or one made from a template (its fields kept, or
        translated when they are messages themselves, made from a template
        too: ``P0's side`` in ``P0's side scores 2 for pair``), line by line;
        text the catalogue does not know stays as it is."""
        if "\n" in text:
            return "\n".join(self.translate(line) for line in text.split("\n"))
        exact = self.exact.get(text)
        if exact is not None:
            return exact
        return self.card_name(text) or self._made(text)

    def card_name(self, name: str) -> str | None:
        """A card's English name in this language, its rank and suit words
        said (``Unter-Acorns`` is ``Unter de Bellotas``, ``Ace of Moons``
        ``As de Lunas``, a second copy's mark kept); ``None`` for a text
        that is no card's name (``The Cave``, a card with a name of its
        own, keeps it: no rank and suit)."""
        match = CARD_NAME.fullmatch(name) if name in card_names() else None
        if match is None:
            return None
        return self.say(CARD_NAME_TEMPLATES[match["join"]], rank=self.gettext(match["rank"]),
                        suit=self.gettext(match["suit"])) + (match["copy"] or "")

    @lru_cache(maxsize=8192)  # noqa: B019 - one Messages a language, kept for the process
    def _made(self, text: str) -> str:
        for template in self.templates:
            if template.key not in text:
                continue
            match = template.pattern.fullmatch(text)
            if match is None:
                continue
            values = match.groupdict()
            if template.literal < SPECIFIC and not all(map(self._is_value, values.values())):
                continue  # "... unable to parse string as an integer" is not "{code} as {face}"
            fields = {name: self._field(value) for name, value in values.items()}
            return _fill(template.msgstr, fields)
        return text

    def _is_value(self, value: str) -> bool:
        """Whether ``value`` can be a field of a template with little text
        of its own (``{seat} says {word}``): a message, or a list of names,
        cards or numbers (at most :data:`VALUE_WORDS` words an item), not a
        sentence the template happens to cut in two."""
        if value in self.exact:
            return True
        return all(len(item.split()) <= VALUE_WORDS or self._made(item) != item
                   for item in re.split(r"[;,] ", value))

    def _field(self, value: str) -> str:
        """A recognised message's field in this language: a message of the
        catalogue, else a list (``a, b`` or ``a; b``: each item said, before
        a template could take the whole list for one message), else a
        message made from a template, else as it is (a name, a card code, a
        number)."""
        exact = self.exact.get(value) or self.card_name(value)
        if exact is not None:
            return exact
        for separator in ("; ", ", "):
            if separator in value:
                return separator.join(self._field(item) for item in value.split(separator))
        return self._made(value)

    def say(self, msgid: str, /, **fields: object) -> str:
        """The message ``msgid`` in this language with its fields filled."""
        return _fill(self.gettext(msgid), {name: str(value) for name, value in fields.items()})


def _fill(template: str, fields: Mapping[str, str]) -> str:
    def field(match: re.Match[str]) -> str:
        name = match.group(1)
        return fields.get(name, match.group(0))
    return FIELD.sub(field, template)


def catalogue_path(lang: str, domain: str) -> resources.abc.Traversable:
    """Where the catalogue of ``domain`` in ``lang`` is kept."""
    return resources.files("parlour").joinpath("locale", lang, "LC_MESSAGES", f"{domain}.po")


def read_catalogue(lang: str, domain: str) -> dict[str, str]:
    """The translations of one catalogue (empty and fuzzy ones left out)."""
    from babel.messages.pofile import read_po

    path = catalogue_path(lang, domain)
    if not path.is_file():
        return {}
    with path.open("rb") as stream:
        catalog = read_po(stream, locale=lang)
    return {str(message.id): str(message.string) for message in catalog
            if message.id and isinstance(message.id, str) and message.string
            and not message.fuzzy}


SAID_IN_PYTHON = ("games", "server", "cli")
"""The catalogues of the messages Python code says (:func:`translate`,
:func:`say`). The web catalogue is the browser's (:func:`web_messages`):
its words and templates, made for the pages (``{count} players``), would
be read into sentences they were never meant for (``number of players``)."""


@cache
def messages(lang: str) -> Messages:
    """Every message that Python code says in ``lang`` (read once; see
    :data:`SAID_IN_PYTHON`)."""
    check_language(lang)
    translations: dict[str, str] = {}
    if lang != DEFAULT:
        for domain in SAID_IN_PYTHON:
            translations.update(read_catalogue(lang, domain))
    return Messages(lang, translations)


def _(text: str) -> str:
    """Marks ``text``, made in English, as a message of its module's
    catalogue, said later in each reader's language (gettext's
    ``gettext_noop``; :mod:`parlour.i18n.extract` finds it)."""
    return text


def translate(text: str, lang: str) -> str:
    """``text``, made in English, in ``lang`` (see :meth:`Messages.translate`)."""
    if lang == DEFAULT:
        return text
    return messages(lang).translate(text)


def translate_all(texts: Iterable[str], lang: str) -> list[str]:
    """Each of ``texts`` in ``lang``."""
    return [translate(text, lang) for text in texts]


def say(msgid: str, lang: str, /, **fields: object) -> str:
    """The message ``msgid`` in ``lang`` with its ``{fields}`` filled."""
    return messages(lang).say(msgid, **fields)


def web_messages(lang: str) -> dict[str, str]:
    """The web domain's translations in ``lang``, for the browser's ``t()``
    (``static/i18n.js``)."""
    if lang == DEFAULT:
        return {}
    return read_catalogue(lang, "web")

"""The language of each request, socket and page, and what the server
says in it (parlour.i18n; docs/web.md, "Languages").

A request's language is, in order: a ``lang`` query parameter naming a
language parlour speaks, the :data:`~parlour.i18n.COOKIE` the page's
language switch sets, and the browser's ``Accept-Language``. The games
and the server make their sentences in English (records and stored data
stay English: they are data); what a viewer is sent is translated at this
boundary: the refusals (``{"error": ...}``), the views' log, prompt and
legal actions' labels, the games' listing, and the pages' ``{{t:...}}``
texts.
"""

from __future__ import annotations

import html
import json
from dataclasses import fields
from functools import cache
from typing import Any, Protocol

from starlette.requests import HTTPConnection

from parlour.i18n import (
    COOKIE,
    DEFAULT,
    LANGUAGE_NAMES,
    LANGUAGES,
    from_accept_language,
    messages,
    translate,
    web_messages,
)
from parlour.i18n.extract import HTML_MESSAGE
from parlour.stats import GameStats

LANGUAGE_PARAMETER = "lang"
"""The query parameter that names a request's or socket's language."""


def request_language(connection: HTTPConnection) -> str:
    """The language of a request or socket: its ``lang`` parameter, else the
    language cookie, else its ``Accept-Language`` (English when none is one
    parlour speaks)."""
    for value in (connection.query_params.get(LANGUAGE_PARAMETER),
                  connection.cookies.get(COOKIE)):
        if value in LANGUAGES:
            return str(value)
    return from_accept_language(connection.headers.get("accept-language"))


def localized_view(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """``view`` (a table's or a party's) with what its viewer reads in
    ``lang``: the table's title and the observation's sentences (see
    :func:`localized_observation`); the view itself is not changed."""
    if lang == DEFAULT:
        return view
    view = dict(view)
    table = view.get("table")
    if isinstance(table, dict) and isinstance(table.get("title"), str):
        view["table"] = {**table, "title": translate(table["title"], lang)}
    observation = view.get("observation")
    if isinstance(observation, dict):
        view["observation"] = localized_observation(observation, lang)
    return view


def localized_observation(observation: dict[str, Any], lang: str) -> dict[str, Any]:
    """An observation's sentences in ``lang``: the prompt, the log lines, a
    ``label`` for each legal action (its ``text`` stays the English the
    engine parses) and a contract's text. Everything else is data and stays
    as the game wrote it (phases, card codes, options)."""
    if lang == DEFAULT:
        return observation
    observation = dict(observation)
    if isinstance(observation.get("prompt"), str):
        observation["prompt"] = translate(observation["prompt"], lang)
    if isinstance(observation.get("log"), list):
        observation["log"] = [translate(line, lang) if isinstance(line, str) else line
                              for line in observation["log"]]
    if isinstance(observation.get("legal"), list):
        observation["legal"] = [
            {**action, "label": data_word(action["text"], lang)}
            if isinstance(action, dict) and isinstance(action.get("text"), str) else action
            for action in observation["legal"]]
    contract = observation.get("contract")
    if isinstance(contract, dict) and isinstance(contract.get("text"), str):
        observation["contract"] = {**contract, "text": translate(contract["text"], lang)}
    return observation


def localized_replay(position: dict[str, Any], lang: str) -> dict[str, Any]:
    """A replayed position (``GET /api/tables/{id}/replay/{n}``) with its
    public observation's sentences in ``lang``."""
    if lang == DEFAULT:
        return position
    position = dict(position)
    if isinstance(position.get("public"), dict):
        position["public"] = localized_observation(position["public"], lang)
    if isinstance(position.get("last_action"), str):
        position["last_action"] = translate(position["last_action"], lang)
    return position


def localized_statistics(line: dict[str, Any], lang: str) -> dict[str, Any]:
    """A patience's statistics line (``GET /api/stats``) with its title and
    its summary (:meth:`parlour.stats.GameStats.describe`'s sentence) in
    ``lang``."""
    if lang == DEFAULT:
        return line
    counts = GameStats(**{field.name: line[field.name] for field in fields(GameStats)})
    return {**line, "title": translate(str(line["title"]), lang),
            "summary": counts.describe(lang)}


def localized_hint(hint: dict[str, Any], lang: str) -> dict[str, Any]:
    """A hint's sentence (a patience's move in words) and a label of its
    move in ``lang``."""
    if lang == DEFAULT:
        return hint
    hint = dict(hint)
    if isinstance(hint.get("sentence"), str):
        hint["sentence"] = translate(hint["sentence"], lang)
    if isinstance(hint.get("text"), str):
        hint["label"] = data_word(hint["text"], lang)
    return hint


class _HasRules(Protocol):
    def rules_help(self, lang: str = ...) -> str: ...


def rules_in(kind: _HasRules, lang: str) -> str:
    """A game's or event's rules help in ``lang`` when it is written in
    it, else in English (``parlour.help``)."""
    try:
        return kind.rules_help(lang)
    except ValueError:
        return kind.rules_help()


def localized_game(info: dict[str, Any], lang: str) -> dict[str, Any]:
    """An entry of ``GET /api/games`` (or the party form) in ``lang``: its
    title, description, hand word, pack title and each option's help and
    allowed values (the rules are the help written in the language:
    :func:`rules_in`)."""
    if lang == DEFAULT:
        return info
    info = dict(info)
    for key in ("title", "description", "hand_word"):
        if isinstance(info.get(key), str):
            info[key] = translate(info[key], lang)
    if isinstance(info.get("deck_title"), str):
        info["deck_title"] = data_word(info["deck_title"], lang)
    if isinstance(info.get("options"), list):
        info["options"] = [
            {**option, **{key: translate(option[key], lang) for key in ("help", "allowed")
                          if isinstance(option.get(key), str)}}
            if isinstance(option, dict) else option
            for option in info["options"]]
    return info


# --- pages -------------------------------------------------------------------
@cache
def _web(lang: str) -> dict[str, str]:
    """The web catalogue's translations in ``lang`` (read once)."""
    return web_messages(lang)


def page_text(text: str, lang: str) -> str:
    """A page's HTML with each ``{{t:...}}`` replaced by its text in
    ``lang`` (the web catalogue's; escaped for HTML: the marks sit in text
    and in attributes)."""
    words = _web(lang)

    def one(match: Any) -> str:
        english = " ".join(match.group("text").split())
        return html.escape(words.get(english, english))

    return HTML_MESSAGE.sub(one, text)


def data_word(text: str, lang: str) -> str:
    """A word of the games' data that a page shows (a legal action's text
    ``pass``, ``capot``, ``7Cr``; a pack's title) as the viewer reads it:
    the games' catalogue's, else the web catalogue's word for it (see
    :func:`parlour.i18n.extract.data_words`), else the text itself."""
    said = translate(text, lang)
    return said if said != text else _web(lang).get(text, text)


@cache
def messages_block(lang: str) -> str:
    """The web catalogue's translations in ``lang`` as the page's JSON data
    block (``id="parlour-messages"``, read by ``static/i18n.js``): data, not
    a script, which the Content-Security-Policy allows. ``<`` is written
    ``\\u003c`` so that no text can close the element."""
    data = json.dumps(_web(lang), ensure_ascii=False, sort_keys=True)
    return ('<script type="application/json" id="parlour-messages">'
            f"{data.replace('<', chr(92) + 'u003c')}</script>")


def language_switch(lang: str) -> str:
    """The buttons of the header's language switch (``shell.html`` holds
    them): one a language, in its own words, the page's own pressed;
    ``static/i18n.js`` sets the cookie and reloads on a click."""
    return "".join(
        f'<button type="button" data-lang="{code}" lang="{code}" '
        f'aria-pressed="{"true" if code == lang else "false"}">{html.escape(name)}</button>'
        for code, name in LANGUAGE_NAMES.items())


def said(text: str, lang: str) -> str:
    """The message ``text`` (a msgid) in ``lang``."""
    return messages(lang).gettext(text)

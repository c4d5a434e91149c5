"""Who sits at a table's seats, by name: the names the pages show instead
of the games' neutral ``P0``, ``P1``.

A person picks a display name (:func:`parlour.server.payloads.parse_seat_name`);
a computer seat is called after its level (``Medium``; ``Medium 1`` and
``Medium 2`` when two seats play at one level); a person who has not named
himself keeps the game's name of the seat. The games write ``P1 plays
7Cr`` in their logs and prompts: :func:`named_observation` puts each seat's
name there at the one place where the server hands a view out, so the
games, their records and their observation tensors stay as they are.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from parlour.agents import AGENTS
from parlour.server.errors import BAD_REQUEST, CONFLICT, ApiError
from parlour.server.payloads import name_key


def computer_name(agent: str) -> str:
    """A computer's name after its agent, with a capital (``Medium``)."""
    return agent[:1].upper() + agent[1:]


def computer_names(agents: Sequence[str | None]) -> list[str | None]:
    """The name of each computer seat (``agents``: a computer seat's agent,
    ``None`` for a person's): its agent's name with a capital, numbered in
    seat order when several seats share it.

    >>> computer_names(["medium", None, "hard", "medium"])
    ['Medium 1', None, 'Hard', 'Medium 2']
    """
    shared = Counter(agent for agent in agents if agent is not None)
    numbers: Counter[str] = Counter()
    names: list[str | None] = []
    for agent in agents:
        if agent is None:
            names.append(None)
            continue
        numbers[agent] += 1
        title = computer_name(agent)
        names.append(title if shared[agent] == 1 else f"{title} {numbers[agent]}")
    return names


def check_name(name: str, others: Sequence[str], seat_tokens: Sequence[str]) -> None:
    """Refuse ``name`` for a person's seat: 400 when it looks like a
    computer's name (an agent's, alone or numbered) or like one of
    ``seat_tokens``, the games' names of the table's seats (``P2``), which
    the log would confuse; 409 when it cannot be told apart (:func:`name_key`: case,
    accents, look-alike letters) from one of ``others``, the names of the
    table's other seats."""
    key = name_key(name)
    bare = name_key(re.sub(r"\s*\d+$", "", name))
    if any(bare == name_key(agent) for agent in AGENTS):
        raise ApiError(BAD_REQUEST, f"the name {name!r} is a computer player's: pick another")
    if any(key == name_key(token) for token in seat_tokens):
        raise ApiError(BAD_REQUEST, (
            f"the name {name!r} is how the games name a seat: pick another"))
    for other in others:
        if name_key(other) != key:
            continue
        if name.casefold() == other.casefold():
            raise ApiError(CONFLICT, f"the name {name!r} is taken at this table: pick another")
        raise ApiError(CONFLICT, (
            f"the name {name!r} looks like {other!r}, which is taken at this table: "
            "pick another"))


@lru_cache(maxsize=64)
def _renamer(renamed: tuple[tuple[str, str], ...]) -> Callable[[str], str]:
    """What puts the names of ``renamed`` (pairs of a game's seat name and a
    seat's name) in a line of text. Each table's views share it, and the
    lines of its log, which every view sends again, are renamed once (at
    most 64 such sets of names and 1,024 lines each are kept: a few MB)."""
    names = dict(renamed)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(
        re.escape(token) for token in sorted(names, key=len, reverse=True)) + r")(?!\w)")

    @lru_cache(maxsize=1024)
    def rename(text: str) -> str:
        return pattern.sub(lambda found: names[found.group(0)], text)

    return rename


def named_observation(observation: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """``observation`` with each seat called by its name in ``names``: the
    players' ``name``, and the seat names that its ``players`` give (``P1``)
    replaced, as whole words, in its ``log`` and ``prompt``. One pass, so a
    person called after another seat's name is never renamed twice.
    ``observation`` itself is not changed.

    >>> seen = {"players": [{"seat": 0, "name": "P0"}, {"seat": 1, "name": "P1"}],
    ...         "log": ["P1 plays 7Cr", "P10 is no seat"], "prompt": "Lead"}
    >>> named_observation(seen, ["Ann", "Medium"])["log"]
    ['Medium plays 7Cr', 'P10 is no seat']
    """
    players = observation.get("players") or []
    renamed = tuple((str(player["name"]), names[int(player["seat"])]) for player in players
                    if str(player["name"]) != names[int(player["seat"])])
    if not renamed:
        return observation
    rename = _renamer(renamed)
    named = {**observation, "players": [
        {**player, "name": names[int(player["seat"])]} for player in players]}
    if isinstance(named.get("log"), list):
        named["log"] = [rename(line) if isinstance(line, str) else line for line in named["log"]]
    if isinstance(named.get("prompt"), str):
        named["prompt"] = rename(named["prompt"])
    return named

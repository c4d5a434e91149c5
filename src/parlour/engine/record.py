"""Game records: the JSON form of a match that ``parlour.replay`` restores.

A record is ``{"format", "game", "version", "options", "seed", "deal",
"explicit_chance", "actions", "result"}``; actions are canonical action
texts, so a record can be read (and written) by a person. Replaying parses
and applies every action and checks the stored result.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from parlour.engine.files import MIB, FileTooLarge, read_limited
from parlour.engine.game import State
from parlour.engine.registry import make
from parlour.errors import IllegalAction, OptionError, ParseError, RecordError

RECORD_FORMAT = "parlour-record/1"


def make_record(state: State) -> dict[str, Any]:
    """The record of ``state`` (see the module docstring)."""
    game = state.game
    replay_state = game.new_state(
        seed=state.seed, deal=state.deal, explicit_chance=state.explicit_chance
    )
    actions: list[str] = []
    for action in state.history:
        actions.append(replay_state.action_to_str(action))
        replay_state.apply(action)
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "version": game.version,
        "options": dict(game.options),
        "seed": state.seed,
        "deal": None if state.deal is None else dict(state.deal),
        "explicit_chance": state.explicit_chance,
        "actions": actions,
        "result": state.result(),
    }


def _is_json_text(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return text.lstrip().startswith("{") or "\n" in text
    except (ValueError, RecursionError):
        return True  # JSON nested too deep, or with a number too long, for Python to read
    return True


RECORD_LIMIT = 16 * MIB
"""The largest record file read. The longest random match that the option
schemas allow writes about 320 KiB (``scripts/record_sizes.py``);
``/dev/zero`` is refused, not read to the end."""


def _read_file(path: Path) -> str:
    """The text of a record file, or :class:`RecordError` saying why not."""
    try:
        return read_limited(path, RECORD_LIMIT, "a game record").decode("utf-8")
    except FileTooLarge as error:
        raise RecordError(str(error)) from None
    except OSError as error:
        raise RecordError(f"cannot read the record file: {error}") from None
    except UnicodeDecodeError as error:
        raise RecordError(
            f"cannot read the record file: {str(path)!r} is not UTF-8 text "
            f"(byte {error.start}: {error.reason})"
        ) from None
    except ValueError as error:  # a NUL or a lone surrogate, which no file name holds
        raise RecordError(
            f"cannot read the record file: {str(path)!r} is not a file name ({error})"
        ) from None


def _as_mapping(record: Mapping[str, Any] | str | Path) -> Mapping[str, Any]:
    if isinstance(record, str) and not _is_json_text(record):
        record = Path(record)
    if isinstance(record, Path):
        record = _read_file(record)
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except (ValueError, RecursionError) as error:
            # besides bad syntax, nesting too deep or a number too long to read
            raise RecordError(f"the record is not valid JSON: {error}") from None
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    return record


def _field(record: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in record:
        raise RecordError(f"the record has no {name!r}")
    value = record[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"the record's {name!r} has the wrong type")
    return value


def replay(record: Mapping[str, Any] | str | Path) -> State:
    """The state a record describes: a dict, JSON text or a file path (a
    ``Path``, or a one-line string that is not JSON).

    Raises :class:`RecordError` (a :class:`ParseError`) naming what is wrong,
    with ``index`` set to the first action that cannot be replayed.
    """
    data = _as_mapping(record)
    if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"unknown record format {data.get('format')!r}")
    name = _field(data, "game", str)
    options = _field(data, "options", dict)
    actions = _field(data, "actions", list)
    seed = _field(data, "seed", int)
    deal = data.get("deal")
    if deal is not None and not isinstance(deal, dict):
        raise RecordError("the record's 'deal' must be an object or null")
    try:
        game = make(name, **options)
        if data.get("version", game.version) != game.version:
            raise RecordError(
                f"the record is from {name} version {data.get('version')}; "
                f"this parlour plays version {game.version}"
            )
        state = game.new_state(
            seed=seed, deal=deal, explicit_chance=bool(data.get("explicit_chance", False))
        )
    except (OptionError, ParseError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"the record cannot start a game: {error}") from None
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action {index} is not text: {text!r}", index)
        try:
            state.apply(state.parse_action(text))
        except (ParseError, IllegalAction) as error:
            raise RecordError(f"action {index} ({text!r}) cannot be replayed: {error}", index) \
                from None
    expected = data.get("result")
    if expected is not None and expected != state.result():
        raise RecordError(
            f"the record's result {expected} does not match the replay's {state.result()}"
        )
    return state


def save_record(state: State, path: str | Path) -> None:
    """Write ``state.record()`` as indented JSON."""
    Path(path).write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")

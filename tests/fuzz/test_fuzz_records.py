"""Fuzzing ``parlour.replay``: arbitrary JSON and text, and real records
tampered with (another game, other options, a seed of the wrong type, an
action changed anywhere, actions cut off or added, a wrong version), give
the recorded state or a :class:`RecordError`; a tampered action is
reported by the index of the first action that cannot be replayed."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import (
    ARGUMENT_NAMES,
    JSON_SCALARS,
    action_texts,
    arbitrary_text,
    fuzz_settings,
    json_values,
    near_misses,
    positions,
)
from hypothesis import given
from hypothesis import strategies as st

import parlour
from parlour.engine import RECORD_FORMAT, State
from parlour.errors import IllegalAction, ParseError, RecordError
from support import GAME_NAMES

RECORD_KEYS = ["format", "game", "version", "options", "seed", "deal", "explicit_chance",
               "actions", "result"]
HEADER_KEYS = [key for key in RECORD_KEYS if key != "actions"]
"""The fields of a record around its actions."""


def replayed_or_refused(record: Any) -> State | RecordError:
    """The replayed state, or the :class:`RecordError` (any other error fails)."""
    try:
        return parlour.replay(record)
    except RecordError as error:
        assert str(error)
        return error


def start(record: dict[str, Any]) -> State:
    """The first position of an untampered ``record``."""
    game = parlour.make(record["game"], **record["options"])
    return game.new_state(seed=record["seed"], deal=record["deal"],
                          explicit_chance=record["explicit_chance"])


def position_before(record: dict[str, Any], index: int) -> State:
    """The position of ``record`` before its action ``index``."""
    state = start(record)
    for text in record["actions"][:index]:
        state.apply_text(text)
    return state


def refusal(state: State, text: str) -> str | None:
    """Why ``text`` cannot be played at ``state`` (``None``: it can)."""
    trial = state.clone()
    try:
        trial.apply(trial.parse_action(text))
    except (ParseError, IllegalAction) as error:
        return str(error)
    return None


# --- anything at all ------------------------------------------------------------------


@fuzz_settings(5)
@given(value=json_values(12) | st.dictionaries(st.sampled_from(RECORD_KEYS),
                                                json_values(6), max_size=9))
def test_any_json_is_replayed_or_refused(value: Any) -> None:
    for record in (value, json.dumps(value)):
        outcome = replayed_or_refused(record)
        if not isinstance(value, dict):
            assert isinstance(outcome, RecordError)
            assert outcome.index is None


@fuzz_settings(3)
@given(text=arbitrary_text(60))
def test_any_text_is_replayed_or_refused(text: str) -> None:
    assert isinstance(replayed_or_refused(text), RecordError)


# --- tampered records -----------------------------------------------------------------


def records(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Records of positions of game ``name`` (some finished)."""
    return positions(name, max_steps=400).map(lambda state: state.record())


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_an_action_changed_anywhere_is_reported_at_the_first_bad_action(
    name: str, data: st.DataObject
) -> None:
    record = data.draw(records(name))
    if not record["actions"]:
        return
    index = data.draw(st.integers(min_value=0, max_value=len(record["actions"]) - 1))
    state = position_before(record, index)
    original = record["actions"][index]
    text = data.draw(st.one_of(st.sampled_from(action_texts(state)), near_misses(original),
                               arbitrary_text(12)))
    record["actions"][index] = text
    why = refusal(state, text)
    outcome = replayed_or_refused(record)
    if why is not None:
        assert isinstance(outcome, RecordError)
        assert outcome.index == index
        assert str(outcome) == f"action {index} ({text!r}) cannot be replayed: {why}"
    elif isinstance(outcome, RecordError) and outcome.index is not None:
        assert outcome.index > index
        later = position_before(record, outcome.index)
        bad = record["actions"][outcome.index]
        assert str(outcome) == f"action {outcome.index} ({bad!r}) cannot be replayed: " \
            f"{refusal(later, bad)}"


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings()
@given(data=st.data())
def test_an_action_that_is_not_text_is_reported_at_its_index(name: str,
                                                             data: st.DataObject) -> None:
    record = data.draw(records(name))
    index = data.draw(st.integers(min_value=0, max_value=len(record["actions"])))
    value = data.draw(JSON_SCALARS.filter(lambda item: not isinstance(item, str)) |
                      st.lists(st.text(max_size=3), max_size=2))
    record["actions"].insert(index, value)
    outcome = replayed_or_refused(json.loads(json.dumps(record)))
    assert isinstance(outcome, RecordError)
    assert (outcome.index, str(outcome)) == (index, f"action {index} is not text: {value!r}")


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings()
@given(data=st.data())
def test_cut_and_extended_records(name: str, data: st.DataObject) -> None:
    record = data.draw(records(name))
    actions = record["actions"]
    keep = data.draw(st.integers(min_value=0, max_value=len(actions)))
    cut = {**record, "actions": actions[:keep]}
    outcome = replayed_or_refused(cut)
    if record["result"] is not None and keep < len(actions):
        assert isinstance(outcome, RecordError)
        assert (outcome.index, str(outcome)) == (
            None, f"the record's result {record['result']} does not match the replay's None")
    else:
        assert isinstance(outcome, State)
        assert outcome.history == position_before(record, keep).history
    end = position_before(record, len(actions))
    extra = data.draw(st.sampled_from(action_texts(end)) | arbitrary_text(8))
    longer = {**record, "actions": [*actions, extra], "result": None}
    outcome = replayed_or_refused(longer)
    why = refusal(end, extra)
    if why is None:
        assert isinstance(outcome, State)
        assert len(outcome.history) == len(actions) + 1
    else:
        assert isinstance(outcome, RecordError)
        assert (outcome.index, str(outcome)) == (
            len(actions), f"action {len(actions)} ({extra!r}) cannot be replayed: {why}")


def field_values(field: str) -> st.SearchStrategy[Any]:
    """Values of a record field, right and wrong."""
    games = st.sampled_from(GAME_NAMES)
    return {
        "format": st.sampled_from([RECORD_FORMAT, "parlour-record/2", "", None, 1]),
        "game": games | games.flatmap(near_misses) | JSON_SCALARS,
        "version": st.integers(min_value=-1, max_value=5) | JSON_SCALARS,
        "seed": JSON_SCALARS | st.integers(),
        "options": st.dictionaries(st.text(max_size=12) | st.sampled_from(ARGUMENT_NAMES),
                                   JSON_SCALARS, max_size=3) | json_values(4),
        "deal": json_values(6),
        "explicit_chance": JSON_SCALARS,
        "result": json_values(6),
    }[field]


@pytest.mark.parametrize("name", GAME_NAMES)
@fuzz_settings(2)
@given(data=st.data())
def test_tampered_header_fields_are_replayed_or_refused(name: str,
                                                        data: st.DataObject) -> None:
    record = data.draw(records(name))
    tampered = copy.deepcopy(record)
    for field in data.draw(st.lists(st.sampled_from(HEADER_KEYS),
                                    min_size=1, max_size=3, unique=True)):
        if data.draw(st.booleans()):
            tampered[field] = data.draw(field_values(field))
        else:
            del tampered[field]
    outcome = replayed_or_refused(tampered)
    if isinstance(outcome, RecordError):
        return
    expected_result = tampered.get("result")
    assert expected_result is None or expected_result == outcome.result()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", "7", "the record's 'seed' has the wrong type"),
        ("seed", 7.0, "the record's 'seed' has the wrong type"),
        ("seed", True, "the record's 'seed' has the wrong type"),
        ("seed", None, "the record's 'seed' has the wrong type"),
        ("game", ["polignac"], "the record's 'game' has the wrong type"),
        ("options", None, "the record's 'options' has the wrong type"),
        ("actions", {"0": "pass"}, "the record's 'actions' has the wrong type"),
        ("deal", "JS QS", "the record's 'deal' must be an object or null"),
        ("format", None, "unknown record format None"),
    ],
)
def test_fields_of_the_wrong_type_are_named(field: str, value: object, message: str) -> None:
    record = parlour.make("polignac").new_state(seed=1).record()
    record[field] = value
    outcome = replayed_or_refused(record)
    assert isinstance(outcome, RecordError)
    assert (outcome.index, str(outcome)) == (None, message)


def test_a_record_file_that_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b'{"game": "polignac", \xff\xfe}')
    outcome = replayed_or_refused(path)
    assert isinstance(outcome, RecordError)
    assert str(outcome) == (
        f"cannot read the record file: {str(path)!r} is not UTF-8 text "
        "(byte 21: invalid start byte)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\x00", "cannot read the record file: '\\x00' is not a file name (embedded null byte)"),
        ("\ud800", "cannot read the record file: '\\ud800' is not a file name ('utf-8' codec "
         "can't encode character '\\ud800' in position 0: surrogates not allowed)"),
        ('{"seed": ' + "1" * 5000 + "}", "the record is not valid JSON: Exceeds the limit "
         "(4300 digits) for integer string conversion: value has 5000 digits; use "
         "sys.set_int_max_str_digits() to increase the limit"),
        ("[" * 100_000 + "]" * 100_000, "the record is not valid JSON: maximum recursion depth "
         "exceeded while decoding a JSON array from a unicode string"),
    ],
)
def test_text_that_no_file_or_json_reader_takes(text: str, message: str) -> None:
    outcome = replayed_or_refused(text)
    assert isinstance(outcome, RecordError)
    assert (outcome.index, str(outcome)) == (None, message)

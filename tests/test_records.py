"""Game records: record() -> JSON -> replay() round trips and refused records."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.engine import RECORD_FORMAT, save_record
from parlour.errors import ParseError, RecordError
from support import GAME_OPTION_SETS, as_json, make, play_out, random_action, snapshot


def finished(seed: int = 3, **options: object) -> parlour.State:
    game = parlour.make("polignac", **{"target": 8, **options})
    return play_out(game.new_state(seed=seed), random.Random(seed))


def replay_error(record: Any) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parlour.replay(record)
    return caught.value


# --- round trips ---------------------------------------------------------------


@given(
    st.sampled_from(GAME_OPTION_SETS),
    st.integers(min_value=0, max_value=2**63 - 1),
    st.integers(min_value=0, max_value=400),
    st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_record_json_replay_round_trip(
    game_and_options: tuple[str, dict[str, object]], seed: int, steps: int, chance: bool
) -> None:
    name, options = game_and_options
    state = make(name, options).new_state(seed=seed, explicit_chance=chance)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    record = state.record()
    text = json.dumps(record)
    assert as_json(record) == record
    replayed = parlour.replay(text)
    assert snapshot(replayed) == snapshot(state)
    assert replayed.record() == record
    assert replayed.seed == seed
    assert record["result"] == state.result()
    assert (record["result"] is None) == (not state.is_terminal())


def test_record_fields() -> None:
    state = finished(seed=11, players=5)
    record = state.record()
    assert set(record) == {"format", "game", "version", "options", "seed", "deal",
                           "explicit_chance", "actions", "result"}
    assert record["format"] == RECORD_FORMAT == "parlour-record/1"
    assert record["game"] == "polignac"
    assert record["version"] == state.game.version
    assert record["options"] == state.game.options
    assert record["seed"] == 11
    assert record["deal"] is None
    assert record["explicit_chance"] is False
    assert len(record["actions"]) == len(state.history)
    assert all(isinstance(action, str) for action in record["actions"])
    assert record["result"] == {"scores": state.scores(), "returns": state.returns()}


def test_record_actions_are_the_canonical_texts() -> None:
    state = finished(seed=5)
    replay_state = state.game.new_state(seed=5)
    for action, text in zip(state.history, state.record()["actions"], strict=True):
        assert text == replay_state.action_to_str(action)
        assert replay_state.parse_action(text) == action
        replay_state.apply(action)


def test_record_of_a_fixed_deal_round_trips() -> None:
    game = parlour.make("polignac", target=8)
    dealt = game.new_state(seed=9)
    deal = {
        "dealer": dealt.observation(0)["dealer"],
        "hands": [dealt.observation(seat)["hand"] for seat in range(4)],
        "scores": [1, 0, 2, 0],
    }
    state = game.new_state(seed=1, deal=deal)
    assert state.observation(2)["hand"] == deal["hands"][2]
    play_out(state, random.Random(1))
    record = as_json(state.record())
    assert record["deal"] == deal
    replayed = parlour.replay(record)
    assert snapshot(replayed) == snapshot(state)
    assert replayed.hand_results()[0] == state.hand_results()[0]


def test_record_of_explicit_chance_round_trips() -> None:
    game = parlour.make("polignac", players=3, target=8)
    state = play_out(game.new_state(seed=4, explicit_chance=True), random.Random(4))
    record = state.record()
    assert record["explicit_chance"] is True
    assert record["actions"][0].startswith("deal ")
    assert snapshot(parlour.replay(json.dumps(record))) == snapshot(state)


def test_replay_from_a_file_path(tmp_path: Path) -> None:
    state = finished(seed=21, players=6)
    path = tmp_path / "match.json"
    save_record(state, path)
    assert json.loads(path.read_text(encoding="utf-8")) == state.record()
    assert snapshot(parlour.replay(path)) == snapshot(state)
    save_record(state, str(tmp_path / "again.json"))
    assert snapshot(parlour.replay(tmp_path / "again.json")) == snapshot(state)


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    error = replay_error(tmp_path / "nowhere.json")
    assert str(error).startswith("cannot read the record file: ")
    assert "nowhere.json" in str(error)
    assert error.index is None


def test_record_error_is_a_parse_error() -> None:
    assert issubclass(RecordError, ParseError)
    assert issubclass(RecordError, ValueError)


# --- tampered records ------------------------------------------------------------


def illegal_text_at(record: dict[str, Any], index: int) -> str:
    """A card code that the player to move at ``index`` cannot play."""
    state = parlour.make(record["game"], **record["options"]).new_state(seed=record["seed"])
    for text in record["actions"][:index]:
        state.apply_text(text)
    legal = set(state.legal_actions())
    for card in state.game.deck:
        if card.id not in legal:
            return card.code
    raise AssertionError("every card is legal")


@pytest.mark.parametrize("index", [0, 1, 4, 17, -1])
def test_illegal_action_at_index(index: int) -> None:
    record = finished(seed=8).record()
    position = index % len(record["actions"])
    text = illegal_text_at(record, position)
    record["actions"][position] = text
    error = replay_error(record)
    assert error.index == position
    assert str(error).startswith(f"action {position} ({text!r}) cannot be replayed: ")


def test_unparseable_action_at_index() -> None:
    record = finished(seed=8).record()
    record["actions"][6] = "juggle"
    error = replay_error(record)
    assert error.index == 6
    assert str(error) == (
        "action 6 ('juggle') cannot be replayed: 'juggle' is neither a card nor a call; "
        "type a card such as JS, TD, 10D or J♠, or 'pass' or 'capot'"
    )


def test_non_text_action_at_index() -> None:
    record = finished(seed=8).record()
    record["actions"][3] = 12
    error = replay_error(record)
    assert error.index == 3
    assert str(error) == "action 3 is not text: 12"


def test_extra_action_after_the_end() -> None:
    record = finished(seed=8).record()
    end = len(record["actions"])
    record["actions"].append("pass")
    error = replay_error(record)
    assert error.index == end
    assert str(error) == f"action {end} ('pass') cannot be replayed: the match is over"


def test_wrong_game() -> None:
    record = finished().record()
    record["game"] = "chess"
    error = replay_error(record)
    assert error.index is None
    assert str(error) == (
        "the record cannot start a game: no game called 'chess'; the games are "
        + ", ".join(sorted(parlour.games()))
    )


def test_bad_options() -> None:
    record = finished().record()
    record["options"]["players"] = 9
    error = replay_error(record)
    assert error.index is None
    assert str(error) == (
        "the record cannot start a game: option 'players' must be one of 3, 4, 5, 6, 7, 8, not 9"
    )


def test_other_options_give_a_different_game() -> None:
    record = finished(seed=8, players=4).record()
    record["options"]["players"] = 5
    error = replay_error(record)
    assert error.index is not None


def test_bad_json() -> None:
    error = replay_error('{"game": "polignac",')
    assert str(error).startswith("the record is not valid JSON: ")
    assert error.index is None


@pytest.mark.parametrize("text", ["[1, 2]", '"polignac"', "3", "null"])
def test_json_that_is_not_an_object(text: str) -> None:
    assert str(replay_error(text)) == "a record must be a JSON object"


def test_wrong_result() -> None:
    record = finished(seed=8).record()
    true_result = record["result"]
    record["result"] = {**true_result, "scores": [0] * len(true_result["scores"])}
    error = replay_error(record)
    assert str(error) == (
        f"the record's result {record['result']} does not match the replay's {true_result}"
    )
    assert error.index is None


def test_result_on_an_unfinished_game() -> None:
    state = parlour.make("polignac").new_state(seed=2)
    state.apply(state.legal_actions()[0])
    record = state.record()
    assert record["result"] is None
    record["result"] = {"scores": [0, 0, 0, 0], "returns": [0.0, 0.0, 0.0, 0.0]}
    assert "does not match the replay's None" in str(replay_error(record))


def test_wrong_version() -> None:
    record = finished().record()
    record["version"] = 99
    error = replay_error(record)
    assert str(error) == (
        "the record is from polignac version 99; this parlour plays version "
        f"{parlour.make('polignac').version}"
    )


def test_wrong_format() -> None:
    record = finished().record()
    record["format"] = "parlour-record/9"
    assert str(replay_error(record)) == "unknown record format 'parlour-record/9'"


@pytest.mark.parametrize("field", ["game", "options", "actions", "seed"])
def test_missing_field(field: str) -> None:
    record = finished().record()
    del record[field]
    error = replay_error(json.dumps(record))
    assert str(error) == f"the record has no {field!r}"
    assert error.index is None


@pytest.mark.parametrize(
    ("field", "value"),
    [("game", 7), ("options", [4]), ("actions", "pass pass"), ("seed", "7"), ("seed", True),
     ("seed", 7.5)],
)
def test_field_of_the_wrong_type(field: str, value: object) -> None:
    record = finished().record()
    record[field] = value
    assert str(replay_error(record)) == f"the record's {field!r} has the wrong type"


def test_deal_of_the_wrong_type() -> None:
    record = finished().record()
    record["deal"] = ["JS"]
    assert str(replay_error(record)) == "the record's 'deal' must be an object or null"


def test_impossible_deal() -> None:
    record = finished().record()
    record["deal"] = {"dealer": 0, "hands": [["JS"], ["JS"], [], []]}
    record["actions"] = []
    record["result"] = None
    error = replay_error(record)
    assert str(error).startswith("the record cannot start a game: ")
    assert error.index is None


def test_optional_fields_may_be_missing() -> None:
    state = finished(seed=13)
    record = state.record()
    for field in ("format", "version", "deal", "explicit_chance", "result"):
        del record[field]
    assert snapshot(parlour.replay(record)) == snapshot(state)

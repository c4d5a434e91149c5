"""Every game documents its observation tensor (``Game.observation_layout``,
issue #14): the blocks add up to the tensor, their values read as the
layout says at random positions, and each module docstring holds the table
of its games word for word."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import parlour
from parlour import State
from parlour.cards import Deck
from parlour.engine.tensors import LINE_WIDTH, TensorBlock, block_offsets, layout_table
from support import GAME_NAMES, GAME_OPTION_IDS, GAME_OPTION_SETS, make, random_action, seats

over_games = pytest.mark.parametrize(("name", "options"), GAME_OPTION_SETS,
                                     ids=GAME_OPTION_IDS)

PLAYER_KEYS = {"scores": "score", "cards held": "cards", "lives": "lives"}
"""Per-seat number blocks and the key of ``observation["players"]`` whose
value, divided by the block's scale, they hold."""

SAMPLED_STATES = 30
"""Positions of a random match checked per option set (spread over the match)."""


def face_indices(deck: Deck) -> dict[str, int]:
    """Each card code's face: the id of the first card with that code but
    for a second copy's ``#2`` (a Progress card's action id)."""
    faces: dict[str, int] = {}
    for card in deck.cards:
        faces.setdefault(card.code.split("#")[0], len(faces))
    return {card.code: faces[card.code.split("#")[0]] for card in deck.cards}


def is_binary(values: npt.NDArray[np.float32]) -> bool:
    return bool(np.all((values == 0.0) | (values == 1.0)))


def layout_errors(state: State, seat: int, layout: Sequence[TensorBlock]) -> list[str]:
    """What in ``seat``'s tensor does not read as ``layout`` says: the
    encodings everywhere, and the blocks whose meaning the observation
    gives (own hand, phase, dealer, seat to move, per-seat totals)."""
    game = state.game
    deck = game.deck
    n = game.num_players
    tensor = state.observation_tensor(seat)
    observation = state.observation(seat)
    errors: list[str] = []
    size = sum(block.size for block in layout)
    if len(tensor) != size:
        return [f"the tensor has {len(tensor)} values, the layout {size}"]
    for block, where in zip(layout, block_offsets(layout).values(), strict=True):
        values = tensor[where]
        parts = values.reshape(block.parts, block.part_size)
        if block.encoding in ("cards", "flags", "one-hot") and not is_binary(values):
            errors.append(f"{block.name}: values other than 0 and 1")
        if block.encoding == "one-hot" and any(part.sum() > 1 for part in parts):
            errors.append(f"{block.name}: more than one position set in a part")
        if block.encoding == "faces":
            copies = values * block.scale
            if not np.allclose(copies, np.round(copies)) or np.any(copies < 0):
                errors.append(f"{block.name}: values that are not copies / {block.scale:g}")
        if not np.all(np.isfinite(values)):
            errors.append(f"{block.name}: values that are not finite")
        errors.extend(meaning_errors(block, parts, observation, seat, n, deck))
    return errors


def meaning_errors(block: TensorBlock, parts: npt.NDArray[np.float32],
                   observation: dict[str, Any], seat: int, n: int, deck: Deck) -> list[str]:
    """The checks of one block against the observation, by its name."""
    hot = [int(index) for index in np.flatnonzero(parts.ravel())]
    if block.name == "hand":
        expected = np.zeros(block.size, dtype=np.float64)
        faces = face_indices(deck)
        for code in observation["hand"]:
            card = deck.parse(code)
            expected[faces[card.code] if block.encoding == "faces" else card.id] += 1
        if block.encoding == "faces":
            expected /= block.scale
        if not np.allclose(parts.ravel(), expected):
            return [f"hand: {hot} is not the observed hand {observation['hand']}"]
    elif block.name == "phase":
        if len(hot) != 1 or block.labels[hot[0]] != observation["phase"]:
            return [f"phase: {[block.labels[index] for index in hot]} is not "
                    f"{observation['phase']!r}"]
    elif block.name == "dealer" and observation.get("dealer") is not None:
        if hot != [(observation["dealer"] - seat) % n]:
            return [f"dealer: {hot} is not seat {observation['dealer']}"]
    elif block.name == "to move":
        if hot and (len(hot) != 1 or (seat + hot[0]) % n != observation["to_move"]):
            return [f"to move: {hot} is not seat {observation['to_move']}"]
    elif block.name in PLAYER_KEYS:
        key = PLAYER_KEYS[block.name]
        expected_values = [observation["players"][(seat + offset) % n][key] / block.scale
                           for offset in range(n)]
        if not np.allclose(parts.ravel(), expected_values, atol=1e-6):
            return [f"{block.name}: {parts.ravel().tolist()} is not {expected_values}"]
    return []


def sampled_states(name: str, options: dict[str, object], seed: int) -> list[State]:
    """About :data:`SAMPLED_STATES` positions of one random match (and of
    more matches when it is short), the end included."""
    game = make(name, options)
    states: list[State] = []
    while len(states) < SAMPLED_STATES:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        match = [state.clone()]
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            match.append(state.clone())
        step = max(1, len(match) // SAMPLED_STATES)
        states.extend(match[::step][:SAMPLED_STATES - 1])
        states.append(match[-1])
        seed += 1
    return states


@over_games
def test_the_blocks_add_up_to_the_tensor(name: str, options: dict[str, object]) -> None:
    game = make(name, options)
    layout = game.observation_layout()
    assert sum(block.size for block in layout) == game.observation_tensor_size
    assert len(block_offsets(layout)) == len(layout)  # names are unique
    for block in layout:
        assert block.meaning and block.name == block.name.strip()
        if block.per_seat:
            assert block.parts == game.num_players, block.name
        if block.encoding == "cards":
            assert block.part_size == len(game.deck), block.name
        if block.encoding == "faces":
            assert block.part_size == len(set(face_indices(game.deck).values())), block.name
    assert isinstance(game.tensor_version, int) and game.tensor_version >= 1
    names = {block.name for block in layout}
    assert "phase" in names
    assert game.num_players == 1 or {"dealer", "to move"} <= names


@over_games
def test_the_values_read_as_the_layout_says(name: str, options: dict[str, object]) -> None:
    layout = make(name, options).observation_layout()
    for state in sampled_states(name, options, seed=3):
        for seat in seats(state):
            assert layout_errors(state, seat, layout) == [], (
                f"seat {seat} at action {len(state.history)}")


def changed(layout: Sequence[TensorBlock], block_name: str, **changes: Any) -> list[TensorBlock]:
    """``layout`` with the block ``block_name`` changed."""
    return [replace(block, **changes) if block.name == block_name else block for block in layout]


def test_a_layout_that_lies_is_caught() -> None:
    """Two blocks swapped, a wrong scale, phase labels out of order: each
    is found at some position of a match."""
    layout = parlour.make("polignac").observation_layout()
    swapped = changed(changed(layout, "hand", name="was hand"), "played", name="hand")
    scores = next(block for block in layout if block.name == "scores")
    phase = next(block for block in layout if block.name == "phase")
    lies = [swapped, changed(layout, "scores", scale=scores.scale * 2),
            changed(layout, "phase", labels=phase.labels[::-1])]
    states = sampled_states("polignac", {"target": 8}, seed=3)
    for lie in lies:
        assert any(layout_errors(state, seat, lie) for state in states for seat in seats(state))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_each_module_docstring_holds_its_table(name: str) -> None:
    game = parlour.make(name)
    module = sys.modules[type(game).__module__]
    table = layout_table(game)
    assert table in (module.__doc__ or ""), (
        f"the docstring of {module.__name__} lacks the table of {name}'s observation tensor, "
        f"or it is out of date. Replace its section \"Observation tensor (version ...)\" "
        f"(or add one at the end of the docstring) with the output of\n\n"
        f"    python -c \"import parlour; from parlour.engine.tensors import layout_table; "
        f"print(layout_table(parlour.make('{name}')))\"\n\nwhich is:\n\n{table}\n")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_tables_fit_the_line_length(name: str) -> None:
    table = layout_table(parlour.make(name))
    assert max(len(line) for line in table.splitlines()) <= LINE_WIDTH
    assert table.startswith("Observation tensor (version 1)\n")


def test_a_block_is_checked_when_made() -> None:
    with pytest.raises(ValueError, match="equal parts"):
        TensorBlock("trick", 10, "a trick", "cards", parts=4)
    with pytest.raises(ValueError, match="labels"):
        TensorBlock("phase", 3, "the phase", "one-hot", labels=("deal", "play"))
    with pytest.raises(ValueError, match="two blocks"):
        block_offsets([TensorBlock.flag("a", "one"), TensorBlock.flag("a", "two")])


def test_sizes_say_what_they_are_made_of() -> None:
    assert TensorBlock.cards("won", 32, "won piles", parts=4, per_seat=True).size_text() == \
        "128 (n × 32)"
    assert TensorBlock.seats("scores", 4, "totals", scale=20).size_text() == "4 (n)"
    assert TensorBlock.choice("needs", "abc", "needs", parts=4).size_text() == "12 (4 × 3)"
    assert TensorBlock.flag("drawn", "drew").size_text() == "1"

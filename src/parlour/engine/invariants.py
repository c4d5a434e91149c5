"""The invariants that every state of every game keeps (DESIGN.md, "Quality
bars"; STYLE.md, "Conformance"), as checks that raise :class:`InvariantError`.

The conformance suite (``tests/test_conformance.py``) runs them over a
spread of option sets and a few matches; the soak (``scripts/soak.py``,
``make soak``) runs them after every action of thousands of random matches
per game. They only read a state through the contract.

>>> import parlour
>>> state = parlour.make("polignac").new_state(seed=1)
>>> check_legal(state); check_conservation(state)
>>> check_scores(state, [0] * state.game.num_players)
"""

from __future__ import annotations

import json
import math
from itertools import repeat
from typing import Any

import numpy as np

from parlour.cards import Deck, bits_of
from parlour.engine.game import CHANCE_PLAYER, TERMINAL_PLAYER, State
from parlour.engine.observation import COMMON_KEYS


class InvariantError(AssertionError):
    """A state broke one of the invariants; the message says which and how.

    An :class:`AssertionError`, so that a test reports it as a failed
    check, but raised explicitly: it survives ``python -O``.
    """


def require(condition: bool, message: str) -> None:
    """Raise :class:`InvariantError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise InvariantError(message)


def seats(state: State) -> range:
    """The state's seat indices."""
    return range(state.game.num_players)


def check_conservation(state: State) -> None:
    """Every card of the deck is in exactly one zone of ``card_locations()``,
    and every seat has a hand zone."""
    deck = state.game.deck
    locations = state.card_locations()
    union = 0
    for zone, mask in locations.items():
        require(isinstance(mask, int) and mask >= 0, f"zone {zone} is not a card mask")
        require(union & mask == 0,
                f"{zone} shares {deck.codes(union & mask)} with another zone")
        union |= mask
    require(union == deck.full_mask, f"missing {deck.codes(deck.full_mask & ~union)}")
    for seat in seats(state):
        require(f"hand {seat}" in locations, f"no zone 'hand {seat}'")


def check_legal(state: State) -> None:
    """Legal actions are sorted, unique and in the action space; a terminal
    state has none and :data:`TERMINAL_PLAYER` to move; any other state has
    some and a seat (or chance, only when chance is explicit) to move."""
    legal = state.legal_actions()
    require(legal == sorted(set(legal)), f"legal actions not sorted and unique: {legal}")
    require(all(isinstance(action, int) and 0 <= action < state.game.num_actions
                for action in legal), f"a legal action outside the action space: {legal}")
    player = state.current_player()
    if state.is_terminal():
        require(legal == [], f"a terminal state has legal actions: {legal}")
        require(player == TERMINAL_PLAYER, f"a terminal state has player {player} to move")
        return
    require(bool(legal), "no legal action before the end")
    require(player == CHANCE_PLAYER or 0 <= player < state.game.num_players,
            f"player {player} to move is no seat")
    require((player == CHANCE_PLAYER) == state.is_chance_node(),
            "is_chance_node() disagrees with current_player()")
    if not state.explicit_chance:
        require(player != CHANCE_PLAYER, "chance to move though chance is resolved by the seed")


def check_scores(state: State, start: list[int]) -> None:
    """Scores are ``start`` plus the hand results (or above them while a hand
    scores as it goes, below them while a stake paid at the deal waits for
    the hand's result); returns have one finite value per seat, zero-sum at
    the end of a match of several (1.0 or 0.0 for a patience), all zero
    before it; ``result()`` agrees."""
    players = state.game.num_players
    results = state.hand_results()
    require(all(len(row) == players for row in results), "a hand result of the wrong size")
    totals = [start[seat] + sum(row[seat] for row in results) for seat in range(players)]
    scores = state.scores()
    if state.game.scores_mid_hand and not state.is_terminal():
        # the hand in progress has scored too (pegging), never below zero
        require(all(score >= total for score, total in zip(scores, totals, strict=True)),
                f"scores {scores} below the hand results' totals {totals}")
    elif state.game.stakes_before_hand and not state.is_terminal():
        # a stake paid at the deal (an ante), counted in the hand's result
        require(all(score <= total for score, total in zip(scores, totals, strict=True)),
                f"scores {scores} above the hand results' totals {totals}")
    else:
        require(scores == totals, f"scores {scores} are not the hand results' totals {totals}")
    returns = state.returns()
    require(len(returns) == players, f"returns {returns} for {players} seats")
    require(all(isinstance(value, float) and math.isfinite(value) for value in returns),
            f"returns {returns} are not finite floats")
    if not state.is_terminal():
        require(returns == [0.0] * players, f"returns {returns} before the end")
        require(state.result() is None, "a result before the end")
        return
    if players > 1:
        require(abs(sum(returns)) < 1e-9, f"returns {returns} are not zero-sum")
    else:
        require(returns in ([1.0], [0.0]), f"a patience returns {returns}")
    require(state.result() == {"scores": scores, "returns": returns},
            "result() disagrees with scores() and returns()")


def check_observation(
    state: State, seat: int, deck: Deck, locations: dict[str, int]
) -> dict[str, Any]:
    """``observation(seat)`` survives JSON, has the common keys and agrees
    with the state (``locations`` is ``state.card_locations()``): players'
    card counts and scores, the seat's hand, the legal actions with their
    texts and cards for the seat to move (none for the others). Returns it."""
    observation = state.observation(seat)
    text = json.dumps(observation, allow_nan=False)
    require(json.loads(text) == observation, "the observation changes through JSON")
    require(set(observation) >= COMMON_KEYS,
            f"the observation lacks {sorted(COMMON_KEYS - set(observation))}")
    require(observation["game"] == state.game.name, "the observation names another game")
    require(observation["seat"] == seat, f"observation {seat} names seat {observation['seat']}")
    require(observation["to_move"] == state.current_player(), "to_move is not the player to move")
    require(observation["hand_results"] == state.hand_results(),
            "hand_results differ from the state's")
    require(isinstance(observation["phase"], str) and bool(observation["phase"]),
            "the phase is not a word")
    require(isinstance(observation["zones"], dict), "zones is not a mapping")
    log = observation["log"]
    # map, not a generator: a match's log runs to hundreds of lines, read
    # at every step of a soak
    require(isinstance(log, list) and all(map(isinstance, log, repeat(str))),
            "the log is not a list of lines")
    players = observation["players"]
    require(len(players) == state.game.num_players, "players has the wrong size")
    scores = state.scores()
    for other, player in enumerate(players):
        require(isinstance(player["name"], str) and bool(player["name"]),
                f"seat {other} has no name")
        require(player["cards"] == locations[f"hand {other}"].bit_count(),
                f"seat {other}'s card count is wrong")
        require(player["score"] == scores[other], f"seat {other}'s score is wrong")
    hand = {deck.parse(code).id for code in observation["hand"]}
    require(hand == set(bits_of(locations[f"hand {seat}"])), f"seat {seat}'s hand is wrong")
    require(len(observation["hand"]) == len(hand), f"seat {seat}'s hand repeats a card")
    if state.current_player() != seat:
        require(observation["legal"] == [], f"seat {seat} is offered moves out of turn")
        return observation
    legal = observation["legal"]
    require([entry["id"] for entry in legal] == state.legal_actions(),
            "the observation's legal actions differ from the state's")
    for entry in legal:
        require(entry["text"] == state.action_to_str(entry["id"]),
                f"action {entry['id']}'s text is not action_to_str's")
        if entry["card"] is not None:
            # the card played is in the hand, and its code names the
            # action (two packs: both copies of a card are one action)
            require(deck.parse(entry["card"]).id in hand,
                    f"{entry['card']} is offered but not held")
            require(state.parse_action(entry["card"]) == entry["id"],
                    f"{entry['card']} does not parse to action {entry['id']}")
    return observation


def check_observation_tensor(state: State, seat: int) -> None:
    """``observation_tensor(seat)`` is a finite float32 vector of the game's
    fixed size, the same when asked twice."""
    size = state.game.observation_tensor_size
    tensor = state.observation_tensor(seat)
    require(isinstance(tensor, np.ndarray), "the tensor is not a numpy array")
    require(tensor.shape == (size,), f"tensor shape {tensor.shape}, not ({size},)")
    require(tensor.dtype == np.float32, f"tensor dtype {tensor.dtype}, not float32")
    require(bool(np.isfinite(tensor).all()), "the tensor is not finite")
    require(bool(np.array_equal(tensor, state.observation_tensor(seat))),
            "the tensor changes when asked again")


def snapshot(state: State) -> dict[str, Any]:
    """Everything observable about a state, for equality checks."""
    return {
        "history": list(state.history),
        "current_player": state.current_player(),
        "terminal": state.is_terminal(),
        "legal": state.legal_actions(),
        "observations": [state.observation(seat) for seat in seats(state)],
        "tensors": [state.observation_tensor(seat).tolist() for seat in seats(state)],
        "locations": state.card_locations(),
        "scores": state.scores(),
        "hand_results": state.hand_results(),
        "returns": state.returns(),
    }

"""One conformance suite over every registered game and a spread of option
sets (STYLE.md, "Conformance"). The option sets come from each game's schema
(see ``support.option_sets``), so a newly registered game is covered without
changes here.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour import CHANCE_PLAYER, TERMINAL_PLAYER, IllegalAction, ParseError, State
from parlour.engine.invariants import (
    check_conservation,
    check_legal,
    check_observation,
    check_observation_tensor,
    check_scores,
)
from support import (
    GAME_NAMES,
    GAME_OPTION_IDS,
    GAME_OPTION_SETS,
    as_json,
    make,
    play_out,
    random_action,
    seats,
    snapshot,
)

SEEDS = (0, 1)
"""Seeds of the matches that every check walks; the costliest checks take
the first only (the hypothesis test below adds random seeds)."""
HANDS_WITHOUT_DECISIONS = {"ranter-go-round"}
"""Games in which a hand may ask nobody anything (Ranter Go Round, when a
King stops the hand at the deal): such hands are over before the first
decision, so a match may begin, or even end, after finished hands."""

over_games = pytest.mark.parametrize(("name", "options"), GAME_OPTION_SETS,
                                     ids=GAME_OPTION_IDS)


def trajectory(
    name: str, options: dict[str, object], seed: int, explicit_chance: bool = False
) -> Iterator[State]:
    """The states of a random match, the start and after every action, ending
    with the terminal state; one state object, mutated in place."""
    state = make(name, options).new_state(seed=seed, explicit_chance=explicit_chance)
    rng = random.Random(f"conformance:{seed}")
    yield state
    for _ in range(20_000):
        if state.is_terminal():
            return
        state.apply(random_action(state, rng))
        yield state
    raise AssertionError("the match did not end within 20000 actions")


def fingerprint(state: State) -> dict[str, Any]:
    """Cheaper than ``snapshot``: what an illegal action must not change."""
    return {
        "history": list(state.history),
        "current_player": state.current_player(),
        "legal": state.legal_actions(),
        "observations": [state.observation(seat) for seat in seats(state)],
        "locations": state.card_locations(),
        "scores": state.scores(),
    }


# --- the checks, each over whole random matches ---------------------------------


@over_games
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_actions_turns_and_terminal(name: str, options: dict[str, object],
                                          seed: int) -> None:
    steps = 0
    for state in trajectory(name, options, seed):
        check_legal(state)
        steps += 1
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.current_player() == TERMINAL_PLAYER == -4
    before = fingerprint(state)
    with pytest.raises(IllegalAction):
        state.apply(0)
    assert fingerprint(state) == before
    assert steps == len(state.history) + 1


@over_games
@pytest.mark.parametrize("seed", SEEDS)
def test_card_conservation_at_every_step(name: str, options: dict[str, object],
                                         seed: int) -> None:
    for state in trajectory(name, options, seed):
        check_conservation(state)


@over_games
@pytest.mark.parametrize("seed", SEEDS)
def test_scores_hand_results_and_returns(name: str, options: dict[str, object],
                                         seed: int) -> None:
    start: list[int] | None = None
    hands_seen = 0
    for state in trajectory(name, options, seed):
        if start is None:
            # a match starts from zero: points the deal itself scores
            # (Costly Colours' heels) belong to the first hand's result
            start = [0] * state.game.num_players
            if name not in HANDS_WITHOUT_DECISIONS:
                assert state.hand_results() == []
        check_scores(state, start)
        assert len(state.hand_results()) >= hands_seen
        hands_seen = len(state.hand_results())
    assert hands_seen >= 1


@over_games
@pytest.mark.parametrize("seed", SEEDS[:1])
def test_observation_schema(name: str, options: dict[str, object], seed: int) -> None:
    for state in trajectory(name, options, seed):
        deck = state.game.deck
        locations = state.card_locations()
        for seat in seats(state):
            check_observation(state, seat, deck, locations)


@over_games
@pytest.mark.parametrize("seed", SEEDS[:1])
def test_observation_tensor(name: str, options: dict[str, object], seed: int) -> None:
    for state in trajectory(name, options, seed):
        for seat in seats(state):
            check_observation_tensor(state, seat)


@over_games
def test_bad_seats_are_refused(name: str, options: dict[str, object]) -> None:
    state = make(name, options).new_state(seed=0)
    n = state.game.num_players
    for seat in (-1, n, True):
        with pytest.raises(ParseError) as caught:
            state.observation(seat)  # type: ignore[arg-type]
        assert str(caught.value) == f"seat {seat!r} does not exist; seats are 0 to {n - 1}"
        with pytest.raises(ParseError):
            state.observation_tensor(seat)  # type: ignore[arg-type]
        with pytest.raises(ParseError):
            state.determinize(seat, random.Random(0))  # type: ignore[arg-type]


@over_games
@pytest.mark.parametrize("seed", SEEDS)
def test_action_text_round_trip(name: str, options: dict[str, object], seed: int) -> None:
    for state in trajectory(name, options, seed):
        for action in state.legal_actions():
            text = state.action_to_str(action)
            assert isinstance(text, str) and text
            assert state.parse_action(text) == action
            assert state.parse_action(f"  {text.upper()} ") == action
    with pytest.raises(ParseError):
        state.parse_action("no such move")


@over_games
def test_clone_equals_and_is_independent(name: str, options: dict[str, object]) -> None:
    rng = random.Random(5)
    for step, state in enumerate(trajectory(name, options, seed=0)):
        copy = state.clone()
        assert type(copy) is type(state)
        assert copy is not state
        # every observable at a quarter of the steps (and the end), the
        # cheap core at every step
        thorough = step % 4 == 0 or state.is_terminal()
        look = snapshot if thorough else fingerprint
        before = look(state)
        assert look(copy) == before
        if state.is_terminal():
            break
        copy.apply(random_action(copy, rng))
        assert look(state) == before, "applying to the clone changed the original"
        after_copy = fingerprint(copy)
        other = state.clone()
        other.apply(random_action(other, rng))
        assert fingerprint(copy) == after_copy, "a clone changed another clone"


@over_games
def test_illegal_action_leaves_state_unchanged(name: str, options: dict[str, object]) -> None:
    rng = random.Random(9)
    refused = 0
    for state in trajectory(name, options, seed=0):
        num_actions = state.game.num_actions
        legal = set(state.legal_actions())
        illegal = [action for action in range(num_actions) if action not in legal]
        candidates = [*rng.sample(illegal, min(3, len(illegal))), -1, num_actions, 10**6]
        before = fingerprint(state)
        for action in candidates:
            with pytest.raises(IllegalAction) as caught:
                state.apply(action)
            assert str(caught.value), "an illegal action needs a reason"
            refused += 1
        for wrong in ("JS", None, 1.5):
            with pytest.raises(IllegalAction):
                state.apply(wrong)  # type: ignore[arg-type]
        assert fingerprint(state) == before
    assert refused > 0


@over_games
def test_record_round_trips(name: str, options: dict[str, object]) -> None:
    for seed in SEEDS:
        game = make(name, options)
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        midway: State | None = None
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            if midway is None and len(state.history) == 23:
                midway = state.clone()
        for saved in (state, midway):
            if saved is None:
                continue
            record = as_json(saved.record())
            assert record == saved.record()
            assert snapshot(parlour.replay(json.dumps(record))) == snapshot(saved)


@over_games
def test_same_seed_same_game(name: str, options: dict[str, object]) -> None:
    game = make(name, options)
    first = play_out(game.new_state(seed=42), random.Random(3))
    second = play_out(make(name, options).new_state(seed=42), random.Random(3))
    assert snapshot(first) == snapshot(second)
    # whole games, not openings: a patience's opening may show no card (Clock)
    games = {
        json.dumps(snapshot(play_out(game.new_state(seed=seed), random.Random(3))))
        for seed in range(5)
    }
    assert len(games) > 1, "different seeds should deal differently"


@over_games
def test_explicit_chance(name: str, options: dict[str, object]) -> None:
    game = make(name, options)
    chance_nodes = 0
    start: list[int] | None = None
    for state in trajectory(name, options, seed=3, explicit_chance=True):
        if start is None:
            # a match starts from zero: points the deal itself scores
            # (Costly Colours' heels) belong to the first hand's result
            start = [0] * state.game.num_players
        check_legal(state)
        check_conservation(state)
        check_scores(state, start)
        if state.is_chance_node():
            chance_nodes += 1
            assert state.current_player() == CHANCE_PLAYER == -1
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            assert actions == sorted(set(actions))
            assert actions == state.legal_actions()
            assert all(probability > 0 for _, probability in outcomes)
            assert math.isclose(sum(probability for _, probability in outcomes), 1.0)
            for action in actions[:3]:
                assert state.parse_action(state.action_to_str(action)) == action
            locations = state.card_locations()
            for seat in seats(state):
                check_observation(state, seat, game.deck, locations)
        elif not state.is_terminal():
            with pytest.raises(IllegalAction):
                state.chance_outcomes()
    assert state.is_terminal()
    assert chance_nodes > 0
    plain = make(name, options).new_state(seed=3)
    assert not plain.is_chance_node()


def public_voids(
    name: str, options: dict[str, object], seed: int
) -> Iterator[tuple[State, list[int]]]:
    """Each state of a random match with the suits (as card masks) that each
    seat has shown it lacks this hand, worked out from the public trick
    zone: a seat that plays off the suit led holds none of that suit."""
    previous: dict[str, Any] | None = None
    hands_finished = 0
    voids: list[int] = []
    for state in trajectory(name, options, seed):
        deck = state.game.deck
        n = state.game.num_players
        if not voids or len(state.hand_results()) != hands_finished:
            voids = [0] * n
            hands_finished = len(state.hand_results())
        elif previous is not None and state.history:
            seat = previous["to_move"]
            trick = previous["zones"].get("trick")
            action = state.history[-1]
            if trick and 0 <= seat < n and action < len(deck):
                led = deck.parse(trick[0]["card"])
                played = deck[action]
                if not set(played.suits) & set(led.suits):
                    for suit in led.suits:
                        voids[seat] |= deck.suit_masks[deck.suits.index(suit)]
        yield state, voids
        previous = state.observation(0)


@over_games
@pytest.mark.parametrize("seed", SEEDS[:1])
def test_determinize(name: str, options: dict[str, object], seed: int) -> None:
    """The seat's observation and the card conservation survive, each other
    hand keeps its size and gets no card of a suit its holder showed void in."""
    rng = random.Random(seed)
    voids_seen = 0
    for state, voids in public_voids(name, options, seed):
        voids_seen += sum(1 for mask in voids if mask)
        before = fingerprint(state)
        locations = state.card_locations()
        # the seat to move and one other seat at every step
        to_move = state.current_player()
        chosen = {rng.choice(seats(state))}
        if to_move >= 0:
            chosen.add(to_move)
        for seat in sorted(chosen):
            other = state.determinize(seat, rng)
            assert type(other) is type(state)
            assert other.observation(seat) == before["observations"][seat]
            check_conservation(other)
            if state.current_player() == seat:
                assert other.legal_actions() == before["legal"]
            other_locations = other.card_locations()
            for holder in seats(state):
                hand = other_locations[f"hand {holder}"]
                assert hand.bit_count() == locations[f"hand {holder}"].bit_count()
                if holder == seat:
                    assert hand == locations[f"hand {seat}"]
                else:
                    assert hand & voids[holder] == 0, (
                        f"seat {holder} showed a void but was dealt "
                        f"{state.game.deck.codes(hand & voids[holder])}"
                    )
            if not state.is_terminal():
                other.apply(random_action(other, rng))
                check_conservation(other)
        assert fingerprint(state) == before, "determinize changed the state"
    if "trick" in state.observation(0)["zones"]:
        assert voids_seen > 0, "random play showed no void: the void check tested nothing"


# --- random play (hypothesis) ---------------------------------------------------


@over_games
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), chance=st.booleans())
@settings(max_examples=6, deadline=None)
def test_random_play_to_the_end(name: str, options: dict[str, object], seed: int,
                                chance: bool) -> None:
    state = make(name, options).new_state(seed=seed, explicit_chance=chance)
    rng = random.Random(seed)
    start = [0] * state.game.num_players
    while not state.is_terminal():
        check_legal(state)
        check_conservation(state)
        state.apply(random_action(state, rng))
    check_legal(state)
    check_conservation(state)
    check_scores(state, start)
    assert snapshot(parlour.replay(json.dumps(state.record()))) == snapshot(state)


def test_every_registered_game_is_covered() -> None:
    assert sorted(parlour.games()) == GAME_NAMES
    assert sorted({game for game, _ in GAME_OPTION_SETS}) == GAME_NAMES

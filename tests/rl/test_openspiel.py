"""The OpenSpiel games (:mod:`parlour.rl.openspiel`): registration, the
declared game types and infos, OpenSpiel's own random simulation test over
every game, matches played through pyspiel against the parlour state,
observations and the perfect-recall information state (string and
tensor), OpenSpiel's RL environment, parameters and their errors, and
OpenSpiel's MCTS and ISMCTS bots playing to the end."""

from __future__ import annotations

import json
import pickle
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation  # noqa: E402

import parlour  # noqa: E402
from openspiel_play import play_with_bots  # noqa: E402
from parlour import OptionError  # noqa: E402
from parlour.rl import openspiel  # noqa: E402
from support import GAME_NAMES, GAME_OPTION_SETS, as_json, option_id, option_sets  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_mcts.py"

SAMPLED_OPTION_SETS = GAME_OPTION_SETS[1::6]
"""Every sixth option set of the registry-wide spread (OpenSpiel's random
simulation of all of them takes over a minute)."""

FAST_OPTIONS = {name: option_sets(name)[0] for name in GAME_NAMES}
"""Per game, the options of a short match (the spread's base)."""

GameType = pyspiel.GameType


def load(name: str, options: dict[str, object] | None = None) -> Any:
    return pyspiel.load_game(openspiel.openspiel_name(name), dict(options or {}))


def sampled_action(state: Any, rng: random.Random) -> int:
    """A chance outcome by its probability, or a uniform legal action."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(outcomes, probabilities)[0])
    return int(rng.choice(state.legal_actions()))


def play_until_decision(state: Any, rng: random.Random) -> list[int]:
    """Sample chance outcomes until a seat is to move; the outcomes."""
    outcomes = []
    while state.is_chance_node():
        outcomes.append(sampled_action(state, rng))
        state.apply_action(outcomes[-1])
    return outcomes


# --- registration -----------------------------------------------------------

def test_every_game_is_registered_under_its_name() -> None:
    expected = [f"parlour_{name.replace('-', '_')}" for name in GAME_NAMES]
    assert len(expected) == 17
    assert openspiel.registered_names() == expected
    assert set(expected) <= set(pyspiel.registered_names())
    assert "parlour_ranter_go_round" in expected and "parlour_bakers_dozen" in expected


def test_register_twice_is_harmless() -> None:
    assert openspiel.register() == openspiel.registered_names()
    assert openspiel.register() == openspiel.registered_names()
    assert load("golf").num_players() == 1


# --- game types and infos ---------------------------------------------------

def test_polignac_type_and_info() -> None:
    game = load("polignac", {"players": 5})
    game_type = game.get_type()
    assert game_type.short_name == "parlour_polignac"
    assert game_type.long_name == "parlour Polignac"
    assert game_type.dynamics == GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == GameType.Utility.ZERO_SUM
    assert game_type.reward_model == GameType.RewardModel.TERMINAL
    assert (game_type.min_num_players, game_type.max_num_players) == (3, 8)
    assert game_type.provides_observation_tensor and game_type.provides_observation_string
    assert game_type.provides_information_state_string
    assert game_type.provides_information_state_tensor
    assert game_type.parameter_specification == {
        "ace_high": False, "capot": True, "capot_bidder_leads": False,
        "capot_fail": "bidder_5", "pack_reduction": "black_sevens", "players": 4,
        "target": 20, "redeal_undecided": True, "pack": 32, "direction": "left",
    }
    assert game.num_players() == 5
    assert game.num_distinct_actions() == 34
    assert game.max_chance_outcomes() == 34
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 4.0, 0.0)
    # (5 * (20 - 1) + 1) hands of 32 cards, 5 calls and 2 discards
    assert game.max_game_length() == 96 * 39
    assert game.observation_tensor_shape() == [
        parlour.make("polignac", players=5).observation_tensor_size
    ]


def test_bakers_dozen_is_a_perfect_information_patience() -> None:
    game = load("bakers-dozen", {"max_moves": 200})
    game_type = game.get_type()
    assert game_type.information == GameType.Information.PERFECT_INFORMATION
    assert game_type.utility == GameType.Utility.GENERAL_SUM
    assert (game_type.min_num_players, game_type.max_num_players) == (1, 1)
    assert game_type.parameter_specification == {
        "max_moves": 1000, "progress_card": "excluded", "redeal_undecided": True,
    }
    assert game.num_players() == 1
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, None)
    assert game.max_game_length() == 200


def test_golf_and_ranter_go_round_infos() -> None:
    golf = load("golf")
    assert golf.get_type().information == GameType.Information.IMPERFECT_INFORMATION
    assert golf.get_type().utility == GameType.Utility.GENERAL_SUM
    assert golf.num_distinct_actions() == parlour.make("golf").num_actions
    assert golf.max_game_length() == 2 * 53
    ranter = load("ranter-go-round", {"players": 3, "lives": 2})
    assert ranter.get_type().long_name == "parlour Ranter Go Round"
    assert (ranter.get_type().min_num_players, ranter.get_type().max_num_players) == (2, 26)
    assert (ranter.min_utility(), ranter.max_utility()) == (-1.0, 2.0)
    # (3 seats * 2 lives + 50 play-off hands) * 2 decisions a seat
    assert ranter.max_game_length() == (3 * 2 + 50) * 2 * 3
    costly = load("costly-colours", {"players": 4})
    assert (costly.min_utility(), costly.max_utility(), costly.utility_sum()) == (-1.0, 3.0, 0.0)


# --- OpenSpiel's random simulation test -------------------------------------

@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_sim_test_with_defaults(name: str) -> None:
    """With ``serialize``: each state of the first ten steps and of every
    power of two goes through ``serialize_game_and_state`` and back."""
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "options"), SAMPLED_OPTION_SETS,
    ids=[f"{name}[{option_id(options)}]" for name, options in SAMPLED_OPTION_SETS],
)
def test_random_sim_test_with_options(name: str, options: dict[str, object]) -> None:
    pyspiel.random_sim_test(load(name, options), num_sims=1, serialize=True, verbose=False)


# --- pickling and serialisation ---------------------------------------------

def through_pickle(state: Any) -> Any:
    return pickle.loads(pickle.dumps(state))


def through_serialization(state: Any) -> Any:
    game, copy = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state))
    assert str(game) == str(state.get_game())
    return copy


def assert_same_match(copy: Any, state: Any) -> None:
    """Everything a pyspiel state answers is the same in ``copy``: the
    node, the actions, every seat's observation and information state
    (string and tensor), the returns."""
    assert type(copy) is type(state)
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    assert copy.current_player() == state.current_player()
    assert copy.is_terminal() == state.is_terminal()
    assert copy.returns() == state.returns()
    if state.is_chance_node():
        assert copy.chance_outcomes() == state.chance_outcomes()
    else:
        assert copy.legal_actions() == state.legal_actions()
    for seat in range(state.get_game().num_players()):
        assert copy.observation_string(seat) == state.observation_string(seat)
        assert copy.information_state_string(seat) == state.information_state_string(seat)
        assert copy.information_state_tensor(seat) == state.information_state_tensor(seat)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_game_pickles_and_serialises_by_name_and_parameters(name: str) -> None:
    game = load(name, FAST_OPTIONS[name])
    for copy in (through_pickle(game), pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, game.new_initial_state()))[0]):
        assert type(copy) is type(game)
        assert str(copy) == str(game)
        assert copy.get_parameters() == game.get_parameters()
        assert copy.parlour_game.options == game.parlour_game.options
    assert len(pickle.dumps(game)) < 1000


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_state_pickles_and_serialises(name: str) -> None:
    """Every state of a match (the first 40 steps, then every 23rd, and the
    end), with some seats' information states read before: the copy answers
    as the original does, and plays on to the same end."""
    game = load(name, FAST_OPTIONS[name])
    seats = game.num_players()
    probe = game.new_initial_state()
    rng = random.Random(17)
    while not probe.is_terminal():
        probe.apply_action(sampled_action(probe, rng))
    # a copy made on the way (halfway in a tiny game's short match)
    halfway = min(30, len(probe.history()) // 2)
    state = game.new_initial_state()
    rng = random.Random(17)
    steps = 0
    while not state.is_terminal():
        state.information_state_tensor(steps % seats)
        if steps < 40 or steps % 23 == 0:
            assert_same_match(through_pickle(state), state)
            assert_same_match(through_serialization(state), state)
        state.apply_action(sampled_action(state, rng))
        steps += 1
        if steps == halfway:
            middle = through_pickle(state)
    assert_same_match(through_pickle(state), state)
    for action in state.history()[halfway:]:
        middle.apply_action(action)
    assert_same_match(middle, state)


def test_a_game_and_a_state_unpickle_in_a_fresh_process() -> None:
    """A worker process that has imported nothing of parlour unpickles a
    game and a state: unpickling registers the games first."""
    game = load("knaves", {"target": 4})
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(80):
        state.apply_action(sampled_action(state, rng))
    worker = (
        "import pickle, sys\n"
        "game, state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(game, state.legal_actions(), state.information_state_string(2))\n"
    )
    result = subprocess.run([sys.executable, "-c", worker], input=pickle.dumps((game, state)),
                            capture_output=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode() == (
        f"{game} {state.legal_actions()} {state.information_state_string(2)}\n")


def test_a_resampled_state_pickles() -> None:
    """A state that ISMCTS resampled knows its past from the resampling on:
    its copy does too, every seat's information state included."""
    game = load("polignac", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(9)
    play_until_decision(state, rng)
    for _ in range(6):
        state.apply_action(sampled_action(state, rng))
    seat = state.current_player()
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(sample) != str(state)
    for step in range(40):
        assert_same_match(through_pickle(sample), sample)
        assert_same_match(through_serialization(sample), sample)
        sample.apply_action(sampled_action(sample, rng))
        if step < 2:
            assert sample.information_state_string(seat) != state.information_state_string(seat)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_pickled_state_is_small(name: str) -> None:
    """Under 20 KB at the start and in the middle of a match at the default
    options, with every seat's information state read: a state holds its
    actions, not its game's tables (Knaves' were 0.6 MB)."""
    game = load(name)
    seats = range(game.num_players())
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(sampled_action(state, rng))
    middle = game.new_initial_state()
    for action in state.history()[:len(state.history()) // 2]:
        middle.apply_action(action)
    for sample in (game.new_initial_state(), middle):
        for seat in seats:
            sample.information_state_tensor(seat)
            sample.information_state_string(seat)
        assert len(pickle.dumps(sample)) < 20_000
        assert len(pyspiel.serialize_game_and_state(game, sample)) < 20_000


def test_information_states_read_late_are_those_read_at_every_step() -> None:
    """A match keeps a copy of its state every 64 steps and replays the
    steps that an information state has not read: reading them at step 70
    and at the end, or in a clone taken at step 150 (which replays from the
    copy at step 64), gives what reading every seat's at every step gives,
    over several hands."""
    game = load("slobberhannes", {"players": 4, "target": 6})
    seats = range(game.num_players())
    eager = game.new_initial_state()
    late = game.new_initial_state()
    rng = random.Random(21)
    clone = None
    while not eager.is_terminal():
        action = sampled_action(eager, rng)
        for state in (eager, late):
            state.apply_action(action)
        for seat in seats:
            eager.information_state_tensor(seat)
            eager.information_state_string(seat)
        steps = len(eager.history())
        if steps == 70:
            for seat in seats:
                late.information_state_tensor(seat)
                late.information_state_string(seat)
        if steps == 150:
            clone = late.clone()
    assert len(eager.history()) > 3 * openspiel.CHECKPOINT_INTERVAL
    assert len(eager.parlour_state.hand_results()) > 1
    assert clone is not None
    for action in eager.history()[150:]:
        clone.apply_action(action)
    for state in (late, clone):
        for seat in seats:
            assert state.information_state_tensor(seat) == eager.information_state_tensor(seat)
            assert state.information_state_string(seat) == eager.information_state_string(seat)


# --- matches through pyspiel ------------------------------------------------

@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_match_through_pyspiel_is_the_parlour_match(name: str) -> None:
    """The same actions reach the same states: current player, legal
    actions, chance outcomes, observation tensors and strings, returns."""
    options = FAST_OPTIONS[name]
    game = load(name, options)
    reference = parlour.make(name, **options).new_state(seed=0, explicit_chance=True)
    state = game.new_initial_state()
    rng = random.Random(5)
    seats = range(game.num_players())
    steps = 0
    while not reference.is_terminal():
        assert state.current_player() == reference.current_player()
        if reference.is_chance_node():
            assert state.chance_outcomes() == reference.chance_outcomes()
        else:
            assert state.legal_actions() == reference.legal_actions()
        if steps % 7 == 0:
            for seat in seats:
                assert np.array_equal(
                    np.asarray(state.observation_tensor(seat), np.float32),
                    reference.observation_tensor(seat),
                )
                assert json.loads(state.observation_string(seat)) == as_json(
                    reference.observation(seat)
                )
        action = sampled_action(state, rng)
        state.apply_action(action)
        reference.apply(action)
        steps += 1
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == reference.returns()
    assert state.history() == reference.history
    if game.num_players() > 1:
        assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_chance_outcomes_are_distributions(name: str) -> None:
    game = load(name, FAST_OPTIONS[name])
    state = game.new_initial_state()
    rng = random.Random(11)
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance_nodes += 1
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            assert actions == sorted(set(actions))
            assert all(0 <= action < game.max_chance_outcomes() for action in actions)
            assert all(probability > 0 for _, probability in outcomes)
            assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
            assert state.legal_actions() == actions
        state.apply_action(sampled_action(state, rng))
    assert chance_nodes > 0


def test_an_illegal_action_raises_the_parlour_message() -> None:
    game = load("polignac", {"players": 3})
    state = game.new_initial_state()
    play_until_decision(state, random.Random(2))
    reference = state.parlour_state
    illegal = next(action for action in range(game.num_distinct_actions())
                   if action not in state.legal_actions())
    with pytest.raises(parlour.IllegalAction) as raised:
        reference.clone().apply(illegal)
    with pytest.raises(parlour.IllegalAction, match=re.escape(str(raised.value))):
        state.apply_action(illegal)


# --- observations and information states ------------------------------------

def test_public_observer_gives_the_public_observation() -> None:
    game = load("slobberhannes", {"players": 3})
    state = game.new_initial_state()
    play_until_decision(state, random.Random(4))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.tensor is None
    assert json.loads(public.string_from(state, 0)) == as_json(
        state.parlour_state.public_observation())


def test_unsupported_observers_and_tensors_raise() -> None:
    game = load("slobberhannes", {"players": 3})
    with pytest.raises(ValueError, match="private_info=ALL_PLAYERS"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    with pytest.raises(ValueError, match="take no parameters"):
        make_observation(game, None, {"cards": True})
    state = game.new_initial_state()
    play_until_decision(state, random.Random(4))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    with pytest.raises(ValueError, match="the public observation has no tensor"):
        public.set_from(state, 0)


def test_information_state_is_the_observation_with_a_recall() -> None:
    game = load("polignac", {"players": 3})
    state = game.new_initial_state()
    play_until_decision(state, random.Random(6))
    text, recall = state.information_state_string(0).split("\n")
    assert json.loads(text) == json.loads(state.observation_string(0))
    assert re.fullmatch(r"recall [0-9a-f]{32}", recall)
    before = state.information_state_string(0)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_string(0) != before
    assert state.clone().information_state_string(0) == state.information_state_string(0)


def test_information_state_hides_what_a_seat_cannot_see() -> None:
    """Swapping two cards dealt to seats 1 and 2 changes nothing for seat 0
    (perfect recall included) and changes seats 1 and 2's information."""
    game = load("polignac", {"players": 3})
    first = game.new_initial_state()
    deal = play_until_decision(first, random.Random(8))
    locations = first.parlour_state.card_locations()
    deck = first.parlour_state.game.deck
    # a dealt card's chance outcome is its card id (the last outcomes of
    # the deal; a cut for the first dealer may come before them)
    card_of_1 = deck.parse(deck.codes(locations["hand 1"])[0]).id
    card_of_2 = deck.parse(deck.codes(locations["hand 2"])[0]).id
    position_1 = len(deal) - 1 - deal[::-1].index(card_of_1)
    position_2 = len(deal) - 1 - deal[::-1].index(card_of_2)
    swapped = list(deal)
    swapped[position_1], swapped[position_2] = card_of_2, card_of_1
    second = game.new_initial_state()
    for action in swapped:
        second.apply_action(action)
    assert not second.is_chance_node()
    assert second.information_state_string(0) == first.information_state_string(0)
    assert second.observation_string(0) == first.observation_string(0)
    for seat in (1, 2):
        assert second.information_state_string(seat) != first.information_state_string(seat)


def test_resampling_keeps_what_the_seat_knows() -> None:
    game = load("polignac", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(9)
    play_until_decision(state, rng)
    for _ in range(4):
        state.apply_action(sampled_action(state, rng))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    assert any(str(sample) != str(state) for sample in samples)
    observer = make_observation(game, INFO_STATE_OBS_TYPE)
    for sample in samples:
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sample.observation_string(seat) == state.observation_string(seat)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.history() == state.history()
        # the other seats remember the sampled world from the resampling on
        for other in range(3):
            if other != seat:
                observer.set_from(sample, other)
                assert not observer.dict["history_seats"].any()
                assert not observer.dict["own_actions"].any()
        while not sample.is_terminal():
            sample.apply_action(sampled_action(sample, rng))
            assert all("\nrecall " in sample.information_state_string(other)
                       for other in range(3))
            assert all(len(sample.information_state_tensor(other)) ==
                       game.information_state_tensor_size() for other in range(3))
        assert sum(sample.returns()) == pytest.approx(0.0)


# --- the information-state tensor -------------------------------------------

def test_information_state_tensor_sizes() -> None:
    # observation, own actions, earlier decisions, then the history's
    # slots (n seats, the action ids and the cards of each)
    slobberhannes = load("slobberhannes", {"players": 3})
    assert slobberhannes.observation_tensor_size() == 411
    # a hand of 32 plays, 3 calls and 2 discards at most: 37 slots
    assert slobberhannes.information_state_tensor_size() == 411 + 32 + 1 + 37 * (3 + 32 + 32)
    assert slobberhannes.information_state_tensor_shape() == [2923]
    polignac = load("polignac", {"players": 5})
    assert polignac.information_state_tensor_size() == \
        polignac.observation_tensor_size() + 34 + 1 + 39 * (5 + 34 + 32)
    # a round of Progress Rummy is longer than the window of 64 decisions;
    # its card blocks count the 53 faces of two packs
    rummy = load("progress-rummy")
    assert (rummy.observation_tensor_size(), rummy.num_distinct_actions()) == (572, 145)
    assert rummy.information_state_tensor_size() == 572 + 145 + 1 + 64 * (4 + 145 + 53) == 13646
    observer = make_observation(rummy, INFO_STATE_OBS_TYPE)
    assert [(name, piece.shape) for name, piece in observer.dict.items()] == [
        ("observation", (572,)), ("own_actions", (145,)), ("earlier_decisions", (1,)),
        ("history_seats", (64, 4)), ("history_actions", (64, 145)),
        ("history_cards", (64, 53)),
    ]
    assert openspiel.INFORMATION_STATE_VERSION == 1


def test_information_state_tensor_after_known_moves() -> None:
    """Seat 1 leads 8S, seat 2 plays TS, seat 0 plays 9S (seat 2 takes the
    trick to its pile) and seat 2 leads KS."""
    game = load("slobberhannes", {"players": 3})
    state = game.new_initial_state()
    play_until_decision(state, random.Random(8))
    moves = ["8S", "TS", "9S", "KS"]
    for move in moves:
        state.apply_action(state.parlour_state.parse_action(move))
    deck = state.parlour_state.game.deck
    ids = [deck.parse(move).id for move in moves]
    # a card's play is its card id
    assert state.history()[-4:] == ids
    observer = make_observation(game, INFO_STATE_OBS_TYPE)
    expected_own = {0: [ids[2]], 1: [ids[0]], 2: [ids[1], ids[3]]}
    for seat in range(3):
        observer.set_from(state, seat)
        pieces = observer.dict
        assert np.array_equal(pieces["observation"], state.observation_tensor(seat))
        assert np.flatnonzero(pieces["own_actions"]).tolist() == sorted(expected_own[seat])
        assert pieces["own_actions"].sum() == len(expected_own[seat])
        assert pieces["earlier_decisions"][0] == 0
        # the deciding seats 1, 2, 0, 2 relative to this one, oldest first
        assert np.argwhere(pieces["history_seats"]).tolist() == [
            [slot, (actor - seat) % 3] for slot, actor in enumerate([1, 2, 0, 2])
        ]
        assert np.argwhere(pieces["history_actions"]).tolist() == [
            [slot, ids[slot]] for slot, actor in enumerate([1, 2, 0, 2]) if actor == seat
        ]
        # what moved in the seat's view: each card played, and the third
        # one took the whole trick to the winner's pile
        assert [np.flatnonzero(row).tolist() for row in pieces["history_cards"][:5]] == [
            [ids[0]], [ids[1]], sorted(ids[:3]), [ids[3]], [],
        ]
    assert state.information_state_tensor(1) == observer_tensor(game, state, 1)


def observer_tensor(game: Any, state: Any, seat: int) -> list[float]:
    observer = make_observation(game, INFO_STATE_OBS_TYPE)
    observer.set_from(state, seat)
    return [float(value) for value in observer.tensor]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_information_state_tensor_remembers_the_current_hand(name: str) -> None:
    """Checked against a plain list of the hand's decisions, reset whenever
    a hand is finished (``hand_results`` grows): every seat's own-actions
    counts, the window of the latest decisions and the number before it.
    Where a hand fits the window (every game but Bharg, Progress, Progress
    Rummy and the patiences), no decision is ever left out."""
    game = load(name, FAST_OPTIONS[name])
    layout = game.information_state_layout
    observer = make_observation(game, INFO_STATE_OBS_TYPE)
    assert observer.tensor.size == game.information_state_tensor_size() == layout.size
    seats = game.num_players()
    state = game.new_initial_state()
    rng = random.Random(13)
    hands = 0
    decisions: list[tuple[int, int]] = []
    longest = 0
    steps = 0
    while not state.is_terminal():
        actor = state.current_player()
        if actor >= 0:
            # who decides is public: every observation names it
            assert json.loads(state.observation_string((actor + 1) % seats))["to_move"] == actor
        action = sampled_action(state, rng)
        state.apply_action(action)
        steps += 1
        if actor >= 0:
            decisions.append((actor, action))
            longest = max(longest, len(decisions))
        if len(state.parlour_state.hand_results()) != hands:
            hands = len(state.parlour_state.hand_results())
            decisions = []
        if steps % 5 and not state.is_terminal():
            continue
        window = decisions[-layout.slots:]
        for seat in range(seats):
            observer.set_from(state, seat)
            pieces = observer.dict
            assert np.array_equal(pieces["observation"], state.observation_tensor(seat))
            own = np.zeros(game.num_distinct_actions(), np.float32)
            for decider, decided in decisions:
                own[decided] += decider == seat
            assert np.array_equal(pieces["own_actions"], own)
            assert pieces["earlier_decisions"][0] == len(decisions) - len(window)
            assert np.argwhere(pieces["history_seats"]).tolist() == [
                [slot, (decider - seat) % seats] for slot, (decider, _) in enumerate(window)
            ]
            assert np.argwhere(pieces["history_actions"]).tolist() == [
                [slot, decided] for slot, (decider, decided) in enumerate(window)
                if decider == seat
            ]
            assert not pieces["history_cards"][len(window):].any()
    if game.parlour_game.max_hand_decisions() <= openspiel.HISTORY_WINDOW:
        assert longest <= layout.slots
    else:
        assert layout.slots == openspiel.HISTORY_WINDOW


@pytest.mark.parametrize("name", ["polignac", "slobberhannes", "knaves"])
def test_information_state_tensor_hides_what_a_seat_cannot_see(name: str) -> None:
    """Two deals that differ by a card of seat 1 swapped with one of seat 2,
    neither played in the first fifteen moves: seat 0 has the same
    information state (string and tensor) after them, seats 1 and 2 not."""
    game = load(name, {} if name == "knaves" else {"players": 3})
    first = game.new_initial_state()
    rng = random.Random(8)
    deal = play_until_decision(first, rng)
    locations = first.parlour_state.card_locations()
    deck = first.parlour_state.game.deck
    moves = []
    for _ in range(15):
        moves.append(sampled_action(first, rng))
        first.apply_action(moves[-1])
    assert not first.is_chance_node()

    def swapped_match(card_of_1: int, card_of_2: int) -> Any | None:
        """The match with the two cards swapped in the deal, if the same
        moves are legal there."""
        swapped = list(deal)
        position_1 = len(deal) - 1 - deal[::-1].index(card_of_1)
        position_2 = len(deal) - 1 - deal[::-1].index(card_of_2)
        swapped[position_1], swapped[position_2] = card_of_2, card_of_1
        second = game.new_initial_state()
        for action in swapped + moves:
            if action not in second.legal_actions():
                return None
            second.apply_action(action)
        return second

    # a dealt card's chance outcome is its card id
    pairs = [(deck.parse(one).id, deck.parse(two).id)
             for one in deck.codes(locations["hand 1"]) for two in deck.codes(locations["hand 2"])]
    second = next(match for match in (swapped_match(*pair) for pair in pairs) if match)
    assert str(second) != str(first)
    assert second.information_state_string(0) == first.information_state_string(0)
    assert second.information_state_tensor(0) == first.information_state_tensor(0)
    clone = second.clone()
    assert clone.information_state_tensor(0) == first.information_state_tensor(0)
    for seat in (1, 2):
        assert second.information_state_tensor(seat) != first.information_state_tensor(seat)


def test_information_state_tensor_hides_the_dealers_discards() -> None:
    """Polignac's dealer discards two cards face down: the other seats'
    information states are the same whichever two, the dealer's not."""
    game = load("polignac", {"players": 3, "pack_reduction": "dealer_discard"})
    worlds = []
    for choose in (min, max):
        state = game.new_initial_state()
        play_until_decision(state, random.Random(3))
        dealer = state.current_player()
        for _ in range(2):
            assert state.current_player() == dealer
            state.apply_action(choose(state.legal_actions()))
        state.apply_action(state.parlour_state.parse_action("pass"))
        worlds.append(state)
    first, second = worlds
    assert first.history() != second.history()
    others = [seat for seat in range(3) if seat != dealer]
    for seat in others:
        assert first.information_state_string(seat) == second.information_state_string(seat)
        assert first.information_state_tensor(seat) == second.information_state_tensor(seat)
    assert first.information_state_tensor(dealer) != second.information_state_tensor(dealer)
    observer = make_observation(game, INFO_STATE_OBS_TYPE)
    observer.set_from(first, others[0])
    # the discards are there as the dealer's decisions, without a card
    assert observer.dict["history_seats"][:3].sum() == 3
    assert not observer.dict["history_actions"][:2].any()
    assert not observer.dict["history_cards"][:2].any()

def test_rl_environment_plays_a_match_on_information_states() -> None:
    """OpenSpiel's RL environment observes information-state tensors by
    default; a whole match of random legal actions."""
    environment = rl_environment.Environment("parlour_slobberhannes", players=3, target=2)
    game = environment.game
    size = game.information_state_tensor_size()
    assert environment.observation_spec()["info_state"] == (size,)
    environment.seed(3)
    rng = np.random.RandomState(3)
    time_step = environment.reset()
    decisions = 0
    while not time_step.last():
        observations = time_step.observations
        player = observations["current_player"]
        assert [len(info) for info in observations["info_state"]] == [size] * 3
        assert observations["info_state"][player] == \
            environment.get_state.information_state_tensor(player)
        time_step = environment.step([int(rng.choice(observations["legal_actions"][player]))])
        decisions += 1
    # one hand of 30 cards at least
    assert decisions >= 30
    assert sum(time_step.rewards) == pytest.approx(0.0)
    assert time_step.rewards == environment.get_state.returns()
    assert any(time_step.rewards)


KINGS_STOP = "parlour_ranter_go_round(players=2,lives=1,king_rule=stops_hand"
"""Two seats of one life each, and a king dealt stops the hand: a sixth of
the matches end on the deal, before anyone decides."""


def test_rl_environment_never_starts_on_a_finished_match() -> None:
    """A match that ends before any seat decides is dealt again, as the
    PettingZoo and Gymnasium environments deal again: every reset starts
    on a seat's decision (nine of these sixty resets started on a finished
    match before)."""
    environment = rl_environment.Environment(KINGS_STOP + ")")
    environment.seed(0)
    starts = [environment.reset() for _ in range(60)]
    assert {time_step.step_type for time_step in starts} == {rl_environment.StepType.FIRST}
    assert {time_step.observations["current_player"] for time_step in starts} == {0, 1}
    assert all(time_step.observations["legal_actions"][time_step.observations["current_player"]]
               for time_step in starts)


def test_a_match_that_ends_before_any_decision_is_dealt_again() -> None:
    """P1 deals first, P0 is dealt 5C and P1 KH: the king stops the hand and
    P0 loses its one life before anyone decides. The match is dealt again
    from the cut for the first dealer (the history keeps the first deal);
    with ``redeal_undecided=false`` it ends there."""
    void_deal = [55, 44, 26]
    kept = pyspiel.load_game(KINGS_STOP + ",redeal_undecided=false)")
    state = kept.new_initial_state()
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, action)
            for action in void_deal] == ["P1 deals first", "deal 5C", "deal KH"]
    for action in void_deal:
        state.apply_action(action)
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]

    game = pyspiel.load_game(KINGS_STOP + ")")
    state = game.new_initial_state()
    first_cut = state.chance_outcomes()
    for action in void_deal:
        state.apply_action(action)
    assert not state.is_terminal()
    assert state.chance_outcomes() == first_cut
    assert state.history() == void_deal
    assert state.parlour_state.history == []
    seen = state.information_state_string(0)
    assert seen != game.new_initial_state().information_state_string(0)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(sampled_action(state, rng))
        assert_same_match(through_pickle(state), state)
    assert state.history()[:3] == void_deal
    assert sum(state.returns()) == pytest.approx(0.0)
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert_same_match(replayed, state)


# --- parameters -------------------------------------------------------------

def test_parameters_are_the_options() -> None:
    game = pyspiel.load_game("parlour_polignac(players=5,capot=false,pack_reduction=red_sevens)")
    assert game.num_players() == 5
    assert game.parlour_game.options["capot"] is False
    assert game.parlour_game.options["pack_reduction"] == "red_sevens"
    assert load("polignac", {"players": 5}).num_players() == 5
    assert load("progress", {"players": 8, "large_table": "two_decks"}).num_players() == 8


def test_a_preset_still_sets_the_other_defaults() -> None:
    game = load("ranter-go-round", {"preset": "hoffmann_1891"})
    assert game.parlour_game.options["lives"] == 4
    assert parlour.make("ranter-go-round", preset="hoffmann_1891").options == \
        game.parlour_game.options


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("polignac", {"players": 9}, "option 'players' must be one of 3, 4, 5, 6, 7, 8, not 9"),
        ("polignac", {"target": 0}, "option 'target' must be an integer from 1 to 100, not 0"),
        ("progress", {"players": 9}, "option 'players' must be an integer from 2 to 8, not 9"),
        ("ranter-go-round", {"life_board": "morris"},
         "life_board='morris' needs lives=4 (the fourth loss reaches the centre), not lives=3"),
        ("golf", {"progress_card": "wrong"},
         "option 'progress_card' must be one of excluded, wild, not wrong"),
    ],
)
def test_bad_options_raise_the_parlour_message(
    name: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionError) as raised:
        load(name, options)
    assert str(raised.value) == message


def test_unknown_and_mistyped_parameters_raise_openspiel_messages() -> None:
    with pytest.raises(pyspiel.SpielError) as unknown:
        load("polignac", {"trumps": 1})
    assert str(unknown.value) == (
        "Unknown parameter 'trumps'. Available parameters are: ace_high, capot, "
        "capot_bidder_leads, capot_fail, direction, pack, pack_reduction, players, "
        "redeal_undecided, target"
    )
    with pytest.raises(pyspiel.SpielError) as mistyped:
        load("polignac", {"players": "five"})
    assert str(mistyped.value) == (
        "Wrong type for parameter players. Expected type: kInt, got kString with five"
    )


# --- OpenSpiel's bots -------------------------------------------------------

def test_mcts_bot_plays_ranter_go_round_to_the_end() -> None:
    game = load("ranter-go-round", {"players": 3, "lives": 1})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator,
                       random_state=rng)
    state = play_with_bots(game, bot, rng)
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert sorted(returns) in ([-1.0, -1.0, 2.0], [-1.0, 0.5, 0.5], [0.0, 0.0, 0.0])


def test_ismcts_bot_plays_slobberhannes_to_the_end() -> None:
    game = load("slobberhannes", {"players": 3, "target": 2})
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=10, random_state=rng)
    state = play_with_bots(game, bot, rng)
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert sorted(returns) in ([-1.0, -1.0, 2.0], [-1.0, 0.5, 0.5], [0.0, 0.0, 0.0])
    assert state.parlour_state.is_terminal()


# --- the example ------------------------------------------------------------

def run_example(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLE), *arguments],
        capture_output=True, text=True, timeout=120, check=False,
    )


def test_example_plays_mcts_against_random_bots() -> None:
    result = run_example("ranter-go-round", "--matches", "2", "--simulations", "5",
                         "--seed", "3", "players=3", "lives=1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 4
    assert lines[0].startswith("parlour_ranter_go_round(")
    assert lines[0].endswith("MCTS (5 simulations) in seat 0, random bots elsewhere")
    assert "lives=1" in lines[0] and "players=3" in lines[0]
    seat_returns = []
    for index, line in enumerate(lines[1:3], start=1):
        match = re.fullmatch(rf"match {index}: returns (\S+) (\S+) (\S+)", line)
        assert match, line
        returns = [float(value) for value in match.groups()]
        assert sum(returns) == pytest.approx(0.0)
        seat_returns.append(returns[0])
    assert lines[3] == f"mean return of the MCTS seat: {sum(seat_returns) / 2:+.3f}"


def test_example_refuses_a_bad_option() -> None:
    result = run_example("polignac", "players=9")
    assert result.returncode == 2
    assert "option 'players' must be one of 3, 4, 5, 6, 7, 8, not 9" in result.stderr

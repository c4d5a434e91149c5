"""What every registered game declares about itself beyond its rules, as
OpenSpiel's ``GameType`` and ``GameInfo`` do (``Game.perfect_information``,
``Game.max_hand_decisions``, ``Game.max_match_decisions``), checked against
the games' own states: a game of perfect information hides nothing that a
re-deal could change, any other hides something, and random matches stay
within the declared bounds."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.engine import Deal, Game, State, game_class
from parlour.engine.invariants import snapshot
from support import GAME_NAMES, GAME_OPTION_IDS, GAME_OPTION_SETS, option_sets, random_action

BOUNDS_AT_THE_DEFAULTS = {
    "bakers-dozen": (1000, 1000),
    "bassadewitz": (32, 2560),
    "bharg": (602, 602000),
    "calculation": (106, 106),
    "clock": (106, 106),
    "costly-colours": (30, 3660),
    "eichelobern": (38, 1406),
    "golf": (106, 106),
    "grasobern": (38, 1406),
    "knaves": (52, 3640),
    "polignac": (38, 2926),
    "progress": (375, 168750),
    "progress-rummy": (60000, 300000),
    "ranter-go-round": (12, 816),
    "slobberhannes": (38, 1406),
    "tiny-polignac": (9, 9),
    "tiny-ranter-go-round": (4, 4),
}
"""Per game, its bounds on the decisions of a hand and of a match at its
default options: the figures the research environments have always used
(OpenSpiel's ``max_game_length``, the information-state tensor's history)."""

SEEDS = range(3)


def test_every_game_declares_its_information_type() -> None:
    listing = parlour.games()
    for name in GAME_NAMES:
        declared = game_class(name).perfect_information
        assert isinstance(declared, bool)
        assert listing[name]["perfect_information"] is declared
    perfect = [name for name in GAME_NAMES if game_class(name).perfect_information]
    assert perfect == ["bakers-dozen"]


def test_the_contract_has_no_bounds_of_its_own() -> None:
    """A game that declares no bounds says so (the default of the contract)."""

    class Unbounded(Game):
        name = "unbounded"

        @property
        def num_actions(self) -> int:
            return 1

        @property
        def observation_tensor_size(self) -> int:
            return 1

        def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> State:
            raise NotImplementedError

    game = object.__new__(Unbounded)
    with pytest.raises(NotImplementedError) as caught:
        game.max_hand_decisions()
    assert str(caught.value) == "Unbounded does not bound its hands"
    with pytest.raises(NotImplementedError) as caught:
        game.max_match_decisions()
    assert str(caught.value) == "Unbounded does not bound its matches"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_bounds_at_the_defaults(name: str) -> None:
    game = parlour.make(name)
    assert (game.max_hand_decisions(), game.max_match_decisions()) == \
        BOUNDS_AT_THE_DEFAULTS[name]


@pytest.mark.parametrize(("name", "options"), GAME_OPTION_SETS, ids=GAME_OPTION_IDS)
def test_bounds_are_whole_numbers(name: str, options: dict[str, object]) -> None:
    game = parlour.make(name, **options)
    hand, match = game.max_hand_decisions(), game.max_match_decisions()
    assert type(hand) is int and type(match) is int
    assert 1 <= hand <= match


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_matches_stay_within_the_bounds(name: str) -> None:
    """Every hand (from one entry of ``hand_results`` to the next) and the
    whole match take no more decisions than declared."""
    game = parlour.make(name, **option_sets(name)[0])
    for seed in SEEDS:
        state = game.new_state(seed=seed, explicit_chance=True)
        rng = random.Random(seed)
        hands = 0
        in_hand = longest = total = 0
        while not state.is_terminal():
            decision = not state.is_chance_node()
            state.apply(random_action(state, rng))
            if decision:
                in_hand += 1
                total += 1
                longest = max(longest, in_hand)
                assert total <= game.max_match_decisions()
            if len(state.hand_results()) != hands:
                hands = len(state.hand_results())
                in_hand = 0
        assert 1 <= longest <= game.max_hand_decisions()


def diverges(state: State, sample: State, rng: random.Random) -> bool:
    """Whether ``sample`` (a re-deal of ``state``) and ``state``, given the
    same actions and chance outcomes, ever differ in what can be seen
    (observations, legal actions, card zones, scores) before the match ends."""
    state, sample = state.clone(), sample.clone()
    while True:
        if snapshot(sample) != snapshot(state):
            return True
        if state.is_terminal():
            return False
        if state.is_chance_node() and sample.chance_outcomes() != state.chance_outcomes():
            return True
        action = random_action(state, rng)
        state.apply(action)
        sample.apply(action)


def decision_points(name: str, seed: int) -> list[State]:
    """The first, sixth and twenty-first decisions of a random match with
    every card dealt as a chance outcome (fewer if it ends sooner)."""
    state = parlour.make(name, **option_sets(name)[0]).new_state(seed=seed, explicit_chance=True)
    rng = random.Random(seed)
    points: list[State] = []
    decisions = 0
    while not state.is_terminal() and decisions <= 20:
        if not state.is_chance_node():
            if decisions in (0, 5, 20):
                points.append(state.clone())
            decisions += 1
        state.apply(random_action(state, rng))
    return points


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_information_type_is_what_a_re_deal_shows(name: str) -> None:
    """Re-dealing what a seat cannot see (``determinize``), then playing
    the same actions and chance outcomes: in a game of perfect information
    nothing ever changes, for any seat; in any other game some re-deal
    changes something (another seat's hand, a face-down card turned up)."""
    perfect = game_class(name).perfect_information
    rng = random.Random(7)
    changed = False
    for seed in SEEDS:
        for state in decision_points(name, seed):
            for seat in range(state.game.num_players):
                sample = state.determinize(seat, rng)
                if perfect:
                    assert not diverges(state, sample, random.Random(seed))
                elif diverges(state, sample, random.Random(seed)):
                    changed = True
                    break
            if changed:
                break
        if changed:
            break
    assert changed is not perfect


def test_a_game_says_what_it_calls_a_hand() -> None:
    words = {name: parlour.make(name).describe()["hand_word"] for name in parlour.games()}
    assert {name: word for name, word in words.items() if word != "hand"} == {
        "bharg": "round", "progress-rummy": "round"}

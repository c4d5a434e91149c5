"""The heuristic player of the six trick games: legal through whole matches
on several option sets, deterministic for a seed, the right card in
situations a competent player knows (set up with fixed deals), fast, and
stronger than random play by more than the noise.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

import parlour
from parlour.agents import AGENTS, make_agent
from parlour.agents.heuristic import HeuristicAgent, heuristic_action
from parlour.agents.heuristic.strategies import STRATEGIES
from parlour.agents.registry import heuristics
from parlour.errors import OptionError
from support import heuristic_match

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("polignac", {"target": 6}),
    ("polignac", {"players": 3, "pack_reduction": "dealer_discard", "target": 6}),
    ("polignac", {"players": 5, "ace_high": True, "capot_bidder_leads": True, "target": 5}),
    ("polignac", {"players": 6, "pack_reduction": "red_sevens", "capot_fail": "jacks_normal",
                  "target": 5}),
    ("polignac", {"capot": False, "target": 6}),
    ("knaves", {"target": 8}),
    ("knaves", {"hand_size": 13, "turned_jack": "to_last_trick", "tie_rule": "shared",
                "target": 6}),
    ("slobberhannes", {"target": 4}),
    ("slobberhannes", {"players": 3, "target": 4}),
    ("eichelobern", {"target": 4}),
    ("eichelobern", {"players": 6, "target": 4}),
    ("grasobern", {"target": 4}),
    ("grasobern", {"players": 5, "grasober_value": 1, "grasober_forced_discard": False,
                   "target": 4}),
    ("bassadewitz", {"rounds": 1}),
    ("bassadewitz", {"rounds": 1, "pack": "french", "ranking": "natural", "ace_value": 5,
                     "trick_bonus": 1}),
]
IDS = [f"{name}-{index}" for index, (name, _) in enumerate(OPTION_SETS)]


# --- registry, errors --------------------------------------------------------
def test_registered_as_heuristic() -> None:
    assert "heuristic" in AGENTS
    agent = make_agent("heuristic", 3)
    assert isinstance(agent, HeuristicAgent)
    assert agent.name == "heuristic"


def test_every_trick_game_has_a_strategy() -> None:
    assert {game.name for game, _ in STRATEGIES} == {
        "polignac", "knaves", "slobberhannes", "eichelobern", "grasobern", "bassadewitz",
        "tiny-polignac",
    }


def test_every_registered_game_has_a_heuristic() -> None:
    assert set(heuristics()) == set(parlour.games())


def test_a_game_without_a_strategy_is_refused() -> None:
    state = parlour.make("polignac").new_state(seed=1)
    observation = state.observation(state.current_player())
    observation["game"] = "whist"
    with pytest.raises(OptionError, match="no strategy for 'whist'"):
        heuristic_action(observation, state.legal_actions(), random.Random(0))


def test_an_observation_without_options_is_refused() -> None:
    state = parlour.make("knaves").new_state(seed=1)
    observation = state.observation(state.current_player())
    del observation["options"]
    with pytest.raises(OptionError, match="no 'options'"):
        heuristic_action(observation, state.legal_actions(), random.Random(0))


# --- whole matches -----------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=IDS)
def test_legal_through_whole_matches(name: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        heuristic_match(name, options, seed)
        heuristic_match(name, options, seed, heuristic_seats={seed % 3})


@pytest.mark.parametrize(("name", "options"), OPTION_SETS[::2], ids=IDS[::2])
def test_deterministic_for_a_seed(name: str, options: dict[str, Any]) -> None:
    assert heuristic_match(name, options, 11) == heuristic_match(name, options, 11)


# --- situations --------------------------------------------------------------
def fixed(name: str, hands: list[str], plays: str = "", dealer: int = 0,
          **options: Any) -> Any:
    """A state from a fixed deal (``hands`` space-separated, P0 first),
    after the calls and cards of ``plays`` (comma-separated)."""
    deal: dict[str, Any] = {"dealer": dealer, "hands": [hand.split() for hand in hands]}
    turnup = options.pop("turnup", None)
    if turnup is not None:
        deal["turnup"] = turnup
    state = parlour.make(name, **options).new_state(deal=deal)
    for text in filter(None, (part.strip() for part in plays.split(","))):
        state.apply(state.parse_action(text))
    return state


def heuristic_play(state: Any) -> str:
    """The heuristic player's move for the seat to move, as text."""
    seat = state.current_player()
    action = heuristic_action(state.observation(seat), state.legal_actions(), random.Random(0))
    text: str = state.action_to_str(action)
    return text


POLIGNAC_HANDS = [
    "7H 8H 9H TH 7D 8D 9D TD",
    "AH JH QH KH 9S 8C 9C TC",
    "JS 7S 8S AD JD QD KD 7C",
    "TS AS QS KS AC JC QC KC",
]


def test_polignac_throws_the_jack_of_spades_when_void() -> None:
    state = fixed("polignac", POLIGNAC_HANDS, "KH", capot=False)
    assert heuristic_play(state) == "JS"


def test_polignac_ducks_under_the_trick_rather_than_risk_a_jack() -> None:
    # 9S led; P2 holds JS (above it) and 7S, 8S (below): the highest that loses.
    state = fixed("polignac", POLIGNAC_HANDS, "9S", capot=False)
    assert heuristic_play(state) == "8S"


def test_polignac_drops_a_jack_under_a_higher_card() -> None:
    hands = [
        "7H 8H 9H TH 7D 8D 9D TD",
        "AH JH QH KS 9S 8C 9C TC",
        "JS 7S 8S AD JD QD KD 7C",
        "TS AS QS KH AC JC QC KC",
    ]
    state = fixed("polignac", hands, "KS", capot=False)
    assert heuristic_play(state) == "JS"


def test_polignac_bids_capot_only_on_a_sure_hand() -> None:
    hands = [
        "7H 8H 9H TH 7D 8D 9D TD",
        "KS QS JS AS TS 9S 8S 7S",
        "AH JH QH KH AD JD QD KD",
        "AC JC QC KC TC 9C 8C 7C",
    ]
    state = fixed("polignac", hands)
    assert heuristic_play(state) == "capot"
    weak = fixed("polignac", POLIGNAC_HANDS)
    assert heuristic_play(weak) == "pass"


def test_polignac_capot_needs_the_lead_or_every_suit() -> None:
    # P2 holds the top of hearts and diamonds but not the lead: it passes.
    hands = [
        "7H 8H 9H TH 7D 8D 9D TD",
        "KS QS JS AS TS 9S 8S 7S",
        "KH QH JH AH KD QD JD AD",
        "AC JC QC KC TC 9C 8C 7C",
    ]
    state = fixed("polignac", hands, "pass")
    assert heuristic_play(state) == "pass"


def test_polignac_dealer_discards_a_high_card_of_a_short_suit() -> None:
    hands = [
        "KS 7S 8S 9S TS 7H 8H AH 9D KD QC KC",
        "QS JS AS QH JH TH 7D 8D 7C 8C",
        "9H KH QD JD AD TD 9C TC AC JC",
    ]
    state = fixed("polignac", hands, players=3, pack_reduction="dealer_discard")
    assert heuristic_play(state) in {"KD", "KC", "QC"}


def test_knaves_does_not_take_a_trick_holding_the_jack_of_hearts() -> None:
    hands = [
        "AH 3H AS KS QS JS TS 9S AD KD QD JD AC KC QC JC TC",
        "2H 4H 5H 6H 7H 8H 9H TH QH KH 8S 7S 6S 5S TD 9D 8D",
        "JH 4S 3S 2S 7D 6D 5D 4D 3D 2D 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = fixed("knaves", hands, "2H, JH", turnup="2C")
    assert heuristic_play(state) == "3H"


def test_knaves_wins_a_clean_trick_cheaply() -> None:
    hands = [
        "AH 3H AS KS QS JS TS 9S AD KD QD JD AC KC QC JC 4D",
        "2H 4H 5H 6H 7H 8H 9H TH QH KH 8S 7S 6S 5S TD 9D 8D",
        "JH 4S 3S 2S 7D 6D 5D TC 3D 2D 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = fixed("knaves", hands, "8D, 7D", turnup="2C")
    assert heuristic_play(state) == "QD"


def test_slobberhannes_ducks_the_first_trick() -> None:
    hands = [
        "KS JS 9S KH QH 8H TC 7D",
        "8S TH 9H AD 9D 8D 9C JC",
        "AS QS 7S AH KC QC AC 8C",
        "TS JH 7H KD QD JD TD 7C",
    ]
    state = fixed("slobberhannes", hands, "9C")
    assert heuristic_play(state) == "8C"


def test_slobberhannes_throws_the_queen_of_clubs_when_void() -> None:
    hands = [
        "KS JS 9S KH QH 8H AC TC",
        "8S TH 9H AD 9D 8D 7D JC",
        "AS QS 7S AH QC TS 7H JH",
        "KC 9C 8C KD QD JD TD 7C",
    ]
    state = fixed("slobberhannes", hands, "7D")
    assert heuristic_play(state) == "QC"


def test_grasobern_ducks_the_first_trick() -> None:
    hands = [
        "Ace-Leaves King-Leaves Ober-Leaves Ober-Hearts 10-Hearts 8-Hearts Ace-Bells 9-Bells",
        "King-Acorns Ober-Acorns Unter-Acorns Unter-Leaves 8-Leaves 7-Hearts Ober-Bells 7-Bells",
        "Ace-Acorns 7-Acorns 7-Leaves Ace-Hearts King-Bells Unter-Bells 10-Bells 8-Bells",
        "9-Acorns 10-Acorns 8-Acorns 10-Leaves 9-Leaves King-Hearts Unter-Hearts 9-Hearts",
    ]
    state = fixed("grasobern", hands, "Unter-Acorns")
    assert heuristic_play(state) == "7-Acorns"


def test_eichelobern_wins_a_free_middle_trick_with_a_high_card() -> None:
    """Once the first trick and the Eichelober are gone, a middle trick costs
    nothing: the ace goes now rather than risk the last trick later."""
    hands = [
        "9-Acorns 7-Acorns King-Leaves Ober-Leaves King-Hearts 8-Hearts 10-Bells 9-Bells",
        "Ace-Acorns Ace-Leaves 9-Leaves 8-Leaves 7-Leaves 9-Hearts 7-Hearts Ace-Bells",
        "Unter-Acorns 8-Acorns Unter-Leaves Ace-Hearts Ober-Hearts King-Bells Ober-Bells "
        "Unter-Bells",
        "King-Acorns Ober-Acorns 10-Acorns 10-Leaves Unter-Hearts 10-Hearts 8-Bells 7-Bells",
    ]
    # P1 takes the first trick and the Eichelober, then leads hearts.
    plays = "Ace-Acorns, Unter-Acorns, Ober-Acorns, 9-Acorns, 9-Hearts, Ober-Hearts, 10-Hearts"
    state = fixed("eichelobern", hands, plays)
    assert state.current_player() == 0
    assert heuristic_play(state) == "King-Hearts"


def test_bassadewitz_throws_its_ace_when_void() -> None:
    hands = [
        "Ace-Leaves King-Leaves Ober-Leaves Ober-Hearts 10-Hearts 8-Hearts Ace-Bells 9-Bells",
        "Ace-Acorns Ober-Acorns Unter-Acorns Unter-Leaves 8-Leaves 7-Hearts Ober-Bells 7-Bells",
        "9-Acorns 7-Acorns 7-Leaves Ace-Hearts King-Bells Unter-Bells 10-Bells 8-Bells",
        "King-Acorns 10-Acorns 8-Acorns 10-Leaves 9-Leaves King-Hearts Unter-Hearts 9-Hearts",
    ]
    state = fixed("bassadewitz", hands, "Unter-Acorns, 9-Acorns, King-Acorns")
    assert heuristic_play(state) in {"Ace-Leaves", "Ace-Bells"}


def test_bassadewitz_ducks_its_ten_under_the_ace() -> None:
    hands = [
        "Ace-Leaves King-Leaves Ober-Leaves Ober-Hearts 10-Hearts 8-Hearts Ace-Bells 9-Bells",
        "Ace-Acorns Ober-Acorns Unter-Acorns Unter-Leaves 8-Leaves 7-Hearts Ober-Bells 7-Bells",
        "9-Acorns 7-Acorns 10-Acorns Ace-Hearts King-Bells Unter-Bells 10-Bells 8-Bells",
        "King-Acorns 7-Leaves 8-Acorns 10-Leaves 9-Leaves King-Hearts Unter-Hearts 9-Hearts",
    ]
    state = fixed("bassadewitz", hands, "Ace-Acorns")
    assert heuristic_play(state) == "10-Acorns"


# --- strength ----------------------------------------------------------------
STRENGTH_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("polignac", {"target": 5}),
    ("knaves", {"target": 5, "hand_size": 13}),
    ("slobberhannes", {"target": 3}),
    ("eichelobern", {"target": 3}),
    ("grasobern", {"target": 3}),
    ("bassadewitz", {"rounds": 1}),
]
STRENGTH_MATCHES = 200


@pytest.mark.parametrize(("name", "options"), STRENGTH_GAMES, ids=[g for g, _ in STRENGTH_GAMES])
def test_beats_random(name: str, options: dict[str, Any]) -> None:
    """One heuristic seat (rotating) against random seats: its mean return
    exceeds the random seats' mean by more than three standard errors."""
    heuristic: list[float] = []
    others: list[float] = []
    for seed in range(STRENGTH_MATCHES):
        players = parlour.make(name, **options).num_players
        seat = seed % players
        _, returns = heuristic_match(name, options, seed, heuristic_seats={seat})
        heuristic.append(returns[seat])
        others.append(statistics.fmean(r for s, r in enumerate(returns) if s != seat))
    differences = [h - o for h, o in zip(heuristic, others, strict=True)]
    mean = statistics.fmean(differences)
    error = statistics.stdev(differences) / len(differences) ** 0.5
    assert mean > 3 * error, f"{name}: {mean:.3f} ± {error:.3f}"

"""The observation's ``prompt``: what the player to move decides, one
sentence in the game's words, for every decision of every game (#29)."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.engine.registry import games
from parlour.games.patience.base import PatienceState
from rummy_positions import middle

GAMES = sorted(games())


def prompts_of_random_matches(name: str, matches: int = 3) -> set[str]:
    """Play ``matches`` random matches of ``name`` (with explicit chance in
    the odd ones), checking the prompt of every observation on the way;
    return the prompts seen."""
    game = parlour.make(name)
    seen: set[str] = set()
    for seed in range(matches):
        state = game.new_state(seed=seed, explicit_chance=bool(seed % 2))
        rng = random.Random(seed)
        while True:
            mover = state.current_player()
            for seat in range(game.num_players):
                prompt = state.observation(seat)["prompt"]
                if mover < 0:
                    assert prompt is None, (name, state.history)
                    continue
                assert isinstance(prompt, str) and prompt.strip() == prompt, (name, prompt)
                assert prompt[0].isupper() and len(prompt.split()) >= 2, (name, prompt)
                assert not prompt.endswith("."), (name, prompt)
                seen.add(prompt)
            if game.num_players > 1:
                # another seat reads what a spectator reads: nothing of the mover's cards
                other = (max(mover, 0) + 1) % game.num_players
                assert state.public_observation()["prompt"] == \
                    state.observation(other)["prompt"]
            if state.is_terminal():
                break
            if mover < 0:
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply(rng.choices(outcomes, weights)[0])
            else:
                state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_of_every_game_has_a_prompt(name: str) -> None:
    assert prompts_of_random_matches(name)


@pytest.mark.parametrize("name", GAMES)
def test_every_prompt_of_a_game_is_in_its_one_table(name: str) -> None:
    """The sentences come from the game's table (so they can be translated
    in one place), and no entry of the table is unreachable by its key."""
    state = parlour.make(name).new_state(seed=0)
    table = type(state).prompts
    assert prompts_of_random_matches(name) <= set(table.values())
    assert all(isinstance(key, str) and text for key, text in table.items())


def costly(**options: object) -> parlour.State:
    """A two-hand Costly Colours deal: P1 deals, P0 is the elder."""
    return parlour.make("costly-colours", **options).new_state(deal={
        "dealer": 1, "hands": [["2S", "7H", "9D"], ["5C", "KD", "3H"]], "turnup": "8S"})


def say(state: parlour.State, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def test_costly_colours_mog_steps_and_exchange_are_named() -> None:
    state = costly()
    assert state.observation(1)["prompt"] == "Consent to the mog or refuse it"
    say(state, "consent")
    assert state.observation(0)["prompt"] == "Proceed with the mog or withdraw"
    say(state, "proceed")
    assert state.observation(0)["prompt"] == "Choose a card to give away in the mog"
    say(state, "9D")
    assert state.observation(1)["prompt"] == "Choose a card to give away in the mog"
    say(state, "KD")
    assert state.observation(0)["prompt"] == "Play a card without passing 31"


def test_costly_colours_cotton_mog_is_offered_then_accepted() -> None:
    state = costly(mog_order="cotton")
    assert state.observation(0)["prompt"] == "Offer a mog or make no offer"
    say(state, "offer")
    assert state.observation(1)["prompt"] == "Accept the mog or refuse it"


def test_costly_colours_says_go_when_no_card_keeps_the_count() -> None:
    state = parlour.make("costly-colours").new_state(deal={
        "dealer": 1, "hands": [["KS", "QH", "JD"], ["TC", "KD", "2H"]], "turnup": "8S"})
    say(state, "refuse", "KS", "TC", "QH")
    assert state.legal_actions() == [state.parse_action("go")]
    assert state.observation(1)["prompt"] == "Say go: no card keeps the count to 31"
    # the other player does not learn from the banner that P1 holds no card to play
    assert state.observation(0)["prompt"] == "Play a card without passing 31"
    assert state.public_observation()["prompt"] == "Play a card without passing 31"


def test_progress_rummy_names_the_draw_then_the_contract_or_discard() -> None:
    state = middle({0: "9Cr 9Su 1Cr 4Su 7Mo 11St 13Cr 2Mo 6St 12Su"}, 0,
                   discard="9Mo", stock="5Cr")
    assert state.observation(0)["prompt"] == "Draw from the stock or take the top discard"
    say(state, "draw")
    assert state.observation(0)["prompt"] == "Lay down your contract, or discard"


def test_progress_rummy_down_player_melds_lays_off_or_discards() -> None:
    state = middle({3: "10Mo 11Mo 8Mo"}, 3, round=3, melds=((2, "6Mo 7Mo P=8Mo 9Mo"),),
                   down=(3,), discard="2Cr", stock="12Mo")
    assert state.observation(3)["prompt"] == (
        "Draw from the stock, take the top discard, or swap for a wild card on the table")
    assert state.observation(1)["prompt"] == "Draw from the stock or take the top discard"
    say(state, "draw")
    assert state.observation(3)["prompt"] == "Meld, lay off, or discard"


def test_a_patience_asks_for_a_move_and_clock_for_a_turn() -> None:
    state = parlour.make("bakers-dozen").new_state(seed=1)
    assert isinstance(state, PatienceState)
    assert state.observation(0)["prompt"] == "Move a card"
    assert parlour.make("clock").new_state(seed=1).observation(0)["prompt"] == \
        "Turn the next card"
    golf = parlour.make("golf").new_state(seed=1)
    assert golf.observation(0)["prompt"] == "Move an exposed card onto the pile, or draw"


def test_trick_games_tell_a_lead_from_a_follow() -> None:
    state = parlour.make("knaves").new_state(seed=2)
    leader = state.current_player()
    assert state.observation(leader)["prompt"] == "Lead a card to the trick"
    state.apply(state.legal_actions()[0])
    follower = state.current_player()
    assert state.observation(leader)["prompt"] == "Play a card to the trick"
    assert state.observation(follower)["prompt"] == "Play a card to the trick"


def test_polignac_capot_announcement_and_dealer_discard() -> None:
    state = parlour.make("polignac").new_state(seed=1)
    assert state.observation(0)["prompt"] == "Announce capot (win every trick) or pass"
    three = parlour.make("polignac", players=3, pack_reduction="dealer_discard")
    assert three.new_state(seed=1).observation(0)["prompt"] == \
        "Discard a surplus card face down (not a jack)"


def test_ranter_dealer_exchanges_with_the_stock() -> None:
    state = parlour.make("ranter-go-round", players=2).new_state(seed=4)
    assert state.observation(0)["prompt"] == "Stand, or exchange with your left-hand neighbour"
    say(state, "stand")
    assert state.observation(0)["prompt"] == "Stand, or exchange with the stock"

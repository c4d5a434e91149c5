"""The ratings (parlour.ratings): places, the OpenSkill update checked
against the model's two-player formulas worked by hand (one pair's game), invariants over any
table, and the 300 recorded matches between the computer levels."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.ratings import (
    MODEL,
    RATED_LEVELS,
    Rating,
    agent_subject,
    forfeit_places,
    level_of,
    places_from_returns,
    player_of,
    player_subject,
    rate_match,
    update,
)

RECORDED = Path(__file__).resolve().parent / "data" / "polignac_rating_matches.json"
TAU_SQUARED = MODEL.tau**2


def test_a_new_subject_starts_at_1000() -> None:
    new = Rating()
    assert (new.mu, new.sigma, new.matches) == (25.0, 25.0 / 3.0, 0)
    assert new.ordinal == pytest.approx(0.0, abs=1e-12)
    assert new.rating == 1000
    assert new.describe() == {"mu": 25.0, "sigma": 25.0 / 3.0, "rating": 1000}


def test_the_displayed_rating_is_the_ordinal_scaled_by_20_from_1000() -> None:
    assert Rating(25.0, 1.0).rating == 1440          # 1000 + 20 * (25 - 3)
    assert Rating(30.0, 2.0, 40).rating == 1480      # 1000 + 20 * 24
    assert Rating(10.0, 5.0).rating == 900           # 1000 + 20 * (-5)
    assert Rating(25.0, 1.02).rating == 1439         # 1438.8 rounded


def test_subjects_name_players_and_levels() -> None:
    assert player_subject(12) == "player:12"
    assert agent_subject("hard") == "agent:hard"
    assert player_of("player:12") == 12
    assert level_of("agent:random") == "random"
    assert [player_of(text) for text in ("agent:hard", "player:", "player:x", "player:²")] \
        == [None, None, None, None]
    assert [level_of(text) for text in ("player:3", "agent:hard-classic", "agent:")] \
        == [None, None, None]
    with pytest.raises(ValueError, match="only the levels random, easy, medium, hard are rated, "
                                         "not 'hard-classic'"):
        agent_subject("hard-classic")


def test_places_come_from_the_returns_and_ties_share_the_best_place() -> None:
    # Polignac: one loser, the winners share his stake
    assert places_from_returns([-1.0, 1 / 3, 1 / 3, 1 / 3]) == [4, 1, 1, 1]
    # two losers, two winners
    assert places_from_returns([0.5, -1.0, 0.5, -1.0]) == [1, 3, 1, 3]
    assert places_from_returns([10, 30, 20]) == [3, 1, 2]
    assert places_from_returns([0, 0]) == [1, 1]
    # a share computed two ways is still a tie
    assert places_from_returns([0.1 + 0.2, 0.3, -0.6]) == [1, 1, 3]
    with pytest.raises(ValueError, match="returns are numbers"):
        places_from_returns([1.0, math.nan])


def test_a_forfeiter_is_last_and_the_others_keep_their_order() -> None:
    assert forfeit_places([5, 2, 9, 2], forfeiter=2) == [1, 2, 4, 2]
    assert forfeit_places([5, 2, 9, 2], forfeiter=0) == [4, 2, 1, 2]
    assert forfeit_places([0, 0], forfeiter=1) == [1, 2]
    with pytest.raises(ValueError, match="seat 4 forfeited, but the seats are 0 to 3"):
        forfeit_places([1, 2, 3, 4], forfeiter=4)


def _two_player_reference(winner: Rating, loser: Rating) -> tuple[Rating, Rating]:
    """Weng and Lin's update of one game between two (their Algorithm 1,
    Bradley-Terry full pairing, which Plackett-Luce equals for two) for one
    winner and one loser, written out by hand: sigma first widened by tau, then
    c = sqrt(sigma1² + sigma2² + 2 beta²), p = each one's exp(mu/c) share,
    the winner's mu + sigma1²/c (1 - p1), the loser's mu - sigma2²/c p2, and
    each sigma² times 1 - gamma sigma²/c² p1 p2 with gamma = sigma/c."""
    sigmas = [math.sqrt(rating.sigma**2 + TAU_SQUARED) for rating in (winner, loser)]
    c = math.sqrt(sigmas[0] ** 2 + sigmas[1] ** 2 + 2 * MODEL.beta**2)
    weights = [math.exp(rating.mu / c) for rating in (winner, loser)]
    p_winner, p_loser = (weight / sum(weights) for weight in weights)
    mus = [winner.mu + sigmas[0] ** 2 / c * (1 - p_winner),
           loser.mu - sigmas[1] ** 2 / c * p_loser]
    new_sigmas = [sigma * math.sqrt(max(1 - (sigma / c) * sigma**2 / c**2 * p_winner * p_loser,
                                        MODEL.kappa))
                  for sigma in sigmas]
    return (Rating(mus[0], new_sigmas[0], winner.matches + 1),
            Rating(mus[1], new_sigmas[1], loser.matches + 1))


@pytest.mark.parametrize(("winner", "loser"), [
    (Rating(), Rating()),
    (Rating(30.0, 2.0, 10), Rating(20.0, 6.0, 3)),
    (Rating(18.0, 1.5, 90), Rating(31.0, 4.0, 12)),
])
def test_two_seats_move_as_the_model_says(winner: Rating, loser: Rating) -> None:
    expected = _two_player_reference(winner, loser)
    got = update([winner, loser], [1, 2])
    for mine, reference in zip(got, expected, strict=True):
        assert mine.mu == pytest.approx(reference.mu, rel=1e-12)
        assert mine.sigma == pytest.approx(reference.sigma, rel=1e-12)
        assert mine.matches == reference.matches
    # the loser seated first: the same change, seat for seat
    assert update([loser, winner], [2, 1]) == got[::-1]


def test_a_tie_is_a_draw_between_the_tied_and_nothing_more() -> None:
    # Plackett-Luce would put the fourth above the three tied first
    # (openskill.py #155): the pairs never do
    first, second, third, fourth, fifth = update([Rating()] * 5, [1, 1, 1, 4, 5])
    assert first == second == third
    assert first.mu > fourth.mu > fifth.mu
    # Polignac's usual end: three winners, one loser
    assert [rating.rating for rating in update([Rating()] * 4, [1, 1, 1, 4])] \
        == [1103, 1103, 1103, 892]
    # a tie of everyone moves nobody's mean
    assert [rating.mu for rating in update([Rating()] * 3, [1, 1, 1])] == pytest.approx([25.0] * 3)


def test_a_first_match_of_two_new_subjects() -> None:
    winner, loser = update([Rating(), Rating()], [1, 2])
    assert (winner.rating, loser.rating) == (1069, 963)
    assert winner.mu - 25 == pytest.approx(25 - loser.mu)


def test_update_refuses_a_table_it_cannot_rate() -> None:
    with pytest.raises(ValueError, match="a rated match has at least 2 seats, not 1"):
        update([Rating()], [1])
    with pytest.raises(ValueError, match="3 seats need 3 places, not 2"):
        update([Rating()] * 3, [1, 2])
    with pytest.raises(ValueError, match=r"places run from 1 to 2, not \[0, 1\]"):
        update([Rating()] * 2, [0, 1])


def test_a_subject_at_two_seats_moves_by_the_mean_of_their_changes() -> None:
    person, medium = Rating(27.0, 5.0, 4), Rating(24.0, 3.0, 50)
    after = rate_match(["player:1", "agent:medium", "agent:medium"],
                       {"player:1": person, "agent:medium": medium}, [2, 1, 3])
    seats = update([person, medium, medium], [2, 1, 3])
    assert after["player:1"] == seats[0]
    assert after["agent:medium"].mu == pytest.approx(
        medium.mu + ((seats[1].mu - medium.mu) + (seats[2].mu - medium.mu)) / 2)
    assert after["agent:medium"].sigma == pytest.approx((seats[1].sigma + seats[2].sigma) / 2)
    assert after["agent:medium"].matches == 51


def test_a_subject_without_a_rating_starts_new() -> None:
    after = rate_match(["player:7", "agent:easy"], {}, [1, 2])
    assert after == dict(zip(["player:7", "agent:easy"], update([Rating(), Rating()], [1, 2]),
                             strict=True))


ratings = st.builds(Rating, st.floats(-20.0, 70.0), st.floats(0.05, 12.0),
                    st.integers(0, 1000))


@st.composite
def matches(draw: st.DrawFn) -> tuple[list[Rating], list[int]]:
    seats = draw(st.integers(2, 8))
    # any outcome the returns can give: the places of random returns (ties share)
    returns = draw(st.lists(st.integers(-3, 3), min_size=seats, max_size=seats))
    return draw(st.lists(ratings, min_size=seats, max_size=seats)), places_from_returns(returns)


@settings(max_examples=300, deadline=None)
@given(matches())
def test_any_match_gives_finite_ratings_that_balance_as_the_model_does(
        match: tuple[list[Rating], list[int]]) -> None:
    before, places = match
    after = update(before, places)
    assert len(after) == len(before)
    for old, new in zip(before, after, strict=True):
        assert math.isfinite(new.mu) and math.isfinite(new.sigma) and new.sigma > 0
        assert new.matches == old.matches + 1
        # a match narrows what tau widened, never more
        assert new.sigma <= math.sqrt(old.sigma**2 + TAU_SQUARED) * (1 + 1e-12)
        assert isinstance(new.rating, int)
    # each pair's game moves the two means in balance, each weighted by its
    # variance: the sum of (change of mu) / sigma² over the seats is zero
    balance = sum((new.mu - old.mu) / (old.sigma**2 + TAU_SQUARED)
                  for old, new in zip(before, after, strict=True))
    scale = sum(abs(new.mu - old.mu) / (old.sigma**2 + TAU_SQUARED)
                for old, new in zip(before, after, strict=True))
    assert abs(balance) <= 1e-9 * max(1.0, scale)


@settings(max_examples=200, deadline=None)
@given(ratings, st.lists(st.integers(-3, 3), min_size=2, max_size=8))
def test_equal_subjects_are_ordered_by_their_places(
        rating: Rating, returns: list[int]) -> None:
    places = places_from_returns(returns)
    after = update([rating] * len(places), places)
    for i, j in [(i, j) for i in range(len(places)) for j in range(len(places))]:
        if places[i] == places[j]:
            assert (after[i].mu, after[i].sigma) == pytest.approx((after[j].mu, after[j].sigma),
                                                                  rel=1e-12, abs=1e-12)
        elif places[i] < places[j]:
            assert after[i].mu > after[j].mu
    if len(set(places)) > 1:
        best = places.index(1)
        assert after[best].mu > rating.mu


# --- the 300 matches between the levels ------------------------------------------
def _recorded() -> dict[str, object]:
    document: dict[str, object] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return document


def test_the_recorded_matches_are_300_of_polignac_between_the_four_levels() -> None:
    document = _recorded()
    assert document["command"] == "python scripts/rating_matches.py --workers 2 --deals 75"
    assert (document["game"], document["options"], document["levels"]) \
        == ("polignac", {"target": 1}, list(RATED_LEVELS))
    played = document["matches"]
    assert isinstance(played, list) and len(played) == 300
    for number, match in enumerate(played):
        # each deal at every rotation of the levels around the table
        assert (match["deal"], match["rotation"]) == divmod(number, 4)
        assert sorted(match["agents"]) == sorted(RATED_LEVELS)
        assert match["places"] == places_from_returns(match["returns"])


def test_after_300_matches_the_levels_are_rated_in_order_of_strength() -> None:
    played = _recorded()["matches"]
    assert isinstance(played, list)
    pool: dict[str, Rating] = {}
    for match in played:
        pool.update(rate_match([agent_subject(level) for level in match["agents"]], pool,
                               match["places"]))
    shown = {level_of(subject): rating.rating for subject, rating in pool.items()}
    assert sorted(shown, key=lambda level: -shown[level]) == ["hard", "medium", "easy", "random"]
    assert all(rating.matches == 300 for rating in pool.values())
    # 12 points between hard and medium: hard was last 14 times, medium 18
    assert shown == {"hard": 1499, "medium": 1487, "easy": 1468, "random": 1234}
    means = {level_of(subject): rating.mu for subject, rating in pool.items()}
    assert means == pytest.approx(
        {"hard": 28.6525, "medium": 28.0590, "easy": 27.0683, "random": 15.8691}, abs=1e-4)
    assert all(1.2 < rating.sigma < 1.4 for rating in pool.values())


def test_the_recorded_losses_are_fewer_the_stronger_the_level() -> None:
    """The data behind the order, counted by hand: each level's last places."""
    played = _recorded()["matches"]
    assert isinstance(played, list)
    last = {level: 0 for level in RATED_LEVELS}
    for match in played:
        for level, place in zip(match["agents"], match["places"], strict=True):
            last[level] += place == 4
    assert last == {"random": 206, "easy": 29, "medium": 18, "hard": 14}

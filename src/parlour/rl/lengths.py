"""Bounds on the length of a match and of a hand, per game: how many
decisions (chance steps excluded) a match or one hand can take at a
game's options. The game contract declares no such bound, so it is worked
out here from each game's rules, for the research environments
(OpenSpiel's ``max_game_length``, the information-state tensor's history).

Where every hand brings a match closer to its end the bound is a proof;
where the rules allow hands that change nothing (a tie for the top played
on, Bassadewitz's redeals, Bharg's void rounds, Ranter Go Round's
play-offs) it allows fifty such hands on top (``_UNDECIDED_HANDS``): random
play never comes near it.

>>> import parlour
>>> MAX_GAME_LENGTH["golf"](parlour.make("golf")), HAND_LENGTH["golf"](parlour.make("golf"))
(106, 106)
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.engine import Game

_UNDECIDED_HANDS = 50
"""Hands allowed on top of a proven bound where the rules let a hand
leave the match where it was (a tied top played on, a play-off)."""


def _trick_hand_length(game: Game) -> int:
    # A hand is its card plays, one call per seat and the dealer's discards.
    return len(game.deck) + game.num_players + 2


def _trick_penalty_length(game: Game) -> int:
    # Every hand costs some seat at least one penalty point (a jack, a
    # capot, the first trick), so the hands are at most n * (target - 1) + 1.
    hands = game.num_players * (int(game.options["target"]) - 1) + 1
    return hands * _trick_hand_length(game)


def _deck_hand_length(game: Game) -> int:
    # Knaves and Bassadewitz: one play of every card dealt.
    return len(game.deck)


def _knaves_length(game: Game) -> int:
    # A hand adds at least 3 points to the sum of the three totals (13
    # tricks less 10 for the jacks), so some total reaches the target
    # within ``target`` hands; ties for the top may deal more.
    return (int(game.options["target"]) + _UNDECIDED_HANDS) * _deck_hand_length(game)


def _bassadewitz_length(game: Game) -> int:
    # Four dealer turns a round, each ending with a hand paid from the
    # pool; up to ten hands a turn (the redeals that keep the pool).
    return 4 * int(game.options["rounds"]) * 10 * _deck_hand_length(game)


def _bharg_hand_length(game: Game) -> int:
    # A round is at most max_turns turns of a draw and a discard.
    return 2 * int(game.options["max_turns"]) + 2


def _bharg_length(game: Game) -> int:
    # Rounds without a winner score nothing, so allow ten rounds a point of
    # the target per seat.
    rounds = 10 * game.num_players * int(game.options["target"])
    return rounds * _bharg_hand_length(game)


def _costly_colours_hand_length(game: Game) -> int:
    # A few mog and pack decisions, three cards a seat and their goes.
    return 10 * game.num_players + 10


def _costly_colours_length(game: Game) -> int:
    # Every hand scores at least the last card's point for one of the two
    # sides.
    return 2 * int(game.options["target"]) * _costly_colours_hand_length(game)


def _progress_hand_length(game: Game) -> int:
    # A hand plays or draws every card once and passes at most n times
    # between plays.
    seats = game.num_players
    return len(game.deck) * (seats + 3) + seats


def _progress_length(game: Game) -> int:
    # Every hand leaves cards in hands (at least n - 1 points while P
    # counts above 0), so some total reaches the target within n * target
    # hands.
    hands = game.num_players * int(game.options["target"]) + _UNDECIDED_HANDS
    return hands * _progress_hand_length(game)


def _progress_rummy_hand_length(game: Game) -> int:
    # A round is at most max_turns turns; a turn draws, places each of at
    # most eleven cards with its declaration and meld name, and discards.
    return int(game.options["max_turns"]) * 60


def _progress_rummy_length(game: Game) -> int:
    # Five rounds.
    return 5 * _progress_rummy_hand_length(game)


def _ranter_hand_length(game: Game) -> int:
    # At most one turn a seat and the dealer's cut.
    return 2 * game.num_players


def _ranter_length(game: Game) -> int:
    # Every hand costs a life, except a play-off's.
    hands = game.num_players * int(game.options["lives"]) + _UNDECIDED_HANDS
    return hands * _ranter_hand_length(game)


def _patience_length(game: Game) -> int:
    # Every card moves at most twice (Calculation: onto a waste pile and
    # then a foundation); Clock and Golf move each card once.
    return 2 * len(game.deck)


def _bakers_dozen_length(game: Game) -> int:
    return int(game.options["max_moves"])


MAX_GAME_LENGTH: dict[str, Callable[[Game], int]] = {
    "bakers-dozen": _bakers_dozen_length,
    "bassadewitz": _bassadewitz_length,
    "bharg": _bharg_length,
    "calculation": _patience_length,
    "clock": _patience_length,
    "costly-colours": _costly_colours_length,
    "eichelobern": _trick_penalty_length,
    "golf": _patience_length,
    "grasobern": _trick_penalty_length,
    "knaves": _knaves_length,
    "polignac": _trick_penalty_length,
    "progress": _progress_length,
    "progress-rummy": _progress_rummy_length,
    "ranter-go-round": _ranter_length,
    "slobberhannes": _trick_penalty_length,
}
"""Per game, the bound on the decisions of a match (see "Game length")."""

HAND_LENGTH: dict[str, Callable[[Game], int]] = {
    "bakers-dozen": _bakers_dozen_length,
    "bassadewitz": _deck_hand_length,
    "bharg": _bharg_hand_length,
    "calculation": _patience_length,
    "clock": _patience_length,
    "costly-colours": _costly_colours_hand_length,
    "eichelobern": _trick_hand_length,
    "golf": _patience_length,
    "grasobern": _trick_hand_length,
    "knaves": _deck_hand_length,
    "polignac": _trick_hand_length,
    "progress": _progress_hand_length,
    "progress-rummy": _progress_rummy_hand_length,
    "ranter-go-round": _ranter_hand_length,
    "slobberhannes": _trick_hand_length,
}
"""Per game, the bound on the decisions of one hand (a patience is one
hand), from which :data:`MAX_GAME_LENGTH` counts and which sizes the
information-state tensor's history (see "Information-state tensor")."""

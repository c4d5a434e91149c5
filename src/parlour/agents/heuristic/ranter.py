"""The heuristic player of Ranter Go Round: keep a card that is more likely
to be beaten by the card it would be changed for.

Every decision reads only the observation (its own card, the cards it
knows in other hands: those it gave or saw exchanged, announced ones, the
Kings shown; the lives, the dealer and the options) and the legal action
ids. The only choice is ``stand`` or ``exchange``.

A player loses a life by holding the lowest card at the showdown (the ace
lowest, the King highest), and the chance of that falls with the rank
held. So the player compares his card with the card an exchange would
bring:

* **A known card** (the neighbour holds a card he saw: the one he gave
  him, or one exchanged or announced in the open): exchange exactly when
  it is higher.
* **An unknown card**, from the neighbour or the stock: each card not yet
  seen is as likely. Exchange when more of them are higher than his card
  than lower (equal ranks change nothing): the median rule a careful
  human plays (stand on a 7 or better when nothing is known yet: a
  neighbour's King refuses the exchange and changes nothing, so it is
  left out, and 20 cards from 8 to Q are higher than a 7, 24 lower); a King
  from the stock counts as the rules say (``dealer_cuts_king``): the best
  card when the dealer takes it, nothing when he must put it back, the
  worst when it costs him a life at once.

A decision counts at most 52 cards: a few microseconds, so the player also
serves as a rollout policy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from parlour.agents import levels
from parlour.agents.registry import heuristic_action, register_heuristic, register_level
from parlour.agents.rollout import RolloutAgent
from parlour.agents.vector_rollout import VectorRolloutAgent
from parlour.cards import FRENCH_52
from parlour.engine.game import Observation, State
from parlour.engine.tensors import block_offsets
from parlour.games.ranter_go_round import EXCHANGE, STAND, RanterGoRound
from parlour.games.tiny import TinyRanterGoRound

if TYPE_CHECKING:
    from parlour.vector import VectorGame

RANKS = "A23456789TJQK"
"""The ranks from lowest (the ace) to highest (the King)."""
KING = len(RANKS) - 1


def rank_of(code: str) -> int:
    """The rank of a card code (``7S`` -> 6, ``AS`` -> 0, ``KD`` -> 12)."""
    return RANKS.index(code[0].upper())


def ranter_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic's action (see the module docstring)."""
    if EXCHANGE not in legal:
        return legal[0]
    if STAND not in legal:
        return EXCHANGE
    mine = rank_of(observation["hand"][0])
    seat = observation["seat"]
    players = observation["players"]
    seen = [observation["hand"][0]]
    seen += [str(shown["card"]) for shown in observation["zones"].get("shown", [])]
    seen += [player["card"] for player in players
             if player["seat"] != seat and player.get("card")]
    left = [4] * len(RANKS)
    for code in set(seen):
        left[rank_of(code)] -= 1
    if players[seat]["dealer"]:
        king = observation["options"]["dealer_cuts_king"]
        higher = sum(left[mine + 1:KING])
        lower = sum(left[:mine])
        if king == "take":
            higher += left[KING]
        elif king == "dealer_loses":
            lower += left[KING]
        return EXCHANGE if higher > lower else STAND
    neighbour = _next_active(players, seat)
    known = players[neighbour].get("card")
    if known:
        return EXCHANGE if rank_of(known) > mine else STAND
    higher = sum(left[mine + 1:KING])
    lower = sum(left[:mine])
    return EXCHANGE if higher > lower else STAND


def stood_as_heuristic(world: State, seat: int) -> bool:
    """Whether, in the determinization ``world`` drawn for ``seat``, every
    other player who stood this hand holds a card on which the heuristic
    stands (reading his own observation of ``world``).

    The belief of the ``hard`` player (a
    :class:`~parlour.agents.rollout.RolloutAgent` over this heuristic): a
    player who stood kept his card, so it is one he was content with, most
    likely a 7 or better; the uniform determinization would deal him any
    card not seen.
    """
    choices = (STAND, EXCHANGE)
    rng = random.Random(0)
    for player in world.observation(seat)["players"]:
        other = player["seat"]
        if (other != seat and "stood" in player["flags"]
                and ranter_action(world.observation(other), choices, rng) != STAND):
            return False
    return True


def _next_active(players: Sequence[dict[str, object]], seat: int) -> int:
    """The next seat clockwise with a life left."""
    count = len(players)
    for step in range(1, count):
        other = (seat + step) % count
        lives = players[other].get("lives")
        if isinstance(lives, int) and lives > 0:
            return other
    return seat


def ranter_rollout_hard(seed: int | None = None) -> RolloutAgent:
    """The ``hard-classic`` Ranter Go Round player (``hard`` before the
    batched one, and its fallback): the rollout player over the
    heuristic, believing that a player who stood holds a card the
    heuristic stands on (:func:`stood_as_heuristic`). The search's uniform
    determinizations miss what the table says (a player who stood likely
    holds a 7 or better, so the last players and the dealer misjudge how
    low their cards are) and played below the heuristic."""
    return RolloutAgent(heuristic_action, seed, iterations=levels.ROLLOUT_ITERATIONS,
                        seconds=levels.HARD_SECONDS, belief=stood_as_heuristic)


_RANK_OF_CARD = np.array([rank_of(card.code) for card in FRENCH_52.cards], dtype=np.int64)
_BY_RANK = np.equal.outer(_RANK_OF_CARD, np.arange(len(RANKS))).astype(np.int64)
"""Card id × rank: 1 where the card has the rank (seen cards to ranks left)."""


def heuristic_policy(vector: VectorGame, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """The batched playouts' policy: :func:`ranter_action` for every player
    to move, read from the batch's observation tensors (his card, the cards
    he knows at each seat, the dealer, the lives), so that a playout's
    table plays as the ``easy`` field does. ``rng`` is not needed.

    Where the reference also counts a King from the stock shown and put
    back (``dealer_cuts_king=keep_original``, not in the tensor), the dealer may
    judge by one card less: a playout, not the player itself."""
    game = vector.game
    players = game.num_players
    blocks = block_offsets(game.observation_layout())
    tensor = vector.observation_tensor()
    legal = vector.legal_mask()
    hand = tensor[:, blocks["hand"]] > 0
    known = tensor[:, blocks["known"]].reshape(-1, players, len(FRENCH_52.cards)) > 0
    mine = _RANK_OF_CARD[hand.argmax(axis=1)]
    left = 4 - (hand | known.any(axis=1)).astype(np.int64) @ _BY_RANK
    ranks = np.arange(len(RANKS))
    higher = (left * ((ranks > mine[:, None]) & (ranks < KING))).sum(axis=1)
    lower = (left * (ranks < mine[:, None])).sum(axis=1)
    dealer = tensor[:, blocks["dealer"]][:, 0] > 0
    king = game.options["dealer_cuts_king"]
    if king == "take":
        higher = higher + dealer * left[:, KING]
    elif king == "dealer_loses":
        lower = lower + dealer * left[:, KING]
    exchange = higher > lower
    # the next seat with a life (seats are counted from the player to move)
    alive = tensor[:, blocks["lives"]][:, 1:] > 0
    neighbour = 1 + alive.argmax(axis=1)
    theirs = known[np.arange(vector.batch_size), neighbour]
    told = ~dealer & alive.any(axis=1) & theirs.any(axis=1)
    exchange = np.where(told, _RANK_OF_CARD[theirs.argmax(axis=1)] > mine, exchange)
    exchange = legal[:, EXCHANGE] & (exchange | ~legal[:, STAND])
    return np.where(exchange, EXCHANGE, STAND).astype(np.int64)


def ranter_hard(seed: int | None = None) -> VectorRolloutAgent:
    """The ``hard`` Ranter Go Round player: batched rollouts on the vector
    engine (:class:`~parlour.agents.vector_rollout.VectorRolloutAgent`)
    from the believing determinizations of :func:`ranter_rollout_hard`,
    the rest of the hand played by :func:`heuristic_policy`, departing
    from the heuristic only on evidence (as the rollout player); the
    rollout player is its fallback where Numba or the vector engine is
    missing."""
    return VectorRolloutAgent(ranter_rollout_hard, seed, deals=RANTER_DEALS,
                              seconds=levels.HARD_SECONDS, playouts=RANTER_PLAYOUTS,
                              policy=heuristic_policy, base=heuristic_action,
                              belief=stood_as_heuristic)


RANTER_DEALS = levels.ROLLOUT_ITERATIONS
"""Believing determinizations of a ``hard`` Ranter Go Round decision: as
many as the rollout player's, whose time they take (the belief makes a
determinization dear)."""
RANTER_PLAYOUTS = 16
"""Playouts of each move on each determinization: a batched playout costs
a few microseconds, so many of them come nearly free."""

register_heuristic(RanterGoRound, ranter_action)
# Tiny Ranter Go Round plays the same turns on a short pack
register_heuristic(TinyRanterGoRound, ranter_action)
register_level(RanterGoRound, "hard", ranter_hard)
register_level(RanterGoRound, "hard-classic", ranter_rollout_hard)

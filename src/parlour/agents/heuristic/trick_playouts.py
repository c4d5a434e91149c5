"""The playouts' policy of the batched ``hard`` in the avoiding trick games
(Polignac first): the rules of thumb of the ``easy`` player
(:func:`~parlour.agents.heuristic.strategies.polignac`), cut down to what
one pass over a vector batch can afford.

A playout judges a move by how the hand goes on after it. Played out at
random, the other seats throw jacks on any trick and the seat's own later
cards fall anyhow, so a move is judged against a table that plays nothing
like the one it meets; played out by these rules, the table ducks, sheds
and throws its penalty cards as the ``easy`` player does, and the capot
bidder and the seats against him play as the heuristic plays them:

* **Announcements**: pass (``easy`` bids only on a hand that cannot fail,
  which a playout's dealt hands seldom are); **the dealer's discard**: the
  highest card the rules let go.
* **Against nobody's capot** (each card's cost is its penalty, e.g. a
  jack 1 and the jack of spades 2 in Polignac): lead the cheapest, lowest
  card; follow with the highest card that still loses to the trick, a
  penalty card first (dropped under a higher card); when every card wins,
  win with the highest card that costs nothing (shedding it); when void,
  throw the dearest card, then the highest.
* **The capot bidder** plays his highest card, to take every trick; **the
  other seats**, while the bidder has taken every trick, their highest
  card when it can win the trick, else their cheapest.

No trumps are counted (the games that use it have none). Ties go to the
card met first from a random action id, so equal cards are chosen
uniformly. The kernel runs compiled by Numba when the vector game does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.agents.vector_rollout import VectorPolicy
from parlour.games.tricks import PHASE_ANNOUNCE, PHASE_DISCARD, PHASE_PLAY
from parlour.vector import VectorGame
from parlour.vector.base import Kernel, compiled
from parlour.vector.tricks import BIDDER, LED, PHASE

COST_WEIGHT = 64
"""A card's key is its cost times this plus its strength: cost first,
strength (below 64 in every pack) to order cards of equal cost."""


def _avoid(out: Any, u: Any, legal: Any, current: Any, info: Any, trick_card: Any,
           won: Any, done: Any, suit_of: Any, strength: Any, cost: Any, pass_id: int) -> None:
    """Each match in play's action by the rules of the module's docstring
    (0 for a match that is over)."""
    batch, actions = legal.shape
    players = trick_card.shape[1]
    cards = suit_of.shape[0]
    for i in range(batch):
        out[i] = 0
        if done[i]:
            continue
        phase = info[i, PHASE]
        if phase == PHASE_ANNOUNCE:
            out[i] = pass_id
            continue
        seat = current[i]
        start = int(u[i] * actions)
        led = info[i, LED]
        bidder = info[i, BIDDER]
        take = False
        against = False
        if phase == PHASE_PLAY and bidder >= 0:
            if bidder == seat:
                take = True
            else:
                against = True
                for other in range(players):
                    if other != bidder and won[i, other] != 0:
                        against = False
        best_card = -1
        following = False
        if phase == PHASE_PLAY and led >= 0:
            for other in range(players):
                card = trick_card[i, other]
                if card >= 0 and suit_of[card] == led and strength[card] > best_card:
                    best_card = strength[card]
            for card in range(cards):
                if legal[i, card] and suit_of[card] == led:
                    following = True
        losing = False
        if following and not take and not against:
            for card in range(cards):
                if legal[i, card] and strength[card] < best_card:
                    losing = True
        # the legal action of the highest key, from a random first id
        chosen = -1
        chosen_key = 0
        for step in range(actions):
            action = (start + step) % actions
            if not legal[i, action]:
                continue
            if action >= cards:
                key = 0
            elif phase == PHASE_DISCARD or take:
                key = strength[action]
            elif against:
                if led < 0 or (following and strength[action] > best_card):
                    key = COST_WEIGHT * COST_WEIGHT + strength[action]
                else:
                    key = -(cost[action] * COST_WEIGHT + strength[action])
            elif led < 0:
                key = -(cost[action] * COST_WEIGHT + strength[action])
            elif following and losing:
                if strength[action] < best_card:
                    key = COST_WEIGHT * COST_WEIGHT + cost[action] * COST_WEIGHT \
                        + strength[action]
                else:
                    key = -1
            elif following:
                # every card wins: shed the highest that costs nothing
                key = strength[action] - cost[action] * COST_WEIGHT
            else:
                key = cost[action] * COST_WEIGHT + strength[action]
            if chosen < 0 or key > chosen_key:
                chosen = action
                chosen_key = key
        out[i] = chosen


_KERNELS: dict[str, Kernel] = {}


def _kernel(kernel: str) -> Kernel:
    """The policy's loop on ``kernel`` (compiled once a process)."""
    if kernel not in _KERNELS:
        _KERNELS[kernel] = compiled(_avoid, kernel, allocates=False)
    return _KERNELS[kernel]


def avoiding_policy(costs: Callable[[Any], Sequence[int]],
                    pass_word: str | None = None) -> VectorPolicy:
    """The playouts' policy (see the module's docstring) for a trick game
    whose card ids cost ``costs(game)`` each when taken, and whose
    announcement ``pass_word`` (if any) passes."""
    tables: dict[str, tuple[npt.NDArray[np.int64], int]] = {}

    def policy(vector: VectorGame, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        game: Any = vector.game
        key = repr(game)
        if key not in tables:
            pass_id = -1 if pass_word is None else game.word_id(pass_word)
            tables[key] = np.asarray(costs(game), dtype=np.int64), pass_id
        cost, pass_id = tables[key]
        rows: Any = vector  # a TrickVectorGame: its rows are read below
        legal = vector.legal_mask()
        u = rng.random(vector.batch_size)
        out = np.zeros(vector.batch_size, dtype=np.int64)
        suit_of, strength = rows.card_tables()
        _kernel(vector.kernel)(out, u, legal, vector.current_player, rows.info, rows.trick_card,
                               rows.won, vector.done, suit_of, strength, cost, pass_id)
        return out

    return policy

"""Three Tricks (``tests/toygame.py``) in the batched engine: a vector game
is one module too (docs: /work/notes/VECTOR.md, :mod:`parlour.vector.base`).

The batch is a few arrays, one row a match: the hands as bitmasks (one bit
a card id, as the reference numbers cards), the current trick's cards by
position, small ints for leader, seat to move, dealer, hand and phase. The
rules are the plain functions below, over one match's numbers
(:func:`~parlour.vector.base.jitable`) and loops over the batch
(:func:`~parlour.vector.base.compiled`), run by Numba or by Python alike.
The deals come from the batch's own generator, drawn in NumPy outside the
kernels.

:func:`registered` adds it to the vector registry for a test (the
reference game must be registered too: ``toygame.registered``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.engine import TERMINAL_PLAYER, State
from parlour.errors import IllegalAction
from parlour.vector import VectorGame, register, unregister
from parlour.vector.base import BoolArray, FloatArray, IntArray, Kernel, compiled, jitable
from toygame import CARDS, HAND_SIZE, PLAY, RANKS, SWEEP_BONUS, ThreeTricks

OVER = 2
"""The reference's phase index of a finished match (``toygame.PHASES``)."""
SUITS = CARDS // RANKS
SUIT_MASKS = np.array([((1 << RANKS) - 1) << (suit * RANKS) for suit in range(SUITS)],
                      dtype=np.uint64)


@jitable
def playable(hand: np.uint64, trick_length: int, led: int,
             suit_masks: npt.NDArray[np.uint64]) -> np.uint64:
    """The cards of ``hand`` that may be played: the suit led if held, else any."""
    if trick_length == 0:
        return hand
    follow = hand & suit_masks[led // 8]
    if follow != 0:
        return follow
    return hand


@jitable
def popcount(mask: np.uint64) -> int:
    """Set bits of ``mask``."""
    count = 0
    while mask != 0:
        mask &= mask - np.uint64(1)
        count += 1
    return count


@jitable
def nth_bit(mask: np.uint64, index: int) -> int:
    """The position of the ``index``-th set bit of ``mask`` (from the lowest)."""
    for _ in range(index):
        mask &= mask - np.uint64(1)
    position = 0
    while (mask >> np.uint64(position)) & np.uint64(1) == 0:
        position += 1
    return position


def _check(actions: Any, hands: Any, trick: Any, trick_length: Any, to_move: Any,
           phase: Any, suit_masks: Any) -> int:
    """The first match in play whose action is not legal, or -1."""
    for i in range(actions.shape[0]):
        if phase[i] != PLAY:
            continue
        action = actions[i]
        if action < 0 or action >= 32:
            return i
        legal = playable(hands[i, to_move[i]], trick_length[i], trick[i, 0], suit_masks)
        if (legal >> np.uint64(action)) & np.uint64(1) == 0:
            return i
    return -1


def _step(actions: Any, hands: Any, played: Any, trick: Any, trick_length: Any,
          leader: Any, to_move: Any, dealer: Any, tricks: Any, void: Any, totals: Any,
          hand_index: Any, phase: Any, sweeps: Any, needs_deal: Any, players: int,
          hands_in_match: int) -> None:
    """Plays one checked action in every match in play; a finished hand is
    scored and the next one's table set (its cards are dealt by ``_deal``)."""
    for i in range(actions.shape[0]):
        needs_deal[i] = False
        if phase[i] != PLAY:
            continue
        seat = to_move[i]
        card = actions[i]
        length = trick_length[i]
        if length > 0 and card // 8 != trick[i, 0] // 8:
            void[i, seat] |= np.uint8(1 << (trick[i, 0] // 8))
        hands[i, seat] &= ~(np.uint64(1) << np.uint64(card))
        trick[i, length] = card
        length += 1
        if length < players:
            trick_length[i] = length
            to_move[i] = (seat + 1) % players
            continue
        led = trick[i, 0] // 8
        best = 0
        for position in range(1, players):
            if trick[i, position] // 8 == led and trick[i, position] > trick[i, best]:
                best = position
        winner = (leader[i] + best) % players
        for position in range(players):
            played[i] |= np.uint64(1) << np.uint64(trick[i, position])
        trick_length[i] = 0
        tricks[i, winner] += 1
        leader[i] = winner
        to_move[i] = winner
        finished = 0
        for other in range(players):
            finished += tricks[i, other]
        if finished < HAND_SIZE:
            continue
        for other in range(players):
            change = tricks[i, other]
            if change == HAND_SIZE:
                change += SWEEP_BONUS
                sweeps[i] += 1
            totals[i, other] += change
        if hand_index[i] + 1 == hands_in_match:
            phase[i] = OVER
            continue
        hand_index[i] += 1
        dealer[i] = (dealer[i] + 1) % players
        leader[i] = (dealer[i] + 1) % players
        to_move[i] = leader[i]
        played[i] = np.uint64(0)
        for other in range(players):
            tricks[i, other] = 0
            void[i, other] = 0
        needs_deal[i] = True


def _deal(matches: Any, orders: Any, hands: Any, dealer: Any, players: int) -> None:
    """Deals each match of ``matches`` the first cards of its shuffled pack,
    one at a time from the dealer's left."""
    for k in range(matches.shape[0]):
        i = matches[k]
        for seat in range(players):
            hands[i, seat] = np.uint64(0)
        for dealt in range(HAND_SIZE * players):
            seat = (dealer[i] + 1 + dealt) % players
            hands[i, seat] |= np.uint64(1) << np.uint64(orders[k, dealt])


def _random(uniform: Any, hands: Any, trick: Any, trick_length: Any, to_move: Any,
            phase: Any, suit_masks: Any, out: Any) -> None:
    """The ``floor(u * count)``-th legal card of each match in play (0 when over)."""
    for i in range(uniform.shape[0]):
        if phase[i] != PLAY:
            out[i] = 0
            continue
        legal = playable(hands[i, to_move[i]], trick_length[i], trick[i, 0], suit_masks)
        out[i] = nth_bit(legal, int(uniform[i] * popcount(legal)))


def _mask(hands: Any, trick: Any, trick_length: Any, to_move: Any, phase: Any,
          suit_masks: Any, out: Any) -> None:
    """Each match's legal cards as a row of booleans."""
    for i in range(hands.shape[0]):
        for card in range(32):
            out[i, card] = False
        if phase[i] != PLAY:
            continue
        legal = playable(hands[i, to_move[i]], trick_length[i], trick[i, 0], suit_masks)
        for card in range(32):
            out[i, card] = (legal >> np.uint64(card)) & np.uint64(1) == 1


def _observe(hands: Any, played: Any, trick: Any, trick_length: Any, leader: Any,
             to_move: Any, dealer: Any, tricks: Any, void: Any, totals: Any,
             hand_index: Any, phase: Any, players: int, best_total: int,
             hands_in_match: int, out: Any) -> None:
    """The player to move's tensor, laid out as ``ThreeTricksState.observation_tensor``."""
    for i in range(hands.shape[0]):
        for value in range(out.shape[1]):
            out[i, value] = 0.0
        if phase[i] != PLAY:
            continue
        seat = to_move[i]
        for card in range(32):
            out[i, card] = float((hands[i, seat] >> np.uint64(card)) & np.uint64(1))
            out[i, 32 + card] = float((played[i] >> np.uint64(card)) & np.uint64(1))
        for position in range(trick_length[i]):
            relative = ((leader[i] + position) - seat) % players
            out[i, 64 + relative * 32 + trick[i, position]] = 1.0
        offset = 64 + players * 32
        for relative in range(players):
            other = (seat + relative) % players
            for suit in range(4):
                out[i, offset + relative * 4 + suit] = float((void[i, other] >> suit) & 1)
        offset += players * 4
        out[i, offset + PLAY] = 1.0
        offset += 3
        for relative in range(players):
            other = (seat + relative) % players
            out[i, offset + relative] = 1.0 if other == dealer[i] else 0.0
            out[i, offset + players + relative] = 1.0 if other == seat else 0.0
            out[i, offset + 2 * players + relative] = totals[i, other] / best_total
            out[i, offset + 3 * players + relative] = tricks[i, other] / HAND_SIZE
        out[i, offset + 4 * players] = (hand_index[i] + 1) / hands_in_match


@functools.cache
def kernels(kernel: str) -> dict[str, Kernel]:
    """The rules compiled for ``kernel``, once per process."""
    functions = {"check": _check, "step": _step, "deal": _deal, "random": _random,
                 "mask": _mask, "observe": _observe}
    return {name: compiled(function, kernel) for name, function in functions.items()}


class VectorThreeTricks(VectorGame):
    """B matches of Three Tricks."""

    names = (ThreeTricks.name,)

    def __init__(self, game: Any, batch_size: int, kernel: str) -> None:
        super().__init__(game, batch_size, kernel)
        b, n = batch_size, self.num_players
        self.hands_in_match = int(game.options["hands"])
        self.best_total = (HAND_SIZE + SWEEP_BONUS) * self.hands_in_match
        self.hands = np.zeros((b, n), dtype=np.uint64)
        self.played = np.zeros(b, dtype=np.uint64)
        self.trick = np.zeros((b, n), dtype=np.int32)
        self.trick_length = np.zeros(b, dtype=np.int32)
        self.leader = np.zeros(b, dtype=np.int32)
        self.to_move = np.zeros(b, dtype=np.int32)
        self.dealer = np.zeros(b, dtype=np.int32)
        self.tricks = np.zeros((b, n), dtype=np.int8)
        self.void = np.zeros((b, n), dtype=np.uint8)
        self.totals = np.zeros((b, n), dtype=np.int32)
        self.hand_index = np.zeros(b, dtype=np.int16)
        self.phase = np.full(b, OVER, dtype=np.int8)
        self.sweeps = np.zeros(b, dtype=np.int32)
        self.needs_deal = np.zeros(b, dtype=np.bool_)
        self.actions = np.zeros(b, dtype=np.int64)
        self.rng = np.random.default_rng()
        self.run = kernels(kernel)

    def _deal_where_needed(self, matches: npt.NDArray[np.intp]) -> None:
        if matches.size:
            orders = np.argsort(self.rng.random((matches.size, CARDS)), axis=1)
            self.run["deal"](matches, orders, self.hands, self.dealer, self.num_players)

    def _publish(self) -> None:
        in_play = self.phase == PLAY
        self.done[:] = ~in_play
        self.current_player[:] = np.where(in_play, self.to_move, TERMINAL_PLAYER)
        self.hand_number[:] = self.hand_index + 1

    def reset(self, seed: int | None = None) -> None:
        n = self.num_players
        self.rng = np.random.default_rng(seed)
        for array in (self.hands, self.played, self.trick, self.trick_length, self.tricks,
                      self.void, self.totals, self.hand_index, self.sweeps):
            array[:] = 0
        self.dealer[:] = 0
        self.leader[:] = 1 % n
        self.to_move[:] = 1 % n
        self.phase[:] = PLAY
        self._deal_where_needed(np.arange(self.batch_size))
        self._publish()

    def load(self, states: Sequence[State]) -> None:
        self._check_states(states)
        self.rng = np.random.default_rng()
        for i, state in enumerate(states):
            # the toy state is the test suite's own: its fields are read as they are
            toy: Any = state
            self.hands[i] = toy.hands
            self.played[i] = toy.played
            self.trick[i] = 0
            self.trick[i, :len(toy.trick)] = toy.trick
            self.trick_length[i] = len(toy.trick)
            self.leader[i] = toy.leader
            self.to_move[i] = toy.to_move
            self.dealer[i] = toy.dealer
            self.tricks[i] = toy.tricks
            self.void[i] = toy.void
            self.totals[i] = toy.totals
            self.hand_index[i] = toy.hand_index
            self.phase[i] = OVER if state.is_terminal() else PLAY
            self.sweeps[i] = self.game.count_events(state.match_events())["sweeps"]
        self._publish()

    def legal_mask(self) -> BoolArray:
        out = np.zeros((self.batch_size, self.num_actions), dtype=np.bool_)
        self.run["mask"](self.hands, self.trick, self.trick_length, self.to_move, self.phase,
                         SUIT_MASKS, out)
        return out

    def random_actions(self, rng: np.random.Generator) -> IntArray:
        self.run["random"](rng.random(self.batch_size), self.hands, self.trick,
                           self.trick_length, self.to_move, self.phase, SUIT_MASKS, self.actions)
        return self.actions.copy()

    def step(self, actions: npt.ArrayLike) -> None:
        moves = np.asarray(actions, dtype=np.int64).reshape(self.batch_size)
        wrong = self.run["check"](moves, self.hands, self.trick, self.trick_length,
                                  self.to_move, self.phase, SUIT_MASKS)
        if wrong >= 0:
            raise IllegalAction(f"action {int(moves[wrong])} is not legal in match {wrong}")
        self.run["step"](moves, self.hands, self.played, self.trick, self.trick_length,
                         self.leader, self.to_move, self.dealer, self.tricks, self.void,
                         self.totals, self.hand_index, self.phase, self.sweeps,
                         self.needs_deal, self.num_players, self.hands_in_match)
        self._deal_where_needed(np.flatnonzero(self.needs_deal))
        self._publish()

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        out = np.zeros((self.batch_size, self.observation_size), dtype=np.float32)
        self.run["observe"](self.hands, self.played, self.trick, self.trick_length,
                            self.leader, self.to_move, self.dealer, self.tricks, self.void,
                            self.totals, self.hand_index, self.phase, self.num_players,
                            self.best_total, self.hands_in_match, out)
        return out

    def scores(self) -> IntArray:
        return self.totals.astype(np.int64)

    def returns(self) -> FloatArray:
        n = self.num_players
        best = self.totals.max(axis=1, keepdims=True)
        winning = self.totals == best
        winners = winning.sum(axis=1, keepdims=True)
        share = (n - winners) / winners
        values = np.where(winning, share, -1.0)
        paid = (self.phase == OVER)[:, None] & (winners < n)
        return np.where(paid, values, 0.0)

    def counted_events(self) -> dict[str, IntArray]:
        return {"sweeps": self.sweeps.astype(np.int64)}


@contextmanager
def registered() -> Iterator[type[VectorThreeTricks]]:
    """:class:`VectorThreeTricks` in the vector registry while the block runs."""
    register(VectorThreeTricks)
    try:
        yield VectorThreeTricks
    finally:
        for name in VectorThreeTricks.names:
            unregister(name)

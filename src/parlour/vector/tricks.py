"""The batched engine of the trick family: Polignac, Knaves, Slobberhannes,
Eichelobern, Grasobern and Bassadewitz, every option but those of
:data:`NOT_COVERED` (the reference: :mod:`parlour.games.tricks` and each
game's module).

A match of the batch is a row of each array: the hands, won piles and
known voids as 64-bit card masks (one bit a card id, as the reference
numbers cards), the card each seat played to the trick, a few small
numbers (:data:`FIELDS`: phase, leader, seat to move, dealer, tricks
played, suit led, turn-up, capot bidder, first and last trick's winners,
Bassadewitz's pool, ante and dealer turns), the match totals and the
counted events. Every action id is below 64, so a match's legal actions
are one mask too (Polignac's ``pass`` and ``capot`` are bits 32 and 33).

The rules are the kernels below, written once over those arrays and run
compiled by Numba or by the interpreter (:mod:`parlour.vector.base`).
The deals of new hands are the batch's own: uniform numbers drawn from
the batch's generator outside the kernels, several deals at a time
(:data:`DEALS_SHARE`), which a kernel turns into a shuffle (Fisher-Yates)
of the cards in play, so that both kernels deal the same cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.engine import TERMINAL_PLAYER, Game, State
from parlour.engine.options import OptionValue, show_value
from parlour.errors import IllegalAction
from parlour.games.bassadewitz import ANTE, PAYMENT, SCORINGS
from parlour.games.tricks import (
    PHASE_ANNOUNCE,
    PHASE_DEAL,
    PHASE_DISCARD,
    PHASE_OVER,
    PHASE_PLAY,
    TURNUP,
)
from parlour.vector.base import (
    BoolArray,
    FloatArray,
    IntArray,
    Kernel,
    VectorGame,
    compiled,
    jitable,
    numba_available,
    register,
)

PHASE, LEADER, TO_MOVE, DEALER, TRICKS, LED, TURN_UP, BIDDER, FIRST, LAST, POOL, ANTE_PAID, \
    TURNS = range(13)
FIELDS = 13
"""The columns of a match's small numbers (``info``, int16): the phase (the
reference's numbers), the trick's leader, the seat to move, the dealer, the
tricks finished this hand, the suit led to the trick (-1: none yet), the
turned-up card (-1: none), the capot bidder (-1: none), the winners of the
hand's first and last tricks (-1: none yet), Bassadewitz's pool, whether
its dealer paid the ante this hand, and the dealer turns completed."""

POLIGNAC, KNAVES, FIRST_LAST, BASSADEWITZ = range(4)
"""The scoring kinds (``params[KIND]``)."""

(N, HAND_SIZE, KIND, TARGET, SURPLUS, CAPOT, CAPOT_FAIL, BIDDER_LEADS, FORCED, PENALTY_CARD,
 PENALTY_VALUE, DOUBLE_CARD, TURNED_JACK, SHARED, DEALER_TURNS, TRICK_BONUS, WIDTH, IN_PLAY,
 SCHEDULE, PASS_ID, CAPOT_ID, SCORING, PACK_POINTS, SHARES) = range(24)
"""The game's parameters (``params``, int64), indices; Bassadewitz's
places' shares (``Bassadewitz.shares``) from ``SHARES`` on, one a seat."""
PARAMS = SHARES + 6
BY_POOL, BY_POINTS = range(2)
"""Bassadewitz's ``scoring`` values ``pool`` and ``points`` by their number
in ``params[SCORING]`` (2: ``penalty``)."""

PENALTY_MASK, OUT_BASE = range(2)
"""The game's masks (``masks``, uint64): Polignac's penalty cards, the cards
out of play before a deal."""

CAPOT_FAILS = ("bidder_5", "bidder_5_plus_jacks", "jacks_normal")
"""Polignac's ``capot_fail`` values, by their number in ``params[CAPOT_FAIL]``
(2, the jacks as usual, is also the hand without a bid)."""
DEALS_SHARE = 8
"""A batch draws the uniforms of one deal for every ``DEALS_SHARE`` matches
at a time (at least one deal): few draws, few bytes a match."""


def _inlined(function: Kernel) -> Kernel:
    """A helper on the hot path, given many arrays: inlined into the loops by
    Numba (a call copies every array's shape and strides);
    :func:`parlour.vector.base.jitable` otherwise."""
    if not numba_available():
        return function
    from numba.extending import register_jitable

    inline: Any = register_jitable
    return inline(inline="always")(function)  # type: ignore[no-any-return]


U0 = np.uint64(0)
U1 = np.uint64(1)


@jitable
def _bit(card: int) -> np.uint64:
    """The mask of one card (or action) id."""
    return U1 << np.uint64(card)


def _popcount(x: np.uint64) -> int:
    """The set bits of a mask (Numba: the processor's popcount)."""
    return int(x).bit_count()


def _lowest(x: np.uint64) -> int:
    """The id of the lowest set bit of a non-empty mask (Numba: the
    processor's count of trailing zeros)."""
    mask = int(x)
    return (mask & -mask).bit_length() - 1


if numba_available():
    # _popcount and _lowest for Numba: LLVM's ctpop and cttz, one
    # instruction each (the Python versions above are Python's own)
    from numba.core import cgutils, types
    from numba.extending import intrinsic, overload

    def _ctpop_typing(context: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])
        return types.int64(x), codegen

    def _cttz_typing(context: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], cgutils.true_bit)
        return types.int64(x), codegen

    _ctpop: Any = intrinsic(_ctpop_typing)
    _cttz: Any = intrinsic(_cttz_typing)

    @overload(_popcount)
    def _popcount_numba(x: Any) -> Any:
        def popcount(x: Any) -> Any:
            return _ctpop(x)
        return popcount

    @overload(_lowest)
    def _lowest_numba(x: Any) -> Any:
        def lowest(x: Any) -> Any:
            return _cttz(x)
        return lowest


@jitable
def _select(x: np.uint64, k: int) -> int:
    """The id of the ``k``-th set bit (from 0, lowest first) of ``x``."""
    for _ in range(k):
        x = x & (x - U1)
    return int(_lowest(x))


@_inlined
def _legal_bits(i: int, hands: Any, info: Any, par: Any, masks: Any, suit_mask: Any) -> Any:
    """Match ``i``'s legal actions as a mask of action ids (none once over)."""
    phase = info[i, PHASE]
    if phase == PHASE_PLAY:
        hand = hands[i, info[i, TO_MOVE]]
        led = info[i, LED]
        if led >= 0:
            follow = hand & suit_mask[led]
            if follow != U0:
                return follow
            if par[FORCED] != 0:
                forced = _bit(par[PENALTY_CARD])
                if (hand & forced) != U0:
                    return forced
        return hand
    if phase == PHASE_DISCARD:
        return hands[i, info[i, DEALER]] & ~masks[PENALTY_MASK]
    if phase == PHASE_ANNOUNCE:
        return _bit(par[PASS_ID]) | _bit(par[CAPOT_ID])
    return U0


@jitable
def _begin_play(i: int, leader: int, info: Any, current_player: Any) -> None:
    info[i, PHASE] = PHASE_PLAY
    info[i, LEADER] = leader
    info[i, TO_MOVE] = leader
    current_player[i] = leader


@jitable
def _begin_announcements(i: int, info: Any, par: Any, current_player: Any) -> None:
    eldest = (info[i, DEALER] + 1) % par[N]
    if par[CAPOT] != 0:
        info[i, PHASE] = PHASE_ANNOUNCE
        info[i, TO_MOVE] = eldest
        current_player[i] = eldest
    else:
        _begin_play(i, eldest, info, current_player)


@jitable
def _deal(i: int, hands: Any, won: Any, absent: Any, trick_card: Any, trick_mask: Any,
          out_of_play: Any, discards: Any, info: Any, totals: Any, current_player: Any,
          par: Any, masks: Any, schedule: Any, in_play: Any, uniforms: Any, cursor: Any,
          scratch: Any) -> None:
    """Deal match ``i``'s hand from the next deal's uniforms (a Fisher-Yates
    shuffle of the cards in play), then enter its first phase (as the
    reference's ``_reset_hand``, ``_start_hand`` and ``_after_deal``)."""
    n = par[N]
    dealer = info[i, DEALER]
    eldest = (dealer + 1) % n
    for seat in range(n):
        hands[i, seat] = U0
        won[i, seat] = U0
        absent[i, seat] = U0
        trick_card[i, seat] = -1
    trick_mask[i] = U0
    discards[i] = U0
    info[i, LED] = -1
    info[i, LEADER] = eldest
    info[i, TO_MOVE] = eldest
    info[i, TRICKS] = 0
    info[i, TURN_UP] = -1
    info[i, BIDDER] = -1
    info[i, FIRST] = -1
    count = par[IN_PLAY]
    row = uniforms[cursor[0]]
    cursor[0] += 1
    for place in range(count):
        scratch[place] = in_play[place]
    for place in range(count - 1, 0, -1):
        other = int(row[place] * (place + 1))
        card = scratch[place]
        scratch[place] = scratch[other]
        scratch[other] = card
    out = masks[OUT_BASE]
    scheduled = par[SCHEDULE]
    for place in range(count):
        card = scratch[place]
        if place < scheduled:
            seat = schedule[dealer, place]
            if seat == TURNUP:
                info[i, TURN_UP] = card
                out |= _bit(card)
            else:
                hands[i, seat] |= _bit(card)
        else:
            out |= _bit(card)
    out_of_play[i] = out
    kind = par[KIND]
    if kind == POLIGNAC:
        if par[SURPLUS] != 0:
            info[i, PHASE] = PHASE_DISCARD
            info[i, TO_MOVE] = dealer
            current_player[i] = dealer
        else:
            _begin_announcements(i, info, par, current_player)
    else:
        if kind == BASSADEWITZ and par[SCORING] == BY_POOL:
            # the ante leaves the dealer's balance as it enters the pool
            info[i, ANTE_PAID] = 1 if info[i, POOL] == 0 else 0
            if info[i, POOL] == 0:
                totals[i, dealer] -= ANTE
            info[i, POOL] = ANTE
        _begin_play(i, eldest, info, current_player)


@jitable
def _card_points(pile: np.uint64, par: Any, values: Any) -> int:
    """Bassadewitz: the card points of a won pile, with any trick bonus."""
    points = par[TRICK_BONUS] * (_popcount(pile) // par[N])
    while pile != U0:
        points += values[_lowest(pile)]
        pile = pile & (pile - U1)
    return int(points)


@jitable
def _score_hand(i: int, won: Any, info: Any, par: Any, masks: Any, values: Any,
                delta: Any) -> None:
    """Each seat's change of total for match ``i``'s hand just finished, in
    ``delta`` (the reference's ``_score_hand``)."""
    n = par[N]
    hand_size = par[HAND_SIZE]
    kind = par[KIND]
    for seat in range(n):
        delta[seat] = 0
    if kind == POLIGNAC:
        bidder = info[i, BIDDER]
        if bidder >= 0 and _popcount(won[i, bidder]) == n * hand_size:
            for seat in range(n):
                delta[seat] = 0 if seat == bidder else 5
            return
        failure = par[CAPOT_FAIL] if bidder >= 0 else 2
        if failure != 0:
            double = _bit(par[DOUBLE_CARD])
            for seat in range(n):
                pile = won[i, seat]
                jacks = _popcount(pile & masks[PENALTY_MASK])
                delta[seat] = jacks + (1 if (pile & double) != U0 else 0)
        if failure != 2:
            delta[bidder] += 5
    elif kind == KNAVES:
        for seat in range(n):
            pile = won[i, seat]
            score = _popcount(pile) // n
            jacks = pile & masks[PENALTY_MASK]
            while jacks != U0:
                score -= values[_lowest(jacks)]
                jacks = jacks & (jacks - U1)
            delta[seat] = score
        if par[TURNED_JACK] != 0:
            delta[info[i, LAST]] -= values[info[i, TURN_UP]]
    elif kind == FIRST_LAST:
        first = info[i, FIRST]
        last = info[i, LAST]
        card = _bit(par[PENALTY_CARD])
        holder = -1
        for seat in range(n):
            if (won[i, seat] & card) != U0:
                holder = seat
                break
        delta[first] += 1
        delta[last] += 1
        delta[holder] += par[PENALTY_VALUE]
        if first == last and last == holder:
            delta[holder] = 4
    else:
        scoring = par[SCORING]
        taker = -1
        payer = -1
        most = -1
        equal = True
        first_points = -1
        for seat in range(n):
            pile = won[i, seat]
            if taker < 0 and _popcount(pile) // n == hand_size:
                taker = seat
            points = _card_points(pile, par, values)
            if points > most:
                most = points
                payer = seat
            if seat == 0:
                first_points = points
            elif points != first_points:
                equal = False
        if scoring == BY_POINTS:
            # minus the card points; a seat with every trick gains the hand's
            for seat in range(n):
                if taker >= 0:
                    delta[seat] = par[PACK_POINTS] if seat == taker else 0
                else:
                    delta[seat] = -_card_points(won[i, seat], par, values)
            info[i, TURNS] += 1
        elif scoring == BY_POOL and taker >= 0:
            for seat in range(n):
                if seat != taker:
                    delta[seat] -= PAYMENT
                    delta[taker] += PAYMENT
        elif scoring == BY_POOL and most >= 100:
            for seat in range(n):
                if seat != payer:
                    delta[seat] += PAYMENT
                    delta[payer] -= PAYMENT
        elif scoring != BY_POOL or not equal:
            # rule 4 (and the penalties' ranking): fewest points first, a
            # seat without a trick before a tied seat with one, then seat
            # order from the eldest
            eldest = (info[i, DEALER] + 1) % n
            placed = 0
            for place in range(n):
                best = -1
                best_key = 0
                for seat in range(n):
                    if (placed >> seat) & 1:
                        continue
                    pile = won[i, seat]
                    key = ((_card_points(pile, par, values) * 2 + (1 if pile != U0 else 0)) * n
                           + (seat - eldest) % n)
                    if best < 0 or key < best_key:
                        best = seat
                        best_key = key
                placed |= 1 << best
                delta[best] += par[SHARES + place]
            info[i, POOL] = 0
            info[i, TURNS] += 1


@jitable
def _match_over(i: int, totals: Any, info: Any, par: Any) -> bool:
    """Whether match ``i`` ends after the hand just scored."""
    kind = par[KIND]
    n = par[N]
    if kind == BASSADEWITZ:
        return bool(info[i, TURNS] == par[DEALER_TURNS])
    top = totals[i, 0]
    for seat in range(1, n):
        top = max(top, totals[i, seat])
    if top < par[TARGET]:
        return False
    if kind != KNAVES or par[SHARED] != 0:
        return True
    sharing = 0
    for seat in range(n):
        sharing += 1 if totals[i, seat] == top else 0
    return sharing == 1


@jitable
def _finish_hand(i: int, hands: Any, won: Any, absent: Any, trick_card: Any, trick_mask: Any,
                 out_of_play: Any, discards: Any, info: Any, totals: Any, counts: Any,
                 hand_number: Any, current_player: Any, done: Any, par: Any, masks: Any,
                 values: Any, schedule: Any, in_play: Any, uniforms: Any, cursor: Any,
                 scratch: Any, delta: Any) -> int:
    """Score match ``i``'s hand, count its events, end the match or deal
    the next hand; 1 when that deal waits for uniforms, else 0."""
    n = par[N]
    everything = n * par[HAND_SIZE]
    for seat in range(n):
        if _popcount(won[i, seat]) == everything:
            counts[i, 2] += 1
            if seat == info[i, BIDDER]:
                counts[i, 1] += 1
    _score_hand(i, won, info, par, masks, values, delta)
    for seat in range(n):
        totals[i, seat] += delta[seat]
    if _match_over(i, totals, info, par):
        info[i, PHASE] = PHASE_OVER
        done[i] = True
        current_player[i] = TERMINAL_PLAYER
        return 0
    if par[KIND] != BASSADEWITZ or info[i, POOL] == 0:
        info[i, DEALER] = (info[i, DEALER] + 1) % n
    hand_number[i] += 1
    if cursor[0] < uniforms.shape[0]:
        _deal(i, hands, won, absent, trick_card, trick_mask, out_of_play, discards, info,
              totals, current_player, par, masks, schedule, in_play, uniforms, cursor, scratch)
        return 0
    info[i, PHASE] = PHASE_DEAL
    return 1


@_inlined
def _play(i: int, action: int, hands: Any, won: Any, absent: Any, trick_card: Any,
          trick_mask: Any, out_of_play: Any, discards: Any, info: Any, totals: Any,
          counts: Any, hand_number: Any, current_player: Any, done: Any, par: Any, masks: Any,
          suit_of: Any, suit_mask: Any, strength: Any, values: Any, schedule: Any, in_play: Any,
          uniforms: Any, cursor: Any, scratch: Any, delta: Any) -> int:
    """Match ``i`` takes its (legal) ``action``; 1 when a new hand waits for
    uniforms to be dealt, else 0."""
    n = par[N]
    phase = info[i, PHASE]
    seat = info[i, TO_MOVE]
    card = _bit(action)
    if phase == PHASE_DISCARD:
        hands[i, seat] &= ~card
        out_of_play[i] |= card
        discards[i] |= card
        if _popcount(discards[i]) == par[SURPLUS]:
            _begin_announcements(i, info, par, current_player)
        return 0
    if phase == PHASE_ANNOUNCE:
        eldest = (info[i, DEALER] + 1) % n
        if action == par[CAPOT_ID]:
            info[i, BIDDER] = seat
            counts[i, 0] += 1
            _begin_play(i, seat if par[BIDDER_LEADS] != 0 else eldest, info, current_player)
        elif seat == info[i, DEALER]:
            _begin_play(i, eldest, info, current_player)
        else:
            info[i, TO_MOVE] = (seat + 1) % n
            current_player[i] = (seat + 1) % n
        return 0
    led = info[i, LED]
    suit = suit_of[action]
    if led < 0:
        info[i, LED] = suit
        led = suit
    elif suit != led:
        if par[FORCED] != 0 and action != par[PENALTY_CARD]:
            absent[i, seat] |= _bit(par[PENALTY_CARD])
        absent[i, seat] |= suit_mask[led]
    hands[i, seat] ^= card
    trick_card[i, seat] = action
    following = (seat + 1) % n
    leader = info[i, LEADER]
    if following != leader:
        info[i, TO_MOVE] = following
        current_player[i] = following
        trick_mask[i] |= card
        return 0
    cards = trick_mask[i] | card
    turnup = info[i, TURN_UP]
    if turnup >= 0 and (cards & suit_mask[suit_of[turnup]]) != U0:
        led = suit_of[turnup]
    winner = -1
    best = -1
    for other in range(n):
        played = trick_card[i, other]
        if suit_of[played] == led and strength[played] > best:
            best = strength[played]
            winner = other
        trick_card[i, other] = -1
    won[i, winner] |= cards
    number = info[i, TRICKS] + 1
    info[i, TRICKS] = number
    if number == 1:
        info[i, FIRST] = winner
    info[i, LAST] = winner
    trick_mask[i] = U0
    info[i, LED] = -1
    if number < par[HAND_SIZE]:
        info[i, LEADER] = winner
        info[i, TO_MOVE] = winner
        current_player[i] = winner
        return 0
    return int(_finish_hand(i, hands, won, absent, trick_card, trick_mask, out_of_play,
                            discards, info, totals, counts, hand_number, current_player, done,
                            par, masks, values, schedule, in_play, uniforms, cursor, scratch,
                            delta))


def _step(actions: Any, hands: Any, won: Any, absent: Any, trick_card: Any, trick_mask: Any,
          out_of_play: Any, discards: Any, info: Any, totals: Any, counts: Any,
          hand_number: Any, current_player: Any, done: Any, par: Any, masks: Any, suit_of: Any,
          suit_mask: Any, strength: Any, values: Any, schedule: Any, in_play: Any,
          uniforms: Any, cursor: Any, scratch: Any, delta: Any) -> tuple[int, int]:
    """Check every match's action, then play them: (the first match given
    an illegal action, or -1; the new hands waiting for uniforms)."""
    batch = actions.shape[0]
    for i in range(batch):
        if not done[i]:
            action = actions[i]
            if action < 0 or action >= 64 or (_legal_bits(
                    i, hands, info, par, masks, suit_mask) & _bit(action)) == U0:
                return i, 0
    waiting = 0
    for i in range(batch):
        if not done[i]:
            waiting += _play(i, actions[i], hands, won, absent, trick_card, trick_mask,
                             out_of_play, discards, info, totals, counts, hand_number,
                             current_player, done, par, masks, suit_of, suit_mask, strength,
                             values, schedule, in_play, uniforms, cursor, scratch, delta)
    return -1, waiting


def _deal_waiting(hands: Any, won: Any, absent: Any, trick_card: Any, trick_mask: Any,
                  out_of_play: Any, discards: Any, info: Any, totals: Any, current_player: Any,
                  done: Any, par: Any, masks: Any, schedule: Any, in_play: Any, uniforms: Any,
                  cursor: Any, scratch: Any) -> int:
    """Deal the hands waiting for uniforms, in match order, while there
    are uniforms; how many still wait."""
    waiting = 0
    for i in range(info.shape[0]):
        if not done[i] and info[i, PHASE] == PHASE_DEAL:
            if cursor[0] < uniforms.shape[0]:
                _deal(i, hands, won, absent, trick_card, trick_mask, out_of_play, discards, info,
                      totals, current_player, par, masks, schedule, in_play, uniforms, cursor,
                      scratch)
            else:
                waiting += 1
    return waiting


def _random_actions(u: Any, out: Any, hands: Any, info: Any, done: Any, par: Any, masks: Any,
                    suit_mask: Any) -> None:
    """Each match in play's ``floor(u * count)``-th legal action (0 once over)."""
    for i in range(out.shape[0]):
        if done[i]:
            out[i] = 0
        else:
            legal = _legal_bits(i, hands, info, par, masks, suit_mask)
            out[i] = _select(legal, int(u[i] * _popcount(legal)))


def _legal_mask(out: Any, hands: Any, info: Any, done: Any, par: Any, masks: Any,
                suit_mask: Any) -> None:
    for i in range(out.shape[0]):
        if not done[i]:
            legal = _legal_bits(i, hands, info, par, masks, suit_mask)
            while legal != U0:
                out[i, _lowest(legal)] = True
                legal = legal & (legal - U1)


@jitable
def _cards(out: Any, i: int, at: int, mask: np.uint64, width: int) -> None:
    for card in range(width):
        out[i, at + card] = 1.0 if ((mask >> np.uint64(card)) & U1) != U0 else 0.0


def _observe(out: Any, hands: Any, won: Any, absent: Any, trick_card: Any, out_of_play: Any,
             discards: Any, info: Any, totals: Any, done: Any, par: Any, scale: float,
             values: Any, suit_of: Any) -> None:
    """The player to move's observation tensor of every match in play (the
    reference's ``TrickState.observation_tensor``; zeros once over)."""
    n = par[N]
    width = par[WIDTH]
    hand_size = par[HAND_SIZE]
    kind = par[KIND]
    for i in range(out.shape[0]):
        if done[i]:
            continue
        seat = info[i, TO_MOVE]
        dealer = info[i, DEALER]
        hidden = U0
        if kind == POLIGNAC and seat != dealer:
            hidden = discards[i]
        elif kind == KNAVES and info[i, TURN_UP] >= 0:
            hidden = out_of_play[i] & ~_bit(info[i, TURN_UP])
        played = U0
        for other in range(n):
            played |= won[i, other]
        _cards(out, i, 0, hands[i, seat], width)
        _cards(out, i, width, out_of_play[i] & ~hidden, width)
        _cards(out, i, 2 * width, played, width)
        for offset in range(n):
            other = (seat + offset) % n
            card = trick_card[i, other]
            _cards(out, i, (3 + offset) * width, _bit(card) if card >= 0 else U0, width)
            _cards(out, i, (3 + n + offset) * width, won[i, other], width)
            _cards(out, i, (3 + 2 * n + offset) * width, absent[i, other], width)
        at = (3 + 3 * n) * width
        for flag in range(5 + 3 * n):
            out[i, at + flag] = 0.0
        out[i, at + info[i, PHASE]] = 1.0
        out[i, at + 5 + (dealer - seat) % n] = 1.0
        out[i, at + 5 + n + (info[i, TO_MOVE] - seat) % n] = 1.0
        out[i, at + 5 + 2 * n + (info[i, LEADER] - seat) % n] = 1.0
        at += 5 + 3 * n
        for offset in range(n):
            other = (seat + offset) % n
            out[i, at + offset] = totals[i, other] / scale
            out[i, at + n + offset] = (_popcount(won[i, other]) // n) / hand_size
        out[i, at + 2 * n] = info[i, TRICKS] / hand_size
        at += 2 * n + 1
        if kind == POLIGNAC:
            bidder = info[i, BIDDER]
            for place in range(n + 1):
                out[i, at + place] = 0.0
            out[i, at + (n if bidder < 0 else (bidder - seat) % n)] = 1.0
        elif kind == KNAVES:
            for suit in range(4):
                out[i, at + suit] = 0.0
            if info[i, TURN_UP] >= 0:
                out[i, at + suit_of[info[i, TURN_UP]]] = 1.0
        elif kind == FIRST_LAST:
            for place in range(2 * n):
                out[i, at + place] = 0.0
            first = info[i, FIRST]
            if first >= 0:
                out[i, at + (first - seat) % n] = 1.0
            card = _bit(par[PENALTY_CARD])
            for other in range(n):
                if (won[i, other] & card) != U0:
                    out[i, at + n + (other - seat) % n] = 1.0
        else:
            out[i, at] = info[i, POOL] / ANTE
            out[i, at + 1] = 1.0 if info[i, ANTE_PAID] != 0 else 0.0
            out[i, at + 2] = info[i, TURNS] / par[DEALER_TURNS]
            for offset in range(n):
                out[i, at + 3 + offset] = _card_points(won[i, (seat + offset) % n], par,
                                                       values) / 120.0


def _returns(out: Any, totals: Any, done: Any, par: Any) -> None:
    """Each finished match's returns: the winners share the others' stakes
    (penalty games: every seat but those sharing the highest total wins;
    Knaves and Bassadewitz: those sharing it win)."""
    n = par[N]
    lowest_wins = par[KIND] == POLIGNAC or par[KIND] == FIRST_LAST
    for i in range(out.shape[0]):
        if not done[i]:
            continue
        top = totals[i, 0]
        for seat in range(1, n):
            top = max(top, totals[i, seat])
        winners = 0
        for seat in range(n):
            if (totals[i, seat] == top) != lowest_wins:
                winners += 1
        if winners == 0 or winners == n:
            continue
        share = (n - winners) / winners
        for seat in range(n):
            out[i, seat] = share if (totals[i, seat] == top) != lowest_wins else -1.0


@cache
def _kernels(kernel: str) -> dict[str, Kernel]:
    """The batch loops on ``kernel``, compiled once a process (without
    reference counts: they allocate nothing, and counting the references of
    the arrays handed to every helper, once a match, costs ten times the
    rules)."""
    loops = (_step, _deal_waiting, _random_actions, _legal_mask, _observe, _returns)
    return {loop.__name__.lstrip("_"): compiled(loop, kernel, allocates=False)
            for loop in loops}


GAMES = ("polignac", "knaves", "slobberhannes", "eichelobern", "grasobern", "bassadewitz")

NOT_COVERED: dict[str, tuple[tuple[str, OptionValue], ...]] = {
    "knaves": (("turned_jack", "no_trumps"), ("no_trumps_on_repeat", True),
               ("all_jacks_bonus", True)),
    "grasobern": (("contracts", True),),
    "polignac": (("direction", "right"),),
}
"""Per game, the option values the kernels do not play (issue #33's
variants): :func:`parlour.vector.make` refuses them, naming the option."""


@register
class TrickVectorGame(VectorGame):
    """B matches of one trick game (see the module's docstring)."""

    names = GAMES

    @classmethod
    def refusal(cls, game: Game) -> str | None:
        for name, value in NOT_COVERED.get(game.name, ()):
            if game.options.get(name) == value:
                return f"it does not cover the option {name}={show_value(value)}"
        return None

    def __init__(self, game: Game, batch_size: int, kernel: str) -> None:
        super().__init__(game, batch_size, kernel)
        n = self.num_players
        tg: Any = game  # a TrickGame: its tables are read below
        deck = tg.deck
        width = len(deck)
        kind = {"polignac": POLIGNAC, "knaves": KNAVES, "bassadewitz": BASSADEWITZ}.get(
            game.name, FIRST_LAST)
        options = game.options
        values = [0] * width
        penalty_mask = 0
        double = penalty_card = 0
        if kind == POLIGNAC:
            penalty_mask, double = tg.penalty_mask, tg.double_penalty_card
        elif kind == KNAVES:
            values, penalty_mask = list(tg.jack_values), tg.jack_mask
        elif kind == BASSADEWITZ:
            values = list(tg.card_points)
        else:
            penalty_card = tg.penalty_card
        params = [0] * PARAMS
        params[N] = n
        params[HAND_SIZE] = tg.hand_size
        params[KIND] = kind
        params[TARGET] = int(options.get("target", 0))
        params[SURPLUS] = tg.surplus
        params[CAPOT] = int(bool(options.get("capot", False)))
        params[CAPOT_FAIL] = CAPOT_FAILS.index(str(options.get("capot_fail", "bidder_5")))
        params[BIDDER_LEADS] = int(bool(options.get("capot_bidder_leads", False)))
        params[FORCED] = int(tg.restricts_void_play)
        params[PENALTY_CARD] = penalty_card
        params[PENALTY_VALUE] = getattr(tg, "penalty_value", 0)
        params[DOUBLE_CARD] = double
        params[TURNED_JACK] = int(options.get("turned_jack") == "to_last_trick")
        params[SHARED] = int(options.get("tie_rule") == "shared")
        params[DEALER_TURNS] = n * int(options.get("rounds", 0))
        params[TRICK_BONUS] = int(options.get("trick_bonus", 0))
        params[WIDTH] = width
        params[IN_PLAY] = len(tg.in_play_cards)
        params[SCHEDULE] = len(tg.schedule_seats[0])
        if kind == POLIGNAC:
            params[PASS_ID], params[CAPOT_ID] = tg.word_id("pass"), tg.word_id("capot")
        elif kind == BASSADEWITZ:
            params[SCORING] = SCORINGS.index(tg.scoring)
            params[PACK_POINTS] = tg.pack_points
            params[SHARES:SHARES + len(tg.shares)] = tg.shares
        self._params = np.array(params, dtype=np.int64)
        self._masks = np.array([penalty_mask, deck.full_mask & ~tg.in_play], dtype=np.uint64)
        self._suit_of = np.array(tg.suit_of, dtype=np.int64)
        self._suit_mask = np.array(deck.suit_masks, dtype=np.uint64)
        self._strength = np.array(tg.strength, dtype=np.int64)
        self._values = np.array(values, dtype=np.int64)
        self._schedule = np.array(tg.schedule_seats, dtype=np.int64)
        self._in_play = np.array(tg.in_play_cards, dtype=np.int64)
        self._scale = float(tg.tensor_scale)
        self._scratch = np.zeros(len(tg.in_play_cards), dtype=np.int64)
        self._delta = np.zeros(n, dtype=np.int64)
        self._deals = max(1, batch_size // DEALS_SHARE)
        self._uniforms = np.zeros((0, len(tg.in_play_cards)), dtype=np.float64)
        self._cursor = np.zeros(1, dtype=np.int64)
        self._rng = np.random.default_rng()
        b = batch_size
        self.hands = np.zeros((b, n), dtype=np.uint64)
        self.won = np.zeros((b, n), dtype=np.uint64)
        self.absent = np.zeros((b, n), dtype=np.uint64)
        self.trick_card = np.full((b, n), -1, dtype=np.int8)
        self.trick_mask = np.zeros(b, dtype=np.uint64)
        self.out_of_play = np.zeros(b, dtype=np.uint64)
        self.discards = np.zeros(b, dtype=np.uint64)
        self.info = np.zeros((b, FIELDS), dtype=np.int16)
        self.totals = np.zeros((b, n), dtype=np.int32)
        self.counts = np.zeros((b, 3), dtype=np.int32)
        self._u = np.zeros(b, dtype=np.float64)
        self._kernels = _kernels(kernel)
        self._counted = tuple(game.counted_events)

    # ------------------------------------------------------------------
    def _arrays(self) -> tuple[Any, ...]:
        return (self.hands, self.won, self.absent, self.trick_card, self.trick_mask,
                self.out_of_play, self.discards, self.info)

    def _deal_all(self) -> None:
        """Deal every hand waiting for one, drawing uniforms as they run out."""
        while True:
            waiting = self._kernels["deal_waiting"](
                *self._arrays(), self.totals, self.current_player, self.done, self._params,
                self._masks, self._schedule, self._in_play, self._uniforms, self._cursor,
                self._scratch)
            if not waiting:
                return
            self._draw()

    def _draw(self) -> None:
        self._uniforms = self._rng.random((self._deals, len(self._in_play)))
        self._cursor[0] = 0

    def reset(self, seed: int | None = None) -> None:
        self._rng = np.random.default_rng(seed)
        self._uniforms = self._uniforms[:0]
        self._cursor[0] = 0
        for array in (self.hands, self.won, self.absent, self.trick_mask, self.out_of_play,
                      self.discards, self.info, self.totals, self.counts):
            array[...] = 0
        self.trick_card[...] = -1
        self.info[:, PHASE] = PHASE_DEAL
        self.info[:, LAST] = -1
        self.done[...] = False
        self.hand_number[...] = 1
        self._deal_all()

    def load(self, states: Sequence[State]) -> None:
        self._check_states(states)
        n = self.num_players
        suit_of = self.game.suit_of  # type: ignore[attr-defined]
        for i, state in enumerate(states):
            # Read from the TrickState's fields (the same package's), as the
            # observation has no masks of them and hides the other hands:
            # phase, leader, to_move, dealer, trick_number, turnup, hands,
            # won, known_absent, trick_mask, out_of_play, totals,
            # hand_index, and the games' own bidder, discards (Polignac),
            # pool, ante_paid, turns_completed (Bassadewitz); the rest by
            # its public properties (trick, first_winner, last_winner) and
            # the contract (match_events, is_terminal, current_player).
            s: Any = state
            info = self.info[i]
            info[PHASE] = s.phase
            info[LEADER] = s.leader
            info[TO_MOVE] = s.to_move
            info[DEALER] = s.dealer
            info[TRICKS] = s.trick_number
            trick = s.trick
            info[LED] = suit_of[trick[0]] if trick else -1
            info[TURN_UP] = s.turnup
            info[BIDDER] = getattr(s, "bidder", -1)
            info[FIRST] = s.first_winner
            info[LAST] = s.last_winner
            info[POOL] = getattr(s, "pool", 0)
            info[ANTE_PAID] = int(getattr(s, "ante_paid", False))
            info[TURNS] = getattr(s, "turns_completed", 0)
            self.hands[i] = s.hands
            self.won[i] = s.won
            self.absent[i] = s.known_absent
            self.trick_card[i] = -1
            for position, card in enumerate(trick):
                self.trick_card[i, (s.leader + position) % n] = card
            self.trick_mask[i] = s.trick_mask
            self.out_of_play[i] = s.out_of_play
            self.discards[i] = getattr(s, "discards", 0)
            self.totals[i] = s.totals
            counted = state.game.count_events(state.match_events())
            self.counts[i] = [counted.get(name, 0)
                              for name in ("capot_bids", "capots_made", "capots")]
            self.hand_number[i] = s.hand_index + 1
            over = state.is_terminal()
            self.done[i] = over
            self.current_player[i] = state.current_player()

    def card_tables(self) -> tuple[IntArray, IntArray]:
        """Each card id's suit and strength within its suit (higher wins),
        int64 arrays as the kernels read them: for a policy that reads the
        batch's rows (:attr:`hands`, :attr:`won`, :attr:`trick_card`,
        :attr:`info`)."""
        return self._suit_of, self._strength

    def legal_mask(self) -> BoolArray:
        out = np.zeros((self.batch_size, self.num_actions), dtype=np.bool_)
        self._kernels["legal_mask"](out, self.hands, self.info, self.done, self._params,
                                    self._masks, self._suit_mask)
        return out

    def random_actions(self, rng: np.random.Generator) -> IntArray:
        rng.random(out=self._u)
        actions = np.empty(self.batch_size, dtype=np.int64)
        self._kernels["random_actions"](self._u, actions, self.hands, self.info, self.done,
                                        self._params, self._masks, self._suit_mask)
        return actions

    def step(self, actions: npt.ArrayLike) -> None:
        chosen = np.asarray(actions)
        if chosen.shape != (self.batch_size,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalAction(f"step needs {self.batch_size} integer actions, one a match; "
                                f"it was given an array of shape {chosen.shape} "
                                f"and type {chosen.dtype}")
        if self._cursor[0] >= self._uniforms.shape[0]:
            self._draw()
        bad, waiting = self._kernels["step"](
            chosen.astype(np.int64, copy=False), *self._arrays(), self.totals, self.counts,
            self.hand_number, self.current_player, self.done, self._params, self._masks,
            self._suit_of, self._suit_mask, self._strength, self._values, self._schedule,
            self._in_play, self._uniforms, self._cursor, self._scratch, self._delta)
        if bad >= 0:
            raise IllegalAction(f"match {bad} cannot take action {int(chosen[bad])}: "
                                f"it is not one of its legal actions")
        if waiting:
            self._deal_all()

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        out = np.zeros((self.batch_size, self.observation_size), dtype=np.float32)
        self._kernels["observe"](out, self.hands, self.won, self.absent, self.trick_card,
                                 self.out_of_play, self.discards, self.info, self.totals,
                                 self.done, self._params, self._scale, self._values,
                                 self._suit_of)
        return out

    def returns(self) -> FloatArray:
        out = np.zeros((self.batch_size, self.num_players), dtype=np.float64)
        self._kernels["returns"](out, self.totals, self.done, self._params)
        return out

    def scores(self) -> IntArray:
        return self.totals.astype(np.int64)

    def counted_events(self) -> dict[str, IntArray]:
        columns = {"capot_bids": 0, "capots_made": 1, "capots": 2}
        return {name: self.counts[:, columns[name]].astype(np.int64) for name in self._counted}

    def memory_per_match(self) -> float:
        """The batch's arrays a match, and its share of the drawn uniforms
        (whether drawn yet or not; counted once when they are a row a match)."""
        total = super().memory_per_match()
        if self._uniforms.shape[0] == self.batch_size:
            total -= self._uniforms.nbytes / self.batch_size
        return total + self._deals * len(self._in_play) * 8 / self.batch_size

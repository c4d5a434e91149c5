"""Ranter Go Round over a batch: :class:`RanterVector`, the same game as
:mod:`parlour.games.ranter_go_round` (every option), B matches at once.

A match is a row of two arrays (n = players): ``small`` (int8) and
``wide`` (int64), besides the contract's ``current_player``, ``done`` and
``hand_number``. The rules pass these two arrays down their calls rather
than one array a field: a compiled call copies each array's pointers,
shape and strides, and a dozen arrays through four calls cost more than
the rules themselves (and the loop-free rules of every turn are inlined).

Speed: random play of six players (``scripts/vector_speed.py``), B = 8192,
about 13.6 million decisions a second of one core; 199 bytes a match (419
with 26 players).

=================  ===========  ==============================================
columns            in           what they hold
=================  ===========  ==============================================
``DEALER``         small        the dealer
``CUT``            small        the stock position the dealer's exchange takes
``TO_MOVE``        small        the seat to move (``TERMINAL_PLAYER``: over)
``PENDING``        small        the chance a match waits for (none, a deal, the
                                final tie's cut), resolved within a step
``DECK`` + 52      small        the pack as dealt: the hands' cards, elder
                                first, then the stock, top first
``HANDS`` + n      small        each seat's card (-1: out of the game)
``HANDS`` + n..2n  small        each seat's lives left (the scores: lives - it)
``HANDS`` + 2n..   small        what each seat did this hand (the bits of the
                                reference's ``STATUS_WORDS``)
``PUBLIC``         wide         the cards everyone has seen this hand (a mask)
``WINNERS``        wide         the winners (a seat mask; the cutters while
                                the final tie's cut waits)
``COUNTS`` + 3     wide         the counted events: lives lost, Kings shown,
                                hands stopped by a King
``CARRIED``        wide         a pot carried in from an earlier game, and the
                                antes (``ante``: paid when a game starts)
``HAND``           wide         the hands begun (the reference's hand number)
``KNOWN`` + n      wide         per seat, the cards it has seen in its swaps
=================  ===========  ==============================================

Chance is drawn outside the kernels (:mod:`parlour.vector.base`): when a
hand ends and the match goes on, the kernel names the next dealer and
marks the match ``PENDING``; :meth:`RanterVector.step` then draws n + 1
uniform numbers from the batch's generator for each marked match and a
second kernel deals from them (a Fisher-Yates shuffle of the pack, as deep
as the hands and the first stock card need), again until no match waits
(under stops_hand a hand may end as soon as it is dealt). The stock of
the hand in play is kept in the row, in order, and the dealer's exchange
takes the card at ``CUT`` in it: a loaded position keeps the reference's
stock and the cut its seed draws (or its deal's), so a loaded hand plays
out card for card as the reference's; a hand the batch deals itself draws
its stock card uniformly, as the reference's chance does. A final tie
settled by ``final_tie="cut"`` cuts cards from a fresh shuffle, and a tie
for the highest cut is settled by one more number, uniformly among the
tied (the reference's cutting again gives each of them the same chance).
The first dealer of :meth:`RanterVector.reset` is drawn with the exact
odds of dealing to the first Jack (:func:`first_dealer_odds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from parlour.engine import TERMINAL_PLAYER, Game, State
from parlour.engine.shuffle import seeded_below
from parlour.errors import IllegalAction
from parlour.games.ranter_go_round import (
    ASKED,
    CARD_BASE,
    CARD_COUNT,
    EXCHANGE,
    EXCHANGED,
    LOW_CARDS,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_STOCK,
    RANK_VALUES,
    REFUSED,
    SHOWED_KING,
    STAND,
    STATUS_WORDS,
    STOOD,
    TOOK_STOCK,
    WAS_REFUSED,
    RanterGoRound,
    RanterState,
    TieCut,
    first_dealer_odds,
)
from parlour.vector.base import (
    BoolArray,
    FloatArray,
    IntArray,
    Kernel,
    VectorError,
    VectorGame,
    compiled,
    jitable,
    numba_available,
    register,
)

# the game's parameters, a tuple of ints handed to the kernels
PLAYERS, LIVES, BLOCK, STOP_PLAY, STOP_HAND, STOCK_KING, LAST_REVEALED, FINAL_TIE, ANNOUNCE = (
    range(9))
STOCK_KINGS = ("take", "keep_original", "dealer_loses")
FINAL_TIES = ("split", "playoff", "cut", "carry_over")
ANNOUNCES = ("off", "passer", "both")
TAKE, KEEP_ORIGINAL, DEALER_LOSES = range(3)
SPLIT, PLAYOFF, TIE_CUT, CARRY_OVER = range(4)

# the columns of a match's row (the module docstring's table)
DEALER, CUT, TO_MOVE, PENDING, DECK = range(5)
HANDS = DECK + CARD_COUNT
PUBLIC, WINNERS, COUNTS = range(3)
LIVES_LOST, KINGS_SHOWN, KING_STOPS = range(COUNTS, COUNTS + 3)
"""The counted events, in the order of the game's ``counted_events``."""
CARRIED, HAND, KNOWN = range(COUNTS + 3, COUNTS + 6)
NO_CHANCE, DEAL, CUT_FOR_POT = range(3)
"""What a match waits for in ``PENDING``: nothing, its next deal, the final tie's cut."""
KING = 13
"""The King's rank (the reference's ``RANK_VALUES``: A 1 ... K 13)."""
RANKS = np.array(RANK_VALUES, dtype=np.int64)
"""Each card's rank, a table the kernels read."""


def _inlined(function: Kernel) -> Kernel:
    """A rule of every turn, without a loop: inlined into the batch loop by
    Numba (a call copies both arrays' shapes and strides and costs as much
    as the rule; a loop inlined trips Numba's own checks);
    :func:`parlour.vector.base.jitable` otherwise."""
    if not numba_available():
        return function
    from numba.extending import register_jitable

    inline: Any = register_jitable
    return inline(inline="always")(function)  # type: ignore[no-any-return]


# ----------------------------------------------------------------------
# the rules, over one match (row ``i``)
@jitable
def _next_in(small: Any, i: int, seat: int, n: int) -> int:
    """The next seat clockwise after ``seat`` with a life left."""
    lives = HANDS + n
    while True:
        # a comparison, not a modulo: this is the kernels' most frequent step
        seat += 1
        if seat == n:
            seat = 0
        if small[i, lives + seat] != 0:
            return seat


@jitable
def _show(wide: Any, i: int, card: int) -> None:
    wide[i, PUBLIC] |= np.int64(1) << np.int64(card)


@jitable
def _flag(small: Any, i: int, seat: int, n: int, bit: int) -> None:
    small[i, HANDS + 2 * n + seat] |= bit


@jitable
def _end(small: Any, wide: Any, i: int, winners: int) -> None:
    wide[i, WINNERS] = winners
    small[i, TO_MOVE] = TERMINAL_PLAYER


@jitable
def _start_hand(p: Any, small: Any, wide: Any, i: int, fresh: Any) -> None:
    """Deal a hand (rules §4.1) from the ``fresh`` uniform numbers, then
    play to the first decision (or to the hand's end: stops_hand)."""
    n = p[PLAYERS]
    active = 0
    for seat in range(n):
        wide[i, KNOWN + seat] = 0
        small[i, HANDS + 2 * n + seat] = 0
        small[i, HANDS + seat] = -1
        if small[i, HANDS + n + seat] > 0:
            active += 1
    # the cards of the hands and the first stock card, a uniform draw each
    for position in range(active + 1):
        other = DECK + position + int(fresh[position] * (CARD_COUNT - position))
        card = small[i, other]
        small[i, other] = small[i, DECK + position]
        small[i, DECK + position] = card
    small[i, CUT] = 0
    wide[i, PUBLIC] = 0
    wide[i, HAND] += 1
    seat = _next_in(small, i, int(small[i, DEALER]), n)
    for position in range(active):
        small[i, HANDS + seat] = small[i, DECK + position]
        seat = _next_in(small, i, seat, n)
    _begin_play(p, small, wide, i)


@jitable
def _begin_play(p: Any, small: Any, wide: Any, i: int) -> None:
    """§6 stops_hand: every King dealt is shown and the hand is not played;
    else the elder's turn comes."""
    n = p[PLAYERS]
    if p[STOP_HAND]:
        stopped = False
        for seat in range(n):
            card = int(small[i, HANDS + seat])
            if card >= 0 and RANKS[card] == KING:
                _show(wide, i, card)
                stopped = True
        if stopped:
            wide[i, KING_STOPS] += 1
            _showdown(p, small, wide, i)
            return
    _advance(p, small, wide, i, _next_in(small, i, int(small[i, DEALER]), n))


@_inlined
def _advance(p: Any, small: Any, wide: Any, i: int, seat: int) -> None:
    """``seat``'s turn comes: he chooses, unless he must show a King."""
    if p[BLOCK] and RANKS[int(small[i, HANDS + seat])] == KING:
        _show_kings(p, small, wide, i, seat)
    else:
        small[i, TO_MOVE] = seat


@jitable
def _show_kings(p: Any, small: Any, wide: Any, i: int, first: int) -> None:
    """Under block and stops_play, ``first`` and the players after him
    show their Kings (and stop play, or pass the turn on) until a player
    must choose; after the dealer's turn, the showdown."""
    n = p[PLAYERS]
    last = int(small[i, DEALER])
    seat = first
    while True:
        card = int(small[i, HANDS + seat])
        if RANKS[card] != KING:
            small[i, TO_MOVE] = seat
            return
        _show(wide, i, card)
        _flag(small, i, seat, n, SHOWED_KING)
        wide[i, KINGS_SHOWN] += 1
        if p[STOP_PLAY]:
            wide[i, KING_STOPS] += 1
            break
        if seat == last:
            break
        seat = _next_in(small, i, seat, n)
    _showdown(p, small, wide, i)


@_inlined
def _turn(p: Any, small: Any, wide: Any, i: int, action: int) -> None:
    """§4.3-4.5: the player to move stands, or exchanges with his left-hand
    neighbour (the dealer: with the stock)."""
    n = p[PLAYERS]
    seat = int(small[i, TO_MOVE])
    last = int(small[i, DEALER])
    if action == STAND:
        _flag(small, i, seat, n, STOOD)
        if seat == last:
            _showdown(p, small, wide, i)
        else:
            _advance(p, small, wide, i, _next_in(small, i, seat, n))
        return
    if seat == last:
        _from_stock(p, small, wide, i)
        return
    neighbour = _next_in(small, i, seat, n)
    theirs = int(small[i, HANDS + neighbour])
    if p[BLOCK] and RANKS[theirs] == KING:
        _show(wide, i, theirs)
        _flag(small, i, seat, n, WAS_REFUSED)
        _flag(small, i, neighbour, n, REFUSED)
        wide[i, KINGS_SHOWN] += 1
        if p[STOP_PLAY]:
            wide[i, KING_STOPS] += 1
            _showdown(p, small, wide, i)
        elif neighbour == last:
            _showdown(p, small, wide, i)
        else:
            _advance(p, small, wide, i, _next_in(small, i, neighbour, n))
        return
    mine = int(small[i, HANDS + seat])
    small[i, HANDS + seat] = theirs
    small[i, HANDS + neighbour] = mine
    # each sees the card he gets, and knows where his own went
    swapped = (np.int64(1) << np.int64(theirs)) | (np.int64(1) << np.int64(mine))
    wide[i, KNOWN + seat] |= swapped
    wide[i, KNOWN + neighbour] |= swapped
    _flag(small, i, seat, n, EXCHANGED)
    _flag(small, i, neighbour, n, ASKED)
    if p[ANNOUNCE] > 0:
        if (LOW_CARDS >> mine) & 1:
            _show(wide, i, mine)
        if p[ANNOUNCE] == 2 and (LOW_CARDS >> theirs) & 1:
            _show(wide, i, theirs)
    _advance(p, small, wide, i, neighbour)


@jitable
def _from_stock(p: Any, small: Any, wide: Any, i: int) -> None:
    """§4.5: the dealer's card from the stock (the card at ``CUT`` in it),
    and a King from it by ``dealer_cuts_king``."""
    n = p[PLAYERS]
    last = int(small[i, DEALER])
    _flag(small, i, last, n, TOOK_STOCK)
    active = 0
    for seat in range(n):
        if small[i, HANDS + n + seat] > 0:
            active += 1
    card = int(small[i, DECK + active + int(small[i, CUT])])
    if RANKS[card] == KING and p[STOCK_KING] != TAKE:
        _show(wide, i, card)
        if p[STOCK_KING] == DEALER_LOSES:
            _lose_lives(p, small, wide, i, np.int64(1) << np.int64(last))
            return
    else:
        small[i, HANDS + last] = card
    _showdown(p, small, wide, i)


@jitable
def _showdown(p: Any, small: Any, wide: Any, i: int) -> None:
    """§4.7: the lowest rank loses a life: every holder, or (last_revealed)
    the last revealed from the elder to the dealer."""
    n = p[PLAYERS]
    last = int(small[i, DEALER])
    lowest = KING + 1
    losers = np.int64(0)
    seat = last
    while True:
        seat = _next_in(small, i, seat, n)
        rank = RANKS[int(small[i, HANDS + seat])]
        bit = np.int64(1) << np.int64(seat)
        if rank < lowest:
            lowest = rank
            losers = bit
        elif rank == lowest:
            losers = bit if p[LAST_REVEALED] else losers | bit
        if seat == last:
            break
    _lose_lives(p, small, wide, i, losers)


@jitable
def _lose_lives(p: Any, small: Any, wide: Any, i: int, losers: int) -> None:
    """§5: ``losers`` (a seat mask) lose a life; the next hand waits for its
    deal, or the match ends (a last player, or everyone out at once:
    ``final_tie``)."""
    n = p[PLAYERS]
    lives = HANDS + n
    left = 0
    survivor = -1
    lost = 0
    for seat in range(n):
        if (losers >> seat) & 1:
            small[i, lives + seat] -= 1
            lost += 1
        if small[i, lives + seat] > 0:
            left += 1
            survivor = seat
    wide[i, LIVES_LOST] += lost
    rule = p[FINAL_TIE]
    # everyone left went out at once: then every player of the hand lost
    # his last life, so the losers are the players of the hand
    if left == 0 and rule == PLAYOFF:
        for seat in range(n):
            if (losers >> seat) & 1:
                small[i, lives + seat] = 1
        wide[i, LIVES_LOST] -= lost
        left = lost
    if left > 1:
        small[i, DEALER] = _next_in(small, i, int(small[i, DEALER]), n)
        small[i, PENDING] = DEAL
    elif left == 1:
        _end(small, wide, i, np.int64(1) << np.int64(survivor))
    elif rule == TIE_CUT:
        wide[i, WINNERS] = losers  # the cutters, until the cut names the winner
        small[i, PENDING] = CUT_FOR_POT
    elif rule == SPLIT:
        _end(small, wide, i, losers)
    else:
        _end(small, wide, i, np.int64(0))


@jitable
def _cut_for_the_pot(p: Any, small: Any, wide: Any, i: int, fresh: Any) -> None:
    """§5 final_tie=cut: each cutter cuts a card from the shuffled pack and
    the highest rank wins; a tie for highest is settled by one uniform
    number among the tied (the chance each has when they cut again)."""
    n = p[PLAYERS]
    cutters = wide[i, WINNERS]
    best = 0
    highest = np.int64(0)
    tied = 0
    position = 0
    for seat in range(n):
        if (cutters >> seat) & 1:
            other = DECK + position + int(fresh[position] * (CARD_COUNT - position))
            card = small[i, other]
            small[i, other] = small[i, DECK + position]
            small[i, DECK + position] = card
            position += 1
            rank = RANKS[int(card)]
            bit = np.int64(1) << np.int64(seat)
            if rank > best:
                best = rank
                highest = bit
                tied = 1
            elif rank == best:
                highest |= bit
                tied += 1
    pick = int(fresh[n] * tied)
    for seat in range(n):
        if (highest >> seat) & 1:
            if pick == 0:
                _end(small, wide, i, np.int64(1) << np.int64(seat))
                return
            pick -= 1


@jitable
def _publish(small: Any, wide: Any, i: int, done: Any, current: Any, hand_number: Any) -> None:
    """The contract's arrays from the match's row."""
    current[i] = small[i, TO_MOVE]
    done[i] = small[i, TO_MOVE] == TERMINAL_PLAYER
    hand_number[i] = wide[i, HAND]


# ----------------------------------------------------------------------
# the batch loops
def _step_batch(p: Any, actions: Any, small: Any, wide: Any, done: Any, current: Any,
                hand_number: Any, waiting_rows: Any) -> tuple[int, int]:
    """Every match in play takes its action: the index of the first match
    given an illegal one (-1: none; then nothing moved), and how many
    matches wait for chance (a deal, a cut) after it, their rows first in
    ``waiting_rows``."""
    size = small.shape[0]
    for i in range(size):
        if not done[i] and actions[i] != STAND and actions[i] != EXCHANGE:
            return i, 0
    waiting = 0
    for i in range(size):
        if not done[i]:
            _turn(p, small, wide, i, int(actions[i]))
            if small[i, PENDING] != NO_CHANCE:
                waiting_rows[waiting] = i
                waiting += 1
            else:
                _publish(small, wide, i, done, current, hand_number)
    return -1, waiting


def _chance_batch(p: Any, waiting_rows: Any, count: int, fresh: Any, small: Any, wide: Any,
                  done: Any, current: Any, hand_number: Any) -> int:
    """The ``count`` matches first in ``waiting_rows`` get their chance (a
    deal, or the final tie's cut) from ``fresh`` (a row of uniform numbers
    each); how many wait for chance again (a hand over as soon as dealt:
    stops_hand), their rows first in ``waiting_rows``."""
    waiting = 0
    for index in range(count):
        i = waiting_rows[index]
        what = small[i, PENDING]
        small[i, PENDING] = NO_CHANCE
        if what == DEAL:
            _start_hand(p, small, wide, i, fresh[index])
        else:
            _cut_for_the_pot(p, small, wide, i, fresh[index])
        if small[i, PENDING] != NO_CHANCE:
            waiting_rows[waiting] = i  # never past ``index``: the rows keep their order
            waiting += 1
        else:
            _publish(small, wide, i, done, current, hand_number)
    return waiting


def _observe_batch(p: Any, small: Any, wide: Any, done: Any, out: Any) -> None:
    """The player to move's tensor (the reference's layout, its module
    docstring's table) into ``out`` (zeros)."""
    n = p[PLAYERS]
    total = p[LIVES]
    lives_at = CARD_COUNT * (n + 1)
    phases = lives_at + (4 + len(STATUS_WORDS)) * n
    scale = float(n * total)
    for i in range(small.shape[0]):
        if done[i]:
            continue
        seat = int(small[i, TO_MOVE])
        out[i, int(small[i, HANDS + seat])] = 1.0
        knows = wide[i, PUBLIC] | wide[i, KNOWN + seat]
        pot = int(wide[i, CARRIED])
        for part in range(n):
            other = (seat + part) % n
            card = int(small[i, HANDS + other])
            if card >= 0 and (knows >> card) & 1:
                out[i, CARD_COUNT * (part + 1) + card] = 1.0
            left = int(small[i, HANDS + n + other])
            pot += total - left
            out[i, lives_at + part] = left / total
            if left == 0:
                out[i, lives_at + 3 * n + part] = 1.0
            flags = int(small[i, HANDS + 2 * n + other])
            for bit in range(len(STATUS_WORDS)):
                if (flags >> bit) & 1:
                    out[i, lives_at + (4 + bit) * n + part] = 1.0
        out[i, lives_at + n + (int(small[i, DEALER]) - seat) % n] = 1.0
        out[i, lives_at + 2 * n] = 1.0  # the seat to move: the observer himself
        out[i, phases + PHASE_PLAY] = 1.0
        out[i, phases + PHASE_OVER + 1] = pot / scale


@cache
def _kernels(kernel: str) -> tuple[Kernel, Kernel, Kernel]:
    """The batch loops, compiled once per kernel in a process (without
    reference counts: they allocate nothing)."""
    return (compiled(_step_batch, kernel, allocates=False),
            compiled(_chance_batch, kernel, allocates=False),
            compiled(_observe_batch, kernel, allocates=False))


# ----------------------------------------------------------------------
@register
class RanterVector(VectorGame):
    """B matches of Ranter Go Round (any options; see the module docstring
    for a match's row and how chance is drawn).

    ``rng`` is the batch's generator (seeded by :meth:`reset`): every deal,
    the dealer's cut in a hand the batch dealt (and in a loaded hand with
    explicit chance), and the final tie's cut come from it. :meth:`reload`
    re-starts some matches of the batch from reference states and leaves
    the others as they are.
    """

    names = ("ranter-go-round",)

    def __init__(self, game: Game, batch_size: int, kernel: str) -> None:
        super().__init__(game, batch_size, kernel)
        assert isinstance(game, RanterGoRound)
        self.reference: RanterGoRound = game
        n = game.n
        self.params = (n, game.lives, int(game.kings_block), int(game.kings_stop_play),
                       int(game.kings_stop_hand), STOCK_KINGS.index(game.stock_king),
                       int(game.last_revealed), FINAL_TIES.index(game.final_tie),
                       ANNOUNCES.index(game.announce))
        odds = np.array([float(odds) for odds in first_dealer_odds(n)])
        self.first_dealer_chances = np.cumsum(odds) / odds.sum()
        """The chance that each seat or one before it deals first, seat 0 first."""
        self.rng = np.random.default_rng()
        self.small = np.zeros((batch_size, HANDS + 3 * n), dtype=np.int8)
        self.wide = np.zeros((batch_size, KNOWN + n), dtype=np.int64)
        self.waiting_rows = np.zeros(batch_size, dtype=np.int32)
        """The matches waiting for chance within a step, first."""
        self._waiting = 0
        """How many of them :meth:`step_to_chance` left waiting."""
        self._step, self._chance, self._observe = _kernels(kernel)

    def _resolve_chance(self, waiting: int) -> None:
        """Deal (or cut) for every match waiting for chance, from the
        batch's generator, until none waits."""
        width = self.reference.n + 1
        while waiting:
            fresh = self.rng.random((waiting, width))
            waiting = self._chance(self.params, self.waiting_rows, waiting, fresh, self.small,
                                   self.wide, self.done, self.current_player, self.hand_number)

    def reset(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        n = self.reference.n
        dealers = np.searchsorted(self.first_dealer_chances, self.rng.random(self.batch_size),
                                  side="right")
        small, wide = self.small, self.wide
        small[:] = 0
        wide[:] = 0
        wide[:, CARRIED] = self.reference.ante * n
        small[:, DEALER] = np.minimum(dealers, n - 1)
        small[:, PENDING] = DEAL
        small[:, DECK:HANDS] = np.arange(CARD_COUNT)
        small[:, HANDS + n:HANDS + 2 * n] = self.reference.lives
        self.waiting_rows[:] = np.arange(self.batch_size)
        self._resolve_chance(self.batch_size)

    def load(self, states: Sequence[State]) -> None:
        self._check_states(states)
        self.reload(np.arange(self.batch_size), states)

    def reload(self, rows: npt.ArrayLike, states: Sequence[State]) -> None:
        """Re-start the matches at ``rows`` (indices into the batch) from the
        reference ``states``, one a row; the other matches are untouched.

        It reads the reference state's fields (the same package): the
        stock's order and the dealer's cut for the hand in play are known
        to no seat, and each seat's swaps (``known``) only through its
        observation's cards.
        """
        indices = np.asarray(rows, dtype=np.int64).reshape(-1)
        if len(states) != indices.size:
            raise VectorError(f"reload needs one state a row: {indices.size} rows, "
                              f"{len(states)} states")
        matches: list[RanterState] = []
        for index, state in zip(indices.tolist(), states, strict=True):
            if not 0 <= index < self.batch_size:
                raise VectorError(f"there is no match {index} in a batch of {self.batch_size}")
            if not isinstance(state, RanterState) or state.game.options != self.game.options:
                raise VectorError(f"state {index} is {state.game!r}, not {self.game!r}")
            if not state.is_terminal() and state.is_chance_node():
                raise VectorError(f"state {index} is at a chance node (a card being dealt); "
                                  "load a state where a player is to move")
            matches.append(state)
        for index, match in zip(indices.tolist(), matches, strict=True):
            self._read(index, match)

    def _read(self, i: int, state: RanterState) -> None:
        """Row ``i`` from the reference ``state``'s fields."""
        game = self.reference
        n = game.n
        small, wide = self.small[i], self.wide[i]
        over = state.phase == PHASE_OVER
        small[HANDS:HANDS + n] = state.hands
        small[HANDS + n:HANDS + 2 * n] = state.lives
        small[HANDS + 2 * n:] = state.status
        small[DEALER] = state.dealer
        small[TO_MOVE] = state.current_player()
        small[PENDING] = NO_CHANCE
        wide[KNOWN:] = state.known
        wide[PUBLIC] = state.public
        wide[WINNERS] = sum(1 << seat for seat in state.winner_seats)
        counted = game.count_events(state.match_events())
        wide[COUNTS:COUNTS + 3] = [counted[name] for name in game.counted_events]
        wide[CARRIED] = state.carried_pot + game.ante * n
        wide[HAND] = state.hand_index + 1
        cut = 0
        if over:
            small[DECK:HANDS] = np.arange(CARD_COUNT)
        else:
            small[DECK:HANDS] = [state.hands[seat] for seat in state.order] + list(state.stock)
            if state.explicit_chance:
                # the reference draws the stock card as a chance outcome
                cut = int(self.rng.integers(len(state.stock)))
            elif game.cuts:
                cut = state.pending_cut if state.pending_cut >= 0 else seeded_below(
                    len(state.stock), "ranter-cut", state.seed, state.hand_index)
        small[CUT] = cut
        self.current_player[i] = state.current_player()
        self.done[i] = over
        self.hand_number[i] = state.hand_index + 1

    # ------------------------------------------------------------------
    def legal_mask(self) -> BoolArray:
        mask = np.zeros((self.batch_size, self.num_actions), dtype=np.bool_)
        mask[:, STAND] = ~self.done
        mask[:, EXCHANGE] = ~self.done
        return mask

    def random_actions(self, rng: np.random.Generator) -> IntArray:
        """Stand or exchange, each with chance 1/2 (both are always legal
        for the player to move); 0 for a match that is over."""
        picks = (rng.random(self.batch_size) * 2).astype(np.int64)
        picks[self.done] = 0
        return picks

    def step(self, actions: npt.ArrayLike) -> None:
        self.step_to_chance(actions)
        self.resolve_chance()

    def step_to_chance(self, actions: npt.ArrayLike) -> BoolArray:
        """:meth:`step` without the deals (and cuts for the pot) that follow:
        the next deal decides who opens the hand, and under stops_hand /
        stops_play may end it at once."""
        chosen = np.asarray(actions, dtype=np.int64)
        if chosen.shape != (self.batch_size,):
            raise VectorError(f"step needs {self.batch_size} actions, one a match; "
                              f"{chosen.shape} were given")
        bad, waiting = self._step(self.params, chosen, self.small, self.wide, self.done,
                                  self.current_player, self.hand_number, self.waiting_rows)
        if bad >= 0:
            raise IllegalAction(
                f"match {bad}: there is no move {int(chosen[bad])} for "
                f"P{int(self.current_player[bad])}; the moves are {STAND} (stand) and "
                f"{EXCHANGE} (exchange)")
        self._waiting = waiting
        waits: BoolArray = self.small[:, PENDING] != NO_CHANCE
        return waits

    def resolve_chance(self) -> None:
        waiting, self._waiting = self._waiting, 0
        self._resolve_chance(waiting)

    def chance_in_hand(self, row: int, state: State) -> int | None:
        """The dealer's card from the stock: the one at the row's cut."""
        match = cast(RanterState, state)
        if match.phase != PHASE_STOCK:
            return None
        return CARD_BASE + match.stock[int(self.small[row, CUT])]

    def chance_winners(self, state: State) -> tuple[int, ...] | None:
        """The seats that cut for the pot (final_tie=cut): each engine cuts
        with its own chance."""
        match = cast(RanterState, state)
        ties = [event.seats for event in match.events if isinstance(event, TieCut)]
        return ties[0] if ties else None

    def match_length(self) -> int:
        # every hand costs a life, and has about a turn for each player left
        n = self.reference.n
        return n * n * self.reference.lives // 2

    def observation_tensor(self) -> npt.NDArray[np.float32]:
        out = np.zeros((self.batch_size, self.observation_size), dtype=np.float32)
        self._observe(self.params, self.small, self.wide, self.done, out)
        return out

    def scores(self) -> IntArray:
        """The counters each seat has paid into the pot: the lives it lost."""
        n = self.reference.n
        return (self.reference.lives
                - self.small[:, HANDS + n:HANDS + 2 * n].astype(np.int64))

    def returns(self) -> FloatArray:
        n = self.reference.n
        seats = (self.wide[:, WINNERS, None] >> np.arange(n)) & 1
        count = seats.sum(axis=1)
        share = (n - count) / np.maximum(count, 1)
        values = np.where(seats == 1, share[:, None], -1.0)
        decided = self.done & (count > 0) & (count < n)
        return np.where(decided[:, None], values, 0.0).astype(np.float64)

    def counted_events(self) -> dict[str, IntArray]:
        return {name: self.wide[:, column].copy()
                for column, name in zip(range(COUNTS, COUNTS + 3),
                                        self.reference.counted_events, strict=True)}

"""A deal analyser for the patiences: can this position be won, and how?

:func:`solve` takes a Golf, Calculation or Baker's Dozen state (any position
in play) and searches it knowing the whole deal, the stock order included,
as PySolFC's solver does: it is an analyser, not a player. The answer is a
:class:`Solution`: ``"won"`` with a winning line of action ids, ``"lost"``
only when the search was exhaustive, ``"unknown"`` when the node or time
budget ran out first. Clock has no decisions: its answer is the game
played out.

Each game's moves are re-implemented here over light tuples (the tests
replay every line on the engine, and check the verdicts against naive
searches), with a transposition table of positions already searched, keyed
so that positions the rules cannot tell apart share a key. Each game is
searched the way that suits it:

* **Golf**: depth first. The key is the column lengths, the pile top's
  number (P apart) and the cards drawn (the stock order is known, so its
  count says what is left). Column cards go before a draw, from the
  longest column first. Narrow searches come first, keeping only the
  first one, two, then three moves of each position (each within an
  eighth of the budget): a winning line is usually among the first moves.
  The positions they prove lost (searched in full below them) are skipped
  by the searches after them; the last keeps every move and answers
  ``"lost"`` when it finds nothing. A lost deal has to be searched
  through, so what keeps it short is giving up positions early: those
  whose column cards outnumber the cards they could go onto, or that some
  column card cannot be reached from, chain by chain (see
  :meth:`GolfRules.stranded`).
* **Calculation**: beam searches first, then depth first. A beam places
  the cards turned one at a time, keeping only the most promising
  positions (8, then 32, 128, ...): those with the fewest cards that would
  stay stuck in the waste piles even if every card still to come could go
  up whenever wanted (see :func:`stuck_cards`), then the most cards on the
  foundations. Each placement is followed by every foundation move open,
  so a beam finds wins, never a loss. What budget the beams leave goes to
  an exhaustive depth-first search over single moves, which can answer
  ``"lost"`` (in practice near the end of a game): it gives up positions
  with a foundation that can never be finished (see :func:`stuck_for_ever`).
* **Baker's Dozen**: best first (weighted A*), under three estimates of
  the moves left in turn (see :data:`COLUMN_ESTIMATES`), each with a third
  of the budget. Searching every position reachable without finding a win
  answers ``"lost"``.

Every shortcut a search takes (a foundation move made without trying the
others, a move left out, a position given up) keeps the verdicts exact:
the comments say why.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Literal, TypeAlias

from parlour.errors import OptionError, ParseError
from parlour.games.patience.bakers_dozen import COLUMNS as BAKER_COLUMNS
from parlour.games.patience.bakers_dozen import TO_COLUMN, BakersDozenState
from parlour.games.patience.base import P_CARD, PHASE_DEAL, PatienceState, number_of
from parlour.games.patience.calculation import (
    BUILDING_ORDERS,
    FROM_WASTE,
    TO_WASTE,
    CalculationState,
    waits_of,
)
from parlour.games.patience.clock import ClockState
from parlour.games.patience.golf import DRAW, GolfState, follows

DEFAULT_NODES = 50_000
"""The positions :func:`solve` searches unless told otherwise (a typical
deal of any of the three games is decided in well under a second; one
left undecided takes one to three seconds on a laptop)."""

SOLVED_GAMES = ("golf", "calculation", "bakers-dozen", "clock")
"""The games :func:`solve` handles."""

Verdict = Literal["won", "lost", "unknown"]
Position: TypeAlias = tuple[object, ...]
Child = tuple[int, Position]
Step = tuple[tuple[int, ...], Position]
UNLIMITED = 1 << 30
"""The move allowance of a game without a move limit."""
WIDTHS = (1, 2, 3)
"""The narrow searches tried before the full one (moves kept a position)."""
NARROW_SHARE = 8
"""Each narrow search may spend this part of the node budget (1 / it)."""
BEAM_WIDTHS = (8, 4)
"""The first beam's width, and the factor by which each next one is wider."""
BEAM_SHARE = 8
"""The beams leave this part of the node budget (1 / it) to the search
that can answer ``"lost"``."""
BEST_FIRST_WEIGHT = 1
"""How much more the estimate of the moves left counts than the steps made
in the order of a best-first search."""
TURN = 1000
"""The positions each of several searches run in turn searches at a turn."""
CLOCK_CHECK = 1024
"""How many positions pass between two looks at the clock."""


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found.

    ``verdict`` is ``"won"`` (``line`` is a winning line of action ids from
    the position), ``"lost"`` (no line wins: the search was exhaustive) or
    ``"unknown"`` (the budget ran out first); ``nodes`` counts the positions
    searched and ``seconds`` the time taken.
    """

    verdict: Verdict
    line: tuple[int, ...]
    nodes: int
    seconds: float


# --- the budget -----------------------------------------------------------------------

@dataclass
class Budget:
    """The nodes and time a search may spend; ``cap`` lowers the nodes for
    one stage of a search (see :meth:`stage`)."""

    nodes: int
    deadline: float | None
    spent: int = 0
    cap: int | None = None
    timed_out: bool = False

    def spend(self) -> bool:
        """Count one position; ``False`` (and nothing counted) once the
        budget or the stage's share is out."""
        limit = self.nodes if self.cap is None else min(self.cap, self.nodes)
        if self.spent >= limit or self.timed_out:
            return False
        if self.deadline is not None and self.spent % CLOCK_CHECK == 0 \
                and time.perf_counter() >= self.deadline:
            self.timed_out = True
            return False
        self.spent += 1
        return True

    def stage(self, share: int | None) -> None:
        """Let the next stage spend at most ``share`` more positions
        (``None``: the rest of the budget)."""
        self.cap = None if share is None else self.spent + share

    def is_out(self) -> bool:
        """Whether the whole budget is spent (or the time is up)."""
        return self.timed_out or self.spent >= self.nodes


# --- the rules and the searches ---------------------------------------------------------

class Rules:
    """One game's moves over light tuples, for the searches."""

    def start(self) -> Position:
        """The position to search from."""
        raise NotImplementedError

    def children(self, position: Position) -> list[Child]:
        """The moves worth trying from ``position``, best first, each with
        the position after it."""
        raise NotImplementedError

    def steps(self, position: Position) -> list[Step]:
        """The steps of a beam or best-first search from ``position``: a
        move and the moves it makes certain, each step with the position
        after it."""
        raise NotImplementedError

    def key(self, position: Position) -> Hashable:
        """The transposition key of ``position``."""
        raise NotImplementedError

    def won(self, position: Position) -> bool:
        """Whether ``position`` is won."""
        raise NotImplementedError

    def estimate(self, position: Position) -> int:
        """How far ``position`` looks from a win (lower is better), for a
        beam or best-first search."""
        raise NotImplementedError

    def decide(self, budget: Budget, allowance: int) -> tuple[Verdict, list[int]]:
        """The game's searches in turn (see the module docstring): by
        default :func:`widening`."""
        return widening(self, budget, allowance)


def search(rules: Rules, budget: Budget, allowance: int = UNLIMITED,
           width: int | None = None, dead: set[Hashable] | None = None
           ) -> tuple[Verdict, list[int]]:
    """Depth-first search from ``rules.start()`` for a won position within
    ``allowance`` moves: the verdict and, when won, the line. ``width``
    keeps only the first moves of each position.

    Each key is searched once (reachability: marking a position on entry is
    exact, cycles included). A position cut off by ``allowance`` might have
    been reached by a shorter line elsewhere, so a search that cut one off,
    or left out moves for ``width``, answers ``"unknown"``, never ``"lost"``.

    ``dead`` gathers the keys proven lost, for the searches after this one
    to skip: a key is proven lost once every move from it has been searched
    to a key proven lost. A key searched with moves left out below it, or
    met again before its search is over (on a cycle), proves nothing.
    """
    dead = set() if dead is None else dead
    root = rules.start()
    if rules.won(root):
        return "won", []
    root_key = rules.key(root)
    if root_key in dead:
        return "lost", []
    if not budget.spend():
        return "unknown", []
    seen: set[Hashable] = {root_key}
    line: list[int] = []
    cut = False

    def expand(position: Position) -> tuple[Iterator[Child], bool]:
        nonlocal cut
        children = rules.children(position)
        if width is not None and len(children) > width:
            cut = True
            return iter(children[:width]), True
        return iter(children), False

    moves, narrowed = expand(root)
    # per position being searched: its moves left, its key, whether it
    # proves nothing
    stack: list[tuple[Iterator[Child], Hashable]] = [(moves, root_key)]
    unproven = [narrowed]
    while stack:
        moves, key = stack[-1]
        step = next(moves, None)
        if step is None:
            stack.pop()
            if unproven.pop():
                if unproven:
                    unproven[-1] = True
            else:
                dead.add(key)
            if line:
                line.pop()
            continue
        action, child = step
        child_key = rules.key(child)
        if child_key in dead:
            continue
        if child_key in seen:
            unproven[-1] = True
            continue
        seen.add(child_key)
        if rules.won(child):
            return "won", [*line, action]
        if not budget.spend():
            return "unknown", []
        if len(line) + 1 < allowance:
            line.append(action)
            moves, narrowed = expand(child)
            stack.append((moves, child_key))
            unproven.append(narrowed)
        else:
            cut = True
            unproven[-1] = True
    return ("unknown" if cut else "lost"), []


def widening(rules: Rules, budget: Budget, allowance: int) -> tuple[Verdict, list[int]]:
    """:func:`search` with the narrow widths of :data:`WIDTHS` first (each
    within a share of the budget: a good line is usually among the first
    moves, and a narrow search does not sink into a bad early choice),
    then in full, each skipping the positions the ones before proved lost."""
    dead: set[Hashable] = set()
    for width in WIDTHS:
        budget.stage(max(1, budget.nodes // NARROW_SHARE))
        verdict, line = search(rules, budget, allowance, width, dead)
        if verdict != "unknown" or budget.is_out():
            return verdict, line
    budget.stage(None)
    return search(rules, budget, allowance, dead=dead)


Line: TypeAlias = "tuple[tuple[int, ...], Line] | None"
"""A line of moves as linked steps, the last first (cheap to extend)."""


def unlinked(line: Line) -> list[int]:
    """The moves of ``line``, first to last."""
    steps: list[tuple[int, ...]] = []
    while line is not None:
        steps.append(line[0])
        line = line[1]
    return [action for step in reversed(steps) for action in step]


def beam(rules: Rules, budget: Budget, width: int) -> tuple[Verdict, list[int]] | None:
    """Beam search from ``rules.start()``: the steps of every position kept,
    then the ``width`` children of lowest :meth:`Rules.estimate` kept, step
    after step, until a position is won (``"won"``) or none is left
    (``"unknown"``: positions were left out, so this proves nothing).
    ``None`` when none is left and none was left out: no wider beam would
    find more."""
    root = rules.start()
    if rules.won(root):
        return "won", []
    seen: set[Hashable] = {rules.key(root)}
    layer: list[tuple[Position, Line]] = [(root, None)]
    narrowed = False
    while layer:
        ranked: list[tuple[int, int, Position, Line]] = []
        for position, line in layer:
            for actions, child in rules.steps(position):
                key = rules.key(child)
                if key in seen:
                    continue
                seen.add(key)
                if not budget.spend():
                    return "unknown", []
                if rules.won(child):
                    return "won", unlinked((actions, line))
                ranked.append((rules.estimate(child), len(ranked), child, (actions, line)))
        narrowed = narrowed or len(ranked) > width
        layer = [(child, line) for _, _, child, line in heapq.nsmallest(width, ranked)]
    return ("unknown", []) if narrowed else None


class BestFirst:
    """Weighted A* from ``rules.start()``, run a slice at a time: the open
    position of least steps made + :data:`BEST_FIRST_WEIGHT` * ``estimate``
    is expanded next. Each key is searched once, so searching every
    position reachable within ``allowance`` moves without a win answers
    ``"lost"`` (unless a position was cut off by ``allowance``:
    ``"unknown"``)."""

    def __init__(self, rules: Rules, estimate: Callable[[Position], int],
                 allowance: int) -> None:
        self.rules = rules
        self.estimate = estimate
        self.allowance = allowance
        root = rules.start()
        root_key = rules.key(root)
        self.parents: dict[Hashable, tuple[Hashable, tuple[int, ...]] | None] = {root_key: None}
        # (priority, steps made, order, moves made, key, position): of equal
        # priority, the fewest steps made first
        self.frontier: list[tuple[int, int, int, int, Hashable, Position]] = [
            (BEST_FIRST_WEIGHT * estimate(root), 0, 0, 0, root_key, root)]
        self.order = 0
        self.cut = False
        self.begun = False
        # the position being expanded: steps made, moves made, key, steps left
        self.pending: tuple[int, int, Hashable, Iterator[Step]] | None = None
        self.result: tuple[Verdict, list[int]] | None = ("won", []) if rules.won(root) else None

    def run(self, budget: Budget) -> tuple[Verdict, list[int]] | None:
        """Search on until the verdict is known (the verdict and line) or
        the budget says stop (``None``: :meth:`run` again to go on)."""
        if self.result is None and not self.begun:
            if not budget.spend():
                return None
            self.begun = True
        while self.result is None:
            if self.pending is None:
                if not self.frontier:
                    self.result = ("unknown" if self.cut else "lost"), []
                    break
                _, made, _, moves, key, position = heapq.heappop(self.frontier)
                self.pending = (made, moves, key, iter(self.rules.steps(position)))
            if not self.expand(budget):
                return None
            self.pending = None
        return self.result

    def expand(self, budget: Budget) -> bool:
        """Go on with the steps of the position being expanded; ``False``
        when the budget says stop first."""
        assert self.pending is not None
        made, moves, key, steps = self.pending
        for actions, child in steps:
            child_key = self.rules.key(child)
            if child_key in self.parents:
                continue
            after = moves + len(actions)
            if after > self.allowance:
                self.cut = True
                continue
            if self.rules.won(child):
                self.parents[child_key] = (key, actions)
                self.result = "won", traced(self.parents, child_key)
                return True
            if after == self.allowance:
                self.cut = True
                continue
            if not budget.spend():
                self.pending = (made, moves, key, chain([(actions, child)], steps))
                return False
            self.parents[child_key] = (key, actions)
            self.order += 1
            priority = made + 1 + BEST_FIRST_WEIGHT * self.estimate(child)
            heapq.heappush(self.frontier, (priority, made + 1, self.order, after, child_key, child))
        return True


def traced(parents: dict[Hashable, tuple[Hashable, tuple[int, ...]] | None],
           key: Hashable) -> list[int]:
    """The moves that led from the root to ``key``, by ``parents``."""
    steps: list[tuple[int, ...]] = []
    link = parents[key]
    while link is not None:
        key, actions = link
        steps.append(actions)
        link = parents[key]
    return [action for step in reversed(steps) for action in step]


# --- Golf ---------------------------------------------------------------------------

CHAINS_CHECKED = 6
"""Golf's chain-by-chain test (:meth:`GolfRules.cut_off`) runs once at most
this many stock cards are left: with more chains to come it rarely finds a
position lost, and its cost grows with them."""


class GolfRules(Rules):
    """Golf: a position is ``(column lengths, pile top, cards drawn, column
    cards left per number)``."""

    def __init__(self, state: GolfState) -> None:
        self.columns = [tuple(column) for column in state.columns]
        self.draws = tuple(reversed(state.stock))
        self.top = state.pile[-1]
        self.wraparound = state.game.wraparound
        # per cards drawn, the stock cards still to come per number
        self.to_come = [count_numbers(self.draws[drawn:]) for drawn in range(len(self.draws) + 1)]
        self.wild_draw = self.draws.index(P_CARD) if P_CARD in self.draws else -1
        self.wild_place = next(((index, column.index(P_CARD))
                                for index, column in enumerate(self.columns)
                                if P_CARD in column), None)
        self.outnumbered_at: dict[Hashable, bool] = {}
        self.numbers = [tuple(card % 13 for card in column) for column in self.columns]
        self.draw_numbers = tuple(card % 13 for card in self.draws)
        # per number (index), the numbers (a bit each) that may go onto it
        self.neighbours = [sum(1 << other for other in range(13)
                               if follows(other, number, self.wraparound)) for number in range(13)]

    def start(self) -> Position:
        left = count_numbers([card for column in self.columns for card in column])
        return (tuple(len(column) for column in self.columns), self.top, 0, left)

    def wilds(self, lengths: tuple[int, ...], top: int, drawn: int) -> int:
        """How many P are still to go onto the pile, or on top of it."""
        count = (top == P_CARD) + (drawn <= self.wild_draw)
        if self.wild_place is not None:
            index, depth = self.wild_place
            count += lengths[index] > depth
        return count

    def stranded(self, lengths: tuple[int, ...], top: int, drawn: int,
                 left: tuple[int, ...]) -> bool:
        """Whether some column cards can never go onto the pile. Exact: such
        a position is lost.

        The column cards go onto the pile in chains, each begun by a card
        turned from the stock (the first by the top), each card one number
        away from the card before it, which it then covers. So the column
        cards must not outnumber what they can go onto
        (:meth:`outnumbered`), and each must be within reach of some chain
        (:meth:`cut_off`).
        """
        wild = self.wilds(lengths, top, drawn)
        number = -1 if top == P_CARD else top % 13
        if self.outnumbered(left, number, drawn, wild):
            return True
        return (not wild and len(self.draws) - drawn <= CHAINS_CHECKED
                and self.cut_off(lengths, number, drawn))

    def outnumbered(self, left: tuple[int, ...], top: int, drawn: int, wild: int) -> bool:
        """Whether the column cards left (``left``, per number) cannot all
        go onto the pile, whatever their order, with the top of number
        ``top`` (-1: P) and ``wild`` P still to play.

        Every column card needs a card to go onto, a different one each
        time: the top, a stock card still to come or another column card (a
        matching, see :func:`shortfall`); and a chain never leaves the run
        of numbers still to be seen that it began in (see
        :func:`unreached`). P goes onto anything and takes anything: each P
        still to play makes up for one card short.
        """
        memo = (left, top, drawn, wild)
        known = self.outnumbered_at.get(memo)
        if known is None:
            starts = list(self.to_come[drawn])
            if top >= 0:
                starts[top] += 1
            hosts = [a + b for a, b in zip(left, starts, strict=True)]
            known = (unreached(left, starts, self.wraparound) > wild
                     or shortfall(left, hosts, self.wraparound) > wild)
            self.outnumbered_at[memo] = known
        return known

    def cut_off(self, lengths: tuple[int, ...], top: int, drawn: int) -> bool:
        """Whether some column card can never be uncovered and played.

        The cards go onto the pile in chains: the first from the top
        (number ``top``), then one from each stock card still to come, in
        order. Within a chain each card goes onto the card before it, so its
        number is next to a number the chain has seen, and it is exposed:
        every card on it has gone, earlier in this chain or in an earlier
        one. So chain by chain, let each column give up its exposed card
        while the chain has seen a number next to it (reusing a number any
        number of times), or while an earlier chain may have played it
        (seen by this chain too once a number next to it is), until nothing
        changes: a card that no chain gives up can never be played. What a
        real line does, this does too, so such a position is lost (exact;
        only without P, which goes anywhere).
        """
        gone = list(lengths)
        for start in (top, *self.draw_numbers[drawn:]):
            reach = self.neighbours[start]
            passed = absorbed = 0
            sizes = list(lengths)
            changed = True
            while changed:
                changed = False
                for index, numbers in enumerate(self.numbers):
                    size = sizes[index]
                    while size:
                        number = numbers[size - 1]
                        if reach >> number & 1:
                            reach |= self.neighbours[number]
                        elif size > gone[index]:
                            passed |= 1 << number
                        else:
                            break
                        size -= 1
                        changed = True
                    sizes[index] = size
                fresh = passed & reach & ~absorbed
                while fresh:
                    bit = fresh & -fresh
                    fresh ^= bit
                    absorbed |= bit
                    more = self.neighbours[bit.bit_length() - 1]
                    if more & ~reach:
                        reach |= more
                        changed = True
            gone = [min(pair) for pair in zip(gone, sizes, strict=True)]
            if not any(gone):
                return False
        return True

    def children(self, position: Position) -> list[Child]:
        lengths, top, drawn, left = position
        assert isinstance(lengths, tuple) and isinstance(top, int) and isinstance(drawn, int)
        assert isinstance(left, tuple)
        if self.stranded(lengths, top, drawn, left):
            return []
        fits = ALL_NUMBERS if top == P_CARD else self.neighbours[top % 13]
        plays: list[tuple[int, int]] = []
        for index, size in enumerate(lengths):
            if size and (fits >> self.numbers[index][size - 1] & 1
                         or self.columns[index][size - 1] == P_CARD):
                plays.append((-size, index))
        # the longest column first: it has the most cards to clear
        plays.sort()
        found: list[Child] = []
        for _, index in plays:
            after = list(lengths)
            after[index] -= 1
            card = self.columns[index][after[index]]
            fewer = left
            if card != P_CARD:
                counts = list(left)
                counts[card % 13] -= 1
                fewer = tuple(counts)
            found.append((card, (tuple(after), card, drawn, fewer)))
        if drawn < len(self.draws):
            found.append((DRAW, (lengths, self.draws[drawn], drawn + 1, left)))
        return found

    def key(self, position: Position) -> Hashable:
        lengths, top, drawn, _ = position
        assert isinstance(top, int)
        # only the top's number matters (P apart): every sign follows alike
        return lengths, -1 if top == P_CARD else top % 13, drawn

    def won(self, position: Position) -> bool:
        lengths = position[0]
        assert isinstance(lengths, tuple)
        return not any(lengths)


def count_numbers(cards: Sequence[int]) -> tuple[int, ...]:
    """How many of ``cards`` have each number (index: number - 1; P left out)."""
    counts = [0] * 13
    for card in cards:
        if card != P_CARD:
            counts[card % 13] += 1
    return tuple(counts)


def unreached(left: Sequence[int], starts: Sequence[int], wraparound: bool) -> int:
    """How many runs of numbers hold column cards (``left``, per number)
    but no card to begin a chain (``starts``): a run is a longest stretch
    of numbers, one after another, each with a card of either kind (13
    and 1 are next to each other only with ``wraparound``)."""
    numbers = range(13)
    if wraparound:
        gaps = [number for number in numbers if not left[number] and not starts[number]]
        if not gaps:
            return 0
        numbers = range(gaps[0] + 1, gaps[0] + 14)
    count = 0
    cards = begun = False
    for index in numbers:
        number = index % 13
        if left[number] or starts[number]:
            cards = cards or left[number] > 0
            begun = begun or starts[number] > 0
        else:
            count += cards and not begun
            cards = begun = False
    return count + (cards and not begun)


ALL_NUMBERS = (1 << 13) - 1
"""Every number, a bit each (index: number - 1)."""
EVENS = tuple(range(0, 13, 2))
ODDS = tuple(range(1, 13, 2))
"""Numbers by index (number - 1): a card of an even index goes onto one of
an odd index and the other way round, but for 13 and 1 joined by wrap-around."""


def shortfall(demand: Sequence[int], supply: Sequence[int], wraparound: bool) -> int:
    """How many of ``demand[n]`` cards of each number (index: number - 1)
    find no host among ``supply[m]`` cards of each number, a host one
    number away, each host taken once: the demand less a largest matching.

    The numbers and their hosts make two paths without ``wraparound`` (1 3
    ... 13 take 2 4 ... 12, and 2 4 ... 12 take 1 3 ... 13), one ring with
    it, cut at the 13s and tried with each share of them to either side
    (see :func:`path_shortfall`).

    >>> shortfall([0, 0, 0, 0, 2] + [0] * 8, [0, 0, 0, 1] + [0] * 9, False)  # two 5s, one 4
    1
    """
    if not wraparound:
        return (path_shortfall([demand[n] for n in EVENS], [0, *(supply[n] for n in ODDS), 0])
                + path_shortfall([demand[n] for n in ODDS], [supply[n] for n in EVENS]))
    ring = [demand[n] for n in EVENS + ODDS]
    between = [supply[n] for n in ODDS] + [supply[0]] + [supply[n] for n in EVENS[1:-1]]
    kings = supply[12]
    return min(path_shortfall(ring, [share, *between, kings - share])
               for share in range(kings + 1))


def path_shortfall(demand: Sequence[int], supply: Sequence[int]) -> int:
    """The demand left unmatched on a path, where ``supply[i]`` lies between
    ``demand[i - 1]`` and ``demand[i]`` (one more supply than demands).
    Each demand takes from the host on its left first: no later demand can
    use that host, so this makes a largest matching."""
    spare = supply[0]
    short = 0
    for index, need in enumerate(demand):
        used = need if need < spare else spare
        need -= used
        right = supply[index + 1]
        used = need if need < right else right
        spare = right - used
        short += need - used
    return short


# --- Calculation -----------------------------------------------------------------------

CALC_PILES = 4
CALC_FULL = 13


PLACE = [{number: index for index, number in enumerate(sequence)} for sequence in BUILDING_ORDERS]
"""Per foundation, the height at which it takes each number."""
FOLLOWING = tuple((*sequence, 0) for sequence in BUILDING_ORDERS)
"""Per foundation and height, the number it needs next (0 once complete)."""
STUCK_WEIGHT = 30
PLACED_WEIGHT = 20
"""How much a card left stuck and a card on the foundations weigh in a
Calculation estimate, against the waits of :func:`disorder`."""

Wastes = tuple[tuple[int, ...], ...]


class CalculationRules(Rules):
    """Calculation: a position is ``(heights, wastes as numbers, cards turned)``;
    the card turned is the next of the known stock, ``-1`` once it is out."""

    def __init__(self, state: CalculationState) -> None:
        turned = [state.turned] if state.turned >= 0 else []
        self.stock = tuple(number_of(card) for card in turned + state.stock[::-1])
        self.heights = tuple(len(pile) for pile in state.foundations)
        self.wastes = tuple(tuple(number_of(card) for card in pile) for pile in state.wastes)
        # per cards turned, whether a card of each number is still to come
        self.to_come = [tuple(number in self.stock[turned:] for number in range(CALC_FULL + 1))
                        for turned in range(len(self.stock) + 1)]

    def start(self) -> Position:
        return (self.heights, self.wastes, 0)

    def decide(self, budget: Budget, allowance: int) -> tuple[Verdict, list[int]]:
        """Beams ever wider, while they leave :data:`BEAM_SHARE` of the
        budget and the last one left something out, then an exhaustive
        depth-first search with the rest."""
        first, factor = BEAM_WIDTHS
        width = first
        reserve = budget.nodes // BEAM_SHARE
        while budget.nodes - budget.spent > reserve:
            budget.stage(budget.nodes - reserve - budget.spent)
            found = beam(self, budget, width)
            if found is None:
                break
            verdict, line = found
            if verdict == "won" or budget.is_out():
                return verdict, line
            width *= factor
        budget.stage(None)
        return search(self, budget, allowance)

    @staticmethod
    def goes_on(number: int, heights: tuple[int, ...]) -> tuple[int, ...]:
        """The foundations that need ``number`` now."""
        return needing(heights).get(number, ())

    @staticmethod
    def last_wanted(number: int, pile: int, heights: Sequence[int]) -> bool:
        """Whether foundation ``pile`` is the only one still lacking ``number``.

        Then the card is the last of its number out (each foundation takes
        each number once, four of each in all) and can only ever go onto
        ``pile``: moving it now is safe, as nothing else can go there first
        and leaving it where it is can only keep a waste pile covered.
        """
        return all(PLACE[other][number] < heights[other]
                   for other in range(CALC_PILES) if other != pile)

    def children(self, position: Position) -> list[Child]:
        heights, wastes, turned = position
        assert isinstance(heights, tuple) and isinstance(wastes, tuple)
        assert isinstance(turned, int)
        if stuck_for_ever(heights, wastes, self.to_come[turned]):
            return []
        ups = self.ups(heights, wastes, turned)
        for forced, action, after in ups:
            if forced:
                return [(action, after)]
        found = [(action, after) for _, action, after in ups]
        if turned < len(self.stock):
            found += self.to_wastes(heights, wastes, turned)
        return found

    def ups(self, heights: tuple[int, ...], wastes: Wastes,
            turned: int) -> list[tuple[bool, int, Position]]:
        """The foundation moves, waste tops first, each with whether it is forced."""
        found: list[tuple[bool, int, Position]] = []
        for index, waste in enumerate(wastes):
            if not waste:
                continue
            for pile in self.goes_on(waste[-1], heights):
                after = list(wastes)
                after[index] = waste[:-1]
                found.append((self.last_wanted(waste[-1], pile, heights),
                              FROM_WASTE + CALC_PILES * index + pile,
                              (raised(heights, pile), tuple(after), turned)))
        if turned < len(self.stock):
            number = self.stock[turned]
            for pile in self.goes_on(number, heights):
                found.append((self.last_wanted(number, pile, heights), pile,
                              (raised(heights, pile), wastes, turned + 1)))
        return found

    def to_wastes(self, heights: tuple[int, ...], wastes: Wastes, turned: int) -> list[Child]:
        """The card turned onto each waste pile (one of piles alike), the
        hint's favourite first."""
        number = self.stock[turned]
        wait = waits_of(heights)
        mine = wait.get(number, CALC_FULL)
        ranked: list[tuple[int, int, int]] = []
        seen: set[tuple[int, ...]] = set()
        for index, waste in enumerate(wastes):
            if waste in seen:
                continue
            seen.add(waste)
            ranked.append((*fit_rank(waste, wait, mine), index))
        ranked.sort()
        found: list[Child] = []
        for _, _, index in ranked:
            after = list(wastes)
            after[index] = wastes[index] + (number,)
            found.append((TO_WASTE + index, (heights, tuple(after), turned + 1)))
        return found

    def steps(self, position: Position) -> list[Step]:
        """The card turned placed each way (onto each foundation that needs
        it, each waste pile but one of piles alike), then every waste top
        that a foundation needs sent up; once the stock is out, those
        moves alone."""
        heights, wastes, turned = position
        assert isinstance(heights, tuple) and isinstance(wastes, tuple)
        assert isinstance(turned, int)
        if turned >= len(self.stock):
            moves, heights, wastes = settled(heights, wastes)
            return [(moves, (heights, wastes, turned))] if moves else []
        number = self.stock[turned]
        found: list[Step] = []
        for pile in self.goes_on(number, heights):
            moves, after, waste_piles = settled(raised(heights, pile), wastes)
            found.append(((pile, *moves), (after, waste_piles, turned + 1)))
        seen: set[tuple[int, ...]] = set()
        for index, waste in enumerate(wastes):
            if waste in seen:
                continue
            seen.add(waste)
            placed = list(wastes)
            placed[index] = (*waste, number)
            moves, after, waste_piles = settled(heights, tuple(placed))
            found.append(((TO_WASTE + index, *moves), (after, waste_piles, turned + 1)))
        return found

    def estimate(self, position: Position) -> int:
        """The cards that would stay stuck in the waste piles (see
        :func:`stuck_cards`), less the cards on the foundations, plus the
        waste piles' :func:`disorder`, weighted."""
        heights, wastes, turned = position
        assert isinstance(heights, tuple) and isinstance(wastes, tuple)
        assert isinstance(turned, int)
        stuck = stuck_cards(heights, wastes, self.stock[turned:])
        return (STUCK_WEIGHT * stuck - PLACED_WEIGHT * sum(heights)
                + disorder(heights, wastes))

    def key(self, position: Position) -> Hashable:
        heights, wastes, turned = position
        assert isinstance(wastes, tuple)
        return heights, tuple(sorted(wastes)), turned

    def won(self, position: Position) -> bool:
        heights = position[0]
        assert isinstance(heights, tuple)
        return all(height == CALC_FULL for height in heights)


def raised(heights: tuple[int, ...], pile: int) -> tuple[int, ...]:
    """``heights`` with foundation ``pile`` one card higher."""
    after = list(heights)
    after[pile] += 1
    return tuple(after)


@lru_cache(maxsize=1 << 16)
def needing(heights: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Per number, the foundations that need it now."""
    found: dict[int, tuple[int, ...]] = {}
    for pile, height in enumerate(heights):
        if height < CALC_FULL:
            number = BUILDING_ORDERS[pile][height]
            found[number] = (*found.get(number, ()), pile)
    return found


def settled(heights: tuple[int, ...], wastes: Wastes
            ) -> tuple[tuple[int, ...], tuple[int, ...], Wastes]:
    """Every waste top that a foundation needs sent up (onto the first such
    foundation), until none is: the moves, the heights and the waste piles."""
    moves: list[int] = []
    tops = list(wastes)
    levels = list(heights)
    moved = True
    while moved:
        moved = False
        for index, waste in enumerate(tops):
            while waste:
                piles = needing(tuple(levels)).get(waste[-1])
                if not piles:
                    break
                levels[piles[0]] += 1
                moves.append(FROM_WASTE + CALC_PILES * index + piles[0])
                waste = waste[:-1]
                moved = True
            tops[index] = waste
    return tuple(moves), tuple(levels), tuple(tops)


def stuck_for_ever(heights: tuple[int, ...], wastes: Wastes, to_come: Sequence[bool]) -> bool:
    """Whether some foundation can never be completed, even if every card
    still to come (``to_come``, per number) could go up whenever wanted.
    Exact: such a position is lost.

    Cards leave a waste pile from the top, each onto a foundation that has
    reached the height at which it takes that number. So let every
    foundation rise while its next number is still to come or free at a
    waste top (any copy, even one another foundation needs too: this only
    lets more happen), and free each waste top that some foundation could
    still reach the height for, until nothing changes: what a real line
    does, this does too.
    """
    reach = list(heights)
    free = list(to_come)
    taken = [0] * len(wastes)
    changed = True
    while changed:
        changed = False
        for pile in range(CALC_PILES):
            height = reach[pile]
            while height < CALC_FULL and free[BUILDING_ORDERS[pile][height]]:
                height += 1
            if height != reach[pile]:
                reach[pile] = height
                changed = True
        for index, waste in enumerate(wastes):
            while taken[index] < len(waste):
                number = waste[-1 - taken[index]]
                if not any(heights[pile] <= PLACE[pile][number] <= reach[pile]
                           for pile in range(CALC_PILES)):
                    break
                taken[index] += 1
                free[number] = True
                changed = True
    return any(height < CALC_FULL for height in reach)


def stuck_cards(heights: tuple[int, ...], wastes: Wastes, stock: Sequence[int]) -> int:
    """How many waste cards would never go up if every card still to come
    (``stock``, numbers in order) waited in a free cell of its own once
    turned: the foundations take what they need from the waste tops first,
    then from the cells, each copy once, as soon as it is there.

    A hopeful estimate for a beam, not a proof (the foundations' choices
    between copies are greedy).
    """
    stuck = sum(map(len, wastes))
    if not stuck:
        return 0
    levels = list(heights)
    piles = [list(waste) for waste in wastes]
    tops = [waste[-1] if waste else 0 for waste in wastes]
    wanted = [FOLLOWING[pile][height] for pile, height in enumerate(levels)]
    cells = [0] * (CALC_FULL + 1)
    for number in stock:
        cells[number] += 1
        if number not in wanted:
            continue
        # nothing could go up before: only one foundation can take this card
        waiting = [wanted.index(number)]
        while waiting:
            pile = waiting.pop()
            need = wanted[pile]
            while need:
                if need in tops:
                    index = tops.index(need)
                    waste = piles[index]
                    waste.pop()
                    stuck -= 1
                    if not stuck:
                        return 0
                    uncovered = waste[-1] if waste else 0
                    tops[index] = uncovered
                    if uncovered in wanted and wanted.index(uncovered) != pile:
                        waiting.append(wanted.index(uncovered))
                elif cells[need]:
                    cells[need] -= 1
                else:
                    break
                levels[pile] += 1
                need = wanted[pile] = FOLLOWING[pile][levels[pile]]
    return stuck


def disorder(heights: tuple[int, ...], wastes: Wastes) -> int:
    """How badly the waste piles are ordered: for each card, how much
    longer it waits (see :func:`~parlour.games.patience.calculation.waits_of`)
    than the card below it that waits least."""
    wait = waits_of(heights)
    total = 0
    for waste in wastes:
        lowest = CALC_FULL
        for number in waste:
            mine = wait.get(number, CALC_FULL)
            if mine > lowest:
                total += mine - lowest
            elif mine < lowest:
                lowest = mine
    return total


def fit_rank(waste: tuple[int, ...], wait: dict[int, int], mine: int) -> tuple[int, int]:
    """How well a card that waits ``mine`` fits on ``waste`` (lower first):
    on a top that waits at least as long, the closest; then an empty pile;
    then the top that waits longest (the least harm)."""
    if not waste:
        return 1, 0
    theirs = wait.get(waste[-1], CALC_FULL)
    if theirs >= mine:
        return 0, theirs - mine
    return 2, -theirs


# --- Baker's Dozen ----------------------------------------------------------------------

Columns = tuple[tuple[int, ...], ...]


class BakersDozenRules(Rules):
    """Baker's Dozen: a position is ``(columns, foundation heights)``."""

    def __init__(self, state: BakersDozenState) -> None:
        self.columns: Columns = tuple(tuple(column) for column in state.columns)
        self.heights = tuple(len(pile) for pile in state.foundations)

    def start(self) -> Position:
        return (self.columns, self.heights)

    def decide(self, budget: Budget, allowance: int) -> tuple[Verdict, list[int]]:
        """A best-first search (:class:`BestFirst`) under each of
        :data:`COLUMN_ESTIMATES`, taking turns of :data:`TURN` positions
        until one of them knows the verdict. How long a search takes
        depends a great deal on where its estimate leads it first: a deal
        that one estimate sinks into a wide plateau of hopeless positions
        is often quick under another."""
        searches = [BestFirst(self, self.estimate_by(estimate), allowance)
                    for estimate in COLUMN_ESTIMATES]
        while not budget.is_out():
            for search in searches:
                budget.stage(TURN)
                found = search.run(budget)
                if found is not None:
                    return found
        return "unknown", []

    @staticmethod
    def estimate_by(estimate: Callable[[tuple[int, ...]], int]) -> Callable[[Position], int]:
        """The estimate of a position: the sum of its columns' ``estimate``."""

        def estimated(position: Position) -> int:
            columns = position[0]
            assert isinstance(columns, tuple)
            return sum(map(estimate, columns))

        return estimated

    def children(self, position: Position) -> list[Child]:
        columns, heights = position
        assert isinstance(columns, tuple) and isinstance(heights, tuple)
        up = forced_up(columns, heights)
        if up is not None:
            return [up]
        return self.ups(columns, heights) + self.shifts(columns, heights)

    def steps(self, position: Position) -> list[Step]:
        """Each move of :meth:`children`, followed by the foundation moves
        forced after it."""
        found: list[Step] = []
        for action, child in self.children(position):
            moves = [action]
            columns, heights = child
            assert isinstance(columns, tuple) and isinstance(heights, tuple)
            up = forced_up(columns, heights)
            while up is not None:
                source, child = up
                moves.append(source)
                columns, heights = child
                assert isinstance(columns, tuple) and isinstance(heights, tuple)
                up = forced_up(columns, heights)
            found.append((tuple(moves), child))
        return found

    @staticmethod
    def ups(columns: Columns, heights: tuple[int, ...]) -> list[Child]:
        """The foundation moves (see :func:`forced_up` for those that are forced)."""
        found: list[Child] = []
        for source, column in enumerate(columns):
            if column:
                card = column[-1]
                if card % 13 == heights[card // 13]:
                    after = list(columns)
                    after[source] = column[:-1]
                    found.append((source, (tuple(after), raised(heights, card // 13))))
        return found

    @staticmethod
    def shifts(columns: Columns, heights: tuple[int, ...]) -> list[Child]:
        """The column moves.

        A column's last card never moves onto another column: that leaves a
        layout which the one before dominates (the same cards in sight but
        the card under the target too), and an empty column is never refilled.
        """
        targets: dict[int, list[int]] = {}
        for target, column in enumerate(columns):
            if column:
                targets.setdefault(column[-1] % 13, []).append(target)
        found: list[Child] = []
        for source, column in enumerate(columns):
            if len(column) < 2:
                continue
            card = column[-1]
            for target in targets.get(card % 13 + 1, ()):
                after = list(columns)
                after[source] = column[:-1]
                after[target] = (*columns[target], card)
                found.append((TO_COLUMN + BAKER_COLUMNS * source + target, (tuple(after), heights)))
        return found

    def key(self, position: Position) -> Hashable:
        columns = position[0]
        assert isinstance(columns, tuple)
        # the foundations hold the cards not in the columns; the columns'
        # order changes nothing
        return tuple(sorted(columns))

    def won(self, position: Position) -> bool:
        heights = position[1]
        assert isinstance(heights, tuple)
        return sum(heights) == 52


def forced_up(columns: Columns, heights: tuple[int, ...]) -> Child | None:
    """The first foundation move that is forced, if any.

    One is forced when its card's number is at most the lowest
    foundation's height + 2. Such a card could only ever be wanted as a
    place for a card one lower; each of those is then on its foundation
    or the very next card it needs, so any winning line can send it up
    where it would have gone onto this card (the cards two lower, which
    could have gone onto it, are all up already). So sending the card up
    now loses no win, and its column is uncovered the sooner.
    """
    floor = min(heights)
    for source, column in enumerate(columns):
        if column:
            card = column[-1]
            number = card % 13
            if number == heights[card // 13] and number <= floor + 1:
                after = list(columns)
                after[source] = column[:-1]
                return source, (tuple(after), raised(heights, card // 13))
    return None


@lru_cache(maxsize=1 << 16)
def blockers(column: tuple[int, ...], far: int) -> int:
    """How far a Baker's Dozen column is from cleared: twice its cards and
    the cards lying on a lower card of their own sign (each must move to
    another column first), plus ``far`` for each other card lying on a card
    two or more lower (it is likely to)."""
    total = 2 * len(column)
    lowest = [CALC_FULL] * 4
    least = CALC_FULL
    for card in column:
        number = card % 13
        sign = card // 13
        if number > lowest[sign]:
            total += 2
        else:
            lowest[sign] = number
            if number > least + 1:
                total += far
        least = min(least, number)
    return total


def blockers_once(column: tuple[int, ...]) -> int:
    """:func:`blockers`, once for each card on a card two or more lower."""
    return blockers(column, 1)


def blockers_twice(column: tuple[int, ...]) -> int:
    """:func:`blockers`, twice for each card on a card two or more lower."""
    return blockers(column, 2)


@lru_cache(maxsize=1 << 16)
def blockers_and_depth(column: tuple[int, ...]) -> int:
    """:func:`blockers_once`, and half the cards lying on the column's
    lowest card, which has to be dug out."""
    if not column:
        return 0
    numbers = [card % 13 for card in column]
    return blockers(column, 1) + (len(column) - 1 - numbers.index(min(numbers))) // 2


COLUMN_ESTIMATES: tuple[Callable[[tuple[int, ...]], int], ...] = (
    blockers_twice, blockers_once, blockers_and_depth)
"""The estimates of a Baker's Dozen column's moves left (in half moves),
one per best-first search, in turn."""


# --- the entry point --------------------------------------------------------------------

def rules_for(state: PatienceState) -> Rules:
    """The :class:`Rules` of a Golf, Calculation or Baker's Dozen ``state``."""
    if isinstance(state, GolfState):
        return GolfRules(state)
    if isinstance(state, CalculationState):
        return CalculationRules(state)
    if isinstance(state, BakersDozenState):
        return BakersDozenRules(state)
    raise not_handled(state)


def not_handled(state: object) -> ParseError:
    """The error for a state of a game the solver does not handle."""
    game = getattr(state, "game", None)
    name = getattr(game, "name", type(state).__name__)
    return ParseError(f"the solver handles {', '.join(SOLVED_GAMES)}, not {name}")


def solve(state: object, nodes: int = DEFAULT_NODES, seconds: float | None = None) -> Solution:
    """Whether the patience ``state`` can still be won, and a winning line.

    ``state`` is a Golf, Calculation, Baker's Dozen or Clock state after the
    deal; it is not changed. The search stops after ``nodes`` positions or
    ``seconds`` seconds (``None``: no time limit), answering ``"unknown"``.
    """
    check_budget(nodes, seconds)
    began = time.perf_counter()
    if not isinstance(state, PatienceState):
        raise not_handled(state)
    if state.phase == PHASE_DEAL:
        raise ParseError("the solver needs a dealt game, not one still being dealt")
    if state.is_terminal():
        verdict: Verdict = "won" if state.returns() == [1.0] else "lost"
        return Solution(verdict, (), 0, time.perf_counter() - began)
    if isinstance(state, ClockState):
        return play_clock(state, began)
    rules = rules_for(state)
    allowance = UNLIMITED
    if isinstance(state, BakersDozenState):
        allowance = state.game.max_moves - state.moves
    budget = Budget(nodes, None if seconds is None else began + seconds)
    verdict, line = rules.decide(budget, allowance)
    return Solution(verdict, tuple(line), budget.spent, time.perf_counter() - began)


def play_clock(state: ClockState, began: float) -> Solution:
    """Clock played out from ``state`` (nothing to choose); ``nodes`` counts
    the turns."""
    game = state.clone()
    line: list[int] = []
    while not game.is_terminal():
        action = game.legal_actions()[0]
        game.apply(action)
        line.append(action)
    won = game.returns() == [1.0]
    return Solution("won" if won else "lost", tuple(line) if won else (), len(line),
                    time.perf_counter() - began)


def check_budget(nodes: int, seconds: float | None) -> None:
    """``OptionError`` unless ``nodes`` is a positive whole number and
    ``seconds`` positive or ``None``."""
    if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
        raise OptionError(f"nodes must be a whole number of at least 1, not {nodes!r}")
    if seconds is not None and (isinstance(seconds, bool)
                                or not isinstance(seconds, int | float) or seconds <= 0):
        raise OptionError(f"seconds must be a positive number or None, not {seconds!r}")

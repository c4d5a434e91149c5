"""A deal analyser for the patiences: can this position be won, and how?

:func:`solve` takes a Golf, Calculation or Baker's Dozen state (any position
in play) and searches it knowing the whole deal, the stock order included,
as PySolFC's solver does: it is an analyser, not a player. The answer is a
:class:`Solution`: ``"won"`` with a winning line of action ids, ``"lost"``
only when the search was exhaustive, ``"unknown"`` when the node or time
budget ran out first. Clock has no decisions: its answer is the game
played out.

The search is depth first over light tuples (each game's moves re-implemented
here; the tests replay every line on the engine), with a transposition table
of positions already searched, keyed so that positions the rules cannot tell
apart share a key:

* **Golf**: the column lengths, the pile top's number (P apart) and the
  cards drawn (the stock order is known, so its count says what is left).
  Column cards go before a draw, from the longest column first.
* **Calculation**: the foundation heights, the waste piles as numbers
  (foundations take any sign) sorted (the piles are interchangeable), and
  the cards turned. Foundation moves go first; the card turned goes on the
  waste pile the hint prefers (its closest fit by *wait*) first.
* **Baker's Dozen**: the columns, sorted (their order does not matter);
  the foundations are the cards not in them. Foundation moves go first,
  then the column moves that uncover a card needed soonest.

Each game's pruning keeps the search exact (the comments say why). Before
the full search, narrow ones keep only the first one, two, then three moves
of each position (each within an eighth of the node budget): a winning line
is usually among the first moves, and a narrow search does not sink into a
bad early choice. Only the full search, or a narrow one that left nothing
out, answers ``"lost"``.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
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

DEFAULT_NODES = 20_000
"""The positions :func:`solve` searches unless told otherwise (a typical
deal of any of the three games is decided in well under a second)."""

SOLVED_GAMES = ("golf", "calculation", "bakers-dozen", "clock")
"""The games :func:`solve` handles."""

Verdict = Literal["won", "lost", "unknown"]
Position: TypeAlias = tuple[object, ...]
Child = tuple[int, Position]
UNLIMITED = 1 << 30
"""The move allowance of a game without a move limit."""
WIDTHS = (1, 2, 3)
"""The narrow searches tried before the full one (moves kept a position)."""
NARROW_SHARE = 8
"""Each narrow search may spend this part of the node budget (1 / it)."""
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


class Rules:
    """One game's moves over light tuples, for :func:`search`."""

    def start(self) -> Position:
        """The position to search from."""
        raise NotImplementedError

    def children(self, position: Position) -> list[Child]:
        """The moves worth trying from ``position``, best first, each with
        the position after it."""
        raise NotImplementedError

    def key(self, position: Position) -> Hashable:
        """The transposition key of ``position``."""
        raise NotImplementedError

    def won(self, position: Position) -> bool:
        """Whether ``position`` is won."""
        raise NotImplementedError


# --- the search ---------------------------------------------------------------------

@dataclass
class Budget:
    """The nodes and time a search may spend."""

    nodes: int
    deadline: float | None
    spent: int = 0

    def spend(self) -> bool:
        """Count one position; ``False`` once the budget is out."""
        self.spent += 1
        if self.spent > self.nodes:
            return False
        if self.deadline is not None and self.spent % CLOCK_CHECK == 1:
            return time.perf_counter() < self.deadline
        return True


def search(rules: Rules, budget: Budget, allowance: int = UNLIMITED,
           width: int | None = None) -> tuple[Verdict, list[int]]:
    """Depth-first search from ``rules.start()`` for a won position within
    ``allowance`` moves: the verdict and, when won, the line. ``width``
    keeps only the first moves of each position.

    Each key is searched once (reachability: marking a position on entry is
    exact, cycles included). A position cut off by ``allowance`` might have
    been reached by a shorter line elsewhere, so a search that cut one off,
    or left out moves for ``width``, answers ``"unknown"``, never ``"lost"``.
    """
    root = rules.start()
    if rules.won(root):
        return "won", []
    if not budget.spend():
        return "unknown", []
    seen: set[Hashable] = {rules.key(root)}
    line: list[int] = []
    cut = False

    def expand(position: Position) -> Iterator[Child]:
        nonlocal cut
        children = rules.children(position)
        if width is not None and len(children) > width:
            cut = True
            return iter(children[:width])
        return iter(children)

    stack = [expand(root)]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if line:
                line.pop()
            continue
        action, child = step
        key = rules.key(child)
        if key in seen:
            continue
        seen.add(key)
        if rules.won(child):
            return "won", [*line, action]
        if not budget.spend():
            return "unknown", []
        if len(line) + 1 < allowance:
            line.append(action)
            stack.append(expand(child))
        else:
            cut = True
    return ("unknown" if cut else "lost"), []


# --- Golf ---------------------------------------------------------------------------

class GolfRules(Rules):
    """Golf: a position is ``(column lengths, pile top, cards drawn, column
    cards left per number)``."""

    def __init__(self, state: GolfState) -> None:
        self.columns = [tuple(column) for column in state.columns]
        self.draws = tuple(reversed(state.stock))
        self.top = state.pile[-1]
        self.wraparound = state.game.wraparound
        self.wild = P_CARD in self.draws or any(P_CARD in column for column in self.columns)
        # per cards drawn, the stock cards still to come per number
        self.to_come = [count_numbers(self.draws[drawn:]) for drawn in range(len(self.draws) + 1)]

    def start(self) -> Position:
        left = count_numbers([card for column in self.columns for card in column])
        return (tuple(len(column) for column in self.columns), self.top, 0, left)

    def stranded(self, top: int, drawn: int, left: tuple[int, ...]) -> bool:
        """Whether the column cards of some number outnumber the cards they
        could go onto. Each card goes onto a card one higher or one lower,
        a different one each time (it then covers it): the top or a card
        still to come from the columns or the stock. Exact: such a position
        is lost. (Off while P is in play: it goes onto anything.)"""
        if self.wild:
            return False
        hosts = [a + b for a, b in zip(left, self.to_come[drawn], strict=True)]
        hosts[top % 13] += 1
        for number, count in enumerate(left):
            if not count:
                continue
            below = hosts[number - 1] if number or self.wraparound else 0
            above = hosts[(number + 1) % 13] if number < 12 or self.wraparound else 0
            if count > below + above:
                return True
        return False

    def children(self, position: Position) -> list[Child]:
        lengths, top, drawn, left = position
        assert isinstance(lengths, tuple) and isinstance(top, int) and isinstance(drawn, int)
        assert isinstance(left, tuple)
        if self.stranded(top, drawn, left):
            return []
        plays: list[tuple[int, int]] = []
        for index, size in enumerate(lengths):
            if size and follows(self.columns[index][size - 1], top, self.wraparound):
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


# --- Calculation -----------------------------------------------------------------------

CALC_PILES = 4
CALC_FULL = 13


PLACE = [{number: index for index, number in enumerate(sequence)} for sequence in BUILDING_ORDERS]
"""Per foundation, the height at which it takes each number."""

Wastes = tuple[tuple[int, ...], ...]


class CalculationRules(Rules):
    """Calculation: a position is ``(heights, wastes as numbers, cards turned)``;
    the card turned is the next of the known stock, ``-1`` once it is out."""

    def __init__(self, state: CalculationState) -> None:
        turned = [state.turned] if state.turned >= 0 else []
        self.stock = tuple(number_of(card) for card in turned + state.stock[::-1])
        self.heights = tuple(len(pile) for pile in state.foundations)
        self.wastes = tuple(tuple(number_of(card) for card in pile) for pile in state.wastes)

    def start(self) -> Position:
        return (self.heights, self.wastes, 0)

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
        if blocked(heights, wastes):
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


@lru_cache(maxsize=1 << 16)
def last_copies(heights: tuple[int, ...]) -> dict[int, int]:
    """Per number of which one card is left out, the one foundation lacking it."""
    found: dict[int, int] = {}
    for number in range(1, CALC_FULL + 1):
        lacking = [pile for pile in range(CALC_PILES) if PLACE[pile][number] >= heights[pile]]
        if len(lacking) == 1:
            found[number] = lacking[0]
    return found


def blocked(heights: tuple[int, ...], wastes: Wastes) -> bool:
    """Whether a waste pile holds a card that must go up before a card it
    covers, both the last of their number out: each can then only go onto
    the one foundation lacking its number, and when that is the same
    foundation and it takes the lower card's number first, neither can
    ever go up (cards leave a waste pile from the top). Exact: such a
    position is lost."""
    last = last_copies(heights)
    if not last:
        return False
    for waste in wastes:
        above = [-1] * CALC_PILES
        for number in reversed(waste):
            pile = last.get(number)
            if pile is None:
                continue
            place = PLACE[pile][number]
            if above[pile] > place:
                return True
            above[pile] = max(above[pile], place)
    return False


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

    def children(self, position: Position) -> list[Child]:
        columns, heights = position
        assert isinstance(columns, tuple) and isinstance(heights, tuple)
        ups = self.ups(columns, heights)
        floor = min(heights)
        for source, after in ups:
            card = columns[source][-1]
            if number_of(card) <= floor + 2:
                return [(source, after)]
        return list(ups) + self.shifts(columns, heights)

    @staticmethod
    def ups(columns: Columns, heights: tuple[int, ...]) -> list[Child]:
        """The foundation moves.

        One is forced when its card's number is at most the lowest
        foundation's height + 2. Such a card could only ever be wanted as a
        place for a card one lower; each of those is then on its foundation
        or the very next card it needs, so any winning line can send it up
        where it would have gone onto this card (the cards two lower, which
        could have gone onto it, are all up already). So sending the card up
        now loses no win, and its column is uncovered the sooner.
        """
        found: list[Child] = []
        for source, column in enumerate(columns):
            if column and number_of(column[-1]) == heights[column[-1] // 13] + 1:
                after = list(columns)
                after[source] = column[:-1]
                found.append((source, (tuple(after), raised(heights, column[-1] // 13))))
        return found

    @staticmethod
    def shifts(columns: Columns, heights: tuple[int, ...]) -> list[Child]:
        """The column moves, those that uncover the card needed soonest first.

        A column's last card never moves onto another column: that leaves a
        layout which the one before dominates (the same cards in sight but
        the card under the target too), and an empty column is never refilled.
        """
        targets: dict[int, list[int]] = {}
        for target, column in enumerate(columns):
            if column:
                targets.setdefault(number_of(column[-1]), []).append(target)
        ranked: list[tuple[int, int, int]] = []
        for source, column in enumerate(columns):
            if len(column) < 2:
                continue
            for target in targets.get(number_of(column[-1]) + 1, ()):
                ranked.append((soonest(column[:-1], heights), source, target))
        ranked.sort()
        found: list[Child] = []
        for _, source, target in ranked:
            after = list(columns)
            after[source] = columns[source][:-1]
            after[target] = columns[target] + (columns[source][-1],)
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


def soonest(column: tuple[int, ...], heights: tuple[int, ...]) -> int:
    """How soon the cards of ``column`` are wanted: the least, over its
    cards, of (cards above it) * 13 + (cards its foundation takes first)."""
    best = UNLIMITED
    for depth, card in enumerate(reversed(column)):
        best = min(best, depth * 13 + number_of(card) - 1 - heights[card // 13])
    return best


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
    deadline = None if seconds is None else began + seconds
    verdict, line, spent = widening(rules, nodes, deadline, allowance)
    return Solution(verdict, tuple(line), spent, time.perf_counter() - began)


def widening(rules: Rules, nodes: int, deadline: float | None,
             allowance: int) -> tuple[Verdict, list[int], int]:
    """:func:`search` with the narrow widths of :data:`WIDTHS` first (each
    within a share of the budget: a good line is usually among the first
    moves, and a narrow search does not sink into a bad early choice),
    then in full. Returns the verdict, the line and the positions searched."""
    spent = 0
    for width in WIDTHS:
        share = max(1, nodes // NARROW_SHARE)
        budget = Budget(min(share, nodes - spent), deadline)
        verdict, line = search(rules, budget, allowance, width)
        spent += min(budget.spent, budget.nodes)
        out_of_time = deadline is not None and time.perf_counter() >= deadline
        if verdict != "unknown" or spent >= nodes or out_of_time:
            return verdict, line, spent
    budget = Budget(nodes - spent, deadline)
    verdict, line = search(rules, budget, allowance)
    return verdict, line, spent + min(budget.spent, budget.nodes)


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


"""The hint of each patience, which the ``easy`` player follows, and its
``hard`` player (both registered for the patience here).

Every hint reads only the observation (the face-up layout; face-down cards
are counts) and the legal action ids.

* **Golf.** Play the card that begins the longest run of column cards onto
  the pile, counting only the cards in sight (a search over the exposed
  cards, each column giving up its cards from the end); among equal runs,
  the card from the longer column (it uncovers more), and P last (a free
  card is worth most when nothing else moves). Draw only when no card
  moves.
* **Calculation.** A waste top that a foundation needs goes up first, then
  the card turned if a foundation needs it. Otherwise the card turned goes
  on the waste pile where it will be needed before the card it covers:
  each card's *wait* is the fewest cards that some foundation must take
  before it needs that number; the card goes on the pile whose top waits
  longest among those that wait at least as long as it does (the closest
  fit), else on an empty pile, else on the pile whose top waits longest
  (the least harm). 13s, needed last everywhere, are kept together on the
  fourth pile, which takes another card only when the first three cannot
  (no fit, none empty).
* **Baker's Dozen.** Nothing is hidden, so the hint searches: a card that
  its foundation needs goes up; otherwise the first move of the shortest
  line of column moves after which one can (breadth first, within a
  budget of layouts); with none found, the first move left (the game ends
  after ``max_moves``).
* **Clock.** ``turn``: there is nothing to choose.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from parlour.agents.registry import (
    AgentFactory,
    ObservationStrategy,
    register_heuristic,
    register_level,
)
from parlour.agents.solving import SolverAgent
from parlour.cards import PROGRESS_53
from parlour.engine.game import Observation
from parlour.games.patience.bakers_dozen import COLUMNS, TO_COLUMN, BakersDozen
from parlour.games.patience.base import P_CARD, PatienceGame, number_of
from parlour.games.patience.calculation import (
    FROM_WASTE,
    PILES,
    TO_WASTE,
    Calculation,
    waits_of,
)
from parlour.games.patience.clock import Clock
from parlour.games.patience.golf import DRAW, Golf, follows

GOLF_NODES = 4000
"""The most positions a Golf hint searches (a run is rarely long)."""
KINGS_PILE = 3
BAKERS_NODES = 5000
"""The most layouts a Baker's Dozen hint searches for a way to free a card."""


def _ids(codes: Sequence[str]) -> list[int]:
    return [PROGRESS_53.parse(code).id for code in codes]


# --- Golf ----------------------------------------------------------------------

def golf_run(columns: list[list[int]], top: int, wraparound: bool) -> int:
    """The longest run of column cards that can go onto ``top`` one after
    another (a search of at most :data:`GOLF_NODES` positions)."""
    lengths = [len(column) for column in columns]
    seen: dict[tuple[tuple[int, ...], int], int] = {}
    budget = [GOLF_NODES]

    def longest(top: int) -> int:
        key = (tuple(lengths), top)
        if key in seen:
            return seen[key]
        if budget[0] <= 0:
            return 0
        budget[0] -= 1
        best = 0
        for index, column in enumerate(columns):
            size = lengths[index]
            if size and follows(column[size - 1], top, wraparound):
                lengths[index] -= 1
                best = max(best, 1 + longest(column[size - 1]))
                lengths[index] += 1
        seen[key] = best
        return best

    return longest(top)


def golf_hint(observation: Observation, legal: Sequence[int]) -> int:
    """The Golf move the hint gives."""
    plays = [action for action in legal if action != DRAW]
    if not plays:
        return DRAW
    zones = observation["zones"]
    columns = [_ids(column) for column in zones["columns"]]
    wraparound = bool(observation["options"]["golf_wraparound"])

    def worth(card: int) -> tuple[int, int, int, int]:
        column = next(index for index, cards in enumerate(columns) if cards and cards[-1] == card)
        columns[column].pop()
        run = golf_run(columns, card, wraparound)
        columns[column].append(card)
        return (run, card != P_CARD, len(columns[column]), -card)

    return max(plays, key=worth)


# --- Calculation -----------------------------------------------------------------

def calculation_hint(observation: Observation, legal: Sequence[int]) -> int:
    """The Calculation move the hint gives."""
    ups = [action for action in legal if action >= FROM_WASTE]
    if ups:
        return ups[0]
    homes = [action for action in legal if action < TO_WASTE]
    if homes:
        return homes[0]
    zones = observation["zones"]
    foundations = [_ids(pile) for pile in zones["foundations"]]
    wastes = [_ids(pile) for pile in zones["wastes"]]
    wait = waits_of(tuple(len(pile) for pile in foundations))
    card = PROGRESS_53.parse(zones["turned"]).id
    mine = wait.get(number_of(card), 99)
    if number_of(card) == 13:
        kings = wastes[KINGS_PILE]
        if not kings or number_of(kings[-1]) == 13:
            return TO_WASTE + KINGS_PILE
    others = [pile for pile in range(PILES) if pile != KINGS_PILE]
    for piles in (others, [KINGS_PILE]):
        fits = [(wait.get(number_of(wastes[pile][-1]), 99), pile) for pile in piles
                if wastes[pile] and wait.get(number_of(wastes[pile][-1]), 99) >= mine]
        if fits:
            return TO_WASTE + min(fits)[1]
        empty = [pile for pile in piles if not wastes[pile]]
        if empty:
            return TO_WASTE + empty[0]
    return TO_WASTE + max(range(PILES), key=lambda pile: wait.get(number_of(wastes[pile][-1]), 99))


# --- Baker's Dozen ----------------------------------------------------------------

Layout = tuple[tuple[int, ...], ...]


def bakers_moves(columns: Layout, heights: Sequence[int]) -> list[tuple[int, Layout | None]]:
    """Each legal move of a Baker's Dozen layout with the layout after it
    (``None`` after a foundation move); ``heights`` are the foundations'
    card counts by sign."""
    moves: list[tuple[int, Layout | None]] = []
    exposed = [column[-1] if column else -1 for column in columns]
    for source, card in enumerate(exposed):
        if card < 0:
            continue
        if number_of(card) == heights[card // 13] + 1:
            moves.append((source, None))
            continue
        for target, under in enumerate(exposed):
            if under >= 0 and number_of(under) == number_of(card) + 1:
                after = list(columns)
                after[source] = columns[source][:-1]
                after[target] = columns[target] + (card,)
                moves.append((TO_COLUMN + COLUMNS * source + target, tuple(after)))
    return moves


def bakers_hint(observation: Observation, legal: Sequence[int]) -> int:
    """The Baker's Dozen move the hint gives: a foundation move, else the
    first move of the shortest line of column moves (searched breadth
    first, at most :data:`BAKERS_NODES` layouts) that lets a card go up."""
    homes = [action for action in legal if action < TO_COLUMN]
    if homes:
        return homes[0]
    zones = observation["zones"]
    start: Layout = tuple(tuple(_ids(column)) for column in zones["columns"])
    heights = tuple(len(pile) for pile in zones["foundations"].values())
    found = bakers_line(start, heights)
    return legal[0] if found < 0 else found


@lru_cache(maxsize=4096)
def bakers_line(start: Layout, heights: tuple[int, ...]) -> int:
    """The first move of the shortest line from ``start`` after which a card
    can go up (-1: none within the budget). Remembered: a lost game goes
    back and forth between the same layouts until ``max_moves``."""
    first: dict[Layout, int] = {start: -1}
    frontier = [start]
    while frontier and len(first) < BAKERS_NODES:
        following = []
        for layout in frontier:
            for action, after in bakers_moves(layout, heights):
                if after is None:
                    return first[layout]
                if after not in first:
                    first[after] = action if first[layout] < 0 else first[layout]
                    following.append(after)
        frontier = following
    return -1


def clock_hint(observation: Observation, legal: Sequence[int]) -> int:
    """Clock's move: the only one (``turn``)."""
    return legal[0]


def _ignoring_rng(hint: Callable[[Observation, Sequence[int]], int]) -> ObservationStrategy:
    """``hint`` as a heuristic strategy (the hints are deterministic: no
    tie is left to the generator)."""
    def strategy(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
        return hint(observation, legal)
    return strategy


# --- The patiences' hard players ------------------------------------------------
# The ``hard`` player of a patience is the deal solver
# (:class:`~parlour.agents.solving.SolverAgent`): exact where nothing is
# hidden (Baker's Dozen), asked about sampled stocks in Golf and
# Calculation, the hint's move where it finds no win (Clock has no
# decisions).

def exact_solver(seed: int | None = None) -> SolverAgent:
    """The solver player where nothing is hidden (Baker's Dozen): one
    sample, the deal itself, and its winning line followed."""
    return SolverAgent(seed, samples=1)


CALCULATION_SAMPLES = 4
CALCULATION_NODES = 1500
"""The solver player's budget in Calculation, where every card turned is a
decision among four piles (about 50 a deal): four sampled stocks of 1,500
positions a decision keep a deal to some ten seconds."""


def calculation_solver(seed: int | None = None) -> SolverAgent:
    """The solver player with Calculation's smaller budget
    (:data:`CALCULATION_SAMPLES`, :data:`CALCULATION_NODES`)."""
    return SolverAgent(seed, samples=CALCULATION_SAMPLES, nodes=CALCULATION_NODES)


HINTS: tuple[tuple[type[PatienceGame], Callable[[Observation, Sequence[int]], int],
                   AgentFactory], ...] = (
    (Golf, golf_hint, SolverAgent),
    (Calculation, calculation_hint, calculation_solver),
    (BakersDozen, bakers_hint, exact_solver),
    (Clock, clock_hint, SolverAgent),
)
"""Each patience, its hint (the ``easy`` player's move) and its ``hard`` player."""

for _game, _hint, _hard in HINTS:
    register_heuristic(_game, _ignoring_rng(_hint))
    register_level(_game, "hard", _hard)

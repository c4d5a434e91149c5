"""The equivalence check of a vector game against the reference engine:
the same positions, the same actions, the same game at every step.

:func:`check` plays random matches of a game in the reference engine
(seeded), loads a batch of the vector engine from them at varied positions
(the start of a hand, mid-hand, mid-match), steps both with the same random
legal actions and compares, after every step: the players to move, the
legal masks, the observation tensors, the scores, the returns, the hands
begun, the finished matches and the counted events. When a reference hand
ends, the reference deals its next hand from its own seed, which the
vector engine does not: the results of the hand are compared (scores,
events, who moves next), then the batch is loaded again from the
reference states. A finished match is replaced by a new one.

:func:`cross_check` plays the same random actions on the numba and the
python kernels from the same seed and compares every array.

Used by ``tests/vector`` (a hundred hands an option set) and by
``scripts/vector_equivalence.py`` (the full count); any family of
:mod:`parlour.vector` plugs in by its game's name: the reference states
need only the contract, and ``hand_index`` (:class:`parlour.games.common.MatchState`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import parlour
import parlour.vector
from parlour.engine import State
from parlour.vector.base import VectorGame


class Mismatch(AssertionError):
    """The vector engine and the reference disagree (the sentence says where)."""


@dataclass
class Summary:
    """What a check compared."""

    game: str
    options: dict[str, Any]
    kernel: str
    hands: int = 0
    """Hands finished in the reference (and compared)."""
    whole: int = 0
    """Of those, the hands compared from their first decision (the others
    from the random positions the matches start at)."""
    matches: int = 0
    """Matches finished."""
    decisions: int = 0
    """Actions taken by both engines and compared after."""
    loads: int = 0
    """Batches loaded from reference states."""
    counts: dict[str, int] = field(default_factory=dict)
    """The counted events over the finished matches."""

    def __str__(self) -> str:
        options = ", ".join(f"{key}={value}" for key, value in sorted(self.options.items()))
        return (f"{self.game}({options}) [{self.kernel}]: {self.hands} hands "
                f"({self.whole} from their start), "
                f"{self.matches} matches, {self.decisions} decisions, {self.loads} loads: "
                f"identical")


def hand_number(state: State) -> int:
    """The hands begun in ``state`` (a match state's ``hand_index`` + 1)."""
    match: Any = state  # a MatchState (parlour.games.common)
    return int(match.hand_index) + 1


def settle(state: State, rng: random.Random) -> State:
    """``state`` with any chance node resolved by ``rng``."""
    while not state.is_terminal() and state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply(rng.choices(outcomes, weights)[0])
    return state


def fresh_state(game: parlour.Game, rng: random.Random, most: int) -> State:
    """A seeded match: half the time at its start, else after 1 to ``most``
    random actions (never over)."""
    state = settle(game.new_state(seed=rng.randrange(2**31)), rng)
    for _ in range(0 if rng.random() < 0.5 else rng.randrange(1, most + 1)):
        successor = state.clone()
        successor.apply(rng.choice(successor.legal_actions()))
        settle(successor, rng)
        if successor.is_terminal():
            break
        state = successor
    return state


def _fail(summary: Summary, index: int, state: State, what: str, vector: Any,
          reference: Any) -> Mismatch:
    return Mismatch(f"{summary.game} {summary.options} [{summary.kernel}] match {index} "
                    f"after {summary.decisions} decisions: {what} differ: vector {vector!r}, "
                    f"reference {reference!r}; reference seed {state.seed}, "
                    f"history {state.history}")


def compare(vg: VectorGame, states: list[State], summary: Summary,
            rows: list[int] | None = None) -> None:
    """Everything of the batch against the reference states: for the
    matches outside ``rows`` (whose next deal is the vector engine's own)
    only the scores, returns, hands begun, player to move and counted
    events; the counted events of the others only once over or when every
    match is compared (``rows`` None: after a load)."""
    full = set(range(len(states)) if rows is None else rows)
    mask = vg.legal_mask()
    tensor = vg.observation_tensor()
    scores = vg.scores()
    returns = vg.returns()
    counted = vg.counted_events()
    for index, state in enumerate(states):
        over = state.is_terminal()
        checks: list[tuple[str, Any, Any]] = [
            ("done", bool(vg.done[index]), over),
            ("scores", scores[index].tolist(), state.scores()),
            ("returns", returns[index].tolist(), state.returns()),
            ("hand numbers", int(vg.hand_number[index]), hand_number(state)),
            ("players to move", int(vg.current_player[index]), state.current_player()),
        ]
        if over or rows is None or index not in full:
            events = state.game.count_events(state.match_events())
            checks.append(("counted events",
                           {name: int(values[index]) for name, values in counted.items()},
                           {name: events[name] for name in counted}))
        if index in full:
            legal = np.zeros(vg.num_actions, dtype=np.bool_)
            if not over:
                legal[state.legal_actions()] = True
            checks.append(("legal actions", np.flatnonzero(mask[index]).tolist(),
                           np.flatnonzero(legal).tolist()))
            expected = (np.zeros(vg.observation_size, dtype=np.float32) if over
                        else state.observation_tensor(state.current_player()))
            if not np.array_equal(tensor[index], expected):
                at = np.flatnonzero(tensor[index] != expected).tolist()
                checks.append(("observation tensors at " + str(at[:8]),
                               tensor[index][at[:8]].tolist(), expected[at[:8]].tolist()))
        for what, vector, reference in checks:
            if vector != reference:
                raise _fail(summary, index, state, what, vector, reference)


def check(game_name: str, options: dict[str, Any], hands: int, seed: int, kernel: str,
          batch_size: int = 16, most: int = 120) -> Summary:
    """Play at least ``hands`` hands of ``game_name`` with ``options`` in both
    engines (``kernel`` for the vector one), comparing at every step;
    :class:`Mismatch` at the first difference, else what was compared.

    ``batch_size`` matches at once, each started after up to ``most``
    random actions of its own."""
    game = parlour.make(game_name, **options)
    vg = parlour.vector.make(game_name, batch_size=batch_size, kernel=kernel, **options)
    summary = Summary(game.name, dict(options), vg.kernel)
    rng = random.Random(seed)
    states = [fresh_state(game, rng, most) for _ in range(batch_size)]
    # whether each match's hand was begun before it was loaded
    begun_before = [bool(state.history) for state in states]
    vg.load(states)
    summary.loads += 1
    compare(vg, states, summary)
    while summary.hands < hands:
        actions = np.zeros(batch_size, dtype=np.int64)
        begun = [hand_number(state) for state in states]
        for index, state in enumerate(states):
            if not state.is_terminal():
                actions[index] = rng.choice(state.legal_actions())
                state.apply(int(actions[index]))
                settle(state, rng)
                summary.decisions += 1
        vg.step(actions)
        ended = [index for index, state in enumerate(states)
                 if state.is_terminal() or hand_number(state) != begun[index]]
        compare(vg, states, summary,
                [index for index in range(batch_size) if index not in ended])
        summary.hands += len(ended)
        summary.whole += sum(not begun_before[index] for index in ended)
        if ended:
            for index in ended:
                state = states[index]
                if state.is_terminal():
                    summary.matches += 1
                    for name, value in state.game.count_events(state.match_events()).items():
                        summary.counts[name] = summary.counts.get(name, 0) + value
                    states[index] = fresh_state(game, rng, most)
                    begun_before[index] = bool(states[index].history)
                else:  # the next hand, compared from its start after the load
                    begun_before[index] = False
            vg.load(states)
            summary.loads += 1
            compare(vg, states, summary)
    return summary


def cross_check(game_name: str, options: dict[str, Any], steps: int, seed: int,
                batch_size: int = 8) -> int:
    """Play ``steps`` steps of random actions from ``reset(seed)`` on the
    numba and the python kernels and compare every output after each;
    :class:`Mismatch` at the first difference, else the hands dealt by the
    steps (after the first hand of each match)."""
    games = [parlour.vector.make(game_name, batch_size=batch_size, kernel=kernel, **options)
             for kernel in ("numba", "python")]
    for vg in games:
        vg.reset(seed)
    rngs = [np.random.default_rng(seed) for _ in games]
    for step in range(steps):
        outputs = [(vg.current_player.tolist(), vg.done.tolist(), vg.hand_number.tolist(),
                    vg.legal_mask().tolist(), vg.observation_tensor().tolist(),
                    vg.scores().tolist(), vg.returns().tolist(),
                    {name: values.tolist() for name, values in vg.counted_events().items()})
                   for vg in games]
        if outputs[0] != outputs[1]:
            raise Mismatch(f"{game_name} {options}: the numba and python kernels differ "
                           f"after {step} steps from reset({seed})")
        if games[0].done.all():
            break
        actions = [vg.random_actions(rng) for vg, rng in zip(games, rngs, strict=True)]
        if not np.array_equal(actions[0], actions[1]):
            raise Mismatch(f"{game_name} {options}: the kernels' random actions differ "
                           f"after {step} steps from reset({seed})")
        for vg, chosen in zip(games, actions, strict=True):
            vg.step(chosen)
    return int(games[0].hand_number.sum()) - batch_size

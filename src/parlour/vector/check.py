"""The equivalence check of a vector game against the reference engine:
the same positions, the same actions, the same game at every step.

:func:`check` plays random matches of a game in the reference engine
(seeded; a third of them with explicit chance), loads a batch of the
vector engine from them at varied positions (the start of a hand,
mid-hand, mid-match), steps both with the same random legal actions and
compares, after every step: the players to move, the legal masks, the
observation tensors, the scores, the returns, the hands begun, the
finished matches and the counted events. When a reference hand ends, the
reference deals its next hand from its own seed, which the vector engine
does not: the results of the hand are compared, then the batch is loaded
again from the reference states. A finished match is replaced by a new
one.

Where the families differ at a hand's end, the vector game says so through
the check's hooks (:class:`parlour.vector.base.VectorGame`):
:meth:`~parlour.vector.base.VectorGame.step_to_chance` and
:meth:`~parlour.vector.base.VectorGame.resolve_chance` (a game whose next
deal decides who opens the hand has it compared before the batch deals),
:meth:`~parlour.vector.base.VectorGame.chance_in_hand` (a chance outcome
inside a hand that the batch draws and the reference with explicit chance
is given), :meth:`~parlour.vector.base.VectorGame.chance_winners` (a match
ended by the batch's own chance) and
:meth:`~parlour.vector.base.VectorGame.match_length` (how deep the loaded
positions go).

:func:`cross_check` plays the same random actions on the numba and the
python kernels from the same seed and compares every array.

Used by ``tests/vector`` (a hundred hands an option set) and by
``scripts/vector_equivalence.py`` (the full count); any family of
:mod:`parlour.vector` plugs in by its game's name: the reference states
need only the contract, and ``hand_index`` and ``events``
(:class:`parlour.games.common.MatchState`).
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


def settle(state: State, rng: random.Random, vg: VectorGame | None = None,
           row: int = 0) -> State:
    """``state`` with any chance node resolved: by the batch's own outcome
    where match ``row`` of ``vg`` has one
    (:meth:`~parlour.vector.base.VectorGame.chance_in_hand`), else by
    ``rng``."""
    while not state.is_terminal() and state.is_chance_node():
        outcome = None if vg is None else vg.chance_in_hand(row, state)
        if outcome is None:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            outcome = rng.choices(outcomes, weights)[0]
        state.apply(outcome)
    return state


def fresh_state(game: parlour.Game, rng: random.Random, most: int,
                explicit: bool = False) -> State:
    """A seeded match (with explicit chance if ``explicit``): half the time
    at its start, else after 1 to ``most`` random actions; never over (a
    match that a deal ends at once is dealt again)."""
    while True:
        state = settle(game.new_state(seed=rng.randrange(2**31), explicit_chance=explicit),
                       rng)
        if not state.is_terminal():
            break
    return walk(state, rng, 0 if most < 1 or rng.random() < 0.5 else rng.randrange(1, most + 1))


def walk(state: State, rng: random.Random, moves: int) -> State:
    """``state`` after up to ``moves`` random actions (chance settled by
    ``rng``), stopping short of the match's end: a new state."""
    for _ in range(moves):
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
                    f"reference {reference!r}; reference seed {state.seed}, explicit chance "
                    f"{state.explicit_chance}, history {state.history}")


def compare(vg: VectorGame, states: list[State], summary: Summary,
            rows: list[int] | None = None, partial: list[int] | None = None) -> None:
    """The matches at ``rows`` (every match when None) against their
    reference states: everything; and the matches at ``partial`` (their
    hand ended and the vector engine dealt its own next one): the scores,
    returns, hands begun, player to move and counted events."""
    full = list(range(len(states))) if rows is None else rows
    mask = vg.legal_mask()
    tensor = vg.observation_tensor()
    scores = vg.scores()
    returns = vg.returns()
    counted = vg.counted_events()
    for index in [*full, *(partial or [])]:
        state = states[index]
        over = state.is_terminal()
        events = state.game.count_events(state.match_events())
        checks: list[tuple[str, Any, Any]] = [
            ("done", bool(vg.done[index]), over),
            ("scores", scores[index].tolist(), state.scores()),
            ("returns", returns[index].tolist(), state.returns()),
            ("hand numbers", int(vg.hand_number[index]), hand_number(state)),
            ("players to move", int(vg.current_player[index]), state.current_player()),
            ("counted events", {name: int(values[index]) for name, values in counted.items()},
             {name: events[name] for name in counted}),
        ]
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


def _hand_end(vg: VectorGame, states: list[State], summary: Summary, ended: list[int],
              begun: list[int], before: list[list[int]]) -> None:
    """The matches at ``ended`` (their hand ended; the batch waits for its
    next deal or cut, the reference may have played on): the hand's
    results and counted events against the reference's."""
    scores = vg.scores()
    counted = vg.counted_events()
    for index in ended:
        state = states[index]
        match: Any = state  # a MatchState: the events of the hand in play
        hand = begun[index] - 1
        deltas = state.hand_results()[hand]
        expected = [score + delta for score, delta in zip(before[index], deltas, strict=True)]
        if scores[index].tolist() != expected:
            raise _fail(summary, index, state, "scores at the hand's end",
                        scores[index].tolist(), expected)
        if hand_number(state) <= begun[index] + 1:
            # the events of the hand that ended: all but those of a next hand
            later = state.game.count_events(
                match.events if hand_number(state) > begun[index] else [])
            whole = state.game.count_events(state.match_events())
            expected_counts = {name: whole[name] - later[name] for name in counted}
            counts = {name: int(values[index]) for name, values in counted.items()}
            if counts != expected_counts:
                raise _fail(summary, index, state, "counted events at the hand's end", counts,
                            expected_counts)


def _match_end(vg: VectorGame, states: list[State], summary: Summary, index: int,
               begun: int) -> None:
    """A match a hand ended (the batch has resolved its chance): whole,
    unless the reference dealt on (its own next hand ended the match) or
    the batch's own chance decided the winner (then: one of those the
    reference's chance could pick)."""
    state = states[index]
    if hand_number(state) != begun:
        return
    seats = vg.chance_winners(state)
    if seats is None:
        compare(vg, states, summary, [index])
        return
    returns = vg.returns()[index].tolist()
    winners = [seat for seat, value in enumerate(returns) if value > 0]
    if (not vg.done[index] or len(winners) != 1 or winners[0] not in seats
            or sorted(returns) != sorted(state.returns())):
        raise _fail(summary, index, state, f"the winners by chance among {seats}", returns,
                    state.returns())


def _step(vg: VectorGame, states: list[State], summary: Summary, rng: random.Random,
          actions: Any) -> list[int]:
    """One step of both engines with the same random actions, compared;
    the matches whose hand ended (or that are over)."""
    size = len(states)
    playing = [not state.is_terminal() for state in states]
    begun = [hand_number(state) for state in states]
    before = vg.scores().tolist()
    for index, state in enumerate(states):
        if not state.is_terminal():
            actions[index] = rng.choice(state.legal_actions())
            state.apply(int(actions[index]))
            settle(state, rng, vg, index)
            summary.decisions += 1
    waiting = vg.step_to_chance(actions)
    ended = [index for index, state in enumerate(states) if playing[index]
             and (state.is_terminal() or hand_number(state) != begun[index])]
    going = [index for index in range(size) if playing[index] and index not in ended]
    if waiting is None:  # the batch has dealt its next hands already
        compare(vg, states, summary, going, ended)
        return ended
    for index in going + ended:
        state = states[index]
        waits = bool(waiting[index] or vg.done[index])
        if (index in ended) != waits:
            raise _fail(summary, index, state, "hands ended", waits, index in ended)
    _hand_end(vg, states, summary, ended, begun, before)
    vg.resolve_chance()
    for index in ended:
        if states[index].is_terminal():
            _match_end(vg, states, summary, index, begun[index])
    compare(vg, states, summary, going)
    return ended


def check(game_name: str, options: dict[str, Any], hands: int, seed: int, kernel: str,
          batch_size: int = 16, most: int | None = None) -> Summary:
    """Play at least ``hands`` hands of ``game_name`` with ``options`` in both
    engines (``kernel`` for the vector one), comparing at every step;
    :class:`Mismatch` at the first difference, else what was compared.

    ``batch_size`` matches at once (every third with explicit chance),
    each started after up to ``most`` random actions of its own (the vector
    game's :meth:`~parlour.vector.base.VectorGame.match_length` when
    None)."""
    game = parlour.make(game_name, **options)
    vg = parlour.vector.make(game_name, batch_size=batch_size, kernel=kernel, **options)
    vg.reset(seed)  # the batch's own chance, seeded too
    depth = vg.match_length() if most is None else most
    summary = Summary(game.name, dict(options), vg.kernel)
    rng = random.Random(seed)
    states = [fresh_state(game, rng, depth, index % 3 == 2) for index in range(batch_size)]
    # whether each match's hand was begun before it was loaded
    begun_before = [bool(state.history) for state in states]
    vg.load(states)
    summary.loads += 1
    compare(vg, states, summary)
    actions = np.zeros(batch_size, dtype=np.int64)
    while summary.hands < hands:
        actions[:] = 0
        ended = _step(vg, states, summary, rng, actions)
        summary.hands += len(ended)
        summary.whole += sum(not begun_before[index] for index in ended)
        if ended:
            for index in ended:
                state = states[index]
                if state.is_terminal():
                    summary.matches += 1
                    for name, value in state.game.count_events(state.match_events()).items():
                        summary.counts[name] = summary.counts.get(name, 0) + value
                    states[index] = fresh_state(game, rng, depth, index % 3 == 2)
                    begun_before[index] = bool(states[index].history)
                else:  # the next hand, compared from its start after the load
                    begun_before[index] = False
            vg.load(states)
            summary.loads += 1
            compare(vg, states, summary)
    return summary


def play(vg: VectorGame, states: list[State], rng: random.Random, hands: int) -> Summary:
    """Step ``vg`` (loaded from ``states``) and ``states`` with the same
    random actions until ``hands`` hands have ended or every match is over,
    comparing after every step as :func:`check` does (the matches are not
    replaced nor loaded again); what was compared."""
    summary = Summary(vg.game.name, dict(vg.game.options), vg.kernel)
    compare(vg, states, summary)
    actions = np.zeros(len(states), dtype=np.int64)
    while summary.hands < hands and not all(state.is_terminal() for state in states):
        actions[:] = 0
        ended = _step(vg, states, summary, rng, actions)
        summary.hands += len(ended)
        if ended:
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

"""The soak (issue #15): many random matches of every registered game, with
every invariant checked after every action. ``make soak`` runs the full
10,000 matches a game; it is not part of ``make test``.

Usage: ``python scripts/soak.py [--count 10000] [--games golf,polignac]
[--workers N] [--seed 0]``

Each match is played with the game's default options from a seed fixed by
``--seed``, the game and the match's number, by random legal actions, so a
failure names everything needed to replay it. Before the first action and
after every one, :mod:`parlour.engine.invariants` checks the state: legal
actions sorted, unique and none at the end; turns; scores against the hand
results, returns of the declared shape (zero-sum, or 1/0 for a patience);
card conservation (the zones of ``card_locations()`` are disjoint and
cover the deck); every seat's observation (JSON-able, the common keys,
agreeing with the state) and observation tensor (fixed size, finite); and
a clone equal to the state (history, turn, legal actions, card locations,
scores, hand results, returns and every observation). At the end the
record goes through JSON and ``parlour.replay`` must rebuild the same
state (history, scores, returns, every observation).

Matches are shared among ``--workers`` processes in chunks. The result is
a Markdown table (matches a CPU second, actions, failures)
printed for docs/reliability.md with the command that produced it; the exit
status is 1 if any invariant failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import parlour
from parlour.engine import State
from parlour.engine.invariants import (
    check_conservation,
    check_legal,
    check_observation,
    check_observation_tensor,
    check_scores,
    require,
    seats,
    snapshot,
)

CHUNK = 25
"""Matches a worker plays per task."""
MAX_ACTIONS = 100_000
"""A match still running after this many actions is a failure (it must end)."""
FAILURES_SHOWN = 20


@dataclass
class Tally:
    """What the matches of one game (or one chunk of them) came to."""

    game: str
    matches: int = 0
    actions: int = 0
    seconds: float = 0.0
    """CPU time spent playing and checking (not wall time: the figures
    should not depend on what else the machine runs)."""
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Add another chunk's figures of the same game."""
        self.matches += other.matches
        self.actions += other.actions
        self.seconds += other.seconds
        self.failures += other.failures


def match_seed(base: int, game: str, number: int) -> int:
    """The seed of match ``number`` of ``game``: stable across runs and machines."""
    return random.Random(f"parlour-soak:{base}:{game}:{number}").randrange(2**63)


def core(state: State) -> dict[str, Any]:
    """What a clone must share with its state, besides the observations."""
    return {
        "history": list(state.history),
        "current_player": state.current_player(),
        "terminal": state.is_terminal(),
        "legal": state.legal_actions(),
        "locations": state.card_locations(),
        "scores": state.scores(),
        "hand_results": state.hand_results(),
        "returns": state.returns(),
    }


def check_state(state: State, start: list[int]) -> None:
    """Every invariant of one state, and a clone equal to it: the same core
    (:func:`core`) and the same observation for every seat."""
    check_legal(state)
    check_conservation(state)
    check_scores(state, start)
    deck = state.game.deck
    locations = state.card_locations()
    observations = []
    for seat in seats(state):
        observations.append(check_observation(state, seat, deck, locations))
        check_observation_tensor(state, seat)
    clone = state.clone()
    require(core(clone) == core(state), "a clone differs from its state")
    require([clone.observation(seat) for seat in seats(state)] == observations,
            "a clone's observation differs from its state's")


def play_match(game: str, seed: int) -> int:
    """One random match of ``game`` from ``seed``, every state checked; returns
    its number of actions. Raises on the first broken invariant."""
    state = parlour.make(game).new_state(seed=seed)
    rng = random.Random(seed)
    start = [0] * state.game.num_players
    check_state(state, start)
    while not state.is_terminal():
        require(len(state.history) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions")
        state.apply(rng.choice(state.legal_actions()))
        check_state(state, start)
    record = json.loads(json.dumps(state.record()))
    require(record == state.record(), "the record changes through JSON")
    replayed = parlour.replay(record)
    require(snapshot(replayed) == snapshot(state), "the replayed record differs")
    return len(state.history)


def play_chunk(game: str, base_seed: int, first: int, count: int) -> Tally:
    """Matches ``first`` to ``first + count - 1`` of ``game``."""
    tally = Tally(game)
    began = time.process_time()
    for number in range(first, first + count):
        seed = match_seed(base_seed, game, number)
        try:
            tally.actions += play_match(game, seed)
        except Exception as error:  # any exception is a finding, reported with its seed
            tally.failures.append(f"{game} seed {seed}: {type(error).__name__}: {error}")
        tally.matches += 1
    tally.seconds = time.process_time() - began
    return tally


def soak(games: Sequence[str], count: int, workers: int, base_seed: int) -> dict[str, Tally]:
    """Play ``count`` matches of each of ``games`` on ``workers`` processes."""
    tallies = {game: Tally(game) for game in games}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(play_chunk, game, base_seed, first, min(CHUNK, count - first))
            for first in range(0, count, CHUNK)
            for game in games
        ]
        for future in as_completed(futures):
            chunk = future.result()
            tallies[chunk.game].add(chunk)
    return tallies


def markdown(tallies: dict[str, Tally], workers: int, elapsed: float, command: str) -> str:
    """The soak's figures as a Markdown snippet."""
    lines = [
        f"Command: `{command}`",
        "",
        "| game | matches | actions a match | matches a CPU second | failures |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for tally in tallies.values():
        per_match = tally.actions / tally.matches if tally.matches else 0.0
        rate = tally.matches / tally.seconds if tally.seconds else 0.0
        lines.append(f"| {tally.game} | {tally.matches} | {per_match:.0f} | {rate:.1f} | "
                     f"{len(tally.failures)} |")
    matches = sum(tally.matches for tally in tallies.values())
    actions = sum(tally.actions for tally in tallies.values())
    failures = [failure for tally in tallies.values() for failure in tally.failures]
    cpu = sum(tally.seconds for tally in tallies.values())
    lines += [
        f"| **all** | {matches} | {actions} actions | {matches / cpu if cpu else 0.0:.2f} | "
        f"{len(failures)} |",
        "",
        f"{elapsed:.0f} s on {workers} worker processes ({cpu:.0f} CPU seconds); "
        f"{matches + actions} states checked (each match's start and the state after "
        f"every action), each with every seat's observation and tensor and a clone.",
    ]
    if failures:
        lines += ["", f"Failures (first {FAILURES_SHOWN}):", ""]
        lines += [f"- {failure}" for failure in failures[:FAILURES_SHOWN]]
    return "\n".join(lines) + "\n"


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line: ``--count``, ``--games``, ``--workers``, ``--seed``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="matches a game")
    parser.add_argument("--games", default=None,
                        help="comma-separated game names (default: every registered game)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak and print its figures; 1 if an invariant failed, 2 if refused."""
    arguments = parse_arguments(argv)
    registered = sorted(parlour.games())
    games = registered if arguments.games is None else arguments.games.split(",")
    unknown = sorted(set(games) - set(registered))
    if unknown or arguments.count < 1 or arguments.workers < 1:
        print(f"error: unknown games {unknown}; --count and --workers must be at least 1"
              if unknown else "error: --count and --workers must be at least 1",
              file=sys.stderr)
        return 2
    began = time.perf_counter()
    tallies = soak(games, arguments.count, arguments.workers, arguments.seed)
    elapsed = time.perf_counter() - began
    command = shlex.join(["python", "scripts/soak.py",
                          *(sys.argv[1:] if argv is None else argv)])
    print(markdown(tallies, arguments.workers, elapsed, command), end="")
    return 1 if any(tally.failures for tally in tallies.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The soak (issue #15): many random matches of every registered game, with
every invariant checked after every action. ``make soak`` runs the full
10,000 matches a game; it is not part of ``make test``.

Usage: ``python scripts/soak.py [--count 10000] [--games golf,polignac]
[--option NAME=VALUE ...] [--workers N] [--seed 0] [--results FILE [--report]]``

Each match is played with the game's default options, or with the
``--option`` values given (each applies to every game of ``--games``: soak
one variant at a time, e.g. ``--games polignac --option players=7``), from a
seed fixed by ``--seed``, the game with its options and the match's number,
by random legal actions, so a failure names everything needed to replay it
(a game with options is named ``polignac players=7`` in the figures, the
results file and the failures). Before the first action and
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

Matches are shared among ``--workers`` processes in chunks; after each
chunk a progress line on standard error gives the matches done, the
failures so far and an estimate of the time left. With ``--results FILE``
every finished chunk is appended to ``FILE`` (JSON lines) at once, and a
run given a file that already holds chunks of the same seed plays only
the others: a soak of many hours can be stopped and resumed (``make soak``
keeps its chunks in ``soak-results.jsonl``); ``--report`` plays nothing
and prints the figures of the chunks the file holds. The result is a Markdown
table (matches a CPU second, actions, failures) printed for
docs/reliability.md with the command that produced it; the exit status is
1 if any invariant failed, 2 if the command line or the results file is
refused.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

import parlour
from parlour.engine import Game, State
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
from parlour.engine.options import parse_option_assignments
from parlour.errors import OptionError

CHUNK = 25
"""Matches a worker plays per task."""
MAX_ACTIONS = 100_000
"""A match still running after this many actions is a failure (it must end)."""
FAILURES_SHOWN = 20
PROGRESS_EVERY = 10.0
"""Seconds between two progress lines (and one at the end)."""


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
    first: int = 0
    """The number of the chunk's first match (a chunk's tally only)."""

    def add(self, other: Tally) -> None:
        """Add another chunk's figures of the same game."""
        self.matches += other.matches
        self.actions += other.actions
        self.seconds += other.seconds
        self.failures += other.failures


def match_seed(base: int, game: str, number: int) -> int:
    """The seed of match ``number`` of ``game`` (a :func:`subject`): stable
    across runs and machines."""
    return random.Random(f"parlour-soak:{base}:{game}:{number}").randrange(2**63)


def subject(name: str, options: Mapping[str, str]) -> str:
    """What the soak calls a game with options: ``polignac players=7``
    (the name alone for the defaults)."""
    return " ".join([name, *(f"{key}={value}" for key, value in sorted(options.items()))])


def make(game: str) -> Game:
    """The game a :func:`subject` names, its options validated."""
    name, *assignments = game.split(" ")
    return parlour.make(name, **parse_option_assignments(assignments))


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
    state = make(game).new_state(seed=seed)
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
    tally = Tally(game, first=first)
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


class ResultsError(Exception):
    """A results file that cannot be read or written."""


@dataclass(frozen=True)
class Chunk:
    """One task: ``count`` matches of ``game`` from match ``first``."""

    game: str
    first: int
    count: int


def chunks(games: Sequence[str], count: int) -> list[Chunk]:
    """The soak's tasks, every game's first chunk before any game's second."""
    return [Chunk(game, first, min(CHUNK, count - first))
            for first in range(0, count, CHUNK) for game in games]


CHUNK_START = '{"seed": '
"""How every line of a results file starts (:func:`write_result`)."""


def read_results(path: Path, base_seed: int) -> dict[Chunk, Tally]:
    """The finished chunks of seed ``base_seed`` in ``path`` (none if it is
    absent). A last line cut short by a stopped run is dropped from the
    file; any other line that is not a chunk is refused with its number."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsError(f"cannot read {path}: {error}") from None
    done: dict[Chunk, Tally] = {}
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            seed = entry.pop("seed")
            count = entry.pop("count")
            tally = Tally(**entry)
            valid = (isinstance(seed, int) and isinstance(count, int)
                     and isinstance(tally.game, str) and isinstance(tally.first, int)
                     and isinstance(tally.failures, list) and tally.matches == count)
        except (json.JSONDecodeError, AttributeError, KeyError, TypeError):
            valid = False
        if not valid:
            if number == len(lines) and line.startswith(CHUNK_START):
                # the last line, cut short when a run was stopped: dropped, so
                # that the chunks appended next start on a line of their own
                # (a file of something else is refused whole, never cut)
                with path.open("r+", encoding="utf-8") as stream:
                    stream.truncate(len(text.encode("utf-8")) - len(line.encode("utf-8")))
                continue
            raise ResultsError(f"{path}, line {number}, is not a soak chunk: {line[:80]!r}")
        if seed == base_seed:
            done[Chunk(tally.game, tally.first, count)] = tally
    return done


def write_result(stream: IO[str], chunk: Chunk, tally: Tally, base_seed: int) -> None:
    """Append one finished chunk to the results file, at once."""
    stream.write(json.dumps({"seed": base_seed, "count": chunk.count, **asdict(tally)}) + "\n")
    stream.flush()


def duration(seconds: float) -> str:
    """``seconds`` as ``2 h 05 min``, ``4 min 10 s`` or ``12 s``."""
    whole = round(seconds)
    hours, minutes, rest = whole // 3600, whole // 60 % 60, whole % 60
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min {rest:02d} s" if minutes else f"{rest} s"


def progress_line(tallies: dict[str, Tally], count: int, played: int, to_play: int,
                  elapsed: float) -> str:
    """How far the soak is: matches done of every game, failures, time left."""
    done = sum(tally.matches for tally in tallies.values())
    failures = sum(len(tally.failures) for tally in tallies.values())
    left = elapsed / played * (to_play - played) if played else 0.0
    return (f"soak: {done}/{count * len(tallies)} matches, {failures} failures; "
            f"about {duration(left)} left")


def soak(games: Sequence[str], count: int, workers: int, base_seed: int,
         results: Path | None = None, progress: IO[str] | None = None,
         report: bool = False) -> dict[str, Tally]:
    """Play ``count`` matches of each of ``games`` on ``workers`` processes,
    but the chunks ``results`` already holds; each finished chunk is added
    to ``results`` and reported on ``progress``. With ``report``, play
    nothing: the tallies of every chunk of ``games`` that ``results`` holds,
    whatever count it was played for (``count`` is not used)."""
    tallies = {game: Tally(game) for game in games}
    done = read_results(results, base_seed) if results is not None else {}
    if report:
        # every chunk the file holds, but one that repeats matches counted already
        covered = dict.fromkeys(games, 0)
        for chunk in sorted(done, key=lambda chunk: (chunk.first, -chunk.count)):
            if chunk.game in covered and chunk.first >= covered[chunk.game]:
                tallies[chunk.game].add(done[chunk])
                covered[chunk.game] = chunk.first + chunk.count
        return tallies
    tasks = []
    for chunk in chunks(games, count):
        if chunk in done:
            tallies[chunk.game].add(done[chunk])
        else:
            tasks.append(chunk)
    began = time.perf_counter()
    stream = None
    try:
        if results is not None:
            try:
                stream = results.open("a", encoding="utf-8")
            except OSError as error:
                raise ResultsError(f"cannot write {results}: {error}") from None
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(play_chunk, chunk.game, base_seed, chunk.first, chunk.count): chunk
                for chunk in tasks
            }
            reported = began
            for played, future in enumerate(as_completed(futures), start=1):
                tally = future.result()
                tallies[tally.game].add(tally)
                if stream is not None:
                    write_result(stream, futures[future], tally, base_seed)
                moment = time.perf_counter()
                if progress is not None and (moment - reported >= PROGRESS_EVERY
                                             or played == len(tasks)):
                    print(progress_line(tallies, count, played, len(tasks), moment - began),
                          file=progress, flush=True)
                    reported = moment
    finally:
        if stream is not None:
            stream.close()
    return tallies


def markdown(tallies: dict[str, Tally], workers: int, elapsed: float | None,
             command: str) -> str:
    """The soak's figures as a Markdown snippet (``elapsed`` ``None``: a
    report of a results file, played at other times)."""
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
    timing = (
        f"{elapsed:.0f} s on {workers} worker processes ({cpu:.0f} CPU seconds in all, "
        "with any chunks read from a results file)" if elapsed is not None
        else f"{cpu:.0f} CPU seconds of play and checks in the results file's chunks"
    )
    lines += [
        f"| **all** | {matches} | {actions} actions | {matches / cpu if cpu else 0.0:.2f} | "
        f"{len(failures)} |",
        "",
        f"{timing}; {matches + actions} states checked (each match's start and the state after "
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
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every game of --games (repeat for several)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--results", type=Path, default=None,
                        help="a JSON-lines file of finished chunks: each is added at once, "
                        "and the chunks it holds are not played again (resume)")
    parser.add_argument("--report", action="store_true",
                        help="play nothing: print the figures of the chunks that the "
                        "--results file holds (how far a soak has got)")
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
    try:
        options = parse_option_assignments(arguments.option)
        games = [subject(name, options) for name in games]
        for game in games:
            make(game)
    except OptionError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if arguments.report and arguments.results is None:
        print("error: --report prints what a --results file holds: give --results FILE",
              file=sys.stderr)
        return 2
    began = time.perf_counter()
    try:
        tallies = soak(games, arguments.count, arguments.workers, arguments.seed,
                       arguments.results, sys.stderr, arguments.report)
    except ResultsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - began
    command = shlex.join(["python", "scripts/soak.py",
                          *(sys.argv[1:] if argv is None else argv)])
    print(markdown(tallies, arguments.workers, None if arguments.report else elapsed, command),
          end="")
    return 1 if any(tally.failures for tally in tallies.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())

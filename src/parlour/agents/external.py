"""Players that parlour does not trust to move legally: outside programs
speaking the engine protocol (``docs/protocol.md``), and Python agents
loaded by name.

Whatever goes wrong with such a player (it crashes, it stays silent past
the per-move time limit, it names a move that is not legal, it raises) is
that one move's loss only: the ``easy`` level plays the move instead, a
sentence saying what happened and who moved goes to :attr:`FallbackAgent.report`
(standard error by default) and into :attr:`FallbackAgent.forfeits`, and
the match goes on.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from parlour.agents import levels
from parlour.agents.protocol import AnyAgent, choose_action
from parlour.engine.game import State
from parlour.errors import OptionError, ParlourError

__all__ = [
    "DEFAULT_SECONDS",
    "PROTOCOL_VERSION",
    "SECONDS_ENV",
    "ExternalAgent",
    "FallbackAgent",
    "Forfeit",
    "GuardedAgent",
    "legal_moves",
]

PROTOCOL_VERSION = 1
"""The version of the engine protocol that ``start`` messages carry."""

DEFAULT_SECONDS = 10.0
"""An outside program's time for one move, unless :data:`SECONDS_ENV` says."""

SECONDS_ENV = "PARLOUR_ENGINE_SECONDS"
"""The environment variable that sets an outside program's time for a move."""

STOP_SECONDS = 1.0
"""How long a program may take to leave after ``quit`` before it is killed."""


def print_report(sentence: str) -> None:
    """Write a forfeit's sentence to standard error."""
    print(f"parlour: {sentence}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Forfeit:
    """A move a player lost to the ``easy`` level: where, why, and what
    ``easy`` played instead."""

    seat: int
    move_number: int
    reason: str
    played: str
    """The text of the move ``easy`` played."""
    action: int
    """Its id."""

    def sentence(self, label: str) -> str:
        """What happened, in a sentence naming the player ``label``."""
        return (f"{label} at seat {self.seat}, move {self.move_number}: {self.reason}; "
                f"the easy player moved {self.played} instead")


def legal_moves(state: State) -> list[dict[str, Any]]:
    """The legal moves of ``state``, each as its id and canonical text."""
    return [{"id": action, "text": state.action_to_str(action)}
            for action in state.legal_actions()]


class FallbackAgent(ABC):
    """A player whose failed moves the ``easy`` level makes.

    Subclasses give :meth:`propose`, which returns the player's action or
    the reason it has none; :meth:`choose_in` checks the action is legal and
    otherwise lets ``easy`` (seeded with the player's seed) move.
    """

    def __init__(self, label: str, seed: int | None = None,
                 report: Callable[[str], None] | None = None) -> None:
        self.name = label
        self.report = report or print_report
        """Where each forfeit's sentence goes (standard error by default)."""
        self.forfeits: list[Forfeit] = []
        """Every move this player lost, in order."""
        self._seed = seed
        self._easy: AnyAgent | None = None

    @abstractmethod
    def propose(self, state: State, seat: int) -> int | str:
        """The player's action for ``seat``, or a sentence saying why there is none."""

    def refused(self, state: State, forfeit: Forfeit) -> None:  # noqa: B027 an optional hook
        """Tell the player its move was lost (nothing to tell by default)."""

    def choose_in(self, state: State, seat: int) -> int:
        """The player's move if it is legal, else the ``easy`` level's."""
        if state.current_player() != seat:
            raise ValueError(f"seat {seat} is not to move")
        proposal = self.propose(state, seat)
        if isinstance(proposal, int) and proposal in state.legal_actions():
            return proposal
        reason = proposal if isinstance(proposal, str) else (
            f"the move {proposal} is not one of the legal moves' ids")
        if self._easy is None:
            self._easy = levels.easy(self._seed)
        action = choose_action(self._easy, state)
        forfeit = Forfeit(seat, len(state.history), reason, state.action_to_str(action), action)
        self.forfeits.append(forfeit)
        self.refused(state, forfeit)
        self.report(forfeit.sentence(self.name))
        return action


class GuardedAgent(FallbackAgent):
    """A Python agent (``module:MODULE:CLASS``) whose exceptions and illegal
    moves are forfeits rather than the end of the match."""

    def __init__(self, agent: AnyAgent, label: str, seed: int | None = None,
                 report: Callable[[str], None] | None = None) -> None:
        super().__init__(label, seed, report)
        self.agent = agent

    def propose(self, state: State, seat: int) -> int | str:
        try:
            action = choose_action(self.agent, state)
        # any failure of code parlour does not know is the move's loss, not the match's
        except Exception as error:
            return f"the agent raised {type(error).__name__}: {error}"
        if isinstance(action, bool) or not isinstance(action, int):
            return f"the agent returned {action!r}, not an action id"
        return action


def configured_seconds() -> float:
    """The time an outside program has for a move: :data:`SECONDS_ENV`, or
    :data:`DEFAULT_SECONDS`."""
    text = os.environ.get(SECONDS_ENV)
    if text is None:
        return DEFAULT_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise OptionError(f"{SECONDS_ENV} must be a number of seconds above 0, not {text!r}")
    return seconds


class _Program:
    """A running outside program. Threads write its input and read its
    output, so that neither a program that stops reading (its pipe full)
    nor one that stops answering can hold a match up: waiting for an answer
    has a limit, and sending never waits."""

    def __init__(self, command: Sequence[str]) -> None:
        self.process = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, encoding="utf-8", errors="replace", bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.outbox: queue.Queue[str | None] = queue.Queue()
        self.broken = threading.Event()
        """Set when the program's input is closed under the writer."""
        self.started: tuple[str, str, int] | None = None
        assert self.process.stdout is not None and self.process.stdin is not None
        threading.Thread(target=_read_lines, args=(self.process.stdout, self.lines),
                         daemon=True).start()
        threading.Thread(target=_write_lines, args=(self.process.stdin, self.outbox,
                                                    self.broken), daemon=True).start()
        # the program stops with its agent, or when parlour exits
        self._finalizer = weakref.finalize(self, _stop, self.process, self.outbox)

    def send(self, message: dict[str, Any]) -> bool:
        """Queue ``message`` as a line; ``False`` if the program no longer reads."""
        if self.broken.is_set() or self.process.poll() is not None:
            return False
        self.outbox.put(json.dumps(message, ensure_ascii=False) + "\n")
        return True

    def stop(self) -> None:
        """Ask the program to quit, and kill it if it has not left a moment later."""
        if self._finalizer.detach() is not None:
            _quit(self.outbox)
            _reap(self.process)

    def exit_words(self) -> str:
        """How the program ended, once its output has closed."""
        try:
            code = self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"exited with code {code}"


def _read_lines(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _write_lines(stream: IO[str], outbox: queue.Queue[str | None],
                 broken: threading.Event) -> None:
    """Write each queued line to the program until ``None``, then close its input."""
    try:
        while (line := outbox.get()) is not None:
            stream.write(line)
            stream.flush()
        stream.close()
    except (OSError, ValueError):
        broken.set()


def _quit(outbox: queue.Queue[str | None]) -> None:
    outbox.put(json.dumps({"type": "quit"}) + "\n")
    outbox.put(None)


def _stop(process: subprocess.Popen[str], outbox: queue.Queue[str | None]) -> None:
    _quit(outbox)
    # a program that does not leave is killed a moment later, without
    # holding up the caller (the web server's event loop)
    try:
        threading.Thread(target=_reap, args=(process,)).start()
    except RuntimeError:  # the interpreter is exiting: no new threads
        _reap(process)


def _reap(process: subprocess.Popen[str]) -> None:
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class ExternalAgent(FallbackAgent):
    """An outside program playing a seat by the engine protocol
    (``docs/protocol.md``): ``command`` is started at the first move (and
    again after it ends), told the game, its options and its seat, then
    sent each move's observation and legal moves; it answers with a move
    within ``seconds`` (:func:`configured_seconds` by default).
    """

    def __init__(self, command: Sequence[str], seed: int | None = None,
                 seconds: float | None = None,
                 report: Callable[[str], None] | None = None) -> None:
        super().__init__("cmd:" + " ".join(command), seed, report)
        self.command = tuple(command)
        self.seconds = configured_seconds() if seconds is None else seconds
        self._program: _Program | None = None
        self._request = 0

    def close(self) -> None:
        """Stop the program (it is started again if asked for another move)."""
        if self._program is not None:
            self._program.stop()
            self._program = None

    def propose(self, state: State, seat: int) -> int | str:
        if self._program is None:
            try:
                self._program = _Program(self.command)
            except OSError as error:
                return f"the program could not start: {error.strerror or error}"
        program = self._program
        game = state.game
        started = (game.name, json.dumps(game.options, sort_keys=True), seat)
        if program.started != started:
            program.started = started
            program.send({"type": "start", "protocol": PROTOCOL_VERSION, "game": game.name,
                          "title": game.title, "options": dict(game.options), "seat": seat,
                          "players": game.num_players, "num_actions": game.num_actions,
                          "seed": self._seed})
        self._request += 1
        legal = legal_moves(state)
        if not program.send({"type": "move", "request": self._request, "seat": seat,
                             "legal": legal, "observation": state.observation(seat)}):
            return self._ended(program)
        reply = self._reply(program)
        if isinstance(reply, str):
            return reply
        return _read_move(reply, state)

    def _reply(self, program: _Program) -> dict[str, Any] | str:
        """The program's answer to the current request, or why there is none."""
        deadline = time.monotonic() + self.seconds
        while True:
            try:
                line = program.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return f"the program did not answer within {self.seconds:g} s"
            if line is None:
                return self._ended(program)
            try:
                reply = json.loads(line)
            except json.JSONDecodeError:
                return f"the program sent {line.strip()[:80]!r}, which is not a JSON object"
            if not isinstance(reply, dict):
                return f"the program sent {line.strip()[:80]!r}, which is not a JSON object"
            request = reply.get("request")
            if isinstance(request, int) and not isinstance(request, bool) \
                    and request < self._request:
                continue  # a late answer to a move already forfeited
            if "request" not in reply:
                return f'the answer has no "request": it must name request {self._request}'
            if request != self._request:
                return (f"the answer names request {request!r}, not {self._request}, "
                        "the request it answers")
            return reply

    def _ended(self, program: _Program) -> str:
        """Why there is no answer from ``program``, which has stopped."""
        self._program = None
        return f"the program {program.exit_words()}"

    def refused(self, state: State, forfeit: Forfeit) -> None:
        if self._program is not None:
            self._program.send({"type": "refused", "request": self._request,
                                "error": forfeit.reason,
                                "played": {"id": forfeit.action, "text": forfeit.played}})


def _read_move(reply: dict[str, Any], state: State) -> int | str:
    """The action an answer names by ``move`` (an id) or ``text``, or why it names none."""
    if "move" in reply:
        move = reply["move"]
        if isinstance(move, bool) or not isinstance(move, int):
            return f"the move must be a legal move's id (a whole number), not {move!r}"
        if move not in state.legal_actions():
            return f"the move {move} is not one of the legal moves' ids"
        return move
    text = reply.get("text")
    if not isinstance(text, str):
        return 'the answer has neither "move" (an id) nor "text" (a move as written)'
    try:
        action = state.parse_action(text)
    except ParlourError as error:
        return f"the move {text!r} cannot be played: {error}"
    if action not in state.legal_actions():
        return f"the move {text!r} is not legal now"
    return action

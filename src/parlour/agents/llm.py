"""Language-model players: a seat played by any chat model behind an
OpenAI-compatible endpoint (``POST BASE_URL/chat/completions``).

The model is told the game's rules (:meth:`~parlour.engine.Game.rules_help`)
once, then shown at each move what the seat sees, drawn as the terminal
draws it for a person, and the legal moves; its answer is read as a
person's typed move (``state.parse_action``). An answer that names no
legal move is sent back with the reason, up to ``retries`` times; then, as
for an outside program (:mod:`parlour.agents.external`), the ``easy``
player makes the move and the match goes on. An endpoint that fails
(unreachable, an HTTP error, no reply) loses the move at once.

Nothing is called unless configured: the spec ``llm:MODEL@BASE_URL`` or
the environment (:data:`BASE_URL_ENV`, :data:`MODEL_ENV`) names the
endpoint and the model, and the key, if the endpoint wants one, comes
only from :data:`KEY_ENV` (a command line is no place for a secret).
See ``docs/llm.md``.
"""

from __future__ import annotations

import io
import json
import os
import urllib.error
import urllib.request
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.console import Console

from parlour.agents.external import FallbackAgent
from parlour.engine.game import State
from parlour.errors import OptionError, ParlourError
from parlour.render import Renderer

__all__ = [
    "BASE_URL_ENV",
    "DEFAULT_RETRIES",
    "DEFAULT_SECONDS",
    "KEY_ENV",
    "MODEL_ENV",
    "LanguageModelAgent",
    "read_spec",
]

BASE_URL_ENV = "PARLOUR_LLM_BASE_URL"
"""The endpoint's base URL when the spec gives none (``http://host:port/v1``)."""
MODEL_ENV = "PARLOUR_LLM_MODEL"
"""The model when the spec gives none."""
KEY_ENV = "PARLOUR_LLM_API_KEY"
"""The key sent as ``Authorization: Bearer KEY``, if set."""

DEFAULT_RETRIES = 2
"""Answers sent back with the reason before the ``easy`` player moves."""
DEFAULT_SECONDS = 60.0
"""The time the endpoint has for one answer."""

ANSWER_WIDTH = 100
"""The width, in characters, of the table drawn for the model."""


def read_spec(argument: str) -> Callable[[int | None], LanguageModelAgent]:
    """A factory for the player of the spec ``llm:ARGUMENT``: ``MODEL@BASE_URL``,
    either part taken from the environment when left out
    (:class:`OptionError` when neither gives it)."""
    model, at, base_url = argument.partition("@")
    model = model.strip() or os.environ.get(MODEL_ENV, "").strip()
    base_url = base_url.strip() if at else os.environ.get(BASE_URL_ENV, "").strip()
    if not base_url:
        raise OptionError(f"'llm:{argument}': no endpoint is configured; write "
                          f"llm:MODEL@BASE_URL or set {BASE_URL_ENV}")
    if not base_url.startswith(("http://", "https://")):
        raise OptionError(f"'llm:{argument}': the endpoint must be an http:// or https:// "
                          f"URL, not {base_url!r}")
    if not model:
        raise OptionError(f"'llm:{argument}': no model is named; write llm:MODEL@BASE_URL "
                          f"or set {MODEL_ENV}")
    return partial(_agent, model, base_url)


def _agent(model: str, base_url: str, seed: int | None) -> LanguageModelAgent:
    return LanguageModelAgent(model, base_url, seed)


class EndpointError(Exception):
    """The endpoint gave no answer: the sentence says why."""


class LanguageModelAgent(FallbackAgent):
    """A seat played by ``model`` at the OpenAI-compatible ``base_url``.

    ``api_key`` defaults to :data:`KEY_ENV`; ``retries`` answers that name
    no legal move are sent back with the reason before ``easy`` moves;
    ``seconds`` is the time for each answer. :attr:`exchanges` keeps the
    messages of the last move, for reading what the model was told.
    """

    def __init__(self, model: str, base_url: str, seed: int | None = None,
                 api_key: str | None = None, retries: int = DEFAULT_RETRIES,
                 seconds: float = DEFAULT_SECONDS,
                 report: Callable[[str], None] | None = None) -> None:
        super().__init__(f"llm:{model}@{base_url}", seed, report)
        self.model = model
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.api_key = os.environ.get(KEY_ENV) if api_key is None else api_key
        self.retries = retries
        self.seconds = seconds
        self.exchanges: list[dict[str, str]] = []

    def propose(self, state: State, seat: int) -> int | str:
        messages = [{"role": "system", "content": rules_prompt(state, seat)},
                    {"role": "user", "content": position_prompt(state, seat)}]
        self.exchanges = messages
        reason = ""
        for _ in range(1 + self.retries):
            try:
                answer = self.ask(messages)
            except EndpointError as error:
                return str(error)
            action = read_answer(answer, state)
            if isinstance(action, int):
                return action
            reason = action
            messages += [{"role": "assistant", "content": answer},
                         {"role": "user", "content": retry_prompt(reason, state)}]
        return f"no legal move in {1 + self.retries} answers (the last: {reason})"

    def ask(self, messages: list[dict[str, str]]) -> str:
        """The model's answer to ``messages`` (:class:`EndpointError` if none)."""
        body = json.dumps({"model": self.model, "messages": messages, "temperature": 0})
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, body.encode(), headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.seconds) as response:
                reply: Any = json.load(response)
        except urllib.error.HTTPError as error:
            raise EndpointError(f"the endpoint answered HTTP {error.code} {error.reason}") \
                from None
        except urllib.error.URLError as error:
            raise EndpointError(f"the endpoint cannot be reached: {error.reason}") from None
        except TimeoutError:
            raise EndpointError(f"the endpoint did not answer within {self.seconds:g} s") \
                from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise EndpointError("the endpoint's answer is not JSON") from None
        try:
            content = reply["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            content = None
        if not isinstance(content, str):
            raise EndpointError("the endpoint's answer holds no message from the model")
        return content


def rules_prompt(state: State, seat: int) -> str:
    """The system message: the game, the seat, the rules and how to answer."""
    game = state.game
    return (f"You are playing {game.title}, a card game, at seat P{seat} of "
            f"{game.num_players} players.\n\nThe rules:\n\n{game.rules_help()}\n\n"
            "At each of your turns you are shown what you can see of the table and your "
            "legal moves. Answer with exactly one of the legal moves, written as it is "
            "listed, and nothing else.")


def position_prompt(state: State, seat: int) -> str:
    """The user message of a move: the table as the seat sees it, and the legal moves."""
    drawn = io.StringIO()
    console = Console(file=drawn, width=ANSWER_WIDTH, color_system=None, highlight=False,
                      emoji=False)
    console.print(Renderer(state.game.deck, [seat]).view(state.observation(seat),
                                                         state.game.title))
    return f"{drawn.getvalue().rstrip()}\n\n{legal_line(state)}\nYour move:"


def legal_line(state: State) -> str:
    """``Your legal moves: pass, capot``."""
    moves = ", ".join(state.action_to_str(action) for action in state.legal_actions())
    return f"Your legal moves: {moves}"


def retry_prompt(reason: str, state: State) -> str:
    """The message sending an answer back: why it was refused, and the moves again."""
    return (f"That move cannot be played: {reason}.\n{legal_line(state)}\n"
            "Answer with exactly one of them and nothing else.")


def read_answer(answer: str, state: State) -> int | str:
    """The legal action that ``answer`` names, or why it names none. Quotes,
    backticks and a final full stop around the move are dropped."""
    text = answer.strip(" \t\r\n`'\".")
    if not text:
        return "the answer is empty"
    try:
        action = state.parse_action(text)
    except ParlourError as error:
        return str(error)
    if action not in state.legal_actions():
        return f"{text} is not one of your legal moves now"
    return action

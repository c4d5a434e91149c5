"""The language-model player against a fake OpenAI-compatible endpoint: a
small HTTP server in the test answering as the test scripts it."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import parlour
from cli_run import Cli
from parlour.agents import choose_action
from parlour.agents.llm import LanguageModelAgent, read_spec
from parlour.agents.specs import agent_factory
from parlour.engine.game import State
from parlour.errors import OptionError
from support import first_legal_moves

Answer = Callable[[dict[str, Any]], str | int]
"""What the fake model answers to a request's body: a message's content,
or an HTTP status to fail with."""


@dataclass
class FakeEndpoint:
    """A chat-completions endpoint on localhost that answers with ``answer``
    and keeps every request's body and headers."""

    answer: Answer
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    base_url: str = ""


@pytest.fixture
def endpoint() -> Iterator[FakeEndpoint]:
    fake = FakeEndpoint(answer=lambda body: "pass")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # the name http.server calls
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            fake.requests.append(body)
            fake.headers.append(dict(self.headers))
            answer = fake.answer(body) if self.path == "/v1/chat/completions" else 404
            if isinstance(answer, int):
                self.send_error(answer)
                return
            reply = json.dumps({"choices": [{"index": 0, "message": {
                "role": "assistant", "content": answer}}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield fake
    server.shutdown()
    server.server_close()


def first_legal(body: dict[str, Any]) -> str:
    """The model that answers the first of the legal moves it was shown last."""
    shown = re.findall(r"Your legal moves: (.*)", body["messages"][-1]["content"])
    return shown[-1].split(", ")[0]


def polignac() -> State:
    return parlour.make("polignac").new_state(seed=1)


def model_player(endpoint: FakeEndpoint, **settings: Any) -> LanguageModelAgent:
    settings.setdefault("report", lambda sentence: None)
    return LanguageModelAgent("fake-model", endpoint.base_url, seed=3, **settings)


def test_the_model_is_told_the_rules_the_table_and_the_legal_moves(
        endpoint: FakeEndpoint) -> None:
    endpoint.answer = lambda body: " `capot`. "
    state = polignac()
    seat = state.current_player()
    agent = model_player(endpoint, api_key="sesame")
    assert choose_action(agent, state) == state.parse_action("capot")
    assert agent.forfeits == []
    [body] = endpoint.requests
    assert body["model"] == "fake-model"
    assert body["temperature"] == 0
    system, user = body["messages"]
    assert system["role"] == "system"
    assert system["content"].startswith(
        f"You are playing Polignac, a card game, at seat P{seat} of 4 players.\n\n"
        f"The rules:\n\n{state.game.rules_help()}\n\n")
    assert user["role"] == "user"
    assert f"P{seat} (you)" in user["content"]
    assert "Your hand" in user["content"]
    assert user["content"].endswith("\n\nYour legal moves: pass, capot\nYour move:")
    assert endpoint.headers[0]["Authorization"] == "Bearer sesame"


def test_an_illegal_answer_is_sent_back_with_the_reason(endpoint: FakeEndpoint) -> None:
    answers = iter(["I would rather fold", "JS", "pass"])
    endpoint.answer = lambda body: next(answers)
    state = polignac()
    agent = model_player(endpoint)
    assert choose_action(agent, state) == state.parse_action("pass")
    assert agent.forfeits == []
    messages = endpoint.requests[-1]["messages"]
    assert [message["role"] for message in messages] == [
        "system", "user", "assistant", "user", "assistant", "user"]
    assert messages[2]["content"] == "I would rather fold"
    assert messages[3]["content"] == (
        "That move cannot be played: 'I would rather fold' is neither a card nor a call; type "
        "a card such as JS, TD, 10D or J♠, or 'pass' or 'capot'.\n"
        "Your legal moves: pass, capot\nAnswer with exactly one of them and nothing else.")
    assert messages[5]["content"] == (
        "That move cannot be played: JS is not one of your legal moves now.\n"
        "Your legal moves: pass, capot\nAnswer with exactly one of them and nothing else.")


def test_after_the_retries_the_easy_player_moves(endpoint: FakeEndpoint) -> None:
    endpoint.answer = lambda body: "JS"
    state = polignac()
    seat = state.current_player()
    reports: list[str] = []
    agent = model_player(endpoint, retries=1, report=reports.append)
    easy = choose_action(agent_factory("easy")(3), state)
    assert choose_action(agent, state) == easy
    assert len(endpoint.requests) == 2
    reason = "no legal move in 2 answers (the last: JS is not one of your legal moves now)"
    assert [forfeit.reason for forfeit in agent.forfeits] == [reason]
    assert reports == [f"llm:fake-model@{endpoint.base_url} at seat {seat}, move 0: {reason}; "
                       f"the easy player moved {state.action_to_str(easy)} instead"]


@pytest.mark.parametrize(("answer", "reason"), [
    (500, "the endpoint answered HTTP 500 Internal Server Error"),
    (429, "the endpoint answered HTTP 429 Too Many Requests"),
])
def test_a_failing_endpoint_loses_the_move_at_once(endpoint: FakeEndpoint, answer: int,
                                                   reason: str) -> None:
    endpoint.answer = lambda body: answer
    agent = model_player(endpoint)
    state = polignac()
    assert choose_action(agent, state) == choose_action(agent_factory("easy")(3), state)
    assert len(endpoint.requests) == 1
    assert [forfeit.reason for forfeit in agent.forfeits] == [reason]


def test_an_unreachable_endpoint_loses_the_move(endpoint: FakeEndpoint) -> None:
    agent = LanguageModelAgent("fake-model", "http://127.0.0.1:9/v1", seed=3, seconds=5,
                               report=lambda sentence: None)
    state = polignac()
    assert choose_action(agent, state) == choose_action(agent_factory("easy")(3), state)
    [forfeit] = agent.forfeits
    assert forfeit.reason.startswith("the endpoint cannot be reached: ")


def test_a_model_plays_a_whole_match_from_the_command_line(
        cli: Cli, endpoint: FakeEndpoint, tmp_path: Path) -> None:
    endpoint.answer = first_legal
    record = tmp_path / "match.json"
    run = cli("play", "polignac", "--seat", f"llm:fake-model@{endpoint.base_url}",
              "--seat", "easy", "--seat", "easy", "--seat", "easy", "--seed", "5",
              "--option", "target=5", "--save", str(record))
    assert (run.status, run.err) == (0, "")
    final = parlour.replay(record)
    assert final.is_terminal() and first_legal_moves(final, 0) == len(endpoint.requests) > 5


def test_the_endpoint_and_model_come_from_the_environment(
        endpoint: FakeEndpoint, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_LLM_BASE_URL", endpoint.base_url)
    monkeypatch.setenv("PARLOUR_LLM_MODEL", "env-model")
    monkeypatch.setenv("PARLOUR_LLM_API_KEY", "from-env")
    agent = agent_factory("llm:")(1)
    assert isinstance(agent, LanguageModelAgent)
    assert (agent.model, agent.url, agent.api_key) == (
        "env-model", endpoint.base_url + "/chat/completions", "from-env")
    named = read_spec("other-model@http://example.invalid/v1/")(1)
    assert (named.model, named.url) == ("other-model", "http://example.invalid/v1/chat/completions")
    assert endpoint.requests == []


@pytest.mark.parametrize(("spec", "message"), [
    ("llm:some-model", "'llm:some-model': no endpoint is configured; write llm:MODEL@BASE_URL "
                       "or set PARLOUR_LLM_BASE_URL"),
    ("llm:some-model@localhost:8000", "'llm:some-model@localhost:8000': the endpoint must be "
                                      "an http:// or https:// URL, not 'localhost:8000'"),
    ("llm:@http://127.0.0.1:8000/v1", "'llm:@http://127.0.0.1:8000/v1': no model is named; "
                                      "write llm:MODEL@BASE_URL or set PARLOUR_LLM_MODEL"),
])
def test_nothing_is_called_unless_configured(spec: str, message: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("PARLOUR_LLM_BASE_URL", "PARLOUR_LLM_MODEL", "PARLOUR_LLM_API_KEY"):
        monkeypatch.delenv(variable, raising=False)
    with pytest.raises(OptionError) as refusal:
        agent_factory(spec)
    assert str(refusal.value) == message

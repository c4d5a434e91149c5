"""The operator's engines (``PARLOUR_ENGINES``): offered as computer
players beside the agents, seated by name, never by a client's spec."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_support import QUICK_COMPUTERS, create_table, view, wait_until

import parlour
import parlour.server
from database_support import sqlite_only
from parlour.agents.external import ExternalAgent
from parlour.cli import main
from parlour.errors import OptionError
from parlour.server import create_app
from parlour.server.engines import Engines
from parlour.server.tables import NO_PAUSES

FIRST_LEGAL = Path(__file__).parents[1] / "agents" / "first_legal.sh"
SHELL_BOT = f"cmd:sh {shlex.quote(str(FIRST_LEGAL))}"


@pytest.fixture
def engine_client(database_url: str) -> Iterator[TestClient]:
    engines = Engines({"shellbot": SHELL_BOT})
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS,
                               pauses=NO_PAUSES, engines=engines)) as test_client:
        yield test_client


def test_the_engines_are_offered_after_the_agents(engine_client: TestClient) -> None:
    assert engine_client.get("/api/agents").json() == [
        "easy", "medium", "hard", "hard-classic", "heuristic", "ismcts", "random", "shellbot"]


def test_an_engine_plays_a_whole_match_at_a_table(engine_client: TestClient) -> None:
    seats = [{"kind": "computer", "agent": "shellbot"}] + \
        [{"kind": "computer", "agent": "random"}] * 3
    created = create_table(engine_client, seats=seats, options={"target": 3}, seed=4)
    table_id = created["id"]
    wait_until(lambda: view(engine_client, table_id)["status"] == "finished")
    assert view(engine_client, table_id)["table"]["seats"][0] == {
        "seat": 0, "kind": "computer", "agent": "shellbot", "name": "Shellbot"}
    final = parlour.replay(engine_client.get(f"/api/tables/{table_id}/record").json())
    state = final.game.new_state(seed=final.seed)
    for action in final.history:
        if state.current_player() == 0:
            assert action == state.legal_actions()[0]
        state.apply(action)
    assert final.is_terminal()


def test_a_client_cannot_seat_a_command(engine_client: TestClient) -> None:
    seats = [{"kind": "computer", "agent": SHELL_BOT}] + [{"kind": "human"}] * 3
    response = engine_client.post("/api/tables", json={"game": "polignac", "seats": seats})
    assert response.status_code == 422
    assert response.json()["error"].startswith(
        f"no agent called {SHELL_BOT.casefold()!r}; agents are easy, hard, ")


def test_an_engine_is_made_by_its_spec() -> None:
    engines = Engines({"shellbot": SHELL_BOT})
    agent = engines.make("shellbot", 3)
    assert isinstance(agent, ExternalAgent) and agent.command == ("sh", str(FIRST_LEGAL))
    assert engines.make("random", 3).name == "random"


@pytest.mark.parametrize(("variable", "message"), [
    ('{"easy": "cmd:sh"}', "an engine's name is lower-case letters, digits and hyphens "
                           "(at most 32) and no agent's name, not 'easy'"),
    ('{"My Bot": "cmd:sh"}', "an engine's name is lower-case letters, digits and hyphens "
                             "(at most 32) and no agent's name, not 'My Bot'"),
    ('{"bot": 7}', "the engine 'bot' needs an agent spec such as 'cmd:./mybot', not 7"),
    ('{"bot": "cmd:no-such-program-here"}', "the engine 'bot': 'cmd:no-such-program-here': "
                                            "there is no program 'no-such-program-here' to run"),
    ("cmd:sh", "PARLOUR_ENGINES is not JSON: Expecting value"),
    ('["cmd:sh"]', "PARLOUR_ENGINES must be a JSON object from each engine's name to its "
                   "agent spec"),
])
def test_wrong_engines_are_refused(variable: str, message: str) -> None:
    with pytest.raises(OptionError) as refusal:
        Engines.from_environment({"PARLOUR_ENGINES": variable})
    assert str(refusal.value) == message


def test_no_variable_offers_no_engine() -> None:
    assert Engines.from_environment({}).names() == []


@sqlite_only
def test_serve_reads_the_engines_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[FastAPI] = []
    monkeypatch.setattr(parlour.server, "serve",
                        lambda app, host, port, settings: started.append(app))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PARLOUR_ENGINES", f'{{"shellbot": "{SHELL_BOT}"}}')
    assert main(["serve", "--port", "8123"]) == 0
    assert "the engines offered: shellbot\n" in capsys.readouterr().out
    with TestClient(started[0]) as client:
        assert client.get("/api/agents").json()[-1] == "shellbot"
    monkeypatch.setenv("PARLOUR_ENGINES", '{"shellbot": "cmd:no-such-program-here"}')
    assert main(["serve", "--port", "8123"]) == 2
    assert capsys.readouterr().err == (
        "error: the engine 'shellbot': 'cmd:no-such-program-here': there is no program "
        "'no-such-program-here' to run\n")

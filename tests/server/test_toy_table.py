"""The web app plays a game it has never heard of (issue 28): Three Tricks,
the test suite's toy game (``tests/toygame.py``), registered for the test
only, is served by ``parlour serve``, listed with its rules and layout,
opened as a table, played move by move with the engine's refusals,
restored after a restart, hinted, played by computer seats and replayed,
with no edit to the server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from web_support import (
    COMPUTER,
    HUMAN,
    QUICK_COMPUTERS,
    create_table,
    move,
    tokens,
    view,
    wait_until,
)

import parlour
import parlour.server
from parlour.agents import hint, levels
from parlour.cli import main
from parlour.server import create_app
from parlour.server.tables import agent_seed
from toygame import ThreeTricks, registered

NAME = ThreeTricks.name


@pytest.fixture
def toy() -> Iterator[type[ThreeTricks]]:
    """Three Tricks, registered for the test only."""
    with registered() as game:
        yield game


def test_the_toy_is_listed_with_its_rules_and_the_board_it_is_drawn_on(
        toy: type[ThreeTricks], client: TestClient) -> None:
    (listed,) = [game for game in client.get("/api/games").json() if game["name"] == NAME]
    assert listed == {**ThreeTricks().describe(), "rules": ThreeTricks.rules_help(),
                      "deck_title": ThreeTricks.deck.title}
    assert listed["layout"] == "round-table"


def test_an_app_lists_the_games_registered_when_it_is_made(database_url: str) -> None:
    """A game registered after another app listed the games (a plugin's, a
    test's) is listed by the apps made after it."""
    def listed(client: TestClient) -> list[str]:
        return [game["name"] for game in client.get("/api/games").json()]

    with TestClient(create_app(database_url, computer_delay=0)) as before:
        assert NAME not in listed(before)
    with registered(), TestClient(create_app(database_url, computer_delay=0)) as after:
        assert listed(after) == sorted([*listed(before), NAME])


def test_parlour_serve_serves_the_toy(toy: type[ThreeTricks], database_url: str,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[FastAPI] = []
    monkeypatch.setattr(parlour.server, "serve",
                        lambda app, host, port, settings: started.append(app))
    assert main(["serve", "--db", database_url, "--port", "8124"]) == 0
    (app,) = started
    with TestClient(app) as client:
        assert NAME in [game["name"] for game in client.get("/api/games").json()]
        created = create_table(client, NAME, [HUMAN, COMPUTER], seed=6)
        state = parlour.make(NAME).new_state(seed=6)
        assert view(client, created["id"], tokens(created)[0])["observation"]["hand"] == \
            state.observation(0)["hand"]


def test_a_toy_table_is_played_by_two_people(toy: type[ThreeTricks],
                                             client: TestClient) -> None:
    created = create_table(client, NAME, [HUMAN, HUMAN], options={"hands": 1}, seed=5)
    table_id, seat_tokens = created["id"], tokens(created)
    state = parlour.make(NAME, hands=1).new_state(seed=5)
    assert view(client, table_id)["observation"] == state.public_observation()
    while not state.is_terminal():
        seat = state.current_player()
        seen = view(client, table_id, seat_tokens[seat])
        assert seen["observation"] == state.observation(seat)
        other = view(client, table_id, seat_tokens[1 - seat])["observation"]
        assert other["legal"] == [] and other["hand"] == state.observation(1 - seat)["hand"]
        not_held = next(card.code for card in ThreeTricks.deck
                        if card.code not in seen["observation"]["hand"])
        refused = move(client, table_id, seat_tokens[seat], len(state.history), text=not_held)
        assert (refused.status_code, refused.json()) == (
            400, {"error": f"you do not hold {not_held}"})
        out_of_turn = move(client, table_id, seat_tokens[1 - seat], len(state.history),
                           action=state.legal_actions()[0])
        assert (out_of_turn.status_code, out_of_turn.json()) == (
            409, {"error": f"it is P{seat}'s turn, not yours"})
        action = state.legal_actions()[-1]
        played = move(client, table_id, seat_tokens[seat], len(state.history),
                      text=state.action_to_str(action))
        assert played.status_code == 200, played.text
        state.apply(action)
        assert played.json()["observation"] == state.observation(seat)
    finished = view(client, table_id)
    assert finished["status"] == "finished"
    assert finished["observation"] == state.public_observation()
    assert finished["observation"]["log"][-1].startswith("hand 1 scored: ")
    assert client.get(f"/api/tables/{table_id}/record").json() == {**state.record(), "chat": []}
    last = client.get(f"/api/tables/{table_id}/replay/6").json()
    assert (last["total"], last["last_action"]) == (6, state.action_to_str(state.history[-1]))


def test_a_toy_table_is_restored_after_a_restart(toy: type[ThreeTricks],
                                                 database_url: str) -> None:
    state = parlour.make(NAME, players=3).new_state(seed=8)
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) \
            as first:
        created = create_table(first, NAME, [HUMAN] * 3, options={"players": 3}, seed=8)
        for _ in range(4):
            seat = state.current_player()
            response = move(first, created["id"], tokens(created)[seat], len(state.history),
                            action=state.legal_actions()[0])
            assert response.status_code == 200, response.text
            state.apply(state.legal_actions()[0])
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) \
            as second:
        restored = view(second, created["id"], tokens(created)[state.current_player()])
        assert restored["move_number"] == 4
        assert restored["observation"] == state.observation(state.current_player())


def test_a_hint_at_a_toy_table(toy: type[ThreeTricks], client: TestClient,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "HARD_ITERATIONS", 30)
    created = create_table(client, NAME, [HUMAN, HUMAN], seed=2, hints=True)
    state = parlour.make(NAME).new_state(seed=2)
    seat = state.current_player()
    expected = hint(state, agent_seed(2, seat, 0))
    response = client.get(f"/api/tables/{created['id']}/hint",
                          params={"token": tokens(created)[seat]})
    assert response.status_code == 200, response.text
    assert response.json() == {"action": expected.action, "text": expected.text,
                               "level": "hard", "move_number": 0, "sentence": None}


@pytest.mark.parametrize("agent", ["random", "easy"])
def test_computer_seats_play_a_whole_toy_match(toy: type[ThreeTricks], client: TestClient,
                                               agent: str) -> None:
    created = create_table(client, NAME, [{**COMPUTER, "agent": agent}] * 4,
                           options={"players": 4, "hands": 2}, seed=3)
    wait_until(lambda: view(client, created["id"])["status"] == "finished")
    state = parlour.replay(client.get(f"/api/tables/{created['id']}/record").json())
    assert state.is_terminal() and len(state.history) == 24
    assert len(state.hand_results()) == 2

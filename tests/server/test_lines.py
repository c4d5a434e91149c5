"""Moves given as a whole line of text (issue 10): Progress Rummy's
``meld 7St 8St 9St`` is several primitive actions, read by
``State.parse_actions`` and committed together as one move, over HTTP and
the socket; a refused line changes nothing; a restart replays every action.

The deals: two players, seat 0 deals and plays first. Seed 67 turns up
``8St#2`` while seat 0 holds ``7St`` and ``9St``; seed 20 turns up ``12Mo``
while seat 0 holds ``13Mo`` and the Progress card.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import HUMAN, QUICK_COMPUTERS, create_table, move, tokens, view

import parlour
from parlour.engine import State
from parlour.errors import ParlourError
from parlour.server import create_app

RUMMY = "progress-rummy"
OPTIONS: dict[str, object] = {"players": 2}
SEQUENCE_SEED = 67
P_SEED = 20


def open_rummy(client: TestClient, seed: int) -> tuple[int, str, State]:
    """A table of two people; its id, seat 0's token and a local copy of the state."""
    created = create_table(client, RUMMY, seats=[HUMAN, HUMAN], options=OPTIONS, seed=seed)
    state = parlour.make(RUMMY, **OPTIONS).new_state(seed=seed)
    assert state.current_player() == 0
    return created["id"], tokens(created)[0], state


def send(client: TestClient, table_id: int, token: str, state: State, text: str) -> Any:
    """POST ``text`` at the local state's move number; returns the response."""
    return move(client, table_id, token, len(state.history), text=text)


def play_line(client: TestClient, table_id: int, token: str, state: State,
              text: str) -> dict[str, Any]:
    """Play ``text`` on the server and the local copy; returns the new view."""
    actions = state.parse_actions(text)
    response = send(client, table_id, token, state, text)
    assert response.status_code == 200, response.text
    for action in actions:
        state.apply(action)
    return dict(response.json())


def test_a_whole_line_commits_every_action_and_the_move_number_follows(
    client: TestClient,
) -> None:
    table_id, token, state = open_rummy(client, SEQUENCE_SEED)
    assert state.observation(0)["zones"]["discard"] == "8St#2"
    play_line(client, table_id, token, state, "take")
    before = len(state.history)
    assert state.parse_actions("meld 8St 7St 9St") == [
        state.parse_action(word) for word in ("meld", "8St", "7St", "9St", "done")
    ]
    after_meld = play_line(client, table_id, token, state, "meld 8St 7St 9St")
    assert after_meld["move_number"] == before + 5 == len(state.history)
    assert after_meld["observation"] == state.observation(0)
    (meld,) = after_meld["observation"]["zones"]["melds"]
    assert meld["name"] == "m1" and meld["owner"] == 0 and meld["kind"] == "sequence"
    assert [card["code"] for card in meld["cards"]] == ["7St", "8St#2", "9St"]
    assert after_meld["observation"]["players"][0]["down"] is True
    discard = next(action for action in after_meld["observation"]["legal"] if action["card"])
    after_discard = play_line(client, table_id, token, state, f"discard {discard['card']}")
    assert after_discard["move_number"] == before + 6
    assert after_discard["observation"]["to_move"] == 1
    assert view(client, table_id, token)["observation"] == state.observation(0)


def test_a_line_declares_the_progress_card(client: TestClient) -> None:
    table_id, token, state = open_rummy(client, P_SEED)
    play_line(client, table_id, token, state, "take")
    shown = play_line(client, table_id, token, state, "meld 12Mo 13Mo P=11Mo")
    (meld,) = shown["observation"]["zones"]["melds"]
    assert [(card["code"], card["as"]) for card in meld["cards"]] == [
        ("P", "11Mo"), ("12Mo", None), ("13Mo", None),
    ]


@pytest.mark.parametrize(
    "line", ["meld 8St 7St 2Cr", "meld 8St 7St", "meld 8St 7St P=9St", "m1 7St"],
)
def test_a_refused_line_changes_nothing_and_gives_the_engines_reason(
    client: TestClient, line: str,
) -> None:
    table_id, token, state = open_rummy(client, SEQUENCE_SEED)
    play_line(client, table_id, token, state, "take")
    with pytest.raises(ParlourError) as refused:
        state.parse_actions(line)
    before = view(client, table_id, token)
    response = send(client, table_id, token, state, line)
    assert response.status_code == 400
    assert response.json() == {"error": str(refused.value)}
    assert view(client, table_id, token) == before
    assert before["observation"] == state.observation(0)


def test_a_line_may_not_run_on_into_the_next_players_turn(client: TestClient) -> None:
    table_id, token, state = open_rummy(client, SEQUENCE_SEED)
    play_line(client, table_id, token, state, "draw")
    card = state.observation(0)["hand"][0]
    # the discard ends seat 0's turn: a seat moves only for itself
    before = view(client, table_id, token)
    response = send(client, table_id, token, state, f"discard {card} draw")
    assert response.status_code == 400
    assert "past your turn" in response.json()["error"]
    assert view(client, table_id, token) == before


def test_a_meld_may_still_be_sent_step_by_step(client: TestClient) -> None:
    """One primitive step a line (what the observation's legal actions name)
    still works as text: ``meld`` alone opens a meld the line cannot finish."""
    table_id, token, state = open_rummy(client, SEQUENCE_SEED)
    play_line(client, table_id, token, state, "take")
    for step in ("meld", "7St", "8St"):
        response = send(client, table_id, token, state, step)
        assert response.status_code == 200, response.text
        state.apply(state.parse_action(step))
    # the meld stays open until "done": one step alone never closes it
    play_line(client, table_id, token, state, "9St")
    shown = play_line(client, table_id, token, state, "done")
    assert [meld["text"] for meld in shown["observation"]["zones"]["melds"]] == [
        meld["text"] for meld in state.observation(0)["zones"]["melds"]
    ]
    assert len(shown["observation"]["zones"]["melds"]) == 1


def test_a_line_over_the_socket_is_one_view_for_every_connection(client: TestClient) -> None:
    table_id, token, state = open_rummy(client, SEQUENCE_SEED)
    play_line(client, table_id, token, state, "take")
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as seat, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        assert seat.receive_json()["move_number"] == len(state.history)
        spectator.receive_json()
        seat.send_json({"type": "move", "text": "meld 7St 8St 9St",
                        "move_number": len(state.history)})
        for action in state.parse_actions("meld 7St 8St 9St"):
            state.apply(action)
        pushed = seat.receive_json()
        assert pushed["move_number"] == len(state.history)
        assert pushed["observation"] == state.observation(0)
        assert spectator.receive_json()["observation"] == state.public_observation()


def test_a_restart_replays_every_action_of_a_line(database_url: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        table_id, token, state = open_rummy(client, P_SEED)
        play_line(client, table_id, token, state, "take")
        play_line(client, table_id, token, state, "meld 12Mo 13Mo P=11Mo")
    with TestClient(create_app(database_url, computer_delay=0, limits=QUICK_COMPUTERS)) as client:
        again = view(client, table_id, token)
        assert again["move_number"] == len(state.history)
        assert again["observation"] == state.observation(0)
        listed = client.get("/api/tables").json()
        assert next(row for row in listed if row["id"] == table_id)["moves"] == len(
            state.history)

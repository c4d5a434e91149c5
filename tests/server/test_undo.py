"""A patience's undo and redo in the web app (issue 29):
``POST /api/tables/{id}/undo`` and ``/redo`` take back the last move and
play it again, through the server, so that the table's record (its moves in
the database) never holds a move taken back and a restarted server shows
the table as it was left. Every refusal is a sentence with its status.

Golf with seed 1 has moves at once (``1Cr`` from a column, ``draw``), and
every table here has one person's seat.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from web_support import COMPUTER, HUMAN, create_table, move, tokens, view

from parlour.server import create_app


def undo(client: TestClient, table_id: int, token: str | None, move_number: int,
         path: str = "undo") -> Any:
    """POST an undo (or a redo, with ``path="redo"``); returns the response."""
    return client.post(f"/api/tables/{table_id}/{path}",
                       json={"token": token, "move_number": move_number})


def golf(client: TestClient) -> tuple[int, str]:
    """A one-person Golf table: its id and the seat's token."""
    created = create_table(client, game="golf", seats=[HUMAN], seed=1)
    return created["id"], tokens(created)[0]


def play(client: TestClient, table_id: int, token: str, move_number: int, text: str) -> None:
    response = move(client, table_id, token, move_number, text=text)
    assert response.status_code == 200, response.text


def test_undo_takes_the_move_back_and_redo_plays_it_again(client: TestClient) -> None:
    table_id, token = golf(client)
    start = view(client, table_id, token)
    assert (start["can_undo"], start["can_redo"]) == (False, False)
    play(client, table_id, token, 0, "1Cr")
    played = view(client, table_id, token)
    assert (played["can_undo"], played["can_redo"]) == (True, False)

    response = undo(client, table_id, token, 1)
    assert response.status_code == 200, response.text
    undone = response.json()
    assert undone["move_number"] == 0
    assert undone["observation"]["zones"] == start["observation"]["zones"]
    assert (undone["can_undo"], undone["can_redo"]) == (False, True)

    response = undo(client, table_id, token, 0, "redo")
    assert response.status_code == 200, response.text
    redone = response.json()
    assert redone["move_number"] == 1
    assert redone["observation"]["zones"] == played["observation"]["zones"]
    assert (redone["can_undo"], redone["can_redo"]) == (True, False)


def test_nothing_to_take_back_or_play_again_is_refused(client: TestClient) -> None:
    table_id, token = golf(client)
    response = undo(client, table_id, token, 0)
    assert (response.status_code, response.json()) == (409, {
        "error": "there is no move to take back: none has been made"})
    response = undo(client, table_id, token, 0, "redo")
    assert (response.status_code, response.json()) == (409, {
        "error": "there is no move to play again: no move was taken back since the last "
                 "one made"})
    # a new move forgets the move taken back
    play(client, table_id, token, 0, "1Cr")
    assert undo(client, table_id, token, 1).status_code == 200
    play(client, table_id, token, 0, "draw")
    assert view(client, table_id, token)["can_redo"] is False
    response = undo(client, table_id, token, 1, "redo")
    assert response.status_code == 409
    assert response.json()["error"].startswith("there is no move to play again")


def test_who_and_when_may_undo(client: TestClient) -> None:
    table_id, token = golf(client)
    play(client, table_id, token, 0, "1Cr")
    response = undo(client, table_id, None, 1)
    assert (response.status_code, response.json()) == (403, {
        "error": "an undo needs the token of the patience's seat"})
    response = undo(client, table_id, "not-a-token", 1, "redo")
    assert (response.status_code, response.json()) == (403, {
        "error": f"this link's token opens no seat at table {table_id}"})
    response = undo(client, table_id, token, 0)
    assert (response.status_code, response.json()) == (409, {
        "error": "the table has moved on: this undo was chosen at move 0, "
                 "the table is at move 1"})
    response = client.post(f"/api/tables/{table_id}/undo", json={"token": token})
    assert (response.status_code, response.json()) == (400, {
        "error": "give the move_number of the view the undo or redo was chosen from"})

    # a table of several players has no undo: the others have seen the move
    created = create_table(client, game="polignac", seats=[HUMAN, COMPUTER, COMPUTER, COMPUTER])
    response = undo(client, created["id"], tokens(created)[0], 0)
    assert (response.status_code, response.json()) == (409, {
        "error": f"undo is for a patience (one person alone): at table {created['id']} "
                 "the other seats have seen every move"})
    assert "can_undo" not in view(client, created["id"], tokens(created)[0])


def test_a_finished_patience_is_not_taken_back(client: TestClient) -> None:
    created = create_table(client, game="clock", seats=[HUMAN], seed=1)
    table_id, token = created["id"], tokens(created)[0]
    number = 0
    while view(client, table_id, token)["status"] != "finished":
        play(client, table_id, token, number, "turn")
        number += 1
    assert view(client, table_id, token)["can_undo"] is False
    response = undo(client, table_id, token, number)
    assert (response.status_code, response.json()) == (409, {"error": "the match is over"})


def test_the_record_and_a_restart_keep_no_move_taken_back(database_url: str) -> None:
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        table_id, token = golf(client)
        play(client, table_id, token, 0, "1Cr")
        play(client, table_id, token, 1, "draw")
        assert undo(client, table_id, token, 2).status_code == 200
        before = view(client, table_id, token)
        listed = next(row for row in client.get("/api/tables").json() if row["id"] == table_id)
        assert listed["moves"] == 1
    with TestClient(create_app(database_url, computer_delay=0)) as client:
        after = view(client, table_id, token)
        assert after["move_number"] == 1
        assert after["observation"] == before["observation"]
        # the move taken back is forgotten with the server's memory
        assert (after["can_undo"], after["can_redo"]) == (True, False)
        # and the table plays on from there: its moves are numbered anew
        play(client, table_id, token, 1, "draw")
        assert view(client, table_id, token)["move_number"] == 2


def test_a_hint_after_an_undo_is_for_the_new_position(client: TestClient) -> None:
    """Move 1 after ``1Cr`` (hint ``2Su``) and move 1 after ``draw`` (whose
    ``2Su`` is not playable) are two positions: the hint asked at the first
    is not the answer at the second."""
    table_id, token = golf(client)
    play(client, table_id, token, 0, "1Cr")
    response = client.get(f"/api/tables/{table_id}/hint", params={"token": token})
    assert response.json()["text"] == "2Su"
    assert undo(client, table_id, token, 1).status_code == 200
    play(client, table_id, token, 0, "draw")
    response = client.get(f"/api/tables/{table_id}/hint", params={"token": token})
    assert response.status_code == 200, response.text
    assert response.json()["text"] == "5Su"


def test_a_patience_hint_says_its_move_in_words(client: TestClient) -> None:
    table_id, token = golf(client)
    response = client.get(f"/api/tables/{table_id}/hint", params={"token": token})
    assert response.status_code == 200, response.text
    assert response.json() == {"action": 0, "text": "1Cr", "level": "hard", "move_number": 0,
                               "sentence": "Move 1Cr from column 7 onto 2Mo on the pile"}

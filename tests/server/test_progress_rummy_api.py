"""Progress Rummy's options as the web form gets them (issue #33): the
right-to-left variant is listed by ``/api/games``, in English and Spanish."""

from __future__ import annotations

from fastapi.testclient import TestClient


def direction(client: TestClient, query: str = "") -> dict[str, object]:
    games = {game["name"]: game for game in client.get(f"/api/games{query}").json()}
    return next(option for option in games["progress-rummy"]["options"]
                if option["name"] == "direction")


def test_the_games_listing_offers_play_to_the_right(client: TestClient) -> None:
    english = direction(client)
    assert english["default"] == "clockwise"
    assert english["choices"] == ["clockwise", "anticlockwise"]
    assert english["help"] == "play and the deal pass to the left (clockwise) or to the right"
    spanish = direction(client, "?lang=es")
    assert spanish["help"] == ("el juego y el reparto pasan a la izquierda (sentido horario) "
                               "o a la derecha")

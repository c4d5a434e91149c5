"""The web app in Spanish: the language of a page, a refusal and a view
(parlour.server.language; docs/web.md, "Languages")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import asdict

import pytest
from fastapi.testclient import TestClient
from web_support import COMPUTER, HUMAN, create_table, move, tokens

import parlour.i18n
from parlour.engine import game_class
from parlour.i18n import COOKIE, Messages, read_catalogue
from parlour.server.language import localized_statistics
from parlour.stats import GameStats

SPANISH = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.8"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}

GAME_SENTENCES = {
    "{seat} passes": "{seat} pasa",
    "{dealer} deals hand {number}": "{dealer} reparte la mano {number}",
    "Announce capot (win every trick) or pass": "Anuncia capote (gana todas las bazas) o pasa",
    "pass": "paso",
    "number of players": "número de jugadores",
}
"""Sentences of the games' catalogue (translated by its own helper) that
these tests give a Spanish of their own, so that they show the boundary
translating whatever the games' catalogue holds."""


@pytest.fixture
def game_spanish(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Spanish with :data:`GAME_SENTENCES` added to every catalogue."""
    spanish = Messages("es", {**parlour.i18n.messages("es").exact, **GAME_SENTENCES})
    monkeypatch.setattr(parlour.i18n, "messages",
                        lambda lang: spanish if lang == "es" else Messages(lang, {}))
    yield


def lang_of(page: str) -> str:
    match = re.search(r'<html lang="(\w+)">', page)
    assert match is not None
    return match.group(1)


def page_messages(page: str) -> dict[str, str]:
    match = re.search(
        r'<script type="application/json" id="parlour-messages">(.*?)</script>', page)
    assert match is not None
    return dict(json.loads(match.group(1)))


# --- a page's language ----------------------------------------------------------------


def test_accept_language_picks_spanish(client: TestClient) -> None:
    page = client.get("/", headers=SPANISH)
    assert page.headers["content-language"] == "es"
    assert lang_of(page.text) == "es"
    assert "<h1>Juegos de cartas históricos</h1>" in page.text
    assert "<title>parlour — salón</title>" in page.text
    assert page_messages(page.text)["Your turn: {prompt}."] == "Te toca: {prompt}."
    assert '<button type="button" data-lang="es" lang="es" aria-pressed="true">Español' \
        in page.text


def test_english_pages_carry_no_translations(client: TestClient) -> None:
    page = client.get("/tables/1", headers=ENGLISH)
    assert lang_of(page.text) == "en"
    assert page_messages(page.text) == {}
    assert '<h2>Scores</h2>' in page.text and "{{t:" not in page.text


@pytest.mark.parametrize(("cookie", "header", "lang"), [
    ("es", ENGLISH, "es"), ("en", SPANISH, "en"), ("fr", SPANISH, "es"),
])
def test_the_cookie_overrides_accept_language(
    client: TestClient, cookie: str, header: dict[str, str], lang: str
) -> None:
    client.cookies.set(COOKIE, cookie)
    page = client.get("/tables/1/replay", headers=header)
    assert lang_of(page.text) == lang
    assert ("<h2>Tanteo</h2>" in page.text) == (lang == "es")


def test_a_lang_parameter_overrides_the_cookie(client: TestClient) -> None:
    client.cookies.set(COOKIE, "en")
    assert lang_of(client.get("/?lang=es").text) == "es"


# --- refusals -------------------------------------------------------------------------


def test_a_refusal_in_spanish(client: TestClient) -> None:
    refused = client.get("/api/tables/seven/view", headers=SPANISH)
    assert refused.status_code == 404
    assert refused.json() == {"error": "no hay ninguna mesa 'seven'"}
    assert client.get("/api/tables/seven/view", headers=ENGLISH).json() == {
        "error": "there is no table 'seven'"}


def test_a_move_out_of_turn_is_refused_in_spanish(client: TestClient) -> None:
    created = create_table(client)
    seat = tokens(created)
    client.cookies.set(COOKIE, "es")
    refused = move(client, created["id"], seat[2], 0, action=32)
    assert refused.status_code == 409
    assert refused.json() == {"error": "es el turno de P1, no el tuyo"}


def test_a_socket_refusal_in_the_socket_language(client: TestClient) -> None:
    created = create_table(client)
    with client.websocket_connect(f"/ws/tables/{created['id']}?lang=es&token=wrong") as socket:
        assert socket.receive_json() == {
            "type": "error", "status": 403,
            "message": f"el token de este enlace no abre ningún asiento en la mesa {created['id']}"}


# --- views ----------------------------------------------------------------------------


def test_a_view_says_its_log_prompt_and_calls_in_spanish(
    client: TestClient, game_spanish: None
) -> None:
    created = create_table(client)
    seat = tokens(created)
    english = client.get(f"/api/tables/{created['id']}/view", params={"token": seat[1]},
                         headers=ENGLISH).json()["observation"]
    spanish = client.get(f"/api/tables/{created['id']}/view", params={"token": seat[1]},
                         headers=SPANISH).json()["observation"]
    assert english["log"] == ["P0 deals hand 1"]
    assert spanish["log"] == ["P0 reparte la mano 1"]
    assert spanish["prompt"] == "Anuncia capote (gana todas las bazas) o pasa"
    # the action's text stays what the engine reads; its label is the Spanish
    assert [(action["text"], action.get("label")) for action in spanish["legal"]] == [
        ("pass", "paso"), ("capot", "capote")]
    assert "label" not in english["legal"][0]
    # the data stays as the game wrote it
    assert spanish["phase"] == english["phase"] and spanish["hand"] == english["hand"]


def test_each_socket_gets_the_view_in_its_own_language(
    client: TestClient, game_spanish: None
) -> None:
    created = create_table(client, seats=[HUMAN, HUMAN, COMPUTER, COMPUTER])
    seat = tokens(created)
    table = created["id"]
    with client.websocket_connect(f"/ws/tables/{table}?lang=es") as spanish, \
            client.websocket_connect(f"/ws/tables/{table}?lang=en") as english:
        assert spanish.receive_json()["observation"]["log"] == ["P0 reparte la mano 1"]
        assert english.receive_json()["observation"]["log"] == ["P0 deals hand 1"]
        assert move(client, table, seat[1], 0, text="pass").status_code == 200
        assert spanish.receive_json()["observation"]["log"][-1] == "P1 pasa"
        assert english.receive_json()["observation"]["log"][-1] == "P1 passes"


def test_the_games_listing_in_spanish(client: TestClient, game_spanish: None) -> None:
    games = {game["name"]: game for game in client.get("/api/games?lang=es").json()}
    players = next(option for option in games["polignac"]["options"]
                   if option["name"] == "players")
    assert players["help"] == "número de jugadores"
    english = {game["name"]: game for game in client.get("/api/games").json()}
    assert english["polignac"]["options"][0]["help"] == "number of players"







def test_the_games_rules_are_the_help_written_in_the_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rules_help(lang: str = "en") -> str:
        if lang not in ("en", "es"):
            raise ValueError(f"there is no rules help in {lang!r}")
        return f"the rules in {lang}"

    monkeypatch.setattr(game_class("polignac"), "rules_help", rules_help)
    games = {game["name"]: game for game in client.get("/api/games?lang=es").json()}
    assert games["polignac"]["rules"] == "the rules in es"


def test_the_pages_words_are_not_read_into_the_games_sentences() -> None:
    """The web catalogue's templates are the browser's: ``{count} players``
    does not make the option help "number of players" "number of jugadores"."""
    games = Messages("es", read_catalogue("es", "games"))
    assert parlour.i18n.translate("number of players", "es") \
        == games.translate("number of players")
    assert parlour.i18n.translate("number of players", "es") != "number of jugadores"


@pytest.mark.parametrize(("stats", "spanish"), [
    (GameStats(8, 1, -4, 0, 1), "jugadas 8, ganadas 1 (12%), mejor puntuación -4, "
                                "racha actual de victorias 0, la más larga 1"),
    (GameStats(), "jugadas 0, ganadas 0, racha actual de victorias 0, la más larga 0"),
])
def test_a_statistics_line_in_spanish(stats: GameStats, spanish: str) -> None:
    line = {"title": "Golf", **asdict(stats), "summary": stats.describe()}
    assert localized_statistics(line, "es")["summary"] == spanish
    assert localized_statistics(line, "en") == line


def test_packs_are_named_in_spanish(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games", headers=SPANISH).json()}
    assert games["polignac"]["deck_title"] == "baraja de piquet"
    assert client.get("/api/decks/piquet32", headers=SPANISH).json()["title"] == "baraja de piquet"
    assert client.get("/api/decks/piquet32", headers=ENGLISH).json()["title"] == "piquet pack"

"""No message sent to a seat's connection ever names another seat's hidden
card, and no message to a spectator names any hidden card (issue 4, "Who
sees what"): whole Polignac matches played by four (or three) people over
WebSockets, every message of every connection scanned with the card finder
of tests/test_hidden.py."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import HUMAN, create_table, tokens

import parlour
from parlour.cards import Deck
from parlour.server.seats import named_observation
from support import as_json
from test_hidden import hidden_from, mentioned_cards, static_keys, walk

SEED = 21


def cards_named(deck: Deck, message: dict[str, Any], skip: frozenset[str],
                history: set[str]) -> int:
    """Every card a socket message names, leaving out the observation's
    rules-data keys ``skip`` and the public history strings ``history``."""
    observation = {key: value for key, value in message["observation"].items()
                   if key not in skip}
    return mentioned_cards(deck, {**message, "observation": observation}, history=history)


@pytest.mark.parametrize("by_player", [False, True],
                         ids=["seats by token", "seat 0 by its player's key"])
@pytest.mark.parametrize("options", [
    {"target": 8},
    {"players": 3, "pack_reduction": "dealer_discard", "target": 8},
], ids=["4 players", "3 players, dealer discards"])
def test_no_socket_message_shows_another_seats_hidden_card(
    client: TestClient, options: dict[str, object], by_player: bool,
) -> None:
    """With ``by_player``, a player makes the table and his socket opens
    seat 0 by his key alone (the cookie), the others by their tokens."""
    game = parlour.make("polignac", **options)
    deck, players = game.deck, game.num_players
    skip = static_keys("polignac", options)
    if by_player:
        assert client.post("/api/players", json={"name": "Ann"}).status_code == 201
    created = create_table(client, seats=[HUMAN] * players, options=options, seed=SEED)
    path = f"/ws/tables/{created['id']}"
    seat_tokens = tokens(created)
    names = [("Ann" if by_player else "P0"), *(f"P{seat}" for seat in range(1, players))]

    def named(observation: dict[str, Any]) -> dict[str, Any]:
        return named_observation(observation, names)

    def named_texts(texts: set[str], players: list[dict[str, Any]]) -> set[str]:
        """The public texts seen earlier as the views write them (seats by name)."""
        return set(named({"players": players, "log": sorted(texts)})["log"])

    checked = 0
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(
                path if by_player and seat == 0 else f"{path}?token={seat_tokens[seat]}"))
            for seat in range(players)
        ]
        if by_player:
            client.cookies.clear()  # the spectator's socket carries no player's key
        spectator = stack.enter_context(client.websocket_connect(path))
        mover = -1
        for state, earlier in walk("polignac", options, SEED):
            if state.history:
                sockets[mover].send_json({
                    "type": "move", "action": state.history[-1],
                    "move_number": len(state.history) - 1,
                })
            every_hidden = 0
            players_seen = as_json(state.public_observation())["players"]
            for seat, socket in enumerate(sockets):
                message = socket.receive_json()
                assert message["move_number"] == len(state.history)
                assert message["observation"] == named(as_json(state.observation(seat)))
                hidden = hidden_from(state, seat)
                every_hidden |= hidden
                shown = cards_named(deck, message, skip,
                                    named_texts(earlier[seat], players_seen)) & hidden
                assert deck.codes(shown) == [], (
                    f"seat {seat} is sent hidden cards at move {len(state.history)}"
                )
                checked += 1
            public = spectator.receive_json()
            assert public["observation"] == named(as_json(state.public_observation()))
            shown = cards_named(deck, public, skip, named_texts(set.intersection(*earlier),
                                                                players_seen)) & every_hidden
            assert deck.codes(shown) == [], (
                f"a spectator is sent hidden cards at move {len(state.history)}"
            )
            mover = state.current_player()
    assert state.is_terminal() and checked > 100


def test_the_message_scan_finds_a_planted_card(client: TestClient) -> None:
    """The scan is not vacuous: a view naming another seat's card is caught."""
    created = create_table(client, seed=SEED)
    state = parlour.make("polignac").new_state(seed=SEED)
    with client.websocket_connect(f"/ws/tables/{created['id']}?token={tokens(created)[0]}") \
            as socket:
        message = socket.receive_json()
    hidden, skip = hidden_from(state, 0), static_keys("polignac", {})
    assert cards_named(state.game.deck, message, skip, set()) & hidden == 0
    planted = {**message, "table": {**message["table"], "title": state.game.deck.codes(hidden)[0]}}
    assert cards_named(state.game.deck, planted, skip, set()) & hidden

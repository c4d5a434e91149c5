"""Names at a party (issue 27, item 7): a name that looks like a computer's,
a free place's or another player's, by look-alike letters of other scripts,
compatibility forms, accents or case, is refused as the name itself is."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import secret_of

from parlour.server.payloads import name_key


def new_party(client: TestClient) -> dict[str, Any]:
    """A party of two tables (places and computers 1 to 8) and its join code."""
    party = dict(client.post("/api/events", json={"options": {"tables": 2, "rounds": 1}}).json())
    party["code"] = secret_of(party["join_url"], "code")
    return party


def join(client: TestClient, party: dict[str, Any], name: str) -> Any:
    return client.post(f"/api/events/{party['id']}/join",
                       json={"code": party["code"], "name": name})


@pytest.mark.parametrize(("name", "error"), [
    ("computer 1", "the name 'computer 1' is taken at this party: pick another"),
    # a Cyrillic о
    ("Cоmputer 2", "the name 'Cоmputer 2' looks like 'Computer 2', which is taken at this "
                   "party: pick another"),
    ("ＣＯＭＰＵＴＥＲ 3", "the name 'ＣＯＭＰＵＴＥＲ 3' looks like 'Computer 3', which is "
                       "taken at this party: pick another"),
    ("Computer l", "the name 'Computer l' looks like 'Computer 1', which is taken at this "
                   "party: pick another"),
    ("Computer I", "the name 'Computer I' looks like 'Computer 1', which is taken at this "
                   "party: pick another"),
    # o and a combining acute accent
    ("Co\u0301mputer 4", "the name 'Co\u0301mputer 4' looks like 'Computer 4', which is "
                         "taken at this party: pick another"),
    # a Greek capital rho
    ("Ρlace 5", "the name 'Ρlace 5' looks like 'Place 5', which is taken at this party: "
                "pick another"),
    ("Computer 8", "the name 'Computer 8' is taken at this party: pick another"),
])
def test_a_name_that_imitates_a_computer_or_a_place_is_refused(
    client: TestClient, name: str, error: str,
) -> None:
    response = join(client, new_party(client), name)
    assert (response.status_code, response.json()) == (409, {"error": error})


def test_a_name_that_imitates_another_players_is_refused(client: TestClient) -> None:
    party = new_party(client)
    assert join(client, party, "Samuel").status_code == 201
    # a Cyrillic а
    imitation = join(client, party, "Sаmuel")
    assert (imitation.status_code, imitation.json()) == (409, {
        "error": "the name 'Sаmuel' looks like 'Samuel', which is taken at this party: "
                 "pick another"})
    same = join(client, party, "SAMUEL")
    assert (same.status_code, same.json()) == (409, {
        "error": "the name 'SAMUEL' is taken at this party: pick another"})


def test_names_in_other_scripts_that_imitate_nobody_are_welcome(client: TestClient) -> None:
    party = new_party(client)
    assert [join(client, party, name).status_code for name in
            ("Анна", "Σοφία", "Computer Club", "Sam", "Ann")] == [201] * 5


@pytest.mark.parametrize(("first", "second"), [
    ("Computer 1", "cоmputer  l"),
    ("Computer 1", "Ｃómputer I"),
    ("Pepys", "Рерys"),
    ("Olive", "0live"),
])
def test_name_key_folds_look_alikes_together(first: str, second: str) -> None:
    assert name_key(first) == name_key(second)


@pytest.mark.parametrize(("first", "second"), [("Ann", "Anna"), ("Sam", "Pam"), ("Ali", "All")])
def test_name_key_keeps_different_names_apart(first: str, second: str) -> None:
    assert name_key(first) != name_key(second)

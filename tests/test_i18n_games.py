"""The games speak Spanish: every line of a log, every prompt, every word of
a move and every refusal that a game makes in a match is recognised by the
games' catalogue and said in Spanish (parlour.i18n, the games domain)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from tests.support import GAME_NAMES, GAME_OPTION_SETS, random_action

import parlour
from parlour.engine import State
from parlour.errors import IllegalAction, ParseError
from parlour.games.patience.base import PatienceState
from parlour.i18n import Messages, translate
from parlour.i18n.extract import extract

WORD = re.compile(r"\b[a-z]{2,}\b")
"""A word in lower case: a move's text with one is a word to translate
(``pass``, ``discard 7Cr``); one without is a code (``c1 c10``, ``w2``)."""

TYPED = ("xyzzy", "", "99Zz", "play", "take 7Cr", "meld m9", "as P", "swap m1 7St", "stand up")
"""Lines a player might type that no game reads as its move."""


def _is_word(state: State, text: str) -> bool:
    """Whether the move text ``text`` has a word in it (and is not a card's
    code or name: a Decktet card is ``Ace of Knots``)."""
    try:
        state.game.deck.parse(text)
    except ParseError:
        return WORD.search(text) is not None
    return False


def _matches(name: str) -> Iterator[State]:
    """Every state of two seeded random matches of each of the option sets
    of ``name`` (the chance nodes left out)."""
    for game_name, options in GAME_OPTION_SETS:
        if game_name != name:
            continue
        game = parlour.make(game_name, **options)
        for seed in range(2):
            state = game.new_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                if not state.is_chance_node():
                    yield state
                state.apply(random_action(state, rng))
            yield state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_log_line_prompt_move_and_seat_flag_of_a_match_is_said_in_spanish(
        name: str) -> None:
    english: dict[str, set[str]] = {"log": set(), "prompt": set(), "move": set(), "flag": set(),
                                    "hint": set()}
    for state in _matches(name):
        seat = 0 if state.is_terminal() else state.current_player()
        observation = state.observation(seat)
        english["log"].update(observation["log"])
        for player in observation["players"]:
            english["flag"].update(player.get("flags", ()))
        if not state.is_terminal():
            english["prompt"].add(observation["prompt"])
            english["move"].update(text for action in state.legal_actions()
                                   if _is_word(state, text := state.action_to_str(action)))
            if isinstance(state, PatienceState):  # a patience's hint says a move in words
                english["hint"].update(state.move_sentence(action)
                                       for action in state.legal_actions())
    assert english["log"] and english["prompt"]
    untranslated = {kind: sorted(text for text in texts if translate(text, "es") == text)
                    for kind, texts in english.items()}
    assert untranslated == {"log": [], "prompt": [], "move": [], "flag": [], "hint": []}


def _refusals(name: str) -> Iterator[str]:
    """The refusals of illegal moves and of lines no game reads, at a
    sample of the states of ``name``'s matches."""
    rng = random.Random(29)
    for index, state in enumerate(_matches(name)):
        if index % 7 or state.is_terminal():
            continue
        legal = set(state.legal_actions())
        illegal = [action for action in range(state.game.num_actions) if action not in legal]
        for action in rng.sample(illegal, min(3, len(illegal))):
            with pytest.raises((IllegalAction, ParseError)) as refused:
                state.clone().apply(action)
            yield str(refused.value)
        for text in TYPED:
            try:
                action = state.parse_action(text)
            except (IllegalAction, ParseError) as error:
                yield str(error)
                continue
            if action not in legal:
                with pytest.raises((IllegalAction, ParseError)) as refused:
                    state.clone().apply(action)
                yield str(refused.value)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_refusal_of_a_move_is_said_in_spanish(name: str) -> None:
    refusals = set(_refusals(name))
    assert refusals
    assert sorted(text for text in refusals if translate(text, "es") == text) == []


def test_a_log_line_made_of_two_templates_is_said_in_spanish() -> None:
    assert translate("P0's side scores 4 for four for his heels", "es") == \
        "el bando de P0 anota 4 por cuatro por sus talones"
    assert translate("P1 lays off P#2 as 7Cr on m2", "es") == "P1 coloca P#2 como 7Cr en m2"
    assert translate("P2 loses a life: 1 left; his counter moves to the centre", "es") == \
        "P2 pierde una vida; vidas restantes: 1; su ficha pasa al centro"


def test_a_seat_name_with_words_in_it_stays_as_it_is() -> None:
    assert translate("Tom and Jerry plays 7Cr", "es") == "Tom and Jerry juega 7Cr"


def test_a_race_table_says_its_own_sentences_in_spanish() -> None:
    assert translate("the signal: play stops and the cards in hand score", "es") == \
        "la señal: el juego se detiene y las cartas en la mano puntúan"
    assert translate("Ana deals", "es") == "Ana reparte"


def test_a_field_made_from_a_template_is_said_in_the_language() -> None:
    spanish = Messages("es", {
        "{seat} scores {points} for {reason}": "{seat} anota {points} por {reason}",
        "run of {length}": "escalera de {length}",
    })
    assert spanish.translate("P1 scores 3 for run of 3") == "P1 anota 3 por escalera de 3"


@pytest.mark.parametrize(("source", "found"), [
    ("lambda event, words: (f'{words.seat(event.seat)} cuts the stock' if event.cut\n"
     "                      else f'{words.seat(event.seat)} takes the top card')",
     ["{seat} cuts the stock", "{seat} takes the top card"]),
    ("lambda event, words: f'showdown: {_pairs(event.pairs, words)}'", ["showdown: {_pairs}"]),
    ("lambda event, words: f'{words.seat(event.seat)} {words.card(event.card)}'", []),
])
def test_a_catalogue_function_says_its_whole_sentences(source: str, found: list[str]) -> None:
    import ast

    from parlour.i18n.extract import Found, _strings_of

    messages: Found = {}
    _strings_of(ast.parse(source, mode="eval").body, {}, messages, "here", set())
    assert sorted(messages) == sorted(found)


def test_the_games_domain_holds_what_players_see_beside_the_log() -> None:
    found = extract("games")
    for msgid in ("Announce capot (win every trick) or pass", "announce", "capot", "pass",
                  "discard {text}", "take {NAMES}", "French 52-card pack", "black_sevens",
                  "  draw | take                  begin your turn", "four for his heels",
                  "run of 3", "spades", "outer square", "{seat}'s side", "Up"):
        assert msgid in found, msgid

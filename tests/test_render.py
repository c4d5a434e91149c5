"""The generic terminal renderer: cards by code or label, and following the log."""

from __future__ import annotations

import doctest

from rich.console import Console

import parlour
import parlour.render
from parlour.agents import RandomAgent
from parlour.cards import DECKTET_EXTENDED, GERMAN_32, PIQUET_32
from parlour.render import Renderer, new_log_lines


def test_module_examples() -> None:
    assert doctest.testmod(parlour.render).failed == 0


def test_cards_by_code_or_label_with_suit_gaps() -> None:
    assert Renderer(PIQUET_32).cards(["KS", "J♠", "10d", "QD"]).plain == "K♠ J♠  10♦ Q♦"
    german = Renderer(GERMAN_32)
    assert german.cards(["Ober-Acorns", "7A", "Ace-Bells"]).plain == \
        "Ober-Acorns 7-Acorns  Ace-Bells"
    assert german.log_line("P1 plays Ober-Acorns").plain == "P1 plays Ober-Acorns"


def test_red_cards_are_red_and_unplayable_cards_dim() -> None:
    text = Renderer(PIQUET_32).cards(["KH", "KS"], playable=frozenset({"KH"}))
    styles = [str(span.style) for span in text.spans]
    assert styles == ["bold red", "dim"]


def test_unknown_text_is_shown_as_it_is() -> None:
    renderer = Renderer(PIQUET_32)
    assert renderer.card("pass").plain == "pass"
    assert renderer.log_line("hand 1 scored: P0 +2, P1 +0").plain == \
        "hand 1 scored: P0 +2, P1 +0"


def test_following_the_log_misses_and_repeats_nothing_over_a_match() -> None:
    """The log is a window that moves at every new hand; the lines found new
    after each move add up to exactly one line per card played and per hand."""
    state = parlour.make("polignac", target=6).new_state(seed=21)
    agent = RandomAgent(seed=2)
    seen = 0
    lines: list[str] = []
    while not state.is_terminal():
        state.apply(agent.choose(state.observation(0), state.legal_actions()))
        new, seen = new_log_lines(seen, state.observation(0))
        lines.extend(new)
    plays = [action for action in state.history if action < len(PIQUET_32)]
    assert sum(" plays " in line for line in lines) == len(plays)
    assert sum(" scored: " in line for line in lines) == len(state.hand_results())
    assert len(state.hand_results()) > 1


def test_decktet_cards_show_name_rank_and_suit_signs() -> None:
    renderer = Renderer(DECKTET_EXTENDED)
    assert renderer.cards(["The Sailor", "Ace of Knots", "huntress", "The Watchman",
                           "The Excuse"]).plain == (
        "Sailor (4 ≈❦)  ·  Ace of Knots (∞)  ·  Huntress (Crown ☾)  ·  Watchman (Pawn ☾∿∞) · "
        "Excuse"
    )
    assert renderer.log_line("P1 takes The Chance Meeting").plain == \
        "P1 takes Chance Meeting (7 ☾❦)"
    assert renderer.card("The Cave + The Market").plain == "Cave (7 ≈∿) + Market (6 ❦∞)"


def test_an_empty_pile_top_is_a_dash() -> None:
    state = parlour.make("bharg").new_state(deal={
        "dealer": 1, "hands": [
            ["The Author", "The Desert", "The Origin", "The Forest", "The Discovery",
             "The Soldier", "The Darkness"],
            ["The Huntress", "The Sea", "The Journey", "The Lunatic", "The Penitent",
             "The Castle", "The Betrayal"]],
        "discard_pile": ["The Mill"]})
    text = Console(width=200, record=True)
    text.print(Renderer(state.game.deck, you=[0]).view(state.observation(0), "Bharg"))
    lines = text.export_text().splitlines()
    assert "Top ace       —" in lines
    assert "Top discard   Mill (8 ≈❦)" in lines
    assert "Sets          Author (2 ☾∞) + Desert (2 ☼∿) + Origin (2 ≈❦) · Forest (5 ☾❦) + " \
        "Discovery (5 ☼≈) + Soldier (5 ∿∞)" in lines


def test_a_card_in_the_players_table_is_drawn_as_a_card() -> None:
    """Ranter Go Round's players carry the card a seat knows there."""
    state = parlour.make("ranter-go-round", players=3).new_state(
        seed=1, deal={"dealer": 2, "hands": [["TH"], ["KS"], ["5C"]]})
    renderer = Renderer(state.game.deck, you=[0])
    assert [renderer.cell(value).plain for value in ("TH", None, 3, "stood")] == [
        "10♥", "—", "3", "stood"]
    assert str(renderer.cell("TH").style) == "bold red"
    text = Console(width=100, record=True)
    text.print(renderer.players_table(state.observation(0)))
    rows = text.export_text().splitlines()[2:]
    assert [row.split() for row in rows] == [
        ["▶", "P0", "(you)", "1", "0", "3", "10♥", "elder"],
        ["P1", "1", "0", "3", "—"],
        ["P2", "1", "0", "3", "—", "dealer"],
    ]

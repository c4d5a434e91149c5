"""The generic terminal renderer: cards by code or label, and following the log."""

from __future__ import annotations

import doctest

from rich.console import Console

import parlour
import parlour.render
from parlour.agents import RandomAgent
from parlour.cards import DECKTET_EXTENDED, GERMAN_32, PIQUET_32, PROGRESS_DOUBLE
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


# --- Progress Rummy: melds, the declared P, the melds being built ----------------
def rummy_middle() -> parlour.State:
    """Round 2 in the middle, Ann (P0) to move: Ben's sequence with a P
    declared as 7St and Cat's group of nines on the table, 4Mo on the pile."""
    return parlour.make("progress-rummy").new_state(seed=5, deal={
        "dealer": 0, "round": 2, "to_move": 0,
        "hands": [["3Cr", "4Cr", "5Cr", "6Cr", "9Su", "9Mo", "P", "12St", "1Mo"],
                  ["7St", "2Mo", "2Su"], ["1Cr", "5Su", "10Mo", "2St"],
                  ["13Cr", "6Mo", "11Su", "3St"]],
        "melds": [{"owner": 1, "cards": ["6St", "P=7St", "8St"]},
                  {"owner": 2, "cards": ["9Cr", "9Su", "9Mo"]}],
        "down": [1, 2], "discard": ["11Cr", "4Mo"], "stock": ["10Cr"],
    })


def rummy_view(state: parlour.State, seat: int) -> list[str]:
    console = Console(width=100, record=True)
    console.print(Renderer(state.game.deck, you=[seat]).view(state.observation(seat),
                                                             state.game.title))
    return [line.rstrip() for line in console.export_text().splitlines()]


def step(state: parlour.State, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def test_rummy_table_shows_melds_with_declared_p_contract_and_who_is_down() -> None:
    state = rummy_middle()
    stock = state.observation(0)["zones"]["stock"]
    lines = rummy_view(state, 0)
    assert lines[0] == "Progress Rummy · round 2 · begin"
    assert lines[1].split() == ["player", "cards", "score"]  # "down" is a flag, not a column
    assert [line.split() for line in lines[3:7]] == [
        ["▶", "P0", "(you)", "9", "0", "dealer"],
        ["P1", "3", "0", "down"],
        ["P2", "4", "0", "down"],
        ["P3", "4", "0"],
    ]
    assert lines[7:] == [
        "Melds      m1  P1  sequence  6St P(7St) 8St",
        "           m2  P2  group     9Cr 9Su 9Mo",
        "Discard    4Mo",
        "Discards   2",
        f"Stock      {stock}",
        "Contract   two melds of at least 3",
        "Turn       Your turn: Draw from the stock or take the top discard",
        "Your hand  3Cr 4Cr 5Cr 6Cr  9Su  1Mo 9Mo  12St  P",
        "Legal      draw · take",  # no swap: she holds no 7St
    ]
    other = rummy_view(state, 1)
    assert "Turn       P0 to move: Draw from the stock or take the top discard" in other


def test_rummy_melds_being_built_show_the_p_still_to_declare_then_its_card() -> None:
    state = rummy_middle()
    step(state, "take", "meld", "3Cr", "4Cr", "5Cr", "meld", "9Su", "P")
    lines = rummy_view(state, 0)
    assert lines[0] == "Progress Rummy · round 2 · declare"
    assert "Building   [3Cr 4Cr 5Cr]  [9Su P(?) …]" in lines
    assert "Taken      4Mo" in lines
    assert "Legal      as 9Cr · as 9Su · as 9Mo · as 9St" in lines
    step(state, "as 9St", "9Mo")
    assert "Building   [3Cr 4Cr 5Cr]  [9Su P(9St) 9Mo …]" in rummy_view(state, 0)
    step(state, "done")
    lines = rummy_view(state, 0)
    assert lines[7:11] == [
        "Melds      m1  P1        sequence  6St P(7St) 8St",
        "           m2  P2        group     9Cr 9Su 9Mo",
        "           m3  P0 (you)  sequence  3Cr 4Cr 5Cr",
        "           m4  P0 (you)  group     9Su 9Mo P(9St)",
    ]
    assert not any(line.startswith("Building") for line in lines)
    assert "Legal      discard 6Cr  1Mo  12St · m3" in lines  # 4Mo was taken: not thrown back
    step(state, "m3")
    lines = rummy_view(state, 0)
    assert "           m3  P0 (you)  sequence  3Cr 4Cr 5Cr  ◀ laying off here" in lines
    assert "Legal      6Cr" in lines


def test_rummy_cards_known_in_a_hand_are_shown_by_seat_to_the_others() -> None:
    state = rummy_middle()
    assert not any(line.startswith("Known") for line in rummy_view(state, 1))
    step(state, "take")
    lines = rummy_view(state, 1)
    assert "Known      P0 4Mo" in lines
    assert "Taken      4Mo" in lines  # a card taken from the pile is public


def test_rummy_log_lines_and_copies_of_a_doubled_pack() -> None:
    renderer = Renderer(PROGRESS_DOUBLE)
    assert renderer.log_line("P1 discards 4Cr#2").plain == "P1 discards 4Cr"
    assert renderer.log_line("P0 goes out: Progress!").plain == "P0 goes out: Progress!"
    assert renderer.log_line("P1 lays the contract: m1 7Mo P=8Mo 9Mo").plain == \
        "P1 lays the contract: m1 7Mo P=8Mo 9Mo"
    assert renderer.cards(["9Su", "9Su#2"], playable=frozenset({"9Su"})).plain == "9Su 9Su"
    assert [str(span.style) for span in
            renderer.cards(["9Su", "9Su#2"], playable=frozenset({"9Su"})).spans] == ["bold"] * 2


def test_rummy_keys_that_mark_the_melds_are_not_shown_as_extras() -> None:
    """Progress Rummy declares ``target`` and ``pending`` shown inside the
    melds (``Game.keys_shown_inside``): they are no lines of their own."""
    state = rummy_middle()
    step(state, "take", "meld", "3Cr", "4Cr", "5Cr", "meld", "9Su", "P")
    assert state.observation(0)["pending"] is True
    step(state, "as 9St", "9Mo", "done", "m3")
    assert state.observation(0)["target"] == "m3"
    assert state.game.keys_shown_inside == frozenset({"pending", "target"})
    lines = rummy_view(state, 0)
    assert not any(line.startswith(("Target", "Pending")) for line in lines)

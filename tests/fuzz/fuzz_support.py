"""Strategies and checks shared by the fuzz tests: the settings profile,
reachable positions of every game, arbitrary text and near misses of
real text, JSON-like values, a valid fixed deal of every game, and a
command line run with its documented outcome checked."""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

import parlour
from parlour.cli import USAGE_ERROR, main
from parlour.engine import State
from support import GAME_NAMES, GAME_OPTION_SETS, random_action

PROFILE = os.environ.get("PARLOUR_FUZZ_PROFILE", "parlour-fuzz")
"""The hypothesis profile of ``conftest.py`` that the fuzz tests run under."""


def fuzz_settings(scale: float = 1.0) -> settings:
    """The profile's settings with ``scale`` times its number of examples."""
    profile = settings.get_profile(PROFILE)
    return settings(profile, max_examples=max(1, round(profile.max_examples * scale)))


OPTION_SETS: dict[str, list[dict[str, object]]] = {
    name: [options for game, options in GAME_OPTION_SETS if game == name] for name in GAME_NAMES
}
"""Every game's option sets of ``support.GAME_OPTION_SETS``, by name."""

# --- text ---------------------------------------------------------------------------

ODD_CHARACTERS = (
    "♠♥♦♣♤♡♢♧☾☼≈❦∿∞#=-–—_.,;:/\\'\"()[]{}<>?!*+|~`@$%^&"
    "\u00a0\u2003\u3000\u200b\ufeff\u0301\u0130\u0131\u00df\ufb00"
    "٣７²¹½ⅫＰ\x00\x7f\ud800"
)
"""Characters that break naive parsers: suit and Decktet signs, punctuation,
odd spaces, a combining accent, letters whose case mapping changes their
length (İ ß ﬀ), digits and numerals that ``str.isdigit`` or
``str.isnumeric`` accept and ``int`` may not (٣ ７ ² ¹ ½ Ⅻ), NUL, DEL and a
lone surrogate."""

ODD_NUMBERS = ["0", "00", "-1", "²", "¹²", "٣", "７", "1" * 5000]
"""What a near miss puts in place of a number: zeros, a sign, digits that
``int`` refuses or reads, and more digits than ``int`` reads."""

ARGUMENT_NAMES = ["self", "name", "cards", "ace_top", "options", "seed", "deal"]
"""Option names that are also the names of arguments of the functions that
options are passed to as keywords, where they would clash."""

SPACES = " \t\n\r\x0b\x0c\u00a0\u2003\u3000"
"""Whitespace that ``str.split`` and ``str.strip`` take away, ASCII and not."""


def arbitrary_text(max_size: int = 40) -> st.SearchStrategy[str]:
    """Any text, weighted towards the characters of card codes and calls."""
    card_like = st.text(
        alphabet=st.sampled_from("0123456789AKQJTUOPSCHDLBMWcrsumot #=" + ODD_CHARACTERS),
        max_size=max_size,
    )
    return st.one_of(st.text(max_size=max_size), card_like)


def near_misses(text: str) -> st.SearchStrategy[str]:
    """Texts one small slip away from ``text``: its case changed, spaces
    around or inside it, an odd character put in or swapped for one of
    its own, a truncation, a doubling, or an odd number for its first."""
    length = len(text)
    character = st.sampled_from(ODD_CHARACTERS + SPACES) | st.characters()
    position = st.integers(min_value=0, max_value=length)
    return st.one_of(
        st.sampled_from([text.upper(), text.lower(), text.swapcase(), text.title(),
                         text.casefold()]),
        st.builds(lambda before, after: before + text + after,
                  st.text(alphabet=SPACES, max_size=3), st.text(alphabet=SPACES, max_size=3)),
        st.builds(lambda index, inserted: text[:index] + inserted + text[index:],
                  position, character),
        st.builds(lambda index, replacement: text[:index] + replacement + text[index + 1:],
                  position, character),
        position.map(lambda index: text[:index]),
        position.map(lambda index: text[index:]),
        st.sampled_from([text + text, f"{text} {text}", f"{text},{text}"]),
        st.sampled_from(ODD_NUMBERS).map(
            lambda number: re.sub(r"[0-9]+", number, text, count=1) if re.search(
                "[0-9]", text) else text + number),
    )


def texts_near(candidates: list[str]) -> st.SearchStrategy[str]:
    """A near miss of one of ``candidates`` (or, now and then, the text itself)."""
    chosen = st.sampled_from(candidates)
    return st.one_of(chosen, chosen.flatmap(near_misses),
                     chosen.flatmap(near_misses).flatmap(near_misses))


# --- JSON-like values ------------------------------------------------------------------

JSON_SCALARS: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-3, max_value=60),
    st.floats(allow_nan=False),
    st.text(max_size=12),
)


def json_values(max_leaves: int = 10) -> st.SearchStrategy[Any]:
    """Values that JSON text can hold: null, booleans, numbers, strings,
    lists and objects with string keys."""
    return st.recursive(
        JSON_SCALARS,
        lambda children: st.lists(children, max_size=5)
        | st.dictionaries(st.text(max_size=8), children, max_size=5),
        max_leaves=max_leaves,
    )


# --- positions ------------------------------------------------------------------------


def reach(name: str, options: dict[str, object], seed: int, steps: int,
          explicit_chance: bool) -> State:
    """The position after up to ``steps`` random legal actions of a seeded match."""
    state = parlour.make(name, **options).new_state(seed=seed, explicit_chance=explicit_chance)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    return state


def positions(name: str, max_steps: int = 250) -> st.SearchStrategy[State]:
    """Positions of game ``name`` reachable by random legal play, at any of
    its option sets, with chance resolved by the seed or explicit."""
    return st.builds(
        reach,
        st.just(name),
        st.sampled_from(OPTION_SETS[name]),
        st.integers(min_value=0, max_value=2**32),
        st.integers(min_value=0, max_value=max_steps),
        st.booleans(),
    )


def action_texts(state: State) -> list[str]:
    """The canonical text, at ``state``, of every action id of its game
    that has one there, the legal ones first."""
    legal = state.legal_actions()
    texts = [state.action_to_str(action) for action in legal]
    for action in range(state.game.num_actions):
        try:
            texts.append(state.action_to_str(action))
        except parlour.ParlourError:
            continue
    return texts


# --- fixed deals ----------------------------------------------------------------------


def _hands(state: State) -> list[list[str]]:
    deck = state.game.deck
    locations = state.card_locations()
    return [deck.codes(locations[f"hand {seat}"]) for seat in range(state.game.num_players)]


def _codes_of(state: State, zone: str) -> list[str]:
    return state.game.deck.codes(state.card_locations()[zone])


def _trick_deal(state: State) -> dict[str, Any]:
    return {"dealer": state.dealer, "hands": _hands(state)}


def _knaves_deal(state: State) -> dict[str, Any]:
    return {**_trick_deal(state), "turnup": _codes_of(state, "out of play")[0]}


def _costly_colours_deal(state: State) -> dict[str, Any]:
    return {**_trick_deal(state), "turnup": _codes_of(state, "turn-up")[0]}


def _progress_rummy_deal(state: State) -> dict[str, Any]:
    return {**_trick_deal(state), "discard": _codes_of(state, "discard")}


def _ranter_deal(state: State, rng: random.Random) -> dict[str, Any]:
    """A card of the game's pack (the whole French pack, or Tiny Ranter Go
    Round's short one) for each seat."""
    cards = [state.game.deck[card].code for card in state.game.pack_cards]  # type: ignore[attr-defined]
    rng.shuffle(cards)
    return {"dealer": 0, "hands": [[code] for code in cards[:state.game.num_players]]}


def _patience_cards(state: State, rng: random.Random) -> list[str]:
    deck = state.game.deck
    cards = [deck[card].code for card in state.game.deal_cards]
    rng.shuffle(cards)
    return cards


def _piles(cards: list[str], count: int, depth: int) -> list[list[str]]:
    return [cards[index * depth:(index + 1) * depth] for index in range(count)]


def _golf_deal(state: State, rng: random.Random) -> dict[str, Any]:
    cards = _patience_cards(state, rng)
    return {"columns": _piles(cards, 7, 5), "stock": cards[35:]}


def _bakers_dozen_deal(state: State, rng: random.Random) -> dict[str, Any]:
    return {"columns": _piles(_patience_cards(state, rng), 13, 4)}


def _clock_deal(state: State, rng: random.Random) -> dict[str, Any]:
    return {"piles": _piles(_patience_cards(state, rng), 13, 4)}


def _calculation_deal(state: State, rng: random.Random) -> dict[str, Any]:
    return {"stock": _patience_cards(state, rng)}


def _dealt(deal: Callable[[State], dict[str, Any]]) -> Callable[[State, random.Random],
                                                               dict[str, Any]]:
    return lambda state, rng: deal(state)


DEAL_BUILDERS: dict[str, Callable[[State, random.Random], dict[str, Any]]] = {
    "bakers-dozen": _bakers_dozen_deal,
    "bassadewitz": _dealt(_trick_deal),
    "bharg": _dealt(_trick_deal),
    "calculation": _calculation_deal,
    "clock": _clock_deal,
    "costly-colours": _dealt(_costly_colours_deal),
    "eichelobern": _dealt(_trick_deal),
    "golf": _golf_deal,
    "grasobern": _dealt(_trick_deal),
    "knaves": _dealt(_knaves_deal),
    "polignac": _dealt(_trick_deal),
    "progress": _dealt(_trick_deal),
    "progress-rummy": _dealt(_progress_rummy_deal),
    "ranter-go-round": _ranter_deal,
    "slobberhannes": _dealt(_trick_deal),
    "tiny-polignac": _dealt(_trick_deal),
    "tiny-ranter-go-round": _ranter_deal,
}
"""Per game, a valid fixed deal built from the first hand of a seeded
match (Ranter Go Round, whose first hand may already be over, and the
patiences: the cards shuffled again)."""


def valid_deal(name: str, options: dict[str, object], seed: int) -> dict[str, Any]:
    """A fixed deal that game ``name`` at ``options`` accepts."""
    state = parlour.make(name, **options).new_state(seed=seed)
    return DEAL_BUILDERS[name](state, random.Random(seed))


def check_conservation(state: State) -> None:
    """Every card of the deck in exactly one zone."""
    deck = state.game.deck
    union = 0
    for zone, mask in state.card_locations().items():
        assert union & mask == 0, f"{zone} shares {deck.codes(union & mask)} with another zone"
        union |= mask
    assert union == deck.full_mask, f"missing {deck.codes(deck.full_mask & ~union)}"


# --- the command line -------------------------------------------------------------


@dataclass
class Run:
    """What one command line did."""

    status: int
    out: str
    err: str


def _stream(data: bytes, errors: str) -> io.TextIOWrapper:
    """A UTF-8 text stream over ``data`` as a UTF-8 locale opens the
    standard streams: strict, except standard error's ``backslashreplace``."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors)


def run(argv: list[str], stdin: str | bytes) -> Run:
    """``parlour *argv`` with ``stdin`` typed at the terminal (text, or bytes
    that need not be UTF-8)."""
    typed = stdin if isinstance(stdin, bytes) else stdin.encode("utf-8", "surrogatepass")
    out, err = _stream(b"", "strict"), _stream(b"", "backslashreplace")
    saved_stdin = sys.stdin
    sys.stdin = _stream(typed, "strict")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        sys.stdin = saved_stdin
    out.flush()
    err.flush()
    return Run(status, out.buffer.getvalue().decode("utf-8"),  # type: ignore[attr-defined]
               err.buffer.getvalue().decode("utf-8"))  # type: ignore[attr-defined]


def check(argv: list[str], stdin: str | bytes = "") -> Run:
    """Run ``argv`` and check the documented outcome of any command line."""
    result = run(argv, stdin)
    assert result.status in (0, 1, USAGE_ERROR), result
    assert "Traceback" not in result.err, result.err
    if result.status == USAGE_ERROR:
        assert result.err.startswith("error: "), result.err
        assert result.err.endswith("\n") and result.err.count("\n") == 1, result.err
    return result

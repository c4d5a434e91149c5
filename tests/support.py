"""Helpers shared by the registry-wide tests (conformance, records, hidden
information): option sets built from each game's schema, random play and
state snapshots for comparing two states."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import parlour
from parlour.agents.base import RandomAgent
from parlour.agents.heuristic import HeuristicAgent
from parlour.engine import Game, State, game_class
from parlour.engine.invariants import seats, snapshot  # noqa: F401  (for the tests)
from parlour.errors import OptionError

GAME_NAMES: list[str] = sorted(parlour.games())

FAST_OPTIONS: dict[str, dict[str, object]] = {
    "polignac": {"target": 8},
    "progress": {"target": 10},  # usually one hand, sometimes two
    # five rounds always; random players rarely go out, so a round ends by
    # the turn limit (the worked examples and the invariant test cover
    # going out and the empty stock)
    "progress-rummy": {"max_turns": 6},
}
"""Per game, options that make a match end within a few hands. For a game
not listed, every integer option with a minimum (a target, a number of
rounds) is cut to a third of its default."""

CROSS_PLAYER_COUNTS: dict[str, list[int]] = {"ranter-go-round": [2, 5], "progress-rummy": [3]}
"""Per game, the table sizes at which every value of every choice option is
tried, instead of the extremes of the players option: Ranter Go Round's
26 seats cost too much to try with every option (its larger tables are in
``EXTRA_OPTION_SETS``); Progress Rummy's choices do not depend on the
table size (its stock is large at any size), so one odd size crosses them
(2 and 8 players are tried on their own)."""

EXTRA_OPTION_SETS: dict[str, list[dict[str, object]]] = {
    "bassadewitz": [{"ace_value": 5, "trick_bonus": 1}],
    "progress": [{"players": 6, "large_table": "two_decks", "direction_lock": True}],
    "progress-rummy": [{"players": 8, "direction": "anticlockwise"}],
    "bharg": [
        {"players": 3, "excuse": True},
        {"players": 3, "pawns": True},
        {"players": 3, "courts": True},
        {"excuse": True, "pawns": True, "courts": True},
        {"players": 3, "excuse": True, "pawns": True, "courts": True,
         "stock_exhaustion": "void_round"},
    ],
    "costly-colours": [
        {"heels_claim": True, "mog_order": "cotton"},
        {"players": 4, "heels_claim": True, "four_hand_mog": "elder_side_only"},
        {"colour_scale": "cotton", "mog_order": "cotton", "runs_in_play": False,
         "pairs_in_play": False},
    ],
    "knaves": [
        {"turned_jack": "no_trumps", "no_trumps_on_repeat": True, "all_jacks_bonus": True},
        {"hand_size": 13, "turned_jack": "to_last_trick", "no_trumps_on_repeat": True,
         "all_jacks_bonus": True},
    ],
    "grasobern": [
        {"players": 3, "contracts": True, "grasober_forced_discard": False},
        {"players": 6, "contracts": True, "grasober_value": 1},
    ],
    "polignac": [
        {"players": 3, "pack": 52, "pack_reduction": "dealer_discard"},
        {"players": 5, "pack": 52, "pack_reduction": "red_sevens", "ace_high": True},
        {"players": 7, "pack": 52, "pack_reduction": "dealer_discard", "direction": "right"},
        {"players": 7, "pack_reduction": "dealer_discard", "direction": "right",
         "capot_bidder_leads": True},
        {"players": 8, "pack": 52, "direction": "right", "capot_fail": "jacks_normal"},
    ],
    "ranter-go-round": [
        {"players": 5, "lives": 3},
        {"players": 5, "preset": "hoffmann_1891", "lives": 4},
        {"players": 12, "lives": 2, "announce_low_cards": "both", "final_tie": "playoff"},
        {"players": 12, "preset": "cassell_1881"},
        {"players": 12, "king_rule": "stops_play", "dealer_cuts_king": "keep_original"},
        {"players": 26, "king_rule": "stops_hand", "final_tie": "cut"},
        {"players": 5, "lives": 2, "ante": 3},
        {"players": 2, "ante": 2, "final_tie": "carry_over"},
    ],
}
"""Per game, option sets that the schema-built spread misses: combinations
that matter only together (Progress's direction lock needs two packs;
Polignac's 52-card pack with its reductions, 7-8 players and play to the
right), and
Ranter Go Round's larger tables and the morris board's preset with the four
lives it needs (the fast base has one life)."""


def _freeze(options: dict[str, object]) -> tuple[tuple[str, object], ...]:
    return tuple(sorted(options.items()))


def option_sets(name: str) -> list[dict[str, object]]:
    """A spread of option sets for game ``name``, built from its schema.

    The fast base, then one change at a time: every value of every choice
    option, the other value of every flag, every integer option at its
    minimum; every player count (every count of an integer range of up to
    nine, else its extremes); and every value of every other choice option
    at every player count of a choice (the extremes of a range, or the
    game's ``CROSS_PLAYER_COUNTS``), since pack reductions and the like
    depend on the table size.
    """
    cls = game_class(name)
    schema = cls.schema
    base = FAST_OPTIONS.get(name)
    if base is None:
        base = {
            option.name: max(option.minimum, int(option.default) // 3)
            for option in schema
            if option.kind == "integer" and option.minimum is not None
            and option.name != "players"
        }
    base = dict(base)
    sets: list[dict[str, object]] = [base]
    player_counts: list[object] = []
    for option in schema:
        if option.name == "players":
            if option.kind == "choice":
                player_counts = list(option.choices)
            else:
                player_counts = [cls.min_players, cls.max_players]
            continue
        if option.kind in ("choice", "flag"):
            sets.extend({**base, option.name: value} for value in option.choices)
        elif option.minimum is not None:
            sets.append({**base, option.name: option.minimum})
    every_count = player_counts
    player_counts = CROSS_PLAYER_COUNTS.get(name, player_counts)
    if cls.max_players - cls.min_players < 8:
        # a small integer range (Progress's 2-8): every table size once
        every_count = list(range(cls.min_players, cls.max_players + 1))
    sets.extend({**base, "players": count} for count in every_count)
    for option in schema:
        if option.name != "players" and option.kind == "choice":
            sets.extend(
                {**base, "players": count, option.name: value}
                for count in player_counts
                for value in option.choices
            )
    sets.extend({**base, **extra} for extra in EXTRA_OPTION_SETS.get(name, []))
    unique: dict[tuple[tuple[str, object], ...], dict[str, object]] = {}
    for options in sets:
        try:
            resolved = cls(**options).options
        except OptionError:
            continue  # a combination the rules forbid (go_plus_31 with four hands)
        unique.setdefault(_freeze(dict(resolved)), options)
    return list(unique.values())


def option_id(options: dict[str, object]) -> str:
    return ",".join(f"{key}={value}" for key, value in sorted(options.items())) or "defaults"


GAME_OPTION_SETS: list[tuple[str, dict[str, object]]] = [
    (name, options) for name in GAME_NAMES for options in option_sets(name)
]
GAME_OPTION_IDS: list[str] = [f"{name}[{option_id(options)}]" for name, options in
                              GAME_OPTION_SETS]


def make(name: str, options: dict[str, object]) -> Game:
    return parlour.make(name, **options)


def random_action(state: State, rng: random.Random) -> int:
    """A random legal action; at a chance node, an outcome by its probability."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        actions = [action for action, _ in outcomes]
        weights = [probability for _, probability in outcomes]
        return rng.choices(actions, weights)[0]
    return rng.choice(state.legal_actions())


def play_out(state: State, rng: random.Random, max_steps: int = 20_000) -> State:
    """Play random legal actions until the match ends."""
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        state.apply(random_action(state, rng))
    raise AssertionError(f"the match did not end within {max_steps} actions")


def as_json(value: Any) -> Any:
    """``value`` after a trip through JSON text."""
    return json.loads(json.dumps(value))


def heuristic_match(name: str, options: dict[str, Any], seed: int,
               heuristic_seats: set[int] | None = None) -> tuple[list[int], list[float]]:
    """A match with the heuristic player in ``heuristic_seats`` (default
    all) and random players elsewhere; every move is checked against the
    legal actions. Returns the actions and the returns."""
    game = parlour.make(name, **options)
    chosen = set(range(game.num_players)) if heuristic_seats is None else heuristic_seats
    agents = [
        HeuristicAgent(seed * 10 + seat) if seat in chosen else RandomAgent(seed * 10 + seat)
        for seat in range(game.num_players)
    ]
    state = game.new_state(seed=seed)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = agents[seat].choose(state.observation(seat), legal)
        assert action in legal, f"{name} {options}: {action} not in {legal}"
        state.apply(action)
    return list(state.history), state.returns()


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
"""The runnable example scripts (``examples/``)."""


def example_lines_twice(script: str, *arguments: str) -> list[str]:
    """The output lines of ``examples/<script>`` run with ``arguments``, the
    same on a second run (a seeded example is deterministic)."""
    command = [sys.executable, str(EXAMPLES / script), *arguments]
    first, second = (
        subprocess.run(command, capture_output=True, text=True, timeout=120, check=True).stdout
        for _ in range(2)
    )
    assert first == second
    return first.splitlines()


def first_legal_moves(final: Any, seat: int) -> int:
    """How many moves ``seat`` made in the match of the replayed state
    ``final``, each checked to be the first legal move it was offered (a
    first-legal player's, never a fallback's)."""
    state = final.game.new_state(seed=final.seed)
    moves = 0
    for action in final.history:
        if state.current_player() == seat:
            assert action == state.legal_actions()[0]
            moves += 1
        state.apply(action)
    return moves

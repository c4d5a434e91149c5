"""No observation of a seat reveals another seat's hidden cards (STYLE.md,
"Hidden information"), and re-dealing the cards a seat cannot see changes
nothing it is shown (issue #14), over every registered game and option set."""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import State
from parlour.cards import DECKS, Deck
from parlour.errors import IllegalAction, ParseError
from support import GAME_OPTION_IDS, GAME_OPTION_SETS, make, random_action, seats

_SEPARATORS = re.compile(r"[\s,;:()\[\]{}<>|/=]+")
_DECLARED = re.compile(r"(?:=|\bas\s)\s*[^\s,;()\[\]]+")
"""A declared identity (Progress Rummy's ``P=7St``, ``as 7St``): it names the
card that a Progress card stands for, not where a card is."""
_LONGEST_NAME = 4  # words in the longest card name ("The Chance Meeting", "7 of Suns #2")


@functools.lru_cache(maxsize=200_000)
def cards_in_text(deck_name: str, text: str) -> frozenset[int]:
    """The ids of the cards that ``text`` names anywhere, in any spelling the
    deck accepts (codes, symbols, long names of up to four words)."""
    deck = DECKS[deck_name]
    found: set[int] = set()
    words = [word for word in _SEPARATORS.split(_DECLARED.sub(" ", text)) if word]
    start = 0
    while start < len(words):
        step = 1
        for length in range(min(_LONGEST_NAME, len(words) - start), 0, -1):
            try:
                found.add(deck.parse(" ".join(words[start:start + length])).id)
            except ParseError:
                continue
            step = length  # the longest name wins: "7 of Suns #2" is not 7Su
            break
        start += step
    return frozenset(found)


def strings_in(value: Any) -> list[str]:
    """Every string of a JSON value, keys included, but for declared
    identities (the values of ``"as"`` keys)."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            found.extend(item)
            # "as": a Progress card's declared identity (see _DECLARED)
            stack.extend(value for key, value in item.items() if key != "as")
        elif isinstance(item, list):
            stack.extend(item)
    return found


def mentioned_cards(
    deck: Deck, value: Any, skip: frozenset[str] = frozenset(),
    history: frozenset[str] | set[str] = frozenset(),
) -> int:
    """Bitset of every card that a JSON value mentions, leaving out the
    top-level keys ``skip`` and the strings in ``history``."""
    if isinstance(value, dict):
        value = {key: item for key, item in value.items() if key not in skip}
    mask = 0
    for text in strings_in(value):
        if text not in history:
            for card in cards_in_text(deck.name, text):
                mask |= 1 << card
    return mask


def test_the_card_finder_finds_cards() -> None:
    piquet, german, progress = DECKS["piquet32"], DECKS["german32"], DECKS["progress106"]
    observation = {"log": ["P1 plays J♠", "P2 plays 10d"], "hand": ["QH"], "x": {"KC": 1},
                   "seat": 0}
    assert piquet.codes(mentioned_cards(piquet, observation)) == ["JS", "QH", "TD", "KC"]
    assert piquet.codes(mentioned_cards(piquet, observation, frozenset({"log"}))) == [
        "QH", "KC",
    ]
    assert german.codes(mentioned_cards(german, ["P0 leads Ober of Acorns, wins"])) == ["OA"]
    assert progress.codes(mentioned_cards(progress, "P3 plays 7 of Suns #2")) == ["7Su#2"]
    assert mentioned_cards(piquet, ["P0 deals hand 1", "P2 wins trick 3", 7, None]) == 0
    # a declared identity names no card's place
    assert progress.codes(mentioned_cards(progress, {"log": ["P1 melds m1 6St P=7St 8St#2"],
                                                     "legal": ["as 9Mo"], "m": {"as": "5Cr"}})) \
        == ["6St", "P", "8St#2"]
    assert piquet.codes(mentioned_cards(piquet, observation, history={"P1 plays J♠"})) == [
        "QH", "TD", "KC",
    ]


def static_keys(name: str, options: dict[str, object]) -> frozenset[str]:
    return _static_keys(name, json.dumps(options, sort_keys=True))


@functools.cache
def _static_keys(name: str, options_json: str) -> frozenset[str]:
    """Top-level observation keys whose value is the same in every deal
    (rules data such as Polignac's list of penalty cards); a value that does
    not depend on the deal cannot reveal where a card is.

    Every seventh state and the end of at least four matches are sampled;
    short matches (Ranter Go Round with one life: a state or two each, and
    none before the end when Kings stop every hand) are played until there
    are :data:`STATIC_SAMPLES` samples, so that a key is not taken for
    static only for want of them."""
    game = make(name, json.loads(options_json))
    values: dict[str, set[str]] = {}
    samples = 0
    seed = 0
    while seed < 4 or (samples < STATIC_SAMPLES and seed < 50 * STATIC_SAMPLES):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for step in range(0, 10_000):
            if step % 7 == 0 or state.is_terminal():
                samples += 1
                for key, value in state.observation(seed % game.num_players).items():
                    values.setdefault(key, set()).add(json.dumps(value, sort_keys=True))
            if state.is_terminal():
                break
            state.apply(random_action(state, rng))
        seed += 1
    return frozenset(key for key, seen in values.items() if len(seen) == 1)


STATIC_SAMPLES = 40


def hidden_from(state: State, seat: int) -> int:
    """Cards that ``seat`` may not see now: the other seats' hands, any
    face-down discard of another seat, and every card in a location named
    ``face down ...`` (a patience's stock), except the cards it put there
    itself (``known_elsewhere``: a card given in an exchange)."""
    locations = state.card_locations()
    hidden = 0
    for other in seats(state):
        if other != seat:
            hidden |= locations[f"hand {other}"]
    for zone, mask in locations.items():
        if zone.startswith("face down"):
            hidden |= mask
    return (hidden | face_down_discards(state, seat)) & ~state.known_elsewhere(seat)


def face_down_discards(state: State, seat: int) -> int:
    """Polignac's dealer_discard: the two cards the dealer laid away; only the
    dealer knows them."""
    discards = int(getattr(state, "discards", 0))
    if not discards:
        return 0
    game = state.game
    out_of_play = state.card_locations()["out of play"]
    assert discards & ~out_of_play == 0, "the discards are not out of play"
    assert discards == out_of_play & game.in_play  # type: ignore[attr-defined]
    dealer = state.observation(seat)["dealer"]
    return 0 if seat == dealer else discards


def walk(
    name: str, options: dict[str, object], seed: int
) -> Iterator[tuple[State, list[set[str]]]]:
    """The states of a random match, each with, per seat, the strings that
    seat saw in earlier hands.

    A new hand redeals cards that the log and the last trick of the hand
    before still name ("P2 plays 9S"): old public history, not a leak. Such
    strings are exempt; every string new in this hand is checked. The play
    that ends a hand is public too, so strings at that step naming only the
    card played are history as well, and so are the log lines before
    ``hand_log_start`` (where a game gives it: the lines of the hand just
    finished, such as Costly Colours' shows).
    """
    state = make(name, options).new_state(seed=seed)
    rng = random.Random(f"hidden:{seed}")
    n = state.game.num_players
    deck = state.game.deck
    earlier: list[set[str]] = [set() for _ in range(n)]
    this_hand: list[set[str]] = [set() for _ in range(n)]
    hands = 0
    while True:
        if len(state.hand_results()) != hands:
            hands = len(state.hand_results())
            # a hand may end before any decision (Ranter Go Round's Kings);
            # with two packs the action names both copies of its card
            last = same_card(deck, state.history[-1]) if state.history else 0
            for seat in range(n):
                earlier[seat] |= this_hand[seat]
                this_hand[seat] = set()
                observation = state.observation(seat)
                # the finished hand's own lines (a show that lays hands face
                # up) are public history once the next hand begins
                earlier[seat].update(observation["log"][:observation.get("hand_log_start", 0)])
                for text in strings_in(observation):
                    named = mentioned_cards(deck, text)
                    if named and named & ~last == 0:
                        earlier[seat].add(text)
        yield state, earlier
        for seat in range(n):
            this_hand[seat].update(strings_in(state.observation(seat)))
        if state.is_terminal():
            return
        state.apply(random_action(state, rng))


def same_card(deck: Deck, action: int) -> int:
    """The cards that a card action may name: the card of that id and, in a
    two-pack deck, its other copy (``8Cr#2``)."""
    if not 0 <= action < len(deck):
        return 1 << action
    code = deck.cards[action].code.split("#")[0]
    mask = 0
    for card in deck.cards:
        if card.code.split("#")[0] == code:
            mask |= 1 << card.id
    return mask


def leaks(state: State, seat: int, skip: frozenset[str], history: set[str]) -> list[str]:
    deck = state.game.deck
    observation = state.observation(seat)
    seen = mentioned_cards(deck, observation, skip, history)
    return deck.codes(seen & hidden_from(state, seat))


over_games = pytest.mark.parametrize(("name", "options"), GAME_OPTION_SETS,
                                     ids=GAME_OPTION_IDS)

@over_games
def test_no_observation_shows_another_seats_hidden_cards(
    name: str, options: dict[str, object]
) -> None:
    skip = static_keys(name, options)
    checked = 0
    for state, history in walk(name, options, seed=0):
        for seat in seats(state):
            assert leaks(state, seat, skip, history[seat]) == [], (
                f"seat {seat} sees hidden cards at action {len(state.history)}"
            )
            checked += 1
    assert checked > 0


@over_games
def test_a_spectator_sees_no_hidden_card(name: str, options: dict[str, object]) -> None:
    """``public_observation()`` names no card of any hand and no face-down
    discard (strings every seat saw in earlier hands are public history)."""
    skip = static_keys(name, options)
    checked = 0
    for state, history in walk(name, options, seed=1):
        public = state.public_observation()
        assert public["seat"] is None and public["hand"] == [] and public["legal"] == []
        hidden = 0
        for seat in seats(state):
            hidden |= hidden_from(state, seat)
        seen = mentioned_cards(state.game.deck, public, skip, set.intersection(*history))
        assert state.game.deck.codes(seen & hidden) == [], (
            f"a spectator sees hidden cards at action {len(state.history)}"
        )
        checked += 1
    assert checked > 0


@over_games
def test_static_keys_hold_no_deal_information(name: str, options: dict[str, object]) -> None:
    skip = static_keys(name, options)
    game = make(name, options)
    # a patience's player holds no hand: "hand" is always empty there
    assert {"zones", "log", "legal", "players"}.isdisjoint(skip)
    assert "hand" not in skip or game.num_players == 1
    first, second = game.new_state(seed=100), game.new_state(seed=101)
    for key in skip:
        other_seat = 1 % game.num_players
        assert first.observation(0).get(key) == second.observation(other_seat).get(key), key


@pytest.mark.parametrize("players", [3, 5, 6])
def test_dealer_discards_are_seen_by_the_dealer_only(players: int) -> None:
    options: dict[str, object] = {
        "players": players, "pack_reduction": "dealer_discard", "target": 8,
    }
    deck = parlour.make("polignac", **options).deck
    skip = static_keys("polignac", options)
    assert skip >= {"penalty_cards"}
    discard_steps = 0
    for seed in range(3):
        for state, history in walk("polignac", options, seed):
            discards = int(getattr(state, "discards", 0))
            if not discards:
                continue
            discard_steps += 1
            dealer = state.observation(0)["dealer"]
            for seat in seats(state):
                seen = mentioned_cards(deck, state.observation(seat), skip, history[seat])
                if seat == dealer:
                    everything = mentioned_cards(deck, state.observation(seat), skip)
                    assert everything & discards == discards, "the dealer sees the discards"
                    assert deck.mask(state.observation(seat)["discards"]) == discards
                else:
                    assert seen & discards == 0, (
                        f"seat {seat} sees the discards {deck.codes(seen & discards)}"
                    )
                    assert "discards" not in state.observation(seat)
    assert discard_steps > 0


REDEALS = 3
"""Re-deals of the hidden cards tried per seat and position."""

POSITIONS = 12
"""Positions of each random match checked (spread over the match, its end included)."""


def spread_positions(name: str, options: dict[str, object], seeds: range) -> list[State]:
    """Up to :data:`POSITIONS` positions of each seeded random match, spread
    from its start to its end."""
    positions: list[State] = []
    for seed in seeds:
        state = make(name, options).new_state(seed=seed)
        rng = random.Random(f"positions:{seed}")
        match = [state.clone()]
        while not state.is_terminal():
            state.apply(random_action(state, rng))
            match.append(state.clone())
        step = max(1, len(match) // (POSITIONS - 1))
        positions.extend(match[::step][:POSITIONS - 1])
        positions.append(match[-1])
    return positions


def redeal_breaches(state: State, seat: int, rng: random.Random) -> tuple[list[str], int]:
    """What of ``seat``'s view changes when the cards it cannot see are
    re-dealt consistently with what it knows (``determinize``), over
    :data:`REDEALS` re-deals: its observation, its tensor and, when it is
    to move, the legal actions. Also how many re-deals moved a card (a
    card location, or the order of a pile such as a stock), so that the
    check is known not to be vacuous."""
    observation = state.observation(seat)
    tensor = state.observation_tensor(seat)
    to_move = state.current_player() == seat
    legal = state.legal_actions() if to_move else []
    fields = {key: value for key, value in vars(state).items() if key != "seed"}
    breaches: list[str] = []
    moved = 0
    for _ in range(REDEALS):
        other = state.determinize(seat, rng)
        moved += {key: value for key, value in vars(other).items() if key != "seed"} != fields
        if other.observation(seat) != observation:
            breaches.append("observation")
        if not np.array_equal(other.observation_tensor(seat), tensor):
            breaches.append("tensor")
        if to_move and other.legal_actions() != legal:
            breaches.append("legal actions")
    return breaches, moved


@over_games
def test_a_redeal_leaves_what_a_seat_knows_unchanged(
    name: str, options: dict[str, object]
) -> None:
    """Issue #14's information-hygiene test: permuting the hidden cards
    consistently with what a seat knows leaves that seat's observation,
    tensor and (when it is to move) legal actions unchanged, at positions
    spread over two random matches, for every seat, over several re-deals."""
    rng = random.Random(2)
    hidden_positions = moved = 0
    for state in spread_positions(name, options, range(1, 3)):
        for seat in seats(state):
            breaches, redeals_that_moved = redeal_breaches(state, seat, rng)
            assert breaches == [], (
                f"re-dealing what seat {seat} cannot see changed its {', '.join(breaches)} "
                f"at action {len(state.history)}")
            hidden_positions += hidden_from(state, seat) != 0
            moved += redeals_that_moved
    # Baker's Dozen hides nothing; everywhere else some re-deal moves a card
    assert (moved > 0) == (hidden_positions > 0)


def test_the_redeal_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tensor, an observation or legal actions that read another seat's
    hand are caught."""
    state = make("polignac", {}).new_state(seed=5)
    seat = state.current_player()
    cls = type(state)
    tensor, observation, legal = cls.observation_tensor, cls.observation, cls.legal_actions

    def leaking_tensor(self: Any, viewer: int) -> Any:
        values = tensor(self, viewer)
        values[0] = self.hands[(viewer + 1) % self.game.n] & 1
        return values

    def leaking_observation(self: Any, viewer: int) -> Any:
        return {**observation(self, viewer), "next hand": self.hands[(viewer + 1) % 4]}

    def leaking_legal(self: Any) -> list[int]:
        return legal(self)[:1 + self.hands[(self.to_move + 1) % 4] % 3]

    for attribute, leak, breach in [("observation_tensor", leaking_tensor, "tensor"),
                                    ("observation", leaking_observation, "observation"),
                                    ("legal_actions", leaking_legal, "legal actions")]:
        with monkeypatch.context() as patch:
            patch.setattr(cls, attribute, leak)
            caught = [redeal_breaches(state, seat, random.Random(seed))[0]
                      for seed in range(10)]
        assert any(breach in breaches for breaches in caught), attribute


LINE_FIRSTS = 5
"""First actions tried per position for the lines of several moves."""

LINE_SECONDS = 5
"""Second actions tried after each first one."""

def typed_lines(state: State, rng: random.Random) -> list[str]:
    """Lines of two or more moves that the player to move could type: a few
    of the legal actions' texts, each followed by ``zzz``, by every card
    of the pack and by a few of the texts legal after it (those alone and
    with ``zzz`` after them). A line read on past a draw would tell the
    card drawn by which of them it refuses."""
    codes = sorted({card.code.split("#")[0] for card in state.game.deck.cards})
    legal = state.legal_actions()
    lines: list[str] = []
    for first in rng.sample(legal, min(LINE_FIRSTS, len(legal))):
        text = state.action_to_str(first)
        lines += [f"{text} zzz", *(f"{text} {code}" for code in codes)]
        after = state.clone()
        after.apply(first)
        if after.is_terminal() or after.is_chance_node():
            continue
        following = after.legal_actions()
        for second in rng.sample(following, min(LINE_SECONDS, len(following))):
            both = f"{text} {after.action_to_str(second)}"
            lines += [both, f"{both} zzz"]
    return lines


def line_answer(state: State, line: str) -> str:
    """The engine's answer to a typed line: the actions, or the refusal."""
    try:
        return repr(state.parse_actions(line))
    except (IllegalAction, ParseError) as error:
        return f"{type(error).__name__}: {error}"


def line_breaches(state: State, rng: random.Random) -> tuple[list[str], int]:
    """The typed lines (:func:`typed_lines`) that get another answer once
    the cards the mover cannot see are re-dealt (``determinize``, over
    :data:`REDEALS` re-deals), and how many lines were checked."""
    mover = state.current_player()
    copies = [state.determinize(mover, rng) for _ in range(REDEALS)]
    breaches: list[str] = []
    lines = typed_lines(state, rng)
    for line in lines:
        answer = line_answer(state, line)
        breaches += [f"{line!r}: {answer!r} / {other!r}" for other in
                     (line_answer(copy, line) for copy in copies) if other != answer]
    return breaches, len(lines)


@over_games
def test_a_line_of_moves_gets_one_answer_whatever_the_hidden_cards(
    name: str, options: dict[str, object]
) -> None:
    """Issue 27: every line of two or more moves that the player to move
    could type gets the same answer, the same actions or the same
    refusal, on the real state and on re-deals of the cards he cannot
    see, at positions spread over a random match. Were it otherwise,
    refused lines would tell a hidden card (``draw <card> zzz`` in
    Progress Rummy told the top of the stock)."""
    rng = random.Random(6)
    checked = 0
    for state in spread_positions(name, options, range(3, 5)):
        if state.is_terminal() or state.is_chance_node():
            continue
        breaches, lines = line_breaches(state, rng)
        assert breaches == [], (
            f"typed lines answered by hidden cards at action {len(state.history)}: "
            + "; ".join(breaches[:3]))
        checked += lines
    assert checked > 0


@pytest.mark.parametrize("name", sorted(parlour.games()))
def test_a_game_that_reads_several_actions_a_line_says_where_a_line_ends(name: str) -> None:
    """A game that reads one action a line keeps the default (every action
    ends a line); one that reads several (Progress Rummy) names the
    actions after which its lines stop (``State.why_a_line_ends_at``)."""
    state = make(name, {}).new_state(seed=0)
    cls = type(state)
    if cls.parse_actions is State.parse_actions:
        assert {state.why_a_line_ends_at(action) for action in state.legal_actions()} == {
            "each move is sent on its own in this game"}
    else:
        assert cls.why_a_line_ends_at is not State.why_a_line_ends_at


def test_the_line_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line read on past a draw (Progress Rummy before issue 27) is caught."""
    state = make("progress-rummy", {}).new_state(seed=5)
    assert state.action_to_str(state.legal_actions()[0]) == "draw"
    monkeypatch.setattr(type(state), "why_a_line_ends_at", lambda self, action: None)
    breaches, _ = line_breaches(state, random.Random(1))
    assert any(breach.startswith("'draw ") for breach in breaches)


@pytest.mark.parametrize("name", ["golf", "calculation", "clock"])
def test_a_redealt_patience_is_the_game_of_its_own_deal_order(name: str) -> None:
    """A patience re-dealt for its player keeps no trace of the real deal:
    its deal order, laid out again and followed by the moves made, gives
    the re-dealt state; the order is not the real one."""
    game = make(name, {})
    differs = 0
    for seed in range(8):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):
            if not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
        redealt: Any = state.determinize(0, random.Random(seed))
        replayed = game.new_state(seed=0, explicit_chance=True)
        for action in [*redealt.order, *state.history]:
            replayed.apply(action)
        assert replayed.card_locations() == redealt.card_locations()
        assert replayed.observation(0) == state.observation(0)
        differs += redealt.order != state.order  # type: ignore[attr-defined]
    assert differs > 0


def test_a_patience_redealt_while_dealing_forgets_the_cards_dealt() -> None:
    """During an explicit deal the player has seen no card: the re-dealt
    state has dealt as many cards, not necessarily the same ones."""
    state = make("golf", {}).new_state(seed=3, explicit_chance=True)
    for _ in range(20):
        state.apply(state.chance_outcomes()[0][0])
    redealt: Any = state.determinize(0, random.Random(1))
    assert len(redealt.order) == 20 and len(set(redealt.order)) == 20
    assert redealt.order != state.order  # type: ignore[attr-defined]
    assert redealt.observation(0) == state.observation(0)


@over_games
def test_redealt_states_leak_nothing_either(name: str, options: dict[str, object]) -> None:
    skip = static_keys(name, options)
    rng = random.Random(4)
    for step, (state, history) in enumerate(walk(name, options, seed=2)):
        if step % 5:
            continue
        for seat in seats(state):
            other = state.determinize(seat, rng)
            for viewer in seats(other):
                assert leaks(other, viewer, skip, history[viewer]) == [], (
                    f"after re-dealing for seat {seat}, seat {viewer} sees hidden cards "
                    f"at action {len(state.history)}"
                )


def test_the_hidden_check_can_fail() -> None:
    """A leak planted in an observation is caught: the walk is not vacuous."""
    state = parlour.make("polignac").new_state(seed=5)
    hidden = hidden_from(state, 0)
    assert hidden.bit_count() == 24
    planted = {**state.observation(0), "log": [f"P1 holds {state.game.deck.codes(hidden)[0]}"]}
    assert mentioned_cards(state.game.deck, planted) & hidden


def test_knaves_cards_under_the_turnup_stay_hidden_from_the_tensor() -> None:
    """With 13-card hands the 12 cards under the turn-up are out of play
    but never seen: the tensor's public out-of-play block holds only the
    turn-up, and determinize re-deals the 12 with the other hands."""
    game = make("knaves", {"hand_size": 13})
    state = game.new_state(seed=4)
    size = len(game.deck)
    for seat in range(3):
        public_out = state.observation_tensor(seat)[size:2 * size]
        assert [int(card) for card in public_out.nonzero()[0]] == [state.turnup]
    redealt = state.determinize(0, random.Random(1))
    assert redealt.card_locations()["out of play"] != state.card_locations()["out of play"]
    assert redealt.turnup == state.turnup


def test_determinize_does_not_carry_the_real_future_deals() -> None:
    """Later hands are dealt from the seed, so a determinized state gets a
    fresh one: a search cannot see the next hand's real cards."""
    state = make("polignac", {"target": 50}).new_state(seed=9)
    rng = random.Random(5)
    redealt = state.determinize(1, rng)
    assert redealt.seed != state.seed
    for copy in (state, redealt):
        while len(copy.hand_results()) < 1:
            copy.apply(copy.legal_actions()[0])
    assert state.observation(1)["hand"] != redealt.observation(1)["hand"]


def test_players_show_the_suits_they_are_known_to_lack() -> None:
    """Failing to follow suit is public: the observation lists the suit."""
    game = make("polignac", {})
    state = game.new_state(deal={"dealer": 0, "hands": [
        "KS JS 9S KH QH 8H AC TC", "8S TH 9H AD 9D 8D 7D JC",
        "QS AS 7S AH KC QC 9C 8C", "TS JH 7H KD QD JD TD 7C"]})
    for text in ["pass"] * 4 + ["JC", "9C", "7C", "AC", "7D", "KC"]:
        state.apply_text(text)
    voids = [player["void"] for player in state.public_observation()["players"]]
    assert voids == [[], [], ["Diamonds"], []]
    assert state.observation(0)["zones"]["played"] == ["JC", "AC", "9C", "7C"]

"""Helpers that every game module shares: seat names, action ids given as
other integer types, the zero-sum returns and places of a match, the
header of a fixed deal, and :class:`MatchState`, the contract's plumbing
for a match kept as a phase number, on the card-match core."""

from __future__ import annotations

import operator
from abc import abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.engine.game import CHANCE_PLAYER, TERMINAL_PLAYER, Deal, Game, Observation
from parlour.engine.match import MatchEvents, Words, ZonedState, cards_of, parse_card_list
from parlour.engine.shuffle import shuffled
from parlour.errors import IllegalAction, ParseError


def as_action(action: object) -> int:
    """An action id given as another integer type (NumPy's, say)."""
    if isinstance(action, bool):
        raise IllegalAction(f"an action is an integer id, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalAction(f"an action is an integer id, not {action!r}") from None


def seat_name(seat: int) -> str:
    """The neutral name of a seat in logs and messages."""
    return f"P{seat}"


def share_returns(winners: Collection[int], n: int) -> list[float]:
    """Zero-sum returns: every other seat pays 1, the winners share it
    equally (all zero when nobody or everybody wins)."""
    if not winners or len(winners) == n:
        return [0.0] * n
    share = (n - len(winners)) / len(winners)
    return [share if seat in winners else -1.0 for seat in range(n)]


def finishing_places(totals: Sequence[int], lowest_first: bool) -> list[int]:
    """Each seat's place (1 = best); equal totals share a place."""
    ordered = sorted(totals) if lowest_first else sorted(totals, reverse=True)
    return [ordered.index(total) + 1 for total in totals]


def mask_bits(masks: Sequence[int], width: int) -> npt.NDArray[np.uint8]:
    """The bits of ``masks`` end to end, ``width`` bits each, lowest first:
    the card blocks of an observation tensor.

    >>> mask_bits([0b01, 0b10], 2).tolist()
    [1, 0, 0, 1]
    """
    packed = 0
    for index, mask in enumerate(masks):
        packed |= mask << (index * width)
    size = width * len(masks)
    raw = packed.to_bytes((size + 7) // 8, "little")
    return np.unpackbits(np.frombuffer(raw, dtype=np.uint8), count=size, bitorder="little")


def fixed_deal_header(
    deal: Mapping[str, Any], game: str, n: int, allowed: Collection[str], default_dealer: int
) -> tuple[int, list[int] | None]:
    """The dealer and the match scores (``None``: not given) of a fixed
    deal, after checking that it names only the ``allowed`` keys; a bad
    key, dealer or score list raises :class:`~parlour.errors.ParseError`."""
    unknown = sorted(set(deal) - set(allowed))
    if unknown:
        raise ParseError(
            f"unknown deal key {unknown[0]!r}; a {game} deal has {', '.join(sorted(allowed))}"
        )
    dealer = deal.get("dealer", default_dealer)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ParseError(f"the dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    scores = deal.get("scores")
    if scores is None:
        return dealer, None
    if not isinstance(scores, list) or len(scores) != n or not all(
        isinstance(score, int) and not isinstance(score, bool) for score in scores
    ):
        raise ParseError(f"the deal's scores must be a list of {n} integers")
    return dealer, list(scores)


class DealReader:
    """A fixed deal (``new_state(deal=...)``) read once for every game: the
    keys it may have, the dealer and the scores, the card lists and seats
    it names, every card placed at most once, and the rest of the pack in
    an order drawn from the seed. What else a game's deal holds (lives, a
    cut) the game reads from :attr:`deal`.

    ``read`` turns a value of the deal into card ids (default: card codes,
    a list or one string, read by the game's pack); ``same`` gives the ids
    a code may stand for in a pack of two copies (the first free one is
    placed). A bad deal raises :class:`~parlour.errors.ParseError` saying
    what is wrong and where.

    >>> from parlour import make
    >>> reader = DealReader(make("knaves"), {"hands": [["AS"], ["KS"], ["QS"]]}, {"hands"}, 0)
    >>> reader.hands(1)
    [[12], [11], [10]]
    >>> reader.place(["KS"], "the stock")
    Traceback (most recent call last):
    ...
    parlour.errors.ParseError: KS is dealt twice (the stock)
    """

    def __init__(self, game: Game, deal: Mapping[str, Any], keys: Collection[str],
                 default_dealer: int, *, read: Callable[[object, str], list[int]] | None = None,
                 same: Callable[[int], int] | None = None) -> None:
        self.game = game
        self.deal = deal
        self.n = game.num_players
        self.dealer, self.scores = fixed_deal_header(
            deal, game.name, self.n, {"dealer", "scores", *keys}, default_dealer)
        self.taken = 0
        """The ids of the cards placed so far."""
        self._read = read
        self._same = same

    def __contains__(self, key: str) -> bool:
        return key in self.deal

    def place(self, value: object, where: str) -> list[int]:
        """The card ids of ``value`` (a list of cards of the deal, found at
        ``where``), each placed once."""
        if self._read is None:
            cards, self.taken = parse_card_list(self.game.deck, value, where, self.taken,
                                                self._same)
            return cards
        cards = self._read(value, where)
        for card in cards:
            if self.taken >> card & 1:
                raise ParseError(f"{self.game.deck.cards[card].code} is dealt twice ({where})")
            self.taken |= 1 << card
        return cards

    def cards(self, key: str, where: str) -> list[int]:
        """The cards of the list ``key`` (none if the deal has no such key)."""
        return self.place(self.deal.get(key, []), where)

    def card(self, key: str, where: str) -> int | None:
        """The one card named by ``key`` (``None`` if the deal has no such key)."""
        value = self.deal.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise ParseError(f"'{key}' must be one card code")
        return self.place([value], where)[0]

    def hands(self, size: int | Callable[[int], int] | None,
              what: str = "one list of card codes") -> list[list[int]]:
        """The ``hands`` of the deal, a list of ``what`` for each seat, each
        of ``size`` cards (a number, a number per seat, or ``None``: any)."""
        hands = self.deal.get("hands")
        if not isinstance(hands, list) or len(hands) != self.n:
            raise ParseError(f"a deal needs 'hands': {what} for each of {self.n} seats")
        result = []
        for seat, hand in enumerate(hands):
            cards = self.place(hand, f"the hand of {seat_name(seat)}")
            wanted = size(seat) if callable(size) else size
            if wanted is not None and len(cards) != wanted:
                raise ParseError(f"{seat_name(seat)} must hold {wanted} "
                                 f"{'card' if wanted == 1 else 'cards'}, not {len(cards)}")
            result.append(cards)
        return result

    def seat(self, key: str, default: int) -> int:
        """The seat named by ``key`` (``default`` if the deal has no such key)."""
        value = self.deal.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.n:
            raise ParseError(f"{key} must be a seat from 0 to {self.n - 1}, not {value!r}")
        return value

    def rest(self, cards: Sequence[int], *key: object) -> list[int]:
        """The ``cards`` not placed, in the order that :func:`shuffled` draws
        from ``key`` (the game's tag and the seed)."""
        return [card for card in shuffled(cards, *key) if not self.taken >> card & 1]


class MatchState(MatchEvents, ZonedState):
    """A match on the card-match core (:mod:`parlour.engine.match`): the
    contract's plumbing for a match kept as an integer ``phase`` (whose turn
    it is, the end, scores, hand results, the two kinds of observation),
    zones, typed events, and the observation's frame written once.

    A game's state names its chance phases and its final phase, declares
    :attr:`zones`, :attr:`catalogue`, :attr:`phase_names`, :attr:`prompts`,
    :attr:`lowest_wins` and :attr:`copied_fields`, keeps ``hand_index`` (the
    hand being played, from 0; a round or a deal is a hand here) and
    ``dealer``, and builds its observation in :meth:`_observation`, most
    with :meth:`_frame`.
    """

    phase: int
    to_move: int
    undealt: int
    """The cards not yet dealt (explicit chance deals them one by one)."""
    totals: list[int]
    results: list[list[int]]
    over_phase: ClassVar[int]
    chance_phases: ClassVar[frozenset[int]]
    copied_fields: ClassVar[tuple[str, ...]]
    """The mutable fields (lists, sets, dicts) that :meth:`clone` copies;
    every other field is shared or immutable."""

    phase_moves: ClassVar[Mapping[int, Callable[[Any, int], None]]]
    """What a legal action does in each phase that is not the end: one
    handler per phase (the state, the action id), called by :meth:`apply`;
    a game whose hot path cannot afford the call writes its own ``apply``."""

    def apply(self, action: int) -> None:
        if action.__class__ is not int:
            action = as_action(action)
        if not self._is_legal(action):
            raise IllegalAction(self._refusal(action))
        self.phase_moves[self.phase](self, action)
        self.history.append(action)

    def _is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (a game may answer faster than
        :meth:`legal_actions`)."""
        return self.phase != self.over_phase and action in self.legal_actions()

    def _refusal(self, action: int) -> str:
        """Why ``action`` is not legal now: the match is over, there is no
        such action, or the game's reason (:meth:`_why_not_outcome` in a
        chance phase, else :meth:`_why_not`)."""
        if self.phase == self.over_phase:
            return "the match is over"
        last = self.game.num_actions - 1
        if not 0 <= action <= last:
            return f"there is no action {action}; actions are 0 to {last}"
        if self.phase in self.chance_phases:
            return self._why_not_outcome(action)
        return self._why_not(action)

    def _why_not_outcome(self, action: int) -> str:
        """Why ``action`` (an id in range) cannot be the chance outcome now."""
        return f"{self.action_to_str(action)!r} is not a possible outcome here"

    def _why_not(self, action: int) -> str:
        """Why ``action`` (an id in range) is not a legal move now, in the
        player's words."""
        return f"{self.action_to_str(action)!r} is not a legal move now"

    def current_player(self) -> int:
        phase = self.phase
        if phase == self.over_phase:
            return TERMINAL_PLAYER
        if phase in self.chance_phases:
            return CHANCE_PLAYER
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == self.over_phase

    def scores(self) -> list[int]:
        return list(self.totals)

    def hand_results(self) -> list[list[int]]:
        return [list(deltas) for deltas in self.results]

    def observation(self, seat: int) -> Observation:
        self.check_seat(seat)
        return self._observation(seat)

    def public_observation(self) -> Observation:
        return self._observation(None)

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that won the match (read once it is over)."""

    def returns(self) -> list[float]:
        if self.phase != self.over_phase:
            return [0.0] * self.game.num_players
        return share_returns(self.winners(), self.game.num_players)

    def clone(self) -> Self:
        other = object.__new__(type(self))
        fields = other.__dict__
        fields.update(self.__dict__)
        for name in self.copied_fields:
            fields[name] = getattr(self, name).copy()
        return other

    @abstractmethod
    def _observation(self, seat: int | None) -> Observation:
        """The observation of ``seat``, or a spectator's for ``None``."""

    def cut_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes of cutting for the first deal: each seat deals
        with equal probability."""
        n = self.game.num_players
        return [(seat, 1.0 / n) for seat in range(n)]


    hand_index: int
    dealer: int
    phase_names: ClassVar[Sequence[str]]
    lowest_wins: ClassVar[bool]
    """Whether the lowest total is the best place."""

    def _begin_match(self, game: Game, seed: int, deal: Deal | None,
                     explicit_chance: bool) -> None:
        """The fields every match starts with: its game, seed, deal and
        chance mode, no history, zero totals, no finished hand, no events,
        the first hand and seat 0 dealing (until the cut says otherwise)."""
        self.game = game
        self.seed = seed
        self.deal = deal
        self.explicit_chance = explicit_chance
        self.history = []
        self.totals = [0] * game.num_players
        self.results = []
        self._begin_events()
        self.hand_index = 0
        self.dealer = 0

    cut_phase: ClassVar[int | None] = None
    """The chance phase in which the first dealer is chosen with explicit
    chance (``None``: the rules name the first dealer, and the first hand
    is dealt at once)."""

    def _start_match(self, deal: Deal | None) -> None:
        """Start the match one of its three ways: from a fixed ``deal``
        (:meth:`_start_fixed_hand`), with explicit chance (the first dealer
        and every card dealt are chance events, from :attr:`cut_phase`), or
        from the seed (:meth:`_choose_first_dealer`, then
        :meth:`_start_hand`)."""
        if deal is not None:
            self._start_fixed_hand(deal)
        elif self.explicit_chance and self.cut_phase is not None:
            self.phase = self.cut_phase
            self.undealt = self.game.deck.full_mask
        else:
            if not self.explicit_chance:
                self._choose_first_dealer()
            self._start_hand()

    def _start_fixed_hand(self, deal: Deal) -> None:
        """Start the first hand from a fixed ``deal`` (checked: a bad one
        raises :class:`~parlour.errors.ParseError`)."""
        raise ParseError(f"{self.game.title} takes no fixed deal")

    def _choose_first_dealer(self) -> None:
        """Choose the first dealer from the seed, as the rules say (a cut)."""

    @abstractmethod
    def _start_hand(self) -> None:
        """Deal the next hand (with explicit chance, get ready to deal it
        card by card)."""

    def _words(self) -> Words:
        return Words([seat_name(seat) for seat in range(self.game.num_players)],
                     [card.code for card in self.game.deck.cards])

    def _player(self, seat: int) -> dict[str, Any]:
        """The public entry of ``seat`` in the observation's ``players``."""
        held = 0
        for zone in self.zones:
            if zone.name == "hand" and zone.per_seat:
                held = cards_of(getattr(self, zone.field)[seat], zone.form)
        return {
            "seat": seat, "name": seat_name(seat), "cards": held.bit_count(),
            "score": self.totals[seat], "dealer": seat == self.dealer,
            "flags": ["dealer"] if seat == self.dealer else [],
        }

    def _legal_card(self, action: int) -> str | None:
        """The code of the card ``action`` plays (``None``: not a card)."""
        return None

    def _legal(self, seat: int | None) -> list[dict[str, Any]]:
        """The legal actions of ``seat`` if it is to move (else none), each
        with its id, its text and the card it plays."""
        if seat is None or seat != self.current_player():
            return []
        return [{"id": action, "text": self.action_to_str(action),
                 "card": self._legal_card(action)} for action in self.legal_actions()]

    prompts: ClassVar[Mapping[str, str]]
    """What the player to move decides, in the player's words: one sentence
    for each key that :meth:`_prompt_key` gives (a phase's name, or a finer
    key where one phase holds several decisions). Each game keeps its table
    beside its phase names, in one place, as it keeps its catalogue."""

    def _prompt_key(self, seat: int | None) -> str:
        """The key of :attr:`prompts` for the decision now, as ``seat`` (the
        observer, ``None``: a spectator) may know it: the phase's name, or a
        finer key where one phase holds several decisions. A key that
        depends on the mover's hidden cards (he can only say go) is for his
        own observation only: the others read the phase's sentence."""
        return self.phase_names[self.phase]

    def _prompt(self, seat: int | None) -> str | None:
        """The observation's ``prompt`` for ``seat``: what the player to move
        decides now (``None`` while chance acts and once the match is over)."""
        if self.current_player() < 0:
            return None
        return self.prompts[self._prompt_key(seat)]

    def _frame(self, seat: int | None, hand: list[str], zones: dict[str, Any],
               legal: list[dict[str, Any]] | None = None) -> Observation:
        """The keys every observation has (``parlour.engine.observation``)
        and the standing of the match, for ``seat`` (``None``: a
        spectator) holding ``hand``; a game adds its own keys to it."""
        game = self.game
        over = self.phase == self.over_phase
        return {
            "game": game.name,
            "seat": seat,
            "players": [self._player(other) for other in range(game.num_players)],
            "hand": hand,
            "zones": zones,
            "phase": self.phase_names[self.phase],
            "to_move": self.current_player(),
            "prompt": self._prompt(seat),
            "legal": self._legal(seat) if legal is None else legal,
            "log": self.public_log(),
            "log_start": self.log_start,
            "hand_results": self.hand_results(),
            "hand_number": self.hand_index + 1,
            "dealer": self.dealer,
            "places": finishing_places(self.totals, self.lowest_wins) if over else None,
            "options": dict(game.options),
        }

"""Helpers that every game module shares: seat names, action ids given as
other integer types, the zero-sum returns and places of a match, the
header of a fixed deal, and :class:`MatchState`, the contract's plumbing
for a match kept as a phase number, on the card-match core."""

from __future__ import annotations

import operator
from abc import abstractmethod
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.engine.game import CHANCE_PLAYER, TERMINAL_PLAYER, Deal, Game, Observation
from parlour.engine.match import MatchEvents, Words, ZonedState, cards_of
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


class MatchState(MatchEvents, ZonedState):
    """A match on the card-match core (:mod:`parlour.engine.match`): the
    contract's plumbing for a match kept as an integer ``phase`` (whose turn
    it is, the end, scores, hand results, the two kinds of observation),
    zones, typed events, and the observation's frame written once.

    A game's state names its chance phases and its final phase, declares
    :attr:`zones`, :attr:`catalogue`, :attr:`phase_names`,
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
            "legal": self._legal(seat) if legal is None else legal,
            "log": self.public_log(),
            "log_start": self.log_start,
            "hand_results": self.hand_results(),
            "hand_number": self.hand_index + 1,
            "dealer": self.dealer,
            "places": finishing_places(self.totals, self.lowest_wins) if over else None,
            "options": dict(game.options),
        }

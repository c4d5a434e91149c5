"""What the four patiences share: one player, one deal, the Progress pack.

A patience is a one-seat game (seat 0) with a single hand: it is won or
lost, and its score (the game's own count, see each game) is the only hand
result. :meth:`PatienceState.returns` is ``[1.0]`` for a win and ``[0.0]``
for a loss, so the mean return of many games is the share won.

The deal is one shuffle of the cards in play (:attr:`PatienceGame.deal_cards`):
each game lays them out from that order (its docstring says how). With
``explicit_chance`` every card of the order is a chance action (its card
id, ``deal 7Su``), in order; otherwise the seed's shuffle fixes it. Cards
that the rules keep face down (a stock, the piles of Clock) are in zones
whose names begin ``face down``: no observation names them, and
:meth:`PatienceState.determinize` shuffles them among themselves.

The log tells the deal (:class:`~parlour.engine.match.Dealt`), each move
(each game's events, and :class:`Onto` here) and the end (:class:`Won`,
:class:`Lost`), in the words of each game's catalogue (:data:`SENTENCES`
are the ones they share).

Action ids: each game's moves are numbered from 0; the ids up to 52 are
also the chance outcomes (the card dealt), so every game's action space
is at least 53 long.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import PROGRESS_53, Deck, bits_of
from parlour.engine.game import Deal, Game, Observation
from parlour.engine.match import Dealt, GameEvent, Seen, Sentence, Words, Zone
from parlour.engine.options import Option
from parlour.engine.tensors import TensorBlock
from parlour.errors import IllegalAction, ParseError
from parlour.games.common import MatchState, as_action, seat_name

PHASE_DEAL = 0
PHASE_PLAY = 1
PHASE_OVER = 2
PHASE_NAMES = ("deal", "play", "over")
PROMPTS = {"play": "Move a card"}
"""What the player decides (:attr:`MatchState.prompts`); a patience whose
play is another decision has its own table."""

P_CARD = 52
CARDS = 53
"""Card ids of the Progress pack: ``sign * 13 + number - 1``, P is 52."""

EXCLUDED_ONLY = Option.choice(
    "progress_card", ("excluded",), "excluded",
    "P takes no part in this patience (only Golf may deal it in)")
"""The ``progress_card`` option of the patiences that refuse P (§5: an
``OptionError`` names the one value allowed)."""


@dataclass(frozen=True, slots=True)
class Onto(GameEvent):
    """``card`` went onto ``top`` (Golf's pile, a column of Baker's Dozen)."""

    card: int
    top: int


@dataclass(frozen=True, slots=True)
class Won(GameEvent):
    """The game was won, scoring ``score``."""

    score: int


@dataclass(frozen=True, slots=True)
class Lost(GameEvent):
    """The game was lost, scoring ``score``."""

    score: int


SENTENCES: dict[type[GameEvent], Sentence] = {
    Onto: "{card} onto {top}",
    Won: "won (score {score})",
    Lost: "lost (score {score})",
}
"""The sentences every patience's catalogue has (each adds its deal and moves)."""

WORDS = Words([seat_name(0)], PROGRESS_53.codes(PROGRESS_53.full_mask))
"""How a patience's log names its player and cards."""


def number_of(card: int) -> int:
    """The number (1-13) of a numbered card."""
    return card % 13 + 1


def code_of(card: int) -> str:
    """The short code of a card (``7Su``, ``P``)."""
    return PROGRESS_53.cards[card].code


def codes_of(cards: Sequence[int]) -> list[str]:
    """The codes of ``cards``, in their order."""
    return [PROGRESS_53.cards[card].code for card in cards]


def parse_card(text: str, where: str) -> int:
    """The id of one card code read from a fixed deal's ``where``."""
    if not isinstance(text, str):
        raise ParseError(f"{where}: a card is a code such as 7Su, not {text!r}")
    return PROGRESS_53.parse(text).id


def parse_cards(value: object, where: str, size: int | None = None) -> list[int]:
    """A list of card codes of a fixed deal, as ids (``size``: its length)."""
    if not isinstance(value, list):
        raise ParseError(f"{where} must be a list of card codes, not {value!r}")
    if size is not None and len(value) != size:
        raise ParseError(f"{where} must hold {size} cards, not {len(value)}")
    return [parse_card(text, where) for text in value]


def parse_piles(value: object, where: str, piles: int, size: int | None) -> list[list[int]]:
    """A list of ``piles`` lists of card codes (each ``size`` long when given)."""
    if not isinstance(value, list) or len(value) != piles:
        raise ParseError(f"{where} must be a list of {piles} lists of card codes")
    return [parse_cards(pile, f"{where} {index + 1}", size) for index, pile in enumerate(value)]


def dealt_piles(order: Sequence[int], piles: int, depth: int) -> list[list[int]]:
    """The first ``piles * depth`` cards of ``order`` dealt a row at a time
    into ``piles`` piles (card ``i`` to pile ``i mod piles``), each pile
    first dealt first.

    >>> dealt_piles([0, 1, 2, 3, 4, 5, 6], 3, 2)
    [[0, 3], [1, 4], [2, 5]]
    """
    return [list(order[pile:piles * depth:piles]) for pile in range(piles)]


def deal_order(piles: Sequence[Sequence[int]]) -> list[int]:
    """The order that :func:`dealt_piles` lays out as ``piles`` (all of one depth).

    >>> deal_order([[0, 3], [1, 4], [2, 5]])
    [0, 1, 2, 3, 4, 5]
    """
    count = len(piles)
    return [piles[index % count][index // count] for index in range(count * len(piles[0]))]


class PatienceGame(Game):
    """A one-player patience on the Progress pack (see the module docstring)."""

    min_players = 1
    max_players = 1
    deck: Deck = PROGRESS_53
    deal_keys: ClassVar[tuple[str, ...]]
    """The keys of a fixed deal (``new_state(deal=...)``)."""
    move_actions: ClassVar[int]
    """How many move ids the game has (before the chance outcomes)."""
    action_help: ClassVar[str]
    """How a player types a move (for the error of a text that names none)."""
    state_class: ClassVar[type[PatienceState]]
    """The game's state."""

    @property
    def deal_cards(self) -> tuple[int, ...]:
        """The cards shuffled into the deal, by id (the 52 numbered cards
        unless the game puts P in play)."""
        return tuple(range(52))

    set_out: ClassVar[tuple[int, ...]] = ()
    """Cards that the rules lay out before the shuffle (Calculation's bases)."""

    @property
    def num_actions(self) -> int:
        return max(self.move_actions, CARDS)

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        """The phase, then the game's own blocks (:meth:`feature_blocks`),
        all zero while the cards are being dealt."""
        return (TensorBlock.choice("phase", PHASE_NAMES, "the phase"), *self.feature_blocks())

    @abstractmethod
    def feature_blocks(self) -> tuple[TensorBlock, ...]:
        """The layout of the game's own features (``PatienceState._features``)."""

    def max_hand_decisions(self) -> int:
        """Every card moves at most twice (Calculation: onto a waste pile
        and then a foundation); Clock and Golf move each card once."""
        return 2 * len(self.deck)

    def max_match_decisions(self) -> int:
        """A patience is one hand."""
        return self.max_hand_decisions()

    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> PatienceState:
        return self.state_class(self, seed, deal, explicit_chance)

    @abstractmethod
    def order_from_deal(self, deal: Mapping[str, Any]) -> list[int]:
        """The deal order that lays out the fixed ``deal`` (checked: the
        keys, and every card in play exactly once)."""

    def check_order(self, order: list[int]) -> list[int]:
        """``order`` if it holds every card in play exactly once."""
        wanted = self.deal_cards
        seen: set[int] = set()
        for card in order:
            if card in seen:
                raise ParseError(f"{code_of(card)} is dealt twice")
            if card not in wanted:
                raise ParseError(f"{code_of(card)} is not in play in {self.title}")
            seen.add(card)
        missing = [card for card in wanted if card not in seen]
        if missing:
            raise ParseError(f"the deal leaves out {', '.join(codes_of(missing))}")
        return order

    def check_deal_keys(self, deal: Mapping[str, Any]) -> None:
        """:class:`ParseError` for a key this game's deals do not have, or a missing one."""
        unknown = sorted(set(deal) - set(self.deal_keys))
        if unknown:
            raise ParseError(f"unknown deal key {unknown[0]!r}; a {self.name} deal has "
                             f"{', '.join(self.deal_keys)}")
        for key in self.deal_keys:
            if key not in deal:
                raise ParseError(f"a {self.name} deal needs {key!r}")


class PatienceState(MatchState):
    """One game of a patience (see the module docstring).

    A game's :attr:`zones` are these two and its layout's; a zone "per
    seat" is one per numbered pile, named from 1 as the player counts
    (``column 1``). While the cards are dealt one by one (explicit chance)
    they are only the cards dealt and the ones to come."""

    game: PatienceGame
    zones: ClassVar[tuple[Zone, ...]] = (
        Zone("hand 0", "hand", Seen.EVERYONE),
        Zone("out of play", "out_of_play", Seen.NOBODY),
    )
    hand: ClassVar[int] = 0
    """The player holds no cards: they are all laid out."""
    phase_names = PHASE_NAMES
    prompts: ClassVar[Mapping[str, str]] = PROMPTS
    over_phase: ClassVar[int] = PHASE_OVER
    chance_phases: ClassVar[frozenset[int]] = frozenset({PHASE_DEAL})
    copied_fields: ClassVar[tuple[str, ...]] = ("history", "totals", "results", "events",
                                                "order")

    def __init__(self, game: PatienceGame, seed: int, deal: Deal | None,
                 explicit_chance: bool) -> None:
        self._begin_match(game, seed, deal, explicit_chance)
        self.to_move = 0
        self.won = False
        self.moves = 0
        self._legal_at = -1
        self._legal_cache: list[int] = []
        self.order: list[int] = []
        self.phase = PHASE_DEAL
        self._start_match(deal)

    def _start_fixed_hand(self, deal: Deal) -> None:
        if not isinstance(deal, Mapping):
            raise ParseError(f"a deal is a mapping of keys to cards, not {deal!r}")
        self.order = self.game.check_order(self.game.order_from_deal(deal))
        self._start()

    def _start_hand(self) -> None:
        """Shuffle the pack and lay it out (with explicit chance its cards
        come one by one as chance events)."""
        if self.explicit_chance:
            return
        self.order = list(self.game.deal_cards)
        random.Random(self.seed).shuffle(self.order)
        self._start()

    # --- the layout -------------------------------------------------------
    def _start(self) -> None:
        self.phase = PHASE_PLAY
        self._lay_out()
        self.events.append(Dealt(0, 1))
        self._check_end()

    @abstractmethod
    def _lay_out(self) -> None:
        """Set out the cards of :attr:`order` as the rules deal them."""

    @abstractmethod
    def _moves(self) -> list[int]:
        """The legal move ids now (sorted; empty when none is left)."""

    @abstractmethod
    def _move(self, action: int) -> None:
        """Play the legal move ``action``."""

    @abstractmethod
    def _why_not(self, action: int) -> str:
        """Why ``action`` (not legal now) is refused, in a player's words."""

    @abstractmethod
    def _outcome(self) -> tuple[bool, int] | None:
        """``(won, score)`` once the game is over, else ``None``."""

    @abstractmethod
    def move_text(self, action: int) -> str:
        """The canonical text of the move ``action``."""

    @abstractmethod
    def move_sentence(self, action: int) -> str:
        """What the move ``action``, legal now, does, as an instruction to
        the player (``Move 1Su from column 2 to the Sun foundation``): a
        hint in words."""

    @abstractmethod
    def parse_move(self, key: str) -> int | None:
        """The move that the normalized text ``key`` names (``None``: none)."""

    @abstractmethod
    def _zones(self) -> dict[str, Any]:
        """The layout as the player sees it (face-down cards as counts)."""

    @abstractmethod
    def _face_down(self) -> list[list[int]]:
        """The lists holding face-down cards, each face-down card once
        (:meth:`determinize` shuffles their cards among them)."""

    @abstractmethod
    def _features(self) -> list[float]:
        """The game's observation tensor after the phase (laid out as
        ``game.feature_blocks()``)."""

    def _legal_moves(self) -> list[int]:
        """:meth:`_moves`, worked out once a position (the list kept: read it,
        never change it)."""
        if self._legal_at != self.moves:
            self._legal_cache = self._moves()
            self._legal_at = self.moves
        return self._legal_cache

    def _check_end(self) -> None:
        outcome = self._outcome()
        if outcome is None:
            return
        won, score = outcome
        self.won = won
        self.totals = [score]
        self.results.append([score])
        self.phase = PHASE_OVER
        self.events.append(Won(score) if won else Lost(score))

    # --- the contract -----------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != PHASE_DEAL:
            raise IllegalAction("this is not a chance node")
        dealt = set(self.order)
        left = [card for card in self.game.deal_cards if card not in dealt]
        return [(card, 1.0 / len(left)) for card in left]

    def legal_actions(self) -> list[int]:
        if self.phase == PHASE_PLAY:
            return list(self._legal_moves())
        if self.phase == PHASE_OVER:
            return []
        return [card for card, _ in self.chance_outcomes()]

    def apply(self, action: int) -> None:
        if action.__class__ is not int:
            action = as_action(action)
        if self.phase == PHASE_OVER:
            raise IllegalAction("the game is over")
        if self.phase == PHASE_DEAL:
            if action not in self.legal_actions():
                raise IllegalAction(f"a card dealt is one not dealt yet, not {action}")
            self.order.append(action)
            if len(self.order) == len(self.game.deal_cards):
                self._start()
        else:
            if action not in self._legal_moves():
                if not 0 <= action < self.game.num_actions:
                    raise IllegalAction(f"there is no action {action}; actions are 0 to "
                                        f"{self.game.num_actions - 1}")
                raise IllegalAction(self._why_not(action))
            self._move(action)
            self.moves += 1
            self._check_end()
        self.history.append(action)

    def action_to_str(self, action: int) -> str:
        if self.phase == PHASE_DEAL:
            if 0 <= action < CARDS:
                return f"deal {code_of(action)}"
            raise ParseError(f"there is no card {action} to deal")
        return self.move_text(action)

    def parse_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ParseError(f"an action is text, not {text!r}")
        key = " ".join(text.split()).casefold()
        if self.phase == PHASE_DEAL:
            card = key.removeprefix("deal ").strip()
            try:
                return PROGRESS_53.parse(card).id
            except ParseError:
                raise ParseError(f"{text!r} is not a card to deal") from None
        found = self.parse_move(key)
        if found is None:
            raise ParseError(f"{text!r} is not a move of {self.game.title}; "
                             f"{self.game.action_help}")
        return found

    def winners(self) -> list[int]:
        return [0] if self.won else []

    def returns(self) -> list[float]:
        if self.phase != PHASE_OVER:
            return [0.0]
        return [1.0 if self.won else 0.0]

    def clone(self) -> Self:
        other = super().clone()
        other.__dict__.update(self._copied_layout())
        return other

    def _copied_layout(self) -> dict[str, Any]:
        """The layout's nested lists, copied (for :meth:`clone`)."""
        return {}

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """The face-down cards shuffled among their places, and the deal
        order rewritten to match; not the core's re-deal, whose draws from
        ``rng`` differ: seeded searches and solver votes play as before."""
        self.check_seat(seat)
        other = self.clone()
        other.seed = rng.getrandbits(63)
        if self.phase == PHASE_DEAL:
            # the player has seen none of the cards dealt so far
            other.order = rng.sample(sorted(self.game.deal_cards), len(self.order))
            return other
        piles = other._face_down()
        hidden = [card for pile in piles for card in pile]
        # sorted first, so that the sample depends on what the seat knows
        # (which cards are face down), never on their true order
        cards = sorted(hidden)
        rng.shuffle(cards)
        # a face-down card has not moved since the layout, so the deal order
        # takes the re-dealt card where the real one was: the clone keeps no
        # trace of the real deal, and laying its order out again gives its piles
        replaced = dict(zip(hidden, cards, strict=True))
        other.order = [replaced.get(card, card) for card in self.order]
        for pile in piles:
            size = len(pile)
            pile[:] = cards[:size]
            del cards[:size]
        return other

    @property
    def out_of_play(self) -> int:
        """The cards the game leaves out (P, unless Golf deals it in)."""
        game = self.game
        return PROGRESS_53.full_mask & ~mask_of((*game.deal_cards, *game.set_out))

    def _zone_values(self, zone: Zone) -> list[tuple[int, Any]]:
        # a patience re-deals its face-down cards itself (determinize), so
        # the number of a pile is only its name
        value = getattr(self, zone.field)
        return list(enumerate(value, 1)) if zone.per_seat else [(-1, value)]

    def card_locations(self) -> dict[str, int]:
        if self.phase != PHASE_DEAL:
            return super().card_locations()
        dealt = mask_of(self.order)
        return {"hand 0": 0, "out of play": self.out_of_play,
                "set out": mask_of(self.game.set_out),
                "face down undealt": mask_of(self.game.deal_cards) & ~dealt,
                "face down dealt": dealt}

    # --- what the player sees ------------------------------------------
    def _words(self) -> Words:
        return WORDS

    def _observation(self, seat: int | None) -> Observation:
        """Game keys: ``moves`` (moves made), ``won`` (once over) and the
        game's own (see its docstring); ``zones`` is the layout."""
        game = self.game
        return {
            "game": game.name,
            "seat": seat,
            "players": [{"seat": 0, "name": seat_name(0), "cards": 0,
                         "score": self.totals[0], "flags": []}],
            "hand": [],
            "zones": self._zones() if self.phase != PHASE_DEAL else {},
            "phase": self.phase_names[self.phase],
            "to_move": self.current_player(),
            "prompt": self._prompt(seat),
            "legal": self._legal(seat),
            "log": self.public_log(),
            "hand_results": self.hand_results(),
            "moves": self.moves,
            "won": self.won if self.phase == PHASE_OVER else None,
            "options": dict(game.options),
        }

    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        self.check_seat(seat)
        tensor = np.zeros(self.game.observation_tensor_size, dtype=np.float32)
        tensor[self.phase] = 1.0
        if self.phase != PHASE_DEAL:
            features = self._features()
            tensor[len(PHASE_NAMES):len(PHASE_NAMES) + len(features)] = features
        return tensor


def mask_of(cards: Sequence[int]) -> int:
    """The bitset of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def one_hot_cards(cards: Sequence[int] | int) -> list[float]:
    """53 floats, 1.0 for each card of ``cards`` (a list or a bitset)."""
    mask = cards if isinstance(cards, int) else mask_of(cards)
    plane = [0.0] * CARDS
    for card in bits_of(mask):
        plane[card] = 1.0
    return plane

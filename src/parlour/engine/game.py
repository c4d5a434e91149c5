"""The game contract: :class:`Game` (a rules set with validated options) and
:class:`State` (one match in progress). Every surface talks to games only
through these two classes; see DESIGN.md, "The game contract".
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from parlour.cards import Deck
from parlour.engine.layouts import DEFAULT_LAYOUT
from parlour.engine.options import OptionSchema, OptionValue
from parlour.engine.scoring import ScoreCalculator
from parlour.engine.tensors import TensorBlock, TensorWriter
from parlour.errors import IllegalAction, ParseError
from parlour.help import rules_help as packaged_rules

if TYPE_CHECKING:
    from parlour.engine.match import GameEvent

CHANCE_PLAYER = -1
"""``current_player()`` at a chance node (as in OpenSpiel)."""

TERMINAL_PLAYER = -4
"""``current_player()`` once the match is over (as in OpenSpiel)."""

UNDECIDED_HANDS = 50
"""Hands that :meth:`Game.max_match_decisions` allows on top of a proven
bound where the rules let a hand leave the match where it was (a tie for
the top played on, a play-off): random play never comes near it."""

Deal = Mapping[str, Any]
Observation = dict[str, Any]


@lru_cache(maxsize=64)
def unpickled_game(cls: type[Game], options: tuple[tuple[str, OptionValue], ...]) -> Game:
    """The game of class ``cls`` with ``options``, as a pickled game
    comes back (:meth:`Game.__reduce__`): one object per process, class and
    options, shared by every state unpickled with it."""
    return cls(**dict(options))


class Game(ABC):
    """A registered rules set with its options fixed.

    Subclasses declare the class attributes below and implement
    :meth:`_new_state`. ``parlour.make(name, **options)`` is the usual way in.

    Besides its rules a game describes itself, as OpenSpiel's ``GameType``
    and ``GameInfo`` do, for the surfaces that work from the contract
    alone: :attr:`perfect_information`, :meth:`observation_layout`, the
    bounds on its decisions per hand and per match
    (:meth:`max_hand_decisions`, :meth:`max_match_decisions`) at its
    options, and how its table is drawn (:attr:`layout`,
    :attr:`keys_shown_inside`).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int]
    tensor_version: ClassVar[int]
    """The version of :meth:`State.observation_tensor`'s layout, named in
    the module docstring's table (:mod:`parlour.engine.tensors`); it goes
    up, with ``version``, whenever a block or its encoding changes."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    deck: Deck
    """The pack (a class attribute, or set per instance when an option picks it)."""
    description: ClassVar[str]
    schema: ClassVar[OptionSchema]
    rules_text: ClassVar[str] = ""
    """The rules help written in the class (English), for a game defined
    outside the package (a test's toy game); a packaged game ships its help
    as files, one per language (:mod:`parlour.help`). Read it with
    :meth:`rules_help`."""
    scores_mid_hand: ClassVar[bool] = False
    """Whether points are scored during a hand (Costly Colours' pegging),
    so that :meth:`State.scores` runs ahead of the finished hands of
    :meth:`State.hand_results` until the hand ends."""
    stakes_before_hand: ClassVar[bool] = False
    """Whether a stake leaves a seat's total when a hand is dealt, before
    the hand is scored (Bassadewitz's ante), so that :meth:`State.scores`
    runs below the finished hands of :meth:`State.hand_results` until the
    hand ends, whose result counts the stake."""
    higher_is_better: ClassVar[bool]
    """Whether a higher total in :meth:`State.scores` is better (points,
    chips) or worse (penalty points), for agents that judge a hand."""
    perfect_information: ClassVar[bool] = False
    """Whether nothing dealt is hidden from any seat (OpenSpiel's
    ``GameType.Information``): no hand, no face-down card, no stock in an
    order a seat cannot see, so every seat knows the whole state at every
    decision and :meth:`State.determinize` has nothing to re-deal. Card
    games hide the hands or the stock; a patience dealt wholly face up
    (Baker's Dozen) declares ``True``."""
    commands_help: ClassVar[str | None] = None
    """How to type this game's moves at the terminal, when a card code is not
    all (Progress Rummy's melds): ``parlour play`` shows it with its help; it
    is a paragraph of the rules help (:meth:`rules_help`) too."""
    score_calculator: ClassVar[ScoreCalculator | None] = None
    """The hand counter ``parlour score`` offers for this game, if any."""
    layout: ClassVar[str] = DEFAULT_LAYOUT
    """The board the browser draws this game's table on: a kind of
    :data:`parlour.engine.layouts.LAYOUTS` (a shape such as
    ``"seat-tiles"``, never a game's name), whose promises about the
    observations the game keeps. :func:`parlour.engine.register` refuses an
    unknown kind."""
    keys_shown_inside: ClassVar[frozenset[str]] = frozenset()
    """Observation keys that only qualify another key, so that a surface
    draws them inside it and not as extras of their own: Progress Rummy's
    ``target`` (the meld a card is being laid off on, marked among the
    melds) and ``pending`` (a P still to declare, drawn ``P(?)``)."""
    research: ClassVar[bool] = False
    """Whether the game is a research game: a relative made small for exact
    methods (:mod:`parlour.games.tiny`), playable everywhere but listed
    after the others, and marked, in the web lobby."""
    hand_word: ClassVar[str] = "hand"
    """What the game calls the hands that ``hand_number`` counts (Progress
    Rummy's and Bharg's ``round``), for the surfaces' headings."""

    def __init__(self, /, **options: object) -> None:
        self.options: dict[str, OptionValue] = self.schema.validate(options)

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles by reference, as its class and options: it is
        made again where it is unpickled (once per process, class and
        options, :func:`unpickled_game`), so that a pickled state does not
        carry the game's tables (Knaves' suit tables alone are 0.5 MB)."""
        return (unpickled_game, (type(self), tuple(self.options.items())))

    def __repr__(self) -> str:
        changed = {
            key: value for key, value in self.options.items()
            if value != self.schema.options[key].default
        }
        arguments = "".join(f", {key}={value!r}" for key, value in changed.items())
        return f"parlour.make({self.name!r}{arguments})"

    @property
    def num_players(self) -> int:
        """Seats at the table."""
        return int(self.options.get("players", self.min_players))

    @property
    @abstractmethod
    def num_actions(self) -> int:
        """Size of the fixed action space; every action id is below it."""

    @property
    def observation_tensor_size(self) -> int:
        """Length of :meth:`State.observation_tensor` (by default the sum of
        the layout's blocks)."""
        return self.tensor_writer.size

    @cached_property
    def tensor_writer(self) -> TensorWriter:
        """The writer of :meth:`observation_layout`'s tensors, made once:
        a state gives it one value per block
        (:class:`~parlour.engine.tensors.TensorWriter`)."""
        return TensorWriter(self.observation_layout(), self.num_players)

    def observation_layout(self) -> tuple[TensorBlock, ...]:
        """The blocks of :meth:`State.observation_tensor` in order, at these
        options; their sizes add up to :attr:`observation_tensor_size`.

        Every registered game documents its tensor so; a game that does
        not raises :class:`NotImplementedError`.
        """
        raise NotImplementedError(f"{type(self).__name__} does not describe its tensor")

    def max_hand_decisions(self) -> int:
        """A bound on the decisions (chance steps excluded) of one hand at
        these options, proved from the game's rules: no hand takes more.
        A hand runs from one entry of :meth:`State.hand_results` to the
        next; a patience is one hand. The research environments size their
        memory of the current hand from it (:mod:`parlour.rl.openspiel`'s
        information-state tensor).

        Every registered game declares it; a game that does not raises
        :class:`NotImplementedError`.
        """
        raise NotImplementedError(f"{type(self).__name__} does not bound its hands")

    def max_match_decisions(self) -> int:
        """A bound on the decisions (chance steps excluded) of a whole
        match at these options (OpenSpiel's ``max_game_length``), at least
        :meth:`max_hand_decisions`. Where every hand brings the match
        closer to its end it is a proof; where the rules allow hands that
        change nothing (a tie for the top played on, a redeal, a play-off)
        it allows generously many such hands on top (most games
        :data:`UNDECIDED_HANDS`): random play never comes near it.

        Every registered game declares it; a game that does not raises
        :class:`NotImplementedError`.
        """
        raise NotImplementedError(f"{type(self).__name__} does not bound its matches")

    counted_events: ClassVar[Mapping[str, str]] = {}
    """The events :meth:`count_events` counts, each with what it counts in a
    player's words."""

    def count_events(self, events: Sequence[GameEvent]) -> dict[str, int]:
        """The game's notable events in a match whose events are ``events``
        (:meth:`State.match_events`), counted by name (Polignac's capots,
        Progress's goings out...): the figures ``parlour simulate`` reports.
        A game with nothing notable to count counts nothing."""
        return {}

    def new_state(
        self, seed: int | None = None, deal: Deal | None = None, explicit_chance: bool = False
    ) -> State:
        """A new match.

        ``seed`` fixes every shuffle (a fresh one is drawn and recorded when
        omitted). ``deal`` fixes the first hand instead (DESIGN.md,
        "Public API"). With ``explicit_chance`` every card dealt is a chance
        action (``is_chance_node()``) instead of being resolved by the seed.
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ParseError(f"a seed must be an integer, not {seed!r}")
        if deal is not None and explicit_chance:
            raise ParseError("a fixed deal has no chance events; drop explicit_chance")
        return self._new_state(seed, deal, explicit_chance)

    @abstractmethod
    def _new_state(self, seed: int, deal: Deal | None, explicit_chance: bool) -> State:
        """The new match for a resolved seed (see :meth:`new_state`)."""

    @classmethod
    def rules_help(cls, lang: str = "en") -> str:
        """The rules in brief and the decisions taken where sources disagree,
        in ``lang`` (``parlour rules``); an unknown language raises
        :class:`ValueError` naming those there are."""
        return packaged_rules(cls.name, cls.rules_text, lang, cls.commands_help)

    @classmethod
    def player_counts(cls) -> tuple[int, ...]:
        """Every number of players the game allows, smallest first: the
        ``players`` option's choices or range, else every count from
        :attr:`min_players` to :attr:`max_players`. Costly Colours allows
        2 or 4, never 3, which ``[min_players, max_players]`` cannot say.

        >>> from parlour.engine import game_class
        >>> game_class("costly-colours").player_counts()
        (2, 4)
        >>> game_class("progress").player_counts()
        (2, 3, 4, 5, 6, 7, 8)
        """
        option = cls.schema.options.get("players")
        if option is not None and option.kind == "choice":
            return tuple(sorted(int(choice) for choice in option.choices))
        if option is not None and option.kind == "integer":
            assert option.minimum is not None and option.maximum is not None  # an integer option
            return tuple(range(option.minimum, option.maximum + 1))
        return tuple(range(cls.min_players, cls.max_players + 1))

    def describe(self) -> dict[str, Any]:
        """Metadata for listings, help and web forms (JSON-able):
        ``players`` is ``[min_players, max_players]`` and ``player_counts``
        every count allowed (:meth:`player_counts`)."""
        return {
            "name": self.name,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "player_counts": list(self.player_counts()),
            "deck": self.deck.name,
            "description": self.description,
            "higher_is_better": self.higher_is_better,
            "perfect_information": self.perfect_information,
            "layout": self.layout,
            "hand_word": self.hand_word,
            "research": self.research,
            "options": self.schema.describe(),
        }


class State(ABC):
    """One match in progress. Mutable; :meth:`clone` is cheap.

    Invariant: a state equals ``game.new_state(seed, deal)`` followed by
    ``history``; :meth:`record` relies on it.
    """

    game: Game
    seed: int
    deal: Deal | None
    explicit_chance: bool
    history: list[int]

    # --- whose turn -------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """Seat to act, :data:`CHANCE_PLAYER` or :data:`TERMINAL_PLAYER`."""

    def is_chance_node(self) -> bool:
        """Whether the next action is a chance outcome (explicit chance only)."""
        return self.current_player() == CHANCE_PLAYER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` pairs at a chance node, sorted by action."""
        raise IllegalAction("this is not a chance node")

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the match is over."""

    # --- moves ------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending (empty when terminal)."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Play ``action``; :class:`IllegalAction` leaves the state untouched."""

    @abstractmethod
    def action_to_str(self, action: int) -> str:
        """Canonical text of ``action`` (a card code or a call word)."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The action id that ``text`` names (:class:`ParseError` if none)."""

    def parse_actions(self, text: str) -> list[int]:
        """The actions that a whole line of text names, in order, read
        against this state without changing it. Most games read one action
        a line (:meth:`parse_action`); a game whose moves are sequences of
        primitive actions (a rummy meld: ``meld 5Cr 6Cr P=7Cr``) reads the
        whole sequence. Raises :class:`ParseError` or :class:`IllegalAction`
        when a step fails; surfaces apply the actions one by one.

        A line never reads past an action that :meth:`why_a_line_ends_at`
        names: what follows it would be read against cards its mover cannot
        see, and the answer would tell them."""
        return [self.parse_action(text)]

    def why_a_line_ends_at(self, action: int) -> str | None:
        """Why a line of moves (:meth:`parse_actions`) must end at
        ``action``, played now by the mover: a sentence for the player, or
        ``None`` when the line may go on after it.

        A line ends at every action after which its mover learns something
        he cannot see while he types it: a card drawn from the stock or
        turned up, any chance event, a new deal, another seat's turn. Were
        the rest of the line read on, whether and where it failed would
        depend on the hidden card: ``draw 7St zzz`` would be refused one way
        when 7St is the top of the stock and another way when it is not,
        and a few refused lines would name the card. The sentence depends
        only on what the mover sees, so a refusal is the same whatever the
        hidden cards are.

        By default every action ends a line, as in a game that reads one
        action a line; a game whose :meth:`parse_actions` reads several
        answers ``None`` for the actions that show nothing hidden, and
        calls :meth:`check_the_line_goes_on` before every step after the
        first."""
        return "each move is sent on its own in this game"

    def check_the_line_goes_on(self, previous: int, step: str) -> None:
        """Raise :class:`ParseError` naming ``step`` when the line's
        ``previous`` action, played on this state, ends the line
        (:meth:`why_a_line_ends_at`); call it on the state *before*
        ``previous`` is applied, and before ``step`` is read."""
        reason = self.why_a_line_ends_at(previous)
        if reason is not None:
            raise ParseError(f"at {step!r}: {reason}")

    def apply_text(self, text: str) -> int:
        """Parse and apply ``text``; returns the action id."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    # --- outcome ----------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[int]:
        """Running match totals per seat, in the game's own unit."""

    @abstractmethod
    def hand_results(self) -> list[list[int]]:
        """Per finished hand, the change to each seat's total."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-seat outcome of the match (zeros until it is over)."""

    # --- what a seat sees -------------------------------------------------
    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, as a JSON-able dict (DESIGN.md schema)."""

    @abstractmethod
    def public_observation(self) -> Observation:
        """What a spectator may know: :meth:`observation`'s schema with
        ``seat`` ``None``, an empty ``hand``, no ``legal`` actions and no
        seat's private information."""

    @abstractmethod
    def observation_tensor(self, seat: int) -> npt.NDArray[np.float32]:
        """:meth:`observation` as a fixed-size float vector."""

    @abstractmethod
    def card_locations(self) -> dict[str, int]:
        """Every card of the deck by zone (name -> bitset); zones are disjoint.

        For tests and tools that check card conservation; it reveals hidden
        cards, so it must never serve a seat.
        """

    def known_elsewhere(self, seat: int) -> int:
        """Cards in other seats' hands (or face down) that ``seat`` knows
        where they are, because it put them there (a card given in an
        exchange) or saw them go there (a rummy player taking the top
        discard); its observation may name them. For the hidden-information
        tests; none by default."""
        return 0

    def match_events(self) -> Sequence[GameEvent]:
        """Every event of the match so far, oldest first, as the game's
        typed events (:class:`parlour.engine.match.GameEvent`): what the
        public log says in words. A game that keeps no events has none."""
        return ()

    # --- search -----------------------------------------------------------
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A clone whose hidden cards are re-dealt consistently with what
        ``seat`` knows; ``seat``'s observation is unchanged."""

    # --- records ----------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The JSON game record that :func:`parlour.replay` turns back into this state."""
        from parlour.engine.record import make_record

        return make_record(self)

    def result(self) -> dict[str, Any] | None:
        """Final scores and returns, or ``None`` while the match goes on."""
        if not self.is_terminal():
            return None
        return {"scores": self.scores(), "returns": self.returns()}

    def check_seat(self, seat: int) -> None:
        """Raise :class:`ParseError` unless ``seat`` is a seat of this table."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
            0 <= seat < self.game.num_players
        ):
            raise ParseError(
                f"seat {seat!r} does not exist; seats are 0 to {self.game.num_players - 1}"
            )

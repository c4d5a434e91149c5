"""Every parlour game as an OpenSpiel game, registered with
``pyspiel.register_game`` the way OpenSpiel's own Python games are
(``open_spiel/python/games/kuhn_poker.py``).

>>> import pyspiel
>>> import parlour.rl.openspiel
>>> game = pyspiel.load_game("parlour_polignac", {"players": 3, "target": 8})
>>> game.num_players(), game.num_distinct_actions(), game.get_type().utility
(3, 34, <Utility.ZERO_SUM: 0>)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 30)

Names
    ``parlour_<game>`` with hyphens as underscores, one per registered
    parlour game (``parlour.games()``; :func:`registered_names` lists
    them). Importing this module registers them all; :func:`register` does
    it again harmlessly.

Parameters
    The game's options, by the same names, with their defaults and types
    (flags as booleans, integers and integer choices as integers, word
    choices as strings): ``pyspiel.load_game("parlour_polignac",
    {"players": 5})`` or ``"parlour_polignac(players=5,capot=false)"``.
    The options are validated by ``parlour.make``: a bad value raises its
    :class:`~parlour.OptionError` message (``option 'players' must be one
    of 3, 4, 5, 6, 7, 8, not 9``). OpenSpiel itself refuses, before parlour sees
    them, an unknown name (``Unknown parameter 'x'. Available parameters
    are: ...``) and a value of the wrong type (``Wrong type for parameter
    players. Expected type: kInt, got kString with x``). OpenSpiel hands a
    game every parameter, defaults included; only the values that differ
    from the option's default are passed on to ``parlour.make``, so that
    Ranter Go Round's ``preset`` keeps setting the defaults of the other
    options (giving such an option its plain default is the same as
    leaving it out). One parameter is the adapter's own:
    ``redeal_undecided`` (below).

Matches that end undecided
    Where the deal alone can end a match (Ranter Go Round with one life:
    two kings dealt to two seats), the match is dealt again, as the
    PettingZoo and Gymnasium environments deal again: when a chance
    outcome ends it before any seat has decided, the state goes back to the
    first chance node (the history keeps the first deal's outcomes), so
    that OpenSpiel's ``rl_environment`` never starts on a finished match.
    The tree of such a game has no end (a deal can follow a deal forever);
    a method that walks the whole tree (``exploitability.nash_conv``, CFR)
    wants ``redeal_undecided=false``, which keeps the match that the deal
    ended, as the rules do: the default of the research games
    (``Game.research``: tiny relatives made for exact methods, where tiny
    Ranter Go Round ends on two kings dealt, about one deal in 70), which an
    RL loop loads with ``redeal_undecided=true``. A game where some seat
    always decides is the same either way.

Game type
    Sequential; explicit stochastic: every card dealt, turned up or drawn
    and every cut for the first dealer is a chance node
    (``new_state(explicit_chance=True)``), with the game's
    ``chance_outcomes()``. Perfect or imperfect information as the game
    declares (``Game.perfect_information``: a patience dealt face up has
    nothing hidden but the cards still to come). The games of several
    seats are zero-sum (each loser -1, the winners share the stakes:
    utilities from -1 to ``players - 1``); a patience is general-sum with
    1 for a win and 0 for a loss. Terminal rewards: ``returns()`` is the match's, 0 until it
    ends. Chance outcome ids share the action space, so
    ``max_chance_outcomes`` is ``num_distinct_actions``, the game's
    ``num_actions``.

Game length
    ``max_game_length`` counts decisions (chance nodes excluded): the
    game's own bound at its options (``Game.max_match_decisions()``),
    from a bound on the hands of a match and on the decisions of a hand.
    Where every hand brings a match closer to its end it is a proof; where
    the rules allow hands that change nothing (a tie for the top played
    on, a redeal, a void round, a play-off) it allows that many such hands
    as the game's bound says: random play never comes near it.

Observations
    ``observation_tensor(player)`` is the parlour
    ``State.observation_tensor(player)`` (one ``"observation"`` piece of
    ``game.observation_tensor_size`` floats); ``observation_string`` is
    the JSON of ``State.observation(player)``. Neither holds another
    seat's hidden card. A public observer
    (``IIGObservationType(private_info=NONE)``) gives the JSON of
    ``State.public_observation()`` and no tensor.

Information state (perfect recall)
    ``information_state_string(player)`` is the observation string, a
    newline and ``recall <digest>``: a chain of BLAKE2 digests, each step's
    the digest of the one before, the seat's action if it decided that
    step, and its observation after the step. Two histories give the same
    string exactly when the seat saw the same things in the same order,
    which is perfect recall by construction, without a string that grows
    with the match.
    The observer of ``IIGObservationType(perfect_recall=True)`` (the
    default information state) gives both the string and the tensor below.

Information-state tensor (version 1, :data:`INFORMATION_STATE_VERSION`)
    ``information_state_tensor(player)``: the observation tensor and a
    memory of the current hand, the decisions since the last finished hand
    (since ``hand_results``, which every observation shows, last grew; a
    patience is one hand). A fixed size cannot hold a whole match (Progress,
    Bharg and Progress Rummy can run thousands of decisions), and earlier
    hands are summed up in the observation's scores and hand results. With
    ``O`` the observation tensor's size, ``A`` the number of actions, ``n``
    the number of players, ``W`` the width of the observation's card
    blocks (the pack's cards, or the 53 Progress faces) and ``K`` the
    history's slots (:class:`InformationStateLayout`), the blocks are, in
    order (the observer's ``dict`` names them, a history block shaped
    ``(K, width)``):

    =================  =======  ===============================================
    block              size     meaning
    =================  =======  ===============================================
    observation        O        ``observation_tensor(player)``, as it is
    own_actions        A        how many times the seat chose each action id
                                in the current hand (a pass or a call shows
                                here even where the observation forgets it)
    earlier_decisions  1        the decisions of the current hand left out of
                                the history (0 while the hand fits), as is
    history_seats      K × n    one row a decision of the history, oldest
                                first: the seat that decided, one-hot,
                                relative to the observer (0 itself, 1 the
                                next seat, ...); rows past the last decision
                                are zeros
    history_actions    K × A    the action of that decision, one-hot, where
                                the observer decided it; zeros for another
                                seat's decision
    history_cards      K × W    1.0 for each card (or face) whose value in any
                                card block of the observer's observation
                                tensor changed with that decision: a card
                                played face up, a trick taken to a pile, a
                                card drawn into the hand
    =================  =======  ===============================================

    ``K`` is the game's bound on the decisions of one hand at its options
    (``Game.max_hand_decisions()``), at most :data:`HISTORY_WINDOW` (64).
    Where the bound is below it, the history holds the whole hand (a trick
    game's: 38 decisions in Polignac with four players, 52 in Knaves).
    Where it is above (a rummy round, a patience), the history keeps the
    latest 64 decisions: the earliest are dropped and counted in
    ``earlier_decisions``, while ``own_actions`` still counts the whole
    hand. Polignac with three players: 409 + 34 + 1 + 37 × (3 + 34 + 32) =
    2997 values; Progress Rummy with four: 572 + 145 + 1 + 64 × (4 + 145 +
    53) = 13646.

    Only what the seat knows goes in: its observations, its own actions,
    who decided (every observation's ``to_move``) and when a hand finished
    (its ``hand_results``). Two histories with the same information-state
    string therefore give the same tensor, and no hidden card changes it.
    Another seat's action is never read from the history: the game
    contract does not say which actions a seat sees (a card discarded face
    down, a blind exchange), so another seat's decision shows only through
    what it changed in the observer's view (``history_cards``) and the
    observation itself. A contract hook naming the actions that a seat
    sees (``State.public_action(seat, step)``, say) would let
    ``history_actions`` hold every seat's visible calls and plays, which
    would tell a pass from a call of another seat.

Resampling
    ``resample_from_infostate(player, sampler)`` is parlour's
    ``State.determinize(player, rng)``, seeded from the sampler, so that
    OpenSpiel's ISMCTS bot can search. The sampled world's hidden cards
    differ, so its past is unknown: the player keeps its recall and its
    information-state tensor, and every other seat recalls the sampled
    world from that point on (an empty history, no own actions).

Pickling and serialisation
    Games and states pickle (for ``multiprocessing`` or Ray workers), and
    ``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state``
    round-trip them; OpenSpiel's ``random_sim_test(serialize=True)`` passes
    for every game. A game pickles as its name and parameters, loaded
    again through this module, which registers the games first in a worker
    process that had not imported it. A state
    pickles as its actions, replayed where it is unpickled, with what its
    information states have read so far (each seat's recall digest and
    the decisions of the current hand); the parlour game goes by reference
    (its class and options), never with its tables. A state in the middle
    of a match pickles in a few kilobytes (under 20 KB for every game at
    its default options; OpenSpiel's own history of the actions is about
    half of it). A resampled state also keeps the resampled world at the
    resampling, where its known past begins.

Speed
    A state keeps its parlour state, the actions, and a copy of the
    parlour state every :data:`CHECKPOINT_INTERVAL` (64) steps. An
    information state is computed when asked: it reads the steps it has
    not read yet, from a state of its own that it moves along, or else
    from a copy of the nearest checkpoint replayed up to them. Random play
    without information states costs what parlour's own ``apply`` costs
    and a list append, however long the match (``python
    scripts/openspiel_speed.py`` measures it). pyspiel's Python games
    cannot undo an action (``undo_action`` raises "UndoAction function is
    not overridden"): a search clones instead.
"""

from __future__ import annotations

import hashlib
import json
import random
from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import Any, ClassVar, NamedTuple

import numpy as np
import numpy.typing as npt
import pyspiel

import parlour
from parlour.engine import CHANCE_PLAYER, TERMINAL_PLAYER, Game, game_class
from parlour.engine import State as ParlourState
from parlour.engine.tensors import block_offsets

PREFIX = "parlour_"
"""The prefix of every registered OpenSpiel name."""

HISTORY_WINDOW = 64
"""The most decisions of the current hand that the information-state
tensor's history holds (the latest ones)."""

INFORMATION_STATE_VERSION = 1
"""The version of the information-state tensor's layout (the module
docstring's table); it goes up whenever a block or its encoding changes."""

CHECKPOINT_INTERVAL = 64
"""Steps between the copies of the parlour state that a match keeps: the
information state reads the steps it has not read yet by replaying them
from the nearest one. (A copy after every step made a long match slow: a
state's copy costs as much as its match is long.)"""

REDEAL_PARAMETER = "redeal_undecided"
"""The adapter's own game parameter (module docstring, "Matches that end
undecided")."""


def openspiel_name(name: str) -> str:
    """The OpenSpiel name of parlour game ``name``.

    >>> openspiel_name("my-new-game")
    'parlour_my_new_game'
    """
    return PREFIX + name.replace("-", "_")


def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of parlour game ``name``."""
    cls = game_class(name)
    one_seat = cls.max_players == 1
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if cls.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=openspiel_name(cls.name),
        long_name=f"parlour {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if one_seat
            else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            **{option.name: option.default for option in cls.schema},
            REDEAL_PARAMETER: not cls.research,
        },
    )


def game_info(game: Game) -> Any:
    """The ``pyspiel.GameInfo`` of ``game`` (a parlour game, options fixed)."""
    seats = game.num_players
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_actions,
        max_chance_outcomes=game.num_actions,
        num_players=seats,
        min_utility=0.0 if seats == 1 else -1.0,
        max_utility=1.0 if seats == 1 else float(seats - 1),
        utility_sum=None if seats == 1 else 0.0,
        max_game_length=game.max_match_decisions(),
    )


class ParlourGame(pyspiel.Game):  # type: ignore[misc]
    """One parlour game with its options fixed, as a ``pyspiel.Game``.

    Each parlour game has its own subclass naming it
    (:func:`openspiel_game_class`), which is what gets registered.
    """

    parlour_name: ClassVar[str]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        parameters = dict(params or {})
        name = self.parlour_name
        cls = game_class(name)
        self.redeal_undecided = bool(parameters.get(REDEAL_PARAMETER, not cls.research))
        """Whether a match that ends before any seat decides is dealt again."""
        changed = {
            key: value for key, value in parameters.items()
            if key != REDEAL_PARAMETER
            and (key not in cls.schema or value != cls.schema.options[key].default)
        }
        self.parlour_game: Game = parlour.make(name, **changed)
        super().__init__(game_type(name), game_info(self.parlour_game), parameters)
        self._initial = self.parlour_game.new_state(seed=0, explicit_chance=True)
        self.information_state_layout = InformationStateLayout.from_game(self.parlour_game)

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its name and parameters, loaded again (by a
        function of this module, so that a fresh process registers the
        games first)."""
        return (_load_game, (self.get_type().short_name, self.get_parameters()))

    def new_initial_state(self) -> ParlourOpenSpielState:
        """A new match, starting with the chance nodes of the first deal."""
        return ParlourOpenSpielState(self)

    def initial_parlour_state(self) -> ParlourState:
        """The parlour state every new match starts from (before the first
        chance node); a match plays on a copy, so it is never changed, and a
        subclass may start its matches elsewhere by returning another."""
        return self._initial

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ParlourObserver:
        """The observer of ``iig_obs_type`` (default: the observation)."""
        return ParlourObserver(
            self.information_state_layout,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


@dataclass(frozen=True, eq=False)
class InformationStateLayout:
    """The sizes of the information-state tensor of one game at its options
    (see the module docstring's table).

    >>> layout = InformationStateLayout.from_game(parlour.make("polignac", players=3))
    >>> layout.slots, layout.card_width, layout.size
    (37, 32, 2997)
    """

    observation_size: int
    actions: int
    seats: int
    slots: int
    card_width: int
    card_positions: npt.NDArray[np.intp]
    """Indices into the observation tensor, one row per part of each card
    block, one column per card (or Progress face)."""

    @classmethod
    def from_game(cls, game: Game) -> InformationStateLayout:
        """The layout of ``game``'s information-state tensor."""
        offsets = block_offsets(game.observation_layout())
        rows: list[npt.NDArray[np.intp]] = []
        widths: set[int] = set()
        for block in game.observation_layout():
            if block.encoding in ("cards", "faces"):
                start = offsets[block.name].start
                widths.add(block.part_size)
                rows.extend(
                    np.arange(start + part * block.part_size,
                              start + (part + 1) * block.part_size, dtype=np.intp)
                    for part in range(block.parts)
                )
        if len(widths) != 1:
            raise ValueError(f"{game.name}: the card blocks of the observation tensor must "
                             f"share one width, not {sorted(widths)}")
        return cls(
            observation_size=game.observation_tensor_size,
            actions=game.num_actions,
            seats=game.num_players,
            slots=min(game.max_hand_decisions(), HISTORY_WINDOW),
            card_width=widths.pop(),
            card_positions=np.stack(rows),
        )

    def pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named blocks in order, with their shapes."""
        return [
            ("observation", (self.observation_size,)),
            ("own_actions", (self.actions,)),
            ("earlier_decisions", (1,)),
            ("history_seats", (self.slots, self.seats)),
            ("history_actions", (self.slots, self.actions)),
            ("history_cards", (self.slots, self.card_width)),
        ]

    @property
    def size(self) -> int:
        """The length of the tensor."""
        return sum(int(np.prod(shape)) for _, shape in self.pieces())

    def card_view(self, observation: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The card blocks of an observation tensor, one row per part."""
        return observation[self.card_positions]


class _Decision(NamedTuple):
    """One decision of the current hand as a seat remembers it."""

    seat: int
    """The seat that decided, relative to the one remembering."""
    action: int | None
    """The action, when the seat remembering took it."""
    cards: tuple[int, ...]
    """The cards whose place in the remembering seat's view changed."""


@dataclass
class _Memory:
    """What one seat's information-state tensor remembers, up to ``covered``
    steps of the match. Extended on a copy, so that clones share it."""

    covered: int
    hands: int
    view: npt.NDArray[np.float32] | None = None
    """The card blocks of the seat's observation tensor after step
    ``covered - 1``, where a decision's changes are read from; ``None``
    until read (a fresh or unpickled memory)."""
    own_actions: dict[int, int] = field(default_factory=dict)
    decisions: list[_Decision] = field(default_factory=list)
    earlier_decisions: int = 0

    def __getstate__(self) -> tuple[Any, ...]:
        # Without the view (read again from the replayed match) and with the
        # decisions packed in one array: every seat's memory would be most
        # of a pickled state otherwise.
        values = [value for seat, action, cards in self.decisions
                  for value in (seat, 0 if action is None else action + 1, len(cards), *cards)]
        packed = array("B" if max(values, default=0) < 1 << 8 else "L", values)
        return self.covered, self.hands, self.own_actions, packed, self.earlier_decisions

    def __setstate__(self, fields: tuple[Any, ...]) -> None:
        self.covered, self.hands, self.own_actions, packed, self.earlier_decisions = fields
        self.view = None
        self.decisions = []
        index = 0
        while index < len(packed):
            seat, action, count = packed[index:index + 3]
            cards = tuple(packed[index + 3:index + 3 + count])
            self.decisions.append(_Decision(seat, action - 1 if action else None, cards))
            index += 3 + count

    def extended(self, match: _Match, seat: int) -> _Memory:
        """A copy that also remembers the steps of ``match`` since ``covered``."""
        layout = match.layout
        other = replace(self, own_actions=self.own_actions.copy(),
                        decisions=self.decisions.copy())
        actors = match.actors
        last = len(actors) - 1
        view = other.view
        # A decision's changes are read against the view before it; a view
        # is read only where a decision follows, and after the last step
        # (so a memory without one starts a step early).
        start = other.covered if view is not None else other.covered - 1
        for step, state in match.walk(start, ("memory", seat)):
            if step >= other.covered:
                actor = actors[step]
                if actor >= 0:
                    assert view is not None, "the view before a decision is read"
                    after = layout.card_view(state.observation_tensor(seat))
                    action = match.actions[step] if actor == seat else None
                    if action is not None:
                        other.own_actions[action] = other.own_actions.get(action, 0) + 1
                    changed = np.flatnonzero((after != view).any(axis=0)).tolist()
                    other.decisions.append(
                        _Decision((actor - seat) % layout.seats, action, tuple(changed)))
                    if len(other.decisions) > layout.slots:
                        del other.decisions[0]
                        other.earlier_decisions += 1
                    view = after
                else:
                    view = None
                hands = len(state.hand_results())
                if hands != other.hands:
                    other.hands = hands
                    other.own_actions.clear()
                    other.decisions.clear()
                    other.earlier_decisions = 0
            if view is None and (step == last or actors[step + 1] >= 0):
                view = layout.card_view(state.observation_tensor(seat))
        other.view = view
        other.covered = last + 1
        return other

    def write(self, pieces: Mapping[str, npt.NDArray[np.float32]]) -> None:
        """Write the blocks after the observation into ``pieces``."""
        for action, count in self.own_actions.items():
            pieces["own_actions"][action] = count
        pieces["earlier_decisions"][0] = self.earlier_decisions
        if not self.decisions:
            return
        slots = np.arange(len(self.decisions))
        pieces["history_seats"][slots, [decision.seat for decision in self.decisions]] = 1.0
        own = [(slot, decision.action) for slot, decision in enumerate(self.decisions)
               if decision.action is not None]
        if own:
            own_slots, own_actions = zip(*own, strict=True)
            pieces["history_actions"][list(own_slots), list(own_actions)] = 1.0
        cards = [decision.cards for decision in self.decisions]
        card_slots = np.repeat(slots, [len(changed) for changed in cards])
        pieces["history_cards"][card_slots, np.fromiter(chain.from_iterable(cards), np.intp)] = 1.0


class _Match:
    """What a pyspiel state holds: the parlour state, who acted and the
    action at every step, a copy of the state every
    :data:`CHECKPOINT_INTERVAL` steps, and the recall digests and
    information-state memories computed so far, each with a cursor (a state
    of its own that it advances along the steps it reads). Copied cheaply
    when pyspiel clones; pickled as its actions, which it replays.

    Step 0 is the state before any action (nobody acted); a resampled
    match knows its past from the resampling on (``origin``).
    """

    def __init__(self, initial: ParlourState, layout: InformationStateLayout,
                 redeal: bool) -> None:
        self.initial = initial
        """The state before the first chance node (never changed)."""
        self.layout = layout
        self.redeal = redeal
        """Whether a match that ends before any seat decides is dealt again."""
        self.state = initial.clone()
        self.actors: list[int] = [TERMINAL_PLAYER]
        self.actions: list[int] = [-1]
        self.origin = 0
        self.checkpoints: dict[int, ParlourState] = {0: initial}
        """States after some steps, never changed (a cursor starts on a copy)."""
        self.redeals: tuple[int, ...] = ()
        """The steps after which the match was dealt again."""
        self.decided = False
        """Whether any seat has decided (no match is dealt again after that)."""
        self.recalled: dict[int, tuple[int, bytes]] = {}
        self.memories: dict[int, _Memory] = {}
        self.cursors: dict[tuple[str, int], tuple[int, ParlourState]] = {}

    def copy(self, state: ParlourState) -> _Match:
        """A copy whose parlour state is ``state``; it shares what is never
        changed (checkpoints, digests, memories) and starts without cursors."""
        other = object.__new__(_Match)
        fields = dict(self.__dict__)
        fields.update(state=state, actors=self.actors.copy(), actions=self.actions.copy(),
                      checkpoints=self.checkpoints.copy(), recalled=self.recalled.copy(),
                      memories=self.memories.copy(), cursors={})
        other.__dict__ = fields
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        return self.copy(self.state.clone())

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle keeps: the game (by reference), the actions, who
        took them up to the origin and the state there if the match was
        resampled, the recall digests and the memories. The rest is made
        again by replaying the actions."""
        typecode = "B" if self.layout.actions <= 1 << 8 else "L"
        return {
            "game": self.initial.game, "redeal": self.redeal, "origin": self.origin,
            "resampled": self.checkpoints[self.origin] if self.origin else None,
            "actors": self.actors[:self.origin + 1],
            "actions": array(typecode, self.actions[1:]),
            "recalled": self.recalled, "memories": self.memories,
        }

    def __setstate__(self, fields: dict[str, Any]) -> None:
        game: Game = fields["game"]
        self.initial = game.new_state(seed=0, explicit_chance=True)
        self.layout = InformationStateLayout.from_game(game)
        self.redeal = fields["redeal"]
        self.origin = origin = fields["origin"]
        start = fields["resampled"] or self.initial
        self.checkpoints = {origin: start}
        self.state = start.clone()
        self.actors = fields["actors"]
        actions = [-1, *fields["actions"]]
        self.actions = actions[:origin + 1]
        self.redeals = ()
        self.decided = any(actor >= 0 for actor in self.actors)
        self.recalled = fields["recalled"]
        self.memories = fields["memories"]
        self.cursors = {}
        for action in actions[origin + 1:]:
            self.apply(action)

    def apply(self, action: int) -> None:
        """Take ``action`` (a chance outcome or the decision of the seat to move)."""
        actor = self.state.current_player()
        self.state.apply(action)
        self.actors.append(actor)
        self.actions.append(action)
        step = len(self.actions) - 1
        if actor >= 0:
            self.decided = True
        elif self.redeal and not self.decided and self.state.is_terminal():
            self.state = self.initial.clone()
            self.redeals += (step,)
        if step % CHECKPOINT_INTERVAL == 0:
            self.checkpoints[step] = self.state.clone()

    def _advance(self, state: ParlourState, step: int) -> ParlourState:
        """``state``, the state before ``step``, after it."""
        state.apply(self.actions[step])
        if self.redeals and step in self.redeals:
            return self.initial.clone()
        return state

    def walk(self, start: int, cursor: tuple[str, int]) -> Iterator[tuple[int, ParlourState]]:
        """Each step from ``start`` to the last with the state after it, in
        order: the last step's is the match's own state, the others one
        state advanced along (read each before the next), from the named
        cursor or else from a copy of the checkpoint before ``start``; the
        cursor is left one step short of the last."""
        last = len(self.actions) - 1
        if start < last:
            position = self.cursors.pop(cursor, None)
            if position is None or position[0] > start:
                base = max(start - start % CHECKPOINT_INTERVAL, self.origin)
                position = (base, self.checkpoints[base].clone())
            step, state = position
            while step < start:
                step += 1
                state = self._advance(state, step)
            while True:
                yield step, state
                if step == last - 1:
                    break
                step += 1
                state = self._advance(state, step)
            self.cursors[cursor] = (step, state)
        yield last, self.state

    def recall(self, seat: int) -> str:
        """The hex digest of everything ``seat`` has observed so far: each
        step's digest is that of the one before, the seat's action if it
        acted, and its observation after the step."""
        covered, digest = self.recalled.get(seat, (0, b""))
        if covered < len(self.actions):
            for step, state in self.walk(covered, ("recall", seat)):
                seen = _observation_json(state.observation(seat)).encode()
                if self.actors[step] == seat:
                    seen = f"action {self.actions[step]}\n".encode() + seen
                digest = hashlib.blake2b(digest + seen, digest_size=16).digest()
            self.recalled[seat] = (len(self.actions), digest)
        return digest.hex()

    def remember(self, seat: int) -> _Memory:
        """What ``seat``'s information-state tensor holds so far."""
        memory = self.memories.get(seat)
        if memory is None:
            start = self.checkpoints[self.origin]
            memory = _Memory(covered=self.origin + 1, hands=len(start.hand_results()))
        if memory.covered < len(self.actions):
            memory = memory.extended(self, seat)
            self.memories[seat] = memory
        return memory

    def resampled(self, seat: int, rng: random.Random) -> _Match:
        """A copy whose hidden cards are re-dealt consistently with what
        ``seat`` knows; the other seats recall it from this step on."""
        self.recall(seat)
        self.remember(seat)
        other = self.copy(self.state.determinize(seat, rng))
        other.origin = origin = len(self.actions) - 1
        other.checkpoints = {origin: other.state.clone()}
        other.redeals = ()
        for other_seat in range(self.state.game.num_players):
            if other_seat != seat:
                digest = hashlib.blake2b(f"resampled at {origin + 1}\n".encode(), digest_size=16)
                other.recalled[other_seat] = (origin + 1, digest.digest())
                other.memories[other_seat] = _Memory(
                    covered=origin + 1, hands=len(other.state.hand_results()))
        return other


def _observation_json(observation: Mapping[str, Any]) -> str:
    return json.dumps(observation, ensure_ascii=False, separators=(",", ":"))


class ParlourOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A parlour match as a ``pyspiel.State`` (explicit chance)."""

    def __init__(self, game: ParlourGame) -> None:
        super().__init__(game)
        self.match = _Match(game.initial_parlour_state(), game.information_state_layout,
                            game.redeal_undecided)

    @property
    def parlour_state(self) -> ParlourState:
        """The parlour state behind this one (it reveals hidden cards)."""
        return self.match.state

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal id."""
        player = self.match.state.current_player()
        if player == CHANCE_PLAYER:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL_PLAYER:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.match.state.current_player():
            return []
        return self.match.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome, probability)`` pairs of the chance node, by outcome."""
        return self.match.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.match.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.match.state.action_to_str(int(action))

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.match.state.is_terminal()

    def returns(self) -> list[float]:
        """The match's returns per seat (zeros until it ends)."""
        return self.match.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A clone whose hidden cards are re-dealt consistently with what
        ``player_id`` knows (``State.determinize``), for ISMCTS."""
        rng = random.Random(int(probability_sampler() * 2**53))
        other = self.clone()
        other.match = self.match.resampled(player_id, rng)
        return other

    def __str__(self) -> str:
        """Every card's place, the scores and the seat to move (it reveals
        hidden cards: for debugging, never for a seat)."""
        state = self.match.state
        deck = state.game.deck
        zones = {zone: deck.codes(mask) for zone, mask in state.card_locations().items()}
        return json.dumps(
            {"to_move": state.current_player(), "scores": state.scores(), "cards": zones},
            ensure_ascii=False,
        )


class ParlourObserver:
    """An OpenSpiel observer (``tensor``, ``dict``, ``set_from``,
    ``string_from``) of one kind: a seat's observation, its information
    state (perfect recall) or the public observation (no tensor)."""

    def __init__(
        self, layout: InformationStateLayout, iig_obs_type: Any,
        params: Mapping[str, Any] | None,
    ) -> None:
        if params:
            raise ValueError(f"parlour observers take no parameters, not {dict(params)}")
        private = iig_obs_type.private_info
        self.perfect_recall: bool = iig_obs_type.perfect_recall
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        if (
            private == pyspiel.PrivateInfoType.ALL_PLAYERS
            or not iig_obs_type.public_info
            or (self.public_only and self.perfect_recall)
        ):
            raise ValueError(
                "parlour observers show one seat's observation (with or without "
                "perfect recall) or the public observation (without); "
                f"not perfect_recall={self.perfect_recall}, "
                f"public_info={iig_obs_type.public_info}, private_info={private.name}"
            )
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if self.public_only:
            return
        pieces = layout.pieces() if self.perfect_recall else layout.pieces()[:1]
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        offset = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[offset:offset + size].reshape(shape)
            offset += size

    def set_from(self, state: ParlourOpenSpielState, player: int) -> None:
        """Write ``player``'s observation (or information-state) tensor of
        ``state`` into ``tensor``."""
        if self.tensor is None:
            raise ValueError(
                "the public observation has no tensor; use a seat's observation or "
                "information state"
            )
        match = state.match
        self.dict["observation"][:] = match.state.observation_tensor(player)
        if self.perfect_recall:
            self.tensor[match.layout.observation_size:] = 0.0
            match.remember(player).write(self.dict)

    def string_from(self, state: ParlourOpenSpielState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        match = state.match
        if self.public_only:
            return _observation_json(match.state.public_observation())
        text = _observation_json(match.state.observation(player))
        return f"{text}\nrecall {match.recall(player)}" if self.perfect_recall else text


def _load_game(name: str, parameters: Mapping[str, Any]) -> ParlourGame:
    """The pyspiel game ``name`` with ``parameters``, as a pickled game comes back."""
    game: ParlourGame = pyspiel.load_game(name, dict(parameters))
    return game


_GAME_CLASSES: dict[str, type[ParlourGame]] = {}


def openspiel_game_class(name: str) -> type[ParlourGame]:
    """The :class:`ParlourGame` subclass of parlour game ``name``.

    OpenSpiel registers a game by a factory; a class, unlike a function,
    outlives the interpreter's shutdown safely, so each game has one.
    """
    if name not in _GAME_CLASSES:
        title = "".join(word.capitalize() for word in name.split("-"))
        _GAME_CLASSES[name] = type(f"Parlour{title}Game", (ParlourGame,), {"parlour_name": name})
    return _GAME_CLASSES[name]


def registered_names() -> list[str]:
    """The OpenSpiel names of every parlour game, in parlour's order."""
    return [openspiel_name(name) for name in parlour.games()]


def register() -> list[str]:
    """Register every parlour game with OpenSpiel (again harmlessly);
    returns the names."""
    known = set(pyspiel.registered_names())
    for name in parlour.games():
        if openspiel_name(name) not in known:
            pyspiel.register_game(game_type(name), openspiel_game_class(name))
    return registered_names()


register()

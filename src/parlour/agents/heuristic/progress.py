"""The heuristic player of Progress (the Pepys sevens game): plan the whole turn.

A Progress turn is many primitive actions, but it depends on nothing
hidden: from the top card, the sign kept to and the right to stop, what
the player can do until his turn ends follows from his own hand alone. So
at every decision the player searches every way to finish the turn (the
first card of any sign next to the top, the run up or down in its sign
through 13-1 when ``wraparound`` is on, a reopening 7 once stuck, the
Progress card and the free card after it, stopping where the rules allow)
and plays the first action of the plan whose end position is best. The
position at the end of the turn is judged as a human would:

* **Cards and points shed.** Every card left costs (a card is one more
  to get rid of before going out) and so does every point (the penalty if
  someone else goes out; P counts ``p_value``). Going out is best of all.
  So, other things equal, the player takes the long run rather than the
  short one and, between runs of equal length, the one worth more points. When an opponent is
  close to going out, points weigh more: shed the high cards and P.
* **Few, anchored runs.** The cards left are counted in same-sign runs of
  consecutive numbers: each run needs its own way in (a top next to one
  of its cards), so scattered cards cost more than the same number of
  cards in one run. A run through a 7 costs little: the 7 reopens it.
* **A card for the next turns.** A player who cannot play at the start
  of his turn draws until he can (about three cards that stay), or passes
  when the stock is empty; a 7 or P in hand always gives a play. The
  chance of a turn without a play is the chance that the coming top card
  is next to none of the numbers held (each number weighted by how many
  of its cards are still out); over the player's next few turns (one per
  run left to play, at most :data:`HORIZON`, fewer when an opponent is
  nearly out) each block beyond the 7s and P held costs about three
  cards. So once a sequence card has earned the right to stop, the
  player keeps his 7s and P (and stops when they are all that is left to
  play), but plays them when they take him out or start a run worth more
  than the insurance. P, a free run whenever it suits and a sure way out
  once the rest is one run, is kept above all.
* **A hard top for the next player.** The player prefers to end his turn
  on a card that the next player is unlikely to follow (the cards of the
  two neighbouring numbers still out: not played, not in his own hand,
  drawn against the next player's hand size) and above all one on which
  he can play nothing, neither a neighbour nor a 7 nor P: he then draws,
  until a playable card turns up in the stock, cards that the other
  players would otherwise draw.

The Progress card is searched where it helps: as a free turn once the
player holds no sequence card (then the free card starts his best
remaining run), and always at the decision itself. The search is memoised
over (hand, top, sign, right to stop, phase, run direction), and the
tables of card values, runs and neighbours are built once per option set:
a decision takes about a tenth of a millisecond (a few tenths at most), so
the player also serves as a rollout policy. The player reads only the
observation: its hand, the cards played, the top card, the sign, the right
to stop, the hand sizes, the stock size and the options.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any

from parlour.agents.levels import rollout_hard
from parlour.agents.registry import (
    heuristic_action,
    register_heuristic,
    register_level,
    register_rollout,
)
from parlour.cards.bits import few_bits_of
from parlour.engine.game import Observation
from parlour.engine.registry import make
from parlour.games.progress import DRAW, FACES, P_FACE, PASS, SIGNS, STOP, Progress

CARD_COST = 4.0
"""Cost of a card left in hand, besides its points: one more card to get
rid of before going out."""
POINT_COST = 1.0
"""Cost of a penalty point left in hand."""
LATE_POINT_COST = 2.0
"""Cost of a penalty point when an opponent holds at most
:data:`LATE_CARDS` cards (the hand may end any moment)."""
LATE_CARDS = 2
"""See :data:`LATE_POINT_COST`."""
RUN_COST = 3.0
"""Cost of a same-sign run of the hand that needs a top next to it."""
ANCHORED_RUN_COST = 1.0
"""Cost of a run through a 7 (the 7 reopens it)."""
BLOCK_COST = 60.0
"""Cost of having no play (and no 7 or P) at the start of a turn with
cards in the stock: about three unplayable cards drawn and kept, and a
hand that stays hard to play."""
PASS_COST = 6.0
"""Cost of having no play at the start of a turn with an empty stock (a
turn passed)."""
STOCK_DRAWS = 3
"""A blocked player draws about this many cards before he can play: a
smaller stock makes a block cheaper."""
HORIZON = 4
"""At most this many turns of the player are looked at for blocks: fewer
when his hand is fewer runs (he needs fewer turns to go out) or an
opponent holds fewer cards (the hand may end sooner)."""
FOLLOW_COST = 4.0
"""Cost of a top card the next player can follow with a sequence card,
times the chance that he can."""
P_KEEP = 20.0
"""The value of holding the Progress card: a free run whenever it suits,
and a sure way out once the rest of the hand is one run."""
DRAW_GAIN = 13.0
"""The gain of each card the next player is expected to draw when he can
play nothing on the top card left to him (times the chance): cards
that others, this player among them, would draw."""
OUT = -1000.0
"""The value of going out."""
EPSILON = 1e-9
INFINITY = float("inf")

START, CONTINUE, FREE, OPEN = range(4)
"""Phases of the turn search."""
PHASES = {"opening": OPEN, "start": START, "continue": CONTINUE, "free card": FREE}
NUMBERS = 13
NUMBER_MASK = (1 << NUMBERS) - 1
SEVEN = 6
"""The bit of a 7 in a sign's 13-bit number mask."""

Node = tuple[int, int, int, bool, int, int]
"""(hand, top face, sign kept to, right to stop, phase, run direction)."""


class ProgressTables:
    """Per-option-set tables: the game's masks and, per 13-bit mask of the
    numbers of one sign, their points, runs and neighbouring numbers."""

    def __init__(self, game: Progress) -> None:
        self.game = game
        self.ids: dict[str, int] = {card.code: card.id for card in game.deck.cards}
        self.copies = game.copies
        self.wraparound = game.wraparound
        self.reopen_only = game.reopen_only
        self.p_optional = game.p_optional
        self.deferral = game.deferral
        self.defer_any_seven = game.defer_any_seven
        self.direction_lock = game.direction_lock
        self.p_value = game.p_value
        self.face_masks = game.face_masks
        self.sevens = game.sevens
        self.p_mask = game.p_mask
        self.reserve = game.sevens | game.p_mask
        self.up = game.up
        self.down = game.down
        self.adjacent_sign = game.adjacent_sign
        self.adjacent_any = game.adjacent_any
        self.full = game.deck.full_mask
        points = [0] * (1 << NUMBERS)
        for bits in range(1, 1 << NUMBERS):
            points[bits] = points[bits & (bits - 1)] + (bits & -bits).bit_length()
        self.points = tuple(points)
        self.neighbours = tuple(self._neighbours(bits) for bits in range(1 << NUMBERS))
        self.runs = tuple(self._runs(bits) for bits in range(1 << NUMBERS))
        self.number_cards = tuple(
            sum(game.face_masks[sign * NUMBERS + number] for sign in range(4))
            for number in range(NUMBERS)
        )
        """Per number: every card of that number (all signs and copies)."""

    def _neighbours(self, bits: int) -> int:
        """The numbers next to one of ``bits`` (13 and 1 with wraparound)."""
        near = (bits << 1 | bits >> 1) & NUMBER_MASK
        if self.wraparound:
            near |= (bits >> (NUMBERS - 1)) | (bits & 1) << (NUMBERS - 1)
        return near

    def _runs(self, bits: int) -> tuple[int, int]:
        """(runs not through a 7, runs through a 7) of a sign's numbers."""
        previous = (bits << 1) & NUMBER_MASK
        if self.wraparound:
            previous |= bits >> (NUMBERS - 1)
        starts = (bits & ~previous).bit_count()
        if bits and not starts:
            starts = 1
        anchored = bits >> SEVEN & 1
        return starts - anchored, anchored


_TABLES: dict[tuple[tuple[str, Any], ...], ProgressTables] = {}


def progress_tables(options: dict[str, Any]) -> ProgressTables:
    """The (cached) tables of Progress with ``options``.

    A Progress Races table's own options (``opener``, ``follow_sign``) are
    left out: they change who opens and which cards are legal, which the
    player reads from the legal actions, not the tables."""
    options = {name: value for name, value in options.items() if name in Progress.schema}
    key = tuple(sorted(options.items()))
    tables = _TABLES.get(key)
    if tables is None:
        game = make(Progress.name, **options)
        assert isinstance(game, Progress)
        tables = _TABLES[key] = ProgressTables(game)
    return tables


class TurnPlanner:
    """One decision's search over the ways to finish the turn."""

    def __init__(self, tables: ProgressTables, observation: Observation, hand: int) -> None:
        self.tables = tables
        ids = tables.ids
        played = 0
        for code in observation["zones"]["played"]:
            played |= 1 << ids[code]
        self.unseen = tables.full & ~hand & ~played
        self.unseen_total = self.unseen.bit_count()
        seat = int(observation["seat"])
        players = observation["players"]
        n = len(players)
        self.next_cards = int(players[(seat + 1) % n]["cards"])
        fewest = min(int(player["cards"]) for player in players if player["seat"] != seat)
        self.point_cost = LATE_POINT_COST if fewest <= LATE_CARDS else POINT_COST
        stock = int(observation["zones"]["stock"])
        self.stock = stock
        drawn = min(stock, STOCK_DRAWS) / STOCK_DRAWS
        self.block_cost = PASS_COST + (BLOCK_COST - PASS_COST) * drawn
        weights = [
            (self.unseen & cards).bit_count() + 0.5 for cards in tables.number_cards
        ]
        total = sum(weights)
        self.top_weights = [weight / total for weight in weights]
        self.horizon = min(HORIZON, max(1, fewest))
        """How many of his turns the player looks at for blocks: fewer when
        an opponent holds few cards (the hand may end sooner)."""
        self.block_memo: dict[int, float] = {}
        self.excess_memo: dict[tuple[float, int, int], float] = {}
        self.follow_memo: dict[int, float] = {}
        """Per top face: the cost of leaving it to the next player."""
        self.memo: dict[Node, float] = {}

    # --- the rules of one turn -----------------------------------------------
    def sequence_cards(self, top: int, any_sign: bool, direction: int) -> int:
        """The cards that continue the sequence on the face ``top``."""
        tables = self.tables
        if tables.direction_lock and direction:
            same = tables.up[top] if direction > 0 else tables.down[top]
        else:
            same = tables.adjacent_sign[top]
        if not any_sign:
            return same
        return (tables.adjacent_any[top] & ~tables.adjacent_sign[top]) | same

    def moves(self, node: Node) -> tuple[int, bool, int]:
        """(legal cards, may stop, sequence cards held) at ``node`` (not
        the opening, whose legal cards come from the observation)."""
        hand, top, _, defer, phase, direction = node
        tables = self.tables
        if phase == FREE:
            return hand, tables.p_optional, 0
        sequence = hand & self.sequence_cards(top, phase == START, direction)
        legal = sequence | (hand & tables.p_mask)
        if not sequence or not tables.reopen_only:
            legal |= hand & tables.sevens
        if phase != CONTINUE or not legal or tables.deferral == "never":
            return legal, False, sequence
        if tables.deferral == "after_sequence_card" and not defer:
            return legal, False, sequence
        if tables.defer_any_seven:
            keep = tables.reserve
        else:
            keep = tables.p_mask | (tables.sevens & ~self.sequence_cards(top, False, direction))
        return legal, legal & ~keep == 0, sequence

    def play(self, node: Node, face: int, free: bool) -> float:
        """The best value after playing ``face`` at ``node`` (``free``: the
        card is not a sequence card, as after P or at a free start)."""
        hand, top, lock, defer, phase, direction = node
        tables = self.tables
        copies = hand & tables.face_masks[face]
        bit = copies & -copies
        rest = hand ^ bit
        if not rest:
            return OUT
        if face == P_FACE:
            return self.best((rest, top, lock, defer, FREE, 0))
        new_direction = 0
        if not free and bit & self.sequence_cards(top, phase == START, direction):
            defer = True
            if tables.direction_lock and top // NUMBERS == face // NUMBERS:
                new_direction = 1 if tables.up[top] & bit else -1
        return self.best((rest, face, face // NUMBERS, defer, CONTINUE, new_direction))

    def best(self, node: Node) -> float:
        """The value of the best way to finish the turn from ``node``."""
        value = self.memo.get(node)
        if value is not None:
            return value
        legal, may_stop, sequence = self.moves(node)
        phase = node[4]
        value = self.leaf(node[0], node[1], phase == FREE) if may_stop or not legal else INFINITY
        if legal:
            free = phase == FREE
            if sequence and phase != FREE:
                # P is kept for when no sequence card is left (then its free
                # card starts the best remaining run)
                legal &= ~self.tables.p_mask
            for face in self.faces(legal):
                value = min(value, self.play(node, face, free))
        self.memo[node] = value
        return value

    def faces(self, cards: int) -> list[int]:
        """The distinct faces of ``cards``."""
        if self.tables.copies == 2:
            cards = (cards & ((1 << FACES) - 1)) | cards >> FACES
        return few_bits_of(cards)

    # --- judging the end of the turn ------------------------------------------
    def leaf(self, hand: int, top: int, free_next: bool) -> float:
        """The cost of ending the turn holding ``hand`` on the face ``top``
        (``free_next``: the next player starts with any card)."""
        if not hand:
            return OUT
        tables = self.tables
        points_table = tables.points
        runs_table = tables.runs
        low = hand & ((1 << FACES) - 1)
        high = hand >> FACES
        faces = low | high
        points = 0
        for part in (low, high) if high else (low,):
            for shift in (0, 13, 26, 39):
                points += points_table[part >> shift & NUMBER_MASK]
            if part >> P_FACE & 1:
                points += tables.p_value
        numbers = 0
        loose = 0
        anchored = 0
        for shift in (0, 13, 26, 39):
            bits = faces >> shift & NUMBER_MASK
            if bits:
                numbers |= bits
                runs = runs_table[bits]
                loose += runs[0]
                anchored += runs[1]
        cards = hand.bit_count()
        cost = (
            self.point_cost * points
            + CARD_COST * cards
            + RUN_COST * loose
            + ANCHORED_RUN_COST * anchored
        )
        blocks = self.excess_blocks(
            self.block_chance(tables.neighbours[numbers]), (hand & tables.reserve).bit_count(),
            min(self.horizon, max(1, loose + anchored)),
        )
        cost += self.block_cost * blocks
        if hand & tables.p_mask:
            cost -= P_KEEP
        cost += FOLLOW_COST if free_next or top < 0 else self.next_player_cost(top)
        return cost

    def excess_blocks(self, chance: float, reserves: int, horizon: int) -> float:
        """The expected number of turns, among the player's next
        ``horizon``, that start with no play and no 7 or P left to reopen
        with (each block uses one of ``reserves``); ``chance`` is the chance
        that a turn starts with no play."""
        if reserves >= horizon:
            return 0.0
        key = (chance, reserves, horizon)
        expected = self.excess_memo.get(key)
        if expected is None:
            expected = sum(
                (blocks - reserves) * comb(horizon, blocks)
                * chance ** blocks * (1.0 - chance) ** (horizon - blocks)
                for blocks in range(reserves + 1, horizon + 1)
            )
            self.excess_memo[key] = expected
        return expected

    def block_chance(self, covered: int) -> float:
        """The chance that the top card at the next turn is next to none of
        the numbers held (``covered``: the numbers that are)."""
        chance = self.block_memo.get(covered)
        if chance is None:
            weights = self.top_weights
            chance = sum(weights[number] for number in range(NUMBERS) if not covered >> number & 1)
            self.block_memo[covered] = chance
        return chance

    def next_player_cost(self, top: int) -> float:
        """The cost of leaving the face ``top`` to the next player: he may
        follow it (he plays on), or hold nothing to play at all (he draws)."""
        cost = self.follow_memo.get(top)
        if cost is None:
            tables = self.tables
            near = tables.neighbours[1 << top % NUMBERS]
            cards = 0
            for number in range(NUMBERS):
                if near >> number & 1:
                    cards |= tables.number_cards[number]
            follow = 1.0 - self.none_held(self.unseen & cards)
            playable = self.unseen & (cards | tables.reserve)
            blocked = self.none_held(playable)
            cost = FOLLOW_COST * follow - DRAW_GAIN * blocked * self.draws(playable.bit_count())
            self.follow_memo[top] = cost
        return cost

    def draws(self, playable: int) -> float:
        """How many cards a blocked next player is expected to draw and keep
        before he finds one of the ``playable`` unseen cards (none of which
        he holds) in the stock."""
        stock = self.stock
        elsewhere = self.unseen_total - self.next_cards
        if not stock or elsewhere <= 0:
            return 0.0
        in_stock = playable * stock / elsewhere
        return min(float(stock), (stock - in_stock) / (in_stock + 1.0))

    def none_held(self, cards: int) -> float:
        """The chance that the next player holds none of ``cards`` (unseen
        cards), his hand being drawn from the unseen cards."""
        useful = cards.bit_count()
        total = self.unseen_total
        none = 1.0
        for drawn in range(min(self.next_cards, total)):
            none *= max(0, total - useful - drawn) / (total - drawn)
        return none


def _direction(observation: Observation, tables: ProgressTables) -> int:
    """The direction of the same-sign run on the pile (``direction_lock``):
    from the last two cards played, when they are of one sign and next to
    each other; else 0."""
    if not tables.direction_lock:
        return 0
    recent = [code for turn in observation["zones"]["turns"] for code in turn["cards"]][-2:]
    if len(recent) < 2:
        return 0
    game = tables.game
    before, last = (game.face_of[tables.ids[code]] for code in recent)
    if P_FACE in (before, last) or before // NUMBERS != last // NUMBERS:
        return 0
    if tables.up[before] & tables.face_masks[last]:
        return 1
    if tables.down[before] & tables.face_masks[last]:
        return -1
    return 0


def progress_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic Progress action for the seat of ``observation``
    (see the module docstring); ``rng`` breaks exact ties only."""
    if len(legal) == 1 or DRAW in legal or PASS in legal:
        return legal[0]
    tables = progress_tables(observation["options"])
    ids = tables.ids
    game = tables.game
    hand = 0
    for code in observation["hand"]:
        hand |= 1 << ids[code]
    planner = TurnPlanner(tables, observation, hand)
    top_code = observation["zones"]["top"]
    top = -1 if top_code is None else game.face_of[ids[top_code]]
    sign = observation["sign"]
    lock = -1 if sign is None else SIGNS.index(sign)
    phase = PHASES[observation["phase"]]
    node: Node = (
        hand, top, lock, bool(observation["sequence_played"]), phase,
        _direction(observation, tables),
    )
    free = phase in (FREE, OPEN) or top < 0
    if phase == START and not free:
        # a free start (after P with p_followup optional): any card is legal
        near = tables.adjacent_any[top] | tables.reserve
        free = any(
            action < FACES and not near & tables.face_masks[action] for action in legal
        )
    scored: list[tuple[float, int]] = []
    for action in legal:
        if action == STOP:
            value = planner.leaf(hand, top, phase == FREE)
        else:
            value = planner.play(node, action, free)
        scored.append((value, action))
    best = min(value for value, _ in scored)
    ties = [action for value, action in scored if value <= best + EPSILON]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


# The searches play Progress's simulations with the heuristic: random
# playouts rarely go out and draw the whole stock, so they are long and say
# little, and the heuristic's are short and informative (a position that
# 300 random-rollout iterations get wrong, 50 heuristic ones get right, in
# less time). The ``hard`` player is the rollout player over the heuristic:
# the cards decide most hands, and the search played no better than the
# heuristic.
register_heuristic(Progress, progress_action)
register_rollout(Progress, heuristic_action)
register_level(Progress, "hard", rollout_hard)

"""Progress Rummy's ``hard`` player: the heuristic's judgement of hands,
one draw deeper, and points weighed by the danger that the round ends.

The heuristic (:mod:`parlour.agents.heuristic.rummy`) judges a hand that
is not down by its cost now (:func:`~parlour.agents.heuristic.rummy.hand_cost`:
the cards missing to the contract, the unseen cards that would close the
gap, the points held, the cards that go together). This player asks
instead what the hand is expected to cost *after the next draw and the
best discard then*, over every unseen card (the stock and the other hands
are alike to this seat, each unseen copy as likely to come next). The
swap for a Progress card, going down and building melds stay the
heuristic's.

* **The danger of being caught.** A player who is not down when another
  goes out pays for every card he holds (about 60 points between
  heuristic players, against 6 for a player who is down). Each point
  held costs the chance that the round ends before this hand makes its
  contract (:func:`round_risk`): every player down may go out before this
  player's next turn, the more likely the fewer cards he holds
  (:data:`OUT_RATES`, measured), and the hand needs about
  :data:`CYCLES_PER_CARD` turns a card missing. With nobody down a point
  costs what the heuristic says; with a player down to one card and the
  hand a card short, a king of a pair goes before a lone six.
* **The discard** (not down): the best few discards by the cost now
  (:data:`CANDIDATES`) are judged by the expected cost of the hand each
  leaves after one more draw and discard, plus the heuristic's penalty
  for feeding the next player; ties by the cost now.
* **Draw or take** (not down): taking the up-card is worth the hand
  after the best discard with it (the card taken may not go straight
  back); drawing is worth the expected hand after the draw and its best
  discard. The player takes when that is cheaper by :data:`TAKE_MARGIN`
  (a card taken is shown to everyone).
* **Once down**, the melds and lay-offs are the heuristic's; the discard
  is the one that leaves the least expected cost after the next turn
  (draw, shed everything that can be shed, discard the highest card):
  the points still held plus :data:`CARD_LEFT` a card, or
  :data:`OUT_BONUS` less when the turn goes out. The up-card is taken
  when it goes out at once, or when it is laid off and leaves less than
  a draw is expected to.

Only the unseen cards that can change a judgement are drawn in the
lookahead: not down, those that would narrow the gap in some best
arrangement, the Progress card and the cards that go with one in hand
(same number, or same sign within two); once down, a card that neither
fits a meld on the table nor goes with a card in hand is judged once for
its value. A decision judges up to a few hundred hands (each remembered
for the decision, the gap for the match): about 70 ms on average on the
reference machine, under a second at worst.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from parlour.agents.heuristic.lookahead import DrawLookahead
from parlour.agents.heuristic.rummy import (
    DANGER,
    DANGER_POINTS,
    FACES,
    Counts,
    Seat,
    contract_gap,
    face_of,
    feeding_cost,
    hand_cost,
    leftover_cost,
    partners,
    read_seat,
    rummy_action,
    shed_plan,
    value_of,
)
from parlour.agents.registry import register_level
from parlour.engine.game import Observation
from parlour.games.progress_rummy import DRAW, TAKE, ProgressRummy
from parlour.games.rummy_melds import P_FACE, extensions

CANDIDATES = 4
"""The discards looked at one draw deeper: the heuristic's best few by the
cost now (the lookahead re-ranks plausible discards; the others lose
too much already)."""
OUT_RATES = {1: 0.2, 2: 0.06, 3: 0.06}
"""The chance that a player who is down, holding this many cards at the
start of his turn, goes out before this player's next turn (rounded from
games of the heuristic against itself, four players; 0.02 with more
cards, :data:`OUT_RATE`)."""
OUT_RATE = 0.02
CYCLES_PER_CARD = 2
"""Turns a player is taken to need to find one card missing to his
contract (an estimate: a hand a card short has a dozen outs among some
eighty unseen cards, and may also take the up-card)."""
POINT_RISK = 1.0
"""Cost of a penalty point held by a player who is caught when the round
ends (ten to a card missing to the contract): weighed by the chance that
the round ends before the contract is made."""
CARD_LEFT = 3.0
"""Cost, in points, of each card a down player still holds after his
turn: every card is a step further from going out."""
OUT_BONUS = 15.0
"""Worth, in points, of going out beyond the points it saves: the round
ends and every other player pays what he holds."""
TAKE_MARGIN = 0.5
"""How much cheaper (in the heuristic's cost units: ten to a card missing
to the contract) taking the up-card must leave the hand than drawing, for
the player to show the others a card he wants."""


class _Judge:
    """The hand costs of one decision, each hand judged once."""

    def __init__(self, view: Seat, risk: float, weights: list[float]) -> None:
        self.view = view
        self.risk = risk
        self._costs: dict[Counts, float] = {}
        self.weights = weights

    def cost(self, counts: Counts) -> float:
        """The heuristic's cost of keeping ``counts``."""
        found = self._costs.get(counts)
        if found is None:
            found = hand_cost(counts, self.view)
            if self.risk:
                found += self.risk * sum(count * value_of(face, self.view.p_value)
                                         for face, count in enumerate(counts) if count)
            self._costs[counts] = found
        return found

    def best_kept(self, counts: list[int], keep: int = -1) -> float:
        """The least cost of ``counts`` after one discard (never ``keep``,
        never the Progress card while another card may go)."""
        best = float("inf")
        others = any(counts[face] for face in range(P_FACE) if face != keep)
        for face in range(FACES):
            if not counts[face] or face == keep or (face == P_FACE and others):
                continue
            counts[face] -= 1
            best = min(best, self.cost(tuple(counts)))
            counts[face] += 1
        return best

    def after_draw(self, counts: Counts) -> float:
        """The expected cost of ``counts`` after the next draw and the best
        discard (a draw that cannot help is discarded again)."""
        now = self.cost(counts)
        _, wanted = contract_gap(counts, self.view.melds, self.view.size, self.view.rules)
        expected = now
        hand = list(counts)
        for face in range(FACES):
            weight = self.weights[face]
            if not weight or not (face in wanted or face == P_FACE or partners_in(hand, face)):
                continue
            hand[face] += 1
            gain = now - self.best_kept(hand)
            hand[face] -= 1
            if gain > 0:
                expected -= weight * gain
        return expected


def without(counts: Sequence[int], face: int) -> Counts:
    """``counts`` less one card of ``face``."""
    rest = list(counts)
    rest[face] -= 1
    return tuple(rest)


def partners_in(counts: Sequence[int], face: int) -> bool:
    """Whether a card of ``face`` would have a partner in ``counts``."""
    if face == P_FACE:
        return True
    counts_with = list(counts)
    counts_with[face] += 1
    return partners(counts_with, face) > 0


def round_risk(view: Seat, observation: Observation) -> float:
    """The cost of a point held (see :data:`POINT_RISK`): the chance that
    another player goes out before this hand, at its gap now, makes the
    contract."""
    stay = 1.0
    for other, player in enumerate(observation["players"]):
        if other != view.seat and player["down"]:
            stay *= 1.0 - OUT_RATES.get(int(player["cards"]), OUT_RATE)
    if stay == 1.0:
        return 0.0
    gap, _ = contract_gap(tuple(view.hand), view.melds, view.size, view.rules)
    return POINT_RISK * (1.0 - stay ** (1 + CYCLES_PER_CARD * gap))


def lookahead_discard(view: Seat, observation: Observation, choices: Sequence[int],
                      weights: list[float]) -> int:
    """The face to discard among ``choices`` (not down)."""
    judge = _Judge(view, round_risk(view, observation), weights)
    kept = {face: without(view.hand, face) for face in choices}
    feeding = {face: feeding_cost(face, view, DANGER) for face in choices}
    now = sorted((judge.cost(kept[face]) + feeding[face], face) for face in choices)
    scored = [(judge.after_draw(kept[face]) + feeding[face], judge.cost(kept[face]), face)
              for _, face in now[:CANDIDATES]]
    return min(scored)[2]


def lookahead_begin(view: Seat, observation: Observation, legal: Sequence[int],
                    weights: list[float]) -> int:
    """Draw or take the up-card (not down, no swap chosen)."""
    if TAKE not in legal:
        return DRAW
    top = observation["zones"]["discard"]
    if DRAW not in legal:
        return TAKE
    up = face_of(str(top))
    judge = _Judge(view, round_risk(view, observation), weights)
    counts = list(view.hand)
    counts[up] += 1
    taken = judge.best_kept(counts, keep=-1 if _rediscard(observation) else up)
    drawn = judge.after_draw(tuple(view.hand))
    return TAKE if taken < drawn - TAKE_MARGIN else DRAW


class _DownJudge:
    """What a down player's hand is expected to leave him holding after
    his next turn: each hand judged once a decision."""

    def __init__(self, view: Seat, weights: list[float]) -> None:
        self.view = replace(view, taken=-1)
        self._values: dict[Counts, float] = {}
        self.weights = weights
        self.may_meld = view.extra_minimum > 0
        self.table_faces = {face for identities in view.table
                            for face in extensions(identities, view.rules)}

    def turn_end(self, counts: Counts) -> float:
        """The cost of ``counts`` (held after the draw) once everything that
        can be shed is shed and the highest card left is discarded: minus
        :data:`OUT_BONUS` when the player goes out, else the points left
        plus :data:`CARD_LEFT` a card."""
        found = self._values.get(counts)
        if found is None:
            view = self.view
            _, rest = shed_plan(counts, counts, view.table, view, self.may_meld)
            left = sum(rest) - 1
            found = -OUT_BONUS if left <= 0 else leftover_cost(rest, view) + CARD_LEFT * left
            self._values[counts] = found
        return found

    def after_draw(self, counts: Counts) -> float:
        """The expected :meth:`turn_end` of ``counts`` after the next draw.

        A card that can be laid off nowhere and goes with no card in hand
        only adds its points: its judgement is the same as that of any
        other such card of its value, so one of each value is judged."""
        hand = list(counts)
        expected = 0.0
        by_value: dict[int, float] = {}
        for face in range(FACES):
            weight = self.weights[face]
            if not weight:
                continue
            idle = (face != P_FACE and face not in self.table_faces
                    and not partners_in(hand, face))
            value = value_of(face, self.view.p_value)
            if idle and value in by_value:
                expected += weight * by_value[value]
                continue
            hand[face] += 1
            found = self.turn_end(tuple(hand))
            hand[face] -= 1
            if idle:
                by_value[value] = found
            expected += weight * found
        return expected


def down_discard(view: Seat, choices: Sequence[int], weights: list[float]) -> int:
    """The face a down player discards among ``choices``: the one that
    leaves the least expected cost after his next turn (see
    :class:`_DownJudge`), feeding the next player costing as in the
    heuristic."""
    judge = _DownJudge(view, weights)
    scored = [(judge.after_draw(without(view.hand, face)) + feeding_cost(face, view, DANGER_POINTS),
               -value_of(face, view.p_value), face) for face in choices]
    return min(scored)[2]


def down_begin(view: Seat, observation: Observation, legal: Sequence[int],
               weights: list[float]) -> int:
    """Draw or take the up-card, once down."""
    if TAKE not in legal or DRAW not in legal:
        return TAKE if DRAW not in legal else DRAW
    up = face_of(str(observation["zones"]["discard"]))
    judge = _DownJudge(view, weights)
    counts = list(view.hand)
    counts[up] += 1
    taker = replace(view, taken=-1 if _rediscard(observation) else up)
    _, rest = shed_plan(counts, counts, view.table, taker, judge.may_meld)
    if sum(rest) <= 1:
        return TAKE
    if rest[up] == counts[up]:
        return DRAW  # a card kept only shows the others what is wanted
    choices = [face for face in range(FACES) if rest[face] and (face != up or rest[up] > 1
                                                                 or _rediscard(observation))]
    if not choices:
        return DRAW
    thrown = max(choices, key=lambda face: value_of(face, view.p_value))
    rest[thrown] -= 1
    taken = (sum(count * value_of(face, view.p_value) for face, count in enumerate(rest))
             + CARD_LEFT * sum(rest))
    drawn = judge.after_draw(tuple(view.hand))
    return TAKE if taken <= drawn else DRAW


def _rediscard(observation: Observation) -> bool:
    return str(observation["options"]["rediscard"]) == "allowed"


def draw_weights(view: Seat, rng: random.Random, draws: int | None) -> list[float]:
    """Per face, the chance that it is the next card drawn: each unseen
    copy alike; with ``draws``, only a seeded sample of that many unseen
    faces (each weighed as before, the weights scaled to sum to one)."""
    counts = list(view.unseen)
    faces = [face for face in range(FACES) if counts[face]]
    if draws is not None and len(faces) > draws:
        kept = set(rng.sample(faces, draws))
        counts = [count if face in kept else 0 for face, count in enumerate(counts)]
    total = sum(counts)
    return [count / total if total else 0.0 for count in counts]


def lookahead_action(observation: Observation, legal: Sequence[int],
                     rng: random.Random, draws: int | None = None) -> int:
    """The ``hard`` player's action (see the module docstring); ``draws``
    limits the unseen faces it considers drawing to a sample of that many
    drawn with ``rng`` (all when ``None``)."""
    own = rummy_action(observation, legal, rng)
    if len(legal) == 1:
        return own
    view = read_seat(observation)
    phase = observation["phase"]
    weights = draw_weights(view, rng, draws)
    if view.down:
        if phase == "begin" and own in (DRAW, TAKE):
            return down_begin(view, observation, legal, weights)
        if phase == "meld" and own < FACES:
            return down_discard(view, [action for action in legal if action < FACES], weights)
        return own
    if phase == "begin" and own in (DRAW, TAKE):
        return lookahead_begin(view, observation, legal, weights)
    if phase == "meld" and own < FACES:
        discards = [action for action in legal if action < FACES]
        return lookahead_discard(view, observation, discards, weights)
    return own


class RummyLookaheadAgent(DrawLookahead):
    """Progress Rummy's ``hard`` player (see the module docstring); with
    every unseen face considered (``draws=None``) its choice is
    deterministic."""

    action = staticmethod(lookahead_action)


# A round of Progress Rummy is a few hundred decisions, and the search
# managed some 55 random playouts a move: the ``hard`` player searches the
# next draw exactly instead, weighing points by the danger of being caught.
register_level(ProgressRummy, "hard", RummyLookaheadAgent)

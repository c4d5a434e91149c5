"""The heuristic player of Progress Rummy: a contract-rummy player's habits.

Every decision reads only the observation (its own hand, the melds on the
table with the declared identities of their Progress cards and who placed
them, the top discard, the public log of this round's discards, the cards
``known`` to be in other hands, the contract, the players' ``down`` flags
and hand sizes, the melds being ``built``, the card ``taken`` this turn,
the options) and the legal action ids.

* **How far from the contract.** A hand that is not down is judged by its
  *gap*: the fewest cards still missing to make the round's contract
  (:func:`contract_gap`), over every group (a number) and every sequence
  window of the contract's size, in pairs for the double contracts (two
  melds take different copies), each Progress card filling a missing
  place while the meld keeps its natural cards. The *outs* are the unseen
  copies of the cards that would close the gap in one of the best
  arrangements (cards in the player's hand, in melds, in the discards of
  this round or known in another hand are seen).
* **Draw or take.** The up-card is taken when it closes the gap (after
  the discard it forces: the card taken may not go straight back), or,
  once down, when it is laid off or melded this very turn; otherwise the
  player draws: a blind card is as good and shows the others nothing.
* **The swap.** A player not yet down who holds the exact card a P on the
  table stands for swaps it when the wild card narrows his gap at least as
  much as the up-card would (usually: the P fits any meld); once down he
  draws instead (a P would only be laid off, and a draw lays off as well).
* **Going down.** The contract is laid as soon as the hand makes it, never
  held back: a rummy round can end at any turn, every card melded is
  points that cannot be caught, and only a player who is down may lay off
  and shed. Among the ways to make the contract the player chooses, once
  (:func:`plan_contract`), the one that leaves the cheapest hand after
  everything he can then shed this turn, natural cards before Progress
  cards, and a P kept for a safe lay-off rather than declared as a card
  someone may still swap for (:data:`SWAP_RISK`); the melds are fed step
  by step in that order (sequences from their low end, so every step is
  one the engine offers). A P in a meld is declared, where it has the
  choice, as a card whose copies are both seen, so nobody can swap it away.
* **Once down, shed.** Lay extra melds (the ones worth most points first;
  a P in one only as a card nobody can swap for), then lay off natural
  cards (the card taken first, then the highest), then the P (15 points
  in hand, and it fits any meld; declared to make room for a card held,
  else as a card nobody can swap for), always keeping a card to discard:
  a player who can shed all but one card goes out.
* **The discard.** Not down: the card whose loss widens the gap least and
  keeps the most outs, then the one with fewest partners in hand (same
  number, same sign close by), then the highest. Down: the highest card
  that is not half of a future meld. Either way the player does not feed
  the next player: not a card that goes with the cards he is known to
  hold, not one he could lay off if he is down, and never the P.

Every gap is remembered per hand (a whole match asks about the same hands
again and again), so a decision takes well under a millisecond on
average and a few at most.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from parlour.agents.registry import register_heuristic
from parlour.cards import PROGRESS_53
from parlour.engine.game import Observation
from parlour.games.progress_rummy import (
    AS_BASE,
    DONE,
    DRAW,
    MELD,
    MELD_BASE,
    SWAP,
    TAKE,
    ProgressRummy,
)
from parlour.games.rummy_melds import (
    P_FACE,
    MeldRules,
    completions,
    extensions,
    has_discard,
    kind,
    run_order,
)

FACES = 53
GAP_COST = 10.0
"""Cost of one card missing to the contract."""
OUT_GAIN = 0.3
"""Gain of each unseen card that would close the gap."""
POINT_COST = 0.08
"""Cost of a penalty point held by a player who is not down."""
PARTNER_GAIN = 0.4
"""Gain of each partner a card has in hand (a card of its number, or of
its sign within two numbers): half of a meld that is not the best plan."""
DANGER = 2.5
"""Cost, in gap units, of a discard the next player wants."""
HALF_MELD_POINTS = 6.0
"""Points a down player gives up rather than discard half of a new meld."""
DANGER_POINTS = 10.0
"""Points a down player gives up rather than feed the next player."""
P_DISCARD = 1000.0
"""The Progress card is never discarded while anything else may be."""
SWAP_RISK = 10.0
"""Points a player gives up rather than lay a P as a card someone may
still swap for (the swapper gets a wild card for nothing)."""
PAIR_CANDIDATES = 10
"""The best single melds paired for a double contract."""

CODE_FACE = {PROGRESS_53[face].code.casefold(): face for face in range(FACES)}

Counts = tuple[int, ...]
Built = list[tuple[int, int]]
"""A meld to lay: (face, identity) per card, in the order fed to the engine."""


def face_of(code: str) -> int:
    """The face of a card code (``9Cr#2`` -> 8; ``P`` -> 52)."""
    return CODE_FACE[code.split("#")[0].casefold()]


def value_of(face: int, p_value: int) -> int:
    """The penalty of a card of ``face``."""
    return p_value if face == P_FACE else face % 13 + 1


@dataclass
class Seat:
    """What one decision needs from the observation."""

    seat: int
    hand: list[int]
    rules: MeldRules
    melds: int
    size: int
    down: bool
    table: list[list[int]]
    """Per meld on the table, the identities of its cards."""
    progress: list[list[tuple[int, int]]]
    """Per meld, (identity, placer) of its Progress cards."""
    taken: int
    """The face of the card taken this turn while it is held (-1: none)."""
    unseen: list[int]
    next_known: list[int]
    next_down: bool
    p_value: int
    extra_minimum: int
    """Least size of a new meld once down (0: none may be laid)."""
    same_turn: bool
    owner_may_swap: bool


def read_seat(observation: Observation) -> Seat:
    """The decision's view of ``observation``."""
    options: dict[str, Any] = observation["options"]
    seat = int(observation["seat"])
    players = observation["players"]
    n = len(players)
    hand = [0] * FACES
    for code in observation["hand"]:
        hand[face_of(code)] += 1
    seen = list(hand)
    table: list[list[int]] = []
    progress: list[list[tuple[int, int]]] = []
    for meld in observation["zones"]["melds"]:
        identities = []
        wild = []
        for card in meld["cards"]:
            face = face_of(card["code"])
            seen[face] += 1
            if face == P_FACE:
                identity = face_of(card["as"])
                wild.append((identity, int(card["placed_by"])))
            else:
                identity = face
            identities.append(identity)
        table.append(identities)
        progress.append(wild)
    for built in observation.get("building", []):
        for card in built:
            seen[face_of(card["code"])] += 1
    for code in discards_seen(observation):
        seen[face_of(code)] += 1
    for other, cards in enumerate(observation["known"]):
        if other != seat:
            for code in cards:
                seen[face_of(code)] += 1
    after = (seat + (-1 if options.get("direction") == "anticlockwise" else 1)) % n
    next_known = [0] * FACES
    for code in observation["known"][after]:
        next_known[face_of(code)] += 1
    taken_code = str(observation.get("taken") or "")
    building = [card["code"] for built in observation.get("building", []) for card in built]
    pending = bool(observation.get("pending"))
    if pending:
        seen[P_FACE] += 1
    held = bool(taken_code) and (
        taken_code in observation["hand"] or taken_code in building
        or (pending and face_of(taken_code) == P_FACE))
    taken = face_of(taken_code) if held else -1
    if options["rediscard"] == "allowed":
        taken = -1
    rules = MeldRules(wraparound=bool(options["sequence_wraparound"]),
                      min_natural=int(options["min_natural_cards"]),
                      duplicate_signs=bool(options["group_duplicate_signs"]))
    contract = observation["contract"]
    extra = str(options["extra_melds"])
    size = int(contract["size"])
    return Seat(
        seat=seat, hand=hand, rules=rules, melds=int(contract["melds"]), size=size,
        down=bool(players[seat]["down"]), table=table, progress=progress, taken=taken,
        unseen=[max(0, 2 - count) for count in seen], next_known=next_known,
        next_down=bool(players[after]["down"]), p_value=int(options["p_value"]),
        extra_minimum=0 if extra == "none" else size if extra == "contract_size" else 3,
        same_turn=bool(options["same_turn_layoff"]),
        owner_may_swap=bool(options["owner_may_swap"]),
    )


def discards_seen(observation: Observation) -> list[str]:
    """The codes discarded this round (top included) that no reshuffle has
    put back into the stock, read from the public log."""
    found: list[str] = []
    for line in observation["log"]:
        words = line.split()
        if "deals round" in line or "shuffled into a new stock" in line:
            found = []
        elif len(words) == 3 and words[1] == "discards":
            found.append(words[2])
        elif len(words) == 3 and words[1] == "takes" and words[2] in found:
            found.remove(words[2])
    top = observation["zones"]["discard"]
    if top is not None and top not in found:
        found.append(top)
    return found


# --- the gap to the contract ----------------------------------------------

@lru_cache(maxsize=64)
def windows(size: int, wraparound: bool) -> tuple[tuple[int, ...], ...]:
    """Every sequence window of ``size`` faces, all signs."""
    starts = range(13) if wraparound and size < 13 else range(14 - size)
    return tuple(tuple(sign * 13 + (start + offset) % 13 for offset in range(size))
                 for sign in range(4) for start in starts)


@lru_cache(maxsize=64)
def window_masks(size: int, wraparound: bool) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every sequence window of ``size``: (sign, mask of its numbers, faces)."""
    return tuple((faces[0] // 13, sum(1 << face % 13 for face in faces), faces)
                 for faces in windows(size, wraparound))


Candidate = tuple[int, int, int, tuple[int, ...]]
"""(missing, places a Progress card may fill, group number or -1, faces of
a sequence window)."""


def _group(counts: Sequence[int], number: int, size: int, rules: MeldRules) -> Candidate:
    faces = (number, 13 + number, 26 + number, 39 + number)
    if rules.duplicate_signs:
        held = sum(counts[face] for face in faces)
    else:
        held = sum(1 for face in faces if counts[face])
    held = min(held, size)
    return size - held, max(0, size - max(held, rules.min_natural)), number, faces


def _sequence(counts: Sequence[int], window: tuple[int, ...], rules: MeldRules) -> Candidate:
    size = len(window)
    held = sum(1 for face in window if counts[face])
    return size - held, max(0, size - max(held, rules.min_natural)), -1, window


def _missing(counts: Sequence[int], candidate: Candidate, rules: MeldRules) -> list[int]:
    """The faces that would narrow ``candidate``."""
    _, _, number, faces = candidate
    if number >= 0:
        if rules.duplicate_signs:
            return list(faces)
        return [face for face in faces if not counts[face]]
    return [face for face in faces if not counts[face]]


def _used(counts: Sequence[int], candidate: Candidate, size: int,
          spare: Iterable[int]) -> list[int]:
    """``counts`` less the natural cards ``candidate`` would use (a group
    uses the faces not in ``spare`` first)."""
    rest = list(counts)
    _, _, number, faces = candidate
    if number < 0:
        for face in faces:
            if rest[face]:
                rest[face] -= 1
        return rest
    avoid = set(spare)
    left = size
    for face in sorted(faces, key=lambda face: face in avoid):
        while rest[face] and left:
            rest[face] -= 1
            left -= 1
    return rest


@lru_cache(maxsize=200_000)
def contract_gap(counts: Counts, melds: int, size: int,
                 rules: MeldRules) -> tuple[int, frozenset[int]]:
    """(cards missing to make ``melds`` melds of ``size`` from ``counts``,
    the faces that would narrow the gap in a best arrangement; ``P`` among
    them when a Progress card would)."""
    wild = counts[P_FACE]
    minimum = rules.min_natural
    singles: list[Candidate] = []
    if rules.duplicate_signs or size <= 4:
        for number in range(13):
            singles.append(_group(counts, number, size, rules))
    held_numbers = [sum(1 << number for number in range(13) if counts[sign * 13 + number])
                    for sign in range(4)]
    for sign, mask, faces in window_masks(size, rules.wraparound):
        held = (held_numbers[sign] & mask).bit_count()
        if held:
            singles.append((size - held, max(0, size - max(held, minimum)), -1, faces))

    if not singles:
        return melds * size, frozenset()

    def score(candidate: Candidate, wilds: int) -> int:
        return candidate[0] - min(wilds, candidate[1])

    if melds == 1:
        best = min(score(candidate, wild) for candidate in singles)
        wanted: set[int] = set()
        for candidate in singles:
            if score(candidate, wild) == best:
                wanted.update(_missing(counts, candidate, rules))
                if candidate[1] > wild:
                    wanted.add(P_FACE)
        return best, frozenset(wanted)
    singles.sort(key=lambda candidate: (score(candidate, wild), candidate[0]))
    top = singles[:PAIR_CANDIDATES]
    best = 10 * size
    wanted = set()
    for index, first in enumerate(top):
        for second in top[index:]:
            fill = first[1] + second[1]
            bound = first[0] + second[0] - min(wild, fill)
            if bound > best:
                continue
            pairs: list[tuple[int, int, Candidate, Sequence[int], Candidate]]
            if set(first[3]).isdisjoint(second[3]):
                pairs = [(bound, fill, first, counts, second)]
            else:
                pairs = []
                for one, two in ((first, second), (second, first)):
                    rest: Sequence[int] = _used(counts, one, size, two[3])
                    again = (_group(rest, two[2], size, rules) if two[2] >= 0
                             else _sequence(rest, two[3], rules))
                    fill = one[1] + again[1]
                    pairs.append((one[0] + again[0] - min(wild, fill), fill, one, rest, again))
            for gap, fill, one, rest, again in pairs:
                if gap < best:
                    best = gap
                    wanted = set()
                if gap == best:
                    wanted.update(_missing(counts, one, rules))
                    wanted.update(_missing(rest, again, rules))
                    if fill > wild:
                        wanted.add(P_FACE)
    return best, frozenset(wanted)


def partners(counts: Sequence[int], face: int) -> int:
    """How many other cards in hand go with ``face`` towards a meld."""
    if face == P_FACE:
        return 0
    number, sign = face % 13, face // 13
    found = sum(counts[other * 13 + number] for other in range(4)) - 1
    for step in (-2, -1, 1, 2):
        if 0 <= number + step < 13 and counts[sign * 13 + number + step]:
            found += 1
    return found


def hand_cost(counts: Counts, view: Seat) -> float:
    """What a hand that is not down is worth keeping (lower is better)."""
    gap, wanted = contract_gap(counts, view.melds, view.size, view.rules)
    outs = sum(view.unseen[face] for face in wanted)
    cost = GAP_COST * gap - OUT_GAIN * outs
    for face, count in enumerate(counts):
        if count:
            cost += count * (POINT_COST * value_of(face, view.p_value)
                             - PARTNER_GAIN * min(2, partners(counts, face)))
    return cost


def danger(face: int, view: Seat) -> bool:
    """Whether a discard of ``face`` helps the next player."""
    if face == P_FACE:
        return True
    known = view.next_known
    if any(known) and partners_with(known, face):
        return True
    return view.next_down and any(face in extensions(ids, view.rules) for ids in view.table)


def feeding_cost(face: int, view: Seat, penalty: float) -> float:
    """What discarding ``face`` costs for feeding the next player:
    ``penalty`` if it helps him (:func:`danger`), :data:`P_DISCARD` for
    the Progress card, else nothing."""
    if not danger(face, view):
        return 0.0
    return P_DISCARD if face == P_FACE else penalty


def partners_with(counts: Sequence[int], face: int) -> bool:
    number, sign = face % 13, face // 13
    if any(counts[other * 13 + number] for other in range(4)):
        return True
    return any(0 <= number + step < 13 and counts[sign * 13 + number + step]
               for step in (-2, -1, 1, 2))


# --- laying down -------------------------------------------------------------

def taken_left(rest: Sequence[int], start: Sequence[int], taken: int) -> bool:
    """Whether ``rest`` still holds a card that may be discarded."""
    return has_discard(rest, start, taken)


def _remove(counts: list[int], faces: Iterable[int]) -> list[int] | None:
    rest = list(counts)
    for face in faces:
        rest[face] -= 1
        if rest[face] < 0:
            return None
    return rest


def sequence_identities(faces: Sequence[int], wild: int, view: Seat) -> list[int] | None:
    """The identities of ``wild`` Progress cards completing the sequence of
    the natural ``faces`` (gaps first, then the ends, as cards nobody can
    swap for where possible)."""
    sign = faces[0] // 13
    numbers = sorted(face % 13 for face in faces)
    if view.rules.wraparound:
        held = set(numbers)
        starts = [number for number in numbers if (number - 1) % 13 not in held]
        low = starts[0] if starts else 0
        span = [(low + offset) % 13 for offset in range(13)]
        last = max(span.index(number) for number in numbers)
        order = span[:last + 1]
    else:
        order = list(range(numbers[0], numbers[-1] + 1))
    gaps = [number for number in order if number not in numbers]
    extra = wild - len(gaps)
    if extra < 0:
        return None
    best: list[int] | None = None
    best_key = (-1, -1)
    for below in range(extra + 1):
        ends = [order[0] - step for step in range(1, below + 1)]
        ends += [order[-1] + step for step in range(1, extra - below + 1)]
        if view.rules.wraparound:
            ends = [number % 13 for number in ends]
        elif any(not 0 <= number < 13 for number in ends):
            continue
        identities = [sign * 13 + number for number in gaps + ends]
        if len(set(identities)) < len(identities) or len(identities) + len(numbers) > 13:
            continue
        key = (sum(view.unseen[face] == 0 for face in identities), below)
        if key > best_key:
            best, best_key = identities, key
    return best


def group_identity(number: int, used: Sequence[int], view: Seat) -> int:
    """A sign for a Progress card in a group of ``number``: one whose
    copies are all seen if possible (no swap)."""
    faces = [sign * 13 + number for sign in range(4)]
    if not view.rules.duplicate_signs:
        faces = [face for face in faces if face not in used] or faces
    return min(faces, key=lambda face: (view.unseen[face], face))


def build(faces: Sequence[int], wild: int, view: Seat) -> Built | None:
    """A meld of natural ``faces`` and ``wild`` Progress cards in the order
    to feed it, with the Progress cards declared."""
    naturals = sorted(faces)
    if not naturals:
        return None
    cards = [(face, face) for face in naturals]
    if wild and len({face % 13 for face in naturals}) == 1:
        identities: list[int] = []
        for _ in range(wild):
            identities.append(group_identity(naturals[0] % 13, [*naturals, *identities], view))
        cards += [(P_FACE, identity) for identity in identities]
    elif wild:
        found = sequence_identities(naturals, wild, view)
        if found is None:
            return None
        cards += [(P_FACE, identity) for identity in found]
    identities = [identity for _, identity in cards]
    if kind(identities, view.rules) is None:
        return None
    return [cards[position] for position in run_order(identities, view.rules)]


def extend(meld: Built, rest: list[int], start: Sequence[int], view: Seat) -> None:
    """Grow ``meld`` with the natural cards of ``rest`` that fit it, in
    place, keeping a card to discard."""
    grown = True
    while grown:
        grown = False
        identities = [identity for _, identity in meld]
        for face in extensions(identities, view.rules):
            if rest[face]:
                rest[face] -= 1
                if taken_left(rest, start, view.taken):
                    meld.append((face, face))
                    grown = True
                    break
                rest[face] += 1
    identities = [identity for _, identity in meld]
    meld[:] = [meld[position] for position in run_order(identities, view.rules)]


def meld_points(meld: Built, view: Seat) -> int:
    return sum(value_of(face, view.p_value) for face, _ in meld)


def plan_contract(counts: Sequence[int], view: Seat) -> list[Built] | None:
    """The contract to lay from ``counts``: of the ways to make it (each
    meld grown with the cards that fit it), the one that leaves the
    cheapest hand after shedding what else can be shed this turn."""
    start = list(counts)
    options: list[tuple[float, int, list[Built]]] = []
    seen: set[tuple[tuple[tuple[int, int], ...], ...]] = set()
    for faces, wild in completions((), 0, start, view.size, view.rules):
        rest = _remove(start, [*faces, *[P_FACE] * wild])
        first = build(faces, wild, view)
        if rest is None or first is None:
            continue
        if view.melds == 1:
            _consider([first], rest, start, view, options, seen)
            continue
        for faces2, wild2 in completions((), 0, rest, view.size, view.rules):
            rest2 = _remove(rest, [*faces2, *[P_FACE] * wild2])
            second = build(faces2, wild2, view)
            if rest2 is None or second is None:
                continue
            _consider([first, second], rest2, start, view, options, seen)
    if not options:
        return None
    return min(options, key=lambda option: (option[0], option[1]))[2]


def _consider(melds: list[Built], rest: list[int], start: list[int], view: Seat,
              options: list[tuple[float, int, list[Built]]],
              seen: set[tuple[tuple[tuple[int, int], ...], ...]]) -> None:
    if not taken_left(rest, start, view.taken):
        return
    key = tuple(sorted(tuple(meld) for meld in melds))
    if key in seen:
        return
    seen.add(key)
    melds = [list(meld) for meld in melds]
    for meld in melds:
        extend(meld, rest, start, view)
    left = rest
    if view.same_turn:
        table = [*view.table, *([identity for _, identity in meld] for meld in melds)]
        _, left = shed_plan(rest, start, table, view, view.extra_minimum > 0)
    wild = sum(face == P_FACE for meld in melds for face, _ in meld)
    live = sum(face == P_FACE and view.unseen[identity] > 0 for meld in melds
               for face, identity in meld)
    options.append((leftover_cost(left, view) + SWAP_RISK * live, wild, melds))


def leftover_cost(counts: Sequence[int], view: Seat) -> float:
    """Points left in a down player's hand after his best discard."""
    values = [value_of(face, view.p_value) for face, count in enumerate(counts)
              for _ in range(count)]
    return float(sum(values) - max(values, default=0))


# --- shedding once down ------------------------------------------------------

Step = tuple[str, Any]
"""("meld", Built) or ("off", (meld index, face, identity))."""


def shed_plan(counts: Sequence[int], start: Sequence[int], table: list[list[int]],
              view: Seat, may_meld: bool) -> tuple[list[Step], list[int]]:
    """What a down player sheds from ``counts`` (new melds, then natural
    lay-offs, the card taken first and high cards before low, then the
    Progress card), keeping a card to discard; and the cards left."""
    rest = list(counts)
    table = [list(ids) for ids in table]
    steps: list[Step] = []
    while may_meld:
        meld = best_new_meld(rest, start, view)
        if meld is None:
            break
        steps.append(("meld", meld))
        for face, _ in meld:
            rest[face] -= 1
        table.append([identity for _, identity in meld])
    order = sorted((face for face in range(52) if rest[face]),
                   key=lambda face: (face != view.taken, -(face % 13), face))
    laid = True
    while laid:
        laid = False
        for face in order:
            if not rest[face]:
                continue
            for index, identities in enumerate(table):
                if face in extensions(identities, view.rules):
                    rest[face] -= 1
                    if taken_left(rest, start, view.taken):
                        steps.append(("off", (index, face, face)))
                        identities.append(face)
                        laid = True
                        break
                    rest[face] += 1
            if laid:
                break
        if not laid and rest[P_FACE]:
            rest[P_FACE] -= 1
            if taken_left(rest, start, view.taken) and table:
                index, identity = p_place(rest, table, view)
                steps.append(("off", (index, P_FACE, identity)))
                table[index].append(identity)
                laid = True
            else:
                rest[P_FACE] += 1
    return steps, rest


def best_new_meld(rest: list[int], start: Sequence[int], view: Seat) -> Built | None:
    """The new meld worth most points that ``rest`` makes, keeping a card
    to discard (natural cards preferred; a Progress card only as a card
    nobody can swap for: else it is laid off where it is safe)."""
    best: Built | None = None
    best_key = (-1, 0)
    for faces, wild in completions((), 0, rest, view.extra_minimum, view.rules):
        after = _remove(rest, [*faces, *[P_FACE] * wild])
        if after is None or not taken_left(after, start, view.taken):
            continue
        meld = build(faces, wild, view)
        if meld is None or any(face == P_FACE and view.unseen[identity]
                               for face, identity in meld):
            continue
        extend(meld, after, start, view)
        key = (meld_points(meld, view), -wild)
        if key > best_key:
            best, best_key = meld, key
    return best


def p_place(rest: Sequence[int], table: list[list[int]], view: Seat) -> tuple[int, int]:
    """Where to lay off a Progress card, and as what: next to a natural
    card held (which then follows it), else as a card nobody can swap for."""
    best = (0, table[0][0])
    best_key: tuple[int, int, int] = (-1, -1, -1)
    for index, identities in enumerate(table):
        for identity in extensions(identities, view.rules):
            after = extensions([*identities, identity], view.rules)
            bridge = sum(1 for face in after if rest[face] and face not in identities)
            key = (bridge, -view.unseen[identity], -view.next_known[identity])
            if key > best_key:
                best, best_key = (index, identity), key
    return best


# --- the decisions ----------------------------------------------------------

def discard_choice(view: Seat, choices: Sequence[int]) -> int:
    """The face to discard among ``choices``."""
    counts = view.hand
    scored = []
    for face in choices:
        if view.down:
            cost = -float(value_of(face, view.p_value))
            if view.extra_minimum and partners(counts, face):
                cost += HALF_MELD_POINTS
            cost += feeding_cost(face, view, DANGER_POINTS)
        else:
            rest = list(counts)
            rest[face] -= 1
            cost = hand_cost(tuple(rest), view)
            cost += feeding_cost(face, view, DANGER)
        scored.append((cost, face))
    return min(scored)[1]


def begin_choice(view: Seat, observation: Observation, legal: Sequence[int]) -> int:
    """Draw, take the up-card, or swap for a Progress card."""
    top_code = observation["zones"]["discard"]
    counts = list(view.hand)
    if view.down:
        if TAKE in legal and top_code is not None:
            up = face_of(top_code)
            counts[up] += 1
            taker = Seat(**{**view.__dict__, "hand": counts, "taken": up})
            _, left = shed_plan(counts, counts, view.table, taker, view.extra_minimum > 0)
            if left[up] < counts[up]:
                return TAKE
        return DRAW
    gap, _ = contract_gap(tuple(counts), view.melds, view.size, view.rules)
    best_take = gap
    if TAKE in legal and top_code is not None:
        up = face_of(top_code)
        counts[up] += 1
        taker = Seat(**{**view.__dict__, "hand": counts, "taken": up})
        choices = [face for face in range(FACES) if counts[face] and (face != up or counts[up] > 1)]
        if choices:
            thrown = discard_choice(taker, choices)
            counts[thrown] -= 1
            best_take = contract_gap(tuple(counts), view.melds, view.size, view.rules)[0]
    if SWAP in legal:
        swap = best_swap(view)
        if swap is not None and swap[0] < gap and swap[0] <= best_take and gap > 0:
            return SWAP
    return TAKE if best_take < gap else DRAW


def swaps(view: Seat) -> list[tuple[int, int]]:
    """(meld index, identity) of the Progress cards the player may swap for."""
    found = []
    for index, wild in enumerate(view.progress):
        for identity, placer in wild:
            if view.hand[identity] and (placer != view.seat or view.owner_may_swap):
                found.append((index, identity))
    return found


def best_swap(view: Seat) -> tuple[int, int, int] | None:
    """(gap after it, meld index, identity) of the best swap."""
    best = None
    for index, identity in swaps(view):
        counts = list(view.hand)
        counts[identity] -= 1
        counts[P_FACE] += 1
        gap = contract_gap(tuple(counts), view.melds, view.size, view.rules)[0]
        if best is None or (gap, index, identity) < best:
            best = (gap, index, identity)
    return best


def before_building(view: Seat, observation: Observation) -> list[int]:
    """The hand as it was before the melds being built left it."""
    counts = list(view.hand)
    for built in observation["building"]:
        for card in built:
            counts[face_of(card["code"])] += 1
    if observation.get("pending"):
        counts[P_FACE] += 1
    return counts


def planned_meld(view: Seat, observation: Observation) -> list[Built] | None:
    """The melds being built, as planned from the hand before building."""
    start = before_building(view, observation)
    if not view.down:
        return plan_contract(start, view)
    meld = best_new_meld(list(start), start, view)
    return None if meld is None else [meld]


def build_step(view: Seat, observation: Observation, legal: Sequence[int]) -> int:
    """The next step of the melds being built (``building`` or ``declare``)."""
    plan = planned_meld(view, observation)
    building = observation["building"]
    pending = bool(observation.get("pending"))
    if plan is not None and len(building) <= len(plan):
        index = len(building) - 1
        built = [face_of(card["code"]) for card in building[-1]] if building else []
        target = plan[index] if index >= 0 else []
        fed = [face for face, _ in target[:len(built)]]
        if fed == built and (len(built) < len(target) or pending):
            face, identity = target[len(built)]
            action = AS_BASE + identity if pending else face
            if action in legal:
                return action
        elif fed == built and len(built) == len(target):
            action = MELD if index + 1 < len(plan) else DONE
            if action in legal:
                return action
    return fallback(view, legal)


def fallback(view: Seat, legal: Sequence[int]) -> int:
    """A legal step when the plan does not fit (the engine offers only
    steps that can be finished)."""
    if DONE in legal:
        return DONE
    declared = [action for action in legal if AS_BASE <= action < MELD_BASE]
    if declared:
        return min(declared, key=lambda action: (view.unseen[action - AS_BASE], action))
    cards = [action for action in legal if action < P_FACE]
    if cards:
        return max(cards, key=lambda face: (face % 13, face))
    return legal[0]


def meld_step(view: Seat, observation: Observation, legal: Sequence[int]) -> int:
    """After drawing: lay the contract, new melds, lay-offs, or discard."""
    discards = [action for action in legal if action < FACES]
    if not view.down:
        if MELD in legal and plan_contract(view.hand, view) is not None:
            return MELD
        return discard_choice(view, discards) if discards else fallback(view, legal)
    counts = view.hand
    steps, _ = shed_plan(counts, counts, view.table, view, MELD in legal)
    for kind_, detail in steps:
        if kind_ == "meld" and MELD in legal:
            return MELD
        if kind_ == "off" and MELD_BASE + detail[0] in legal:
            return int(MELD_BASE + detail[0])
    return discard_choice(view, discards) if discards else fallback(view, legal)


def layoff_step(view: Seat, observation: Observation, legal: Sequence[int]) -> int:
    """The card to lay off on the meld named (``lay off``), or the Progress
    card's identity (``declare lay-off``)."""
    index = int(observation["target"][1:]) - 1
    if observation["phase"] == "declare lay-off":
        counts = list(view.hand)
        _, identity = p_place(counts, [view.table[index]], view)
        return AS_BASE + identity if AS_BASE + identity in legal else fallback(view, legal)
    naturals = [face for face in legal if face < P_FACE]
    if naturals:
        return min(naturals, key=lambda face: (face != view.taken, -(face % 13), face))
    return legal[0]


def swap_step(view: Seat, observation: Observation, legal: Sequence[int]) -> int:
    """Which Progress card to swap for (``swap``), and the card given (``swap card``)."""
    best = best_swap(view)
    if observation["phase"] == "swap":
        if best is not None and MELD_BASE + best[1] in legal:
            return MELD_BASE + best[1]
        return legal[0]
    if best is not None and best[2] in legal:
        return best[2]
    return legal[0]


def rummy_action(observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic Progress Rummy action for the seat of ``observation``
    (see the module docstring); the choice is deterministic, ``rng`` is
    not needed."""
    if len(legal) == 1:
        return legal[0]
    view = read_seat(observation)
    phase = observation["phase"]
    if phase == "begin":
        return begin_choice(view, observation, legal)
    if phase == "meld":
        return meld_step(view, observation, legal)
    if phase in ("building", "declare"):
        return build_step(view, observation, legal)
    if phase in ("lay off", "declare lay-off"):
        return layoff_step(view, observation, legal)
    if phase in ("swap", "swap card"):
        return swap_step(view, observation, legal)
    return legal[0]


register_heuristic(ProgressRummy, rummy_action)

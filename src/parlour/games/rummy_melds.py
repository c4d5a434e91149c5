"""Melds of Progress Rummy: what makes a group or a sequence, and whether a
meld being built can still be finished (``rules/progress.md`` §3.2-3.6).

Pure functions over *faces* (``0 … 51`` the numbered cards,
``sign * 13 + number - 1``; :data:`P_FACE` the Progress card): a meld is
judged by the *identities* of its cards (a natural card is itself, a
Progress card the card declared for it) and the number of its natural
cards. A hand is judged by its face counts (two packs: up to two of a face).

The search that keeps a meld from leading into a dead end
(:func:`can_finish`) tries the ways to finish the meld being built and
then the further melds still owed, and asks at the end that a card be left
to discard. It considers only *minimal* melds (nothing in them that the
meld could do without), which is enough: a larger meld leaves fewer cards
for everything else.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

P_FACE = 52
FACES = 53
SPARE = 2
"""How much longer than the shortest run that could hold them a sequence
is tried: a run whose two Progress cards sit together needs natural cards
on both sides of them (``5St P P 8St``). The shortest run is the minimum
size or the span of the cards laid so far, whichever is longer (``3St
9St`` typed first spans seven); a run longer still is never minimal,
since one of its ends could go (at most two of its cards are Progress
cards, so it keeps its natural cards)."""


@dataclass(frozen=True)
class MeldRules:
    """The options that shape melds."""

    wraparound: bool = False
    min_natural: int = 2
    duplicate_signs: bool = True


def number_of(face: int) -> int:
    """The number of a numbered face, 0-based (0 is the 1)."""
    return face % 13


def sign_of(face: int) -> int:
    """The sign of a numbered face (0 Crown, 1 Sun, 2 Moon, 3 Star)."""
    return face // 13


def kind(identities: Sequence[int], rules: MeldRules) -> str | None:
    """``"group"``, ``"sequence"`` or ``None``: what the identities could
    make if the meld were long enough (one card could make either: group)."""
    if not identities:
        return None
    first = identities[0]
    if all(number_of(face) == number_of(first) for face in identities):
        if not rules.duplicate_signs and len({sign_of(face) for face in identities}) < len(
            identities
        ):
            return None
        return "group"
    if any(sign_of(face) != sign_of(first) for face in identities):
        return None
    numbers = {number_of(face) for face in identities}
    if len(numbers) < len(identities):
        return None
    if _run_start(numbers, rules) is None:
        return None
    return "sequence"


def _run_start(numbers: set[int], rules: MeldRules) -> int | None:
    """The first number of the run that ``numbers`` make without gaps, or
    ``None`` when they have gaps (cyclic with wraparound)."""
    if len(numbers) >= 13:
        return 0
    if not rules.wraparound:
        low, high = min(numbers), max(numbers)
        return low if high - low + 1 == len(numbers) else None
    starts = [number for number in numbers if (number - 1) % 13 not in numbers]
    return starts[0] if len(starts) == 1 else None


def shape(identities: Sequence[int], rules: MeldRules) -> str | None:
    """What a meld being built could still become, its cards in any
    order: ``"group"`` (one number), ``"sequence"`` (one sign, distinct
    numbers that fit in a run, gaps allowed: 7St 9St waits for 8St) or
    ``None``. One card: ``"group"`` (it may also start a sequence)."""
    found = kind(identities, rules)
    if found is not None or len(identities) < 2:
        return found
    first = identities[0]
    if any(sign_of(face) != sign_of(first) for face in identities):
        return None
    numbers = {number_of(face) for face in identities}
    if len(numbers) < len(identities):
        return None
    if rules.wraparound:
        return "sequence"
    return "sequence" if max(numbers) - min(numbers) < 13 else None


def is_valid(identities: Sequence[int], naturals: int, rules: MeldRules, minimum: int = 3) -> bool:
    """Whether the cards make a meld of at least ``minimum`` cards."""
    return (
        len(identities) >= max(minimum, 3)
        and naturals >= rules.min_natural
        and kind(identities, rules) is not None
    )


def could_grow(identities: Sequence[int], rules: MeldRules) -> bool:
    """Whether a meld (or a meld being built) of these identities could
    become valid with more cards (it has no clash of number or sign)."""
    return not identities or shape(identities, rules) is not None


def run_order(identities: Sequence[int], rules: MeldRules) -> list[int]:
    """The positions of ``identities`` in the order they are shown: a
    sequence from its first number, a group by sign."""
    positions = list(range(len(identities)))
    if kind(identities, rules) == "sequence" and len(identities) > 1:
        start = _run_start({number_of(face) for face in identities}, rules) or 0
        return sorted(positions, key=lambda i: (number_of(identities[i]) - start) % 13)
    return sorted(positions, key=lambda i: sign_of(identities[i]))


def extensions(identities: Sequence[int], rules: MeldRules) -> list[int]:
    """The faces that one more card (or a Progress card declared as it)
    could be, keeping the meld valid in shape: for a group its number's
    faces (other signs only without duplicate signs), for a sequence the
    cards just beyond either end."""
    found = kind(identities, rules)
    if found is None:
        return []
    first = identities[0]
    if (found == "group" and len(identities) > 1) or len(identities) == 1:
        group = [sign * 13 + number_of(first) for sign in range(4)]
        if not rules.duplicate_signs:
            used = {sign_of(face) for face in identities}
            group = [face for face in group if sign_of(face) not in used]
    else:
        group = []
    sequence: list[int] = []
    if found == "sequence" or len(identities) == 1:
        numbers = {number_of(face) for face in identities}
        if len(numbers) < 13:
            start = _run_start(numbers, rules)
            assert start is not None
            end = (start + len(numbers) - 1) % 13
            sign = sign_of(first) * 13
            for number in ((start - 1), (end + 1)):
                if rules.wraparound:
                    sequence.append(sign + number % 13)
                elif 0 <= number < 13:
                    sequence.append(sign + number)
    return sorted(set(group + sequence))


def completions(
    identities: Sequence[int], naturals: int, counts: Sequence[int], minimum: int, rules: MeldRules
) -> Iterator[tuple[tuple[int, ...], int]]:
    """The minimal ways to finish a meld from a hand.

    ``identities`` and ``naturals`` are the meld so far (possibly empty),
    ``counts`` the hand's count of each face. Yields ``(faces, progress)``:
    the natural faces to add (with repeats for two copies) and how many
    Progress cards, such that the meld is then valid with at least
    ``minimum`` cards.
    """
    if identities and not could_grow(identities, rules):
        return
    minimum = max(minimum, 3)
    if not identities:
        for number in range(13):
            yield from _group_completions(number, (), 0, counts, minimum, rules)
        for sign in range(4):
            yield from _sequence_completions(sign, (), 0, counts, minimum, rules)
        return
    first = identities[0]
    found = shape(identities, rules)
    if found == "group":
        yield from _group_completions(
            number_of(first), identities, naturals, counts, minimum, rules
        )
    if found == "sequence" or len(identities) == 1:
        yield from _sequence_completions(
            sign_of(first), identities, naturals, counts, minimum, rules
        )


def _group_completions(
    number: int, identities: Sequence[int], naturals: int, counts: Sequence[int], minimum: int,
    rules: MeldRules,
) -> Iterator[tuple[tuple[int, ...], int]]:
    need_naturals = max(0, rules.min_natural - naturals)
    add = max(need_naturals, minimum - len(identities))
    wild = counts[P_FACE]
    held = counts[number] + counts[13 + number] + counts[26 + number] + counts[39 + number]
    if held < need_naturals or held + wild < add:
        return
    faces = [sign * 13 + number for sign in range(4)]
    if not rules.duplicate_signs:
        used = {sign_of(face) for face in identities}
        faces = [face for face in faces if sign_of(face) not in used]
    pool = [face for face in faces for _ in range(counts[face] if rules.duplicate_signs
                                                  else min(counts[face], 1))]
    free_signs = len(faces)
    for taken in range(need_naturals, add + 1):
        progress = add - taken
        if progress > wild or taken > len(pool):
            continue
        if not rules.duplicate_signs and taken + progress > free_signs:
            continue
        for chosen in _multisets(pool, taken):
            yield chosen, progress


def _multisets(pool: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """The distinct sub-multisets of ``size`` of the sorted ``pool``."""
    if size == 0:
        yield ()
        return
    seen: set[int] = set()
    for index, face in enumerate(pool):
        if face in seen:
            continue
        seen.add(face)
        for rest in _multisets(pool[index + 1:], size - 1):
            yield (face, *rest)


def _windows(length: int, wraparound: bool) -> tuple[int, ...]:
    """The masks of the runs of ``length`` numbers (bit ``n`` for number ``n``)."""
    key = (length, wraparound)
    found = _WINDOWS.get(key)
    if found is None:
        starts = range(13) if wraparound and length < 13 else range(13 - length + 1)
        found = tuple(
            sum(1 << ((start + offset) % 13) for offset in range(length)) for start in starts
        )
        _WINDOWS[key] = found
    return found


_WINDOWS: dict[tuple[int, bool], tuple[int, ...]] = {}


def _sequence_completions(
    sign: int, identities: Sequence[int], naturals: int, counts: Sequence[int], minimum: int,
    rules: MeldRules,
) -> Iterator[tuple[tuple[int, ...], int]]:
    have = 0
    for face in identities:
        have |= 1 << number_of(face)
    base = sign * 13
    held_mask = 0
    for number in range(13):
        if counts[base + number]:
            held_mask |= 1 << number
    wild = counts[P_FACE]
    low = max(minimum, len(identities))
    seen: set[tuple[tuple[int, ...], int]] = set()
    shortest = 14
    for length in range(low, 14):
        if length > shortest + SPARE:
            break
        for window in _windows(length, rules.wraparound):
            if have & ~window:
                continue
            shortest = min(shortest, length)
            open_mask = window & ~have
            held = open_mask & held_mask
            held_count = held.bit_count()
            must_wild = open_mask.bit_count() - held_count
            if must_wild > wild or naturals + held_count < rules.min_natural:
                continue
            numbers = [number for number in range(13) if held >> number & 1]
            # choose which held numbers a Progress card stands in for anyway
            for spare in range(0, min(wild - must_wild, held_count) + 1):
                if naturals + held_count - spare < rules.min_natural:
                    break
                for skipped in _combinations(numbers, spare):
                    found = (tuple(base + number for number in numbers if number not in skipped),
                             must_wild + spare)
                    if found not in seen:
                        seen.add(found)
                        yield found


def _combinations(items: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    if size == 0:
        yield ()
        return
    for index, item in enumerate(items):
        for rest in _combinations(items[index + 1:], size - 1):
            yield (item, *rest)


@dataclass
class Owed:
    """What a build still owes besides finishing the meld in hand: ``melds``
    more melds of at least ``minimum`` cards each."""

    melds: int = 0
    minimum: int = 3


def can_finish(
    counts: list[int],
    open_meld: tuple[Sequence[int], int] | None,
    open_minimum: int,
    owed: Owed,
    rules: MeldRules,
    keep_taken: int = -1,
) -> bool:
    """Whether the meld being built (``open_meld``: identities and natural
    count, or ``None``) can be finished with at least ``open_minimum``
    cards, and ``owed`` further melds made, from the hand ``counts``, with
    a card left to discard.

    ``keep_taken`` is the face of the card taken from the discard pile this
    turn while that card is still held and may not be discarded (-1:
    none; see :func:`has_discard`).
    """
    start = list(counts)

    def more(rest: list[int], melds: int) -> bool:
        if melds == 0:
            return has_discard(rest, start, keep_taken)
        if sum(rest) < melds * owed.minimum + 1 or not any_meld(rest, owed.minimum, rules):
            return False
        for faces, wild in completions((), 0, rest, owed.minimum, rules):
            after = _take(rest, faces, wild)
            if after is not None and more(after, melds - 1):
                return True
        return False

    if open_meld is None:
        return more(start, owed.melds)
    identities, naturals = open_meld
    for faces, wild in completions(identities, naturals, start, open_minimum, rules):
        after = _take(start, faces, wild)
        if after is not None and more(after, owed.melds):
            return True
    return False


def has_discard(rest: Sequence[int], start: Sequence[int], keep_taken: int = -1) -> bool:
    """Whether the cards ``rest`` left of the hand ``start`` hold one that
    may be discarded. ``keep_taken`` is the face of the card taken from the
    discard pile this turn (-1: none, or rediscard allowed): unless a copy
    of it has left the hand (the engine melds the taken copy first), a card
    of another face must be left, since the other copy of the taken card is
    the same card (``rules/progress.md`` §1.1) and may not go back either."""
    if keep_taken >= 0 and rest[keep_taken] == start[keep_taken]:
        return sum(rest) > rest[keep_taken]
    return sum(rest) >= 1


def any_meld(counts: Sequence[int], minimum: int, rules: MeldRules) -> bool:
    """Whether the hand ``counts`` holds any meld of at least ``minimum``
    cards: a quick test that settles most hands without the search."""
    wild = counts[P_FACE]
    minimum = max(minimum, 3)
    need = rules.min_natural
    for number in range(13):
        if rules.duplicate_signs:
            held = counts[number] + counts[13 + number] + counts[26 + number] + counts[39 + number]
            if held >= need and held + wild >= minimum:
                return True
        else:
            held = sum(1 for sign in range(4) if counts[sign * 13 + number])
            if held >= need and min(held + wild, 4) >= minimum:
                return True
    for sign in range(4):
        mask = 0
        base = sign * 13
        for number in range(13):
            if counts[base + number]:
                mask |= 1 << number
        if mask.bit_count() >= need and _run_in(mask, wild, minimum, rules):
            return True
    return False


def _run_in(mask: int, wild: int, minimum: int, rules: MeldRules) -> bool:
    """Whether the numbers ``mask`` of one sign and ``wild`` Progress cards
    make a run of at least ``minimum`` with ``rules.min_natural`` natural
    cards (remembered per argument)."""
    key = (mask, min(wild, 2), minimum, rules.min_natural, rules.wraparound)
    found = _RUNS.get(key)
    if found is None:
        found = False
        for length in range(minimum, min(minimum + SPARE, 13) + 1):
            for window in _windows(length, rules.wraparound):
                held = (window & mask).bit_count()
                if held >= rules.min_natural and length - held <= wild:
                    found = True
                    break
            if found:
                break
        _RUNS[key] = found
    return found


_RUNS: dict[tuple[int, int, int, int, bool], bool] = {}


def _take(counts: list[int], faces: Sequence[int], wild: int) -> list[int] | None:
    """``counts`` without the given cards, or ``None`` if they are not all held."""
    rest = list(counts)
    for face in faces:
        rest[face] -= 1
        if rest[face] < 0:
            return None
    rest[P_FACE] -= wild
    if rest[P_FACE] < 0:
        return None
    return rest

"""Deterministic shuffles keyed by text, the same on every machine.

Each deal is keyed by the match seed and the hand number, so a state needs
no generator object (clones stay cheap) and any hand can be re-dealt alone.

>>> shuffled(range(5), "parlour", 7, 0) == shuffled(range(5), "parlour", 7, 0)
True
>>> sorted(shuffled(range(52), 1, 2))  == list(range(52))
True
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable


def shuffled(items: Iterable[int], *key: object) -> list[int]:
    """``items`` in an order drawn from SHAKE-256 of ``key``.

    Every item gets a 64-bit key from the hash stream and the items are
    sorted by it (ties, with probability below 2**-50, keep input order): a
    uniform random permutation, several times cheaper than seeding a
    Mersenne Twister for every hand.
    """
    values = list(items)
    stream = hashlib.shake_256(":".join(map(str, key)).encode()).digest(8 * len(values))
    keys = struct.unpack(f"<{len(values)}Q", stream)
    order = sorted(range(len(values)), key=keys.__getitem__)
    return [values[index] for index in order]


def seeded_below(bound: int, *key: object) -> int:
    """An integer from 0 to ``bound - 1`` drawn from SHAKE-256 of ``key``
    (a cut of a pack, say): one hash, no sort.

    >>> seeded_below(50, "cut", 7, 0) == seeded_below(50, "cut", 7, 0) < 50
    True
    """
    if bound < 1:
        raise ValueError(f"nothing to draw from: bound {bound}")
    stream = hashlib.shake_256(":".join(map(str, key)).encode()).digest(16)
    # 128 bits for a bound below 2**6: the modulo's bias is below 2**-120
    return int.from_bytes(stream, "little") % bound

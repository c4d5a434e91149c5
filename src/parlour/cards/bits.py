"""Int bitsets of card indices: the engine's representation of a hand or pile.

>>> mask = mask_of([0, 3, 5])
>>> bits_of(mask), mask.bit_count(), lowest_bit(mask)
([0, 3, 5], 3, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

_BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(8) if byte >> i & 1) for byte in range(256)
)
_TABLE_BYTES = 16
# _BYTE_BITS_AT[k][byte]: the absolute indices of ``byte`` as the k-th byte of
# a mask, so that small masks (every deck has at most 106 cards) are listed
# with one table look-up per byte.
_BYTE_BITS_AT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in bits) for bits in _BYTE_BITS) for k in range(_TABLE_BYTES)
)
_TABLE_LIMIT = 1 << (8 * _TABLE_BYTES)


def mask_of(indices: Iterable[int]) -> int:
    """The bitset holding exactly ``indices``."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def iter_bits(mask: int) -> Iterator[int]:
    """The indices set in ``mask``, ascending."""
    offset = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            for bit in _BYTE_BITS[byte]:
                yield offset + bit
        mask >>= 8
        offset += 8


def bits_of(mask: int) -> list[int]:
    """The indices set in ``mask`` as an ascending list."""
    result: list[int] = []
    if 0 <= mask < _TABLE_LIMIT:
        tables = _BYTE_BITS_AT
        k = 0
        while mask:
            byte = mask & 0xFF
            if byte:
                result += tables[k][byte]
            mask >>= 8
            k += 1
        return result
    offset = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            result.extend(offset + bit for bit in _BYTE_BITS[byte])
        mask >>= 8
        offset += 8
    return result


def few_bits_of(mask: int) -> list[int]:
    """:func:`bits_of` for a mask of a few bits wherever they lie (one step a
    bit: quicker than the byte tables for the few cards of a move).

    >>> few_bits_of(1 << 100 | 0b101)
    [0, 2, 100]
    """
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def bits_of_32(mask: int) -> list[int]:
    """:func:`bits_of` for a mask below ``2**32``, unrolled (hot paths of
    32-card games).

    >>> bits_of_32(0x80000101)
    [0, 8, 31]
    """
    tables = _BYTE_BITS_AT
    return [
        *tables[0][mask & 0xFF], *tables[1][mask >> 8 & 0xFF],
        *tables[2][mask >> 16 & 0xFF], *tables[3][mask >> 24],
    ]


def lowest_bit(mask: int) -> int:
    """The smallest index in a non-empty ``mask``."""
    return (mask & -mask).bit_length() - 1

"""Observation tensor layouts: what each value of
:meth:`~parlour.engine.game.State.observation_tensor` means.

A game's :meth:`~parlour.engine.game.Game.observation_layout` lists the
:class:`TensorBlock` s of its tensor in order, at the game's options; the
offsets follow from the sizes (:func:`block_offsets`). Its module
docstring holds the same layout at the default options as a table
(:func:`layout_table`), under the heading "Observation tensor (version
k)", where k is the game's ``tensor_version``; a test checks that the table
is there word for word, and its failure message prints the table to paste.

How to read a table:

* ``size``: how many values; ``n × k`` is a block of one part of ``k``
  values per seat, the observing seat's part first, then the seat to its
  left and so on round the table (sizes and offsets with ``n`` change with
  the number of players). ``4 × 14`` is a block of four parts of 14.
* ``values``: ``0/1 a card`` is one value per card id of the game's pack,
  1.0 where the card is; ``0/1 a face`` and ``copies / 2`` one value per
  face of the Progress pack (its action id, ``P`` last): the copies of
  that face there, halved when two packs are in play; ``one-hot`` 1.0 at
  one position of each part at most (the labels, when given, name the
  positions); ``0/1`` a flag; ``/ x`` a count or amount divided by ``x``;
  ``as is`` a count.

>>> block = TensorBlock.choice("phase", ("deal", "play"), "the phase")
>>> block.size, block.labels
(2, ('deal', 'play'))
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from parlour.engine.game import Game

Encoding = Literal["cards", "faces", "one-hot", "flags", "number"]
"""How a block's values read (see the module docstring)."""

LINE_WIDTH = 99
"""The widest line of a rendered table (the project's lines hold 100 characters)."""


@dataclass(frozen=True)
class TensorBlock:
    """One block of consecutive values of an observation tensor.

    ``size`` counts every value of the block: ``parts`` equal parts (one
    per seat, the observing seat first, when ``per_seat``). ``scale`` is the
    divisor of a ``number`` block (or the number of copies of a ``faces``
    block); ``labels`` name the positions of one part of a ``one-hot``
    block.
    """

    name: str
    size: int
    meaning: str
    encoding: Encoding = "number"
    scale: float = 1.0
    parts: int = 1
    per_seat: bool = False
    labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.size <= 0 or self.parts <= 0 or self.size % self.parts:
            raise ValueError(f"block {self.name!r}: {self.size} values do not make "
                             f"{self.parts} equal parts")
        if self.labels and len(self.labels) != self.part_size:
            raise ValueError(f"block {self.name!r}: {len(self.labels)} labels for parts of "
                             f"{self.part_size} values")
        if self.scale <= 0:
            raise ValueError(f"block {self.name!r}: the scale must be positive, not {self.scale}")

    @property
    def part_size(self) -> int:
        """Values in one part (the whole block when it has one part)."""
        return self.size // self.parts

    @classmethod
    def cards(cls, name: str, width: int, meaning: str, parts: int = 1,
              per_seat: bool = False) -> TensorBlock:
        """A block of card sets, ``width`` card ids a part."""
        return cls(name, width * parts, meaning, "cards", parts=parts, per_seat=per_seat)

    @classmethod
    def faces(cls, name: str, width: int, meaning: str, copies: int, parts: int = 1,
              per_seat: bool = False) -> TensorBlock:
        """A block of Progress faces, ``width`` faces a part, each the copies
        of that face there divided by ``copies``."""
        return cls(name, width * parts, meaning, "faces", scale=copies, parts=parts,
                   per_seat=per_seat)

    @classmethod
    def choice(cls, name: str, labels: Sequence[str], meaning: str,
               parts: int = 1) -> TensorBlock:
        """A one-hot block over ``labels`` (in each of ``parts`` parts)."""
        return cls(name, len(labels) * parts, meaning, "one-hot", parts=parts,
                   labels=tuple(labels))

    @classmethod
    def seats(cls, name: str, players: int, meaning: str, encoding: Encoding = "number",
              scale: float = 1.0) -> TensorBlock:
        """One value per seat, the observing seat first."""
        return cls(name, players, meaning, encoding, scale=scale, parts=players, per_seat=True)

    @classmethod
    def flag(cls, name: str, meaning: str) -> TensorBlock:
        """A single 0/1 value."""
        return cls(name, 1, meaning, "flags")

    def size_text(self) -> str:
        """The size as a table shows it: ``32``, ``128 (n × 32)``, ``4 (n)``, ``56 (4 × 14)``."""
        if self.per_seat:
            return f"{self.size} (n)" if self.part_size == 1 else \
                f"{self.size} (n × {self.part_size})"
        if self.parts > 1:
            return f"{self.size} ({self.parts} × {self.part_size})"
        return str(self.size)

    def values_text(self) -> str:
        """How the values read, in a word or two (see the module docstring)."""
        if self.encoding == "cards":
            return "0/1 a card"
        if self.encoding == "faces":
            return "0/1 a face" if self.scale == 1 else f"copies / {self.scale:g}"
        if self.encoding == "one-hot":
            return "one-hot"
        if self.encoding == "flags":
            return "0/1"
        return "as is" if self.scale == 1 else f"/ {self.scale:g}"

    def full_meaning(self) -> str:
        """The meaning, followed by the labels of a one-hot block."""
        if not self.labels:
            return self.meaning
        return f"{self.meaning}: {', '.join(self.labels)}"


def block_offsets(layout: Sequence[TensorBlock]) -> dict[str, slice]:
    """Where each block of ``layout`` lies in the tensor, by name.

    >>> block_offsets([TensorBlock.flag("a", "one"), TensorBlock.cards("b", 32, "two")])
    {'a': slice(0, 1, None), 'b': slice(1, 33, None)}
    """
    offsets: dict[str, slice] = {}
    start = 0
    for block in layout:
        if block.name in offsets:
            raise ValueError(f"two blocks are named {block.name!r}")
        offsets[block.name] = slice(start, start + block.size)
        start += block.size
    return offsets


def layout_table(game: Game) -> str:
    """The docstring section for ``game``'s tensor at its options: the
    heading, a sentence naming the game, its options and the tensor's
    size, and a table of the blocks (a reStructuredText simple table,
    lines of at most :data:`LINE_WIDTH`)."""
    layout = game.observation_layout()
    total = sum(block.size for block in layout)
    players = game.num_players
    seats = "one player" if players == 1 else f"n = {players} players"
    introduction = textwrap.fill(
        f"``{game!r}`` ({seats}): {total} float32 values; how to read the "
        f"table: :mod:`parlour.engine.tensors`.", LINE_WIDTH)
    rows: list[tuple[str, str, str, str, str]] = []
    offset = 0
    for block in layout:
        rows.append((str(offset), block.size_text(), block.name, block.values_text(),
                     block.full_meaning()))
        offset += block.size
    header = ("offset", "size", "block", "values", "meaning")
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(4)]
    meaning_width = LINE_WIDTH - sum(widths) - 2 * len(widths)
    if meaning_width < 30:
        raise ValueError(f"the table of {game.name} leaves too little room for the meanings")
    rule = "  ".join("=" * width for width in [*widths, meaning_width])
    indent = " " * (sum(widths) + 2 * len(widths))

    def line(cells: Sequence[str], meaning: str) -> list[str]:
        wrapped = textwrap.wrap(meaning, meaning_width) or [""]
        first = "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))
        return [f"{first}  {wrapped[0]}".rstrip()] + [f"{indent}{more}" for more in wrapped[1:]]

    table = [rule, *line(header[:4], header[4]), rule]
    for row in rows:
        table.extend(line(row[:4], row[4]))
    table.append(rule)
    heading = f"Observation tensor (version {game.tensor_version})"
    return "\n".join([heading, "-" * len(heading), "", introduction, "", *table])


class TensorWriter:
    """Writes a tensor of ``layout`` from one value per block, in the
    block's own terms, so that a game states what each block holds and
    the writer does the encoding (the game's
    :meth:`~parlour.engine.game.Game.tensor_writer`, made once per game).

    The value of a block:

    * ``cards``: a card mask (an ``int``), or one per part; ``faces``: a
      face mask when one copy is the most, else the count of each face;
    * ``one-hot``: the position (``None``: none), or one per part; a seat
      block's is a seat (``None``: none), placed relative to the observer;
    * ``flags``: a truth value, or one per part; ``number``: the amount,
      divided by the block's scale, or one per part (a part of several
      values takes a list of amounts);
    * a seat block (``per_seat``) other than a one-hot seat gives one
      value per seat, seat 0 first; the writer turns them to the observer
      first.

    >>> writer = TensorWriter([
    ...     TensorBlock.cards("hand", 4, "the cards"),
    ...     TensorBlock.choice("phase", ("deal", "play"), "the phase"),
    ...     TensorBlock.seats("scores", 3, "the totals", scale=10),
    ...     TensorBlock.seats("dealer", 3, "the dealer", "one-hot"),
    ... ], 3)
    >>> writer.write(1, [0b1010, 1, [10, 20, 30], 0]).tolist()
    [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 2.0, 3.0, 1.0, 0.0, 0.0, 1.0]
    """

    def __init__(self, layout: Sequence[TensorBlock], players: int) -> None:
        self.players = players
        self.size = sum(block.size for block in layout)
        self._names = [block.name for block in layout]
        self._plan: list[tuple[int, int, int, int, bool]] = []
        amounts: list[int] = []
        scales: list[float] = []
        offset = 0
        for block in layout:
            width = block.part_size
            if block.per_seat and block.encoding == "one-hot" and width == 1:
                kind = _SEAT
            elif block.encoding == "faces":
                kind = _MASK if block.scale == 1 else _COUNTS
            else:
                kind = _KINDS[block.encoding]
            if kind == _FLAG and width > 1:
                raise ValueError(f"block {block.name!r}: a flag is one value a part")
            if kind == _NUMBER and width > 1:
                kind = _COUNTS
            self._plan.append((kind, offset, width, block.parts, block.per_seat))
            if kind in (_NUMBER, _COUNTS):
                amounts.extend(range(offset, offset + block.size))
                scales.extend([block.scale] * block.size)
            offset += block.size
        self._amounts = np.array(amounts, dtype=np.intp)
        """Where the blocks of amounts lie, in the order :meth:`write` lists them."""
        self._scales = np.array(scales, dtype=np.float64)
        """What each of those amounts is divided by."""

    def write(self, seat: int, values: Sequence[Any]) -> npt.NDArray[np.float32]:
        """The tensor for the observer ``seat`` from ``values``, one a block."""
        if len(values) != len(self._plan):
            raise ValueError(f"{len(values)} values for {len(self._plan)} blocks")
        n = self.players
        bits = 0
        amounts: list[float] = []
        index = 0
        try:
            for index, (kind, offset, width, parts, per_seat) in enumerate(self._plan):
                value = values[index]
                if kind == _SEAT:
                    if value is not None:
                        bits |= 1 << offset + (value - seat) % n
                    continue
                if parts == 1:
                    value = (value,)
                elif per_seat:
                    value = [*value[seat:], *value[:seat]]
                if kind == _MASK:
                    for item in value:
                        bits |= item << offset
                        offset += width
                elif kind == _FLAG:
                    for item in value:
                        if item:
                            bits |= 1 << offset
                        offset += width
                elif kind == _ONE_HOT:
                    for item in value:
                        if item is not None:
                            bits |= 1 << offset + item
                        offset += width
                elif kind == _NUMBER:
                    amounts.extend(value)
                else:
                    for item in value:
                        amounts.extend(item)
        except TypeError:
            raise TypeError(f"the value of block {self._names[index]!r} does not fit it: "
                            f"{values[index]!r}") from None
        raw = bits.to_bytes((self.size + 7) // 8, "little")
        tensor = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), count=self.size,
                               bitorder="little").astype(np.float32)
        if amounts:
            # one division for them all: float64, as Python divides, then
            # float32 as the tensor holds it
            tensor[self._amounts] = np.array(amounts, dtype=np.float64) / self._scales
        return tensor


_MASK, _SEAT, _ONE_HOT, _FLAG, _NUMBER, _COUNTS = range(6)
_KINDS = {"cards": _MASK, "one-hot": _ONE_HOT, "flags": _FLAG, "number": _NUMBER}
"""How :class:`TensorWriter` writes a block: a mask of bits, a seat placed
relative to the observer, a position, a flag, an amount, face counts."""

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
from typing import TYPE_CHECKING, Literal

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

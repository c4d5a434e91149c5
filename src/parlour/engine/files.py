"""Reading the files a person names (a game record, the statistics file, a
simulation's results) with a limit on their size.

A path may name anything: ``/dev/zero`` never ends, a named pipe may have
no writer, a file may be larger than memory. :func:`read_limited` reads at
most one byte more than the limit, so such a file costs at most the limit
in memory, and it is refused with :class:`FileTooLarge` naming the file,
the limit and what the file was meant to be.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> _ = path.write_text("{}")
>>> read_limited(path, MIB, "a game record")
b'{}'
>>> _ = path.write_bytes(b" " * (MIB + 1))
>>> read_limited(path, MIB, "a game record")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
parlour.engine.files.FileTooLarge: .../game.json is over the limit of 1 MiB for a game record
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO, Protocol

from parlour.errors import ParlourError

MIB = 1 << 20
"""A mebibyte, the unit in which limits are given."""


class FileTooLarge(ParlourError):
    """A file over the size limit for what it was meant to be."""


class Readable(Protocol):
    """Anything read as bytes: a file, a decompressing reader."""

    def read(self, size: int = -1, /) -> bytes:
        """Up to ``size`` bytes, fewer only at the end."""
        ...


def open_input(path: Path) -> BinaryIO:
    """``path`` opened for reading bytes (:class:`OSError` if it cannot be).

    A named pipe that no program writes to opens at once and reads as
    empty, instead of waiting at the open for a writer that may never
    come: it is opened without blocking, and reads block again as usual."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if stat.S_ISDIR(os.fstat(descriptor).st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_at_most(handle: Readable, limit: int, path: Path, what: str) -> bytes:
    """The rest of ``handle``, read from ``path``, if it has at most
    ``limit`` bytes (a whole number of MiB); else :class:`FileTooLarge`
    (``what`` names what the file was meant to be: "a game record"). Reads
    at most ``limit + 1`` bytes."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(f"{path} is over the limit of {limit // MIB} MiB for {what}")
    return data


def read_limited(path: Path, limit: int, what: str) -> bytes:
    """The bytes of ``path`` (see :func:`open_input` and :func:`read_at_most`)."""
    with open_input(path) as handle:
        return read_at_most(handle, limit, path, what)

"""A rematch: after a match, the same people and computers at a new table of
the same game and options with a fresh seed, every seat moved on by one
(the seat of ``P0`` takes ``P1``, the last takes ``P0``).

Every finished table with a person offers one. Each person answers with
his seat's token (accept or decline, and may change his mind until the
rematch is made); when every person has accepted, the new table is made,
once. The answers are stored with the finished table (``tables.rematch``),
so a restart keeps the offer.

**The new seats' tokens.** The server keeps only hashes of tokens, yet the
holder of a seat must get the token of his new seat at any later moment
(over his socket, in his view, after a restart). So the new token is
derived from the old one, which the holder shows at each request and which
the server never stores: an HMAC-SHA256 keyed by the old token
(:func:`rematch_token`). When a person accepts, the hash of his new token
is stored; the new table's seat gets it. Only a holder of the old token can
work the new one out (nobody reading the database, and no other seat): the
view of a seat carries its rematch link only when made for a request or
socket that showed that seat's token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

ACCEPTED = "accepted"
DECLINED = "declined"
"""A person's answer, as the view says it (``None``: not answered yet)."""


def rematch_token(token: str, table_id: int) -> str:
    """The token of the seat that the holder of ``token`` (a seat of table
    ``table_id``) takes in that table's rematch: 192 bits, URL-safe, as
    :func:`parlour.server.tables.new_token` makes them.

    >>> rematch_token("abc", 7) == rematch_token("abc", 7) != rematch_token("abd", 7)
    True
    >>> len(rematch_token("abc", 7))
    32
    """
    digest = hmac.new(token.encode("utf-8"), f"parlour rematch of table {table_id}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode("ascii")


def new_seat(seat: int, count: int) -> int:
    """The seat that ``seat`` of ``count`` takes in the rematch: the next one.

    >>> [new_seat(seat, 3) for seat in range(3)]
    [1, 2, 0]
    """
    return (seat + 1) % count


@dataclass(frozen=True, slots=True)
class Answer:
    """One person's answer; an acceptance holds the hash of his new seat's token."""

    accepted: bool
    token_hash: str | None = None

    def stored(self) -> dict[str, Any]:
        """The form kept in the database."""
        if self.token_hash is None:
            return {"accepted": self.accepted}
        return {"accepted": self.accepted, "token_hash": self.token_hash}


@dataclass(frozen=True, slots=True)
class Rematch:
    """The answers given to a finished table's rematch (per seat; ``None``:
    a computer's seat, or a person who has not answered) and the new table,
    once made."""

    answers: tuple[Answer | None, ...]
    table: int | None = None

    @classmethod
    def offered(cls, seats: int) -> Rematch:
        """The offer that nobody has answered yet."""
        return cls((None,) * seats)

    @classmethod
    def from_stored(cls, stored: dict[str, Any] | None, seats: int) -> Rematch:
        """The rematch kept in the database (``None``: nobody answered yet)."""
        if stored is None:
            return cls.offered(seats)
        answers = tuple(
            None if answer is None else Answer(bool(answer["accepted"]), answer.get("token_hash"))
            for answer in stored["answers"]
        )
        table = stored.get("table")
        return cls(answers, None if table is None else int(table))

    def stored(self) -> dict[str, Any]:
        """The form kept in the database."""
        return {"answers": [None if answer is None else answer.stored()
                            for answer in self.answers], "table": self.table}

    def answered(self, seat: int, answer: Answer) -> Rematch:
        """This rematch once ``seat`` has given ``answer``."""
        answers = list(self.answers)
        answers[seat] = answer
        return Rematch(tuple(answers), self.table)

    def has_accepted(self, seat: int) -> bool:
        """Whether the person at ``seat`` has accepted."""
        answer = self.answers[seat]
        return answer is not None and answer.accepted

    def waiting(self, people: Sequence[int]) -> list[int]:
        """The seats of ``people`` who have not accepted (declined or not answered)."""
        return [seat for seat in people if not self.has_accepted(seat)]

    def describe(self, seats: Sequence[dict[str, Any]], people: Sequence[int]
                 ) -> dict[str, Any]:
        """The ``rematch`` part of a finished table's view: each seat (its
        public description, of ``seats``) with the seat it takes in the
        rematch and a person's answer, the seats of ``people`` who have not
        accepted, and the new table once made."""
        return {
            "seats": [{**seat, "new_seat": new_seat(index, len(seats)),
                       "answer": self.answer_of(index)} for index, seat in enumerate(seats)],
            "waiting": self.waiting(people),
            "table": self.table,
        }

    def answer_of(self, seat: int) -> str | None:
        """``"accepted"``, ``"declined"`` or ``None`` (not answered)."""
        answer = self.answers[seat]
        if answer is None:
            return None
        return ACCEPTED if answer.accepted else DECLINED

"""What a simulation keeps of one match: the unit that the backends
(:mod:`parlour.sim.simulate`) produce and the statistics
(:mod:`parlour.sim.statistics`) read.

A record holds only numbers the contract gives every surface (returns,
scores, hand results, actions) and the game's own event counts, so it is
small, JSON-able and the same whichever backend played the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One simulated match.

    ``seats`` are seat indices in the game's order; ``agents[seat]`` is
    the agent that played the seat (after any duplicate rotation).
    ``hand_results[h][seat]`` is the change to the seat's total in hand
    ``h`` (:meth:`parlour.State.hand_results`), so the running totals after
    each hand are their prefix sums. ``higher_is_better`` says whether a
    higher total leads (points) or a lower one (penalty points).
    ``events`` counts the game's own events in the match (capots, going
    out, costly colours, ...; see :mod:`parlour.sim.events`).
    """

    index: int
    """The match's position in the run (its seed derives from it)."""
    seed: int
    deal: int
    """The deal (several matches share one under ``--duplicate``)."""
    rotation: int
    """How far the seats were rotated for this replay of the deal (0 without
    ``--duplicate``)."""
    agents: tuple[str, ...]
    returns: tuple[float, ...]
    scores: tuple[int, ...]
    hand_results: tuple[tuple[int, ...], ...]
    actions: int
    """Decisions taken by players (chance excluded)."""
    higher_is_better: bool
    options: Mapping[str, Any] = field(default_factory=dict)
    """The game's options for this match (a ``--sweep`` varies them)."""
    events: Mapping[str, int] = field(default_factory=dict)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.returns)

    @property
    def hands(self) -> int:
        """Hands played (the match's length)."""
        return len(self.hand_results)

    def winners(self) -> list[int]:
        """The seats with the best return (all of them when every return is
        equal: nobody won)."""
        best = max(self.returns)
        return [seat for seat, value in enumerate(self.returns) if value == best]

    def trajectory(self) -> list[list[int]]:
        """The running totals after each hand, one list per hand."""
        totals = [0] * self.players
        rows: list[list[int]] = []
        for deltas in self.hand_results:
            totals = [total + delta for total, delta in zip(totals, deltas, strict=True)]
            rows.append(list(totals))
        return rows

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "index": self.index, "seed": self.seed, "deal": self.deal,
            "rotation": self.rotation, "agents": list(self.agents),
            "returns": list(self.returns), "scores": list(self.scores),
            "hand_results": [list(row) for row in self.hand_results],
            "actions": self.actions, "higher_is_better": self.higher_is_better,
            "options": dict(self.options), "events": dict(self.events),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchRecord:
        """The record that :meth:`as_dict` wrote."""
        return cls(
            index=int(data["index"]), seed=int(data["seed"]), deal=int(data["deal"]),
            rotation=int(data["rotation"]), agents=tuple(data["agents"]),
            returns=tuple(float(value) for value in data["returns"]),
            scores=tuple(int(value) for value in data["scores"]),
            hand_results=tuple(tuple(int(v) for v in row) for row in data["hand_results"]),
            actions=int(data["actions"]), higher_is_better=bool(data["higher_is_better"]),
            options=dict(data.get("options", {})), events=dict(data.get("events", {})),
        )


def records_of(rows: Sequence[Mapping[str, Any]]) -> list[MatchRecord]:
    """Records read back from their JSON forms."""
    return [MatchRecord.from_dict(row) for row in rows]

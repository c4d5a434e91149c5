"""``parlour simulate --engine vector``: a batch of random matches played
by the batched engine (:mod:`parlour.vector`) at once, kept as the same
:class:`~parlour.sim.records.MatchRecord` the reference engine's matches
give, so the statistics, tables and plots read them alike.

What differs from the reference engine (:func:`parlour.sim.simulate.play_match`):

* **Random agents only.** Every decision is a uniformly random legal action
  (:meth:`parlour.vector.VectorGame.random_actions`), what the ``random``
  agent plays; a spec naming another agent is refused.
* **Its own deals.** The matches of a batch are dealt by the vector
  engine's generator from the batch's seed (``derived_seed(seed, "vector",
  first match)``), not by the reference's seeded deal, so a record's
  ``seed`` is its batch's and ``--duplicate`` (a deal replayed once per
  seat) is refused. The batches are cut the same way whatever the workers
  (:data:`BATCH`), so the records still depend only on the seed.
* **Per hand, the scores.** A record's ``hand_results`` are the changes of
  :meth:`~parlour.vector.VectorGame.scores` between the moments its
  ``hand_number`` grows (a hand ended, the next one dealt) and the end of
  the match, from the scores of the new match: the rows the reference's
  ``hand_results()`` gives, a hand at a time. ``actions`` counts the
  decisions, ``events`` :meth:`~parlour.vector.VectorGame.counted_events`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

import parlour.vector
from parlour.engine import OptionValue
from parlour.sim.records import MatchRecord

BATCH = 4_096
"""Matches a batch of the vector engine: big enough that the batched steps
pay off, and fixed, so that the records do not depend on the workers."""

RANDOM = "random"
"""The only agent the vector engine plays."""


def refusal(agents: Sequence[str], duplicate: bool) -> str | None:
    """Why the vector engine cannot play a run with ``agents`` (and
    ``duplicate``), in an operator's words; ``None`` when it can."""
    others = sorted({name for name in agents if name != RANDOM})
    if others:
        return (f"the vector engine plays random agents only, not {', '.join(others)}; "
                "use --engine reference for them")
    if duplicate:
        return ("the vector engine deals its own hands and cannot replay a deal; "
                "use --engine reference for --duplicate")
    return None


def play_vector_matches(game: str, options: Mapping[str, OptionValue], seed: int,
                        plans: Sequence[tuple[int, int, tuple[str, ...]]]) -> list[MatchRecord]:
    """``plans`` ((index, deal, agents) of each match, one option set)
    played together by the vector engine from ``seed``, as records."""
    vg = parlour.vector.make(game, batch_size=len(plans), kernel="auto", **options)
    vg.reset(seed)
    rng = np.random.default_rng(seed)
    size = vg.batch_size
    start_scores = vg.scores()
    moments: list[np.ndarray] = []
    rows: list[np.ndarray] = []
    decisions = np.zeros(size, dtype=np.int64)
    hand_number = vg.hand_number.copy()
    done = vg.done.copy()
    while not done.all():
        decisions += ~done
        vg.step(vg.random_actions(rng))
        ended = np.flatnonzero((vg.hand_number > hand_number) | (vg.done & ~done))
        if ended.size:
            moments.append(ended)
            rows.append(vg.scores()[ended])
        hand_number[:] = vg.hand_number
        done[:] = vg.done
    matches = np.concatenate(moments) if moments else np.zeros(0, dtype=np.int64)
    order = np.argsort(matches, kind="stable")
    totals = (np.concatenate(rows) if rows
              else np.zeros((0, vg.num_players), dtype=np.int64))[order]
    hands = np.bincount(matches, minlength=size)
    first = np.concatenate([[0], np.cumsum(hands)])
    before = np.empty_like(totals)
    before[1:] = totals[:-1]
    played = hands > 0
    before[first[:-1][played]] = start_scores[played]
    changes = [tuple(row) for row in (totals - before).tolist()]
    returns = vg.returns().tolist()
    scores = vg.scores().tolist()
    events = {name: counts.tolist() for name, counts in vg.counted_events().items()}
    higher_is_better = vg.game.higher_is_better
    records = []
    for i, (index, deal, agents) in enumerate(plans):
        records.append(MatchRecord(
            index=index, seed=seed, deal=deal, rotation=0, agents=agents,
            returns=tuple(returns[i]), scores=tuple(scores[i]),
            hand_results=tuple(changes[first[i]:first[i + 1]]),
            actions=int(decisions[i]), higher_is_better=higher_is_better,
            options=dict(options), events={name: counts[i] for name, counts in events.items()},
        ))
    return records

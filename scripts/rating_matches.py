"""Play the matches of the rating test and store their places.

Usage: ``python scripts/rating_matches.py [--workers W] [--deals D] [--out PATH]``

Four-player Polignac to a target of 1 (a match is a hand or two), one
seat per computer level (``random``, ``easy``, ``medium``, ``hard``), each
deal played once per rotation of the levels around the table: 75 deals
make 300 matches. The matches are :func:`parlour.sim.simulate.run_simulation`'s
(seeded, the same whatever the workers; ``hard`` has a CPU budget a move,
so a much slower machine may play it a little differently). The real
levels take about 3.5 s a match, too slow for a test: the test
(``tests/test_ratings.py``) feeds the stored places through the ratings.

The output (``tests/data/polignac_rating_matches.json``) says in its
``command`` how it was made; each match keeps its deal, rotation, the level
at each seat, the returns and the places (:func:`parlour.ratings.places_from_returns`).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from parlour.ratings import RATED_LEVELS, places_from_returns
from parlour.sim.simulate import SimulationSpec, run_simulation

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "tests" / "data" / "polignac_rating_matches.json"
GAME = "polignac"
OPTIONS = {"target": 1}
SEED = 1
DEALS = 75


def dump(document: dict[str, Any]) -> str:
    """``document`` as JSON text, a match a line (a diff shows the matches that changed)."""
    head = {key: value for key, value in document.items() if key != "matches"}
    lines = [json.dumps(match) for match in document["matches"]]
    opening = json.dumps(head, indent=1)[:-2]
    return opening + ',\n "matches": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--out", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    spec = SimulationSpec(GAME, OPTIONS, RATED_LEVELS, matches=args.deals, seed=SEED,
                          duplicate=True)
    started = time.monotonic()
    records = run_simulation(spec, workers=args.workers,
                             progress=lambda done, total: print(
                                 f"{done}/{total} matches", file=sys.stderr, flush=True))
    seconds = time.monotonic() - started
    command = ["python", "scripts/rating_matches.py", "--workers", str(args.workers),
               "--deals", str(args.deals)]
    document = {
        "command": shlex.join(command),
        "game": GAME, "options": OPTIONS, "seed": SEED, "levels": list(RATED_LEVELS),
        "seconds": round(seconds),
        "matches": [
            {"deal": record.deal, "rotation": record.rotation, "agents": list(record.agents),
             "returns": list(record.returns), "places": places_from_returns(record.returns)}
            for record in records
        ],
    }
    args.out.write_text(dump(document), encoding="utf-8")
    print(f"{len(records)} matches in {seconds:.0f} s: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

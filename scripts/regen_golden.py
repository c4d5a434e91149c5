"""Regenerate the golden Polignac playthroughs in ``tests/golden/``.

Each file holds a seeded random match: the game options, the match seed,
the seed of the :class:`~parlour.agents.RandomAgent` that chose every
action, the action texts, and every ``EVERY`` steps (and at the end) the
observations of all seats. ``tests/games/test_polignac.py`` replays each
file and compares, so any change in deals, rules, action texts or
observations shows as a diff.

Regenerate only after an intended change, review the diff, and commit the
files with that change (bump the game's ``version`` if action ids or
observations changed)::

    .venv/bin/python scripts/regen_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import parlour
from parlour.agents import RandomAgent

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
COMMAND = ".venv/bin/python scripts/regen_golden.py"
EVERY = 50
"""Steps between two observation snapshots."""

CASES: dict[str, dict[str, Any]] = {
    "polignac_4p_default": {"options": {"target": 10}, "seed": 2024, "agent_seed": 1},
    "polignac_3p_dealer_discard": {
        "options": {"players": 3, "pack_reduction": "dealer_discard", "target": 12,
                    "capot_fail": "bidder_5_plus_jacks"},
        "seed": 7, "agent_seed": 2,
    },
    "polignac_6p_ace_high": {
        "options": {"players": 6, "ace_high": True, "target": 6, "capot_bidder_leads": True,
                    "capot_fail": "jacks_normal"},
        "seed": 99, "agent_seed": 3,
    },
}


def observations(state: parlour.State) -> list[dict[str, Any]]:
    """The observation of every seat, as stored in a golden file."""
    return [state.observation(seat) for seat in range(state.game.num_players)]


def play(name: str) -> dict[str, Any]:
    """The golden record of case ``name``, played afresh."""
    case = CASES[name]
    game = parlour.make("polignac", **case["options"])
    state = game.new_state(seed=case["seed"])
    agent = RandomAgent(seed=case["agent_seed"])
    actions: list[str] = []
    snapshots: list[dict[str, Any]] = []
    while not state.is_terminal():
        if len(actions) % EVERY == 0:
            snapshots.append({"step": len(actions), "observations": observations(state)})
        seat = state.current_player()
        action = agent.choose(state.observation(seat), state.legal_actions())
        actions.append(state.action_to_str(action))
        state.apply(action)
    snapshots.append({"step": len(actions), "observations": observations(state)})
    return {
        "about": f"golden playthrough; regenerate with {COMMAND} (see its docstring)",
        "game": game.name,
        "version": game.version,
        "options": dict(game.options),
        "seed": case["seed"],
        "agent_seed": case["agent_seed"],
        "actions": actions,
        "snapshots": snapshots,
        "scores": state.scores(),
        "hand_results": state.hand_results(),
        "returns": state.returns(),
    }


def dumps(record: dict[str, Any]) -> str:
    """The file text of a golden record (stable, diff-friendly)."""
    return json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main() -> int:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name in CASES:
        path = GOLDEN_DIR / f"{name}.json"
        path.write_text(dumps(play(name)), encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

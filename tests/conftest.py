"""Shared test set-up: the helpers in this folder (``support``,
``test_hidden``) import by name from any test module or sub-folder, and no
test writes the user's patience statistics."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(autouse=True)
def _own_statistics_file(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Patience statistics go to a file of the test's own, never the user's."""
    monkeypatch.setenv("PARLOUR_STATS", str(tmp_path_factory.mktemp("stats") / "stats.json"))
    yield

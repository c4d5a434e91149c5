"""Shared test set-up: the helpers in this folder (``support``,
``test_hidden``) import by name from any test module or sub-folder."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

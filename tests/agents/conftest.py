"""The registry-wide helpers (tests/support.py) are imported by name, also
when only this folder is collected."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

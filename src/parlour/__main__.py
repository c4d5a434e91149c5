"""``python -m parlour``: the same command line as ``parlour``."""

from __future__ import annotations

from parlour.cli import main

raise SystemExit(main())

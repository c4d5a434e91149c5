"""Set-up of the fuzz tests: the hypothesis profiles they run under, and
``fuzz_support.py`` (beside this file) importable by name.

Every fuzz test takes its settings from :func:`fuzz_support.fuzz_settings`,
which reads the profile named by ``PARLOUR_FUZZ_PROFILE``:

* ``parlour-fuzz`` (the default, and CI's): few examples, derandomized, so
  that a run is reproducible and the folder runs in well under two minutes
  on one core;
* ``parlour-fuzz-deep``: many random examples with the example database,
  for a long local hunt (``PARLOUR_FUZZ_PROFILE=parlour-fuzz-deep``).

The profiles are applied per test, never loaded globally, so the rest of
the suite keeps its own hypothesis settings.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# pytest runs in importlib mode, which puts no test folder on sys.path
sys.path.insert(0, str(Path(__file__).resolve().parent))

_QUIET_HEALTH_CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large,
                        HealthCheck.filter_too_much]

settings.register_profile(
    "parlour-fuzz",
    max_examples=10,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=_QUIET_HEALTH_CHECKS,
)
settings.register_profile(
    "parlour-fuzz-deep",
    max_examples=500,
    derandomize=False,
    deadline=None,
    print_blob=True,
    suppress_health_check=_QUIET_HEALTH_CHECKS,
)

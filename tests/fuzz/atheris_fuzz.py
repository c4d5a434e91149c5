"""Run one fuzz test under atheris (coverage-guided, libFuzzer) instead of
hypothesis's own search, for a long hunt on one entry point.

atheris is not a dependency of parlour; it installs from a wheel with
``pip install atheris`` (CPython 3.11 on Linux x86-64 needs no compiler).
Name a test of this folder that takes only hypothesis arguments, or a
parametrized one with its parameter after ``@``, then libFuzzer's flags::

    python tests/fuzz/atheris_fuzz.py test_fuzz_records.test_any_text_is_replayed_or_refused \\
        -max_total_time=60
    python tests/fuzz/atheris_fuzz.py \\
        test_fuzz_actions.test_reading_any_text_gives_an_action_or_a_documented_error@bharg \\
        -runs=20000

A failure stops the run with the test's own assertion and the input that
broke it; ``PARLOUR_FUZZ_PROFILE`` does not apply (atheris chooses the
inputs).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

HERE = Path(__file__).resolve().parent


def fuzz_target(name: str) -> Callable[[bytes], Any]:
    """The ``fuzz_one_input`` of the test ``module.test[@parameter]``."""
    sys.path[:0] = [str(HERE), str(HERE.parent)]
    importlib.import_module("conftest")
    path, _, parameter = name.partition("@")
    module_name, _, test_name = path.rpartition(".")
    try:
        test = getattr(importlib.import_module(module_name or "<none>"), test_name)
        inner = test.hypothesis.inner_test
    except (ImportError, AttributeError):
        raise SystemExit(f"error: {path!r} is no hypothesis test of {HERE}; name one as "
                         "module.test, such as test_fuzz_records."
                         "test_any_text_is_replayed_or_refused") from None
    if parameter:
        # every parametrized test here takes its parameter, then st.data()

        def with_parameter(data: st.DataObject) -> None:
            inner(parameter, data)

        test = given(data=st.data())(with_parameter)
    target: Callable[[bytes], Any] = test.hypothesis.fuzz_one_input
    return target


def main() -> None:
    """Fuzz the test named by the first argument; the rest go to libFuzzer."""
    import atheris

    # coverage of parlour's own code guides the search
    with atheris.instrument_imports(include=["parlour"]):
        target = fuzz_target(sys.argv[1])
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()

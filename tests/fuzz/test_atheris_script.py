"""``atheris_fuzz.py``, the coverage-guided hunt on one fuzz test, runs: a
short libFuzzer run of a hypothesis test ends with its count of runs, and
a name that is no test is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("atheris")

SCRIPT = Path(__file__).resolve().parent / "atheris_fuzz.py"


def fuzz(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *arguments], capture_output=True,
                          text=True, timeout=300, check=False)


NO_TEST = ("is no hypothesis test of {folder}; name one as module.test, such as "
           "test_fuzz_records.test_any_text_is_replayed_or_refused\n")


@pytest.mark.parametrize("target", [
    "test_fuzz_records.test_any_text_is_replayed_or_refused",
    "test_fuzz_actions.test_reading_any_text_gives_an_action_or_a_documented_error@golf",
])
def test_a_short_run_finishes(target: str) -> None:
    result = fuzz(target, "-runs=200", "-seed=1")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Done 200 runs" in result.stderr


@pytest.mark.parametrize("name", ["test_fuzz_records.no_such_test", "no_such_module.test",
                                  "test_fuzz_records", "fuzz_support.fuzz_settings"])
def test_a_name_that_is_no_test_is_refused(name: str) -> None:
    result = fuzz(name, "-runs=1")
    # atheris reports each module it instruments first
    last = result.stderr.splitlines(keepends=True)[-1]
    assert (result.returncode, result.stdout, last) == (
        1, "", f"error: {name!r} " + NO_TEST.format(folder=SCRIPT.parent))

"""The browser front end (src/parlour/server/static): the files exist, the
pages load only local assets (the server may have no internet), and every
JavaScript module parses."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "parlour" / "server" / "static"
PAGES = ["lobby.html", "table.html", "replay.html"]
MODULES = sorted(path.name for path in STATIC.glob("*.js"))
EXPECTED = [*PAGES, "app.css", "api.js", "board.js", "cards.js", "dom.js", "lobby.js", "replay.js", "table.js"]

# src/href attributes, CSS url(...) and @import, JS import specifiers
REFERENCE = re.compile(
    r"""(?:src|href)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)|@import\s+["']([^"']+)|"""
    r"""\bfrom\s+["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']"""
)


def references(path: Path) -> list[str]:
    return [next(group for group in match.groups() if group) for match in REFERENCE.finditer(path.read_text())]


@pytest.mark.parametrize("name", EXPECTED)
def test_front_end_file_exists(name: str) -> None:
    assert (STATIC / name).is_file()


@pytest.mark.parametrize("name", [*PAGES, "app.css", *MODULES])
def test_only_local_assets(name: str) -> None:
    text = (STATIC / name).read_text()
    # the SVG namespace is an identifier, never fetched
    fetched = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", fetched, re.IGNORECASE), name
    for reference in references(STATIC / name):
        assert reference.startswith(("/", "./", "#", "data:")), f"{name} loads {reference}"


@pytest.mark.parametrize("name", PAGES)
def test_page_assets_are_served_files(name: str) -> None:
    for reference in references(STATIC / name):
        if reference.startswith("/static/"):
            assert (STATIC / reference.removeprefix("/static/")).is_file(), reference


@pytest.mark.parametrize("name", MODULES)
def test_module_imports_exist(name: str) -> None:
    for reference in references(STATIC / name):
        if reference.startswith("./"):
            assert (STATIC / reference).is_file(), f"{name} imports {reference}"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("name", MODULES)
def test_module_parses(name: str) -> None:
    result = subprocess.run(
        ["node", "--check", str(STATIC / name)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr

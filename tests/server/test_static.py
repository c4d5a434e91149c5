"""The browser front end (src/parlour/server/static, and the pages made
from src/parlour/server/pages): the files exist, every page is the one
shell filled with its own fragment, the pages load only local assets (the
server may have no internet), and every JavaScript module parses; cards.js
draws every card text of every deck; board.js draws every layout a game
may declare."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.cards import DECKS
from parlour.engine import game_class
from parlour.engine.layouts import DEFAULT_LAYOUT, LAYOUTS
from parlour.server.app import PAGES, PAGES_DIRECTORY
from parlour.server.language import page_text

STATIC = Path(__file__).resolve().parents[2] / "src" / "parlour" / "server" / "static"
PAGE_NAMES = sorted(page.name for page in PAGES.values())
MODULES = sorted(path.name for path in STATIC.glob("*.js"))
EXPECTED = [
    "app.css",
    "api.js", "board.js", "cards.js", "dom.js", "lobby.js", "meldhand.js", "replay.js",
    "table.js", "tablehelp.js", *(f"{name}.js" for name in PAGE_NAMES),
]

# src/href attributes, CSS url(...) and @import, JS import specifiers
REFERENCE = re.compile(
    r"""(?:src|href)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)|@import\s+["']([^"']+)|"""
    r"""\bfrom\s+["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']"""
)


def text_of(name: str) -> str:
    """A page as the server fills it, or a static file as it is."""
    pages = {page.name: page for page in PAGES.values()}
    return pages[name].html() if name in pages else (STATIC / name).read_text()


def references(name: str) -> list[str]:
    matches = REFERENCE.finditer(text_of(name))
    return [next(group for group in match.groups() if group) for match in matches]


@pytest.mark.parametrize("name", EXPECTED)
def test_front_end_file_exists(name: str) -> None:
    assert (STATIC / name).is_file()


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_every_page_is_the_shell_filled_with_its_own_fragment(
    name: str, client: TestClient
) -> None:
    """A fragment holds only its page's own header items and ``<main>``:
    the head, the header's frame and the brand are the shell's alone."""
    fragment = (PAGES_DIRECTORY / f"{name}.html").read_text()
    for shared in ("<!doctype", "<html", "<head", "<body", "<header", 'class="brand"',
                   "<script", "<link"):
        assert shared not in fragment.lower(), f"{name}.html repeats the shell's {shared}"
    assert fragment.count("<main") == fragment.count("</main>") == 1
    path = next(path for path, page in PAGES.items() if page.name == name)
    served = client.get(path.format(table_id=1, event_id=1, player_id=1, game="polignac"))
    assert served.status_code == 200
    assert served.headers["content-type"] == "text/html; charset=utf-8"
    assert served.text == text_of(name)
    assert served.text.startswith("<!doctype html>\n") and served.text.endswith("</html>\n")
    assert served.text.count('<a class="brand" href="/">parlour</a>') == 1
    assert f'<script type="module" src="/static/{name}.js"></script>' in served.text
    # the header's last item is the shell's language switch; the fragment's
    # {{t:...}} texts are said in the page's language (English here)
    header_end = re.compile(r'    <span class="lang-switch".*?</span>\n  </header>\n')
    assert page_text(fragment, "en") in header_end.sub("", served.text, count=1)


@pytest.mark.parametrize("name", [*PAGE_NAMES, "app.css", *MODULES])
def test_only_local_assets(name: str) -> None:
    text = text_of(name)
    # the SVG namespace is an identifier, never fetched
    fetched = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}", fetched, re.IGNORECASE), name
    for reference in references(name):
        assert reference.startswith(("/", "./", "#", "data:")), f"{name} loads {reference}"


@pytest.mark.parametrize("name", PAGE_NAMES)
def test_page_assets_are_served_files(name: str) -> None:
    for reference in references(name):
        if reference.startswith("/static/"):
            assert (STATIC / reference.removeprefix("/static/")).is_file(), reference


@pytest.mark.parametrize("name", MODULES)
def test_module_imports_exist(name: str) -> None:
    for reference in references(name):
        if reference.startswith("./"):
            assert (STATIC / reference).is_file(), f"{name} imports {reference}"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("name", MODULES)
def test_module_parses(name: str) -> None:
    result = subprocess.run(
        ["node", "--check", str(STATIC / name)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


# Resolves every card text given on stdin with cards.js and draws it; prints
# the texts it could not resolve or draw, and the deck names it knows.
CARD_CHECK = """
import { readFileSync } from "node:fs";
const { CardBook, DECK_NAMES, cardSvg } = await import(process.argv[1]);
const { decks, texts } = JSON.parse(readFileSync(0, "utf8"));
const book = new CardBook();
for (const deck of decks) book.add(deck);
const failed = texts.filter((text) => {
  const card = book.find(text);
  const svg = card && cardSvg(card, text);
  return !svg || !svg.startsWith("<svg") || svg.includes("undefined");
});
console.log(JSON.stringify({ failed, deckNames: DECK_NAMES }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_cards_js_draws_every_card_of_every_deck(client: TestClient) -> None:
    decks = [client.get(f"/api/decks/{name}").json() for name in DECKS]
    cards = [card for deck in decks for card in deck["cards"]]
    texts = [text for card in cards for text in (card["code"], card["name"])]
    # and the texts real observations hold, in each game's own spelling
    for name in parlour.games():
        state = parlour.make(name).new_state(seed=1)
        for seat in range(len(state.observation(0)["players"])):
            texts.extend(state.observation(seat)["hand"])
    result = subprocess.run(
        ["node", "--input-type=module", "-e", CARD_CHECK, (STATIC / "cards.js").as_uri()],
        input=json.dumps({"decks": decks, "texts": texts}), capture_output=True, text=True,
        check=True,
    )
    outcome = json.loads(result.stdout)
    assert outcome["failed"] == []
    assert sorted(outcome["deckNames"]) == sorted(DECKS)


WILD_CHOICES = """
const { wildChoices } = await import(process.argv[1]);
const cases = JSON.parse(process.argv[2]);
console.log(JSON.stringify(cases.map((cards) => wildChoices(cards))));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_progress_card_field_suggests_the_cards_a_meld_can_use() -> None:
    """meldhand.js prefills what a selected P stands for: a group's number in
    every sign, a sequence's gap, else its two ends (no wrap past 13)."""
    cases = [["9Cr", "9Mo#2"], ["7St", "9St"], ["12Mo", "13Mo"], ["3Su", "4Su", "5Su"],
             ["3Su", "7Cr"], []]
    result = subprocess.run(
        ["node", "--input-type=module", "-e", WILD_CHOICES, (STATIC / "meldhand.js").as_uri(),
         json.dumps(cases)], capture_output=True, text=True, check=True,
    )
    assert json.loads(result.stdout) == [
        ["9Cr", "9Su", "9Mo", "9St"], ["8St"], ["11Mo"], ["2Su", "6Su"], [], [],
    ]


SPLIT_MELDS = """
const { splitMelds } = await import(process.argv[1]);
const cases = JSON.parse(process.argv[2]);
console.log(JSON.stringify(cases.map(([tokens, count, size, wrap]) =>
  splitMelds(tokens, count, size, wrap))));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_one_meld_button_splits_the_selection_into_the_melds_it_means() -> None:
    """meldhand.js's Meld lays the selection down as the melds it means
    (issue 29, "one meld button"): a double contract's run of six split in
    two (rules/progress.md 3.3: "offer the split"), a group and a sequence
    however the cards were clicked, a P by what it stands for; no split when
    the cards make no such melds (the engine then says why)."""
    cases = [
        [["3St", "4St", "5St", "6St", "7St", "8St"], 2, 3, False],
        [["9Cr", "3St", "9Su", "4St", "9Mo", "5St"], 2, 3, False],
        [["1Cr", "2Cr", "3Cr", "4Cr", "5Cr", "6Cr", "7Cr", "8Cr"], 2, 4, False],
        [["7St", "P=8St", "9St"], 1, 3, False],
        [["12Mo", "13Mo", "1Mo"], 1, 3, False],
        [["12Mo", "13Mo", "1Mo"], 1, 3, True],
        [["3St", "4St", "5St", "6St", "7St"], 2, 3, False],
        [["3St", "4Su", "5St"], 1, 3, False],
    ]
    result = subprocess.run(
        ["node", "--input-type=module", "-e", SPLIT_MELDS, (STATIC / "meldhand.js").as_uri(),
         json.dumps(cases)], capture_output=True, text=True, check=True,
    )
    assert json.loads(result.stdout) == [
        [["3St", "4St", "5St"], ["6St", "7St", "8St"]],
        [["9Cr", "9Su", "9Mo"], ["3St", "4St", "5St"]],
        [["1Cr", "2Cr", "3Cr", "4Cr"], ["5Cr", "6Cr", "7Cr", "8Cr"]],
        [["7St", "P=8St", "9St"]],
        None,
        [["12Mo", "13Mo", "1Mo"]],
        None,
        None,
    ]


STATS_LABELS = """
const { statsLabel } = await import(process.argv[1]);
console.log(JSON.stringify(JSON.parse(process.argv[2]).map(statsLabel)));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_statistics_line_names_its_options_in_words() -> None:
    """A statistics line's variant (parlour.stats.stats_key) is shown as the
    options' labels and values in words (issue 29), never as identifiers."""
    lines = [{"title": "Golf", "variant": ""},
             {"title": "Golf", "variant": 'golf_wraparound=true progress_card="wild"'}]
    result = subprocess.run(
        ["node", "--input-type=module", "-e", STATS_LABELS, (STATIC / "api.js").as_uri(),
         json.dumps(lines)], capture_output=True, text=True, check=True,
    )
    assert json.loads(result.stdout) == [
        "Golf", "Golf (Golf wraparound: yes, Progress card: wild)",
    ]


LAYOUT_CHECK = """
const { LAYOUTS, layoutOf } = await import(process.argv[1]);
const games = JSON.parse(process.argv[2]);
console.log(JSON.stringify({
  known: LAYOUTS,
  chosen: games.map(layoutOf),
  fallback: [undefined, { layout: "hexagon" }].map(layoutOf),
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_browser_draws_every_layout_a_game_may_declare(client: TestClient) -> None:
    """board.js draws a board for each kind of parlour.engine.layouts (no
    more, no fewer), picks the one each game declares in GET /api/games, and
    draws the round table, which shows any observation, when it cannot read
    a game's layout or does not know its kind."""
    games = client.get("/api/games").json()
    result = subprocess.run(
        ["node", "--input-type=module", "-e", LAYOUT_CHECK, (STATIC / "board.js").as_uri(),
         json.dumps(games)], capture_output=True, text=True, check=True,
    )
    outcome = json.loads(result.stdout)
    assert sorted(outcome["known"]) == sorted(LAYOUTS)
    assert outcome["chosen"] == [game_class(game["name"]).layout for game in games]
    assert outcome["fallback"] == [DEFAULT_LAYOUT, DEFAULT_LAYOUT]

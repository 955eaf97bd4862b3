"""UNO's and Upwords' screens fit their devices: every state at every viewport of issue 14.

Drives each screen state with stacked decks (UNO: play with a 12-card hand, the colour
picker, the Swap Hands picker, a Wild Draw Four challenge and its reveal, the Greyskull
call, the hand over, the game over; Upwords: play, exchange, an invalid word, game over),
saves a screenshot of each at each viewport into ``artifacts/review14/uno-upwords/`` (for
review only: none on CI, see ``REVIEW_SHOTS`` in tests/e2e/screens.py) and checks from
bounding boxes what must be on the first screen without scrolling:

- the 12th card of a 12-card UNO hand lies inside a 360x740 (and 390x844) phone;
- the Upwords board's last row lies inside the table at 1280x800 and 1920x1080 (and the
  other table viewports), and the rack and the whole board inside the phones.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import open_table, seat_phones
from tests.e2e.screens import REVIEW_SHOTS

pytestmark = pytest.mark.e2e

PHONES = ((360, 740), (390, 844))
TABLES = ((1280, 800), (1024, 768), (820, 1180), (1920, 1080))
OUT = Path(__file__).resolve().parents[2] / "artifacts" / "review14" / "uno-upwords"


# -- helpers -------------------------------------------------------------------------------

# No service worker (tests/e2e/test_pwa.py tests it): it shows nothing, and in every new
# context it would fetch the whole app again to cache it.
NO_SW = {"service_workers": "block"}


def _table(new_context, app_server, code: str, host: str, locale: str = "en"):
    return open_table(new_context, app_server, code, host, locale=locale, **NO_SW)


def _phones(new_context, app_server, code: str, names, locale: str = "en") -> list:
    return seat_phones(new_context, app_server, code, names, viewport=PHONES[0], is_mobile=True, locale=locale,
                       **NO_SW)


def _room(app_server, game: str, options: dict) -> tuple[str, str]:
    with Session(create_engine(app_server.database_url)) as db:
        return service.create_room(db, game, options)


def _settle(page) -> None:
    """Two animation frames: the layout after a resize (pure CSS: no script resizes) is done."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _shots(page, name: str, sizes) -> list[Path]:
    """The page at each viewport size (scrolled to the top), saved as <name>-<w>x<h>.png; the
    page is left at the last size. Without review screenshots (on CI: tests/e2e/screens.py,
    REVIEW_SHOTS) it is only resized to the last size."""
    if not REVIEW_SHOTS:
        w, h = sizes[-1]
        page.set_viewport_size({"width": w, "height": h})
        return []
    OUT.mkdir(parents=True, exist_ok=True)
    paths = []
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.scrollTo(0, 0)")
        _settle(page)
        path = OUT / f"{name}-{w}x{h}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    return paths


def _inside(page, selector: str) -> dict:
    """Where ``selector``'s box lies against the viewport, at scroll 0."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return {top: r.top, left: r.left, bottom: r.bottom, right: r.right,
                inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
                        && r.right <= innerWidth + 0.5, vw: innerWidth, vh: innerHeight}; }""")


def _assert_inside(page, selector: str, sizes) -> None:
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        _settle(page)
        box = _inside(page, selector)
        assert box["inside"], f"{selector} at {w}x{h}: {box}"


# -- UNO -----------------------------------------------------------------------------------

TWELVE = ["WS", "W", "W+4", "r1", "r3", "r7", "g2", "g5", "b4", "b8", "y6", "y9"]
PLUS = {"edition": "plus", "dealer": 0, "wd4_bluff": True,
        "stack": {"hands": [["g1", "y2", "b3", "b7", "g8", "y5", "r9"], TWELVE,
                            ["y1", "b2", "g3", "y4", "g6", "b9", "r8"]],
                  "top": "r5", "draw": ["b5", "b6", "y3", "y7", "g4", "g7", "b1", "y8"]}}


def test_uno_screens_fit(app_server, new_context) -> None:
    """UNO Plus: 12 cards on a phone, the pickers, the Wild Draw Four challenge."""
    code, host = _room(app_server, "uno", PLUS)
    table = _table(new_context, app_server, code, host)
    ana, bia, cid = _phones(new_context, app_server, code, ("Ana", "Bia", "Cid"))
    table.locator("#seats").get_by_text("Cid", exact=True).wait_for()
    _shots(table, "uno-lobby-table", TABLES)
    _shots(bia, "uno-lobby-phone", PHONES)

    table.click("#start")
    bia.wait_for_selector("#your-turn")
    bia.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 12")
    _shots(bia, "uno-play-phone-12-cards", PHONES)
    _shots(ana, "uno-play-phone-waiting", PHONES)
    _assert_inside(bia, "#hand [data-card] >> nth=11", PHONES)
    _assert_inside(bia, "#hand", PHONES)
    _shots(table, "uno-play-table", TABLES)
    for sel in ("#discard-top", "#draw-pile", "#direction", "#table-status", "#events"):
        _assert_inside(table, sel, TABLES)

    # The colour picker of a wild; then Swap Hands: who, then the colour.
    bia.click('#hand [data-card="W"]')
    bia.wait_for_selector("#picker")
    _shots(bia, "uno-picker-colour", PHONES)
    _assert_inside(bia, '#picker [data-color="b"]', PHONES)
    bia.click("#picker >> text=Cancel")
    bia.click('#hand [data-card="WS"]')
    bia.wait_for_selector("#picker-targets")
    _shots(bia, "uno-picker-swap-who", PHONES)
    _assert_inside(bia, "#target-2", PHONES)
    bia.click("#target-2")
    bia.wait_for_selector('#picker [data-color="g"]')
    _shots(bia, "uno-picker-swap-colour", PHONES)
    _assert_inside(bia, '#picker [data-color="y"]', PHONES)
    bia.click("#picker >> text=Cancel")

    # A Wild Draw Four while holding red: Cid challenges and wins.
    bia.click('#hand [data-card="W+4"]')
    bia.click('#picker [data-color="g"]')
    cid.wait_for_selector("#act-challenge")
    _shots(cid, "uno-challenge-phone", PHONES)
    _shots(table, "uno-challenge-table", TABLES)
    _assert_inside(cid, "#act-challenge", PHONES)
    cid.click("#act-challenge")
    cid.wait_for_selector("#reveal")
    _shots(cid, "uno-challenge-reveal-phone", PHONES)
    _shots(table, "uno-after-challenge-table", TABLES)
    # The own chip says "you" (in words).
    assert "you" in bia.inner_text("#others").lower()


MOTU = {"edition": "motu", "dealer": 0, "target": 500,
        "stack": {"hands": [["b1", "p2", "r3", "g4", "p5", "b6", "g9"], ["WG", "b2"],
                            ["b3", "p1", "r2", "g7", "p8", "r9", "g1"]],
                  "top": "b5", "draw": ["b8", "p3", "r4", "g2", "p6", "r7", "g3", "b9", "p7", "r1"]}}


def test_uno_motu_grayskull_and_hand_over_fit(app_server, new_context) -> None:
    """Masters of the Universe in pt-BR: the colour names, the Greyskull call on the table,
    the hand over with its score table and the host's button on the first screen."""
    code, host = _room(app_server, "uno", MOTU)
    table = _table(new_context, app_server, code, host, locale="pt-BR")
    ana, bia, cid = _phones(new_context, app_server, code, ("Ana", "Bia", "Cid"), locale="pt-BR")
    table.locator("#seats").get_by_text("Cid", exact=True).wait_for()
    table.click("#start")
    bia.wait_for_selector("#your-turn")
    bia.click('#hand [data-card="WG"]')
    bia.wait_for_selector("#picker")
    assert "Roxo" in bia.inner_text("#picker") and "Azul" in bia.inner_text("#picker")
    _shots(bia, "uno-motu-picker-pt", PHONES)
    bia.click('#picker [data-color="b"]')
    table.wait_for_selector("#greyskull")
    assert "Greyskull" in table.text_content("#greyskull")  # as the rulebook spells it
    assert "Azul" in table.inner_text("#color-in-play") or "azul" in table.inner_text("body")
    _shots(table, "uno-motu-grayskull-table-pt", TABLES)
    for sel in ("#events", "#discard-top"):
        _assert_inside(table, sel, TABLES)
    # Cid plays blue, Ana plays blue, Bia goes out with b2: the hand is over.
    cid.wait_for_selector("#your-turn")
    cid.click('#hand [data-card="b3"]')
    ana.wait_for_selector("#your-turn")
    ana.click('#hand [data-card="b1"]')
    bia.wait_for_selector("#your-turn")
    bia.click('#hand [data-card="b2"]')
    table.wait_for_selector("#hand-over")
    _shots(table, "uno-hand-over-table-pt", TABLES)
    _shots(bia, "uno-hand-over-phone-pt", PHONES)
    for sel in ("#scores", "#next-hand"):
        _assert_inside(table, sel, TABLES)


def test_uno_game_over_fits(app_server, new_context) -> None:
    """A one-hand game (target 1): the game over on the table and the phones."""
    code, host = _room(app_server, "uno", {"dealer": 0, "target": 1,
                                           "stack": {"hands": [["g1", "y2", "b3"], ["r2"]], "top": "r5"}})
    table = _table(new_context, app_server, code, host)
    ana, bia = _phones(new_context, app_server, code, ("Ana", "Bia"))
    table.locator("#seats").get_by_text("Bia", exact=True).wait_for()
    table.click("#start")
    bia.wait_for_selector("#your-turn")
    bia.click('#hand [data-card="r2"]')
    bia.wait_for_selector("#my-result")
    _shots(table, "uno-game-over-table", TABLES)
    _shots(bia, "uno-game-over-phone", PHONES)
    _shots(ana, "uno-game-over-phone-2nd", PHONES)


# -- Upwords -------------------------------------------------------------------------------

def _put(page, letter: str, row: int, col: int) -> None:
    page.click(f'#uw-rack button[data-letter="{letter}"][data-used="0"] >> nth=0')
    page.wait_for_selector(f'#uw-rack button[data-letter="{letter}"][aria-pressed="true"]')
    page.click(f"#psq-{row}-{col}")
    page.wait_for_selector(f'#psq-{row}-{col}[data-new="1"][data-letter="{letter}"]')


UPWORDS = {"first": 0, "words": "auto",
           "stack": {"racks": [list("OXYGENS"), list("AEIRTLN")],
                     "board": [[4, 3, "BC"], [4, 4, "RSA"], [4, 5, "ELMT"], [4, 6, "MOPES"]]}}


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
def test_upwords_screens_fit(app_server, new_context, locale: str) -> None:
    """Play, an invalid word (said once), exchange; the board's last row on the table."""
    code, host = _room(app_server, "upwords", UPWORDS)
    table = _table(new_context, app_server, code, host, locale=locale)
    ana, bia = _phones(new_context, app_server, code, ("Ana", "Bia"), locale=locale)
    table.locator("#seats").get_by_text("Bia", exact=True).wait_for()
    table.click("#start")
    ana.wait_for_selector("#your-turn")
    ana.wait_for_selector("#uw-rack [data-letter]")
    suffix = "" if locale == "en" else "-pt"
    _shots(table, "upwords-play-table" + suffix, TABLES)
    _shots(ana, "upwords-play-phone" + suffix, PHONES)
    _assert_inside(table, "#tsq-9-9", TABLES)
    _assert_inside(table, "#tsq-9-0", TABLES)
    _assert_inside(ana, "#uw-rack", PHONES)
    _assert_inside(ana, "#psq-9-9", PHONES)
    _assert_inside(ana, "#uw-shuffle", PHONES)
    shuffle = ana.eval_on_selector("#uw-shuffle", "e => e.scrollWidth <= e.clientWidth + 1")
    assert shuffle, "the shuffle label overflows its button"

    # An invalid word: said once, in the preview over the rack; Play waits for a fix.
    _put(ana, "X", 4, 7)
    ana.wait_for_selector("#uw-preview-error")
    assert ana.is_disabled("#uw-play")
    _shots(ana, "upwords-invalid-word-phone" + suffix, PHONES)
    error = ana.inner_text("#uw-preview-error").strip()
    assert error and ana.inner_text("body").count(error) == 1, error
    assert ana.locator("#notice").count() == 0
    ana.click("#uw-recall")

    # Exchange: the picker line over the rack.
    ana.click("#uw-exchange")
    ana.wait_for_selector("#uw-exchange-pick")
    _shots(ana, "upwords-exchange-phone" + suffix, PHONES)
    _assert_inside(ana, "#uw-rack", PHONES)
    ana.click("#uw-exchange-cancel")

    # Everyone passes in a row: game over.
    for page in (ana, bia):
        page.wait_for_selector("#uw-pass")
        page.click("#uw-pass")
        page.wait_for_selector("#uw-pass", state="detached")
    table.wait_for_selector("#game-over")
    ana.wait_for_selector("#uw-game-over")
    _shots(table, "upwords-game-over-table" + suffix, TABLES)
    _shots(ana, "upwords-game-over-phone" + suffix, PHONES)
    _assert_inside(table, "#tsq-9-9", TABLES)

"""UeStop! and Faces screens fit their devices (issue 14), checked from bounding boxes.

UeStop! (a tablet and three phones, stacked deck): the reading state, the race (the SLAP
button on a 360x740 phone), the race result (the race panel inside the table's viewport at
1280x800 and 1920x1080), the answer and the vote. No clock figure shows by default: the
phone folds its clock under a closed "Connection details", the table's raw tap figures sit
under a closed "Timing details".

Faces: the lobby names the version and the oldest player once each; while players choose
the card to pass, the table says in words who is still choosing (no chip lit for all);
Memory: the whole grid inside the table's viewport at 1280x800 and 1920x1080 and inside the
phone's width.

Every state is saved at each viewport of the issue into artifacts/review14/uestop-faces/
(tables: 1280x800, 1024x768, 820x1180, 1920x1080; phones: 360x740, 390x844), for review
only: none on CI (``REVIEW_SHOTS`` in tests/e2e/screens.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import machine_now, open_table, seat_phones, tap_at
from tests.e2e.screens import REVIEW_SHOTS

pytestmark = pytest.mark.e2e

NAMES = ("Ana", "Bia", "Cid")
ANA, BIA, CID = 0, 1, 2
TABLES = ((1280, 800), (1024, 768), (820, 1180), (1920, 1080))
PHONES = ((360, 740), (390, 844))
OUT = Path(__file__).resolve().parents[2] / "artifacts" / "review14" / "uestop-faces"
# No service worker (tests/e2e/test_pwa.py tests it): it shows nothing, and in every new
# context it would fetch the whole app again to cache it.
NO_SW = {"service_workers": "block"}

UESTOP_STACK = {"category": "red-01", "deck": ["blue-01", "yellow-05"]}
UESTOP_OPTIONS = {"mode": "tome_lhe_tapao", "first": ANA, "target": 3, "stack": UESTOP_STACK,
                  "slap_window_ms": 2000, "reveal_delay_ms": 300}  # the longest window: Cid's tap lands in it on a busy CI
FACES_STACK = {"hands": [[1, 1, 6, 9], [2, 3, 6, 6], [4, 5, 5, 10]], "pile": [7, 8, 12], "exact": True}
MEMORY_GRID = [1, 2, 3, 4, 5, 1, 6, 7, 8, 9, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10]
MEMORY_STACK = {"grid": MEMORY_GRID, "pile": [11, 12, 13], "exact": True}


# -- helpers ---------------------------------------------------------------------------------

def settle(page) -> None:
    """Two animation frames: the layout after a resize is the one measured and saved."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def shots(page, name: str, sizes) -> None:
    """Saves ``page`` at every size (back to the first size afterwards); nothing without
    review screenshots (on CI: tests/e2e/screens.py, REVIEW_SHOTS)."""
    if not REVIEW_SHOTS:
        return
    OUT.mkdir(parents=True, exist_ok=True)
    first = page.viewport_size
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        settle(page)
        page.screenshot(path=str(OUT / f"{name}-{w}x{h}.png"))
    page.set_viewport_size(first)
    settle(page)


def dismiss_hint(*pages) -> None:
    """Closes the first-time hint of a fresh device, as a person would ("Got it"), so it does
    not cover the bottom of the later screens (no hint, or one that left: nothing to do)."""
    for page in pages:
        try:
            if page.is_visible("#tg-hint-ok"):
                page.click("#tg-hint-ok", timeout=3_000)
        except Exception:  # noqa: BLE001 (it left by itself)
            pass


def outside(page, selector: str, size: tuple[int, int]) -> str:
    """"" if ``selector``'s box lies inside the viewport of ``size`` (the page scrolled to
    its top), else what sticks out."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate("() => window.scrollTo(0, 0)")
    settle(page)
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    w, h = size
    out = []
    if box["x"] < -0.5 or box["y"] < -0.5:
        out.append(f"starts at ({box['x']:.0f}, {box['y']:.0f})")
    if box["x"] + box["width"] > w + 0.5:
        out.append(f"right edge {box['x'] + box['width']:.0f} > {w}")
    if box["y"] + box["height"] > h + 0.5:
        out.append(f"bottom {box['y'] + box['height']:.0f} > {h}")
    return f"{selector} at {w}x{h}: " + ", ".join(out) if out else ""


def room(app_server, game: str, options: dict) -> tuple[str, str]:
    with Session(create_engine(app_server.database_url)) as db:
        return service.create_room(db, game, options)


def visible_text(page) -> str:
    return page.evaluate("() => document.body.innerText")


# How many animation frames the page asks for in ``ms`` milliseconds.
FRAMES_ASKED = """(ms) => new Promise((done) => {
  const ask = window.requestAnimationFrame;
  let asked = 0;
  window.requestAnimationFrame = (callback) => { asked += 1; return ask.call(window, callback); };
  setTimeout(() => { window.requestAnimationFrame = ask; done(asked); }, ms);
})"""


# -- UeStop! -----------------------------------------------------------------------------------

def test_uestop_race_vote_and_answer_fit_and_hide_the_clock(app_server, new_context):
    code, host = room(app_server, "uestop", UESTOP_OPTIONS)
    tablet = open_table(new_context, app_server, code, host, **NO_SW)
    ana, bia, cid = phones = seat_phones(new_context, app_server, code, NAMES, **NO_SW)
    for name in NAMES:
        tablet.get_by_text(name, exact=True).first.wait_for()
    tablet.click("#start")
    tablet.wait_for_selector('#ues-category[data-card="red-01"]')
    ana.wait_for_selector("#ues-reveal")
    dismiss_hint(*phones)
    for page in (tablet, *phones):  # every screen has its clock estimate
        page.wait_for_selector('#ues-clock[data-synced="1"]', state="attached", timeout=45_000)
    shots(tablet, "uestop-reading", TABLES)
    shots(ana, "uestop-phone-reading", PHONES)

    # No clock figure by default: the phone folds it under "Connection details".
    for page in phones:
        assert page.locator("#ues-connection").get_attribute("open") is None
        text = visible_text(page)
        assert "±" not in text and "within" not in text and "round trip" not in text, text
        assert page.locator("#ues-connection summary").is_visible()
    ana.click("#ues-connection summary")
    ana.wait_for_selector("#ues-connection >> text=round trip")
    shots(ana, "uestop-phone-connection-details", PHONES[:1])
    ana.click("#ues-connection summary")

    # The race: the SLAP button fills the phone and stays inside it.
    ana.click("#ues-reveal")
    for page in phones:
        page.wait_for_selector('#ues-phone-revealed[data-pending="0"]', timeout=15_000)
        page.wait_for_selector("#ues-slap.ues-slap-live")
    # Once the card shows, the countdown sleeps: a page asks for no frames while nothing
    # changes (a frame loop would keep a phone awake for the whole game; it asked for ~90).
    for page in (tablet, bia):
        frames = page.evaluate(FRAMES_ASKED, 1500)
        assert frames < 10, frames
    shots(bia, "uestop-phone-race", PHONES)
    shots(tablet, "uestop-race-open", TABLES)
    assert outside(bia, "#ues-slap", (360, 740)) == ""
    slap = bia.locator("#ues-slap").bounding_box()
    assert slap["width"] >= 300 and slap["height"] >= 170, slap

    # Both fingers at the same moment, from inside the pages: the race closes slap_window_ms
    # after the first tap, and a driver's second click may come later than that on a busy CI.
    # 1.5 s on, as the slap race's. In the official CI run of 79fe094 (a loaded host) Cid's
    # tap missed the race; the likeliest cause is the driver's round trip that sets each
    # page's timer, once only 300 ms ahead. How far ahead each timer was set is now in the
    # assertion's message, so a repeat would say whether it was that.
    at = machine_now(tablet) + 1500
    leads = [tap_at(page, "#ues-slap", at) for page in (bia, cid)]
    tablet.wait_for_selector("#ues-race-winner", timeout=15_000)
    rows = tablet.locator("#ues-race tbody tr")
    try:
        rows.nth(1).wait_for(timeout=5_000)
    except PlaywrightTimeout:
        pass  # the assertion says which tap is missing and how early each was scheduled
    assert rows.count() == 2, (leads, rows.all_inner_texts())
    shots(tablet, "uestop-race-result", TABLES)
    problems = [outside(tablet, "#ues-race-panel", size) for size in ((1280, 800), (1920, 1080))]
    assert [p for p in problems if p] == []
    # The raw figures only under a closed "Timing details"; the rows say it in words.
    assert tablet.locator("#ues-race-details").get_attribute("open") is None
    assert not tablet.get_by_text("after the reveal").first.is_visible()
    assert tablet.locator("#ues-race-summary").is_visible()

    # The winner answers; the others listen, then vote.
    winner = bia if tablet.inner_text("#ues-race-winner").startswith("Bia") else cid
    winner.wait_for_selector("#ues-you-answer")
    shots(winner, "uestop-phone-answer", PHONES)
    shots(ana, "uestop-phone-listen", PHONES)
    winner.check("#ues-cat-1")
    winner.fill("#ues-text", "Marina")
    winner.click("#ues-send-typed")
    tablet.wait_for_selector("#ues-votes")
    ana.wait_for_selector("#ues-accept")
    shots(tablet, "uestop-judging", TABLES)
    shots(ana, "uestop-phone-vote", PHONES)
    assert outside(tablet, "#ues-votes", (1280, 800)) == ""
    assert outside(ana, "#ues-accept", (360, 740)) == ""
    for page in phones:
        assert "±" not in visible_text(page)


# -- Faces -------------------------------------------------------------------------------------

def test_faces_lobby_says_each_thing_once_and_passing_names_who_chooses(app_server, new_context):
    code, host = room(app_server, "faces", {"variant": "main", "stack": FACES_STACK})
    tablet = open_table(new_context, app_server, code, host, **NO_SW)
    ana, bia, cid = seat_phones(new_context, app_server, code, NAMES, **NO_SW)
    tablet.wait_for_selector("#faces-oldest option >> nth=2", state="attached")
    tablet.select_option("#faces-oldest", "1")
    tablet.wait_for_selector('#faces-lobby[data-oldest="1"]')
    text = visible_text(tablet)
    assert text.count("Card game (3-5 players)") == 1, text  # the version: in the options only
    assert tablet.locator('#options-in-force [data-option="oldest"]').count() == 0  # the picker says it
    assert tablet.locator('label[for="faces-oldest"]').inner_text() == "Who is the oldest player?"
    assert "Bia" in tablet.locator("#faces-oldest option:checked").inner_text()
    shots(tablet, "faces-lobby", TABLES)

    tablet.click("#start")
    tablet.wait_for_selector('#faces-ready[data-ready="0"]')
    tablet.wait_for_selector("#faces-waiting-for >> text=Ana")
    ana.wait_for_selector("#hand")
    dismiss_hint(ana, bia, cid)
    ana.locator('#hand button.fc-group[data-emotion="6"]').click()  # Bia gets her third "happy"
    tablet.wait_for_selector('#faces-ready[data-ready="1"]')
    tablet.wait_for_selector("#faces-waiting-for >> text=Bia")
    assert "Ana" not in tablet.inner_text("#faces-waiting-for")
    # the phones' chips: nobody lit while everybody chooses at once; the words say who
    ana.wait_for_selector("#faces-waiting >> text=Cid")
    assert "Ana" not in ana.inner_text("#faces-waiting")
    for page in (ana, cid):
        assert page.locator("#faces-others .tg-turn").count() == 0
    shots(tablet, "faces-passing", TABLES)
    shots(ana, "faces-phone-passing", PHONES)

    bia.locator('#hand button.fc-group[data-emotion="2"]').click()
    cid.locator('#hand button.fc-group[data-emotion="4"]').click()
    bia.wait_for_selector("#faces-stop.lit:not([disabled])")
    bia.click("#faces-stop")
    tablet.wait_for_selector("#faces-mimer >> text=Bia")
    cid.wait_for_selector("#faces-guess-picker")
    shots(tablet, "faces-guessing", TABLES)
    shots(bia, "faces-phone-mime", PHONES)
    shots(cid, "faces-phone-guess", PHONES)
    cid.click("#fc-guess-6")
    tablet.wait_for_selector('#faces-last-round[data-emotion="6"]')
    shots(tablet, "faces-scored", TABLES)
    shots(cid, "faces-phone-scored", PHONES)


def test_memory_grid_fits_the_table_and_the_phone(app_server, new_context):
    code, host = room(app_server, "faces", {"variant": "memory", "pairs": 10, "stack": MEMORY_STACK})
    tablet = open_table(new_context, app_server, code, host, **NO_SW)
    ana, bia, cid = seat_phones(new_context, app_server, code, NAMES, **NO_SW)
    tablet.wait_for_selector("#faces-oldest option >> nth=2", state="attached")
    shots(tablet, "memory-lobby", TABLES[:1])
    tablet.click("#start")
    tablet.wait_for_selector('#faces-grid[data-cards="20"]')
    ana.wait_for_selector('#faces-status[data-phase="pick"]')
    dismiss_hint(ana, bia, cid)
    ana.click("#cell-0")
    bia.wait_for_selector('#faces-peek[data-emotion="1"]')
    ana.wait_for_selector("#faces-end-turn")
    shots(tablet, "memory-lifted", TABLES)
    shots(ana, "memory-phone-decide", PHONES)
    shots(bia, "memory-phone-peek", PHONES)
    problems = [outside(tablet, "#faces-grid", size) for size in ((1280, 800), (1920, 1080))]
    assert [p for p in problems if p] == []
    for size in PHONES:  # the whole grid's width and the active player's buttons on the phone
        ana.set_viewport_size({"width": size[0], "height": size[1]})
        settle(ana)
        box = ana.locator("#faces-grid").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, (size, box)
        for button in ("#faces-end-turn", "#faces-flip-lifted"):
            b = ana.locator(button).bounding_box()
            assert b["height"] >= 44 and b["x"] + b["width"] <= size[0] + 0.5, (button, b)


def test_faces_game_over_fits(app_server, new_context):
    stack = {"hands": [[1, 2], [3, 4], [5]], "pile": [], "exact": True}
    code, host = room(app_server, "faces", {"variant": "main", "stack": stack})
    tablet = open_table(new_context, app_server, code, host, **NO_SW)
    phones = seat_phones(new_context, app_server, code, NAMES, **NO_SW)
    tablet.click("#start")
    tablet.wait_for_selector("#game-over")
    phones[1].wait_for_selector("#game-over")
    shots(tablet, "faces-game-over", TABLES)
    shots(phones[1], "faces-phone-game-over", PHONES)
    assert outside(tablet, "#game-over", (1280, 800)) == ""

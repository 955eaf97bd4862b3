"""The phone's shell and the start page as a newcomer meets them (issue 14).

- A late joiner learns that the game has started before typing a name (and in Portuguese
  on a Portuguese phone); an unknown code gets one clear message.
- The name is remembered on the device: the next table's name field is filled in, and
  "Not you?" empties it.
- A refusal is said once (the page's banner, no toast on top of it), and can be closed.
- On a 360x740 phone a 12-card UNO hand starts right under the slim header.
- The start page's link back to this device's table.

Screenshots (360x740, 390x844; the start page also at the tablet sizes) go to
``artifacts/review14/phone-landing/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import wait_connected

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

OUT = Path(__file__).resolve().parents[2] / "artifacts" / "review14" / "phone-landing"
PHONES = ((360, 740), (390, 844))
TABLETS = ((1280, 800), (1024, 768), (820, 1180))
TOASTS = "[data-sonner-toast]"
# Two 12-card hands (seat 1 plays first: seat 0 deals).
STACK = {
    "hands": [["r1", "r2", "r3", "r4", "r6", "r7", "r8", "r9", "g1", "g2", "b3", "y4"],
              ["g3", "g4", "g6", "g7", "b1", "b2", "b4", "y1", "y2", "y3", "W", "W+4"]],
    "top": "r5",
    "draw": ["b5", "b6", "y6", "y7"],
}


def _db(app_server) -> Session:
    return Session(create_engine(app_server.database_url))


def _shot(page, name: str, sizes=PHONES, full_page: bool = False) -> None:
    """Screenshots of ``page`` at each size (the viewport is left at the last one)."""
    OUT.mkdir(parents=True, exist_ok=True)
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # a relayout, not an assertion
        page.screenshot(path=str(OUT / f"{name}-{width}x{height}.png"), full_page=full_page)


def _phone(new_context, locale: str = "en", context=None):
    context = context or new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                     locale=locale)
    return context, context.new_page()


def _open(page, app_server, path: str, ready: str) -> None:
    page.goto(app_server.url(path))
    page.wait_for_selector(ready, timeout=60_000)
    page.wait_for_timeout(1000)  # hydration: the page's events need the websocket


def test_a_late_joiner_learns_it_before_typing_a_name(app_server, new_context):
    with _db(app_server) as db:
        code, host = service.create_room(db, "uno")
        for name in ("Ana", "Bia"):
            service.join_room(db, code, name)
        service.start_game(db, code, host)

    _, late = _phone(new_context)
    _open(late, app_server, f"/play/{code}", "#late-joiner")
    assert late.get_attribute("#late-joiner", "data-block") == "wait_round"  # UNO: between hands
    assert "A hand is being played" in late.inner_text("#late-joiner")
    assert late.query_selector("#player-name") is None  # no name to type in vain
    assert late.get_attribute("#watch-table", "href").endswith(f"/watch/{code}")  # as a viewer
    assert late.get_attribute("#late-home", "href").endswith("/")
    _shot(late, "late-joiner")

    _, tarde = _phone(new_context, locale="pt-BR")
    _open(tarde, app_server, f"/play/{code}", "#late-joiner")
    assert "Uma mão está em andamento" in tarde.inner_text("#late-joiner")  # UNO: between hands

    # An unknown code: one message (the page's panel, no banner or toast besides it).
    _, lost = _phone(new_context)
    _open(lost, app_server, "/play/QQQQ", "#no-room")
    assert "QQQQ" in lost.inner_text("#no-room")
    assert lost.query_selector("#notice") is None and lost.query_selector(TOASTS) is None
    _shot(lost, "unknown-code")


def test_the_name_is_remembered_and_not_you_changes_it(app_server, new_context):
    with _db(app_server) as db:
        first, _ = service.create_room(db, "uno")
        second, _ = service.create_room(db, "upwords")

    context, page = _phone(new_context)
    _open(page, app_server, f"/play/{first}", "#player-name")
    assert page.input_value("#player-name") == "" and page.query_selector("#not-you") is None
    _shot(page, "join")
    page.fill("#player-name", "Ana")
    page.click("#sit-down")
    page.wait_for_selector("#waiting")
    assert "UNO" in page.inner_text("#waiting-game")  # the game chosen, said on the wait
    page.wait_for_selector("#seated .tg-is-me")  # this phone's own chip is marked
    _shot(page, "waiting")

    _open(page, app_server, f"/play/{second}", "#player-name")
    page.wait_for_function("() => document.querySelector('#player-name').value === 'Ana'")
    assert "Ana" in page.inner_text("#not-you")
    _shot(page, "join-remembered")
    page.click("#not-you")
    page.wait_for_function("() => document.querySelector('#player-name').value === ''")
    assert page.query_selector("#not-you") is None


def test_a_refusal_is_said_once(app_server, new_context):
    _, page = _phone(new_context)
    _open(page, app_server, "/", "#create")
    page.fill("#join-code", "ZZZZ")
    page.click("#join-go")
    page.wait_for_selector("#notice")
    assert "ZZZZ" in page.inner_text("#notice")
    assert len(page.query_selector_all("#notice")) == 1 and page.query_selector(TOASTS) is None
    _shot(page, "landing-wrong-code")
    page.click("#notice-close")
    page.wait_for_selector("#notice", state="detached")

    # At a table: a refused seat (the name is taken) gets one banner, and nothing moves down.
    with _db(app_server) as db:
        code, _ = service.create_room(db, "uno")
        service.join_room(db, code, "Ana")
    _, other = _phone(new_context)
    _open(other, app_server, f"/play/{code}", "#player-name")
    before = other.eval_on_selector("#player-name", "el => el.getBoundingClientRect().top")
    other.fill("#player-name", "ana")
    other.click("#sit-down")
    other.wait_for_selector("#notice")
    assert "Ana" in other.inner_text("#notice")
    assert len(other.query_selector_all("#notice")) == 1 and other.query_selector(TOASTS) is None
    assert other.eval_on_selector("#player-name", "el => el.getBoundingClientRect().top") == before
    _shot(other, "name-taken")


def test_a_twelve_card_hand_starts_under_the_header(app_server, new_context):
    with _db(app_server) as db:
        code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})
    phones = []
    for name in ("Ana", "Bia"):
        _, page = _phone(new_context)
        _open(page, app_server, f"/play/{code}", "#player-name")
        page.fill("#player-name", name)
        page.click("#sit-down")
        page.wait_for_selector("#waiting")
        phones.append(page)
    with _db(app_server) as db:
        service.start_game(db, code, host)
    for page in phones:
        page.reload()  # a change made behind the app's back shows at the next page load
        page.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 12")
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            area = page.eval_on_selector("#game-area", "el => el.getBoundingClientRect().top")
            assert area <= 120, f"the game starts {area} px down at {width}x{height}"
            header = page.eval_on_selector(".tg-phone-header", "el => el.getBoundingClientRect().height")
            assert header <= 60
            box = page.eval_on_selector("#hand [data-card]", "el => { const r = el.getBoundingClientRect();"
                                        " return [r.left, r.top, r.right, r.bottom]; }")
            assert box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height, box
    _shot(phones[1], "uno-12-cards")
    # the menu: the table's options and the way home behind one tap
    phones[1].click("#phone-menu")
    phones[1].wait_for_selector("#menu-home")
    _shot(phones[1], "uno-menu")


def test_the_start_page_links_back_to_this_devices_table(app_server, new_context):
    context = new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    _open(page, app_server, "/", "#create")
    assert page.query_selector("#my-tables") is None
    _shot(page, "landing", sizes=TABLETS + PHONES)
    _shot(page, "landing-full", sizes=((360, 740), (1280, 800)), full_page=True)
    # only the options that apply: Plus's house rules under Plus, Memory's grid under Memory
    assert page.query_selector("#opt-house_rule_1") is None
    page.select_option("#opt-edition", "plus")
    page.wait_for_selector("#opt-house_rule_1")
    page.select_option("#opt-game", "faces")
    page.wait_for_selector("#opt-variant")
    assert page.query_selector("#opt-pairs") is None
    page.select_option("#opt-variant", "memory")
    page.wait_for_selector("#opt-pairs")
    page.select_option("#opt-game", "upwords")
    page.wait_for_selector("#opt-words")
    page.wait_for_selector("#opt-language")  # the words' language, said on the form
    assert page.eval_on_selector("#opt-language", "el => el.selectedOptions[0].textContent") == "English"
    assert "dictionary of the words' language" in page.inner_text("body")
    _shot(page, "landing-upwords", sizes=PHONES, full_page=True)
    page.select_option("#opt-game", "uno")
    page.click("#create")
    page.wait_for_url("**/table/*")
    page.wait_for_function("() => /^[A-Z]{4}$/.test((document.querySelector('#room-code') || {}).innerText || '')")
    code = page.inner_text("#room-code").strip()
    _open(page, app_server, "/", "#create")
    page.wait_for_selector(f"#my-table-{code}")
    assert page.get_attribute(f"#my-table-{code}", "href").endswith(f"/table/{code}")
    assert "Your table" in page.inner_text(f"#my-table-{code}")
    _shot(page, "landing-your-table", sizes=PHONES + TABLETS)

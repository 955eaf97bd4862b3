"""A viewer's phone (390x844) watches a UNO game; the seated phones react; the table keeps
the room's history.

- The viewer opens ``/watch/<code>`` mid-game (no seat, no name): it sees the table's
  view (the discard pile follows every play) and no hand; every websocket frame it
  receives is audited for the cards of the hands. The table says "1 watching".
- A phone's reaction pops up on the table (and the viewer) beside its name; a flood of
  them from one phone is limited and refused in words.
- The game ends: "Earlier at this table" lists it (winner, scores) beside the ending and
  in the lobby of another game with the same seats.
"""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import Recorder, open_table, quoted, seat_phones, wait_connected

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

# Seats by joining order: 0 Ana (dealer), 1 Bia (plays first). A game to 1 point: one hand.
STACK = {"hands": [["g4", "b2", "y3"], ["r7", "r8", "r9"]], "top": "r5",
         "draw": ["b9", "g1", "y2", "g7", "y4", "b8"]}
NAMES = ("Ana", "Bia")
NEVER_SHOWN = {"g4", "b2", "y3", "b9", "g1"}  # Ana's hand and draws: never public


def bubbles(page, seat: int) -> int:
    return page.locator(f'#reactions-layer .tg-rx-bubble[data-seat="{seat}"]').count()


def react(phone, kind: str) -> None:
    phone.click("#react-open")
    phone.click(f"#react-{kind}")


def over_the_curtain(page) -> bool:
    """Whether the reactions' layer is drawn above the ending's curtain."""
    return page.evaluate("""() => {
      const layer = getComputedStyle(document.getElementById('reactions-layer'));
      const end = getComputedStyle(document.querySelector('.tg-end'));
      return layer.position === 'fixed' && Number(layer.zIndex) > Number(end.zIndex);
    }""")


def test_a_viewer_watches_a_uno_game_and_the_phones_react(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {"dealer": 0, "target": 1, "stack": STACK})

    tablet = open_table(new_context, app_server, code, host)
    ana, bia = seat_phones(new_context, app_server, code, NAMES)
    for phone in (ana, bia):
        phone.set_viewport_size({"width": 390, "height": 844})
    tablet.click("#start")
    tablet.wait_for_selector('#discard-top [data-card="r5"]')

    # -- a viewer arrives mid-game ---------------------------------------------------------
    viewer = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    seen = Recorder(viewer, "viewer")
    viewer.goto(app_server.url(f"/watch/{code}"))
    wait_connected(viewer)
    viewer.wait_for_selector('#discard-top [data-card="r5"]')
    assert viewer.locator("#watch-badge").is_visible()
    assert viewer.locator("#hand").count() == 0 and viewer.locator('[id^="act-"]').count() == 0
    tablet.wait_for_selector("#watching >> text=1 watching")

    bia.wait_for_selector("#your-turn")
    bia.click('#hand [data-card="r7"]')
    viewer.wait_for_selector('#discard-top [data-card="r7"]')

    # -- a reaction pops up beside its sender's name ------------------------------------------
    react(ana, "haha")
    bubble = tablet.locator('#reactions-layer .tg-rx-bubble[data-seat="0"]')
    bubble.wait_for()
    assert "Ana" in bubble.inner_text() and "Ha ha!" in bubble.inner_text()
    viewer.wait_for_selector('#reactions-layer .tg-rx-bubble[data-seat="0"]')
    tablet.wait_for_timeout(600)  # the pop has settled
    screenshot(tablet, "table-reaction-1280x800")
    screenshot(viewer, "viewer-390x844")

    # Ana cannot follow a red 7: she draws (b9) and keeps it.
    ana.wait_for_selector("#your-turn")
    ana.click("#act-draw")  # unplayable: the turn passes
    bia.wait_for_selector("#your-turn")
    react(bia, "hurry")  # the reaction row, opened from the phone's header
    bia.click("#react-open")
    bia.wait_for_selector("#reactions", state="visible")
    screenshot(bia, "reaction-row-390x844")
    bia.click("#react-open")  # closed again
    bia.click('#hand [data-card="r8"]')
    # Holding two cards on her turn, Bia could already call UNO: the button was there before
    # the play. The call is sent with the version the phone shows, so it waits for the play's
    # screen (r8 gone from the hand), or the room refuses it as stale (correctly: a tap on
    # a screen the table has moved past).
    bia.wait_for_function("() => !document.querySelector('#hand [data-card=\"r8\"]')")
    bia.click("#act-uno")
    bia.wait_for_function("() => !document.querySelector('#act-uno')")
    ana.wait_for_selector("#your-turn")
    ana.click("#act-draw")  # g1, unplayable: the turn passes

    # -- a flood from one phone is limited --------------------------------------------------
    tablet.wait_for_timeout(4500)  # the earlier bubbles are gone
    ana.evaluate("() => { for (let i = 0; i < 12; i++) document.getElementById('react-nice').click(); }")
    ana.wait_for_selector("#notice >> text=Too many reactions")
    tablet.wait_for_timeout(800)
    shown = bubbles(tablet, 0)
    assert 1 <= shown <= 5, f"{shown} of 12 flooded reactions shown"  # 5 per 10 s

    # -- the game ends: its history ----------------------------------------------------------
    before_out = seen.mark()
    bia.wait_for_selector("#your-turn")
    bia.click('#hand [data-card="r9"]')
    tablet.wait_for_selector("#ending")
    history = tablet.locator("#history-end")
    history.wait_for()
    text = history.inner_text()
    assert "Earlier at this table" in text and "UNO" in text and "Bia won" in text
    assert "Ana" in text and "Bia" in text
    viewer.wait_for_selector("#history-end")
    bia.click("#react-end-gg")  # the ending's own row: the curtain covers the header's menu
    tablet.locator('#reactions-layer .tg-rx-bubble[data-seat="1"]').wait_for()
    tablet.wait_for_timeout(600)
    assert over_the_curtain(tablet), "the table's bubbles are under the ending's curtain"
    screenshot(tablet, "table-ending-history-1280x800")
    tablet.set_viewport_size({"width": 1920, "height": 1080})
    bia.click("#react-end-wow")  # Ana is still over her limit after the flood
    tablet.locator('#reactions-layer .tg-rx-bubble[data-kind="wow"]').wait_for()
    tablet.wait_for_timeout(600)
    screenshot(tablet, "table-ending-history-1920x1080")
    tablet.set_viewport_size({"width": 1280, "height": 800})
    screenshot(viewer, "viewer-ending-390x844")

    # Another game, same seats: the first one is listed in the new lobby.
    tablet.click("#another-game")
    tablet.wait_for_selector("#another-game-form")
    tablet.locator("#switch-game").scroll_into_view_if_needed()
    tablet.click("#switch-game")
    tablet.wait_for_selector("#start")
    tablet.wait_for_selector("#lobby #history")
    assert "Bia won" in tablet.inner_text("#lobby #history")
    tablet.locator("#lobby #history").scroll_into_view_if_needed()
    screenshot(tablet, "table-lobby-history-1280x800")
    tablet.set_viewport_size({"width": 1920, "height": 1080})
    screenshot(tablet, "table-lobby-history-1920x1080")
    viewer.wait_for_selector("#watch-lobby #history")
    screenshot(viewer, "viewer-lobby-390x844")
    ana.wait_for_selector("#reactions-waiting")
    screenshot(ana, "phone-waiting-reactions-390x844")

    # -- the websocket audit: the viewer never received a hand --------------------------------
    frames = seen.text()
    findings = [f"viewer saw {card}" for card in NEVER_SHOWN for form in quoted(card) if form in frames]
    findings += ["viewer saw r9 before it was played" for form in quoted("r9") if form in seen.text(before_out)]
    findings += ["viewer saw a seat secret" for secret in
                 json.loads(ana.evaluate("localStorage.getItem('tg_seats')")).values() if secret in frames]
    if host in frames:
        findings.append("viewer saw the host secret")
    for frame in seen.frames:  # no view with a hand key, in any frame
        if '\\"hand\\":[' in frame or '"hand":[' in frame:
            findings.append("a frame with a hand")
            break
    assert len(seen.frames) > 5
    assert findings == [], findings
    engine.dispose()

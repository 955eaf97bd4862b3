"""Absent players through the UI (issue 15): a table of four loses a phone for good and
still finishes the game, nobody reloading or restarting; a seat handed to a new phone.

1. Bia's phone closes. The table shows her seat as away (after ``away_after_s``, 4 s in
   this test's own app) with the host's actions; the host lets the table play for her,
   and it does (UNO: draws and keeps) each time she is to act; then the host removes her
   from the game (her cards go under the draw pile) and the three others finish it.
2. The host hands a seat to a new phone (a one-time QR code): the new phone (390x844)
   gets the hand and plays; the old phone is told, live, that its seat moved on. Then the
   host role goes to that new phone ("Make host"), and when that phone is gone for
   ``host_gone_after_s`` (6 s here) it passes by itself to the longest-seated connected
   player, announced on the table.
"""

from __future__ import annotations

from collections import Counter

import pytest
from sqlmodel import Session, select

from tablegames.rooms import service
from tablegames.rooms.models import FinishedGame
from tests.e2e.conftest import own_app
from tests.e2e.helpers import open_table, seat_phones, wait_connected

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

# Ana (seat 0) deals, Bia (seat 1) plays first; she holds no red and no 5.
STACK = {"hands": [["r6", "g2"], ["y9", "y8", "b7"], ["r3", "r8"], ["r4", "g4"]], "top": "r5",
         "draw": ["b1", "g9", "b2", "g8"]}
HANDOVER_STACK = {"hands": [["r1", "g2", "b3"], ["r7", "y5", "y6"]], "top": "r5", "draw": ["g9", "b8"]}
ENV = {"TG_AWAY_AFTER_S": "4", "TG_STAND_IN_AFTER_S": "1", "TG_HOST_GONE_AFTER_S": "6"}
SHOWS_LEFT = "() => /left the game|saiu do jogo/i.test(document.body.innerText)"  # a removal's event line


def play(page, card: str) -> None:
    page.wait_for_selector("#your-turn", timeout=20_000)
    page.click(f'#hand [data-card="{card}"]')


def cards(state) -> Counter:
    return Counter([*state.draw_pile, *state.discard, *(c for h in state.hands for c in h)])


def test_a_table_of_four_loses_a_phone_and_finishes_the_game(tmp_path, browser, artifacts_dir, screenshot):
    with own_app(tmp_path, browser, artifacts_dir / "e2e-absent-player-app.log", **ENV) as app:
        with Session(app.db) as db:
            code, host = service.create_room(db, "uno", {"dealer": 0, "target": 1, "stack": STACK})
        tablet = open_table(app.new_context, app.server, code, host)
        ana, bia, cid, dan = seat_phones(app.new_context, app.server, code, ("Ana", "Bia", "Cid", "Dan"))
        tablet.click("#start")
        bia.wait_for_selector("#your-turn", timeout=20_000)
        bia.context.close()  # Bia's phone is gone for good

        # the table shows her seat as away, with the host's actions
        tablet.wait_for_selector('.tg-seat-admin[data-seat-id="1"][data-away="1"]', state="attached", timeout=60_000)
        tablet.wait_for_selector("#away-note", timeout=10_000)
        tablet.click("#seats-open")
        tablet.wait_for_selector('dialog[open] .tg-seat-admin[data-seat-id="1"] .tg-seat-auto')
        screenshot(tablet, "away-seat-actions")
        tablet.click('dialog[open] .tg-seat-admin[data-seat-id="1"] .tg-seat-auto')
        tablet.wait_for_selector('.tg-seat-admin[data-seat-id="1"][data-auto="1"]', state="attached")
        tablet.click("#seats-close")

        # the table plays for her (draw and keep): Cid's turn, without a turn timer
        tablet.wait_for_function("() => /is away: the table played|ausente: a mesa jogou/i.test(document.body.innerText)",
                                 timeout=20_000)
        play(cid, "r3")
        play(dan, "r4")
        play(ana, "r6")
        cid.wait_for_selector("#your-turn", timeout=20_000)  # the table played for Bia again
        with Session(app.db) as db:
            before, _ = service.current_state(db, code)
        assert len(before.hands[1]) == 5 and before.turn == 2
        screenshot(tablet, "played-for-away-seat")

        # the host removes her: her cards go under the draw pile; the game goes on
        tablet.click("#seats-open")
        tablet.click('dialog[open] .tg-seat-admin[data-seat-id="1"] .tg-seat-remove')
        tablet.click("dialog#seat-remove-1[open] .tg-seat-remove-yes")
        tablet.wait_for_function(SHOWS_LEFT, timeout=10_000)
        with Session(app.db) as db:
            after, _ = service.current_state(db, code)
        assert after.players == ("Ana", "Cid", "Dan") and cards(after) == cards(before)
        assert after.draw_pile[:5] == before.hands[1]
        tablet.click("#seats-close")
        # Cid's tap must be made on the screen after the removal: one made on the screen
        # before it is refused as stale ("look again"), as it would be for a person
        cid.wait_for_function(SHOWS_LEFT, timeout=20_000)
        play(cid, "r8")  # Cid goes out: with a target of 1 point, the game is over
        tablet.wait_for_selector("#game-over", timeout=20_000)
        screenshot(tablet, "finished-without-bia")
        with Session(app.db) as db:
            done = db.exec(select(FinishedGame)).one()
        assert done.players_json.count('"') == 6 and "Bia" not in done.players_json


def test_a_seat_handed_to_a_new_phone(tmp_path, browser, artifacts_dir, screenshot):
    with own_app(tmp_path, browser, artifacts_dir / "e2e-handover-app.log", **ENV) as app:
        with Session(app.db) as db:
            code, host = service.create_room(db, "uno", {"dealer": 0, "stack": HANDOVER_STACK})
        tablet = open_table(app.new_context, app.server, code, host)
        eve, fay = seat_phones(app.new_context, app.server, code, ("Eve", "Fay"))
        tablet.click("#start")
        fay.wait_for_selector("#your-turn", timeout=20_000)
        tablet.click("#seats-open")
        tablet.click('dialog[open] .tg-seat-admin[data-seat-id="1"] .tg-seat-handover')
        tablet.wait_for_selector("dialog[open] #handover-qr", timeout=10_000)
        screenshot(tablet, "handover-qr")
        url = tablet.get_attribute("#handover-qr", "data-url")
        assert url and "handover=" in url
        new = app.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
        new.goto(url)
        wait_connected(new)
        new.wait_for_selector('#hand [data-card="r7"]', timeout=20_000)  # Fay's hand
        assert "handover=" not in new.url  # the one-time secret leaves the address bar
        screenshot(new, "handover-phone")
        fay.wait_for_selector("#seat-moved", timeout=20_000)  # the old phone is told, live
        assert fay.locator("#hand [data-card]").count() == 0
        screenshot(fay, "moved-phone")
        play(new, "r7")  # the new phone plays for the seat
        eve.wait_for_selector("#your-turn", timeout=20_000)
        fay.reload()  # the old secret is refused from then on
        wait_connected(fay)
        fay.wait_for_selector("#seat-moved", timeout=20_000)

        # the host role: by hand to the new phone, then by itself to Eve when it is gone
        tablet.click("#handover-close")
        tablet.click('dialog[open] .tg-seat-admin[data-seat-id="1"] .tg-seat-make-host')
        new.wait_for_selector("#seats-open-phone", state="attached", timeout=20_000)  # host on the phone
        tablet.wait_for_selector("#seats-open", state="detached", timeout=20_000)  # the table is no longer
        tablet.wait_for_selector("#host-note", timeout=10_000)
        with Session(app.db) as db:
            assert not service.is_host(db, code, host)
        new.context.close()  # the host's device is gone
        eve.wait_for_selector("#seats-open-phone", state="attached", timeout=60_000)
        tablet.wait_for_function(
            "() => /Eve is now the host: the host's device was away|Eve agora é o anfitrião/.test("
            "document.querySelector('#host-note')?.innerText || '')", timeout=20_000)
        screenshot(tablet, "host-moved-on")

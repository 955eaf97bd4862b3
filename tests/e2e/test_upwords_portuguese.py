"""A Portuguese Upwords table plays to the end in the browser (see test_upwords_game.py).

A tablet and two phones, words checked automatically in Portuguese, stacked racks: the
lobby, the table and the phone say the words' language ("Words: Português"); Ana plays
CASA over the centre (8 points) and the bag holds the Portuguese tiles (100 - 14 = 86);
Bia adds an S (CASAS, the plural of CASA): the preview refuses it once (Play waits) and
nothing changes; she recalls it and plays MAES (MÃES, typed without its tilde) down from
the A of CASA... then stacks O on the last A: CASO; both pass in a row and the game ends
with the final scores on the table.
"""

from __future__ import annotations

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import open_table, seat_phones
from tests.e2e.test_upwords_game import put, wait_square

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

STACK = {"racks": [list("CASAOLE"), list("SMEOIRU")], "bag": list("AEIRS")}


def test_a_portuguese_table_plays_upwords_to_the_end(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "upwords", {"language": "pt", "words": "auto",
                                                         "first": 0, "stack": STACK})
    tablet = open_table(new_context, app_server, code, host)
    ana, bia = seat_phones(new_context, app_server, code, ("Ana", "Bia"))
    tablet.locator("#seats").get_by_text("Bia", exact=True).wait_for()
    # the lobby (table and phone) lists the options in force: the words are Portuguese
    tablet.wait_for_selector('li[data-option="language"] >> text=Words: Português')
    ana.wait_for_selector('#waiting li[data-option="language"] >> text=Words: Português')
    screenshot(tablet, "pt-lobby")

    tablet.click("#start")
    tablet.wait_for_selector("#uw-board")
    ana.wait_for_selector("#your-turn")
    ana.wait_for_selector("#uw-rack [data-letter]")
    tablet.wait_for_selector("#uw-language >> text=Words: Português")
    ana.wait_for_selector("#mini-language >> text=Words: Português")
    assert tablet.get_attribute("#uw-bag", "data-count") == "86"

    # -- Ana: CASA over the centre, checked in the Portuguese list -------------------------
    for col, letter in zip(range(3, 7), "CASA"):
        put(ana, letter, 4, col)
    ana.wait_for_selector('#uw-preview-score[data-score="8"]')
    ana.wait_for_selector("#uw-preview-ok")
    ana.click("#uw-play")
    tablet.wait_for_selector('#uw-last-score[data-score="8"]')
    assert "CASA" in tablet.inner_text("#uw-last")
    bia.wait_for_selector("#your-turn")

    # -- Bia: CASA + S is its plural: refused in the preview, nothing sent -----------------
    put(bia, "S", 4, 7)
    bia.wait_for_selector("#uw-preview-error >> text=plural of CASA")
    assert bia.is_disabled("#uw-play")
    assert tablet.get_attribute("#uw-player-1", "data-score") == "0"
    screenshot(bia, "pt-plural-refused")
    bia.click("#uw-recall")
    wait_square(bia, "psq", 4, 7, height="0")

    # -- ...MAES (MÃES) down through the A of CASA at (4, 4): 8 points ----------------------
    put(bia, "M", 3, 4)
    put(bia, "E", 5, 4)
    put(bia, "S", 6, 4)
    bia.wait_for_selector('#uw-preview-score[data-score="8"]')
    assert "MAES" in bia.inner_text("#uw-preview")
    bia.click("#uw-play")
    tablet.wait_for_selector('#uw-last-score[data-score="8"]')
    tablet.wait_for_selector('#uw-player-1[data-score="8"]')  # the players' strip may render after
    ana.wait_for_selector("#your-turn")

    # -- Ana stacks O on the last A: CASO (stacked: 1 + 1 + 1 + 2 = 5) ----------------------
    put(ana, "O", 4, 6)
    ana.wait_for_selector('#uw-preview-score[data-score="5"]')
    ana.click("#uw-play")
    tablet.wait_for_selector('#uw-last-score[data-score="5"]')
    wait_square(tablet, "tsq", 4, 6, letter="O", height="2", last="1")
    screenshot(tablet, "pt-caso", full_page=True)

    # -- both pass: the game is over -------------------------------------------------------
    for page in (bia, ana):
        page.wait_for_selector("#your-turn")
        page.click("#uw-pass")
        page.wait_for_selector("#uw-pass", state="detached")
    tablet.wait_for_selector("#game-over")
    tablet.wait_for_selector("#events >> text=Everyone passed in a row.")
    finals = {seat: tablet.inner_text(f"#final-{seat}") for seat in range(2)}
    # Ana: 8 + 5 = 13, 7 tiles left (-35): -22; Bia: 8, 7 left: -27
    assert "-22" in finals[0] and "winner" in finals[0], finals
    assert "-27" in finals[1], finals
    ana.wait_for_selector("#uw-game-over")
    screenshot(tablet, "pt-game-over", full_page=True)
    screenshot(ana, "pt-phone-game-over", full_page=True)

"""A tablet and three phones play Upwords through taps only, with stacked racks.

Covers: the first word over the centre (composed live: the table shows the tiles as they
are put down, a misplaced tile is taken back by tapping it), an illegal stack told once
in the preview with its translated message (Play waits for a fix, nothing changes), a stacked play (MOOD -> WOOD) with the
stack height shown on the table, the zoomed phone board, shuffle, a failed challenge made
while the next player composes (the table keeps showing the tiles being placed), a play
challenged and withdrawn, a pass, an exchange, and the game ending when everyone passes in a row, with
the final scores on the table. Every websocket frame each page receives is recorded and
searched for rack letters it must never see (each seat holds letters only it has, and
never plays them) and for secrets.

A second test plays with words checked automatically on a board seeded with stacks 2 to
5 high: a non-word is told once in the preview (Play waits), then a stacked word scores.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import open_table, quoted, seat_phones

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

NAMES = ("Ana", "Bia", "Cid")
# Seats by joining order; Ana (seat 0) plays first. J, V, X and Z exist once in the game:
# each sits on one rack for the whole game and is never played or exchanged.
STACK = {
    "racks": [list("MOODJEA"), list("WOVINTS"), list("IXZULRE")],
    "bag": list("AEILR"),  # Ana draws A E I L after MOOD, Bia draws R after WOOD
}
KEPT = {0: {"J"}, 1: {"V"}, 2: {"X", "Z"}}


def rack_of(page) -> list[str]:
    return page.eval_on_selector_all("#uw-rack [data-letter]", "els => els.map(e => e.dataset.letter)")


def put(page, letter: str, row: int, col: int) -> None:
    """Taps a free rack tile with ``letter``, then the square; waits until it is placed."""
    page.click(f'#uw-rack button[data-letter="{letter}"][data-used="0"] >> nth=0')
    page.wait_for_selector(f'#uw-rack button[data-letter="{letter}"][aria-pressed="true"]')
    page.click(f"#psq-{row}-{col}")
    page.wait_for_selector(f'#psq-{row}-{col}[data-new="1"][data-letter="{letter}"]')


def square(page, prefix: str, row: int, col: int) -> dict[str, str]:
    return page.eval_on_selector(f"#{prefix}-{row}-{col}", "e => ({...e.dataset})")


def wait_square(page, prefix: str, row: int, col: int, **data: str) -> None:
    sel = f"#{prefix}-{row}-{col}" + "".join(f'[data-{k}="{v}"]' for k, v in data.items())
    page.wait_for_selector(sel)


def test_three_phones_and_a_tablet_play_upwords(app_server, new_context, screenshot, artifacts_dir: Path):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "upwords", {"first": 0, "words": "challenge",
                                                         "challenge_penalty": "none", "stack": STACK})

    rec: dict = {}
    tablet = open_table(new_context, app_server, code, host, rec)
    phones = seat_phones(new_context, app_server, code, NAMES, rec)
    ana, bia, cid = phones
    for name in NAMES:
        tablet.locator("#seats").get_by_text(name, exact=True).wait_for()

    def turn_is(seat: int) -> None:
        tablet.wait_for_selector(f"#uw-player-{seat}.tg-turn")
        phones[seat].wait_for_selector("#your-turn")

    def version() -> int:
        with Session(engine) as db:
            return service.room_info(db, code).version

    tablet.click("#start")
    tablet.wait_for_selector("#uw-board")
    turn_is(0)
    for seat, page in enumerate(phones):
        page.wait_for_selector("#uw-rack [data-letter]")
        assert sorted(rack_of(page)) == sorted(STACK["racks"][seat])
    assert tablet.get_attribute("#uw-bag", "data-count") == "79"
    screenshot(tablet, "start")

    # -- Ana composes MOOD over the centre; the table sees each tile as it goes down ------
    put(ana, "M", 4, 3)
    wait_square(tablet, "tsq", 4, 3, new="1", letter="M", height="1")
    tablet.wait_for_selector("#uw-live")
    put(ana, "O", 4, 4)
    put(ana, "O", 4, 5)
    put(ana, "D", 4, 7)  # one square too far: the preview says so
    ana.wait_for_selector("#uw-preview-error >> text=unbroken line")
    wait_square(tablet, "tsq", 4, 7, new="1", letter="D")
    ana.click("#psq-4-7")  # tap the placed tile: it comes back (and stays selected)
    wait_square(ana, "psq", 4, 7, height="0")
    wait_square(tablet, "tsq", 4, 7, height="0", new="0")
    ana.click("#psq-4-6")
    wait_square(ana, "psq", 4, 6, new="1", letter="D")
    ana.wait_for_selector('#uw-preview-score[data-score="8"]')
    assert "MOOD" in ana.inner_text("#uw-preview")
    wait_square(tablet, "tsq", 4, 6, new="1", letter="D")
    screenshot(ana, "composing-mood")
    screenshot(tablet, "live-mood", full_page=True)
    ana.click("#uw-play")
    tablet.wait_for_selector('#uw-last-score[data-score="8"]')
    for col, letter in zip(range(3, 7), "MOOD"):
        wait_square(tablet, "tsq", 4, col, letter=letter, height="1", last="1", new="0")
    assert tablet.inner_text("#last-gain").strip() == "+8"
    assert tablet.get_attribute("#uw-player-0", "data-score") == "8"
    assert tablet.is_hidden("#uw-live")
    turn_is(1)
    ana.wait_for_function("() => document.querySelectorAll('#uw-rack [data-letter]').length === 7")
    assert sorted(rack_of(ana)) == sorted("JEAAEIL")

    # -- Bia tries O on O: the preview says why, Play waits, nothing changes -------- ----------
    before = version()
    put(bia, "O", 4, 4)
    bia.wait_for_selector("#uw-preview-error >> text=You can't stack O on O.")
    wait_square(tablet, "tsq", 4, 4, new="1", height="2")  # live: O on O, 2 high
    # Said once, in the preview over the rack: Play waits for a fix (nothing is sent).
    assert bia.is_disabled("#uw-play")
    assert bia.locator("#notice").count() == 0
    assert version() == before
    assert tablet.get_attribute("#uw-player-1", "data-score") == "0"
    tablet.wait_for_selector('#uw-last-score[data-score="8"]')
    screenshot(bia, "refused")

    # -- ...recalls, zooms in, and stacks W on M: MOOD -> WOOD, 5 points ----------------
    bia.click("#uw-recall")
    wait_square(bia, "psq", 4, 4, new="0", height="1")
    wait_square(tablet, "tsq", 4, 4, new="0", height="1", letter="O")
    bia.click("#uw-zoom")
    bia.wait_for_selector("#uw-phone-board .uw-zoomed")
    zoomed = bia.eval_on_selector("#psq-4-3", "e => e.getBoundingClientRect().width")
    assert zoomed >= 50, zoomed  # big squares for thumbs
    bia.click("#uw-shuffle")
    time.sleep(0.5)
    assert sorted(rack_of(bia)) == sorted(STACK["racks"][1])
    bia.locator("#psq-4-3").scroll_into_view_if_needed()
    put(bia, "W", 4, 3)
    bia.wait_for_selector('#uw-preview-score[data-score="5"]')
    wait_square(tablet, "tsq", 4, 3, new="1", letter="W", height="2")
    screenshot(bia, "zoomed-wood")
    screenshot(tablet, "live-wood", full_page=True)

    # Meanwhile Cid challenges MOOD and loses: the table moves on, Bia's tiles stay shown.
    before = version()
    cid.click("#uw-challenge")
    tablet.wait_for_selector("#events >> text=Cid challenged Ana, but MOOD is in the dictionary.")
    assert version() == before + 1
    tablet.wait_for_selector("#uw-challenge-open", state="detached")
    wait_square(tablet, "tsq", 4, 3, new="1", letter="W", height="2")
    bia.wait_for_selector("#uw-challenge", state="detached")
    wait_square(bia, "psq", 4, 3, new="1", letter="W")
    bia.click("#uw-zoom")
    bia.click("#uw-play")
    tablet.wait_for_selector('#uw-last-score[data-score="5"]')
    wait_square(tablet, "tsq", 4, 3, letter="W", height="2", last="1", new="0")
    assert tablet.get_attribute("#uw-player-1", "data-score") == "5"
    assert "WOOD" in tablet.inner_text("#uw-last")
    screenshot(tablet, "wood", full_page=True)

    # -- Cid plays WI (not a word); Ana challenges and wins: the play is taken back -------
    turn_is(2)
    put(cid, "I", 5, 3)
    cid.wait_for_selector('#uw-preview-score[data-score="3"]')
    cid.click("#uw-play")
    tablet.wait_for_selector('#uw-last-score[data-score="3"]')
    wait_square(tablet, "tsq", 5, 3, letter="I", height="1", last="1")
    turn_is(0)
    bia.wait_for_selector("#uw-challenge")
    ana.wait_for_selector("#uw-challenge")
    assert cid.is_hidden("#uw-challenge")
    ana.click("#uw-challenge")
    tablet.wait_for_selector("#uw-withdrawn")
    wait_square(tablet, "tsq", 5, 3, height="0")
    tablet.wait_for_selector("#events >> text=WI is not in the dictionary")
    assert tablet.get_attribute("#uw-player-2", "data-score") == "0"
    turn_is(2)
    cid.wait_for_function("() => document.querySelectorAll('#uw-rack [data-letter]').length === 7")
    assert sorted(rack_of(cid)) == sorted(STACK["racks"][2])
    screenshot(tablet, "challenged", full_page=True)

    # -- Cid passes; Ana exchanges a tile; then everyone passes in a row ----------------
    cid.click("#uw-pass")
    turn_is(0)
    ana.click("#uw-exchange")
    ana.wait_for_selector("#uw-exchange-pick")
    bag_before = tablet.get_attribute("#uw-bag", "data-count")
    ana.click('#uw-rack button[data-letter="E"] >> nth=0')
    tablet.wait_for_selector("#events >> text=Ana exchanges a tile.")
    assert tablet.get_attribute("#uw-bag", "data-count") == bag_before
    ana.wait_for_function("() => document.querySelectorAll('#uw-rack [data-letter]').length === 7")
    assert "J" in rack_of(ana)
    for seat in (1, 2, 0):
        turn_is(seat)
        phones[seat].click("#uw-pass")
        phones[seat].wait_for_selector("#uw-pass", state="detached")
    tablet.wait_for_selector("#game-over")
    tablet.wait_for_selector("#events >> text=Everyone passed in a row.")
    # 7 tiles left each: 35 points off.
    finals = {seat: tablet.inner_text(f"#final-{seat}") for seat in range(3)}
    assert "-27" in finals[0] and "winner" in finals[0], finals
    assert "-30" in finals[1] and "-35" in finals[2], finals
    ana.wait_for_selector("#uw-game-over")
    screenshot(tablet, "table-game-over", full_page=True)
    screenshot(ana, "phone-game-over", full_page=True)

    # -- websocket audit -----------------------------------------------------------------
    secrets = {seat: json.loads(phones[seat].evaluate("localStorage.getItem('tg_seats')"))[code]
               for seat in range(3)}
    findings = []
    for viewer, recorder in rec.items():
        text = recorder.text()
        for owner, letters in KEPT.items():
            if owner == viewer:
                assert any(form in text for letter in letters for form in quoted(letter))  # the audit sees racks
                continue
            findings += [f"{recorder.name} saw {letter} of seat {owner}" for letter in letters
                         if any(form in text for form in quoted(letter))]
        for owner, secret in secrets.items():
            if owner != viewer and secret in text:
                findings.append(f"{recorder.name} saw seat {owner}'s secret")
        if viewer != "table" and host in text:
            findings.append(f"{recorder.name} saw the host secret")
    frame_counts = {r.name: len(r.frames) for r in rec.values()}
    assert all(count > 5 for count in frame_counts.values()), frame_counts
    report = artifacts_dir / "upwords-e2e-report.txt"
    report.write_text("websocket frames per page: " + json.dumps(frame_counts) + "\n"
                      + "audit findings: " + (json.dumps(findings) if findings else "none") + "\n")
    print(report.read_text())
    assert findings == []


def test_words_checked_automatically(app_server, new_context, screenshot):
    """Words "auto", on a board seeded with stacks 2 to 5 high (CATS): a non-word is
    told once, in the preview (Play waits for a fix); then N on T makes CANS, 15 points."""
    engine = create_engine(app_server.database_url)
    stack = {"racks": [list("OXYGENS"), list("AEIRTLN")],
             "board": [[4, 3, "BC"], [4, 4, "RSA"], [4, 5, "ELMT"], [4, 6, "MOPES"]]}
    with Session(engine) as db:
        code, host = service.create_room(db, "upwords", {"first": 0, "words": "auto", "stack": stack})
    tablet = open_table(new_context, app_server, code, host)
    ana, bia = seat_phones(new_context, app_server, code, ("Ana", "Bia"))
    tablet.locator("#seats").get_by_text("Bia", exact=True).wait_for()
    tablet.click("#start")
    ana.wait_for_selector("#your-turn")
    ana.wait_for_selector("#uw-rack [data-letter]")
    for col, (letter, height) in enumerate(zip("CATS", "2345"), start=3):
        wait_square(tablet, "tsq", 4, col, letter=letter, height=height)
        wait_square(ana, "psq", 4, col, letter=letter, height=height)

    put(ana, "X", 4, 7)
    ana.wait_for_selector("#uw-preview-error >> text=CATSX is not in the dictionary.")
    assert ana.is_disabled("#uw-play")  # the preview's message is the only one
    assert ana.locator("#notice").count() == 0
    assert tablet.get_attribute("#uw-player-0", "data-score") == "0"
    screenshot(ana, "auto-refused")
    ana.click("#uw-recall")
    wait_square(ana, "psq", 4, 7, height="0")
    put(ana, "N", 4, 5)
    ana.wait_for_selector('#uw-preview-score[data-score="15"]')
    ana.wait_for_selector("#uw-preview-ok")
    wait_square(tablet, "tsq", 4, 5, new="1", letter="N", height="5")
    screenshot(tablet, "auto-live-stacks", full_page=True)
    ana.click("#uw-play")
    tablet.wait_for_selector('#uw-last-score[data-score="15"]')
    wait_square(tablet, "tsq", 4, 5, letter="N", height="5", last="1", new="0")
    assert "CANS" in tablet.inner_text("#uw-last")
    bia.wait_for_selector("#your-turn")
    assert bia.is_hidden("#uw-challenge")  # nothing to challenge when words are checked
    assert ana.is_hidden("#notice")
    screenshot(tablet, "auto-stacks", full_page=True)
    screenshot(bia, "auto-phone-stacks")

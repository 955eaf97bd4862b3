"""A tablet and three phones play a whole UNO hand through the UI, with a stacked deck.

Covers: joining by name, the host starting from the table, a Draw Two, a wild's colour
choice, a forgotten UNO caught from another phone, an UNO call, a phone that reloads
mid-hand and gets its hand back, and the hand scored on the table. Every websocket frame
each page receives is recorded and searched for cards and secrets it must not see.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.helpers import open_table, quoted, seat_phones, wait_connected

# Seats by joining order: 0 Ana (dealer), 1 Bia (plays first), 2 Cid.
STACK = {
    "hands": [["W", "g7", "g9"], ["r+2", "g3", "b1"], ["y4", "y6"]],
    "top": "r5",
    "draw": ["b5", "b6", "y1", "y2", "r2", "r8", "b9"],
}
NAMES = ("Ana", "Bia", "Cid")
# Cards that stay hidden in a hand for the whole hand: nobody else may ever receive them.
KEPT = {1: {"b1", "y1", "y2", "r8"}, 2: {"y4", "y6", "b5", "b6", "r2", "b9"}}

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]


def hand_of(page) -> list[str]:
    return page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")


def test_three_phones_and_a_tablet_play_a_hand(app_server, new_context, screenshot, artifacts_dir: Path):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})

    rec: dict = {}
    tablet = open_table(new_context, app_server, code, host, rec)
    phones = seat_phones(new_context, app_server, code, NAMES, rec)
    ana, bia, cid = phones
    for name in NAMES:
        tablet.locator("#seats").get_by_text(name, exact=True).wait_for()
    screenshot(tablet, "lobby")

    tablet.click("#start")
    tablet.wait_for_selector('#discard-top [data-card="r5"]')
    bia.wait_for_selector("#your-turn")
    assert sorted(hand_of(bia)) == sorted(STACK["hands"][1])
    screenshot(tablet, "start")
    latencies: list[tuple[str, float]] = []

    def timed(label: str, action, table_selector: str) -> None:
        start = time.perf_counter()
        action()
        tablet.wait_for_selector(table_selector)
        latencies.append((label, time.perf_counter() - start))

    # Bia plays a Draw Two: Cid draws 2 and is skipped.
    timed("draw two", lambda: bia.click('#hand [data-card="r+2"]'), '#discard-top [data-card="r+2"]')
    tablet.wait_for_selector('#player-2[data-cards="4"]')
    ana.wait_for_selector("#your-turn")

    # Ana plays a Wild and picks green.
    ana.click('#hand [data-card="W"]')
    ana.wait_for_selector("#picker")
    screenshot(ana, "colour-picker")
    timed("wild + colour", lambda: ana.click('#picker [data-color="g"]'), '#discard-top [data-card="W"]')
    tablet.wait_for_selector('#color-in-play [data-color="g"]')

    # Bia plays her second-to-last card and forgets to call UNO; Ana catches her.
    timed("play", lambda: bia.click('#hand [data-card="g3"]'), '#discard-top [data-card="g3"]')
    ana.wait_for_selector("#act-catch-1")
    timed("catch", lambda: ana.click("#act-catch-1"), '#player-1[data-cards="3"]')
    bia.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 3")
    assert sorted(hand_of(bia)) == ["b1", "y1", "y2"]
    screenshot(tablet, "caught")

    # Cid draws an unplayable card (the turn passes), then his phone reloads mid-hand.
    cid.wait_for_selector("#your-turn")
    timed("draw", lambda: cid.click("#act-draw"), '#player-2[data-cards="5"]')
    cid.reload()
    wait_connected(cid)
    cid.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 5")
    assert sorted(hand_of(cid)) == sorted(["y4", "y6", "b5", "b6", "r2"])
    screenshot(cid, "after-reload")

    # Ana calls UNO, then plays down to one card: nobody can catch her.
    ana.wait_for_selector("#your-turn")
    ana.click("#act-uno")
    ana.wait_for_function("() => !document.querySelector('#act-uno')")
    timed("play after UNO", lambda: ana.click('#hand [data-card="g7"]'), '#discard-top [data-card="g7"]')
    assert bia.query_selector('[id^="act-catch"]') is None

    for page, count in ((bia, "4"), (cid, "6")):
        page.wait_for_selector("#your-turn")
        seat = phones.index(page)
        timed("draw", lambda p=page: p.click("#act-draw"), f'#player-{seat}[data-cards="{count}"]')

    before_out = {k: len(r.frames) for k, r in rec.items()}
    ana.wait_for_selector("#your-turn")
    timed("last card", lambda: ana.click('#hand [data-card="g9"]'), "#hand-over")
    screenshot(tablet, "hand-over")
    screenshot(ana, "hand-over")
    # Ana scores Bia's 1+1+2+8 and Cid's 4+6+5+6+2+9.
    tablet.wait_for_selector("#scores >> text=44")

    # -- websocket audit -----------------------------------------------------------------
    secrets = {seat: json.loads(phones[seat].evaluate("localStorage.getItem('tg_seats')"))[code]
               for seat in range(3)}
    assert len(set(secrets.values())) == 3
    findings = []
    for viewer, recorder in rec.items():
        text = recorder.text()
        for owner, cards in KEPT.items():
            if owner == viewer:
                continue
            findings += [f"{recorder.name} saw {card}" for card in cards
                         for form in quoted(card) if form in text]
        for owner, secret in secrets.items():
            if owner != viewer and secret in text:
                findings.append(f"{recorder.name} saw seat {owner}'s secret")
        if viewer != "table" and host in text:
            findings.append(f"{recorder.name} saw the host secret")
        # Ana's last card was hers alone until she played it.
        if viewer != 0 and any(f in recorder.text(before_out[viewer]) for f in quoted("g9")):
            findings.append(f"{recorder.name} saw g9 before it was played")
    frame_counts = {r.name: len(r.frames) for r in rec.values()}
    assert all(count > 5 for count in frame_counts.values()), frame_counts
    # each move's screen came as a patch of the page's (frame_patches.py), and every one applied
    patched = {r.name: sum('"$patch"' in frame for frame in r.frames) for r in rec.values()}
    assert all(count >= 5 for count in patched.values()), patched
    resent = {r.name: sum("resend_screen" in frame for frame in r.sent) for r in rec.values()}
    assert not any(resent.values()), f"a page asked for its whole screen again: {resent}"
    report = artifacts_dir / "uno-e2e-report.txt"
    report.write_text(
        "websocket frames per page: " + json.dumps(frame_counts) + "\n"
        + "of them screen patches: " + json.dumps(patched) + "\n"
        + "audit findings: " + (json.dumps(findings) if findings else "none") + "\n"
        + "click-to-table latency (s):\n"
        + "".join(f"  {label}: {seconds:.3f}\n" for label, seconds in latencies))
    print(report.read_text())
    assert findings == []

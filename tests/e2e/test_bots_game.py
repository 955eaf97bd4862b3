"""One person's phone and three bots play a UNO hand to its end (rooms/bots.py).

The host adds three bots from the table's lobby (each shown with the bot mark); the
hand is stacked so that the person goes out on their second turn with two plain
wilds. The bots' moves come by themselves, after their human-like delay, through the
room's move path, and appear on the table like anyone's: the discard pile's top card
and their hands' counts change, and the move log names their seats.
"""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, create_engine, select

from tablegames.rooms import service
from tablegames.rooms.models import MoveLog, Seat
from tests.e2e.helpers import open_table, seat_phones

# Seats: 0 Ana (the person, dealer), 1-3 the bots; Bot 1 plays first.
STACK = {
    "hands": [["W", "W"], ["r1", "b2", "b3"], ["r2", "b4", "b6"], ["r3", "y4", "y6"]],
    "top": "r5",
    "draw": ["g1", "g2", "g3", "g4", "y1", "y2", "y3", "b1", "b5", "b7", "y7", "g6"],
}

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]


def test_a_phone_and_three_bots_play_a_uno_hand(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {"dealer": 0, "stack": STACK})

    tablet = open_table(new_context, app_server, code, host)
    (ana,) = seat_phones(new_context, app_server, code, ["Ana"], viewport=(390, 844))
    tablet.locator("#seats").get_by_text("Ana", exact=True).wait_for()
    for level, count in (("easy", 1), ("normal", 2), ("hard", 3)):
        tablet.click(f'.tg-bot-level[data-level="{level}"]')
        tablet.click("#add-bot")
        tablet.wait_for_function(f"() => document.querySelectorAll('#seats .tg-seat').length === {count + 1}")
    tablet.wait_for_function("() => document.querySelectorAll('#seats [data-bot]').length === 3")
    assert tablet.locator("#seats .tg-seat").all_inner_texts()[1].startswith("Bot Ana")
    screenshot(tablet, "lobby-with-bots")

    tablet.click("#start")
    tablet.wait_for_selector('#discard-top [data-card="r5"]')
    # Bot Ana (seat 1) plays first, by itself, after its delay: its card shows on the table
    tablet.wait_for_function(
        "() => !document.querySelector('#discard-top [data-card=\"r5\"]')", timeout=20_000)
    ana.wait_for_selector("#your-turn", timeout=30_000)
    screenshot(ana, "phone-bot-game")
    screenshot(tablet, "table-bot-game")

    for last in (False, True):
        ana.wait_for_selector("#your-turn", timeout=30_000)
        if not last:
            ana.click("#act-uno")
            ana.wait_for_function("() => !document.querySelector('#act-uno')")
        ana.click('#hand [data-card="W"]')
        ana.wait_for_selector("#picker")
        ana.click('#picker [data-color="g"]')
        if not last:
            tablet.wait_for_selector('#discard-top [data-card="W"]')
            ana.wait_for_function("() => document.querySelectorAll('#hand [data-card]').length === 1")
    tablet.wait_for_selector("#hand-over", timeout=30_000)
    screenshot(tablet, "hand-over")

    with Session(engine) as db:
        room = service._room(db, code)
        logged = [(m.seat, json.loads(m.move_json)) for m in db.exec(
            select(MoveLog).where(MoveLog.room_id == room.id).order_by(MoveLog.version))]
        bots = {s.seat: s.bot for s in db.exec(select(Seat).where(Seat.room_id == room.id))}
    assert bots == {0: None, 1: "easy", 2: "normal", 3: "hard"}
    bot_moves = [m for seat, m in logged if seat in (1, 2, 3)]
    assert len(bot_moves) >= 6  # each bot played twice at least, as seats, not system moves
    assert [m["type"] for seat, m in logged if seat == 0].count("play") == 2


def test_bots_in_portuguese_and_games_without_bots(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {})
        ues, ues_host = service.create_room(db, "uestop", {})
    tablet = open_table(new_context, app_server, code, host, locale="pt-BR")
    tablet.click("#add-bot")
    tablet.wait_for_selector("#seats [data-bot]")
    assert tablet.locator("#seats .tg-seat-name").all_inner_texts() == ["Robô Ana"]
    other = open_table(new_context, app_server, ues, ues_host)
    other.wait_for_selector("#no-bots")
    assert "judged by the people" in other.inner_text("#no-bots")
    assert other.query_selector("#add-bot") is None
    screenshot(other, "no-bots-uestop")

"""Issue 12 in a browser: a removed seat shifts nobody, a forged page path writes into no
other room, and the host secret leaves the address bar.

- A player removed in the lobby (finding 1): every tab of hers says so at once and shows no
  hand, before and after the start (no React error page, in UNO and Upwords); the players
  after her keep their own hands, also once a newcomer takes a seat; she may join again.
- A tab seated in room A sends ``RoomShared.link`` / ``UpwordsDraft.link`` with the page
  path of room B, then composes and plays in A (finding 4): nothing reaches B's screens or
  its database row.
"""

from __future__ import annotations

import json
import time

import pytest
from sqlmodel import Session, create_engine

from tablegames import reflex_adapter as rxa
from tablegames.games.upwords.state import UpwordsDraft, UpwordsPhone
from tablegames.rooms import service
from tablegames.state.room import RoomShared, Screen
from tests.e2e.helpers import open_table, quoted, remove_seat, seat_phones, wait_connected

pytestmark = pytest.mark.e2e

CAPTURE_SOCKETS = """
(() => { const Native = window.WebSocket; window.__sockets = [];
  window.WebSocket = function (...args) { const s = new Native(...args); window.__sockets.push(s); return s; };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3}); })();
"""
# The states' names as the front end addresses them (computed from the classes).
SCREEN = Screen.get_full_name()
ROOM_SHARED = RoomShared.get_full_name()
UPWORDS_DRAFT = UpwordsDraft.get_full_name()
UPWORDS_PHONE = UpwordsPhone.get_full_name()
CRASH = "Application error"

UNO_STACK = {"hands": [["r1", "r2", "r3"], ["g4", "g5", "g6"], ["b7", "b8", "b9"]], "top": "y5",
             "draw": ["y1", "y2"]}
UPWORDS_STACK = {"racks": [list("MOODJEA"), list("WOVINTS"), list("IXZULRE")], "bag": list("AEILR")}


def frame(handler: str, payload: dict, path: str) -> str:
    """A socket.io event frame as the Reflex front end sends it."""
    event = {"name": handler, "payload": payload,
             "router_data": {"pathname": path, "asPath": path, "query": {"code": path.rsplit("/", 1)[-1]}}}
    return "42/_event," + json.dumps(["event", event])


def substates(frames: list[str], state_name: str) -> list[dict]:
    """Every delta of the state ``state_name`` in the websocket frames, in order."""
    found: list[dict] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == state_name and isinstance(value, dict):
                    found.append(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for text in frames:
        start = text.find("[")
        if start >= 0:
            try:
                walk(json.loads(text[start:]))
            except ValueError:
                continue
    return found


def _field(delta: dict, name: str):
    return delta.get(rxa.var_key(name), delta.get(name))


def shared_versions(frames: list[str]) -> list[int]:
    """The room versions (``RoomShared.version``) a tab was told, frame by frame."""
    return [v for v in (_field(d, "version") for d in substates(frames, ROOM_SHARED)) if isinstance(v, int)]


def drafts_with_tiles(frames: list[str]) -> list[dict]:
    """The Upwords drafts (``UpwordsDraft``) a tab was told that hold tiles: a tab's own
    hydrate carries its room's empty draft (whose turn, its version), which is no leak."""
    return [d for d in substates(frames, UPWORDS_DRAFT) if _field(d, "tiles")]


def send(page, text: str) -> None:
    page.evaluate("f => window.__sockets.find(s => s.url.includes('/_event')).send(f)", text)


def hand_of(page, game: str) -> list[str]:
    if game == "uno":
        return sorted(page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)"))
    return sorted(page.eval_on_selector_all("#uw-rack [data-letter]", "els => els.map(e => e.dataset.letter)"))


@pytest.mark.parametrize("game", ["uno", "upwords"])
def test_a_removed_player_loses_her_seat_and_nobody_else_s_shifts(app_server, new_context, screenshot, game):
    engine = create_engine(app_server.database_url)
    stack = UNO_STACK if game == "uno" else UPWORDS_STACK
    with Session(engine) as db:
        code, host = service.create_room(db, game, {"stack": stack, **({"dealer": 0} if game == "uno"
                                                                          else {"first": 0})})
    tablet = open_table(new_context, app_server, code, host)
    rec: dict = {}
    ana, bia, cid = seat_phones(new_context, app_server, code, ("Ana", "Bia", "Cid"), rec)
    # Bia has a second tab open (same phone, same LocalStorage).
    bia2 = bia.context.new_page()
    bia2.goto(app_server.url(f"/play/{code}"))
    bia2.wait_for_selector("#waiting")

    tablet.locator("#seats").get_by_text("Bia", exact=True).wait_for()
    remove_seat(tablet, "Bia")
    for page in (bia, bia2):
        page.wait_for_selector("#removed")
        assert page.query_selector("#waiting") is None
    cid.wait_for_selector("#waiting")
    removed_text = bia.inner_text("#removed")
    assert "removed" in removed_text.lower() or "removid" in removed_text.lower()

    dan = seat_phones(new_context, app_server, code, ("Dan",))[0]
    tablet.locator("#seats").get_by_text("Dan", exact=True).wait_for()
    mark = rec[1].mark()
    tablet.click("#start")
    # Engine seats: Ana 0, Cid 1, Dan 2: each phone holds its own stacked hand.
    expect = {0: stack["hands"][0] if game == "uno" else stack["racks"][0],
              1: stack["hands"][1] if game == "uno" else stack["racks"][1],
              2: stack["hands"][2] if game == "uno" else stack["racks"][2]}
    ready = "#hand" if game == "uno" else "#uw-rack"
    for seat, page in enumerate((ana, cid, dan)):
        page.wait_for_selector(ready)
        assert hand_of(page, game) == sorted(expect[seat]), seat
    time.sleep(1.5)
    screenshot(bia, f"removed-{game}")
    for page in (bia, bia2):
        assert page.query_selector(ready) is None
        assert CRASH not in page.content()
        page.wait_for_selector("#removed")
    # Bia's tab never received anybody's hand after she was removed.
    later = rec[1].text()[len(rec[1].text(mark)):]
    assert later  # the recorder saw her frames
    if game == "uno":
        leaked = [c for h in expect.values() for c in h if any(q in later for q in quoted(c))]
        assert not leaked, leaked
    # Her taps reach nothing: the table's state is the one just dealt.
    with Session(engine) as db:
        _, version = service.current_state(db, code)
    bia.reload()
    wait_connected(bia)
    bia.wait_for_selector("#removed")
    with Session(engine) as db:
        assert service.current_state(db, code)[1] == version


def test_the_removed_player_may_join_again_in_the_lobby(app_server, new_context):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {})
    tablet = open_table(new_context, app_server, code, host)
    ana, bia = seat_phones(new_context, app_server, code, ("Ana", "Bia"))
    tablet.locator("#seats").get_by_text("Bia", exact=True).wait_for()
    remove_seat(tablet, "Bia")
    bia.wait_for_selector("#removed")
    bia.fill("#player-name", "Bia")
    bia.click("#sit-down")
    bia.wait_for_selector("#waiting")
    assert bia.query_selector("#removed") is None
    tablet.locator("#seats").get_by_text("Bia", exact=True).wait_for()
    ana.wait_for_selector("#waiting")


def test_a_forged_page_path_writes_nothing_into_another_room(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code_a, host_a = service.create_room(db, "uno", {"dealer": 0, "stack": {
            "hands": [["r1", "r2", "r3"], ["g4", "g5", "g6"]], "top": "y5",
            "draw": ["y7", "b7", "y8", "b8", "y9", "b9"]}})
        code_b, host_b = service.create_room(db, "upwords", {"first": 0})
    rec_b: dict = {}
    table_b = open_table(new_context, app_server, code_b, host_b, rec_b)
    eva, fia = seat_phones(new_context, app_server, code_b, ("Eva", "Fia"))
    with Session(engine) as db:
        service.start_game(db, code_b, host_b, seed=3)
    table_b.reload()  # the recorder follows the new socket
    wait_connected(table_b)
    table_b.wait_for_selector("#uw-player-0.tg-turn")
    eva.reload()
    wait_connected(eva)
    eva.wait_for_selector("#your-turn")

    def crafting_phone(name: str):
        context = new_context(viewport={"width": 412, "height": 915})
        context.add_init_script(CAPTURE_SOCKETS)
        page = context.new_page()
        page.goto(app_server.url(f"/play/{code_a}"))
        wait_connected(page)
        page.fill("#player-name", name)
        page.click("#sit-down")
        page.wait_for_selector("#waiting")
        return page

    ana, bia = crafting_phone("Ana"), crafting_phone("Bia")
    with Session(engine) as db:
        service.start_game(db, code_a, host_a, seed=1)
    ana.reload()
    wait_connected(ana)
    bia.reload()
    wait_connected(bia)

    with Session(engine) as db:
        before_b = service.current_state(db, code_b)
    watch = rec_b["table"]
    time.sleep(1.0)
    mark = watch.mark()
    assert mark  # the recorder hears table B
    path_b = f"/play/{code_b}"
    for name in (ROOM_SHARED + ".link", UPWORDS_DRAFT + ".link"):
        send(ana, frame(name, {}, path_b))
        time.sleep(0.4)
    # Ana composes (an Upwords draft event) and moves in A: each accepted move bumps the
    # shared version of the room her tab is linked to.
    # ...then carries on in her own room (the paths her page really has), as the attack did
    path_a = f"/play/{code_a}"
    send(ana, frame(UPWORDS_PHONE + ".tap_square", {"row": 4, "col": 4}, path_a))
    for _ in range(3):
        for page in (bia, ana):  # Bia (seat 1) plays first: dealer 0
            send(page, frame(SCREEN + ".move", {"move": {"type": "draw"}, "seen_version": -1},
                             path_a))
            time.sleep(0.3)
            send(page, frame(SCREEN + ".move", {"move": {"type": "pass"}, "seen_version": -1},
                             path_a))
            time.sleep(0.3)
    time.sleep(1.0)
    with Session(engine) as db:
        assert service.current_state(db, code_b) == before_b
        assert service.room_version(db, code_a) > before_b[1] + 1  # room A moved on
        version_b = service.room_version(db, code_b)
    # Table B heard nothing of it: no shared version beyond B's own (before the fix Ana's
    # moves in A pushed B's to 61 while B's was 3), no draft of hers.
    heard = watch.frames[mark:]
    assert max(shared_versions(heard), default=version_b) <= version_b, (shared_versions(heard), version_b)
    assert not drafts_with_tiles(heard), drafts_with_tiles(heard)
    # Room B still works: Eva passes, and B's table follows.
    eva.click("#uw-pass")
    table_b.wait_for_selector("#uw-player-1.tg-turn", timeout=10_000)
    assert max(shared_versions(watch.frames[mark:])) > version_b  # the table does hear its own room
    screenshot(table_b, "table-b-after-forged-links")
    later = "\n".join(watch.frames[mark:])
    assert '"Ana"' not in later


def test_the_host_secret_leaves_the_address_bar(app_server, new_context):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {})
    tablet = open_table(new_context, app_server, code, host)
    tablet.wait_for_function("() => !window.location.search.includes('host=')", timeout=10_000)
    assert host not in tablet.url
    tablet.wait_for_selector("#start")  # still the host
    tablet.reload()
    wait_connected(tablet)
    tablet.wait_for_selector("#start")  # the secret stayed on the device

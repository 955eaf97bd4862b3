"""Faces through the UI: a tablet and three phones (separate browser contexts).

Main game, with a stacked deal: all three choose a card to pass (Ana changes her mind),
the pass happens and leaves Bia with three "happy" cards, Bia's STOP lights up and she
calls it, her phone shows the face to make, Cid then Ana guess in turn on the Reference
Card picker (Cid wrong, Ana right), and the table scores it.

Memory, 3 phones: the host names the oldest player in the lobby (Bia, who starts), Bia
lifts a card and only Cid's phone (her left neighbour) shows it, Bia turns over a pair;
Cid lifts a card (only Ana sees it) and misses; Ana lifts one (only Bia sees it) and ends
her turn.

Every websocket frame each page receives is recorded, parsed, and audited: every "hand"
a page receives is a hand its own seat held; the table gets no hand at all; the mimed
emotion reaches nobody but the mimer before the right guess reveals it; a lifted Memory
card reaches the active player's left neighbour only.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session, create_engine, select

from tablegames.engine import get_game
from tablegames.rooms import service
from tests.e2e import helpers
from tests.e2e.helpers import wait_connected
from tablegames.rooms.models import Room

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

NAMES = ("Ana", "Bia", "Cid")
# Seats by joining order; seat + 1 sits on the left: Ana -> Bia -> Cid -> Ana.
# Ana keeps 1, 1, 9; Bia keeps 3 and draws 7, 8; Cid keeps 5, 5, 10: those numbers are
# held by one seat only and never passed or shown.
MAIN_STACK = {"hands": [[1, 1, 6, 9], [2, 3, 6, 6], [4, 5, 5, 10]], "pile": [7, 8, 12], "exact": True}
# The moves the phones make, in order (seat, move), to replay the game for the audit.
MAIN_MOVES = [
    (0, {"type": "choose_pass", "card": 9, "round": 1}),
    (1, {"type": "choose_pass", "card": 2, "round": 1}),
    (0, {"type": "choose_pass", "card": 6, "round": 1}),  # Ana changes her mind
    (2, {"type": "choose_pass", "card": 4, "round": 1}),  # the last choice: the pass happens
    (1, {"type": "stop"}),
    (2, {"type": "guess", "emotion": 7}),
    (0, {"type": "guess", "emotion": 6}),
]
MEMORY_GRID = [1, 2, 3, 4, 5, 1, 6, 7, 8, 9, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10]
MEMORY_STACK = {"grid": MEMORY_GRID, "pile": [11, 12, 13], "exact": True}
SECRET_KEYS = ("hand", "hand_groups", "sets", "my_choice", "received", "passed", "mime", "peek")


# -- helpers ---------------------------------------------------------------------------------

class Recorder(helpers.Recorder):
    """Keeps every websocket frame a page receives, and finds Faces' secrets in them."""

    def found(self, upto: int | None = None, start: int = 0) -> list[tuple[str, Any]]:
        """Every (key, value) of SECRET_KEYS and every "emotion" inside the frames."""
        out: list[tuple[str, Any]] = []
        for frame in self.frames[start:upto]:
            for data in _decode(frame):
                _walk(data, out)
        return out


def _decode(frame: str) -> list[Any]:
    """A socket.io frame's JSON (``42/_event,["event", {...}]``), JSON strings inside opened."""
    text = frame.lstrip("0123456789")
    if text.startswith("/"):  # a namespace: "/_event,"
        text = text.partition(",")[2]
    if not text:
        return []
    try:
        return [_open(json.loads(text))]
    except ValueError:
        return []


def _open(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in "{[":
        try:
            return _open(json.loads(value))
        except ValueError:
            return value
    if isinstance(value, list):
        return [_open(v) for v in value]
    if isinstance(value, dict):
        return {k: _open(v) for k, v in value.items()}
    return value


def _walk(value: Any, out: list[tuple[str, Any]]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k in SECRET_KEYS or k == "emotion":
                out.append((k, v))
            _walk(v, out)
    elif isinstance(value, list):
        for v in value:
            _walk(v, out)


def open_table(new_context, app_server, code: str, host: str, rec: dict):
    return helpers.open_table(new_context, app_server, code, host, rec, recorder=Recorder)


def seat_phones(new_context, app_server, code: str, rec: dict) -> list:
    return helpers.seat_phones(new_context, app_server, code, NAMES, rec, recorder=Recorder)


def group(page, emotion: int):
    return page.locator(f'#hand button.fc-group[data-emotion="{emotion}"]')


def hand_of(page) -> list[int]:
    """The phone's hand as shown: each group's emotion times its count."""
    groups = page.eval_on_selector_all(
        "#hand button.fc-group", "els => els.map(e => [e.dataset.emotion, e.dataset.count])")
    return sorted(int(e) for e, n in groups for _ in range(int(n)))


def wait_hand(page, expected: list[int], timeout: float = 15.0) -> None:
    """Waits until the phone shows exactly ``expected`` (its own hand, grouped)."""
    deadline = time.monotonic() + timeout
    while hand_of(page) != sorted(expected):
        if time.monotonic() > deadline:
            assert hand_of(page) == sorted(expected)
        time.sleep(0.1)


def replay_hands(stack: dict, moves: list[tuple[int, dict]]) -> dict[int, set[tuple[int, ...]]]:
    """Every hand each seat holds during the game (engine replay of the same moves)."""
    game = get_game("faces")
    state = game.new(list(NAMES), {"stack": stack}, seed=1)
    held: dict[int, set[tuple[int, ...]]] = {s: set() for s in range(len(NAMES))}

    def note() -> None:
        for s, hands in held.items():
            v = game.view(state, s)
            if "hand" in v:
                hands.add(tuple(v["hand"]))
    note()
    for seat, move in moves:
        state = game.apply(state, seat, move)
        note()
    return held


# -- the main game -----------------------------------------------------------------------

def test_main_game_pass_stop_mime_and_guess(app_server, new_context, screenshot, artifacts_dir: Path):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "faces", {"variant": "main", "stack": MAIN_STACK})
    rec: dict[Any, Recorder] = {}
    tablet = open_table(new_context, app_server, code, host, rec)
    ana, bia, cid = phones = seat_phones(new_context, app_server, code, rec)
    for name in NAMES:
        tablet.get_by_text(name, exact=True).first.wait_for()
    tablet.wait_for_selector("#faces-lobby")
    tablet.click("#start")

    tablet.wait_for_selector('#faces-ready[data-ready="0"]')
    for page, stack_hand in zip(phones, MAIN_STACK["hands"]):
        wait_hand(page, stack_hand)
    assert group(bia, 6).get_attribute("data-count") == "2"
    assert bia.locator("#faces-stop").is_disabled()  # no set yet: STOP is not lit
    screenshot(tablet, "main-start")
    screenshot(ana, "main-hand")

    # -- pass 1: Ana chooses 9, Bia 2, Ana changes to 6, Cid 4 (the pass happens) ----------
    group(ana, 9).click()
    tablet.wait_for_selector('#faces-ready[data-ready="1"]')
    ana.wait_for_selector('#hand button.fc-group.chosen[data-emotion="9"]')
    tablet.wait_for_selector('#faces-player-0[data-ready="1"]')
    group(bia, 2).click()
    tablet.wait_for_selector('#faces-ready[data-ready="2"]')
    screenshot(ana, "main-chosen")
    screenshot(tablet, "main-two-ready")
    group(ana, 6).click()  # changing the choice: still 2 of 3 ready
    ana.wait_for_selector('#hand button.fc-group.chosen[data-emotion="6"]')
    assert ana.locator('#hand button.fc-group.chosen').count() == 1
    assert tablet.locator("#faces-ready").get_attribute("data-ready") == "2"
    assert tablet.locator("#faces-ready").inner_text().startswith("2")
    group(cid, 4).click()

    # Pass 2 starts: Bia holds three "happy" cards and her STOP button lights up.
    tablet.wait_for_selector("#faces-passing >> text=2")
    tablet.wait_for_selector('#faces-ready[data-ready="0"]')
    bia.wait_for_selector("#faces-stop.lit:not([disabled])")
    wait_hand(bia, [3, 6, 6, 6])
    wait_hand(ana, [1, 1, 4, 9])
    wait_hand(cid, [2, 5, 5, 10])
    cid.wait_for_selector("#faces-received")
    assert ana.locator("#faces-stop.lit").count() == 0
    screenshot(bia, "main-stop-lit")

    # Reference Card: one tap away, and closed again.
    cid.click("#tg-ref-open")
    cid.wait_for_selector("#tg-reference #fc-ref-13", state="visible")  # the shared card (components/reference.py)
    screenshot(cid, "main-reference")
    cid.click("#tg-ref-close")
    cid.wait_for_selector("#tg-reference", state="hidden")

    # -- STOP: Bia makes the face; Cid then Ana guess ------------------------------------
    bia.click("#faces-stop")
    tablet.wait_for_selector("#faces-mimer >> text=Bia")
    tablet.wait_for_selector("#faces-guesser >> text=Cid")
    tablet.wait_for_selector("#faces-player-1.mimer")
    bia.wait_for_selector('#faces-mime[data-emotion="6"]')
    assert "happy" in bia.inner_text("#faces-mime")
    for guesser in (ana, cid):
        guesser.wait_for_selector("#faces-hand-hidden")
        assert guesser.locator("#hand").count() == 0
    cid.wait_for_selector("#faces-guess-picker")
    assert ana.locator("#faces-guess-picker").count() == 0
    ana.wait_for_selector("#faces-wait-guess >> text=Cid")
    screenshot(tablet, "main-guessing")
    screenshot(bia, "main-mime")
    screenshot(cid, "main-guess-picker-cid")

    cid.click("#fc-guess-7")  # "excited": wrong
    tablet.wait_for_selector('#faces-guesses .fc-guess[data-emotion="7"]')
    tablet.wait_for_selector("#faces-guesser >> text=Ana")
    ana.wait_for_selector("#faces-guess-picker")
    assert cid.locator("#faces-guess-picker").count() == 0
    screenshot(tablet, "main-wrong-guess")
    screenshot(ana, "main-guess-picker")

    before_reveal = {k: r.mark() for k, r in rec.items()}
    ana.click("#fc-guess-6")  # "happy": right
    tablet.wait_for_selector('#faces-last-round[data-emotion="6"]')
    tablet.wait_for_selector('#faces-player-0[data-won="1"]')
    tablet.wait_for_selector('#faces-player-1[data-won="2"]')
    assert tablet.locator('#faces-player-2').get_attribute("data-won") == "0"
    tablet.wait_for_selector("#events >> text=happy")
    # Bia drew up to three cards (7 and 8); guessers see their hands again.
    wait_hand(bia, [3, 7, 8])
    wait_hand(ana, [1, 1, 4, 9])
    screenshot(tablet, "main-scored")
    screenshot(ana, "main-after-round")

    # -- websocket audit -------------------------------------------------------------------
    held = replay_hands(MAIN_STACK, MAIN_MOVES)
    findings: list[str] = []
    for viewer, recorder in rec.items():
        found = recorder.found()
        for key, value in found:
            if (viewer == "table" and value not in (None, [])
                    and key in ("hand", "sets", "my_choice", "received", "passed", "hand_groups")):
                findings.append(f"table got {key}={value}")
            if key == "hand" and viewer != "table" and value is not None and tuple(value) not in held[viewer]:
                findings.append(f"{recorder.name} got a hand that is not its own: {value}")
            if key == "hand_groups" and viewer != "table" and value:
                flat = tuple(c for g in value for c in g)
                if flat not in held[viewer]:
                    findings.append(f"{recorder.name} got hand groups that are not its own: {value}")
            if key == "mime" and value is not None and viewer != 1:
                findings.append(f"{recorder.name} got the mimed emotion {value}")
        # Nothing says "6" as an emotion to a guesser (or the table) before the reveal.
        if viewer != 1:
            early = recorder.found(upto=before_reveal[viewer])
            leaks = [(k, v) for k, v in early if (k in ("emotion", "mime") and v == 6)]
            if leaks:
                findings.append(f"{recorder.name} saw the mimed emotion before the reveal: {leaks}")
        hands_seen = [v for k, v in found if k == "hand"]
        if viewer != "table":
            assert hands_seen, f"{recorder.name} never received its hand"
    # The audit reads the frames: the mimer did receive the emotion to make.
    assert ("mime", 6) in rec[1].found()
    counts = {r.name: len(r.frames) for r in rec.values()}
    assert all(n > 5 for n in counts.values()), counts
    (artifacts_dir / "faces-main-e2e-report.txt").write_text(
        "websocket frames per page: " + json.dumps(counts) + "\n"
        + "audit findings: " + (json.dumps(findings) if findings else "none") + "\n")
    assert findings == []


# -- Memory ------------------------------------------------------------------------------

def test_memory_pick_peek_pair_and_miss(app_server, new_context, screenshot, artifacts_dir: Path):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "faces", {"variant": "memory", "pairs": 10,
                                                       "stack": MEMORY_STACK})
    rec: dict[Any, Recorder] = {}
    tablet = open_table(new_context, app_server, code, host, rec)
    ana, bia, cid = seat_phones(new_context, app_server, code, rec)

    # The host names the oldest player in the lobby: Bia starts.
    tablet.wait_for_selector("#faces-oldest option >> nth=2", state="attached")
    tablet.select_option("#faces-oldest", "1")
    tablet.wait_for_selector('#faces-lobby[data-oldest="1"]')
    screenshot(tablet, "memory-lobby")
    tablet.click("#start")

    tablet.wait_for_selector('#faces-grid[data-cards="20"]')
    tablet.wait_for_selector('#faces-status[data-phase="pick"] >> text=Bia')
    bia.wait_for_selector('#faces-status[data-phase="pick"]')
    assert tablet.locator('#faces-grid [data-face="down"]').count() == 20
    screenshot(tablet, "memory-start")
    screenshot(bia, "memory-your-pick")

    peeks: dict[int, int] = {}  # seat that may peek -> the emotion

    def pick(active, seat: int, pos: int, neighbour, others: list) -> None:
        active.click(f"#cell-{pos}")
        tablet.wait_for_selector('#faces-status[data-phase="decide"]')
        tablet.wait_for_selector(f"#cell-{pos}.lifted")
        neighbour.wait_for_selector(f'#faces-peek[data-emotion="{MEMORY_GRID[pos]}"]')
        peeks[(seat + 1) % 3] = MEMORY_GRID[pos]
        for page in [active, *others, tablet]:
            assert page.locator("#faces-peek").count() == 0
        active.wait_for_selector("#faces-end-turn")

    # Bia lifts card 0: only Cid sees it; she turns it over and then its pair (5).
    pick(bia, 1, 0, cid, [ana])
    screenshot(cid, "memory-peek")
    screenshot(tablet, "memory-lifted")
    bia.click("#faces-flip-lifted")
    tablet.wait_for_selector('#cell-0.up[data-emotion="1"]')
    bia.wait_for_selector('#faces-status[data-phase="flip"]')
    bia.click("#cell-5")
    tablet.wait_for_selector('#faces-last-try[data-pair="1"]')
    tablet.wait_for_selector('#faces-player-1[data-won="2"]')
    tablet.wait_for_selector('#faces-grid[data-cards="18"]')
    time.sleep(0.8)  # let the turn-over transition finish for the screenshot
    screenshot(tablet, "memory-pair")

    # Cid lifts card 1 (only Ana sees it), turns it over, then card 2: no pair.
    tablet.wait_for_selector('#faces-status[data-phase="pick"] >> text=Cid')
    pick(cid, 2, 1, ana, [bia])
    cid.click("#faces-flip-lifted")
    cid.wait_for_selector('#faces-status[data-phase="flip"]')
    cid.click("#cell-2")
    tablet.wait_for_selector('#faces-last-try[data-pair="0"]')
    tablet.wait_for_selector('#faces-player-0[data-won="1"]')
    tablet.wait_for_selector('#faces-player-1[data-won="3"]')
    assert tablet.locator("#faces-player-2").get_attribute("data-won") == "0"
    tablet.wait_for_selector('#cell-1.shown.miss[data-emotion="2"]')
    tablet.wait_for_selector('#cell-2.shown.miss[data-emotion="3"]')
    time.sleep(0.8)
    screenshot(tablet, "memory-miss-table")
    screenshot(cid, "memory-miss-phone")

    # Ana lifts card 3 (only Bia sees it) and ends her turn; the missed cards turn back.
    tablet.wait_for_selector('#faces-status[data-phase="pick"] >> text=Ana')
    pick(ana, 0, 3, bia, [cid])
    tablet.wait_for_selector('#cell-1[data-face="down"]:not(.up)')
    screenshot(bia, "memory-peek-bia")
    ana.click("#faces-end-turn")
    tablet.wait_for_selector('#faces-status[data-phase="pick"] >> text=Bia')
    bia.wait_for_selector('#faces-status[data-phase="pick"]')
    for page in (ana, bia, cid):
        page.wait_for_function("() => !document.querySelector('#faces-peek')")

    # -- websocket audit -------------------------------------------------------------------
    findings: list[str] = []
    for viewer, recorder in rec.items():
        for key, value in recorder.found():
            if key == "peek" and value is not None and (
                    viewer == "table" or peeks.get(viewer) != value.get("emotion")):
                findings.append(f"{recorder.name} got peek {value}")
            if key in ("hand", "mime") and value not in (None, []):
                findings.append(f"{recorder.name} got {key}={value}")
        peeked = [v for k, v in recorder.found() if k == "peek" and v]
        if viewer in peeks and not peeked:
            findings.append(f"{recorder.name} never got the card it should have seen")
    (artifacts_dir / "faces-memory-e2e-report.txt").write_text(
        "websocket frames per page: " + json.dumps({r.name: len(r.frames) for r in rec.values()}) + "\n"
        + "audit findings: " + (json.dumps(findings) if findings else "none") + "\n")
    assert findings == []


# -- game over ---------------------------------------------------------------------------

def test_game_over_screens(app_server, new_context, screenshot):
    """A deal with an empty pile and short hands ends at once: standings on every screen."""
    engine = create_engine(app_server.database_url)
    stack = {"hands": [[1, 2], [3, 4], [5]], "pile": [], "exact": True}
    with Session(engine) as db:
        code, host = service.create_room(db, "faces", {"variant": "main", "stack": stack})
    rec: dict[Any, Recorder] = {}
    tablet = open_table(new_context, app_server, code, host, rec)
    phones = seat_phones(new_context, app_server, code, rec)
    tablet.click("#start")
    tablet.wait_for_selector("#game-over")
    tablet.wait_for_selector("#faces-winners >> text=Ana")
    assert tablet.locator("#scores tbody tr").count() == 3
    tablet.wait_for_selector("#rematch")
    for page in phones:
        page.wait_for_selector("#game-over")
        assert page.locator("#rematch").count() == 0
        assert page.locator("#faces-stop").count() == 0
    screenshot(tablet, "game-over-table")
    screenshot(phones[2], "game-over-phone")


# -- the create form -----------------------------------------------------------------------

def test_create_a_faces_memory_table_in_portuguese(app_server, new_context, screenshot):
    """The landing page's Faces options (version, Memory grid); the lobby asks for the oldest."""
    page = new_context(locale="pt-BR", viewport={"width": 1280, "height": 800}).new_page()
    page.goto(app_server.url("/"))
    page.wait_for_selector("#create")
    time.sleep(1.0)  # hydration
    page.select_option("#opt-game", "faces")
    page.wait_for_selector("#opt-variant")
    page.select_option("#opt-variant", "memory")
    page.select_option("#opt-pairs", "13")
    screenshot(page, "create-form")
    page.click("#create")
    page.wait_for_url("**/table/*")
    page.wait_for_function("() => /^[A-Z]{4}$/.test((document.querySelector('#room-code') || {}).innerText || '')")
    code = page.inner_text("#room-code").strip()
    with Session(create_engine(app_server.database_url)) as db:
        room = db.exec(select(Room).where(Room.code == code)).one()
    assert room.game == "faces"
    assert json.loads(room.options_json) == {"variant": "memory", "pairs": 13}
    page.wait_for_selector("#faces-lobby >> text=Memória")
    page.wait_for_selector("#faces-oldest", state="attached")

    # Two players are enough for Memory; all 13 pairs lie in a 7 x 4 grid.
    phones = []
    for name in NAMES[:2]:
        phone = new_context(locale="pt-BR", viewport={"width": 412, "height": 915}, has_touch=True).new_page()
        phone.goto(app_server.url(f"/play/{code}"))
        wait_connected(phone)
        phone.fill("#player-name", name)
        phone.click("#sit-down")
        phone.wait_for_selector("#waiting")
        phones.append(phone)
    page.get_by_text("Bia", exact=True).first.wait_for()
    page.click("#start")
    page.wait_for_selector('#faces-grid.fc-grid-7[data-cards="26"]')
    assert page.locator("#faces-grid .fc-cell").count() == 28
    phones[0].wait_for_selector('#faces-status[data-phase="pick"]')
    phones[0].click("#cell-12")
    phones[1].wait_for_selector("#faces-peek")  # with two players, the other one peeks
    page.wait_for_selector("#cell-12.lifted")
    screenshot(page, "memory-13-table")
    screenshot(phones[0], "memory-13-active")
    screenshot(phones[1], "memory-13-peek")

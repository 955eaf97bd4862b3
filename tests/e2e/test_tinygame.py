"""Duel, the tests' own game, played to the end through the generic pages.

Duel exists only in ``tests/tinygame`` (its engine, its screens, its texts) and reaches the
app through the registry's switch for test-only games (``TABLEGAMES_EXTRA_GAMES``, set for
every e2e app by tests/e2e/conftest.py): nothing in ``tablegames/`` names it. A tablet
creates the table from the landing page's form (the options come from Duel's schema), two
phones join, the host starts, the phones play every card, the table shows the standings and
the host starts a rematch.
"""

from __future__ import annotations

import time

import pytest
from sqlmodel import Session, create_engine

import tests.tinygame  # noqa: F401 (registers "tiny" in this process too)
from tablegames.engine import get_game
from tablegames.rooms import service
from tests.e2e.helpers import Recorder, seat_phones

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

DUEL = get_game("tiny")
NAMES = ("Ana", "Bia")


def _state(engine, code: str):
    with Session(engine) as db:
        return service.current_state(db, code)


def _hand(page) -> list[int]:
    return [int(t) for t in page.eval_on_selector_all("#tiny-hand button", "els => els.map(e => e.innerText)")]


def _turn_flag(page) -> str:
    return page.eval_on_selector("#my-turn-flag", "el => el.dataset.turn")


def test_a_tablet_and_two_phones_play_duel_to_the_end(app_server, new_context, screenshot):
    engine = create_engine(app_server.database_url)
    tablet = new_context(viewport={"width": 1280, "height": 800}).new_page()
    rec = {"table": Recorder(tablet, "table")}
    tablet.goto(app_server.url("/"))
    tablet.wait_for_selector("#create")
    time.sleep(1.0)  # hydration: the form's events need the websocket
    tablet.select_option("#opt-game", "tiny")
    tablet.wait_for_selector("#opt-hand")  # Duel's schema: cards per player, lowest wins
    tablet.fill("#opt-hand", "4")
    tablet.check("#opt-low_wins")
    screenshot(tablet, "create-form")
    tablet.click("#create")
    tablet.wait_for_url("**/table/*")
    tablet.wait_for_function("() => /^[A-Z]{4}$/.test((document.querySelector('#room-code') || {}).innerText || '')")
    code = tablet.inner_text("#room-code").strip()
    with Session(engine) as db:
        info = service.room_info(db, code)
    assert info.game == "tiny" and info.options["hand"] == 4 and info.options["low_wins"] is True

    phones = seat_phones(new_context, app_server, code, NAMES, rec)
    for name in NAMES:
        tablet.locator("#seats").get_by_text(name, exact=True).wait_for()
    screenshot(tablet, "lobby")
    tablet.click("#start")
    tablet.wait_for_selector("#tiny-table-status")
    tablet.get_by_text("The lower card takes the trick").first.wait_for()
    # the options in force, from Duel's schema (during play in the join chip's overlay)
    tablet.wait_for_selector("li[data-option='low_wins']", state="attached")
    assert "Lowest card wins" in tablet.eval_on_selector("li[data-option='low_wins']", "e => e.textContent")

    state, _ = _state(engine, code)
    for seat, page in enumerate(phones):  # each phone shows its own hand, and only it
        page.wait_for_function("() => document.querySelectorAll('#tiny-hand button').length === 4")
        assert _hand(page) == list(state.hands[seat])
    screenshot(phones[0], "start")

    for turn in range(8):
        state, version = _state(engine, code)
        (seat,) = DUEL.to_act(state)
        mine, other = phones[seat], phones[1 - seat]
        mine.wait_for_selector("#tiny-hand button:not([disabled])")
        mine.wait_for_function("() => document.querySelector('#my-turn-flag').dataset.turn === '1'")
        assert _turn_flag(other) == "0"
        assert other.query_selector("#tiny-hand button:not([disabled])") is None
        card = state.hands[seat][turn % len(state.hands[seat])]
        mine.click(f"#tiny-card-{card}")
        tablet.get_by_text(f"{NAMES[seat]} played {card}", exact=True).first.wait_for()
        deadline = time.monotonic() + 10
        while _state(engine, code)[1] == version and time.monotonic() < deadline:
            time.sleep(0.1)
        if turn == 1:
            screenshot(tablet, "first-trick")

    state, _ = _state(engine, code)
    result = DUEL.result(state)
    assert result is not None
    tablet.wait_for_selector("#game-over")
    title = tablet.inner_text("#game-over")
    winners = [NAMES[s] for s in result["winners"]]
    assert all(name in title for name in winners)
    for page in phones:
        page.wait_for_selector("#game-over")
        assert page.query_selector("#tiny-hand button") is None
    screenshot(tablet, "game-over")
    screenshot(phones[result["winners"][0]], "game-over")

    tablet.click("#rematch")  # the shared game-over panel's host button
    for page in phones:
        page.wait_for_function("() => document.querySelectorAll('#tiny-hand button').length === 4")
    tablet.wait_for_function("() => !document.querySelector('#game-over')")
    engine.dispose()

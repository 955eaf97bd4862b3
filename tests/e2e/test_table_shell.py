"""The table screen's shell in a browser (pages/table.py, issue 14).

- During play the room code and join QR shrink to a corner chip: inside the viewport, small,
  in the top right corner, with a QR code that still scans (>= 96 px); the game's area gets
  the rest of the viewport and the page does not scroll; a tap on the chip enlarges it, a
  tap or Escape closes it again.
- The host's QR code is never on show: it appears only behind its labelled button.
- In the lobby the join QR code is big; removing a seat asks first ("Remove Bia from the
  table?"), and "No" keeps her.
- Screenshots of the lobby and of play for each game at every table viewport go to
  artifacts/review14/table-shell/ (for review only: none on CI, ``REVIEW_SHOTS`` in
  tests/e2e/screens.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.axe import IMPACTS, RUN_OPTIONS, run_axe
from tests.e2e.helpers import wait_connected
from tests.e2e.screens import REVIEW_SHOTS

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "review14" / "table-shell"
VIEWPORTS = {"tablet-1280x800": (1280, 800), "tablet-1024x768": (1024, 768),
             "tablet-portrait-820x1180": (820, 1180), "tv-1920x1080": (1920, 1080)}
GAMES = {"uno": {}, "upwords": {}, "uestop": {}, "faces": {}, "memory": {"variant": "memory"}}
ENGINE_GAME = {"memory": "faces"}


def _room(app_server, game: str, names=("Ana", "Bia", "Cid"), start: bool = True) -> tuple[str, str]:
    """A room of ``game`` with these players seated (and started): (code, host secret)."""
    with Session(create_engine(app_server.database_url)) as db:
        code, host = service.create_room(db, ENGINE_GAME.get(game, game), GAMES[game])
        for name in names:
            service.join_room(db, code, name)
        if start:
            service.start_game(db, code, host, seed=3)
    return code, host


def _table(new_context, app_server, code: str, host: str, size=(1280, 800)):
    # No service worker (tests/e2e/test_pwa.py tests it): it shows nothing, and in every new
    # context it would fetch the whole app again to cache it.
    page = new_context(viewport={"width": size[0], "height": size[1]}, service_workers="block").new_page()
    page.goto(app_server.url(f"/table/{code}?host={host}"))
    wait_connected(page)
    page.wait_for_selector(f"#room-code >> text={code}")
    return page


def _inside(box: dict, width: int, height: int) -> bool:
    return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5 \
        and box["y"] + box["height"] <= height + 0.5


def _shell_violations(page) -> list[str]:
    """axe's serious and critical findings inside the shell's own parts (the rail, the lobby,
    an open overlay); the game's table is audited by the layout test."""
    run_axe(page)  # injects axe once
    parts = [sel for sel in ("#tg-rail", "#lobby", "dialog[open]") if page.locator(sel).count()]
    results = page.evaluate("([include, opts]) => window.axe.run({include}, opts)",
                            [[[sel] for sel in parts], RUN_OPTIONS])
    return [f"{v['id']}: {[n['target'] for n in v['nodes']]}" for v in results["violations"]
            if v.get("impact") in IMPACTS]


def _shot(page, name: str) -> None:
    """Saves a review screenshot (none on CI: ``REVIEW_SHOTS`` in tests/e2e/screens.py)."""
    if not REVIEW_SHOTS:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["tablet", "tv"])
def test_during_play_the_join_code_is_a_small_corner_chip_that_enlarges(app_server, new_context, size):
    width, height = size
    code, host = _room(app_server, "uno")
    page = _table(new_context, app_server, code, host, size)
    chip = page.locator("#join-chip")
    chip.wait_for()
    box = chip.bounding_box()
    assert _inside(box, width, height)
    assert box["width"] * box["height"] < 0.05 * width * height  # small
    assert box["x"] > width / 2 and box["y"] < height / 4  # the top right corner
    qr = page.locator("#join-qr-chip").bounding_box()
    assert qr["width"] >= 96 and qr["height"] >= 96  # still scans
    area = page.locator("#tg-area").bounding_box()
    assert _inside(area, width, height) and area["height"] >= 0.85 * height
    assert page.evaluate("document.documentElement.scrollHeight") <= height  # the page never scrolls
    assert page.locator("#join-qr").count() == 0  # no big lobby QR during play

    overlay = page.locator("#join-overlay")
    assert not overlay.is_visible()
    chip.click()
    overlay.wait_for(state="visible")
    shown = overlay.bounding_box()  # centred on the screen
    assert abs(shown["x"] + shown["width"] / 2 - width / 2) < 0.05 * width
    assert abs(shown["y"] + shown["height"] / 2 - height / 2) < 0.05 * height
    big = page.locator("#join-qr-big").bounding_box()
    assert big["width"] >= 0.4 * height and _inside(big, width, height)
    assert page.locator("#room-code-big").inner_text().strip() == code
    _shot(page, f"uno-playing-join-enlarged-{width}x{height}")
    page.keyboard.press("Escape")
    overlay.wait_for(state="hidden")
    chip.click()
    overlay.wait_for(state="visible")
    overlay.click()  # a tap anywhere closes it again
    overlay.wait_for(state="hidden")


def test_the_host_qr_shows_only_behind_its_labelled_button(app_server, new_context):
    code, host = _room(app_server, "uno")
    page = _table(new_context, app_server, code, host)
    assert not page.locator("#host-qr").is_visible()
    page.click("#tg-more-open")  # during play the host link sits behind "⋯"
    page.click("#host-link")
    page.locator("#host-qr").wait_for(state="visible")
    assert not page.locator("#tg-more").is_visible()  # the "⋯" overlay closed on the way
    assert page.locator("#host-link-title").inner_text() == "Host link: only for you"
    assert not page.locator("#join-qr-big").is_visible()  # never beside the join QR
    _shot(page, "uno-playing-host-link-1280x800")
    page.click("#host-link-close")
    page.locator("#host-qr").wait_for(state="hidden")


def test_the_lobby_shows_the_join_qr_big_and_removing_a_seat_asks_first(app_server, new_context):
    code, host = _room(app_server, "uno", names=("Ana", "Bia"), start=False)
    page = _table(new_context, app_server, code, host)
    qr = page.locator("#join-qr").bounding_box()
    assert qr["width"] >= 250 and _inside(qr, 1280, 800)
    assert page.locator("#join-qr").get_attribute("alt") == "Scan to join"
    assert page.get_by_text("Scan to join", exact=True).first.is_visible()
    assert not page.locator("#host-qr").is_visible()

    bia = page.locator(".tg-seat", has_text="Bia")
    remove = bia.locator(".tg-remove")
    button = remove.bounding_box()
    assert button["width"] >= 44 and button["height"] >= 44
    assert remove.get_attribute("aria-label") == "Remove Bia"
    remove.click()
    question = page.locator("dialog[open]")
    question.wait_for()
    assert "Remove Bia from the table?" in question.inner_text()
    _shot(page, "uno-lobby-remove-confirm-1280x800")
    question.locator(".tg-confirm-no").click()
    question.wait_for(state="hidden")
    assert page.locator(".tg-seat", has_text="Bia").count() == 1  # "No" kept her
    remove.click()
    page.locator("dialog[open] .tg-confirm-yes").click()
    page.locator(".tg-seat", has_text="Bia").wait_for(state="detached")
    assert page.locator(".tg-seat", has_text="Ana").count() == 1


def test_screenshots_of_every_game_at_every_table_viewport(app_server, new_context):
    """Lobby and play of each game at each table viewport: saved, and the shell fits each."""
    for game in GAMES:
        for started in (False, True):
            names = ("Ana", "Bia", "Cid", "Davi") if game != "upwords" else ("Ana", "Bia", "Cid")
            code, host = _room(app_server, game, names=names, start=started)
            page = _table(new_context, app_server, code, host)
            page.wait_for_selector("#join-chip" if started else "#start")
            for label, (width, height) in VIEWPORTS.items():
                page.set_viewport_size({"width": width, "height": height})
                rail = page.locator("#tg-rail").bounding_box()
                assert _inside(rail, width, height), (game, label)
                _shot(page, f"{game}-{'playing' if started else 'lobby'}-{label}")
            if game in ("uno", "faces"):  # the Portuguese texts are longer: they fit too
                if started:  # during play the language sits behind "⋯"
                    page.click("#tg-more-open")
                page.click("#lang-pt-BR")
                page.locator("#lang-pt-BR[aria-pressed='true']").wait_for()
                if started:
                    page.keyboard.press("Escape")
                    page.locator("#tg-more").wait_for(state="hidden")
                for label in ("tablet-1024x768", "tablet-portrait-820x1180"):
                    width, height = VIEWPORTS[label]
                    page.set_viewport_size({"width": width, "height": height})
                    assert _inside(page.locator("#tg-rail").bounding_box(), width, height), (game, label)
                    _shot(page, f"{game}-{'playing' if started else 'lobby'}-pt-BR-{label}")
            page.context.close()


def test_the_shell_passes_axe_in_the_lobby_in_play_and_in_its_overlays(app_server, new_context):
    code, host = _room(app_server, "uno", names=("Ana", "Bia"), start=False)
    page = _table(new_context, app_server, code, host)
    assert _shell_violations(page) == []
    page.locator(".tg-seat", has_text="Bia").locator(".tg-remove").click()
    page.locator("dialog[open]").wait_for()
    assert _shell_violations(page) == []
    page.keyboard.press("Escape")
    page.locator("dialog[open]").wait_for(state="detached")

    code, host = _room(app_server, "uno")
    page = _table(new_context, app_server, code, host)
    assert _shell_violations(page) == []
    page.click("#join-chip")
    page.locator("#join-overlay").wait_for(state="visible")
    assert _shell_violations(page) == []
    page.keyboard.press("Escape")
    page.click("#tg-more-open")
    page.locator("#tg-more").wait_for(state="visible")
    assert _shell_violations(page) == []
    page.click("#host-link")
    page.locator("#host-qr").wait_for(state="visible")
    assert _shell_violations(page) == []

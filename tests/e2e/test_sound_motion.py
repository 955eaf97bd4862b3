"""Sound, motion and the screen wake lock in the browser, on a short stacked UNO game.

- a phone whose turn comes plays the "your turn" cue once (not again on a reload), the
  table plays "card played"; the cues come from the screen's feed (games/cues.py) and are
  played by assets/sound.js (its log: ``window.tgSound.log``);
- the mute button (44 px) mutes this device, and stays so after a reload;
- the Screen Wake Lock is asked for on the table and the phones while the game runs, taken
  again when the page is visible after the browser dropped it, and released when it ends (``navigator.wakeLock`` is a recording stub: headless Chromium
  has none);
- with ``reduced_motion="reduce"`` the discard's card does not move; without, it does.

Screenshots of the mute button go to artifacts/review14/sound-motion/.
"""

from __future__ import annotations

import pytest
from sqlmodel import Session, create_engine

from tablegames.rooms import service
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.e2e.helpers import open_table, seat_phones, wait_connected

pytestmark = pytest.mark.e2e

# Ana (seat 0) deals, Bia plays first; the target is 1 point, so Bia's last card ends the game.
STACK = {"hands": [["g9", "b1"], ["g3", "g7"]], "top": "g5", "draw": ["b5", "b6", "y1", "y2"]}
NAMES = ("Ana", "Bia")

# navigator.wakeLock, recorded in window.__wakeLock ("request:screen", "release").
WAKE_LOCK_STUB = """
window.__wakeLock = [];
window.__wakeSentinels = [];
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
  request(type) {
    window.__wakeLock.push('request:' + type);
    const sentinel = {type, released: false, release() {
      if (!this.released) { this.released = true; window.__wakeLock.push('release'); }
      return Promise.resolve();
    }};
    window.__wakeSentinels.push(sentinel);
    return Promise.resolve(sentinel);
  }}});
"""


@pytest.fixture
def audio_browser(playwright):
    """Chromium that may play audio without a tap (the cues are checked, not heard)."""
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                          args=[*CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required"])
    yield chromium
    chromium.close()


def feed_cues(page, source: str = "feed") -> list[dict]:
    return page.evaluate(f"() => (window.tgSound ? window.tgSound.log : []).filter(e => e.source === '{source}')")


def wait_cue(page, cue: str) -> dict:
    page.wait_for_function(
        f"() => window.tgSound && window.tgSound.log.some(e => e.source === 'feed' && e.cue === '{cue}')")
    return next(e for e in feed_cues(page) if e["cue"] == cue)


def wake_calls(page) -> list[str]:
    return page.evaluate("() => window.__wakeLock")


def fed(page) -> None:
    """Waits until the page's cue feed is rendered (sound.js has then seen it)."""
    page.wait_for_function("() => { const el = document.getElementById('tg-cues');"
                           " return el && (el.getAttribute('data-feed') || '').includes('\"at\"'); }")


def shoot(page, folder, name: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.locator("#mute").scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"{name}-{width}x{height}.png"))


def test_cues_mute_wake_lock_and_reduced_motion(app_server, audio_browser, artifacts_dir):
    shots = artifacts_dir / "review14" / "sound-motion"
    shots.mkdir(parents=True, exist_ok=True)
    contexts = []

    def new_context(**options):
        options.setdefault("base_url", app_server.frontend_url)
        ctx = audio_browser.new_context(**options)
        ctx.set_default_timeout(20_000)
        ctx.add_init_script(WAKE_LOCK_STUB)
        contexts.append(ctx)
        return ctx

    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "uno", {"dealer": 0, "target": 1, "stack": STACK})
    try:
        tablet = open_table(new_context, app_server, code, host)
        ana, bia = seat_phones(new_context, app_server, code, NAMES)
        for page in (tablet, ana, bia):
            fed(page)
            assert wake_calls(page) == []  # the lobby: the screen may sleep
            button = page.locator("#mute")
            assert button.get_attribute("aria-pressed") == "false"
            box = button.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
        assert tablet.locator("#mute").get_attribute("aria-label") == "Mute sounds"
        shoot(tablet, shots, "table-lobby", 1280, 800)

        tablet.click("#start")
        # Bia's turn: her phone plays "your turn", Ana's does not; the table plays the first card.
        turn = wait_cue(bia, "your_turn")
        assert turn["played"] and not turn["muted"] and turn["state"] == "running"
        assert wait_cue(tablet, "card_played")["played"]
        assert [e["cue"] for e in feed_cues(ana)] == []
        for page in (tablet, ana, bia):  # the game runs: every screen keeps awake
            page.wait_for_function("() => window.__wakeLock.includes('request:screen')")
        # The browser drops the lock while a page is hidden; visible again, the page takes it again.
        tablet.evaluate("() => { window.__wakeSentinels.at(-1).released = true;"
                        " document.dispatchEvent(new Event('visibilitychange')); }")
        tablet.wait_for_function("() => window.__wakeLock.filter(c => c === 'request:screen').length === 2")

        # A reload replays nothing: the first feed a page sees is only remembered.
        bia.reload()
        wait_connected(bia)
        fed(bia)
        bia.wait_for_selector("#hand [data-card]")
        assert feed_cues(bia) == []
        bia.wait_for_function("() => window.__wakeLock.includes('request:screen')")  # taken again

        # Motion: the card played lands on the pile (off for a device that asks for less motion).
        top = '#discard-top [data-card="g5"]'
        tablet.wait_for_selector(top)
        assert tablet.eval_on_selector(top, "el => getComputedStyle(el).animationName") == "tg-m-play"
        calm = new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce").new_page()
        calm.goto(app_server.url(f"/table/{code}"))
        calm.wait_for_selector(top)
        assert calm.eval_on_selector(top, "el => getComputedStyle(el).animationName") == "none"
        hand_card = '#hand [data-card="g3"]'
        assert bia.eval_on_selector(hand_card, "el => getComputedStyle(el).animationName") == "tg-m-draw"

        # Bia plays; Ana's turn starts: her phone plays "your turn".
        bia.click('#hand [data-card="g3"]')
        tablet.wait_for_selector('#discard-top [data-card="g3"]')
        assert wait_cue(ana, "your_turn")["played"]

        # Bia mutes her phone: kept on the device after a reload.
        bia.click("#mute")
        bia.wait_for_function("() => document.querySelector('#mute').getAttribute('aria-pressed') === 'true'")
        assert bia.evaluate("() => localStorage.getItem('tg_sound_muted')") == "1"
        shoot(bia, shots, "phone-muted", 390, 844)
        shoot(bia, shots, "phone-muted", 360, 740)
        bia.reload()
        wait_connected(bia)
        bia.wait_for_function("() => document.querySelector('#mute').getAttribute('aria-pressed') === 'true'")
        fed(bia)

        # Ana plays: Bia's turn comes, muted (logged, not played).
        ana.click('#hand [data-card="g9"]')
        muted = wait_cue(bia, "your_turn")
        assert muted["muted"] and not muted["played"]
        shoot(tablet, shots, "table-play", 1280, 800)
        shoot(tablet, shots, "table-play", 1920, 1080)
        shoot(tablet, shots, "table-play", 1024, 768)
        shoot(tablet, shots, "table-play", 820, 1180)
        shoot(ana, shots, "phone-sound-on", 390, 844)
        shoot(ana, shots, "phone-sound-on", 360, 740)

        # Sound back on: a taste of it plays at once.
        bia.click("#mute")
        bia.wait_for_function("() => document.querySelector('#mute').getAttribute('aria-pressed') === 'false'")
        assert feed_cues(bia, "unmute")[-1]["played"]

        # Bia's last card ends the game: the finale, and every wake lock is released.
        bia.click('#hand [data-card="g7"]')
        assert wait_cue(tablet, "game_won")["played"]
        assert wait_cue(ana, "game_over")["played"]
        assert wait_cue(bia, "game_won")["played"]
        for page in (tablet, ana, bia):
            page.wait_for_function("() => window.__wakeLock[window.__wakeLock.length - 1] === 'release'")
    finally:
        for ctx in contexts:
            ctx.close()

"""The end of a game through the browser, for every game alike (the shared curtain of
``components/game_over.py``), played with Duel, the tests' quick game.

Two phones (one in Portuguese) play a stacked Duel to its end. The table shows the winner
big with the standings; each phone shows its own place ("You won!", "2º lugar") and only
the winner's phone and the table celebrate; "See the game" folds the curtain. The host then
picks Another game (UNO, with its own options) on the table: the same two seats are in the
UNO lobby, on the table and on both phones, with the same room code.

Screenshots: artifacts/review14/endings/ (table at 1280x800, 1024x768, 820x1180 and
1920x1080; phones at 390x844 and 360x740).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlmodel import Session, create_engine

import tests.tinygame  # noqa: F401 (registers "tiny" in this process too)
from tablegames.rooms import service
from tests.e2e.helpers import open_table, seat_phones

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "review14" / "endings"
STACK = {"hands": [[2, 9, 5], [7, 3, 8]]}
# Ana leads 9, Bia 3 (Ana's); Ana leads 2, Bia 7 (Bia's); Bia leads 8, Ana 5 (Bia's): Bia wins 2-1.
PLAYS = ((0, 9), (1, 3), (0, 2), (1, 7), (1, 8), (0, 5))
TABLE_SIZES = ((1024, 768), (820, 1180), (1920, 1080))


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _phone(new_context, app_server, code: str, name: str, size: tuple[int, int], locale: str,
           motion: str = "no-preference"):
    """One phone of ``size`` seated as ``name`` (the next seat)."""
    return seat_phones(new_context, app_server, code, (name,), viewport=size, locale=locale, reduced_motion=motion)[0]


def _version(engine, code: str) -> int:
    with Session(engine) as db:
        return service.room_version(db, code)


def test_the_ending_the_places_and_another_game_for_the_same_seats(app_server, new_context):
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, "tiny", {"stack": STACK})
    tablet = open_table(new_context, app_server, code, host)
    ana = _phone(new_context, app_server, code, "Ana", (360, 740), "pt-BR")
    bia = _phone(new_context, app_server, code, "Bia", (390, 844), "en-US")
    phones = (ana, bia)
    for name in ("Ana", "Bia"):
        tablet.get_by_text(name, exact=True).first.wait_for()
    with Session(engine) as db:
        seats_before = service.room_info(db, code).seats
    tablet.click("#start")
    for seat, card in PLAYS:
        version = _version(engine, code)
        page = phones[seat]
        page.wait_for_selector(f"#tiny-card-{card}:not([disabled])")
        page.click(f"#tiny-card-{card}")
        deadline = time.monotonic() + 15
        while _version(engine, code) == version and time.monotonic() < deadline:
            time.sleep(0.1)

    # The table: the winner big, the standings, the host's buttons; the burst plays.
    tablet.wait_for_selector("#ending[open] #winner")
    assert tablet.inner_text("#winner").strip() == "Bia wins!"
    assert tablet.locator("#winner img.tg-end-trophy").is_visible()
    rows = tablet.eval_on_selector_all("#final-scores tbody tr", "rows => rows.map(r => r.innerText)")
    assert [r.split("\t")[:2] for r in rows] == [["1st", "Bia"], ["2nd", "Ana"]]
    assert tablet.locator("#celebration").count() == 1
    assert tablet.locator("#rematch").is_visible() and tablet.locator("#another-game").is_visible()
    box = tablet.locator("#winner").bounding_box()
    assert box["height"] >= 60 and abs(box["x"] + box["width"] / 2 - 640) < 40  # big, centred
    _shot(tablet, "table-1280x800")
    tablet.evaluate("() => { document.querySelector('#celebration').dataset.once = '1'; }")

    # Each phone: its own place, in its language; only the winner's celebrates.
    bia.wait_for_selector("#my-place")
    ana.wait_for_selector("#my-place")
    assert bia.inner_text("#my-place") == "You won!" and bia.inner_text("#my-score") == "2 tricks"
    assert ana.inner_text("#my-place") == "2º lugar"
    assert bia.locator("#celebration").count() == 1 and ana.locator("#celebration").count() == 0
    assert ana.locator("#rematch").count() == 0 and ana.locator("#another-game").count() == 0
    assert ana.inner_text("#end-next").startswith("O anfitrião escolhe")  # who decides what comes next
    assert ana.locator("#final-scores .tg-end-me").inner_text().startswith("2º")
    _shot(bia, "phone-winner-390x844")
    _shot(ana, "phone-second-360x740-pt-BR")

    # "See the game" folds the curtain into a chip; a tap opens it again.
    ana.click("#end-fold")
    ana.wait_for_function("() => !document.querySelector('#ending').open")
    _shot(ana, "phone-folded-360x740-pt-BR")
    ana.click("#end-fold")
    ana.wait_for_function("() => document.querySelector('#ending').open")

    for width, height in TABLE_SIZES:
        tablet.set_viewport_size({"width": width, "height": height})
        time.sleep(0.3)
        winner = tablet.locator("#winner").bounding_box()
        assert 0 <= winner["x"] and winner["x"] + winner["width"] <= width and winner["y"] >= 0
        _shot(tablet, f"table-{width}x{height}")
    tablet.set_viewport_size({"width": 1280, "height": 800})
    # the burst played once: the same element is still there (no remount replays it)
    assert tablet.evaluate("() => document.querySelector('#celebration').dataset.once") == "1"
    card = tablet.locator(".tg-end-card").bounding_box()
    assert abs(card["x"] + card["width"] / 2 - 640) < 24  # centred on the screen

    # Another game: the create form's game and options, for the same seats.
    tablet.click("#another-game")
    tablet.wait_for_selector("#another-game-form")
    # the room's own game first (the form's state fills it in a moment after it opens)
    expect(tablet.locator("#next-game")).to_have_value("tiny")
    tablet.select_option("#next-game", "uno")
    tablet.wait_for_selector("#another-game-form #opt-target")
    tablet.fill("#another-game-form #opt-target", "200")
    tablet.locator("#switch-game").scroll_into_view_if_needed()
    _shot(tablet, "table-another-game-1280x800")
    tablet.click("#switch-game")

    tablet.wait_for_selector("#start")
    tablet.wait_for_function("() => !document.querySelector('#ending')")
    with Session(engine) as db:
        info = service.room_info(db, code)
    assert (info.code, info.game, info.status, info.options.get("target")) == (code, "uno", "lobby", 200)
    assert info.seats == seats_before
    assert "UNO" in tablet.inner_text("#game-name")
    for page in phones:  # the phones follow by themselves, still seated
        page.wait_for_selector("#waiting")
        page.wait_for_function("() => !document.querySelector('#ending')")
        assert "UNO" in page.inner_text("#game-name")
    for name in ("Ana", "Bia"):
        tablet.get_by_text(name, exact=True).first.wait_for()
    _shot(tablet, "table-uno-lobby-after-another-game")
    _shot(ana, "phone-uno-lobby-after-another-game")
    engine.dispose()


# -- every real game ends under the same curtain ---------------------------------------------

def _uno_end(phones) -> None:
    phones[1].click('#hand [data-card="r7"]')  # Bia (after the dealer, Ana) goes out


def _upwords_end(phones) -> None:
    for page in phones:  # everyone passes in a row
        page.wait_for_selector("#uw-pass:not([disabled])")
        page.click("#uw-pass")
        page.wait_for_selector("#uw-pass", state="detached")


GAMES = {  # game: (options, players, how it ends, the table's headline, the target line)
    "uno": ({"dealer": 0, "target": 1, "stack": {"hands": [["r1"], ["r7"], ["g2"]], "top": "r5"}},
            ("Ana", "Bia", "Cid"), _uno_end, "Bia wins!", "First to 1 point wins."),
    "upwords": ({"first": 0, "stack": {"racks": [list("MOODJEA"), list("WOVINTS")], "bag": list("AEILR")}},
                ("Ana", "Bia"), _upwords_end, "Ana and Bia share the win!", None),
    "faces": ({"variant": "main", "stack": {"hands": [[1, 2], [3, 4], [5]], "pile": [], "exact": True}},
              ("Ana", "Bia", "Cid"), lambda phones: None, "Ana, Bia, and Cid share the win!", None),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_ends_under_the_same_curtain(app_server, new_context, game):
    options, names, finish, headline, target = GAMES[game]
    engine = create_engine(app_server.database_url)
    with Session(engine) as db:
        code, host = service.create_room(db, game, options)
    tablet = open_table(new_context, app_server, code, host)
    sizes = [(390, 844), (360, 740)] + [(390, 844)] * (len(names) - 2)
    motions = ["no-preference"] * (len(names) - 1) + ["reduce"]  # the last phone asks for less motion
    phones = [_phone(new_context, app_server, code, name, size, "en-US", motion)
              for name, size, motion in zip(names, sizes, motions)]
    for name in names:
        tablet.get_by_text(name, exact=True).first.wait_for()
    tablet.click("#start")
    finish(phones)
    tablet.wait_for_selector("#ending[open] #winner")
    assert tablet.inner_text("#winner").strip() == headline
    if target:
        assert tablet.inner_text("#end-target") == target
    else:
        assert tablet.locator("#end-target").count() == 0
    assert tablet.locator("#final-scores tbody tr").count() == len(names)
    _shot(tablet, f"{game}-table-1280x800")
    tablet.set_viewport_size({"width": 1920, "height": 1080})
    time.sleep(0.3)
    _shot(tablet, f"{game}-table-1920x1080")
    for page, name in zip(phones[:2], names):
        page.wait_for_selector("#my-place")
        _shot(page, f"{game}-phone-{name}")
    places = [page.inner_text("#my-place") for page in phones]
    still = phones[-1]  # prefers-reduced-motion: the burst is not drawn, the trophy does not move
    if still.locator("#celebration").count():
        assert still.eval_on_selector("#celebration", "el => getComputedStyle(el).display") == "none"
    assert still.eval_on_selector("#winner .tg-end-trophy", "el => getComputedStyle(el).animationName") == "none"
    if game == "uno":
        assert places == ["2nd place", "You won!", "2nd place"]
    else:
        assert set(places) == {"You share the win!"}
    engine.dispose()

"""What the end-to-end game tests share: websocket recording, page readiness, seating."""

from __future__ import annotations

import time

# any screen, once rendered (a phone that can't sit down shows #late-joiner or #no-room)
READY = "#room-code, #player-name, #waiting, #hand, #uw-rack, #ues-phone, #late-joiner, #no-room"


class Recorder:
    """Keeps every websocket frame a page receives from the app (the audit reads them)."""

    def __init__(self, page, name: str) -> None:
        self.name = name
        self.frames: list[str] = []
        page.on("websocket", self._on_socket)

    def _on_socket(self, ws) -> None:
        if "/_event" in ws.url:
            ws.on("framereceived", lambda payload: self.frames.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    def mark(self) -> int:
        """How many frames so far (to audit only what came before a moment)."""
        return len(self.frames)

    def text(self, upto: int | None = None) -> str:
        return "\n".join(self.frames[:upto])


def quoted(token: str) -> list[str]:
    """How a card code or letter looks inside a JSON frame (plain or escaped in a string)."""
    return [f'"{token}"', f'\\"{token}\\"']


def wait_connected(page) -> None:
    """Waits until the page is rendered and its websocket is up (events need hydration)."""
    page.wait_for_function(f"() => document.querySelector('{READY}')", timeout=60_000)
    time.sleep(1.0)


def open_table(new_context, app_server, code: str, host: str, rec: dict | None = None,
               recorder: type[Recorder] = Recorder):
    """The tablet: the table page with the host secret, recorded as rec["table"]."""
    tablet = new_context(viewport={"width": 1280, "height": 800}).new_page()
    if rec is not None:
        rec["table"] = recorder(tablet, "table")
    tablet.goto(app_server.url(f"/table/{code}?host={host}"))
    wait_connected(tablet)
    tablet.wait_for_selector(f"#room-code >> text={code}")
    return tablet


def seat_phones(new_context, app_server, code: str, names, rec: dict | None = None,
                recorder: type[Recorder] = Recorder) -> list:
    """One phone per name (own browser context), seated in that order; rec[seat] records it."""
    phones = []
    for seat, name in enumerate(names):
        page = new_context(viewport={"width": 412, "height": 915}, has_touch=True).new_page()
        if rec is not None:
            rec[seat] = recorder(page, name)
        page.goto(app_server.url(f"/play/{code}"))
        wait_connected(page)
        page.fill("#player-name", name)
        page.click("#sit-down")
        page.wait_for_selector("#waiting")
        phones.append(page)
    return phones


def remove_seat(tablet, name: str) -> None:
    """The host removes ``name`` from the lobby: the seat's ✕, then "Yes" in its confirmation."""
    tablet.locator(".tg-seat", has_text=name).locator(".tg-remove").click()
    tablet.locator("dialog[open] .tg-confirm-yes").click()

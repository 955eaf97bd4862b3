"""What the end-to-end game tests share: websocket recording, page readiness, seating."""

from __future__ import annotations

import time
from collections.abc import Mapping

from tablegames import reflex_adapter as rxa

# any screen, once rendered (a phone that can't sit down shows #late-joiner or #no-room)
READY = "#room-code, #player-name, #waiting, #hand, #uw-rack, #ues-phone, #late-joiner, #no-room"


class Recorder:
    """Keeps every websocket frame a page receives from the app (the audit reads them), and
    those it sends (``sent``)."""

    def __init__(self, page, name: str) -> None:
        self.name = name
        self.frames: list[str] = []
        self.sent: list[str] = []
        page.on("websocket", self._on_socket)

    def _on_socket(self, ws) -> None:
        if "/_event" in ws.url:
            ws.on("framereceived", lambda payload: self.frames.append(_text(payload)))
            ws.on("framesent", lambda payload: self.sent.append(_text(payload)))

    def mark(self) -> int:
        """How many frames so far (to audit only what came before a moment)."""
        return len(self.frames)

    def text(self, upto: int | None = None) -> str:
        return "\n".join(self.frames[:upto])


def _text(payload: str | bytes) -> str:
    return payload if isinstance(payload, str) else payload.decode("utf-8", "replace")


def quoted(token: str) -> list[str]:
    """How a card code or letter looks inside a JSON frame (plain or escaped in a string)."""
    return [f'"{token}"', f'\\"{token}\\"']


# An init script for a browser context (screens.py adds it; conftest's new_context in a test marked
# socket_watch; not by default: a test's own WebSocket subclass, as test_uestop_game's, then kept
# the page from loading):
# it counts the frames the app's websocket receives, when the last came, and whether the page
# has hydrated (Reflex's is_hydrated came true), so a test waits for that instead of a fixed time.
# the hydrate delta's flag, as the adapter names a state var's key
HYDRATED = rxa.var_key("is_hydrated") + '":true'

SOCKET_WATCH = """(() => {
  if (window.__tgSocket) return;
  const seen = window.__tgSocket = {frames: 0, last: 0, hydrated: false};
  const Base = window.WebSocket;
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes('/_event')) return;
      this.addEventListener('message', (e) => {
        seen.frames += 1;
        seen.last = performance.now();
        if (typeof e.data === 'string' && e.data.includes('%HYDRATED%')) seen.hydrated = true;
      });
    }
  };
  // Wrappers of a test's own read the native accessors off the prototype they extend.
  for (const key of ['onmessage', 'onopen', 'onclose', 'onerror', 'binaryType', 'readyState'])
    Object.defineProperty(window.WebSocket.prototype, key, Object.getOwnPropertyDescriptor(Base.prototype, key));
})();""".replace("%HYDRATED%", HYDRATED)
QUIET_MS = 400  # hydrated and no frame for this long: the page's load events have run
SETTLE_S = 1.0  # the most wait_connected waits after the page shows (and all it waits without the watch)


def settled(page, most_s: float = SETTLE_S) -> None:
    """Waits until the page has hydrated and its websocket has been quiet for QUIET_MS, for
    ``most_s`` at the most; a page without SOCKET_WATCH waits ``most_s``."""
    if not page.evaluate("() => !!window.__tgSocket"):
        time.sleep(most_s)
        return
    try:
        page.wait_for_function("(quiet) => { const s = window.__tgSocket;"
                               " return s.hydrated && performance.now() - s.last >= quiet; }",
                               arg=QUIET_MS, timeout=most_s * 1000, polling=50)
    except Exception:  # noqa: BLE001 (a busy socket: it has waited as long as it ever did)
        pass


def wait_connected(page) -> None:
    """Waits until the page is rendered and its websocket is up (events need hydration)."""
    page.wait_for_function(f"() => document.querySelector('{READY}')", timeout=60_000)
    settled(page)


def open_table(new_context, app_server, code: str, host: str, rec: dict | None = None,
               recorder: type[Recorder] = Recorder, **options):
    """The tablet (1280x800; ``options``: more of its context's, such as ``locale``): the table
    page with the host secret, recorded as rec["table"]."""
    tablet = new_context(viewport={"width": 1280, "height": 800}, **options).new_page()
    if rec is not None:
        rec["table"] = recorder(tablet, "table")
    tablet.goto(app_server.url(f"/table/{code}?host={host}"))
    wait_connected(tablet)
    tablet.wait_for_selector(f"#room-code >> text={code}")
    return tablet


def seat_phones(new_context, app_server, code: str, names, rec: dict | None = None,
                recorder: type[Recorder] = Recorder, *, viewport: tuple[int, int] = (412, 915),
                locale: str | Mapping[int, str] | None = None, **options) -> list:
    """One phone per name (own browser context, touch screen, ``viewport`` = (width, height)),
    seated in that order; rec[seat] records it. ``locale``: every phone's, or seat -> locale
    (the others keep the browser's); ``options``: more context options (``is_mobile``,
    ``reduced_motion``...)."""
    phones = []
    for seat, name in enumerate(names):
        seat_locale = locale.get(seat) if isinstance(locale, Mapping) else locale
        context_options = {"has_touch": True, **options, **({"locale": seat_locale} if seat_locale else {})}
        page = new_context(viewport={"width": viewport[0], "height": viewport[1]}, **context_options).new_page()
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


# Taps scheduled inside the page, on the machine's clock: what a race test times must not
# wait for the test driver (on a busy machine a driver's click can land a second or more
# after the moment it was meant for, past a countdown or a race's window).
_FINGER = """(selector, kind) => {
  const el = document.querySelector(selector);
  if (kind === 'pointerdown') {
    el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, cancelable: true,
                                                      pointerType: 'touch', isPrimary: true}));
  } else { el.click(); }
}"""
_TAP_AT = """([selector, kind, at]) => {
  const finger = %s;
  const lead = at - (performance.timeOrigin + performance.now());
  setTimeout(() => finger(selector, kind), Math.max(0, lead));
  return lead;
}""" % _FINGER
_TAP_WHEN = """([ready, selector, kind]) => {
  const finger = %s;
  const tap = () => { observer.disconnect(); finger(selector, kind); };
  const observer = new MutationObserver(() => { if (document.querySelector(ready)) tap(); });
  if (document.querySelector(ready)) { finger(selector, kind); return; }
  observer.observe(document.body, {subtree: true, childList: true, attributes: true});
}""" % _FINGER


def machine_now(page) -> float:
    """The machine's clock as ``page`` reads it (ms since the epoch): a time for :func:`tap_at`."""
    return page.evaluate("performance.timeOrigin + performance.now()")


def tap_at(page, selector: str, at_ms: float, kind: str = "pointerdown") -> float:
    """A finger on ``selector`` at machine time ``at_ms``: a real ``pointerdown`` event (a
    race's button) or, with ``kind="click"``, a click (a card of the hand).

    Returns:
        How long before ``at_ms`` the page set its timer (ms); negative when the driver's
        round trip came too late, and the finger went down at once.
    """
    return page.evaluate(_TAP_AT, [selector, kind, at_ms])


def tap_when(page, ready: str, selector: str, kind: str = "pointerdown") -> None:
    """A finger on ``selector`` the moment ``ready`` matches in ``page`` (at once if it does
    already); returns without waiting for it."""
    page.evaluate(_TAP_WHEN, [ready, selector, kind])

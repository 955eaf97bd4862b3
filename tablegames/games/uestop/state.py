"""UeStop! states: each browser's clock estimate, its slaps, the race timer, the answer forms.

Fair slap races need every phone's tap on the server's clock:

1. **Ping exchanges.** A small loop in the page (see ``games/uestop/phone.CLOCK_JS``)
   clicks a hidden button every couple of seconds (a burst of quick pings first). Its
   event :meth:`UeStopClock.ping` carries the phone's clock at the click
   (``performance.timeOrigin + performance.now()``, in ms); the server notes its own time
   and answers with a script that reads the phone's clock again when the answer arrives;
   the next ping reports that reading (one event per sample). One exchange = one
   :class:`~tablegames.engine.uestop.clock.PingSample`; the samples live in this
   browser's private state and :func:`~tablegames.engine.uestop.clock.estimate` turns the
   most recent ones into an offset (phone -> server) with an error bound.
2. **Taps carry their time.** The SLAP button reads the phone's clock at ``pointerdown``
   (the event's own timestamp, so a busy page doesn't add delay); :meth:`UeStopClock.slap`
   converts it with this browser's estimate and applies ``{"type":"slap","t": ...}`` for
   the server-side seat through ``rooms.service`` (which passes the arrival time as
   ``now``; the engine bounds ``t`` by ``max_latency_ms``). No estimate yet: no ``t``, the
   arrival time counts.
3. **The window closes by itself.** The engine gives the race a deadline and ``settle`` as
   its system move; the shared timers of ``tablegames.state.deadlines`` (what every game with
   a deadline gets) apply it then, with no seat, so the result shows without anyone tapping
   again. The tap that opens the window starts the timer; the table's watchdog settles a
   race whose timer was lost with its worker.

The pure helpers (``record_ping``, ``record_pong``, ``clock_summary``, ``server_tap_time``)
hold the bookkeeping and are unit-tested in ``tests/state/test_uestop_clock.py``.

``UeStopUI`` holds what only this screen needs: the table's Mandatory Letter assist
(off by default) and the answer forms of the phone (typed or spoken).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

import reflex as rx

from tablegames.engine import IllegalMove
from tablegames.engine.uestop.clock import ClockEstimate, estimate, ping_delays
from tablegames.rooms import service
from tablegames.rooms.service import RoomError
from tablegames.state import deadlines
from tablegames.state.db import run as db_run
from tablegames.state.room import Screen

__all__ = [
    "NOW_JS",
    "UeStopClock",
    "UeStopUI",
    "clock_summary",
    "form_answer",
    "record_ping",
    "record_pong",
    "server_tap_time",
    "slap_move",
]

# The phone's clock in ms, as the pages read it (a test may replace window.tgClock to
# simulate a phone whose clock is off).
NOW_JS = "(window.tgClock ? window.tgClock() : (performance.timeOrigin + performance.now()))"
KEEP_SAMPLES = 40  # sliding window: follows a drifting phone clock
KEEP_PENDING = 6  # pings whose answer has not come back yet
MIN_SAMPLES = 3  # fewer samples: no estimate, the arrival time counts
RETRIES = 4  # optimistic-lock retries (another worker moved the room at the same time)


# -- pure bookkeeping ------------------------------------------------------------------------

def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def record_ping(pending: Mapping[str, Sequence[float]], key: str, client_send_ms: Any,
                server_time: float) -> dict[str, list[float]]:
    """The pending pings after one more: ``key -> [client_send (s), server_time (s)]``.

    Only the last ``KEEP_PENDING`` stay (an answer that never comes back is forgotten).
    A client time that is not a finite number is ignored.
    """
    out = {k: list(v) for k, v in pending.items()}
    if _finite(client_send_ms):
        out[key] = [float(client_send_ms) / 1000.0, float(server_time)]
    return dict(list(out.items())[-KEEP_PENDING:])


def record_pong(pending: Mapping[str, Sequence[float]], samples: Sequence[Sequence[float]],
                key: Any, client_receive_ms: Any,
                server_reply: float | None = None
                ) -> tuple[dict[str, list[float]], tuple[tuple[float, ...], ...]]:
    """``(pending, samples)`` once the answer to ping ``key`` came back at ``client_receive_ms``.

    A sample is ``(client_send, server_time, client_receive, server_reply)`` in seconds (see
    :class:`~tablegames.engine.uestop.clock.PingSample`); only the last ``KEEP_SAMPLES`` are
    kept. An unknown key or a bad time changes nothing but the pending entry. The samples are
    tuples: Reflex hands a state's tuple back as it is, where it wraps every list it reads
    (and each list in it) in a proxy that watches for changes (about half of a ping's
    handler, when they were lists).
    """
    out = {k: list(v) for k, v in pending.items()}
    sent = out.pop(str(key), None)
    kept = tuple(tuple(s) for s in samples)
    if sent is not None and _finite(client_receive_ms):
        reply = sent[1] if server_reply is None else max(sent[1], float(server_reply))
        kept += ((sent[0], sent[1], float(client_receive_ms) / 1000.0, reply),)
    return out, kept[-KEEP_SAMPLES:]


def _estimate(samples: Sequence[Sequence[float]]) -> ClockEstimate | None:
    if len(samples) < MIN_SAMPLES:
        return None
    try:
        return estimate([tuple(s) for s in samples], max_samples=KEEP_SAMPLES)
    except ValueError:
        return None


def clock_summary(samples: Sequence[Sequence[float]]) -> dict[str, float] | None:
    """This browser's clock estimate in ms (``offset``: add to a phone time to get server
    time; ``rtt``: fastest round trip; ``error``: bound on the offset's error;
    ``samples``: how many samples it rests on), or ``None`` without enough samples."""
    est = _estimate(samples)
    if est is None:
        return None
    return {"offset": round(est.offset * 1000, 1), "rtt": round(est.rtt * 1000, 1),
            "error": round(est.error * 1000, 1), "samples": float(est.samples)}


def server_tap_time(samples: Sequence[Sequence[float]], tap_ms: Any) -> float | None:
    """A tap at phone time ``tap_ms`` on the server's clock (seconds), or ``None`` when this
    browser has no estimate yet (or the time is not a number): the arrival time then counts."""
    est = _estimate(samples)
    if est is None or not _finite(tap_ms):
        return None
    return est.to_server(float(tap_ms) / 1000.0)


def slap_move(samples: Sequence[Sequence[float]], tap_ms: Any) -> service.ServerMove:
    """The slap of a tap at phone time ``tap_ms``, built by the server: the tap's time on the
    server's clock (``t``) and this phone's measured one-way ping delays (``delays``, ms;
    see ``clock.ping_delays``), within which the engine believes ``t``. Without an
    estimate yet, neither: the arrival time counts."""
    move = service.ServerMove(type="slap")
    est = _estimate(samples)
    if est is None or not _finite(tap_ms):
        return move
    move["t"] = est.to_server(float(tap_ms) / 1000.0)
    delays = ping_delays([tuple(s) for s in samples], est, max_samples=KEEP_SAMPLES)
    if delays:
        move["delays"] = [round(d * 1000, 1) for d in delays]
    return move


def form_answer(form: Mapping[str, Any], spoken: bool) -> dict[str, Any]:
    """The ``answer`` move of the phone's answer form.

    Typed: ``text_0`` .. ``text_3`` (every category; the skipped one left out), or
    ``text`` with ``category`` (one category). Spoken: ``category`` (optional),
    ``mandatory`` (Tudo Junto) and ``skip``. Empty fields are left out: the engine says
    what is missing.
    """
    def number(key: str) -> int | None:
        raw = str(form.get(key) or "").strip()
        return int(raw) if raw.isdigit() else None

    move: dict[str, Any] = {"type": "answer"}
    skip = number("skip")
    if spoken:
        move["spoken"] = True
        for key in ("category", "mandatory"):
            if number(key) is not None:
                move[key] = number(key)
    elif any(f"text_{i}" in form for i in range(4)):
        move["texts"] = {str(i): str(form.get(f"text_{i}") or "") for i in range(4)
                         if i != skip and str(form.get(f"text_{i}") or "").strip()}
    else:
        category = number("category")
        text = str(form.get("text") or "")
        move["texts"] = {str(category if category is not None else 0): text} if text.strip() else {}
    if skip is not None:
        move["skip"] = skip
    return move


async def _apply(code: str, seat: int, move: dict[str, Any], arrived: float) -> tuple[Any, int]:
    """Applies a tap through the rooms service at its arrival time ``arrived`` (the server's
    clock when its event reached the handler, where a ping's time is noted too: the wait
    for the database must not count as network delay), retrying when another worker moved
    the room at the same instant (the tap's time is in the move, so a retry stays fair)."""
    for attempt in range(RETRIES):
        try:
            return await db_run(lambda db: service.apply_move(db, code, seat, move, now=arrived), quick=True)
        except RoomError as err:
            if err.code != "stale" or attempt == RETRIES - 1:
                raise
    raise RoomError("stale", "The table changed before your tap arrived: look again.")


async def _screen_seat(state: rx.State) -> tuple[Screen, str, int]:
    screen = await state.get_state(Screen)
    return screen, screen.room_code, screen.seat


# -- states ----------------------------------------------------------------------------------

class UeStopClock(rx.State):
    """One browser's clock estimate (from ping exchanges) and its slaps."""

    samples: int = 0  # how many samples the estimate rests on (0: not synced)
    count: int = 0  # samples kept (the estimate uses the fastest quarter of them)
    offset_ms: float = 0.0  # add to this device's clock to get the server's
    error_ms: float = 0.0  # bound on the offset's error
    rtt_ms: float = 0.0  # fastest round trip seen
    _pending: dict[str, list[float]] = {}  # noqa: RUF012  (Reflex copies defaults per state)
    _samples: tuple[tuple[float, ...], ...] = ()  # tuples, as record_pong gives them
    _pings: int = 0

    @rx.event
    def ping(self, client_send_ms: float, last: list | None = None):
        """A ping from the page's clock loop (one event per sample).

        ``last`` reports the previous ping's answer: ``[key, phone time when it arrived]``.
        This ping's server time is noted, and the answer is a script that notes the phone's
        clock when it arrives (sent back with the next ping).
        """
        if isinstance(last, list) and len(last) == 2:
            self._pending, self._samples = record_pong(self._pending, self._samples, last[0], last[1])
            summary = clock_summary(self._samples)
            if summary is not None:
                self.samples = int(summary["samples"])
                self.offset_ms = summary["offset"]
                self.error_ms = summary["error"]
                self.rtt_ms = summary["rtt"]
            self.count = len(self._samples)
        if not _finite(client_send_ms):
            return None
        self._pings += 1
        key = str(self._pings)
        self._pending = record_ping(self._pending, key, client_send_ms, time.time())
        return rx.call_script(f"window.__uesLast = [{key}, {NOW_JS}]")

    @rx.event
    async def slap(self, tap_ms: float):
        """SLAP: the tap's phone time goes to the server clock, then to the engine."""
        arrived = time.time()
        screen, code, seat = await _screen_seat(self)
        if seat < 0:
            return screen.no_seat()
        move = slap_move(self._samples, tap_ms)  # the phone sends its clock's reading only
        try:
            state, version = await _apply(code, seat, move, arrived)
        except (IllegalMove, RoomError) as err:
            if err.code == "already_slapped":  # mashing the button is fine: the first tap counts
                return None
            return screen.refuse(err)  # the page's one message: the notice banner
        screen.notice = ""
        await screen.bump(version)
        return deadlines.follow(code, version)  # the tap that opens the window starts its timer


class UeStopUI(rx.State):
    """What only this screen needs: the table's Mandatory Letter assist, the answer forms."""

    assist: bool = False  # table: highlight the Mandatory Letter's bubble (off: find it yourself)

    @rx.event
    def toggle_assist(self):
        """Table: shows or hides the Mandatory Letter assist."""
        self.assist = not self.assist

    async def _move(self, move: dict[str, Any]):
        """Applies a move for this browser's seat (the room's one path: ``Screen.act``)."""
        screen, code, seat = await _screen_seat(self)
        if seat < 0:
            return screen.no_seat()
        return await screen.act(lambda db: service.apply_move(db, code, seat, move)[1])

    @rx.event
    async def answer_typed(self, form: dict):
        """Phone: the typed answer (one category, or every category)."""
        return await self._move(form_answer(form, spoken=False))

    @rx.event
    async def answer_spoken(self, form: dict):
        """Phone: "I said it aloud" (the table judges what it heard)."""
        return await self._move(form_answer(form, spoken=True))

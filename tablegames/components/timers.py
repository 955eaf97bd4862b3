"""Timers as small React effects, without a library.

``every(ms, handler)`` sends an event every ``ms`` milliseconds while it is on the page (what
``rx.moment(interval=..., on_change=...)`` did, without downloading moment.js and
react-moment: 20 KB compressed, 67 KB decoded, on every phone and table).
``vibrate_on_turn()`` vibrates the phone when its ``#my-turn-flag`` turns to ``data-turn="1"``
(what an ``rx.script`` did, without react-helmet).
"""

from __future__ import annotations

import reflex as rx

from tablegames.reflex_adapter import no_args_event_spec

_EVERY_JS = """
function TgEvery({interval, onTick}) {
  const tick = useRef(onTick);
  tick.current = onTick;
  useEffect(() => {
    const id = setInterval(() => tick.current && tick.current(), interval);
    return () => clearInterval(id);
  }, [interval]);
  return null;
}
"""

_VIBRATE_JS = """
function TgVibrateOnTurn() {
  useEffect(() => {
    let last = '0';
    const id = setInterval(() => {
      const el = document.getElementById('my-turn-flag');
      const now = el ? el.dataset.turn : '0';
      if (now === '1' && last !== '1' && navigator.vibrate) navigator.vibrate([120, 60, 120]);
      last = now;
    }, 400);
    return () => clearInterval(id);
  }, []);
  return null;
}
"""

_REACT_HOOKS = {"react": [rx.ImportVar(tag="useEffect"), rx.ImportVar(tag="useRef")]}


class Every(rx.Component):
    """Sends on_tick every ``interval`` ms while mounted; renders nothing."""

    tag = "TgEvery"
    interval: rx.Var[int]
    on_tick: rx.EventHandler[no_args_event_spec]

    def add_imports(self) -> dict:
        return _REACT_HOOKS

    def add_custom_code(self) -> list[str]:
        return [_EVERY_JS]


class VibrateOnTurn(rx.Component):
    """Vibrates (where the device can) when #my-turn-flag's data-turn becomes "1"."""

    tag = "TgVibrateOnTurn"

    def add_imports(self) -> dict:
        return _REACT_HOOKS

    def add_custom_code(self) -> list[str]:
        return [_VIBRATE_JS]


def every(interval: int | rx.Var, handler) -> rx.Component:
    """A periodic event: ``every(5000, State.heartbeat)``."""
    return Every.create(interval=interval, on_tick=handler)


def vibrate_on_turn() -> rx.Component:
    """The phone's vibration when its turn comes."""
    return VibrateOnTurn.create()

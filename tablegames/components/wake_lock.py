"""The screen stays awake while a game runs (the Screen Wake Lock API), without a library.

``wake_lock()`` holds a screen wake lock on the table and on the phones while the room's
game is being played (its status is "playing"), and lets it go when the game ends (game
over) or before it starts (the lobby). The browser drops the lock when the page is hidden;
it is taken again when the page is visible again. Where the API is missing (older
browsers, pages not served over HTTPS) nothing happens. The page names no game: the room's
status says when.
"""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import S

__all__ = ["WakeLock", "wake_lock"]

_WAKE_LOCK_JS = """
function TgWakeLock({active}) {
  useEffect(() => {
    const api = navigator.wakeLock;
    if (!active || !api || typeof api.request !== 'function') return undefined;
    let lock = null, gone = false, asking = false;
    const take = () => {
      if (gone || asking || document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      asking = true;
      api.request('screen').then((got) => {
        asking = false;
        if (gone) got.release().catch(() => {}); else lock = got;
      }).catch(() => { asking = false; });
    };
    const onVisibility = () => { if (document.visibilityState === 'visible') take(); };
    take();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', onVisibility);
      if (lock && !lock.released) lock.release().catch(() => {});
      lock = null;
    };
  }, [active]);
  return null;
}
"""


class WakeLock(rx.Component):
    """Holds a screen wake lock while ``active`` is true; renders nothing."""

    tag = "TgWakeLock"
    active: rx.Var[bool]

    def add_imports(self) -> dict:
        return {"react": [rx.ImportVar(tag="useEffect")]}

    def add_custom_code(self) -> list[str]:
        return [_WAKE_LOCK_JS]


def wake_lock() -> rx.Component:
    """The screen's wake lock: held while the room's game is being played."""
    return WakeLock.create(active=S["status"].to(str) == "playing")

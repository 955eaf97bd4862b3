"""First-time hints: the main gesture of the room's game, shown once per device.

Each game's card names its hint per mode (``games/<game>/reference.json``: ``"hint"``),
e.g. "tap a card to play it" or "tap a tile, then a square". :func:`first_time_hint` shows the hint
of the game and mode being played until its "Got it" button is tapped, or the player
taps the game itself (the page's ``<main>``: the gesture is being learnt); the device then
remembers it (LocalStorage ``tg_hints_seen``, the hints' keys separated by spaces) and
never shows that hint again. A game's card may say in which state the gesture applies
(``hint_on`` / ``hint_off`` selectors, ``games/reference.py`` :func:`hint_when`): the hint
shows only then (not over a pending answer, nor over a grid of guesses). It all happens in
the browser (``TgHint``), so a hint never waits for the server and never reaches it.

The hint floats at the bottom of the screen (above a game's own bottom bar, whose height a
game's stylesheet gives as ``--tg-bottom-bar``), so it never covers the first cards of a
hand or a rack, which come first on every phone.
"""

from __future__ import annotations

import reflex as rx

from tablegames.components.reference import by_mode
from tablegames.games import reference as data
from tablegames.pages.common import S, VIEW, tr

__all__ = ["SEEN_KEY", "first_time_hint", "hint_box"]

SEEN_KEY = "tg_hints_seen"

_HINT_JS = """
const TG_HINTS_SEEN = '%(key)s';
function tgHintsSeen() {
  try { return (localStorage.getItem(TG_HINTS_SEEN) || '').split(' ').filter(Boolean); }
  catch (e) { return []; }
}
/* Whether the page is in the state the hint explains (an element matches hintOn, none hintOff). */
function tgHintApplies(hintOn, hintOff) {
  try {
    return (!hintOn || !!document.querySelector(hintOn)) && !(hintOff && document.querySelector(hintOff));
  } catch (e) { return true; }
}
function TgHint({hintKey, hintOn, hintOff, children}) {
  const [seen, setSeen] = useState(true);  /* hidden until the device has been asked */
  const [applies, setApplies] = useState(false);
  useEffect(() => {
    /* follow the page: the hint comes and goes with the state whose gesture it explains */
    let frame = 0;
    const check = () => { frame = 0; setApplies(tgHintApplies(hintOn, hintOff)); };
    check();
    if (!hintOn && !hintOff) return;
    const observer = new MutationObserver(() => { if (!frame) frame = requestAnimationFrame(check); });
    observer.observe(document.body, {childList: true, subtree: true, attributes: true,
                                     attributeFilter: ['class', 'disabled', 'open', 'id']});
    return () => { observer.disconnect(); if (frame) cancelAnimationFrame(frame); };
  }, [hintOn, hintOff]);
  useEffect(() => {
    setSeen(tgHintsSeen().includes(hintKey));
    const onClick = (e) => {
      if (!e.target.closest) return;
      const hit = e.target.closest('[data-hint-dismiss]');
      /* "Got it", or a first tap in the game itself (the gesture is learnt) */
      /* (a person's tap only: a game's own script may click its hidden buttons) */
      const played = !hit && e.isTrusted && e.target.closest('main') && !e.target.closest('.tg-hint');
      if (!(hit && hit.getAttribute('data-hint-dismiss') === hintKey) && !played) return;
      const list = tgHintsSeen();
      if (!list.includes(hintKey)) list.push(hintKey);
      try { localStorage.setItem(TG_HINTS_SEEN, list.join(' ')); } catch (err) {}
      setSeen(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [hintKey]);
  return seen || !applies ? null : children;
}
""" % {"key": SEEN_KEY}


class Hint(rx.Component):
    """Shows its children until this device has dismissed the hint ``hint_key``."""

    tag = "TgHint"
    hint_key: rx.Var[str]
    hint_on: rx.Var[str]  # CSS selector: shown only while an element matches it ("": always)
    hint_off: rx.Var[str]  # CSS selector: hidden while an element matches it ("": never)

    def add_imports(self) -> dict:
        return {"react": [rx.ImportVar(tag="useEffect"), rx.ImportVar(tag="useState")]}

    def add_custom_code(self) -> list[str]:
        return [_HINT_JS]


def hint_box(key: str, on: str = "", off: str = "") -> rx.Component:
    """The hint of i18n key ``key``: a short sentence and its "Got it" button; shown while
    the page has an element matching ``on`` and none matching ``off`` (CSS selectors, "" for
    no condition)."""
    return Hint.create(
        rx.el.div(
            rx.el.span(rx.icon("lightbulb", size=26), class_name="tg-hint-icon", aria_hidden="true"),
            rx.el.p(rx.el.strong(tr("ui.help.hint_title")), " ", tr(key), class_name="tg-hint-text"),
            rx.el.button(tr("ui.help.got_it"), type="button", class_name="tg-hint-ok", id="tg-hint-ok",
                         custom_attrs={"data-hint-dismiss": key}),
            class_name="tg-hint", id="tg-hint", role="status", custom_attrs={"data-hint": key},
        ),
        hint_key=key, hint_on=on, hint_off=off,
    )


def _hint(game: str, mode: str) -> rx.Component:
    key = data.hint(game, mode)
    return hint_box(key, *data.hint_when(game, mode)) if key else rx.fragment()


def first_time_hint() -> rx.Component:
    """The hint of the room's game and mode while a game is on (nothing once dismissed)."""
    per_game = [(g, by_mode(g, lambda m, g=g: _hint(g, m))) for g in data.games_with_cards()]
    return rx.cond(VIEW, rx.match(S["game"], *per_game, rx.fragment()))

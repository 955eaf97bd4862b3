"""Sound on the table and the phones: the cue feed and the mute toggle.

The sounds themselves are ``assets/sound.js`` (loaded once in the page's head:
:func:`head_script`): short cues synthesised with the Web Audio API. This module gives it
what to play and a switch:

- :func:`cue_feed`: a hidden element whose ``data-feed`` is this screen's cue feed
  (``S["cues"]``, built by ``tablegames/games/cues.py`` from the game's ``cues.json``);
  the script plays each new cue once.
- :func:`mute_button`: the speaker button (44 px, translated label, ``aria-pressed`` while
  muted); the script keeps the choice on the device.

Both name no game. Put them on every page a game is played on::

    rx.hstack(..., mute_button())   # in the header
    cue_feed()                      # anywhere on the page
"""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import S, tr

__all__ = ["SCRIPT", "cue_feed", "head_script", "mute_button"]

SCRIPT = "/sound.js"
"""The player's address (``assets/sound.js``, served at the site root)."""


def head_script() -> rx.Component:
    """The ``<script>`` tag for the app's ``head_components`` (deferred: it never delays the
    first paint)."""
    return rx.el.script(src=SCRIPT, defer=True)


def cue_feed() -> rx.Component:
    """The hidden element ``assets/sound.js`` watches: this screen's cue feed as JSON."""
    return rx.el.div(id="tg-cues", hidden=True, aria_hidden="true",
                     custom_attrs={"data-feed": rx.cond(S["cues"], S["cues"].to_string(), "")})


def mute_button(**props) -> rx.Component:
    """The speaker toggle: tap to mute or unmute this device's sounds (kept on the device).

    Both icons are drawn; the stylesheet shows the crossed-out speaker while
    ``aria-pressed="true"`` (muted), so the state reads by shape, not colour.
    """
    return rx.el.button(
        rx.icon("volume-2", class_name="tg-mute-on", aria_hidden="true"),
        rx.icon("volume-x", class_name="tg-mute-off", aria_hidden="true"),
        type="button",
        class_name="tg-mute",
        aria_label=tr("ui.sound.mute"),
        title=tr("ui.sound.mute"),
        custom_attrs={"data-tg-mute": "", "aria-pressed": "false"},
        **{"id": "mute", **props},
    )

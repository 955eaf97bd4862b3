"""The browser's side of patched frames: a move's frame carries what changed on a screen.

The server sends some vars (``Screen.screen``: ``reflex_adapter.send_patched``) as a patch
of the value the socket holds (``tablegames/patches.py``). Reflex's client replaces a var's
value whole, so this plugin adds ``frame_patch.js`` to the compiled front end and, in its
``utils/state.js``, a call at the top of the socket's "event" handler that turns every
patch back into the whole value before the state's reducer sees it, and asks the server
again for a value whose patch does not apply (the event the patch names).

If Reflex's ``state.js`` no longer has the lines this hooks into, the compile fails
(``reflex_adapter.state_js_expanding_patches``): a front end that cannot expand patches
must not meet a server that sends them.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import reflex as rx

from tablegames import reflex_adapter as rxa

SCRIPT = Path(__file__).with_name("frame_patch.js")
SCRIPT_NAME = "utils/frame_patch.js"  # in the compiled front end (.web)


@dataclasses.dataclass
class FramePatchPlugin(rx.plugins.Plugin):
    """Adds ``frame_patch.js`` to the front end and its call to the socket's event handler."""

    def pre_compile(self, **context: Any) -> None:
        context["add_save_task"](lambda: (SCRIPT_NAME, SCRIPT.read_text(encoding="utf-8")))
        context["add_modify_task"](rxa.STATE_JS, lambda text: rxa.state_js_expanding_patches(text, SCRIPT_NAME))

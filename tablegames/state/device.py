"""The device: what a browser tab is, before any room.

:class:`Device` holds the tab's language (chosen, else the browser's), the seat and host
secrets this device keeps in LocalStorage, the browser's language and origin noted at
page load, and the last refusal shown on the page. The room screen
(:class:`tablegames.state.room.Screen`) and the landing form
(:class:`tablegames.state.landing.LandingForm`) are its substates: they read and write
these vars as their own.
"""

from __future__ import annotations

import json

import reflex as rx

from tablegames import reflex_adapter as rxa
from tablegames.engine import IllegalMove
from tablegames.i18n import DEFAULT_LANG, LANGS, catalog, error_text, pick_lang
from tablegames.rooms.service import RoomError

# LocalStorage keys of this device's secrets, {code: secret} as JSON.
SEATS_KEY = "tg_seats"
HOSTS_KEY = "tg_hosts"
# The browser's languages (``navigator.languages``), left in LocalStorage by a script in the
# page's head (``NOTE_LANGUAGES_JS``) before the app connects. Chromium's language override
# (Playwright's ``locale``) reaches the page and its requests but not the websocket's
# handshake, whose ``Accept-Language`` stays the browser's default.
BROWSER_LANGS_KEY = "tg_browser_langs"
BROWSER_LANGS_CHARS = 200  # of what a page says its browser's languages are
NOTE_LANGUAGES_JS = ("try { localStorage.setItem(" + json.dumps(BROWSER_LANGS_KEY) + ","
                     " (navigator.languages || [navigator.language || '']).join(',')); } catch (e) {}")


class Device(rx.State):
    """One browser tab's identity: language, secrets, browser facts, the last notice."""

    lang: str = rx.LocalStorage("", name="tg_lang", sync=True)
    seat_secrets: str = rx.LocalStorage("{}", name=SEATS_KEY)
    host_secrets: str = rx.LocalStorage("{}", name=HOSTS_KEY)
    browser_langs: str = rx.LocalStorage("", name=BROWSER_LANGS_KEY)  # what the page says (never written here)
    notice: str = ""  # the last refusal, translated
    # Noted from the request on page load: computed vars that read self.router directly
    # would be recomputed and re-sent with every update of the room.
    browser_lang: str = ""
    origin: str = ""
    _token: str = ""  # this tab's client token (the fan-out's address for it, state/fanout.py)

    # -- language ----------------------------------------------------------------------
    @rx.var
    def language(self) -> str:
        """The language in use: chosen, else the browser's, else English."""
        if self.lang in LANGS:
            return self.lang
        return self.browser_lang or DEFAULT_LANG

    @rx.var
    def tr(self) -> dict[str, str]:
        """The message catalog of the language in use."""
        return catalog(self.language)

    @rx.event
    def set_language(self, lang: str):
        """Switches the language (kept on this device)."""
        if lang in LANGS:
            self.lang = lang

    @rx.event
    def dismiss_notice(self):
        """The player closed the refusal's message (``pages.common.notice``)."""
        self.notice = ""

    def _say(self, err: IllegalMove | RoomError) -> str:
        """A refusal in this device's language."""
        return error_text(self.language, err.code, err.params) or err.message

    # -- secrets kept on this device ---------------------------------------------------
    def _secrets(self, which: str) -> dict[str, str]:
        """``{room code: secret}`` of ``"seat_secrets"`` or ``"host_secrets"``."""
        try:
            data = json.loads(getattr(self, which) or "{}")
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def _remember(self, which: str, code: str, secret: str) -> None:
        data = self._secrets(which)
        data[code] = secret
        setattr(self, which, json.dumps(data))

    # -- the request -------------------------------------------------------------------
    def _note_browser(self) -> None:
        said = self.browser_langs[:BROWSER_LANGS_CHARS] if isinstance(self.browser_langs, str) else ""
        self.browser_lang = pick_lang(said if said.strip() else (self.router.headers.accept_language or ""))
        self.origin = self.router.url.origin or ""
        self._token = self.router.session.client_token or ""

    def _client(self) -> tuple[str, str]:
        """(client address, connection id) of this event, for the rate limits."""
        session = self.router.session
        return str(session.client_ip or "?"), str(session.session_id or session.client_token)

    @rx.event
    def open_landing(self):
        """``/``: notes the browser's language."""
        self._note_browser()


# the catalog is the same object for every tab of a language: not stored with each tab's
# state in Redis (70 KB a tab, unpickled with every event), computed again where read
rxa.computed_not_stored(Device, "tr")

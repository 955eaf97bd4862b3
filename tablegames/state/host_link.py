"""The host's second-device link: a QR code of the table URL carrying the host secret."""

from __future__ import annotations

import os

import reflex as rx

from tablegames.state.qr import qr_data_uri
from tablegames.state.room import Screen


class HostLink(Screen):
    """On the host's table: shows or hides the QR code that reopens the table elsewhere."""

    show_host_link: bool = False

    @rx.var
    def host_qr(self) -> str:
        """For the host only: a QR code of the table URL carrying the host secret."""
        secret = self._host_secret()
        if not secret or self.role != "table" or not self.show_host_link:
            return ""
        base = os.environ.get("TG_PUBLIC_URL") or self.origin
        url = f"{base.rstrip('/')}/table/{self.room_code}?host={secret}"
        return qr_data_uri(url, 6)

    @rx.event
    def toggle_host_link(self):
        """Shows or hides the host QR code (to reopen the table on another device)."""
        self.show_host_link = not self.show_host_link

    @rx.event
    def set_host_link(self, shown: bool):
        """Shows (True) or hides (False) the host QR code: the table's host-link overlay
        opens and closes with it."""
        self.show_host_link = bool(shown)

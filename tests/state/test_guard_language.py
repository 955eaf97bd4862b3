"""The last-resort sentence of a crashed handler is in the tab's language (issue 12): the
one it chose, noted from the storage values its page sends, else its browser's."""

from __future__ import annotations

import pytest

from tablegames import reflex_adapter as rxa
from tablegames.i18n import error_text
from tablegames.state import guard


class Namespace:
    """Reflex's socket namespace as the guard reads it (through the adapter, patched)."""

    def __init__(self, tabs: dict[str, tuple[str, str]]) -> None:  # sid -> (token, accept-language)
        self.sid_to_token = {sid: token for sid, (token, _) in tabs.items()}
        self.headers = {sid: {"accept-language": lang} for sid, (_, lang) in tabs.items()}


def toast_text(spec) -> str:
    return str(spec)


@pytest.fixture
def namespace(monkeypatch):
    monkeypatch.setattr(guard, "_token_lang", {})
    ns = Namespace({"s1": ("tab-pt", "pt-BR,pt;q=0.9"), "s2": ("tab-en", "en-US"),
                    "s3": ("tab-chose", "en-US")})
    monkeypatch.setattr(rxa, "sid_token", lambda namespace, sid: namespace.sid_to_token.get(sid))
    monkeypatch.setattr(rxa, "connection_info", lambda namespace, sid: {"headers": namespace.headers[sid]})
    return ns


def crash_text(monkeypatch, token: str | None) -> str:
    monkeypatch.setattr(rxa, "event_token", lambda: token)
    return toast_text(guard.on_backend_exception(RuntimeError("boom")))


def test_a_crash_is_told_in_the_browser_s_language(namespace, monkeypatch):
    for sid in ("s1", "s2", "s3"):
        guard._note_language(namespace, sid, namespace.sid_to_token[sid], {"name": "x.heartbeat", "payload": {}})
    pt, en = error_text("pt-BR", "server_error"), error_text("en", "server_error")
    assert pt != en
    text = crash_text(monkeypatch, "tab-pt")
    assert pt in text and "boom" not in text
    assert en in crash_text(monkeypatch, "tab-en")
    assert en in crash_text(monkeypatch, None)  # outside any tab's event: English


def test_a_crash_is_told_in_the_language_the_tab_chose(namespace, monkeypatch):
    key = guard._lang_key()
    guard._note_language(namespace, "s3", "tab-chose", {"name": "x.hydrate_and_load",
                                                        "payload": {"vars": {key: "pt-BR"}}})
    assert error_text("pt-BR", "server_error") in crash_text(monkeypatch, "tab-chose")
    assert guard._lang(namespace, "s3") == "pt-BR"  # refusals too
    guard._note_language(namespace, "s3", "tab-chose", {"name": "a.b.set_language", "payload": {"lang": "en"}})
    assert error_text("en", "server_error") in crash_text(monkeypatch, "tab-chose")

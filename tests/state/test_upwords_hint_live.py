"""An Upwords phone's nudge is in the phone's language (``UpwordsPhone`` writes it with
``i18n.t`` in the tab's language, not from the tab's ``Device.tr``, whose value is not
stored with the tab (``state/device.py``): read there, it would be computed again and the
tab's ``Device`` written back for a one-line text)."""

from __future__ import annotations

import asyncio

import pytest

import tablegames.tablegames  # noqa: F401 (the app: every game's catalog is in the language's)
from tablegames import reflex_adapter as rxa
from tablegames.games.upwords.state import UpwordsPhone
from tablegames.i18n import catalog
from tests.state.live import close, seated

pytestmark = pytest.mark.timeout(300)

HINT = rxa.var_key("hint")


def test_a_square_tapped_before_a_tile_asks_for_a_tile_in_the_phone_s_language(backend):
    async def scenario() -> tuple[str, str]:
        _code, _host, table, (ana, bia) = await seated(backend, "127.0.0.97", {}, game="upwords")
        try:
            await ana.send("set_language", {"lang": "pt-BR"})
            await ana.until(lambda d: d.device_vars.get(rxa.var_key("language")) == "pt-BR")
            await table.host("start")
            for phone in (ana, bia):
                await phone.until(lambda d: bool(d.view.get("rack")))
                await phone.send_to(UpwordsPhone, "tap_square", {"row": 4, "col": 4})  # no tile chosen
                await phone.until(lambda d: bool(d.latest(HINT)))
            return ana.latest(HINT), bia.latest(HINT)
        finally:
            await close([table, ana, bia])

    ana_hint, bia_hint = asyncio.run(scenario())
    assert ana_hint == catalog("pt-BR")["ui.upwords.select_first"]
    assert bia_hint == catalog("en")["ui.upwords.select_first"]
    assert ana_hint != bia_hint

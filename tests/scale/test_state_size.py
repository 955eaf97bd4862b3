"""What a tab's states weigh in Redis: the language's catalog is not stored with each tab.

``Device.tr`` (every text of the page's language, ~74 KB pickled) is a cached computed var:
Reflex kept its value in the tab's ``Device`` state, stored in Redis with the tab and
unpickled with every event of it (``Device`` is the parent of the tab's other states).
``reflex_adapter.computed_not_stored`` leaves it out; the page must still get it whenever
it needs it: on a reload (its states then come from Redis) and on a change of language.
"""

from __future__ import annotations

import asyncio
import pickle

import pytest
import redis

import tablegames.tablegames  # noqa: F401 (the app: every game's catalog is in the language's)
from tablegames import reflex_adapter as rxa
from tablegames.i18n import catalog
from tablegames.state.device import Device as DeviceState
from tests.scale.client import Device

pytestmark = [pytest.mark.scale, pytest.mark.timeout(120)]

TR = rxa.var_key("tr")


def test_a_tab_s_device_is_stored_without_the_catalog_and_the_page_still_gets_it(scaled, backends):
    (worker,) = backends(1)
    store = redis.Redis.from_url(scaled.redis.url)
    page = Device(worker.url, "/")
    page.storage[rxa.var_key("lang")] = "pt-BR"  # the language the visitor chose before

    def has_catalog(lang: str):
        """The page holds ``lang``'s catalog: a thousand texts and more, each that language's
        (this process may hold more catalogs than the app's: another test's game)."""
        texts = catalog(lang)
        return lambda d: len(tr := d.device_vars.get(TR) or {}) > 1_000 and all(
            texts.get(key) == text for key, text in tr.items())

    async def stored_device(lang: str) -> bytes:
        """The tab's ``Device`` as Redis holds it, once it holds the page's language
        ``lang`` (Reflex stores the states as the event ends, after its frame)."""
        for _ in range(100):
            stored = store.get(rxa.state_key(page.token, DeviceState))
            if stored is not None and pickle.loads(stored)[1].lang == lang:
                return stored
            await asyncio.sleep(0.05)
        raise AssertionError(f"the tab's Device with language {lang} was not stored in Redis")

    async def scenario() -> list[tuple[bytes, dict[str, str]]]:
        try:
            await page.connect(ready=has_catalog("pt-BR"))
            first = await stored_device("pt-BR")
            page.device_vars = {}
            await page.reload(ready=has_catalog("pt-BR"))  # a new socket, the same tab: its states come from Redis
            portuguese = page.device_vars[TR]
            await page.send("set_language", {"lang": "en"})
            await page.until(has_catalog("en"))
            return [(first, portuguese), (await stored_device("en"), page.device_vars[TR])]
        finally:
            await page.close()
            store.close()

    for stored, texts in asyncio.run(scenario()):
        assert len(stored) < 4_000, len(stored)  # the catalog alone pickles to ~74 KB
        assert max(texts.values(), key=len).encode() not in stored

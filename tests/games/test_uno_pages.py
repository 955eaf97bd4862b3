"""The UNO and Upwords pages compile (every Var they read from the view model is well
formed) and keep the element ids the browser tests use."""

from __future__ import annotations

import json

import pytest


def _rendered(component) -> str:
    return json.dumps(component.render(), default=str)


@pytest.mark.parametrize(("module", "function", "ids"), [
    ("tablegames.games.uno.phone", "uno_phone", ["hand", "picker", "your-turn", "between-hands", "act-jump",
                                                 "ues-clock", "ues-ping"]),
    ("tablegames.games.uno.table", "uno_table", ["discard-top", "color-in-play", "scores", "hand-over", "events",
                                                 "draw-pile", "direction", "house-rules"]),
    ("tablegames.games.upwords.phone", "upwords_phone", ["uw-rack", "uw-play", "uw-recall", "uw-shuffle", "uw-zoom",
                                                         "uw-exchange", "uw-pass", "uw-challenge", "uw-preview",
                                                         "uw-preview-score", "uw-preview-error", "uw-preview-ok",
                                                         "uw-phone-board", "uw-game-over", "uw-exchange-pick"]),
    ("tablegames.games.upwords.table", "upwords_table", ["uw-board", "uw-bag", "uw-last", "uw-last-score", "uw-live",
                                                         "uw-withdrawn", "uw-challenge-open", "game-over", "scores",
                                                         "rematch", "events"]),
])
def test_page_compiles_with_its_ids(module, function, ids):
    import importlib

    text = _rendered(getattr(importlib.import_module(module), function)())
    missing = [i for i in ids if f'id:\\"{i}\\"' not in text]
    assert missing == []

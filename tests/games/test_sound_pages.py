"""The sound toggle, the cue feed and the wake lock are on both pages a game is played on,
and the compiled components say what ``assets/sound.js`` and the browser expect."""

from __future__ import annotations

import pytest

from tablegames.components.sound import SCRIPT, cue_feed, head_script, mute_button
from tablegames.components.wake_lock import wake_lock
from tablegames.i18n import t


def test_the_cue_feed_is_hidden_and_carries_the_screens_cues_as_json():
    code = str(cue_feed())
    assert '"tg-cues"' in code and "hidden" in code
    assert "data-feed" in code and '?.["cues"]' in code and "JSON.stringify" in code


def test_the_mute_button_is_a_labelled_toggle_sound_js_knows():
    code = str(mute_button())
    assert "data-tg-mute" in code and '"aria-pressed":"false"' in code
    assert '"ui.sound.mute"' in code  # its label comes from the catalogs
    assert "tg-mute-on" in code and "tg-mute-off" in code  # both icons: the stylesheet shows one
    assert t("en", "ui.sound.mute") == "Mute sounds" and t("pt-BR", "ui.sound.mute") == "Silenciar sons"


def test_the_script_is_deferred_from_the_head():
    code = str(head_script())
    assert SCRIPT in code and "defer" in code


def test_the_wake_lock_follows_the_rooms_status():
    component = wake_lock()
    code = str(component)
    assert "TgWakeLock" in code and '?.["status"]' in code and '"playing"' in code
    custom = "".join(component.add_custom_code())
    assert "navigator.wakeLock" in custom and "visibilitychange" in custom and ".release()" in custom


@pytest.mark.parametrize("page", ["tablegames.pages.phone:phone_page", "tablegames.pages.table:table_page"])
def test_both_pages_play_sounds_keep_awake_and_offer_the_mute(page):
    from tablegames import games

    code = str(games.load(page)())
    assert '"tg-cues"' in code and "TgWakeLock" in code and "data-tg-mute" in code

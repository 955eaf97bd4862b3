"""The shared motion (``assets/motion.css``, ``components/motion.py``) and the sounds'
script (``assets/sound.js``) agree with the Python side: every class exists and moves only
under ``prefers-reduced-motion: no-preference``; every cue the builder can give has a
sound; the UNO hand gives each card an identity so that a drawn card alone slides in."""

from __future__ import annotations

import re
from pathlib import Path

from tablegames.components import motion
from tablegames.engine import get_game
from tablegames.games.cues import CUES
from tablegames.games.uno.view_model import build

ASSETS = Path(__file__).resolve().parents[2] / "assets"
CSS = re.sub(r"/\*.*?\*/", "", (ASSETS / "motion.css").read_text(encoding="utf-8"), flags=re.DOTALL)
JS = (ASSETS / "sound.js").read_text(encoding="utf-8")


def _block(css: str, opening: str) -> str:
    """The body of the block that starts with ``opening`` (braces balanced)."""
    start = css.index(opening) + len(opening)
    depth, i = 1, start
    while depth:
        depth += {"{": 1, "}": -1}.get(css[i], 0)
        i += 1
    return css[start:i - 1]


def test_every_motion_class_animates_only_without_a_reduced_motion_wish():
    calm = _block(CSS, "@media (prefers-reduced-motion: no-preference) {")
    outside = CSS.replace(calm, "")
    for cls in motion.CLASSES:
        assert re.search(rf"\.{cls}\s*{{[^}}]*animation:\s*{cls}\b", calm), cls
        assert f"@keyframes {cls}" in CSS
        assert not re.search(rf"\.{cls}\s*{{", outside), f"{cls} is styled outside the no-preference block"
    assert "animation" not in outside.replace("@keyframes", "")  # no other animation anywhere


def test_keyframes_use_the_individual_transform_properties():
    for cls in motion.CLASSES:
        frames = _block(CSS, f"@keyframes {cls} {{")
        assert "transform:" not in frames, f"{cls} would override the element's own transform"


def test_every_cue_has_a_sound_and_every_sound_a_cue():
    sounds = _block(JS, "var SOUNDS = {")
    names = set(re.findall(r"^\s{4}(\w+): function", sounds, re.MULTILINE))
    assert names == set(CUES)


def test_the_uno_hand_names_each_card_once_even_when_two_are_alike():
    game = get_game("uno")
    stack = {"hands": [["r7", "r7", "g2", "W"], ["b1", "b2"]], "top": "r5", "draw": ["b5", "b6"]}
    state = game.new(["Ana", "Bia"], {"dealer": 1, "stack": stack}, seed=1)
    screen = {"code": "ABCD", "game": "uno", "status": "playing", "version": 2, "options": {},
              "seats": [{"seat": 0, "id": 0, "name": "Ana"}, {"seat": 1, "id": 1, "name": "Bia"}],
              "view": game.view(state, 0), "me": 0, "to_act": list(game.to_act(state)), "is_host": False}
    keys = [c["key"] for group in build(screen, "en")["hand_groups"] for c in group]
    assert sorted(keys) == ["W.0", "g2.0", "r7.0", "r7.1"]

"""Patched frames: the server's diff (``tablegames/patches.py``), the browser's merge
(``tablegames/frame_patch.js``, run in Node on the same cases) and the Python client's
expansion (``reflex_adapter.expand_patched``). The hook the plugin puts into Reflex's
``utils/state.js`` is checked in ``tests/state/test_reflex_adapter.py``."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import patches
from tablegames import reflex_adapter as rxa
from tablegames.frame_patches import SCRIPT

REPO = Path(__file__).resolve().parents[2]
NODE = REPO / ".venv" / "node-bin" / "node"

# JSON values (-0.0 aside: the diff takes it for 0.0, as Python's == does)
KEYS = st.sampled_from(["a", "b", "c", "view", "hand", "version", "0"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(-2, 2, allow_nan=False).filter(lambda x: str(x) != "-0.0") | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12)
OBJECTS = st.dictionaries(KEYS, JSON, max_size=5)


@settings(max_examples=300, deadline=None)
@given(OBJECTS, OBJECTS)
def test_merging_the_diff_gives_the_new_object_and_leaves_the_old_one(before, after):
    kept = json.dumps(before)
    patch = patches.diff(before, after)
    assert json.dumps(patches.merge(before, patch), sort_keys=True) == json.dumps(after, sort_keys=True)
    assert json.dumps(before) == kept
    if not patch:  # nothing sent: the same JSON
        assert json.dumps(before, sort_keys=True) == json.dumps(after, sort_keys=True)
    if json.dumps(before) == json.dumps(after):
        assert patch == {}


def test_a_patch_holds_only_what_changed_and_null_stays_a_value():
    before = {"version": 7, "view": {"turn": 1, "hand": ["r1", "g2"], "winner": None}, "tip": "go"}
    after = {"version": 8, "view": {"turn": 2, "hand": ["r1", "g2"], "winner": None, "drawn": None}}
    assert patches.diff(before, after) == {"version": 8, "view": {"turn": 2, "drawn": None}, "$del": ["tip"]}
    assert patches.diff(after, after) == {}
    assert patches.diff({"n": 1}, {"n": 1.0}) == {"n": 1.0}  # a type that changed is a change
    assert patches.diff({"n": 1}, {"n": True}) == {"n": True}
    assert patches.diff({"l": [], "m": [0]}, {"l": [], "m": [False]}) == {"m": [False]}  # in a list too
    # as many keys as before, one of them another: the old one is still deleted
    assert patches.diff({"a": 1, "b": 2}, {"a": 1, "c": 2}) == {"c": 2, "$del": ["b"]}


def _node(cases: list[dict]) -> list:
    """Runs ``frame_patch.js`` in Node on ``cases`` (``{"merge": [before, patch]}`` or
    ``{"expand": delta}``, in order: the module keeps what it received)."""
    if not NODE.exists():
        pytest.fail(".venv/node-bin/node is missing: run scripts/setup (or scripts/test)")
    script = f"""
import {{ mergePatch, expandPatches }} from {json.dumps(SCRIPT.as_uri())};
const cases = JSON.parse(process.argv[1]);
const out = cases.map((c) => c.merge ? mergePatch(...c.merge)
                                     : {{ resend: expandPatches(c.expand), delta: c.expand }});
process.stdout.write(JSON.stringify(out));
"""
    done = subprocess.run([str(NODE), "--input-type=module", "-e", script, json.dumps(cases)],  # noqa: S603
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


@settings(max_examples=1, deadline=None)
@given(st.lists(st.tuples(OBJECTS, OBJECTS), min_size=200, max_size=200))
def test_the_browser_merges_what_the_server_diffs(pairs):
    merged = _node([{"merge": [before, patches.diff(before, after)]} for before, after in pairs])
    for (before, after), value in zip(pairs, merged):
        assert value == json.loads(json.dumps(after)), (before, after)


def test_the_browser_drops_a_patch_of_another_screen_and_asks_once_for_the_whole():
    state, key = "s.screen", rxa.var_key("screen")
    one, two, three = ({"version": v, "view": {"turn": v % 2, "hand": ["r1"]}} for v in (1, 2, 3))

    def patched(before, after):
        return {state: {key: {"$patch": patches.diff(before, after), "$same": {"version": before["version"]},
                              "$resend": "resend_screen"}}}

    out = _node([{"expand": {state: {key: one}}},   # the whole screen: held
                 {"expand": patched(one, two)},      # applies
                 {"expand": patched(one, three)},    # made from a screen the page no longer has
                 {"expand": patched(one, three)},    # again: asked already
                 {"expand": {state: {key: three}}},  # the whole screen comes
                 {"expand": patched(three, one)}])   # and the next patch applies
    assert [o["resend"] for o in out] == [[], [], ["s.screen.resend_screen"], [], [], []]
    assert out[1]["delta"] == {state: {key: two}}
    assert out[2]["delta"] == {state: {}} and out[3]["delta"] == {state: {}}
    assert out[5]["delta"] == {state: {key: one}}


def test_the_python_client_expands_as_the_browser_does():
    one, two = {"version": 1, "a": [1]}, {"version": 2, "a": [1, 2]}
    patch = {"$patch": patches.diff(one, two), "$same": {"version": 1}, "$resend": "resend"}
    assert rxa.expand_patched("x", one, patch) == (True, two, "")
    assert rxa.expand_patched("x", {**one, "version": 0}, patch) == (False, None, "x.resend")
    assert rxa.expand_patched("x", {}, two) == (True, two, "")

"""A JSON object told as what changed from another: what a move's frame carries.

A patch is a JSON merge patch (RFC 7386) with one difference: a key the new object no
longer has is listed under ``"$del"`` instead of being set to ``null``, so ``null`` stays a
value (a screen has many: no deadline, no winner yet). An object in a patch is merged into
the value under the same key (a value that was no object merges into an empty one); any
other value replaces it whole, lists included. Objects never have a key named ``"$del"``.
The browser's side of it is ``frame_patch.js``.

>>> before = {"version": 4, "view": {"turn": 1, "hand": [3, 5]}, "winner": None, "tip": "x"}
>>> after = {"version": 5, "view": {"turn": 2, "hand": [3, 5]}, "winner": None}
>>> diff(before, after)
{'version': 5, 'view': {'turn': 2}, '$del': ['tip']}
>>> merge(before, diff(before, after)) == after
True
"""

from __future__ import annotations

from typing import Any

import orjson

__all__ = ["DELETED", "diff", "merge"]

DELETED = "$del"


def diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The patch that turns ``before`` into ``after`` (``{}``: they are equal).

    Values that are the same object are equal without a look inside: the screens of two
    versions share what a move left as it was. Values are equal as JSON is: ``1`` and
    ``True`` differ, even inside a list.
    """
    patch: dict[str, Any] = {}
    kept = 0  # keys of ``before`` that ``after`` has too
    for key, value in after.items():
        if key in before:
            kept += 1
            old = before[key]
            if old is value:
                continue
            if type(old) is dict and type(value) is dict:
                inner = diff(old, value)
                if inner:
                    patch[key] = inner
                continue
            if type(old) is type(value) and old == value and (type(old) is not list or _same_list(old, value)):
                continue
        patch[key] = value
    if kept < len(before):
        patch[DELETED] = [key for key in before if key not in after]
    return patch


def _same_list(a: list[Any], b: list[Any]) -> bool:
    """Whether two lists Python finds equal are the same JSON (in Python ``False == 0``)."""
    if not a:  # both empty: most of a screen's equal lists (no winners yet, nothing exposed)
        return True
    try:
        return orjson.dumps(a, option=orjson.OPT_NON_STR_KEYS) == orjson.dumps(b, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # not JSON: sent again
        return False


def merge(before: Any, patch: dict[str, Any]) -> dict[str, Any]:
    """``before`` with ``patch`` applied (a new object; ``before`` is left as it was)."""
    out = dict(before) if type(before) is dict else {}
    for key in patch.get(DELETED, ()):
        out.pop(key, None)
    for key, value in patch.items():
        if key != DELETED:
            out[key] = merge(out.get(key), value) if type(value) is dict else value
    return out

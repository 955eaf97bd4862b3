"""How many examples the rule-invariant properties (hypothesis) try per run.

Each property names its own number (the count a developer's run tries). In CI (the ``CI``
environment variable set, as CI services do and ``.ci/run`` does) a share of it: the same
invariants, checked on every move of fewer random games, as the clean-clone run on two cores
pays for every example again (no example database is kept between its runs).
``TABLEGAMES_HYPOTHESIS_SHARE`` (a fraction, e.g. ``1`` or ``0.25``) sets the share anywhere.
"""

from __future__ import annotations

import os

CI_SHARE = 0.4
MIN_EXAMPLES = 5


def share() -> float:
    """The fraction of each property's examples this run tries."""
    given = os.environ.get("TABLEGAMES_HYPOTHESIS_SHARE", "")
    if given:
        return float(given)
    return CI_SHARE if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no") else 1.0


def examples(n: int) -> int:
    """``n`` examples, or this run's share of them (at least ``MIN_EXAMPLES``)."""
    return n if share() >= 1 else max(MIN_EXAMPLES, round(n * share()))

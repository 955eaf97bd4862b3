"""The examples in the docstrings are tests too (as python-chess runs its own): every
module of the package that shows ``>>>`` examples must run them as written."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "tablegames"
MODULES = sorted(
    ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
    for path in PACKAGE.rglob("*.py") if ">>>" in path.read_text(encoding="utf-8"))


def test_the_engine_api_is_shown_by_examples() -> None:
    engine = {m for m in MODULES if m.startswith("tablegames.engine")}
    assert {"tablegames.engine.core", "tablegames.engine.uno", "tablegames.engine.upwords",
            "tablegames.engine.faces", "tablegames.engine.uestop"} <= engine


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_run_as_written(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted, f"{name} shows examples that doctest did not find"
    assert not result.failed, f"{result.failed} example(s) of {name} failed (run: python -m doctest -v)"

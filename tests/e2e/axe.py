"""The accessibility audit: axe-core (npm ``@axe-core/playwright``'s engine) in a page under test.

scripts/setup installs ``@axe-core/playwright`` into ``.venv/axe``; its dependency
``axe-core`` ships ``axe.min.js``, which :func:`audit` injects into a Playwright (Python)
page and runs there, as the JavaScript ``AxeBuilder`` does. Only serious and critical
violations count by default (the issue's bar); each is reported with its rule, the
offending elements and the rule's help URL.

    from tests.e2e.axe import audit
    problems = audit(page)           # [] when the page passes
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
AXE_JS = REPO_ROOT / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
# WCAG 2.x A and AA plus axe's best practices (landmarks, headings, target size hints).
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
IMPACTS = ("serious", "critical")
# Every rule of those tags runs; only violations come back (passes and incomplete checks
# would make each result a few MB).
RUN_OPTIONS: dict[str, Any] = {"runOnly": {"type": "tag", "values": list(TAGS)},
                               "resultTypes": ["violations"]}


@dataclass(frozen=True)
class Violation:
    """One failed axe rule on one page: what, how bad, where, and how to fix it."""

    rule: str
    impact: str
    help: str
    help_url: str
    targets: tuple[str, ...]  # CSS selectors of the offending elements
    summary: str  # axe's failure summary of the first element

    def __str__(self) -> str:
        where = ", ".join(self.targets[:4]) + (f" (+{len(self.targets) - 4} more)" if len(self.targets) > 4 else "")
        summary = " ".join(self.summary.split())[:240]
        return f"axe {self.impact} {self.rule}: {self.help} [{where}] {summary} <{self.help_url}>"


@cache
def axe_source() -> str:
    """axe.min.js, as installed by scripts/setup.

    Raises:
        FileNotFoundError: when scripts/setup has not installed it.
    """
    if not AXE_JS.exists():
        raise FileNotFoundError(f"{AXE_JS} is missing: run scripts/setup (it installs @axe-core/playwright)")
    return AXE_JS.read_text(encoding="utf-8")


def run_axe(page, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """axe's raw results for the page as it is now (axe is injected once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate("(opts) => window.axe.run(document, opts)", options or RUN_OPTIONS)


def audit(page, impacts: tuple[str, ...] = IMPACTS) -> list[Violation]:
    """The page's axe violations of the given impacts (serious and critical by default)."""
    results = run_axe(page)
    found = []
    for v in results.get("violations", []):
        if v.get("impact") not in impacts:
            continue
        nodes = v.get("nodes") or [{}]
        targets = tuple(json.dumps(n.get("target")) if not isinstance(n.get("target"), list)
                        else " ".join(str(t) for t in n["target"]) for n in nodes if n)
        found.append(Violation(rule=v["id"], impact=v["impact"], help=v.get("help", ""),
                               help_url=v.get("helpUrl", ""), targets=targets,
                               summary=nodes[0].get("failureSummary", "") if nodes else ""))
    return found

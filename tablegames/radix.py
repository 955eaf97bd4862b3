"""Radix Themes as this app uses it: only the colours it names, no namespace import.

Reflex's ``rx.plugins.RadixThemesPlugin`` ships two things every page downloads whether it
uses them or not (measured with ``bench/page.py``, see docs/page-weight.md):

* ``@radix-ui/themes/styles.css`` (720 KB decoded, 57 KB compressed, render-blocking), whose
  largest part is the colour tokens of all 31 Radix colours, light and dark, sRGB and P3.
  This app names seven: its accent (green), the grey Radix matches to it (sage), plain gray,
  and the ``color_scheme`` values the pages use (red, amber, orange, grass). The stylesheet
  here is the same file split the way Radix documents it (tokens base + those colours +
  components + utilities).
* the whole ``@radix-ui/themes`` library as ``window.__reflex["@radix-ui/themes"]``, for
  components that the backend sends as code (``rx.dynamic``); the app has none, and that
  namespace import keeps the bundler from dropping the Radix components no page uses (select,
  menus, sliders, scroll areas, ...: about 50 KB compressed in every page's root chunk).
  The package is still installed: each Radix component imports it.
* ``components.css`` (432 KB of it) styles every Radix component; the pages use about ten.
  ``radix_subset.js``, a PostCSS plugin added to the front end's build, drops the rules whose
  selectors need the class of a component that no compiled page imports (a component it has
  no class list for keeps the whole file), and the classes of ``utilities.css`` (252 KB, the
  layout props: ``gap``, ``p``, ``width``, ... at every breakpoint) of props no page sets.

A page that adds a ``color_scheme`` outside COLOURS renders without that colour's variables:
add it to COLOURS.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import reflex as rx

# accent, its matching grey (Radix: green -> sage), plain gray, and the pages' color_scheme values
COLOURS = ("gray", "sage", "green", "red", "amber", "orange", "grass")
SUBSET_JS = Path(__file__).with_name("radix_subset.js")
SUBSET_NAME = "radix-subset.js"  # in the compiled front end (.web), beside postcss.config.js


def _with_subset(postcss_config: str) -> str:
    """postcss.config.js with radix-subset.js after postcss-import (idempotent)."""
    entry = f'    "./{SUBSET_NAME}": {{}},'
    if entry.strip() in postcss_config:
        return postcss_config
    lines = postcss_config.splitlines()
    at = next((i for i, line in enumerate(lines) if '"postcss-import"' in line), None)
    if at is None:  # an unexpected config: leave it (the page keeps the whole stylesheet)
        return postcss_config
    lines.insert(at + 1, entry)
    return "\n".join(lines) + "\n"


@dataclasses.dataclass
class RadixThemesPlugin(rx.plugins.RadixThemesPlugin):
    """``rx.plugins.RadixThemesPlugin`` with a smaller stylesheet and no bundled namespace."""

    colours: tuple[str, ...] = COLOURS

    def get_stylesheet_paths(self, **context: Any) -> tuple[str, ...]:
        """Radix Themes' own split of styles.css, with only the colours the app uses."""
        if not self.enabled:
            return ()
        return (
            "@radix-ui/themes/tokens/base.css",
            *(f"@radix-ui/themes/tokens/colors/{colour}.css" for colour in self.colours),
            "@radix-ui/themes/components.css",
            "@radix-ui/themes/utilities.css",
        )

    def pre_compile(self, **context: Any) -> None:
        """Writes radix-subset.js into the front end and adds it to postcss.config.js."""
        super().pre_compile(**context)
        if self.enabled:
            context["add_save_task"](lambda: (SUBSET_NAME, SUBSET_JS.read_text(encoding="utf-8")))
            context["add_modify_task"]("postcss.config.js", _with_subset)

    def get_frontend_dependencies(self, **context: Any) -> tuple[str, ...]:
        """Nothing bundled into window.__reflex (the components install the package)."""
        return ()

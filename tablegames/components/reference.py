"""The Reference Card of the room's game, one tap away on every phone (and the table).

One mechanism for every game: the cards are data (``games/<game>/reference.json``, read by
``tablegames.games.reference``) drawn here into one sheet, a native ``<dialog>``
(``#tg-reference``) that scrolls inside itself and closes with its Close button, Escape or
a tap beside it. The card shown follows the room's game and the mode the table plays
(its mode option, from ``Screen.options_in_force``), in the screen's language; every
card ends with the table's options in force.

Opening and closing happen in the browser (:func:`help_script`: a click on anything
marked ``data-ref-open`` / ``data-ref-close``), without a round trip to the server, so a
game's own screen opens the card with :func:`open_attrs` on any button (a bottom bar).

Numbers on a card come from the engine (card values, scoring): their plural
forms are picked when the page is built, for each language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import reflex as rx

from tablegames import games
from tablegames.games import reference as data
from tablegames.i18n import DEFAULT_LANG, LANGS, t
from tablegames.pages.common import OPTIONS_IN_FORCE, S, VIEW, tr
from tablegames.pages.options import options_in_force
from tablegames.state.device import Device

__all__ = ["SHEET_ID", "reference_sheet", "reference_button", "open_attrs", "help_script", "option_value",
           "mode_value"]

SHEET_ID = "tg-reference"

_HELP_JS = """
function TgHelp() {
  useEffect(() => {
    const sheet = () => document.getElementById('%(sheet)s');
    const onClick = (e) => {
      const d = sheet();
      if (!d) return;
      const hit = e.target.closest ? e.target.closest('[data-ref-open], [data-ref-close]') : null;
      if (hit && hit.hasAttribute('data-ref-open')) {
        if (!d.open) { d.showModal(); d.scrollTop = 0; }
      } else if (hit || e.target === d) {
        if (d.open) d.close();  /* the Close button, or a tap on the backdrop beside the card */
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
""" % {"sheet": SHEET_ID}


class HelpScript(rx.Component):
    """Opens and closes the Reference Card in the browser; renders nothing."""

    tag = "TgHelp"

    def add_imports(self) -> dict:
        return {"react": [rx.ImportVar(tag="useEffect")]}

    def add_custom_code(self) -> list[str]:
        return [_HELP_JS]


def help_script() -> rx.Component:
    """The browser side of the Reference Card (once per page, beside :func:`reference_sheet`)."""
    return HelpScript.create()


def open_attrs() -> dict[str, str]:
    """The attributes that make any button open the Reference Card."""
    return {"data-ref-open": "", "aria-haspopup": "dialog", "aria-controls": SHEET_ID}


# -- the table's options, as the card reads them ----------------------------------------------

def option_value(game: str, option: str) -> rx.Var:
    """The table's value of ``option`` as text (its default while the room's options are
    not known, or when the option is not shown)."""
    shown = rx.cond(OPTIONS_IN_FORCE,  # (empty until the room's screen arrives)
                    OPTIONS_IN_FORCE.to(list[dict]).filter(lambda o: o["key"].to(str) == option)
                    .map(lambda o: o["value"].to(str)).join(""), "")
    default = str(schema_default(game, option)).lower()
    return rx.cond(shown != "", shown, default)


def schema_default(game: str, option: str) -> Any:
    """The engine's default of ``option``."""
    from tablegames.engine import get_game
    return next((o.default for o in get_game(game).options_schema if o.key == option), "")


def mode_value(game: str) -> rx.Var | str:
    """The mode whose card the table plays (the game's mode option)."""
    option = data.mode_option(game)
    return option_value(game, option) if option else data.DEFAULT_MODE


def by_mode(game: str, make) -> rx.Component:
    """``make(mode)`` for the mode the table plays (the default mode's for anything else)."""
    choices = data.modes(game)
    if len(choices) == 1:
        return make(choices[0])
    default = data.default_mode(game)
    return rx.match(mode_value(game), *[(m, make(m)) for m in choices if m != default], make(default))


# -- texts ----------------------------------------------------------------------------------

def _counted(key: str, n: int) -> rx.Var:
    """``key``'s plural form for ``n`` in the screen's language (built for each language)."""
    return rx.match(Device.language, *[(lang, t(lang, key, count=n)) for lang in LANGS if lang != DEFAULT_LANG],
                    t(DEFAULT_LANG, key, count=n))


def _counted_option(game: str, key: str, option: str) -> rx.Var:
    """``key``'s plural form for the table's value of ``option`` (an ``int`` option)."""
    value = option_value(game, option)

    def in_lang(lang: str) -> rx.Var:
        return rx.match(value, *[(str(n), t(lang, key, count=n)) for n in data.option_range(game, option)],
                        t(lang, key, count=schema_default(game, option)))

    return rx.match(Device.language, *[(lang, in_lang(lang)) for lang in LANGS if lang != DEFAULT_LANG],
                    in_lang(DEFAULT_LANG))


def text(game: str, spec: str | Mapping[str, Any]) -> rx.Var:
    """The sentence of one line of a card (see ``tablegames.games.reference``)."""
    line = data.line(spec)
    fixed = data.count(spec)
    if fixed is not None:
        return _counted(line["key"], fixed)
    if line["count_option"]:
        return _counted_option(game, line["key"], line["count_option"])
    key: str | rx.Var = line["key"]
    named = data.template_options(line["key"])
    if named:  # the key holds an option's value: "scoring.{scoring}.help"
        head, _, tail = line["key"].partition("{" + named[0] + "}")
        key = rx.Var.create(head) + option_value(game, named[0]) + tail
    sentence = tr(key)
    for param, option in line["options"].items():
        sentence = sentence.replace("{" + param + "}", option_value(game, option))
    return sentence


# -- the card ------------------------------------------------------------------------------

def _lines(game: str, section: Mapping[str, Any]) -> rx.Component:
    return rx.el.ul(*[rx.el.li(text(game, spec)) for spec in section["lines"]], class_name="tg-ref-lines")


def _rows(game: str, section: Mapping[str, Any]) -> rx.Component:
    items = []
    for row in section["rows"]:
        term = [rx.el.span(tr(row["term"]), class_name="tg-ref-term")]
        if "badge" in row:
            term.append(rx.el.span(text(game, row["badge"]), class_name="tg-ref-badge"))
        art = [rx.el.span(_drawn(row["art"]), class_name="tg-ref-art", aria_hidden="true")] if "art" in row else []
        words = rx.el.div(rx.el.dt(*term), rx.el.dd(tr(row["text"])) if "text" in row else rx.fragment(),
                          class_name="tg-ref-words")
        items.append(rx.el.div(*art, words, class_name="tg-ref-row tg-ref-has-art" if art else "tg-ref-row"))
    return rx.el.dl(*items, class_name="tg-ref-rows")


def _view_list(section: Mapping[str, Any]) -> rx.Component:
    spec = section["list"]
    path = spec["source"].split(".")
    items: rx.Var = VIEW
    for part in path[:-1]:
        items = items[part].to(dict)
    items = items[path[-1]].to(list[dict])

    def item(entry: rx.Var) -> rx.Component:
        written = entry[spec["text_field"]]  # a rule the host wrote (missing for the menu's rules)
        return rx.el.li(rx.cond(written, written.to(str), tr(spec["key_prefix"] + entry[spec["key_field"]].to(str))))

    empty = rx.el.p(tr(spec["empty"]), class_name="tg-ref-note") if spec.get("empty") else rx.fragment()
    # during the game only (the engine's view holds the list); an empty list says so
    return rx.cond(VIEW, rx.cond(items, rx.el.ul(rx.foreach(items, item), class_name="tg-ref-lines"), empty))


def _drawn(spec: Mapping[str, Any]) -> rx.Component:
    """A part of the game's own screens: ``{"ref": "module:function", "args", "kwargs"}``."""
    return games.load(spec["ref"])(*spec.get("args", ()), **spec.get("kwargs", {}))


def _section(game: str, section: Mapping[str, Any]) -> rx.Component:
    body: list[rx.Component] = []
    if section.get("component"):
        body.append(_drawn(section["component"]))
    if section.get("rows"):
        body.append(_rows(game, section))
    if section.get("lines"):
        body.append(_lines(game, section))
    if section.get("list"):
        body.append(_view_list(section))
    if section.get("options_in_force"):
        body.append(options_in_force(id=f"ref-options-{game}"))
    title = rx.el.h3(tr(section["title"]), class_name="tg-ref-section-title")
    return rx.el.section(title, *body, class_name="tg-ref-section",
                         custom_attrs={"data-section": section["name"]})


def card(game: str, mode: str) -> rx.Component:
    """The Reference Card of ``game`` in ``mode``: its title, the Close button, its sections."""
    return rx.el.div(
        rx.el.header(
            rx.el.h2(rx.el.span(tr("ui.help.card"), class_name="tg-ref-kicker"), tr(data.title(game, mode)),
                     class_name="tg-ref-title", id="tg-ref-title"),
            rx.el.button(tr("ui.help.close"), type="button", class_name="tg-ref-close", id="tg-ref-close",
                         custom_attrs={"data-ref-close": ""}),
            class_name="tg-ref-head",
        ),
        rx.el.div(*[_section(game, s) for s in data.sections(game, mode)], class_name="tg-ref-body"),
        class_name="tg-ref-card", custom_attrs={"data-game": game, "data-mode": mode},
    )


def reference_sheet() -> rx.Component:
    """The sheet holding the room's game's card (closed until a ``data-ref-open`` is tapped)."""
    cards = [(g, by_mode(g, lambda m, g=g: card(g, m))) for g in data.games_with_cards()]
    return rx.fragment(
        rx.el.dialog(rx.match(S["game"], *cards, rx.fragment()), id=SHEET_ID, class_name="tg-ref",
                     custom_attrs={"aria-labelledby": "tg-ref-title"}),
        help_script(),
    )


def reference_button(id: str = "tg-ref-open") -> rx.Component:
    """The "?" button of a header (shown while the room's game has a card): opens the card."""
    has_card = rx.Var.create(list(data.games_with_cards())).contains(S["game"].to(str))
    return rx.cond(
        S["game"] & has_card,
        rx.el.button(
            rx.el.span("?", class_name="tg-ref-mark", aria_hidden="true"),
            rx.el.span(tr("ui.help.rules"), class_name="tg-ref-word"),
            type="button", class_name="tg-ref-open", id=id, title=tr("ui.help.open"),
            custom_attrs={**open_attrs(), "aria-label": tr("ui.help.open")},
        ),
    )

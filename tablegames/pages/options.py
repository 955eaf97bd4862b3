"""The options a table plays with, as every screen lists them (``Screen.options_in_force``:
each ``{"key", "label", "value", "value_label", "seat"}`` with i18n keys, from the engine's
schema; a ``seat`` value is shown as that player's name).

Only the lines that say something: a yes/no option at its default is left out (the engine
already leaves out advanced options at their default), and a duration in milliseconds reads
in seconds."""

from __future__ import annotations

import reflex as rx

from tablegames import games
from tablegames.engine import get_game
from tablegames.pages.common import OPTIONS_IN_FORCE, S, tr, tr_with
from tablegames.reflex_adapter import js_var, var_data_of
from tablegames.state.device import Device

# "game:key:value" of every yes/no option at its default: a line that tells nobody anything
# ("Teams: off"), left out of the lists (the create form still shows each one).
_QUIET = sorted(f"{g}:{o.key}:{str(o.default).lower()}" for g in games.names()
                for o in get_game(g).options_schema if o.kind == "bool")


def _in_seconds(ms: rx.Var) -> rx.Var:
    """A duration in milliseconds as seconds in the screen's language ("0.25", "0,25")."""
    return js_var(f"(Number({ms}) / 1000).toLocaleString({Device.language})", str,
                  var_data_of(ms, Device.language))


def _seat_name(seat: rx.Var) -> rx.Var:
    """The name of the player at engine seat ``seat``."""
    return (S["seats"].to(list[dict]).filter(lambda s: s["seat"].to(int) == seat.to(int))
            .map(lambda s: s["name"].to(str)).join(""))


def _line(option: rx.Var) -> rx.Component:
    named = option["value_label"].to(str) != ""
    # a duration in milliseconds (a key ending in _ms) reads in seconds, under a label
    # without "(ms)" (its catalog key + ".shown"); zero is "none"
    ms = option["key"].to(str).endswith("_ms")
    duration = rx.cond(option["value"].to(int) == 0, tr("ui.table.no_wait"),
                       tr_with("ui.table.seconds", seconds=_in_seconds(option["value"])))
    value = rx.cond(named, tr(option["value_label"].to(str)),
                    rx.cond(option["seat"].to(bool), _seat_name(option["value"]),
                            rx.cond(ms, duration, option["value"].to_string())))
    label = rx.cond(ms, tr(option["label"].to(str) + ".shown"), tr(option["label"].to(str)))
    return rx.el.li(tr_with("option.in_force", option=label, value=value),
                    custom_attrs={"data-option": option["key"].to(str)})


def _worth_saying(option: rx.Var) -> rx.Var:
    """Whether a line says something: not a yes/no option left at its default."""
    key = S["game"].to(str) + ":" + option["key"].to(str) + ":" + option["value"].to_string()
    return ~rx.Var.create(_QUIET).to(list[str]).contains(key)


def options_in_force(id: str = "options-in-force", lobby: bool = False) -> rx.Component:
    """The table's options in words ("Edition: Plus"), for every player; ``lobby``: the
    table's lobby, whose game block has its own picker for each lobby-stage option (so
    they are not listed twice)."""
    options = OPTIONS_IN_FORCE.to(list[dict]).filter(_worth_saying)
    if lobby:
        options = options.filter(lambda o: o["stage"].to(str) != "lobby")
    return rx.cond(
        OPTIONS_IN_FORCE,  # (not empty)
        rx.box(
            rx.text(tr("ui.options_in_force"), weight="bold", size="2"),
            rx.el.ul(rx.foreach(options, _line), class_name="tg-options"),
            id=id, class_name="tg-options-box",
        ),
    )

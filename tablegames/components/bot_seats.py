"""Bot seats on screens: the host adds bots in the lobby, a bot's mark beside its name,
the line saying why a game has none, the host's "Let a bot play" on a seat.

State: ``state/bots.py`` (``BotSeats``); the rooms layer decides who may do what.
"""

from __future__ import annotations

import reflex as rx

from tablegames.pages.common import S, tr
from tablegames.state.bots import BotSeats

INFO = BotSeats.bot_info
OFFERS = INFO["offers"].to(bool)
WHY = INFO["why"].to(str)


def bot_mark(seat: rx.Var, size: str = "2") -> rx.Component:
    """The bot mark (an icon and "Bot") beside the name of a seat (an engine seat) a bot plays."""
    return rx.cond(BotSeats.bot_places.contains(seat),
                   rx.text(rx.icon("bot", size=15, class_name="tg-bot-icon"), tr("ui.bots.mark"),
                           class_name="tg-bot-mark", size=size, custom_attrs={"data-bot": "1"}))


def _level_button(level: str) -> rx.Component:
    on = BotSeats.level == level
    return rx.button(tr(f"ui.bots.level.{level}"), size="2", type="button",
                     variant=rx.cond(on, "solid", "soft"), color_scheme=rx.cond(on, "amber", "gray"),
                     class_name="tg-tool tg-bot-level", custom_attrs={"data-level": level,
                                                                       "aria-pressed": rx.cond(on, "true", "false")},
                     on_click=BotSeats.pick_level(level))


def lobby_bots() -> rx.Component:
    """In the lobby: the host's "Add a bot" with its level (where the game has bots), or,
    for everyone, why this game has none."""
    return rx.cond(
        OFFERS,
        rx.cond(S["is_host"], rx.box(
            rx.box(
                rx.text(tr("ui.bots.level"), size="3", class_name="tg-bot-label"),
                rx.box(*[_level_button(lv) for lv in ("easy", "normal", "hard")], class_name="tg-bot-levels",
                       custom_attrs={"role": "group", "aria-label": tr("ui.bots.level")}),
                rx.button(rx.icon("bot", size=18), tr("ui.bots.add"), size="3", variant="solid", color_scheme="amber",
                          class_name="tg-tool", id="add-bot", on_click=BotSeats.add_bot),
                class_name="tg-bot-row",
            ),
            rx.text(tr("ui.bots.hint"), size="2", class_name="tg-muted"),
            class_name="tg-bots", id="bots", custom_attrs={"data-fit": "bots"},
        )),
        rx.cond(WHY != "", rx.text(tr(WHY), size="3", class_name="tg-muted tg-no-bots", id="no-bots")),
    )


def seat_bot_button(row: rx.Var) -> rx.Component:
    """The host's "Let a bot play" / "Stop the bot" on a seat (games with bots only)."""
    is_bot = row["bot"].to(str) != ""
    return rx.cond(OFFERS, rx.button(
        rx.cond(is_bot, tr("ui.bots.stop_bot"), tr("ui.bots.let_bot_play")),
        size="2", variant="soft", color_scheme="amber", class_name="tg-tool tg-seat-bot",
        on_click=BotSeats.set_bot(row["id"].to(int), ~is_bot)))

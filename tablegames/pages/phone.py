"""``/play/<code>``: a player's phone (portrait): join, wait, then the game's own screen.

The page is a slim one-line header (room code, game, language, menu) over the phone's
area, ``#phone-area``. During a game the game's own screen fills that area, right under
the header: its visible height is the CSS custom property ``--tg-phone-area-h`` (and its
width ``--tg-phone-area-w``), set on the page root ``.tg-phone`` by ``assets/phone.css``.
A game's phone screen fits its hand and buttons into that height and puts what is
secondary (events, the other players) after them; the table's options are behind the
menu. Before a seat: the name field (prefilled with the name this device used last), or,
for a late joiner, why they can't sit down and what they can do instead.

The game's screen comes from the registry (``tablegames.games``): this page names no game.
"""

from __future__ import annotations

import reflex as rx

from tablegames import games
from tablegames.components.countdown import turn_countdown
from tablegames.components.players import player_chips
from tablegames.components.reactions import reaction_menu, reaction_row
from tablegames.components.hints import first_time_hint
from tablegames.components.reference import reference_button, reference_sheet
from tablegames.components.seat_admin import host_watch, phone_notes, seats_button, seats_overlay
from tablegames.components.sound import cue_feed, mute_button
from tablegames.components.timers import every, vibrate_on_turn
from tablegames.components.wake_lock import wake_lock
from tablegames.i18n import LANGS
from tablegames.pages.common import ME, VIEW, VM, S, game_name, notice, tr, tr_with, turn_flag
from tablegames.pages.options import options_in_force
from tablegames.state.device import Device
from tablegames.state.player_name import PlayerName
from tablegames.state.room import RoomShared, Screen

# The header's language buttons: each language's own short name and name (the same in every
# language, so not in the catalogs).
LANG_SHORT = {"en": ("EN", "English"), "pt-BR": ("PT", "Português")}
CODE = Screen.room_code
BLOCK = S["join_block"].to(str)  # why a new player can't sit down now ("" they can: state/joining.py)


def lang_toggle() -> rx.Component:
    """One small button (44 px) that switches to the other language, named in that language
    ("PT", read out as "PT: Português", on an English screen)."""
    def button(code: str) -> rx.Component:
        short, name = LANG_SHORT[code]
        return rx.el.button(short, type="button", on_click=Device.set_language(code), id=f"lang-{code}",
                            class_name="tg-ph-lang", aria_label=f"{short}: {name}", title=name, lang=code)
        # (its name holds the visible "PT" too: a voice user says what they see)

    first, second = LANGS[0], LANGS[1]
    return rx.cond(Device.language == first, button(second), button(first))


def menu() -> rx.Component:
    """The header's menu: the table view (host), the table's options (during a game), the start page."""
    return rx.el.details(
        rx.el.summary(rx.icon("menu", size=22), rx.el.span(tr("ui.phone.menu"), class_name="tg-sr"),
                      class_name="tg-ph-menu-button", id="phone-menu"),
        rx.box(
            rx.cond(S["is_host"], rx.link(tr("ui.open_table"), href="/table/" + CODE, id="open-table",
                                          class_name="tg-ph-menu-item")),
            seats_button(phone=True),  # the host's seat actions (components/seat_admin.py)
            rx.cond(VIEW, options_in_force(id="menu-options")),
            rx.link(tr("ui.phone.start_page"), href="/", id="menu-home", class_name="tg-ph-menu-item"),
            class_name="tg-ph-menu-panel",
        ),
        class_name="tg-ph-menu",
    )


def header() -> rx.Component:
    """One line: the room code, the game's name (the turn timer's countdown while it
    runs), the language, the menu."""
    return rx.el.header(
        rx.text(CODE, as_="span", class_name="tg-ph-code", id="phone-code"),
        rx.cond(S["turn_left"], turn_countdown(),  # the turn timer, while it runs
                rx.text(game_name(), as_="span", class_name="tg-game-name tg-ph-game", id="game-name")),
        lang_toggle(),
        mute_button(),  # this device's sounds on/off (components/sound.py)
        rx.cond(VIEW & (ME >= 0), reaction_menu()),  # quick reactions to the table (components/reactions.py)
        reference_button(),  # the game's Reference Card (components/reference.py)
        menu(),
        class_name="tg-phone-header", custom_attrs={"data-fit": "phone-header"},
    )


def join_box(label: str = "ui.sit_down") -> rx.Component:
    """The name field to take a seat, filled in with the name this device used last."""
    return rx.form(
        rx.vstack(
            rx.el.label(  # holds its field: the label and the field are one tap target
                rx.el.span(tr("ui.your_name"), class_name="tg-ph-label"),
                rx.el.input(name="name", max_length=24, auto_complete="nickname", class_name="tg-input",
                            id="player-name", default_value=PlayerName.name, key=PlayerName.name),
                class_name="tg-field"),
            rx.cond(PlayerName.name != "",
                    rx.el.button(tr_with("ui.phone.not_you", name=PlayerName.name), type="button",
                                 on_click=PlayerName.forget, class_name="tg-ph-link", id="not-you")),
            rx.button(tr(label), type="submit", size="4", width="100%", id="sit-down", class_name="tg-ph-big"),
            spacing="3", width="100%",
        ),
        on_submit=[Screen.join, PlayerName.remember],
        width="100%", class_name="tg-panel", custom_attrs={"data-fit": "join"},
    )


def just_watch() -> rx.Component:
    """Under the name field: watch the table on this phone instead (``/watch/<code>``)."""
    return rx.link(tr("viewers.just_watch"), href="/watch/" + CODE, id="just-watch",
                   class_name="tg-ph-button tg-ph-button-quiet")


def _way_out(watch: bool = True) -> rx.Component:
    """What a phone that can't sit down can do: watch the table here, or go back to the start."""
    return rx.vstack(
        *([rx.link(tr("ui.phone.watch_table"), href="/watch/" + CODE, id="watch-table",
                   class_name="tg-ph-button")] if watch else []),
        rx.link(tr("ui.phone.start_page"), href="/", id="late-home", class_name="tg-ph-button tg-ph-button-quiet"),
        spacing="3", width="100%",
    )


def late_joiner(block: str) -> rx.Component:
    """The game is under way or every seat is taken: said before any name is typed."""
    return rx.box(
        rx.heading(tr(f"ui.phone.late.{block}"), size="6", as_="h1"),
        rx.text(tr(f"ui.phone.late.{block}_help")),
        _way_out(),
        id="late-joiner", class_name="tg-panel", custom_attrs={"data-block": block, "data-fit": "late-joiner"},
    )


def closed_table() -> rx.Component:
    """The host closed the table: a name can still be given, so the table lists it as asking."""
    asked = S["asking"].to(list[str]).contains(PlayerName.name) & (PlayerName.name != "")
    return rx.box(
        rx.heading(tr("ui.phone.late.table_locked"), size="6", as_="h1"),
        rx.cond(asked, rx.text(tr("ui.phone.late.asked"), id="asked"),
                rx.fragment(rx.text(tr("ui.phone.late.table_locked_help")), join_box("ui.phone.ask_to_join"))),
        _way_out(watch=False),
        id="late-joiner", class_name="tg-panel", custom_attrs={"data-block": "table_locked", "data-fit": "late-joiner"},
    )


def no_room() -> rx.Component:
    """No room to show: its notice says why (an unknown code, too many screens), once."""
    return rx.cond(
        Device.notice != "",
        rx.box(
            rx.heading(Device.notice, size="6", as_="h1", id="no-room-text"),
            _way_out(watch=False),
            id="no-room", class_name="tg-panel", custom_attrs={"data-fit": "no-room"},
        ),
    )


def waiting() -> rx.Component:
    """Seated, before the game: the game and its options, who is seated (this phone: "you")."""
    return rx.box(
        rx.heading(tr("ui.seated"), size="5", as_="h1"),
        rx.text(tr_with("ui.phone.you_will_play", game=game_name()), size="5", weight="bold", id="waiting-game"),
        options_in_force(),
        rx.text(tr("ui.players_seated"), weight="bold", size="2"),
        rx.cond(VM["players"], player_chips(VM["players"], mini=True, id="seated")),
        rx.text(tr("ui.waiting_host"), class_name="tg-ph-waiting"),
        reaction_row(id="reactions-waiting"),  # quick reactions to the table (components/reactions.py)
        id="waiting", class_name="tg-panel",
    )


def game_screen() -> rx.Component:
    """The phone screen of the room's game (each registered game's ``phone``), in the area
    whose height is ``--tg-phone-area-h``."""
    return rx.box(
        turn_flag(),
        rx.match(S["game"], *[(ui.name, games.load(ui.phone)()) for ui in games.entries()], rx.fragment()),
        id="game-area", class_name="tg-game-area",
    )


def seat_screen() -> rx.Component:
    """What a phone in a known room shows: how to sit down, the wait, or the game."""
    return rx.cond(
        ME < 0,
        rx.match(BLOCK, ("already_started", late_joiner("already_started")),
                 ("table_full", late_joiner("table_full")), ("table_locked", closed_table()),
                 ("wait_round", late_joiner("wait_round")), ("wait_game", late_joiner("wait_game")),
                 rx.fragment(join_box(), just_watch())),
        rx.cond(VIEW, game_screen(), waiting()),
    )


def phone_page() -> rx.Component:
    """The phone screen."""
    return rx.box(
        header(),
        notice(hide=~S["code"].to(bool)),  # without a room, the page itself says why (no_room)
        rx.el.main(
            rx.cond(S["removed"].to(bool),
                    rx.callout(tr("error.removed"), icon="user_x", color_scheme="orange", id="removed", width="100%")),
            phone_notes(),  # its seat moved on, the table played for it (components/seat_admin.py)
            rx.cond(S["code"], seat_screen(), no_room()),
            class_name="tg-phone-area", id="phone-area",
        ),
        vibrate_on_turn(),  # where the device can
        cue_feed(), wake_lock(),  # sounds to play; the screen stays awake during a game
        # Keeps this tab's state (and its seat) alive on the server while the page is open.
        every(Screen.keepalive_ms, Screen.heartbeat),
        reference_sheet(), first_time_hint(),  # help in the app (components/reference.py, hints.py)
        seats_overlay(), host_watch(),  # the host's seat actions; the host moves on (components/seat_admin.py)
        class_name="tg-phone-bg tg-phone",
    )


ON_LOAD = [RoomShared.link, Screen.open_phone]  # open_phone adds the room's game's own (its on_open)

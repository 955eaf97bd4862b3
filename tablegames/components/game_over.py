"""The end of every game: the winner big, the final standings, the points target, this
phone's own place, a short celebration, and the host's Rematch and Another game.

Reads the view model's ``game_over`` (None while the game runs), built for every game by
``tablegames.games.standings.game_over``: ``title``, ``headline``, ``target``, ``lines``
(``place``, ``name``, ``score``, ``winner``, ``me``, ``detail``), ``my_place``,
``my_score``, ``my_winner``, ``celebrate``.

The ending is a curtain over the game's screen (``.tg-end``, assets/endings.css), centred
and sized to be read across a room; "See the table" folds it into a chip, so the final
board stays in reach. The celebration is CSS only and plays once; with
``prefers-reduced-motion`` it does not move.
"""

from __future__ import annotations

import reflex as rx

from tablegames import games
from tablegames.components.fields import field
from tablegames.components.history import history_panel
from tablegames.components.reactions import reaction_row
from tablegames.pages.common import S, tr
from tablegames.pages.landing import game_options
from tablegames.state.landing import LandingForm
from tablegames.state.room import Screen

__all__ = ["game_over_panel", "celebration", "another_game", "trophy"]

CONFETTI = 24  # pieces of the burst
TROPHY = "/endings-trophy.svg"
LONG_HEADLINE = 16  # characters: a longer headline ("Ana and Bia share the win!") is set smaller
_HUES = (48, 8, 145, 205, 280, 330)  # gold, red, green, blue, purple, pink


def celebration() -> rx.Component:
    """A burst of confetti over the screen, once (``aria-hidden``: it says nothing).

    Each piece gets its own direction, spin, delay and colour as CSS variables; the motion
    itself is in assets/endings.css.
    """
    pieces = []
    for i in range(CONFETTI):
        angle = (i * 137.5) % 360  # spread around the circle (the golden angle)
        pieces.append(rx.el.span(class_name="tg-confetti-piece", style={
            "--a": f"{angle:.1f}deg", "--d": f"{38 + (i * 7) % 24}vmin", "--s": f"{(i * 53) % 720 - 360}deg",
            "--t": f"{(i % 6) * 0.06:.2f}s", "--h": str(_HUES[i % len(_HUES)]),
        }))
    return rx.box(*pieces, class_name="tg-confetti", custom_attrs={"aria-hidden": "true"}, id="celebration")


def trophy(class_name: str) -> rx.Component:
    """The winner's cup (assets/endings-trophy.svg), decorative: the words say who won."""
    return rx.image(src=TROPHY, alt="", class_name=class_name, custom_attrs={"aria-hidden": "true"})


def _line(line: rx.Var) -> rx.Component:
    winner, me = line["winner"].to(bool), line["me"].to(bool)
    return rx.el.tr(
        rx.el.td(line["place"].to(str), class_name="tg-end-place"),
        rx.el.td(
            rx.el.span(line["name"].to(str), class_name="tg-end-name"),
            rx.cond(winner, trophy("tg-end-cup")),
            rx.cond(me, rx.el.span(tr("ui.endings.you"), class_name="tg-end-you")),
            rx.cond(line["detail"].to(str) != "",
                    rx.el.div(line["detail"].to(str), class_name="tg-end-detail")),
        ),
        rx.el.td(line["score"].to(str), class_name="tg-end-score"),
        class_name=rx.cond(winner, "tg-winner", "") + rx.cond(me, " tg-end-me", ""),
        custom_attrs={"data-seat": line["seat"].to(int).to_string()},
    )


def _standings(over: rx.Var) -> rx.Component:
    return rx.el.table(
        rx.el.caption(tr("ui.endings.standings")),
        rx.el.thead(rx.el.tr(rx.el.th(tr("ui.endings.place"), scope="col"),
                             rx.el.th(tr("ui.endings.player"), scope="col"),
                             rx.el.th(tr("ui.endings.score"), scope="col"))),
        rx.el.tbody(rx.foreach(over["lines"].to(list[dict]), _line)),
        class_name="tg-scores tg-end-table", id="final-scores",
    )


# Folds "Another game" away again and brings the results back into view (in the browser).
_CLOSE_ANOTHER = ("(() => { const s = document.getElementById('another-game'); if (!s) return;"
                  " s.parentElement.open = false; s.focus();"
                  " const end = document.getElementById('ending'); if (end) end.scrollTop = 0; })()")


def another_game() -> rx.Component:
    """The host's Another game: the create page's game picker and schema-driven options
    (``pages/landing.game_options``), for the same seats (``Screen.change_game``).

    Opening it picks the room's own game, so "same game, other options" is one tap away;
    its Back (at the top, in sight while the form scrolls) and Cancel fold it away again.
    """
    names = games.names()
    return rx.el.details(
        rx.el.summary(tr("ui.endings.another_game"), class_name="tg-end-button tg-end-soft", id="another-game",
                      on_click=LandingForm.choose_game(S["game"].to(str))),
        rx.form(
            rx.vstack(
                # Back to the results (the form is long: it stays in sight while it scrolls)
                rx.el.button(rx.icon("arrow-left", size=22, aria_hidden="true"), tr("ui.endings.back"),
                             type="button", class_name="tg-end-back", id="another-game-back",
                             on_click=rx.call_script(_CLOSE_ANOTHER)),
                rx.text(tr("ui.endings.another_game_help"), size="3"),
                field("ui.game", rx.el.select(
                    *[rx.el.option(tr(f"game.{g}"), value=g) for g in names],
                    name="game", value=LandingForm.new_game, on_change=LandingForm.choose_game,
                    class_name="tg-select", id="next-game")),
                rx.match(LandingForm.new_game, *[(g, game_options(g)) for g in names[1:]],
                         game_options(names[0])),
                rx.hstack(
                    rx.button(tr("ui.cancel"), type="button", size="4", color_scheme="gray", variant="soft",
                              id="another-game-cancel", on_click=rx.call_script(_CLOSE_ANOTHER)),
                    rx.button(tr("ui.endings.switch"), type="submit", size="4", id="switch-game",
                              class_name="tg-end-switch"),
                    spacing="3", width="100%", class_name="tg-end-form-buttons",
                ),
                spacing="3", width="100%",
            ),
            on_submit=Screen.change_game, width="100%", id="another-game-form",
        ),
        class_name="tg-end-another",
    )


def _results(over: rx.Var, is_host: rx.Var | bool, extras: tuple[rx.Component, ...]) -> list[rx.Component]:
    """The standings and, on the table, the earlier games beside them where the screen is
    wide; a game's extras (a victory card) first, the other two then in one column."""
    results = [_standings(over), *([] if is_host is False else [history_panel("history-end")])]
    if not extras:
        return results
    return [rx.box(*extras, class_name="tg-end-extras"), rx.box(*results, class_name="tg-end-results")]


def _host(is_host: rx.Var | bool) -> rx.Component:
    if is_host is False:  # a phone's panel: the host acts on the table; the players cheer
        return rx.fragment(
            rx.text(tr("ui.endings.host_decides"), class_name="tg-end-next", id="end-next"),
            reaction_row(id="reactions-ending", buttons="react-end", fit=False),
        )
    return rx.cond(is_host, rx.vstack(
        rx.text(tr("ui.endings.what_next"), class_name="tg-end-kicker"),
        rx.button(tr("ui.rematch"), size="4", on_click=Screen.host("rematch", -1), id="rematch",
                  class_name="tg-end-button"),
        another_game(),
        spacing="3", align="center", width="100%", class_name="tg-end-host",
    ))


def game_over_panel(game_over: rx.Var, is_host: rx.Var | bool = False, *extras: rx.Component) -> rx.Component:
    """The ending as a curtain over the game (``#game-over`` holds the title and the winner).

    Args:
        game_over: the view model's ``game_over`` (a dict, or None while playing).
        is_host: whether this screen is the host's (the table's ``S["is_host"]``); False
            leaves the host's buttons out of the page (a phone's).
        extras: a game's own pieces shown under the winner (a Victory Card).
    """
    over = game_over.to(dict)
    mine = over["my_place"].to(str) != ""
    return rx.cond(
        game_over,
        rx.el.details(
            rx.el.summary(
                rx.el.span(tr("ui.endings.see_game"), class_name="tg-end-when-open"),
                rx.el.span(trophy("tg-end-cup"), over["headline"].to(str), class_name="tg-end-when-closed"),
                class_name="tg-end-fold", id="end-fold",
            ),
            rx.cond(over["celebrate"].to(bool), celebration()),
            rx.vstack(
                rx.box(
                    rx.text(over["title"].to(str), class_name="tg-end-kicker"),
                    rx.cond(mine, rx.text(over["my_place"].to(str), id="my-place",
                                          class_name=rx.cond(over["my_winner"].to(bool),
                                                             "tg-end-mine tg-end-mine-won", "tg-end-mine"))),
                    rx.cond(mine, rx.text(over["my_score"].to(str), class_name="tg-end-my-score", id="my-score")),
                    rx.cond(over["headline"].to(str) != "", rx.el.div(
                        trophy("tg-end-trophy"),
                        rx.el.span(over["headline"].to(str)),
                        class_name=rx.cond(over["headline"].to(str).length() > LONG_HEADLINE,
                                           "tg-end-headline tg-end-long", "tg-end-headline"),
                        id="winner")),
                    id="game-over", class_name="tg-end-top",
                ),
                rx.cond(over["target"].to(str) != "", rx.text(over["target"].to(str), class_name="tg-end-target",
                                                              id="end-target")),
                rx.box(*_results(over, is_host, extras), class_name="tg-end-body"),
                _host(is_host),
                spacing="4", align="center", class_name="tg-end-card",
            ),
            open=True,
            class_name=rx.cond(mine, "tg-end tg-end-phone", "tg-end"),
            id="ending",
            custom_attrs={"data-fit-layer": "ending"},  # a curtain over the game (the layout harness)
        ),
    )

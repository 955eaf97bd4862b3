"""Faces (the emotions game) on the table screen, and the pieces the phone shares with it.

Main game: pass progress ("2 of 3 ready", never which card), who called STOP, who is making
a face, whose guess it is and the guesses so far, the revealed last face, the cards each
player has won (under their name), events. Memory: the grid, with cards turning over in a
CSS transition (assets/faces.css), whose turn it is, who makes the face, the last try.

The table gets the table's view only (``view(state, None)``): no hand, no chosen card, no
mimed emotion before it is revealed, no peeked card.

Also here: :func:`faces_lobby`, the lobby block where the host names the oldest player (the
rulebook's tie-breaker for simultaneous STOPs and Memory's first player).
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.vars.base import Var
from reflex.vars.sequence import StringVar

from tablegames.games.faces.art import face_back, face_card, face_url
from tablegames.pages.common import VIEW, S, as_list, as_players, online_dot, tr
from tablegames.state.room import Screen

PLAYERS = as_players()
N_PLAYERS = PLAYERS.length()
PHASE = VIEW["phase"].to(str)
EMOTIONS = tuple(range(1, 14))


# -- small helpers (shared with faces_phone) -------------------------------------------------

def text_of(value: Any) -> Any:
    """A value as text for a sentence: names stay as they are, numbers become digits."""
    if isinstance(value, (str, StringVar)):
        return value
    return value.to_string()


def fmt(key: str, **params: Any) -> StringVar:
    """``tr(key)`` with its ``{name}`` placeholders filled in (in the browser)."""
    text = tr(key)
    for name, value in params.items():
        text = text.replace("{" + name + "}", text_of(value))
    return text


def name_of(seat: Var) -> StringVar:
    """A seat's player name."""
    return PLAYERS[seat.to(int)]["name"].to(str)


def names_of(seats: Var) -> StringVar:
    """Several seats' names, comma separated."""
    return as_list(seats, int).map(lambda s: PLAYERS[s]["name"].to(str)).join(", ")


def emotion_name(n: Var | int) -> StringVar:
    """The emotion's name in this screen's language (``emotion.<n>`` of faces.json)."""
    if isinstance(n, int):
        return tr(f"emotion.{n}")
    return Screen.tr["emotion." + n.to_string()].to(str)


def emotion_hint(n: Var) -> StringVar:
    """How to make the face (``emotion.<n>.hint``)."""
    return Screen.tr["emotion." + n.to_string() + ".hint"].to(str)


def event_line(event: Var, line: Var) -> Var:
    """One event as a sentence.

    The server's line names players; Faces texts also name an emotion (``{emotion}``),
    which the server leaves as a number: those lines are filled in here from the
    catalog (``event.faces.<type>``, ``emotion.<n>``).
    """
    emotion = event["emotion"]
    template = Screen.tr["event.faces." + event["type"].to(str)].to(str)
    filled = (template.replace("{emotion}", emotion_name(emotion))
              .replace("{player}", name_of(event["seat"]))
              .replace("{by}", name_of(event["by"])))
    return rx.cond(emotion, filled, line)


def event_lines(size: str = "5", class_name: str = "tg-events fc-events", id: str = "events") -> rx.Component:
    """The last move's events as sentences."""
    lines = as_list(S["event_lines"])
    return rx.vstack(
        rx.foreach(as_list(VIEW["events"], dict),
                   lambda ev, i: rx.text(event_line(ev, lines[i]), size=size)),
        class_name=class_name, id=id, spacing="1",
    )


def guess_list(size: str = "table") -> rx.Component:
    """The guesses of the face being made: who guessed what (all wrong until one is right)."""
    def chip(g: Var) -> rx.Component:
        right = g["correct"].to(bool)
        return rx.box(
            rx.text(name_of(g["seat"]), weight="bold"),
            face_card(g["emotion"].to(int), size="mini"),
            rx.text("“", emotion_name(g["emotion"]), "”"),
            rx.text(rx.cond(right, "✓ ", "✗ "), rx.cond(right, tr("ui.faces.right"), tr("ui.faces.wrong")),
                    class_name="fc-verdict"),
            class_name=rx.cond(right, "fc-guess right", "fc-guess"),
            custom_attrs={"data-seat": g["seat"].to_string(), "data-emotion": g["emotion"].to_string()},
        )

    return rx.flex(
        rx.foreach(as_list(VIEW["guesses"], dict), chip),
        wrap="wrap", spacing="2", justify="center",
        class_name=f"fc-guesses fc-guesses-{size}", id="faces-guesses",
    )


def won_pile(count: Var) -> rx.Component:
    """The cards a player has won, as a small pile under the name, and the number."""
    return rx.hstack(
        rx.box(rx.foreach(Var.range(count.to(int)), lambda _: rx.box(class_name="fc-won-card")),
               class_name="fc-won-pile"),
        rx.text(count.to_string(), class_name="fc-won-count"),
        rx.text(tr("ui.faces.won"), size="2"),
        align="center", spacing="2", class_name="fc-won",
    )


def standings(id: str = "scores") -> rx.Component:
    """Final scores: cards won per player, winners marked."""
    winners = as_list(VIEW["winners"], int)
    return rx.el.table(
        rx.el.thead(rx.el.tr(rx.el.th(tr("ui.player")), rx.el.th(tr("ui.faces.score")))),
        rx.el.tbody(rx.foreach(PLAYERS, lambda p: rx.el.tr(
            rx.el.td(p["name"].to(str), rx.cond(winners.contains(p["seat"].to(int)), " ★", "")),
            rx.el.td(p["won"].to_string()),
            custom_attrs={"data-seat": p["seat"].to_string()},
        ))),
        class_name="tg-scores", id=id,
    )


def game_over_panel(host_buttons: bool) -> rx.Component:
    """Game over: the winners and the scores (the host may start a rematch from the table)."""
    return rx.vstack(
        rx.heading(tr("ui.game_over"), size="8", id="game-over"),
        rx.text(tr("ui.faces.winners"), ": ", names_of(VIEW["winners"]), class_name="fc-big", id="faces-winners"),
        standings(),
        rx.cond(host_buttons & S["is_host"].to(bool),
                rx.button(tr("ui.rematch"), size="4", on_click=Screen.host("rematch", -1), id="rematch")),
        spacing="4", align="center",
    )


# -- the Memory grid (table and phones) ------------------------------------------------------

SHOWN_CARDS = as_list(VIEW["shown"].to(dict)["cards"], dict)


def grid_cell(place: Var, tap: Any = None, tappable: Var | bool = False) -> rx.Component:
    """One place of the Memory grid; turns over with a CSS transition when its card does.

    A card of the last try (``shown``) stays face up until the next card is lifted, so
    everybody sees both cards before they go back face down.
    """
    pos = place["pos"].to(int)
    face = place["face"].to(str)
    from_shown = rx.cond(SHOWN_CARDS[0]["pos"].to(int) == pos, SHOWN_CARDS[0]["emotion"].to(int),
                         rx.cond(SHOWN_CARDS[1]["pos"].to(int) == pos, SHOWN_CARDS[1]["emotion"].to(int), 0))
    emotion = rx.cond(face == "up", place["emotion"].to(int), from_shown).to(int)
    lifted = place["lifted"].to(bool)
    classes = ("fc-cell fc-" + face
               + rx.cond(emotion, " up", "")
               + rx.cond(lifted, " lifted", "")
               + rx.cond((face != "up") & emotion,
                         rx.cond(VIEW["shown"].to(dict)["pair"].to(bool), " shown pair", " shown miss"), "")
               + rx.cond(tappable, " tap", ""))
    inner = rx.el.div(
        rx.el.div(rx.el.img(src="/faces/back.svg", alt="", draggable=False), class_name="fc-side fc-back"),
        rx.el.div(
            rx.cond(emotion, rx.fragment(
                rx.el.img(src=face_url(emotion), alt="", draggable=False),
                rx.el.span(emotion_name(emotion)),
            )),
            class_name="fc-side fc-front",
        ),
        rx.cond(lifted, rx.el.span(tr("ui.faces.memory.lifted"), class_name="fc-lifted-tag")),
        class_name="fc-inner",
    )
    attrs = {"data-pos": pos.to_string(), "data-face": face, "data-emotion": emotion.to_string()}
    if tap is None:
        return rx.el.div(inner, class_name=classes, id="cell-" + pos.to_string(), custom_attrs=attrs)
    return rx.el.button(inner, class_name=classes, id="cell-" + pos.to_string(), custom_attrs=attrs,
                        type="button", disabled=~tappable, on_click=tap(pos))


def memory_grid(where: str, tap: Any = None, tappable: Any = None) -> rx.Component:
    """The grid, ``cols`` x ``rows``; ``tap(pos)`` / ``tappable(place)`` for the active phone."""
    grid = VIEW["grid"].to(dict)
    cols = grid["cols"].to(int)
    return rx.box(
        rx.foreach(as_list(grid["places"], dict),
                   lambda place: grid_cell(place, tap, tappable(place) if tappable else False)),
        class_name=rx.cond(cols == 7, f"fc-grid fc-grid-7 fc-grid-{where}", f"fc-grid fc-grid-5 fc-grid-{where}"),
        id="faces-grid",
        custom_attrs={"data-cards": grid["cards"].to_string()},
    )


# -- main game ------------------------------------------------------------------------------

READY = as_list(VIEW["pass"].to(dict)["ready"], int)
STOPS = as_list(VIEW["stops"], int)
LAST = VIEW["last_round"].to(dict)


def badge(text: Any, kind: str) -> rx.Component:
    return rx.el.span(text, class_name=f"fc-badge fc-badge-{kind}")


def main_player(p: Var) -> rx.Component:
    """A seat: name, online, oldest; ready / STOP / making the face / guessing; won cards."""
    seat = p["seat"].to(int)
    is_mimer = VIEW["mimer"].to(int) == seat
    is_guesser = VIEW["guesser"].to(int) == seat
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), class_name="fc-name"), online_dot(seat), align="center", spacing="2"),
        rx.flex(
            rx.cond(VIEW["oldest"].to(int) == seat, badge(tr("ui.faces.oldest_badge"), "oldest")),
            rx.cond(PHASE == "passing",
                    rx.cond(READY.contains(seat), badge("✓ " + tr("ui.faces.ready"), "ready"),
                            badge(tr("ui.faces.choosing"), "wait"))),
            rx.cond(STOPS.contains(seat), badge(tr("ui.faces.stop"), "stop")),
            rx.cond(is_mimer, badge(tr("ui.faces.mimer"), "face")),
            rx.cond(is_guesser, badge(tr("ui.faces.guessing"), "guess")),
            wrap="wrap", spacing="1", class_name="fc-badges",
        ),
        rx.hstack(rx.box(class_name="fc-card-icon"), rx.text(p["cards"].to_string(), " ", tr("ui.faces.in_hand"), size="3"),
                  align="center", spacing="2", class_name="fc-in-hand"),
        won_pile(p["won"]),
        class_name=rx.cond(is_mimer, "fc-player mimer", rx.cond(is_guesser, "fc-player guesser", "fc-player")),
        id="faces-player-" + seat.to_string(),
        custom_attrs={"data-won": p["won"].to_string(), "data-cards": p["cards"].to_string(),
                      "data-ready": rx.cond(READY.contains(seat), "1", "0")},
    )


def pass_progress() -> rx.Component:
    """Pass k: n of m ready (who is ready, never which card)."""
    pas = VIEW["pass"].to(dict)
    return rx.vstack(
        rx.text(fmt("ui.faces.pass_round", round=pas["round"].to(int)), class_name="fc-mid"),
        rx.text(fmt("ui.faces.ready_count", count=pas["ready_count"].to(int), total=pas["total"].to(int)),
                class_name="fc-big", id="faces-ready",
                custom_attrs={"data-ready": pas["ready_count"].to_string()}),
        rx.hstack(rx.foreach(PLAYERS, lambda p: rx.box(
            class_name=rx.cond(READY.contains(p["seat"].to(int)), "fc-dot on", "fc-dot"))), spacing="2"),
        align="center", spacing="2", id="faces-passing",
    )


def stopping_panel() -> rx.Component:
    return rx.vstack(
        rx.text(tr("ui.faces.stop"), class_name="fc-stop-shout"),
        rx.text(fmt("ui.faces.stop_by", players=names_of(VIEW["stops"])), class_name="fc-mid", id="faces-stops"),
        rx.text(tr("ui.faces.stopping_wait"), size="4"),
        align="center", spacing="2", id="faces-stopping",
    )


def guessing_panel() -> rx.Component:
    """Who makes the face, whose guess it is, the guesses so far."""
    return rx.vstack(
        rx.text(fmt("ui.faces.making_face", player=name_of(VIEW["mimer"])), class_name="fc-big",
                id="faces-mimer"),
        rx.text(tr("ui.faces.look"), size="4"),
        rx.cond(VIEW["guesser"].is_not_none(),
                rx.text(fmt("ui.faces.guess_now", player=name_of(VIEW["guesser"])), class_name="fc-guess-now",
                        id="faces-guesser")),
        rx.cond(as_list(VIEW["guesses"], dict).length() > 0, guess_list("table")),
        rx.cond(as_list(VIEW["queue"], int).length() > 0,
                rx.text(fmt("ui.faces.still_to_mime", players=names_of(VIEW["queue"])), size="3")),
        align="center", spacing="3", id="faces-guessing",
    )


def last_round_panel() -> rx.Component:
    """The face just guessed (or not), shown to everyone so children learn it."""
    emotion = LAST["emotion"].to(int)
    return rx.cond(
        VIEW["last_round"] & (PHASE != "guessing"),
        rx.vstack(
            rx.text(tr("ui.faces.last_face"), size="4"),
            face_card(emotion, size="table", label=emotion_name(emotion)),
            rx.text(rx.cond(LAST["winner"].is_not_none(),
                            fmt("ui.faces.guessed_by", player=name_of(LAST["winner"])),
                            tr("ui.faces.nobody")),
                    size="4", weight="bold"),
            align="center", spacing="2", id="faces-last-round",
            custom_attrs={"data-emotion": emotion.to_string()},
        ),
    )


def pile_panel() -> rx.Component:
    return rx.vstack(
        face_back("hand"),
        rx.text(tr("ui.faces.draw_pile"), ": ", VIEW["pile_count"].to_string(), size="4", id="faces-pile"),
        rx.cond(VIEW["out_count"].to(int) > 0,
                rx.text(tr("ui.faces.in_box"), ": ", VIEW["out_count"].to_string(), size="2")),
        align="center", spacing="2",
    )


def main_table() -> rx.Component:
    return rx.vstack(
        rx.flex(rx.foreach(PLAYERS, main_player), wrap="wrap", spacing="3", justify="center", width="100%"),
        rx.cond(
            PHASE == "game_over",
            game_over_panel(True),
            rx.hstack(
                pile_panel(),
                rx.box(
                    rx.match(PHASE, ("passing", pass_progress()), ("stopping", stopping_panel()),
                             ("guessing", guessing_panel()), rx.fragment()),
                    class_name="fc-center",
                ),
                last_round_panel(),
                spacing="6", align="center", justify="center", width="100%",
            ),
        ),
        event_lines(),
        spacing="5", width="100%", align="center",
    )


# -- Memory ---------------------------------------------------------------------------------

def memory_player(p: Var) -> rx.Component:
    seat = p["seat"].to(int)
    active = VIEW["active"].to(int) == seat
    mimer = VIEW["mimer"].to(int) == seat
    return rx.box(
        rx.hstack(rx.text(p["name"].to(str), class_name="fc-name"), online_dot(seat), align="center", spacing="2"),
        rx.hstack(
            won_pile(p["won"]),
            rx.flex(
                rx.cond(VIEW["oldest"].to(int) == seat, badge(tr("ui.faces.oldest_badge"), "oldest")),
                rx.cond(active, badge("▶ " + tr("ui.faces.memory.active"), "guess")),
                rx.cond(mimer, badge(tr("ui.faces.mimer"), "face")),
                wrap="wrap", spacing="1", class_name="fc-badges",
            ),
            align="center", spacing="3",
        ),
        class_name=rx.cond(active, "fc-player compact guesser",
                           rx.cond(mimer, "fc-player compact mimer", "fc-player compact")),
        id="faces-player-" + seat.to_string(),
        custom_attrs={"data-won": p["won"].to_string()},
    )


def memory_status() -> rx.Component:
    """What happens now, in one big sentence."""
    active = name_of(VIEW["active"])
    return rx.box(
        rx.match(
            PHASE,
            ("pick", rx.text(fmt("ui.faces.memory.pick", player=active))),
            ("decide", rx.vstack(
                rx.text(fmt("ui.faces.memory.decide", mimer=name_of(VIEW["mimer"]), player=active)),
                rx.text(fmt("ui.faces.memory.decide_more", player=active), class_name="fc-mid"),
                spacing="1")),
            ("flip", rx.text(fmt("ui.faces.memory.flip", player=active))),
            rx.fragment(),
        ),
        class_name="fc-big fc-memory-status", id="faces-status",
        custom_attrs={"data-phase": PHASE},
    )


def last_try() -> rx.Component:
    """The two cards of the last try, pair or not."""
    shown = VIEW["shown"].to(dict)
    return rx.cond(
        VIEW["shown"],
        rx.hstack(
            rx.hstack(rx.foreach(SHOWN_CARDS, lambda c: face_card(c["emotion"].to(int), size="hand",
                                                                 label=emotion_name(c["emotion"]))),
                      spacing="2"),
            rx.vstack(
                rx.text(tr("ui.faces.memory.last_turn"), ": ", name_of(shown["seat"]), size="3"),
                rx.text(rx.cond(shown["pair"].to(bool), fmt("ui.faces.memory.pair", player=name_of(shown["seat"])),
                                tr("ui.faces.memory.miss")), weight="bold", size="4"),
                spacing="1",
            ),
            align="center", spacing="4", id="faces-last-try",
            class_name=rx.cond(shown["pair"].to(bool), "fc-last-try pair", "fc-last-try miss"),
            custom_attrs={"data-pair": rx.cond(shown["pair"].to(bool), "1", "0")},
        ),
    )


def memory_table() -> rx.Component:
    grid = VIEW["grid"].to(dict)
    return rx.cond(
        PHASE == "game_over",
        rx.vstack(game_over_panel(True), memory_grid("table"), event_lines(), spacing="5", align="center",
                  width="100%"),
        rx.hstack(
            memory_grid("table"),
            rx.vstack(
                memory_status(),
                rx.flex(rx.foreach(PLAYERS, memory_player), wrap="wrap", spacing="2"),
                rx.hstack(
                    rx.text(fmt("ui.faces.memory.cards_left", count=grid["cards"].to(int)), size="3"),
                    rx.text(tr("ui.faces.memory.penalty_pile"), ": ", VIEW["pile_count"].to_string(), size="3"),
                    spacing="4",
                ),
                last_try(),
                event_lines("3"),
                spacing="4", class_name="fc-side-panel",
            ),
            spacing="5", align="start", justify="center", width="100%",
        ),
    )


def faces_table() -> rx.Component:
    """The Faces table during a game (main game or Memory)."""
    return rx.box(rx.cond(VIEW["variant"] == "memory", memory_table(), main_table()),
                  class_name="fc-table", width="100%")


# -- lobby ------------------------------------------------------------------------------------

def _number(value: Var) -> Var:
    """A select's value (text) as a number, in the browser."""
    return Var(_js_expr=f"Number({value})", _var_type=int, _var_data=value._get_all_var_data())


def faces_lobby() -> rx.Component:
    """Lobby, Faces only: the version, and who is the oldest player (the host chooses)."""
    options = S["options"].to(dict)
    oldest = options.get("oldest", 0).to(int)
    seats = as_list(S["seats"], dict)
    oldest_name = seats.filter(lambda s: s["seat"].to(int) == oldest).map(lambda s: s["name"].to(str)).join("")
    return rx.cond(
        S["game"] == "faces",
        rx.card(
            rx.vstack(
                rx.text(tr("ui.faces.variant"), ": ", Screen.tr["variant." + options.get("variant", "main").to(str)],
                        size="4", id="faces-lobby-variant"),
                rx.text(tr("ui.faces.oldest"), size="5", weight="bold"),
                rx.text(tr("ui.faces.oldest_help"), size="3"),
                rx.cond(
                    S["is_host"].to(bool),
                    rx.el.select(
                        rx.foreach(seats, lambda s: rx.el.option(s["name"].to(str), value=s["seat"].to_string())),
                        value=oldest.to_string(),
                        on_change=lambda value: Screen.set_option("oldest", _number(value)),
                        class_name="tg-select fc-oldest-select", id="faces-oldest",
                    ),
                    rx.text(oldest_name, size="5", weight="bold", id="faces-oldest-name"),
                ),
                spacing="2", width="100%",
            ),
            class_name="fc-lobby", id="faces-lobby",
            custom_attrs={"data-oldest": oldest.to_string()},
        ),
    )

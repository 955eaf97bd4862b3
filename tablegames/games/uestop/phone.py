"""UeStop! on a phone: the Category Card, a huge SLAP pad, answers (typed or said aloud),
votes, give up, discard agreement and the Tudo Junto choices.

Also the clock pieces both UeStop! screens use (:func:`clock_probe`): a hidden ping button
clicked by a small loop (:data:`CLOCK_JS`) that estimates this device's clock offset (see
``games/uestop/state.py``), and the reveal countdown: an element with ``data-ues-at`` (server
time, ms) is marked ``data-pending="1"`` until this device's corrected clock reaches it,
so every screen shows the revealed card at the same moment.
"""

from __future__ import annotations

import reflex as rx
from reflex.vars.base import Var
from reflex_base.components.component import field
from reflex_components_core.el.elements.forms import Button

from tablegames.games.uestop.cards import (
    hidden_card,
    number_card,
    won_card,
    word_card,
)
from tablegames.pages.common import ME, VIEW, S, as_list, as_players, tr
from tablegames.state.room import Screen
from tablegames.games.uestop.state import NOW_JS, UeStopClock, UeStopUI

PLAYERS = as_players()
PHASE = VIEW["phase"].to(str)
CAN = as_list(VIEW["can"])
MY = VIEW["me"].to(dict)
RACE = VIEW["race"].to(dict)
TAPS = as_list(RACE["taps"], dict)
ANSWER = VIEW["answer"].to(dict)
VOTES = VIEW["votes"].to(dict)
STYLE = VIEW["answer_style"].to(str)
LANG = Screen.language
ANSWERER = VIEW["answerer"].to(int)
ANSWERER_NAME = PLAYERS[ANSWERER]["name"].to(str)
OPENER_NAME = PLAYERS[VIEW["opener"].to(int)]["name"].to(str)

# The clock loop: pings quickly at first (10 samples in ~3 s), then every 2 s; quiet
# during a race (a ping must not queue in front of a tap on a slow uplink) and while the
# page is hidden. Every frame it also runs the reveal countdown.
CLOCK_JS = """
(() => {
  if (window.__uesClock) return; window.__uesClock = true;
  window.tgClock = window.tgClock || (() => performance.timeOrigin + performance.now());
  let pings = 0;
  const ping = () => {
    const btn = document.getElementById('ues-ping');
    const quiet = document.querySelector('[data-ues-quiet="1"]');
    if (btn && !quiet && document.visibilityState !== 'hidden') { btn.click(); pings += 1; }
    setTimeout(ping, pings < 10 ? 300 : 2000);
  };
  setTimeout(ping, 300);
  const frame = () => {
    const clock = document.getElementById('ues-clock');
    const synced = !!clock && clock.dataset.synced === '1';
    const offset = synced ? parseFloat(clock.dataset.offset) || 0 : 0;
    const now = window.tgClock() + offset;
    document.querySelectorAll('[data-ues-at]').forEach((el) => {
      const at = parseFloat(el.dataset.uesAt);
      const left = synced && isFinite(at) ? at - now : 0;
      const pending = left > 0 && left < 10000;
      const flag = pending ? '1' : '0';
      if (el.dataset.pending !== flag) el.dataset.pending = flag;
      const count = pending ? String(Math.ceil(left / 1000)) : '';
      if (el.dataset.count !== count) el.dataset.count = count;
    });
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

NOW = Var(_js_expr=NOW_JS, _var_type=float)
LAST_PONG = Var(_js_expr="(window.__uesLast || null)", _var_type=list)


def trv(prefix: str, suffix: Var) -> Var:
    """The translation of ``prefix + suffix`` where the suffix comes from the view."""
    return Screen.tr[prefix + suffix.to(str)].to(str)


def clock_probe(quiet: Var | bool = False) -> rx.Component:
    """Hidden: the ping button, this device's clock estimate (for the countdown script and
    the tests) and the script itself (run once when the game screen mounts)."""
    return rx.box(
        rx.el.button(id="ues-ping", type="button", on_click=UeStopClock.ping(NOW, LAST_PONG), tab_index=-1,
                     aria_hidden="true", class_name="ues-hidden-el"),
        rx.box(id="ues-clock", class_name="ues-hidden-el", custom_attrs={
            "data-synced": rx.cond(UeStopClock.samples > 0, "1", "0"),
            "data-offset": UeStopClock.offset_ms.to_string(),
            "data-error": UeStopClock.error_ms.to_string(),
            "data-rtt": UeStopClock.rtt_ms.to_string(),
            "data-samples": UeStopClock.samples.to_string(),
            "data-count": UeStopClock.count.to_string(),
            "data-ues-quiet": rx.cond(quiet, "1", "0") if isinstance(quiet, Var) else ("1" if quiet else "0"),
        }),
        on_mount=rx.call_script(CLOCK_JS),
        class_name="ues-hidden-el",
    )


def event_lines(size: str = "2") -> rx.Component:
    """The last move's events in words. The line naming the Mandatory Letter is left out:
    finding the letter is the game (the table's assist highlights it on the card instead)."""
    events = as_list(VIEW["events"], dict)
    lines = as_list(S["event_lines"])
    return rx.foreach(events, lambda event, i: rx.cond(
        event["type"].to(str) == "reveal_letter", rx.fragment(), rx.text(lines[i], size=size)))


def checks_view(checks: Var, size: str = "2") -> rx.Component:
    """The automatic checks of a typed answer: the per-category rule once, then a ✔/✘ chip
    per category; checks of the whole answer (Mandatory Letter used N times) as a line."""
    first = checks[0].to(dict)

    def chip(c: Var) -> rx.Component:
        ok = c["ok"].to(bool)
        return rx.cond(
            c["category"].is_not_none(),
            rx.el.span(rx.el.span((c["category"].to(int) + 1).to_string(), class_name="ues-cat-n"),
                       rx.cond(ok, "✔", "✘"),
                       rx.cond(c["rule"].to(str) == "length", " " + c["letters"].to_string(), ""),
                       class_name=rx.cond(ok, "ues-chip ues-ok", "ues-chip ues-bad"),
                       custom_attrs={"data-ok": rx.cond(ok, "1", "0")}),
        )

    def line(c: Var) -> rx.Component:
        ok = c["ok"].to(bool)
        return rx.cond(
            c["category"].is_none(),
            rx.text(rx.cond(ok, "✔ ", "✘ "), trv("ui.uestop.check.", c["rule"]), ": ", c["count"].to_string(),
                    size=size, class_name=rx.cond(ok, "ues-ok", "ues-bad"),
                    custom_attrs={"data-ok": rx.cond(ok, "1", "0")}),
        )

    return rx.cond(
        checks.length() > 0,
        rx.vstack(
            rx.flex(rx.text(trv("ui.uestop.check.", first["rule"]), size=size),
                    rx.foreach(checks, chip), wrap="wrap", spacing="2", align="center"),
            rx.foreach(checks, line),
            spacing="1", id="ues-checks", class_name="ues-checks",
        ),
    )


# -- pieces ------------------------------------------------------------------------------------

def _tap_time(e: Var) -> tuple[Var[float]]:
    """The phone's clock at the tap: now, minus how long ago the pointerdown happened."""
    return (Var(_js_expr=f"({NOW_JS} - Math.min(1000, Math.max(0, performance.now() - {e}.timeStamp)))",
                _var_type=float),)


class SlapPad(Button):
    """A button that reports pointerdown (sooner than click, which waits for the finger to lift)."""

    on_pointer_down: rx.EventHandler[_tap_time] = field(doc="Fired when a finger or button goes down")


def slap_pad() -> rx.Component:
    """The SLAP button: most of the screen. The tap's time is read at pointerdown (from the
    event's own timestamp) and converted to server time on the server."""
    tapped = MY["tapped"].to(bool)
    benched = MY["benched"].to(bool)
    racing = PHASE == "race"
    label = rx.cond(
        benched, tr("ui.uestop.sitting_out"),
        rx.cond(racing, rx.cond(tapped, tr("ui.uestop.you_slapped"), tr("ui.uestop.slap")),
                tr("ui.uestop.wait_reveal")))
    cls = rx.cond(benched, "ues-slap ues-slap-benched",
                  rx.cond(racing, rx.cond(tapped, "ues-slap ues-slap-done", "ues-slap ues-slap-live"),
                          "ues-slap ues-slap-wait"))
    return SlapPad.create(
        rx.el.span(label, class_name="ues-slap-label"),
        rx.cond(racing & ~tapped & ~benched,
                rx.el.span(rx.cond(RACE["slap_target"].to(str) == "number",
                                   tr("ui.uestop.slap_number"), tr("ui.uestop.slap_category")),
                           class_name="ues-slap-sub")),
        type="button", id="ues-slap", class_name=cls,
        on_pointer_down=UeStopClock.slap,
        custom_attrs={"data-tapped": rx.cond(tapped, "1", "0")},
    )


def category_view() -> rx.Component:
    """The Category Card as this phone may see it (hidden while it answers, no peeking)."""
    card = VIEW["category_card"].to(dict)
    return rx.cond(
        VIEW["categories_hidden"].to(bool),
        hidden_card(card["suit"].to(str), tr("ui.uestop.no_peeking"), role="phone", id="ues-phone-category"),
        word_card(card, role="phone", lang=LANG, id="ues-phone-category"),
    )


def revealed_view() -> rx.Component:
    """The revealed card, shown at ``reveal_time`` on this phone's corrected clock."""
    rev = VIEW["revealed"].to(dict)
    return rx.cond(
        VIEW["revealed"],
        rx.el.div(
            rx.cond(rev["kind"].to(str) == "number",
                    number_card(rev["length"], tr("ui.uestop.letters"), role="phone"),
                    word_card(rev, role="phone", lang=LANG)),
            class_name="ues-reveal ues-reveal-phone", id="ues-phone-revealed",
            custom_attrs={"data-ues-at": (VIEW["reveal_time"].to(float) * 1000).to_string()},
            key=VIEW["reveal_time"].to_string(),
        ),
    )


def me_line() -> rx.Component:
    """My name, my points (won cards), whether I open or sit out, my Action Card."""
    me = PLAYERS[ME]
    return rx.hstack(
        rx.text(me["name"].to(str), weight="bold", size="5"),
        rx.text(me["points"].to(str), " / ", VIEW["target"].to(str), size="5", class_name="ues-points",
                id="ues-my-points"),
        rx.flex(rx.foreach(me["won"].to(list[str]), won_card), wrap="wrap", spacing="1"),
        rx.spacer(),
        rx.cond(me["opener"].to(bool), rx.badge(tr("ui.uestop.opener"), size="2", color_scheme="amber")),
        rx.cond(me["benched"].to(bool), rx.badge(tr("ui.uestop.benched"), size="2", color_scheme="red")),
        rx.cond(me["action"].to(str) == "pular", rx.badge(tr("ui.uestop.action_pular"), size="2")),
        rx.cond(me["action"].to(str) == "usado",
                rx.badge(tr("ui.uestop.action_usado"), size="2", color_scheme="gray")),
        align="center", width="100%", wrap="wrap", spacing="2",
    )


def reading_panel() -> rx.Component:
    """Reading: the opener reveals; anyone may agree the card can't be answered."""
    agreed = as_list(VIEW["discard_agree"], int)
    return rx.vstack(
        rx.cond(CAN.contains("reveal"),
                rx.button(tr("ui.uestop.reveal"), size="4", class_name="tg-action ues-reveal-btn",
                          on_click=Screen.move({"type": "reveal"}, -1), id="ues-reveal"),
                rx.text(OPENER_NAME, " ", tr("ui.uestop.opens_next"), size="3", id="ues-wait-opener")),
        discard_box(agreed),
        spacing="2", width="100%", align="center",
    )


def discard_box(agreed: Var) -> rx.Component:
    """"This card can't be answered": every player must agree (before anybody slaps)."""
    mine = agreed.contains(ME)
    return rx.cond(
        CAN.contains("discard_category"),
        rx.hstack(
            rx.button(rx.cond(mine, tr("ui.uestop.discard_withdraw"), tr("ui.uestop.discard")),
                      variant=rx.cond(mine, "solid", "outline"), size="2", color_scheme="gray",
                      on_click=Screen.move({"type": "discard_category", "agree": ~mine}, -1),
                      id="ues-discard"),
            rx.text(agreed.length().to_string(), " / ", PLAYERS.length().to_string(), " ",
                    tr("ui.uestop.discard_count"), size="2", id="ues-discard-count"),
            align="center", wrap="wrap",
        ),
    )


def race_result_line() -> rx.Component:
    """After the race: who won and by how much."""
    second = TAPS[1].to(dict)
    return rx.cond(
        (PHASE != "race") & (TAPS.length() > 0),
        rx.text(
            rx.cond(ANSWERER == ME, tr("ui.uestop.you_won_race"), ANSWERER_NAME + " " + tr("ui.uestop.won_race")),
            rx.cond(TAPS.length() > 1, " +" + second["margin_ms"].to_string() + " ms", ""),
            size="4", weight="bold", id="ues-race-result",
        ),
    )


FORM_DATA = Var(_js_expr="Object.fromEntries(new FormData(document.getElementById('ues-answer')).entries())",
                _var_type=dict)


def answer_form() -> rx.Component:
    """The race winner answers: typed per category (optional) or "I said it aloud"."""
    cats = VIEW["category_card"].to(dict)["categories"].to(list[dict[str, str]])
    hidden = VIEW["categories_hidden"].to(bool)
    can_skip = MY["can_skip"].to(bool)
    tudo_letter = can_skip | ((VIEW["mode"].to(str) == "tudo_junto") & (STYLE == "all"))

    def cat_label(i: int) -> Var:
        return rx.cond(hidden, tr("ui.uestop.category_n") + f" {i + 1}",
                       f"{i + 1}. " + cats[i].to(dict)[LANG].to(str))

    one = rx.vstack(
        rx.text(tr("ui.uestop.pick_category"), weight="bold"),
        *[rx.el.label(rx.el.input(type="radio", name="category", value=str(i), required=True,
                                  id=f"ues-cat-{i}"),
                      rx.el.span(cat_label(i)), class_name="ues-radio") for i in range(4)],
        rx.cond(STYLE == "number",
                rx.text(tr("ui.uestop.word_of"), " ", VIEW["number_length"].to_string(), " ",
                        tr("ui.uestop.letters"), size="3", weight="bold"),
                rx.text(tr("ui.uestop.starts_with_mandatory"), size="2")),
        rx.el.input(name="text", placeholder=tr("ui.uestop.type_answer"), max_length=60, required=True,
                    auto_complete="off", class_name="tg-input", id="ues-text"),
        spacing="2", width="100%",
    )
    every = rx.vstack(
        rx.text(tr("ui.uestop.answer_all"), size="2"),
        *[rx.el.label(rx.el.span(cat_label(i), class_name="ues-field-label"),
                      rx.el.input(name=f"text_{i}", max_length=60, auto_complete="off", class_name="tg-input",
                                  id=f"ues-text-{i}", placeholder=tr("ui.uestop.type_answer")),
                      class_name="ues-field") for i in range(4)],
        rx.cond(can_skip, rx.el.label(
            rx.el.span(tr("ui.uestop.skip"), class_name="ues-field-label"),
            rx.el.select(rx.el.option(tr("ui.uestop.no_skip"), value=""),
                         *[rx.el.option(cat_label(i), value=str(i)) for i in range(4)],
                         name="skip", class_name="tg-select", id="ues-skip"),
            class_name="ues-field")),
        rx.cond(tudo_letter, rx.el.label(
            rx.el.span(tr("ui.uestop.mandatory_count"), class_name="ues-field-label"),
            rx.el.select(*[rx.el.option(str(n), value=str(n)) for n in range(1, 5)],
                         name="mandatory", class_name="tg-select", id="ues-mandatory"),
            class_name="ues-field")),
        spacing="2", width="100%",
    )
    return rx.form(
        rx.vstack(
            rx.text(tr("ui.uestop.you_won_race"),
                    rx.cond(TAPS.length() > 1, " +" + TAPS[1].to(dict)["margin_ms"].to_string() + " ms", ""),
                    class_name="tg-your-turn", id="ues-you-answer"),
            rx.text(tr("ui.uestop.say_it"), size="3"),
            rx.cond(STYLE == "all", every, one),
            rx.hstack(
                rx.button(tr("ui.uestop.send_typed"), type="submit", size="4", class_name="tg-action",
                          id="ues-send-typed"),
                rx.button(tr("ui.uestop.said_aloud"), type="button", size="4", class_name="tg-action",
                          color_scheme="grass", on_click=UeStopUI.answer_spoken(FORM_DATA), id="ues-said-aloud"),
                wrap="wrap", spacing="3", width="100%",
            ),
            rx.button(tr("ui.uestop.give_up"), variant="soft", color_scheme="red", size="3",
                      on_click=Screen.move({"type": "give_up"}, -1), id="ues-give-up", type="button"),
            spacing="3", width="100%",
        ),
        on_submit=UeStopUI.answer_typed, id="ues-answer", width="100%",
        key=VIEW["round"].to_string(),
    )


def answer_summary() -> rx.Component:
    """The answer being judged: typed texts with the automatic checks, or "said aloud"."""
    texts = as_list(ANSWER["texts"], str)
    cats = VIEW["category_card"].to(dict)["categories"].to(list[dict[str, str]])
    checks = as_list(ANSWER["checks"], dict)
    return rx.vstack(
        rx.cond(
            ANSWER["spoken"].to(bool),
            rx.text(tr("ui.uestop.answer_spoken_cap"),
                    rx.cond(ANSWER["category"].is_not_none(), " — " + cats[ANSWER["category"].to(int)].to(dict)[LANG].to(str), ""),
                    size="4", id="ues-answer-spoken"),
            rx.foreach(texts, lambda text, i: rx.cond(
                text, rx.text(cats[i].to(dict)[LANG].to(str), ": ", rx.el.strong(text.to(str)), size="4",
                              class_name="ues-answer-line")))),
        rx.cond(ANSWER["skip"].is_not_none(), rx.text(tr("ui.uestop.skipped"), " ",
                                        (ANSWER["skip"].to(int) + 1).to_string(), size="2")),
        rx.cond(ANSWER["mandatory"] & (VIEW["mode"].to(str) == "tudo_junto"),
                rx.text(tr("ui.uestop.mandatory_used_n"), ": ",
                                             ANSWER["mandatory"].to_string(), size="2")),
        checks_view(checks),
        spacing="1", width="100%", id="ues-phone-answer",
    )


def judging_panel() -> rx.Component:
    """Everybody but the answerer votes accept / reject (the majority decides)."""
    voted = MY["voted"].to(bool)
    return rx.vstack(
        rx.text(tr("ui.uestop.judge"), " ", rx.el.strong(ANSWERER_NAME), size="4"),
        answer_summary(),
        rx.cond(
            CAN.contains("vote"),
            rx.hstack(
                rx.button("✔ ", tr("ui.uestop.accept"), size="4", color_scheme="grass", class_name="ues-vote",
                          on_click=Screen.move({"type": "vote", "accept": True}, -1), id="ues-accept"),
                rx.button("✘ ", tr("ui.uestop.reject"), size="4", color_scheme="red", class_name="ues-vote",
                          on_click=Screen.move({"type": "vote", "accept": False}, -1), id="ues-reject"),
                spacing="3", width="100%",
            ),
            rx.text(rx.cond(voted, tr("ui.uestop.voted"), tr("ui.uestop.waiting_votes")), size="3",
                    id="ues-voted"),
        ),
        rx.text(tr("ui.uestop.accept"), ": ", VOTES["accept"].to_string(), " · ", tr("ui.uestop.reject"), ": ",
                VOTES["reject"].to_string(), " · ", VOTES["voters"].to_string(), " ", tr("ui.uestop.voters"),
                size="2"),
        spacing="3", width="100%",
    )


def penalty_panel() -> rx.Component:
    """Tudo Junto: the scorer who used the Mandatory Letter 3 times picks who loses a card."""
    pending = VIEW["pending"].to(dict)
    return rx.cond(
        CAN.contains("penalize"),
        rx.vstack(
            rx.text(tr("ui.uestop.penalty_pick"), class_name="tg-your-turn"),
            rx.flex(
                rx.foreach(as_list(MY["penalty_targets"], int), lambda p: rx.button(
                    PLAYERS[p]["name"].to(str), size="4", color_scheme="red", class_name="tg-action",
                    on_click=Screen.move({"type": "penalize", "target": p}, -1), id="ues-penalize-" + p.to_string())),
                rx.button(tr("ui.uestop.penalty_none"), size="4", variant="soft", class_name="tg-action",
                          on_click=Screen.move({"type": "penalize", "target": None}, -1), id="ues-penalize-none"),
                wrap="wrap", spacing="2"),
            spacing="3", width="100%"),
        rx.text(PLAYERS[pending["by"].to(int)]["name"].to(str), " ", tr("ui.uestop.penalty_choosing"), size="4"),
    )


def game_over() -> rx.Component:
    """The end: who holds the Victory Card; points of everybody."""
    winners = as_list(VIEW["winners"], int)
    return rx.vstack(
        rx.heading(tr("ui.game_over"), size="7"),
        rx.cond(winners.contains(ME),
                rx.text("★ ", tr("ui.uestop.you_win"), class_name="tg-your-turn", id="ues-you-win")),
        rx.foreach(PLAYERS, lambda p: rx.text(
            p["name"].to(str), ": ", p["points"].to_string(),
            rx.cond(winners.contains(p["seat"].to(int)), " ★", ""), size="4")),
        rx.text(tr("ui.waiting_host")),
        spacing="2", align="center", id="ues-phone-over",
    )


def playing() -> rx.Component:
    """Everything during a round, by phase."""
    answering_me = MY["answering"].to(bool)
    return rx.vstack(
        me_line(),
        rx.vstack(category_view(), rx.cond(VIEW["revealed"], revealed_view()),
                  spacing="2", width="100%", align="center", class_name="ues-phone-cards"),
        rx.match(
            PHASE,
            ("reading", rx.vstack(reading_panel(), slap_pad(), spacing="3", width="100%")),
            ("race", rx.vstack(slap_pad(), discard_box(as_list(VIEW["discard_agree"], int)),
                               spacing="3", width="100%")),
            ("answering", rx.cond(
                answering_me, answer_form(),
                rx.vstack(race_result_line(),
                          rx.text(ANSWERER_NAME, " ", tr("ui.uestop.answering_other"), size="5", id="ues-listen"),
                          spacing="3", width="100%"))),
            ("judging", rx.cond(ANSWERER == ME,
                                rx.vstack(answer_summary(), rx.text(tr("ui.uestop.waiting_votes"), size="4",
                                                                    id="ues-waiting-votes"), width="100%"),
                                judging_panel())),
            ("penalty", penalty_panel()),
            rx.fragment(),
        ),
        rx.vstack(event_lines("2"), class_name="tg-events-mini", id="ues-phone-events", width="100%"),
        rx.text(tr("ui.uestop.clock"), " ", rx.cond(UeStopClock.samples > 0,
                              "±" + UeStopClock.error_ms.to_string() + " ms", tr("ui.uestop.clock_syncing")),
                size="1", class_name="ues-clock-line", id="ues-clock-line"),
        spacing="3", width="100%",
    )


def uestop_phone() -> rx.Component:
    """The UeStop! phone during a game."""
    return rx.box(
        clock_probe(quiet=PHASE == "race"),
        rx.cond(PHASE == "game_over", game_over(), playing()),
        width="100%", class_name="ues-phone", id="ues-phone",
    )


__all__ = ["CLOCK_JS", "checks_view", "clock_probe", "event_lines", "trv", "uestop_phone"]

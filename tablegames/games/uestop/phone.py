"""UeStop! on a phone: the Category Card, a huge SLAP pad, answers (typed or said aloud),
votes, give up, discard agreement and the Tudo Junto choices.

Also the clock pieces both UeStop! screens use (:func:`clock_probe`): a hidden ping button
clicked by a small loop (:data:`CLOCK_JS`) that estimates this device's clock offset (see
``games/uestop/state.py``), and the reveal countdown: an element with ``data-ues-at`` (server
time, ms) is marked ``data-pending="1"`` until this device's corrected clock reaches it,
so every screen shows the revealed card at the same moment.

Which buttons this phone has, the answer form's labels and every sentence come from the
view model (``games/uestop/view_model.py``, ``S["vm"]``); the clock is the browser's own.
"""

from __future__ import annotations

import reflex as rx
from reflex_components_core.el.elements.forms import Button

from tablegames.components.events import event_list
from tablegames.components.game_over import game_over_panel as shared_game_over
from tablegames.games.uestop.cards import hidden_card, number_card, won_card, word_card
from tablegames.games.uestop.state import NOW_JS, UeStopClock, UeStopUI
from tablegames.pages.common import VM, as_list, tr, tr_with
from tablegames.reflex_adapter import Var, component_field, js_var
from tablegames.state.room import Screen


PHASE = VM["phase"].to(str)
LANG = Screen.language

# The clock loop pings quickly at first (10 samples in ~3 s), then every 2 s, and every 4 s
# once 30 are in: a ping costs the server some milliseconds, about what a move does, and a
# table of four screens pinging every 2 s made far more pings than moves. It is quiet during
# a race (a ping must not queue in front of a tap on a slow uplink) and while the page is
# hidden. The reveal countdown runs every frame while a reveal is pending, and sleeps
# otherwise (a frame loop left running keeps a phone awake for the whole game): the page's
# changes wake it (a new reveal time, a new clock estimate, a re-rendered card).
CLOCK_JS = """
(() => {
  if (window.__uesClock) return; window.__uesClock = true;
  window.tgClock = window.tgClock || (() => performance.timeOrigin + performance.now());
  let pings = 0;
  const ping = () => {
    const btn = document.getElementById('ues-ping');
    const quiet = document.querySelector('[data-ues-quiet="1"]');
    if (btn && !quiet && document.visibilityState !== 'hidden') { btn.click(); pings += 1; }
    setTimeout(ping, pings < 10 ? 300 : pings < 30 ? 2000 : 4000);
  };
  setTimeout(ping, 300);
  const countdown = () => {  // true while a reveal is still to come
    const clock = document.getElementById('ues-clock');
    const synced = !!clock && clock.dataset.synced === '1';
    const offset = synced ? parseFloat(clock.dataset.offset) || 0 : 0;
    const now = window.tgClock() + offset;
    let waiting = false;
    document.querySelectorAll('[data-ues-at]').forEach((el) => {
      const at = parseFloat(el.dataset.uesAt);
      const left = synced && isFinite(at) ? at - now : 0;
      const pending = left > 0 && left < 10000;
      waiting = waiting || pending;
      const flag = pending ? '1' : '0';
      if (el.dataset.pending !== flag) el.dataset.pending = flag;
      const count = pending ? String(Math.ceil(left / 1000)) : '';
      if (el.dataset.count !== count) el.dataset.count = count;
    });
    return waiting;
  };
  let frameId = 0;
  const frame = () => { frameId = 0; wake(); };
  const wake = () => { if (countdown() && !frameId) frameId = requestAnimationFrame(frame); };
  new MutationObserver(wake).observe(document.body, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-ues-at', 'data-synced', 'data-offset']});
  wake();
})();
"""

NOW = js_var(NOW_JS, float)
LAST_PONG = js_var("(window.__uesLast || null)", list)


def vm_list(key: str, item: type = dict) -> Var:
    """A list field of the view model, for ``rx.foreach``."""
    return as_list(VM[key], item)


def vm_text(key: str) -> Var:
    """A sentence of the view model."""
    return VM[key].to(str)


def vm_flag(key: str) -> Var:
    """A yes/no field of the view model."""
    return VM[key].to(bool)


def move(m: dict | Var) -> rx.event.EventSpec:
    """A move without a version check (the race and the votes move the table often)."""
    return Screen.move(m, -1)


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


def event_lines(mini: bool = True, id: str = "ues-phone-events") -> rx.Component:
    """The last move's events in words (the view model leaves out the Mandatory Letter's)."""
    return event_list(VM["events"], id=id, mini=mini)


def checks_view(checks: Var, size: str = "2") -> rx.Component:
    """The automatic checks of a typed answer: the per-category rule once, then a ✔/✘ chip
    per category; checks of the whole answer (Mandatory Letter used N times) as a line."""
    c = checks.to(dict)

    def chip(ch: Var) -> rx.Component:
        ok = ch["ok"].to(bool)
        return rx.el.span(rx.el.span(ch["n"].to(str), class_name="ues-cat-n"), ch["text"].to(str),
                          class_name=rx.cond(ok, "ues-chip ues-ok", "ues-chip ues-bad"),
                          custom_attrs={"data-ok": rx.cond(ok, "1", "0")})

    def line(ln: Var) -> rx.Component:
        ok = ln["ok"].to(bool)
        return rx.text(ln["text"].to(str), size=size, class_name=rx.cond(ok, "ues-ok", "ues-bad"),
                       custom_attrs={"data-ok": rx.cond(ok, "1", "0")})

    return rx.cond(
        checks,
        rx.vstack(
            rx.flex(rx.text(c["rule_text"].to(str), size=size), rx.foreach(as_list(c["chips"], dict), chip),
                    wrap="wrap", spacing="2", align="center"),
            rx.foreach(as_list(c["lines"], dict), line),
            spacing="1", id="ues-checks", class_name="ues-checks",
        ),
    )


def badges(items: Var, size: str = "2") -> rx.Component:
    """Opens / sits out / Action Card badges (from the view model)."""
    return rx.foreach(as_list(items, dict), lambda b: rx.badge(b["text"].to(str), size=size,
                                                               color_scheme=b["color"].to(str)))


# -- pieces ------------------------------------------------------------------------------------

def _tap_time(e: Var) -> tuple[Var[float]]:
    """The phone's clock as its tap is handled, stamped as its pings are (not at the touch:
    so that the tap's delay to the server is one more draw from its pings' delays, which
    the race checks; see ``engine/uestop/race.suspicion``)."""
    return (js_var(NOW_JS, float),)


class SlapPad(Button):
    """A button that reports pointerdown (sooner than click, which waits for the finger to lift)."""

    on_pointer_down: rx.EventHandler[_tap_time] = component_field(doc="Fired when a finger or button goes down")


def slap_pad() -> rx.Component:
    """The SLAP button: most of the screen. The tap's time is read at pointerdown (from the
    event's own timestamp) and converted to server time on the server."""
    slap = VM["slap"].to(dict)
    return SlapPad.create(
        rx.el.span(slap["label"].to(str), class_name="ues-slap-label"),
        rx.cond(slap["sub"], rx.el.span(slap["sub"].to(str), class_name="ues-slap-sub")),
        type="button", id="ues-slap", class_name=slap["class_name"].to(str),
        on_pointer_down=UeStopClock.slap,
        custom_attrs={"data-tapped": rx.cond(slap["tapped"].to(bool), "1", "0")},
    )


def category_view() -> rx.Component:
    """The Category Card as this phone may see it (hidden while it answers, no peeking)."""
    card = VM["category_card"].to(dict)
    return rx.cond(
        vm_flag("categories_hidden"),
        hidden_card(VM["category_suit"].to(str), tr("ui.uestop.no_peeking"), role="phone", id="ues-phone-category"),
        word_card(card, role="phone", lang=LANG, id="ues-phone-category"),
    )


def revealed_view() -> rx.Component:
    """The revealed card, shown at ``reveal_time`` on this phone's corrected clock."""
    rev = VM["revealed"].to(dict)
    return rx.cond(
        VM["revealed"],
        rx.el.div(
            rx.cond(VM["revealed_kind"] == "number",
                    number_card(VM["number_length"], tr("ui.uestop.letters"), role="phone"),
                    word_card(rev, role="phone", lang=LANG)),
            class_name="ues-reveal ues-reveal-phone", id="ues-phone-revealed",
            custom_attrs={"data-ues-at": vm_text("reveal_at")},
            key=vm_text("reveal_key"),
        ),
    )


def me_line() -> rx.Component:
    """My name, my points (won cards) of the target, whether I open or sit out, my Action Card."""
    return rx.hstack(
        rx.text(vm_text("me_name"), weight="bold", size="5"),
        rx.text(vm_text("my_points_text"), size="5", class_name="ues-points", id="ues-my-points"),
        rx.flex(rx.foreach(vm_list("my_won", str), won_card), wrap="wrap", spacing="1"),
        rx.spacer(),
        badges(VM["my_badges"]),
        align="center", width="100%", wrap="wrap", spacing="2",
    )


def discard_box() -> rx.Component:
    """"This card can't be answered": every player must agree (before anybody slaps)."""
    return rx.cond(
        vm_flag("can_discard"),
        rx.hstack(
            rx.button(vm_text("discard_label"), variant=VM["discard_variant"].to(str), size="2", color_scheme="gray",
                      on_click=move(VM["discard_move"].to(dict)), id="ues-discard"),
            rx.text(vm_text("discard_count_text"), size="2", id="ues-discard-count"),
            align="center", wrap="wrap",
        ),
    )


def reading_panel() -> rx.Component:
    """Reading: the opener reveals; anyone may agree the card can't be answered."""
    return rx.vstack(
        rx.cond(vm_flag("can_reveal"),
                rx.button(tr("ui.uestop.reveal"), size="4", class_name="tg-action ues-reveal-btn",
                          on_click=move({"type": "reveal"}), id="ues-reveal"),
                rx.text(vm_text("wait_opener_text"), size="3", id="ues-wait-opener")),
        discard_box(),
        spacing="2", width="100%", align="center",
    )


def race_result_line() -> rx.Component:
    """After the race: who won and by how much."""
    return rx.cond(VM["race_result_text"],
                   rx.text(vm_text("race_result_text"), size="4", weight="bold", id="ues-race-result"))


FORM_DATA = js_var("Object.fromEntries(new FormData(document.getElementById('ues-answer')).entries())", dict)


def answer_form() -> rx.Component:
    """The race winner answers: typed per category (optional) or "I said it aloud"."""
    labels = vm_list("category_labels", str)
    one = rx.vstack(
        rx.text(tr("ui.uestop.pick_category"), weight="bold"),
        *[rx.el.label(rx.el.input(type="radio", name="category", value=str(i), required=True,
                                  id=f"ues-cat-{i}"),
                      rx.el.span(labels[i]), class_name="ues-radio") for i in range(4)],
        rx.cond(VM["number_text"],
                rx.text(vm_text("number_text"), size="3", weight="bold"),
                rx.text(tr("ui.uestop.starts_with_mandatory"), size="2")),
        rx.el.input(name="text", placeholder=tr("ui.uestop.type_answer"), max_length=60, required=True,
                    auto_complete="off", class_name="tg-input", id="ues-text"),
        spacing="2", width="100%",
    )
    every = rx.vstack(
        rx.text(tr("ui.uestop.answer_all"), size="2"),
        *[rx.el.label(rx.el.span(labels[i], class_name="ues-field-label"),
                      rx.el.input(name=f"text_{i}", max_length=60, auto_complete="off", class_name="tg-input",
                                  id=f"ues-text-{i}", placeholder=tr("ui.uestop.type_answer")),
                      class_name="ues-field") for i in range(4)],
        rx.cond(vm_flag("can_skip"), rx.el.label(
            rx.el.span(tr("ui.uestop.skip"), class_name="ues-field-label"),
            rx.el.select(rx.el.option(tr("ui.uestop.no_skip"), value=""),
                         *[rx.el.option(labels[i], value=str(i)) for i in range(4)],
                         name="skip", class_name="tg-select", id="ues-skip"),
            class_name="ues-field")),
        rx.cond(vm_flag("mandatory_choice"), rx.el.label(
            rx.el.span(tr("ui.uestop.mandatory_count"), class_name="ues-field-label"),
            rx.el.select(*[rx.el.option(str(n), value=str(n)) for n in range(1, 5)],
                         name="mandatory", class_name="tg-select", id="ues-mandatory"),
            class_name="ues-field")),
        spacing="2", width="100%",
    )
    return rx.form(
        rx.vstack(
            rx.text(vm_text("you_answer_text"), class_name="tg-your-turn ues-you-answer", id="ues-you-answer"),
            rx.text(tr("ui.uestop.say_it"), size="3"),
            rx.cond(VM["answer_style"] == "all", every, one),
            rx.hstack(
                rx.button(tr("ui.uestop.send_typed"), type="submit", size="4", class_name="tg-action",
                          id="ues-send-typed"),
                rx.button(tr("ui.uestop.said_aloud"), type="button", size="4", class_name="tg-action",
                          color_scheme="grass", on_click=UeStopUI.answer_spoken(FORM_DATA), id="ues-said-aloud"),
                wrap="wrap", spacing="3", width="100%",
            ),
            rx.button(tr("ui.uestop.give_up"), variant="soft", color_scheme="red", size="3",
                      on_click=move({"type": "give_up"}), id="ues-give-up", type="button"),
            spacing="3", width="100%",
        ),
        on_submit=UeStopUI.answer_typed, id="ues-answer", width="100%",
        key=VM["round"].to_string(),
    )


def answer_summary() -> rx.Component:
    """The answer being judged: typed texts with the automatic checks, or "said aloud"."""
    ans = VM["answer"].to(dict)
    return rx.vstack(
        rx.cond(
            ans["spoken"].to(bool),
            rx.text(ans["spoken_text"].to(str), size="4", id="ues-answer-spoken"),
            rx.foreach(as_list(ans["lines"], dict),
                       lambda ln: rx.text(ln["category"].to(str), ": ", rx.el.strong(ln["text"].to(str)), size="4",
                                          class_name="ues-answer-line")),
        ),
        rx.cond(ans["skip_text"], rx.text(ans["skip_text"].to(str), size="2")),
        rx.cond(ans["mandatory_text"], rx.text(ans["mandatory_text"].to(str), size="2")),
        checks_view(ans["checks"]),
        spacing="1", width="100%", id="ues-phone-answer",
    )


def judging_panel() -> rx.Component:
    """Everybody but the answerer votes accept / reject (the majority decides)."""
    votes = VM["votes"].to(dict)
    return rx.vstack(
        rx.text(vm_text("judge_text"), size="4", weight="bold"),
        answer_summary(),
        rx.cond(
            vm_flag("can_vote"),
            rx.hstack(
                rx.button(tr("ui.uestop.accept_button"), size="4", color_scheme="grass", class_name="ues-vote",
                          on_click=move({"type": "vote", "accept": True}), id="ues-accept"),
                rx.button(tr("ui.uestop.reject_button"), size="4", color_scheme="red", class_name="ues-vote",
                          on_click=move({"type": "vote", "accept": False}), id="ues-reject"),
                spacing="3", width="100%",
            ),
            rx.text(vm_text("voted_text"), size="3", id="ues-voted"),
        ),
        rx.text(votes["summary"].to(str), size="2"),
        spacing="3", width="100%",
    )


def penalty_panel() -> rx.Component:
    """Tudo Junto: the scorer who used the Mandatory Letter 3 times picks who loses a card."""
    return rx.cond(
        vm_flag("can_penalize"),
        rx.vstack(
            rx.text(tr("ui.uestop.penalty_pick"), class_name="tg-your-turn"),
            rx.flex(
                rx.foreach(vm_list("penalty_targets"), lambda p: rx.button(
                    p["name"].to(str), size="4", color_scheme="red", class_name="tg-action",
                    on_click=move(p["move"].to(dict)), id="ues-penalize-" + p["seat"].to_string())),
                rx.button(tr("ui.uestop.penalty_none"), size="4", variant="soft", class_name="tg-action",
                          on_click=move({"type": "penalize", "target": None}), id="ues-penalize-none"),
                wrap="wrap", spacing="2"),
            spacing="3", width="100%"),
        rx.text(vm_text("penalty_wait_text"), size="4"),
    )


def game_over() -> rx.Component:
    """The end: whether I hold the Victory Card; everybody's place and cards."""
    return rx.vstack(
        rx.cond(vm_flag("you_win"),
                rx.text(tr("ui.uestop.you_win"), class_name="tg-your-turn", id="ues-you-win")),
        shared_game_over(VM["game_over"]),
        rx.text(tr("ui.waiting_host")),
        spacing="2", align="center", id="ues-phone-over",
    )


def playing() -> rx.Component:
    """Everything during a round, by phase."""
    return rx.vstack(
        me_line(),
        rx.vstack(category_view(), revealed_view(),
                  spacing="2", width="100%", align="center",
                  # smaller while this phone answers: the form comes first
                  class_name=rx.cond(vm_flag("answering_me"), "ues-phone-cards ues-cards-small", "ues-phone-cards")),
        rx.match(
            PHASE,
            ("reading", rx.vstack(reading_panel(), slap_pad(), spacing="3", width="100%")),
            ("race", rx.vstack(slap_pad(), discard_box(), spacing="3", width="100%")),
            ("answering", rx.cond(
                vm_flag("answering_me"), answer_form(),
                rx.vstack(race_result_line(),
                          rx.text(vm_text("listen_text"), size="5", id="ues-listen"),
                          spacing="3", width="100%"))),
            ("judging", rx.cond(vm_flag("is_answerer"),
                                rx.vstack(answer_summary(), rx.text(tr("ui.uestop.waiting_votes"), size="4",
                                                                    id="ues-waiting-votes"), width="100%"),
                                judging_panel())),
            ("penalty", penalty_panel()),
            rx.fragment(),
        ),
        event_lines(),
        connection_details(),
        spacing="3", width="100%",
    )


def connection_details() -> rx.Component:
    """How well this phone's clock follows the table's, folded away (players need not read
    it; whoever wonders why a race went the way it did can open it)."""
    return rx.el.details(
        rx.el.summary(tr("ui.uestop.connection_details")),
        rx.cond(UeStopClock.samples > 0,
                rx.text(tr_with("ui.uestop.clock_synced", error=UeStopClock.error_ms.to_string(),
                                rtt=UeStopClock.rtt_ms.to_string()), size="2"),
                rx.text(tr("ui.uestop.clock_syncing"), size="2")),
        class_name="ues-details ues-connection", id="ues-connection",
    )


def uestop_phone() -> rx.Component:
    """The UeStop! phone during a game."""
    return rx.box(
        clock_probe(quiet=PHASE == "race"),
        rx.cond(PHASE == "game_over", game_over(), playing()),
        width="100%", class_name="ues-phone", id="ues-phone",
    )


__all__ = ["CLOCK_JS", "checks_view", "clock_probe", "event_lines", "uestop_phone"]

"""The turn timer, one mechanism for every game (issue 15): the shared ``turn_timer``
option, a deadline counted from the last move, and a ``timeout`` system move that plays
each game's default action for whoever the table waits for."""

from __future__ import annotations

import dataclasses

import pytest

from tablegames.engine import IllegalMove, game_names, get_game
from tablegames.engine import turn_timer

T0 = 1_000.0
UNO_STACK = {"hands": [["r1", "g2", "b3"], ["y4", "y5", "y6"]], "top": "r7", "draw": ["g9", "b8", "y1"]}


def timed(game: str, players: list[str], seconds: str = "30", **options):
    engine = get_game(game)
    state = engine.start_clock(engine.new(players, {"turn_timer": seconds, **options}, seed=5), T0)
    return engine, state


@pytest.mark.parametrize("game", ["uno", "upwords", "faces", "uestop"])
def test_every_game_offers_the_shared_timer_off_by_default(game) -> None:
    engine = get_game(game)
    option = next(o for o in engine.options_schema if o.key == "turn_timer")
    assert option.default == "off" and "30" in option.choices and option.label == "option.turn_timer"
    state = engine.start_clock(engine.new(["Ana", "Bia", "Cid"], {}, seed=1), T0)
    assert engine.deadline(state) is None and "timeout" not in [m["type"] for m in engine.system_moves(state)]


def test_the_timer_counts_from_the_last_move_and_refuses_early_or_seated_timeouts() -> None:
    engine, s = timed("upwords", ["Ana", "Bia", "Cid"], first=0)
    assert engine.deadline(s) == T0 + 30 and engine.system_moves(s) == [{"type": "timeout"}]
    s = engine.apply(s, 0, {"type": "pass"}, now=T0 + 10)
    assert engine.deadline(s) == T0 + 40  # Bia's 30 s start when Ana passed
    with pytest.raises(IllegalMove) as early:
        engine.apply(s, None, {"type": "timeout"}, now=T0 + 39.9)
    assert early.value.code == "not_due"
    with pytest.raises(IllegalMove) as seated:
        engine.apply(s, 1, {"type": "timeout"}, now=T0 + 50)
    assert seated.value.code == "system_move"
    after = engine.apply(s, None, {"type": "timeout"}, now=T0 + 40)
    assert after.turn == 2 and [e["type"] for e in after.events] == ["timeout", "pass"]
    assert after.events[0] == {"type": "timeout", "seat": 1}


def test_without_a_time_no_timer_runs() -> None:
    engine = get_game("upwords")
    s = engine.new(["Ana", "Bia"], {"turn_timer": "15", "first": 0}, seed=2)
    assert engine.deadline(s) is None  # the room never gave it a clock
    s = engine.apply(s, 0, {"type": "pass"})
    assert engine.deadline(s) is None and engine.system_moves(s) == []


def test_uno_draws_and_keeps_for_a_player_out_of_time() -> None:
    engine, s = timed("uno", ["Ana", "Bia"], stack=UNO_STACK, dealer=1)
    turn = s.turn
    hand = len(s.hands[turn])
    after = engine.apply(s, None, {"type": "timeout"}, now=T0 + 30)
    assert len(after.hands[turn]) == hand + 1 and after.turn != turn
    assert after.events[0] == {"type": "timeout", "seat": turn}
    assert engine.deadline(after) == T0 + 60


def test_uno_answers_an_owed_colour_with_the_colour_held_most() -> None:
    # A Wild turned up at the deal: the first player owes its colour.
    engine, s = timed("uno", ["Ana", "Bia"], dealer=1, stack={
        "hands": [["g1", "g2", "r3"], ["g4", "g5", "y6"]], "top": "W", "draw": ["b1", "b2"]})
    assert s.pending and s.pending["kind"] == "color"
    after = engine.apply(s, None, {"type": "timeout"}, now=T0 + 30)
    assert after.color == "g" and after.pending is None
    assert after.events[0] == {"type": "timeout", "seat": s.turn}


def test_faces_passes_a_card_for_each_player_still_choosing() -> None:
    engine, s = timed("faces", ["Ana", "Bia", "Cid"])
    waiting = engine.to_act(s)
    assert waiting
    after = engine.apply(s, None, {"type": "timeout"}, now=T0 + 30)
    assert {e["seat"] for e in after.events if e["type"] == "timeout"} == set(waiting)
    assert engine.to_act(after) != waiting or after.phase != s.phase
    again = engine.apply(s, None, {"type": "timeout"}, now=T0 + 30)
    assert engine.to_json(again) == engine.to_json(after)  # the same state, the same "random" card


def test_uestop_counts_an_answer_out_of_time_as_failed() -> None:
    engine, s = timed("uestop", ["Ana", "Bia", "Cid"], reveal_delay_ms=0)
    after = engine.apply(s, None, {"type": "timeout"}, now=T0 + 30)  # the opener reveals
    assert after.phase == "race"
    racer = next(p for p in range(3) if {"type": "slap"} in engine.legal_moves(after, p))
    raced = engine.apply(after, racer, {"type": "slap"}, now=T0 + 31)
    assert engine.system_moves(raced) == [{"type": "settle"}]  # the race's own deadline first
    answering = engine.apply(raced, None, {"type": "settle"}, now=raced.deadline)
    assert answering.phase == "answering"
    assert engine.deadline(answering) == raced.deadline + 30
    failed = engine.apply(answering, None, {"type": "timeout"}, now=raced.deadline + 30)
    assert failed.events[0] == {"type": "timeout", "seat": racer}
    assert any(e["type"] in ("give_up", "gave_up", "answer_failed") for e in failed.events[1:]) or failed.phase != "answering"


@pytest.mark.parametrize("game", ["uno", "upwords", "faces", "uestop"])
def test_timeouts_alone_finish_or_keep_moving_every_game(game) -> None:
    """A table where nobody ever moves: the timer keeps the game going (no state where it
    waits for ever on someone), move after move, for 200 timeouts."""
    players = ["Ana", "Bia", "Cid"]
    options = {"reveal_delay_ms": 0} if game == "uestop" else {}
    engine, s = timed(game, players, "15", **options)
    now = T0
    for _ in range(200):
        if engine.result(s) is not None:
            break
        due = engine.deadline(s)
        assert due is not None, (game, getattr(s, "phase", None))
        now = max(now, due)
        move = engine.system_moves(s)[0]
        s = engine.apply(s, None, move, now=now)
        engine.view(s, None)  # every state stays viewable
    assert turn_timer.seconds(s.options) == 15.0


def test_every_registered_game_answers_the_timer_contract() -> None:
    for name in game_names():
        engine = get_game(name)
        assert callable(engine.timeout_move) and callable(engine.start_clock)


# -- per-phase timers (issue 15): an option with ``timer_phase`` times that phase ----------

PHASE_TIMERS = {"faces": ("pass_timer", "passing"), "uestop": ("answer_timer", "answering")}


def _answering(engine, s, now: float):
    """UeStop!: from a fresh timed table to a race winner answering (reveal, slap, settle)."""
    s = engine.apply(s, None, {"type": "timeout"}, now=now)  # the opener reveals
    racer = next(p for p in range(3) if {"type": "slap"} in engine.legal_moves(s, p))
    s = engine.apply(s, racer, {"type": "slap"}, now=now + 1)
    s = engine.apply(s, None, {"type": "settle"}, now=s.deadline)
    assert s.phase == "answering"
    return s, racer


@pytest.mark.parametrize("game", sorted(PHASE_TIMERS))
def test_a_phase_timer_is_a_shared_choice_that_applies_only_with_the_turn_timer_on(game) -> None:
    from tablegames.i18n import catalog

    key, phase = PHASE_TIMERS[game]
    engine = get_game(game)
    option = next(o for o in engine.options_schema if o.key == key)
    assert option.timer_phase == phase and option.default == "same" and option.advanced
    assert option.choices == ("same", "15", "30", "45", "60", "90", "120")
    timer = next(o for o in engine.options_schema if o.key == "turn_timer")
    assert set(option.when["turn_timer"]) == set(timer.choices) - {"off"}
    assert not option.applies({"turn_timer": "off", "variant": "main"})
    assert option.applies({"turn_timer": "30", "variant": "main"})
    for lang in ("en", "pt-BR"):
        texts = catalog(lang)
        for k in [option.label, option.help] + [f"{option.value_label}{c}" for c in option.choices]:
            assert texts.get(k), (lang, k)
    with pytest.raises(IllegalMove) as bad:
        engine.new(["Ana", "Bia", "Cid"], {"turn_timer": "30", key: "10"}, seed=1)
    assert bad.value.params.get("option") == key


@pytest.mark.parametrize("game", sorted(PHASE_TIMERS))
def test_a_phase_timer_is_ignored_while_the_turn_timer_is_off(game) -> None:
    from tablegames.engine.core import options_in_force

    key, _ = PHASE_TIMERS[game]
    engine = get_game(game)
    options = {key: "60", **({"reveal_delay_ms": 0} if game == "uestop" else {})}
    s = engine.start_clock(engine.new(["Ana", "Bia", "Cid"], options, seed=5), T0)
    assert key not in s.options and engine.deadline(s) is None  # no timer, as `when` says
    assert key not in [o["key"] for o in options_in_force(engine, options)]
    shown = options_in_force(engine, {**options, "turn_timer": "30"})
    assert {"key": key, "value_label": "option.phase_timer.60"}.items() <= next(
        o for o in shown if o["key"] == key).items()


def test_faces_players_passing_have_the_pass_timer_and_the_turn_timer_elsewhere() -> None:
    engine, s = timed("faces", ["Ana", "Bia", "Cid"], "60", pass_timer="15")
    assert s.phase == "passing" and s.options["pass_timer"] == "15"
    assert engine.deadline(s) == T0 + 15
    with pytest.raises(IllegalMove):
        engine.apply(s, None, {"type": "timeout"}, now=T0 + 14.9)
    after = engine.apply(s, None, {"type": "timeout"}, now=T0 + 15)
    assert {e["seat"] for e in after.events if e["type"] == "timeout"} == set(engine.to_act(s))
    if after.phase == "passing":
        assert engine.deadline(after) == T0 + 30
    elsewhere = dataclasses.replace(after, phase="stopping")
    assert turn_timer.limit(engine, elsewhere) == 60.0  # any other phase: the turn timer's
    same = timed("faces", ["Ana", "Bia", "Cid"], "45", pass_timer="same")
    assert same[0].deadline(same[1]) == T0 + 45  # "same" keeps the turn timer's


def test_faces_memory_has_no_pass_timer() -> None:
    engine, s = timed("faces", ["Ana", "Bia"], "30", variant="memory", pass_timer="90")
    assert "pass_timer" not in s.options and engine.deadline(s) == T0 + 30


def test_uestop_the_answer_timer_times_the_answer_and_the_turn_timer_the_rest() -> None:
    engine, s = timed("uestop", ["Ana", "Bia", "Cid"], "30", reveal_delay_ms=0, answer_timer="90")
    assert s.phase == "reading" and engine.deadline(s) == T0 + 30  # the opener: the turn timer
    answering, racer = _answering(engine, s, T0 + 30)
    assert engine.deadline(answering) == answering.clock_at + 90
    with pytest.raises(IllegalMove):
        engine.apply(answering, None, {"type": "timeout"}, now=answering.clock_at + 89)
    failed = engine.apply(answering, None, {"type": "timeout"}, now=answering.clock_at + 90)
    assert failed.events[0] == {"type": "timeout", "seat": racer} and failed.phase != "answering"
    if engine.deadline(failed) is not None:
        assert engine.deadline(failed) == failed.clock_at + 30
    engine, s = timed("uestop", ["Ana", "Bia", "Cid"], "45", reveal_delay_ms=0)
    answering, _ = _answering(engine, s, T0 + 45)
    assert answering.options["answer_timer"] == "same"
    assert engine.deadline(answering) == answering.clock_at + 45  # "same": the turn timer's


def test_the_phase_timer_is_data_any_game_may_declare() -> None:
    """turn_timer.limit knows no game: it reads the schema's ``timer_phase`` options."""
    from types import SimpleNamespace

    from tablegames.engine.core import Option

    on = ("15", "30", "45", "60", "90", "120")
    game = SimpleNamespace(options_schema=(
        Option("turn_timer", "choice", "off", ("off",) + on),
        Option("think_timer", "choice", "same", ("same",) + on, when={"turn_timer": on},
               timer_phase="thinking")))
    state = lambda phase, **o: SimpleNamespace(phase=phase, options=o)  # noqa: E731
    assert turn_timer.limit(game, state("thinking", turn_timer="30", think_timer="120")) == 120.0
    assert turn_timer.limit(game, state("moving", turn_timer="30", think_timer="120")) == 30.0
    assert turn_timer.limit(game, state("thinking", turn_timer="30")) == 30.0  # default "same"
    assert turn_timer.limit(game, state("thinking", turn_timer="off", think_timer="120")) is None
    assert turn_timer.phase_options(game.options_schema, {"turn_timer": "off", "think_timer": "15"}) == {}
    assert turn_timer.phase_options(game.options_schema, {"turn_timer": "15"}) == {"think_timer": "same"}

"""UNO's house rules: stacking, 7-0, jump-in, draw until playable, forced play, no bluffing.

Rules: docs/uno-rules.md ("House rules"); the switches are table options, off by default,
set by the ``preset`` (rulebook, party) or one by one (``preset: "custom"``).

With ``make``'s default dealer 0 and three players, seat 1 starts, then 2, then 0.
"""

from __future__ import annotations

import pytest

from tablegames.engine.uno.state import JUMP_IN
from tests.engine.uno.conftest import UNO, act, all_cards, events, make, refused

WINDOW = JUMP_IN["window_ms"] / 1000


def custom(**rules):
    return {"preset": "custom", **rules}


def game(hands, top="r5", draw=(), players=3, **rules):
    return make(players, hands=hands, top=top, draw=draw, **custom(**rules))


# -- presets ---------------------------------------------------------------------------

def test_presets_set_the_switches():
    party = UNO.new(["a", "b"], {"preset": "party"}, seed=1).options
    assert (party["stacking"], party["seven_zero"], party["jump_in"]) == (True, True, True)
    assert not (party["draw_until_playable"] or party["forced_play"] or party["no_bluff_wd4"])
    rulebook = UNO.new(["a", "b"], {}, seed=1).options
    assert rulebook["preset"] == "rulebook"
    assert not any(rulebook[k] for k in ("stacking", "seven_zero", "jump_in", "draw_until_playable",
                                         "forced_play", "no_bluff_wd4"))
    mine = UNO.new(["a", "b"], custom(forced_play=True), seed=1).options
    assert mine["forced_play"] and not mine["stacking"]


def test_no_bluffing_contradicts_allowing_the_bluff():
    from tablegames.engine import IllegalMove
    with pytest.raises(IllegalMove) as info:
        UNO.new(["a", "b"], custom(no_bluff_wd4=True, wd4_bluff=True), seed=1)
    assert info.value.code == "bad_option" and info.value.params == {"option": "no_bluff_wd4"}


# -- stacking --------------------------------------------------------------------------

def test_draw_twos_stack_and_the_next_player_takes_the_total():
    s = game([["r1", "b2", "y3"], ["r+2", "g4", "g6"], ["g+2", "b7", "b8"]],
             draw=["y1", "y2", "y4", "y6"], stacking=True)
    s = act(s, 1, "r+2")
    assert s.pending == {"kind": "draw2", "by": 1, "count": 2} and s.turn == 2
    assert UNO.to_act(s) == (2,)
    s = act(s, 2, "g+2")
    assert s.pending["count"] == 4 and s.turn == 0 and events(s, "stack")[0]["count"] == 4
    assert {m["type"] for m in UNO.legal_moves(s, 0)} == {"accept"}  # no Draw Two to stack
    s = act(s, 0, "accept")
    assert len(s.hands[0]) == 7 and s.pending is None
    assert s.turn == 1  # the player who took the penalty lost the turn
    assert events(s, "draw")[0]["count"] == 4


def test_only_the_same_penalty_card_stacks_and_nothing_else_goes():
    s = game([["r1", "g+2"], ["r+2", "g4", "g6"], ["W+4", "WG", "b+2", "b8", "g1"]], stacking=True,
             edition="motu")
    s = act(s, 1, "r+2")
    refused(s, 2, {"type": "play", "card": "W+4", "color": "b"}, "stack_only")
    refused(s, 2, {"type": "play", "card": "WG", "color": "b"}, "stack_only")  # Greyskull: no stack
    refused(s, 2, "b8", "stack_only")
    refused(s, 2, "draw", "answer_draw_two_first")
    refused(s, 0, "g+2", "not_your_turn")
    plays = [m for m in UNO.legal_moves(s, 2) if m["type"] == "play"]
    assert plays == [{"type": "play", "card": "b+2"}]


def test_without_stacking_a_draw_two_falls_at_once():
    s = make(3, hands=[["r1"], ["r+2", "g4"], ["g+2", "b7"]], top="r5")
    s = act(s, 1, "r+2")
    assert s.pending is None and len(s.hands[2]) == 4 and s.turn == 0


def test_wild_draw_fours_stack_and_a_challenge_judges_the_last_one():
    # seat 1 plays W+4 legally (no red); seat 2 stacks one holding blue (the colour chosen): a bluff
    s = game([["y1", "y2"], ["W+4", "g4", "g6"], ["W+4", "b7", "b8"]], stacking=True, wd4_bluff=True,
             draw=[f"y{i}" for i in range(3, 10)] + ["g1", "g2", "g3"])
    s = act(s, 1, {"type": "play", "card": "W+4", "color": "b"})
    assert s.pending["kind"] == "wd4" and s.pending["count"] == 4 and s.turn == 2
    assert {"type": "play", "card": "W+4", "color": "g"} in UNO.legal_moves(s, 2)
    s = act(s, 2, {"type": "play", "card": "W+4", "color": "g"})
    assert s.pending["count"] == 8 and s.pending["guilty"] and s.turn == 0
    guilty = act(s, 0, "challenge")  # seat 2 held blue: it draws the whole stack
    assert len(guilty.hands[2]) == 2 + 8 and guilty.turn == 0 and len(guilty.hands[0]) == 2
    s2 = game([["y1", "y2"], ["W+4", "g4", "g6"], ["W+4", "y7", "y8"]], stacking=True,
              draw=[f"y{i}" for i in range(3, 7)] + [f"r{i}" for i in range(1, 10)])
    s2 = act(s2, 1, {"type": "play", "card": "W+4", "color": "b"})
    s2 = act(s2, 2, {"type": "play", "card": "W+4", "color": "g"})
    innocent = act(s2, 0, "challenge")  # an honest stack: the challenger draws 8 + 2
    assert len(innocent.hands[0]) == 2 + 10 and innocent.turn == 1
    taken = act(s2, 0, "accept")
    assert len(taken.hands[0]) == 2 + 8 and taken.turn == 1


def test_a_stacked_last_card_ends_the_hand_and_the_total_is_drawn_and_scored():
    s = game([["r1", "b9"], ["r+2", "g4"], ["g+2"]], stacking=True, draw=["y1", "y2", "y3", "y4"])
    s = act(s, 1, "r+2")
    s = act(s, 2, "g+2")  # seat 2's last card: seat 0 draws the 4 and the hand is over
    assert s.phase == "hand_over" and len(s.hands[0]) == 6
    assert s.scores[2] == 1 + 9 + 1 + 2 + 3 + 4 + 4  # seat 0's six cards, seat 1's g4


def test_timeout_takes_the_stack():
    s = game([["r1"], ["r+2", "g4"], ["g+2", "b7"]], stacking=True, turn_timer="30")
    s = UNO.start_clock(s, 0.0)
    s = UNO.apply(s, 1, {"type": "play", "card": "r+2"}, now=1.0)
    assert UNO.deadline(s) == 31.0
    s = UNO.apply(s, None, {"type": "timeout"}, now=31.0)
    assert s.pending is None and len(s.hands[2]) == 4 and s.turn == 0


# -- 7-0 -------------------------------------------------------------------------------

def test_a_seven_swaps_hands_with_the_chosen_player():
    s = game([["b1", "b2", "b3", "b4"], ["r7", "g4", "g6"], ["y1"]], seven_zero=True)
    s = act(s, 1, "r7")
    assert s.pending == {"kind": "seven", "by": 1} and s.turn == 1 and UNO.to_act(s) == (1,)
    assert [m for m in UNO.legal_moves(s, 1) if m["type"] != "uno"] == [
        {"type": "swap", "target": 0}, {"type": "swap", "target": 2}]
    refused(s, 1, "g4", "choose_swap_first")
    refused(s, 1, {"type": "swap", "target": 1}, "bad_target")
    refused(s, 1, {"type": "swap", "target": 7}, "bad_target")
    refused(s, 2, {"type": "swap", "target": 0}, "not_your_turn")
    s = act(s, 1, {"type": "swap", "target": 0})
    assert s.hands[1] == ("b1", "b2", "b3", "b4") and s.hands[0] == ("g4", "g6")
    assert s.turn == 2 and s.pending is None


def test_a_seven_swap_leaving_one_card_is_catchable():
    s = game([["b1", "b2", "b3"], ["r7", "g4", "g6"], ["y1"]], seven_zero=True, draw=["g1", "g2"])
    s = act(s, 1, "r7")
    s = act(s, 1, {"type": "swap", "target": 2})  # seat 1 takes seat 2's single card
    assert 1 in s.exposed and {"type": "catch", "target": 1} in UNO.legal_moves(s, 0)


def test_swap_without_a_seven_is_refused():
    s = game([["b1"], ["r7", "g4"], ["y1"]], seven_zero=True)
    refused(s, 1, {"type": "swap", "target": 0}, "no_swap")
    plain = make(3, hands=[["b1"], ["r7", "g4"], ["y1"]], top="r5")
    after = act(plain, 1, "r7")
    assert after.pending is None and after.turn == 2  # off: a 7 is a 7


def test_a_zero_passes_every_hand_in_the_direction_of_play():
    s = game([["b1", "b2"], ["r0", "g4", "g6"], ["y1", "y2", "y3"]], seven_zero=True)
    s = act(s, 1, "r0")
    assert s.hands == (("y1", "y2", "y3"), ("b1", "b2"), ("g4", "g6"))  # 0 -> 1 -> 2 -> 0
    assert s.turn == 2 and events(s, "pass_hands")
    back = game([["b1", "b2"], ["rR", "r0", "g6"], ["y1", "y2", "y3"]], seven_zero=True)
    back = act(back, 1, "rR")  # counter-clockwise: 1 -> 0
    back = act(back, 0, {"type": "play", "card": "r0"}) if "r0" in back.hands[0] else back
    assert back.turn == 0


def test_a_zero_passes_hands_counter_clockwise_after_a_reverse():
    s = game([["r0", "b2", "b3"], ["rR", "g4", "g6"], ["y1", "y2", "y3"]], seven_zero=True)
    s = act(s, 1, "rR")
    assert s.direction == -1 and s.turn == 0
    s = act(s, 0, "r0")  # 0 -> 2 -> 1 -> 0
    assert s.hands == (("g4", "g6"), ("y1", "y2", "y3"), ("b2", "b3")) and s.turn == 2


def test_a_seven_or_zero_as_the_last_card_just_ends_the_hand():
    s = game([["b1"], ["r7"], ["y1"]], seven_zero=True)
    s = act(s, 1, "r7")
    assert s.phase == "hand_over" and s.pending is None


def test_timeout_swaps_with_the_next_player():
    s = game([["b1", "b2"], ["r7", "g4", "g6"], ["y1", "y9"]], seven_zero=True, turn_timer="30")
    s = UNO.start_clock(s, 0.0)
    s = UNO.apply(s, 1, {"type": "play", "card": "r7"}, now=1.0)
    s = UNO.apply(s, None, {"type": "timeout"}, now=31.0)
    assert s.hands[1] == ("y1", "y9") and s.turn == 2


# -- jump-in ---------------------------------------------------------------------------

def test_the_identical_card_jumps_in_and_play_continues_from_the_jumper():
    s = game([["b1", "b2"], ["g4", "g6"], ["r5", "y3"]], jump_in=True)
    assert UNO.legal_moves(s, 2)[-1] == {"type": "jump_in", "card": "r5"}
    assert not any(m["type"] == "jump_in" for m in UNO.legal_moves(s, 0))
    s = act(s, 2, {"type": "jump_in", "card": "r5"})
    assert s.discard[-1] == "r5" and s.hands[2] == ("y3",) and s.turn == 0  # seat 1 lost its turn
    assert events(s, "jump_in")[0] == {"type": "jump_in", "seat": 2, "card": "r5", "skipped": 1,
                                       "claims": 1}
    assert 2 in s.exposed  # down to one card without calling UNO


def test_a_jumped_in_skip_skips_the_player_after_the_jumper():
    # the first card was a Skip: seat 1 skipped, seat 2 on turn; seat 0 jumps in
    s = game([["rS", "b2"], ["g4", "g6"], ["y1", "y3"]], top="rS", jump_in=True)
    assert s.turn == 2
    s = act(s, 0, {"type": "jump_in", "card": "rS"})
    assert s.turn == 2 and events(s, "skip")[0]["seat"] == 1


def test_jump_in_refusals_leave_the_state_unchanged():
    s = game([["g5", "r5"], ["g4", "g6"], ["y3"]], jump_in=True)
    refused(s, 0, {"type": "jump_in", "card": "g5"}, "not_identical")
    refused(s, 2, {"type": "jump_in", "card": "r5"}, "card_not_in_hand")
    mine = make(3, hands=[["g5", "r5"], ["g4"], ["y3"]], top="r5", dealer=2, preset="custom",
                jump_in=True)
    refused(mine, 0, {"type": "jump_in", "card": "r5"}, "your_turn")
    refused(s, 0, {"type": "jump_in", "card": "x9"}, "bad_card")
    off = make(3, hands=[["g5", "r5"], ["g4", "g6"], ["y3"]], top="r5")
    refused(off, 0, {"type": "jump_in", "card": "r5"}, "no_jump_in")
    wild = game([["W", "r5"], ["r5", "g6"], ["y3"]], top="W", jump_in=True)
    wild = act(wild, 1, {"type": "choose_color", "color": "r"})
    refused(wild, 0, {"type": "jump_in", "card": "W"}, "not_identical")
    pending = game([["r7", "b1"], ["r7", "g6", "g7"], ["y3", "y4"]], jump_in=True, seven_zero=True)
    pending = act(pending, 1, "r7")  # the 7's swap is owed: no jump-in before it
    refused(pending, 0, {"type": "jump_in", "card": "r7"}, "jump_in_blocked")


def raced(jumper_t, jumper_at, turn_at=10.5):
    """r5 goes down at 10.0 (seat 1); seat 2 (on turn) plays r9 arriving at ``turn_at``,
    seat 0 jumps in with the twin r5 tapped at ``jumper_t`` (server clock), arriving at
    ``jumper_at``."""
    s = game([["r5", "b2"], ["r5", "g6", "g7"], ["r9", "y3"]], top="b5", jump_in=True)
    s = UNO.apply(s, 1, {"type": "play", "card": "r5"}, now=10.0)
    assert s.top_at == 10.0 and s.turn == 2
    claims = [(turn_at, 2, {"type": "play", "card": "r9"}),
              (jumper_at, 0, {"type": "jump_in", "card": "r5", "t": jumper_t})]
    for at, seat, move in sorted(claims, key=lambda c: c[0]):
        s = UNO.apply(s, seat, move, now=at)
    return s


def test_the_turns_move_and_a_jump_in_race_and_the_earlier_tap_wins():
    s = raced(jumper_t=10.3, jumper_at=10.6)  # the jumper tapped first; its phone is slower
    first = min(10.5, 10.6)
    assert s.jump["deadline"] == pytest.approx(first + WINDOW) and UNO.to_act(s) == ()
    assert UNO.system_moves(s) == [{"type": "settle_jump"}]
    assert UNO.deadline(s) == pytest.approx(first + WINDOW)
    assert s.discard[-1] == "r5" and s.hands[2] == ("r9", "y3")  # nothing played yet
    refused(s, 2, "y3", "jump_in_race")
    refused(s, 0, {"type": "jump_in", "card": "r5"}, "already_jumped")
    with pytest.raises(Exception) as info:
        UNO.apply(s, None, {"type": "settle_jump"}, now=10.6)
    assert info.value.code == "window_open"
    done = UNO.apply(s, None, {"type": "settle_jump"}, now=first + WINDOW)
    assert done.jump is None and done.hands[0] == ("b2",) and done.hands[2] == ("r9", "y3")
    assert done.turn == 1 and events(done, "jump_in")[0]["claims"] == 2  # on from seat 0
    assert all_cards(done) == all_cards(s)
    late_tap = raced(jumper_t=10.55, jumper_at=10.7)  # the turn's move was first
    done = UNO.apply(late_tap, None, {"type": "settle_jump"}, now=11.0)
    assert done.discard[-1] == "r9" and done.hands[0] == ("r5", "b2") and done.turn == 0
    assert events(done, "jump_void") and events(done, "play")[0]["seat"] == 2


def test_a_jump_in_alone_opens_the_race_and_wins_at_the_deadline():
    s = game([["r5", "b2"], ["r5", "g6"], ["y3", "y4"]], top="b5", jump_in=True)
    s = UNO.apply(s, 1, {"type": "play", "card": "r5"}, now=10.0)
    s = UNO.apply(s, 0, {"type": "jump_in", "card": "r5"}, now=10.5)
    assert UNO.to_act(s) == (2,)  # the player on turn may still race it
    done = UNO.apply(s, None, {"type": "settle_jump"}, now=10.5 + WINDOW)
    assert done.hands[0] == ("b2",) and done.turn == 1


def test_without_a_twin_in_play_the_turn_is_not_raced():
    s = game([["b1", "b2"], ["r5", "g6"], ["r9", "y3"]], top="b5", jump_in=True)
    s = UNO.apply(s, 1, {"type": "play", "card": "r5"}, now=10.0)  # the twin r5 is in the pile
    s = UNO.apply(s, 2, {"type": "play", "card": "r9"}, now=10.5)
    assert s.jump is None and s.discard[-1] == "r9"


def test_a_claim_faster_than_a_human_counts_at_its_arrival():
    s = raced(jumper_t=10.01, jumper_at=10.45)  # 10 ms after the card went down: forged
    tap = next(x for x in s.jump["taps"] if x["seat"] == 0)
    assert tap["flagged"] and tap["t"] == 10.45
    s = raced(jumper_t=10.01, jumper_at=10.55)
    done = UNO.apply(s, None, {"type": "settle_jump"}, now=11.0)
    assert done.discard[-1] == "r9"  # judged at its arrival, after the turn's move


def test_a_claim_after_the_window_settles_the_race_at_once():
    s = raced(jumper_t=10.2, jumper_at=12.0)  # the turn's move opened it at 10.5: late
    assert s.jump is None and s.discard[-1] == "r9"
    s2 = game([["r5", "b2"], ["r5", "r6", "g1"], ["y3", "b9"]], top="b5", jump_in=True)
    s2 = UNO.apply(s2, 1, {"type": "play", "card": "r5"}, now=10.0)
    s2 = UNO.apply(s2, 0, {"type": "jump_in", "card": "r5"}, now=10.5)
    after = UNO.apply(s2, 1, {"type": "play", "card": "r6"}, now=12.0)  # the first move after
    assert after.discard[-2:] == ("r5", "r6") and after.turn == 2 and after.hands[0] == ("b2",)


def test_a_jumped_in_draw_two_adds_to_a_stack():
    s = game([["r+2", "b2"], ["r+2", "g6", "g7"], ["y3", "y4"]], stacking=True, jump_in=True,
             draw=["g1", "g2", "g3", "g4", "g5", "b6"])
    s = act(s, 1, "r+2")
    assert s.pending["count"] == 2 and s.turn == 2
    s = act(s, 0, {"type": "jump_in", "card": "r+2"})
    assert s.pending == {"kind": "draw2", "by": 0, "count": 4} and s.turn == 1  # after the jumper


def test_the_turn_timer_waits_while_a_race_is_open():
    s = game([["r5", "b2"], ["r5", "g6"], ["y3", "y4"]], top="b5", jump_in=True, turn_timer="30")
    s = UNO.start_clock(s, 0.0)
    s = UNO.apply(s, 1, {"type": "play", "card": "r5"}, now=10.0)
    s = UNO.apply(s, 0, {"type": "jump_in", "card": "r5"}, now=10.5)
    assert UNO.system_moves(s) == [{"type": "settle_jump"}]
    s = UNO.apply(s, None, {"type": "settle_jump"}, now=11.0)
    assert UNO.deadline(s) == 41.0 and UNO.to_act(s) == (1,)


# -- draw until playable, forced play --------------------------------------------------

def test_draw_until_playable_draws_until_a_card_can_be_played():
    s = game([["b1"], ["g4", "g6"], ["y3"]], draw=["y1", "b7", "g9", "r8"], draw_until_playable=True)
    s = act(s, 1, "draw")
    assert s.hands[1] == ("g4", "g6", "y1", "b7", "g9", "r8") and s.drawn == "r8" and s.turn == 1
    assert events(s, "draw")[0] == {"type": "draw", "seat": 1, "count": 4, "reason": "until_playable"}
    s = act(s, 1, "pass")  # not forced: it may keep it
    assert s.turn == 2


def test_draw_until_playable_with_empty_piles_passes_the_turn():
    s = game([["b1"], ["g4", "g6"], ["y3"]], draw_until_playable=True)
    s = s.__class__(**{**s.__dict__, "draw_pile": ("g1", "y2")})  # nothing playable is left
    s = act(s, 1, "draw")
    assert s.turn == 2 and s.drawn is None and len(s.hands[1]) == 4


def test_forced_play_refuses_keeping_a_playable_drawn_card():
    s = game([["b1"], ["g4", "g6"], ["y3"]], draw=["r9"], forced_play=True)
    s = act(s, 1, "draw")
    assert s.drawn == "r9"
    assert UNO.legal_moves(s, 1) == [{"type": "play", "card": "r9"}]
    err = refused(s, 1, "pass", "must_play_drawn")
    assert err.params == {"card": "r9"}
    s = act(s, 1, "r9")
    assert s.turn == 2


def test_forced_play_timeout_plays_the_drawn_card_in_the_colour_held_most():
    s = game([["b1"], ["g4", "g6", "y1"], ["y3"]], draw=["W"], forced_play=True, turn_timer="30")
    s = UNO.start_clock(s, 0.0)
    s = UNO.apply(s, None, {"type": "timeout"}, now=30.0)
    assert s.discard[-1] == "W" and s.color == "g" and s.turn == 2


# -- no bluffing -----------------------------------------------------------------------

def test_no_bluffing_refuses_the_wd4_and_the_penalty_falls_at_once():
    s = game([["b1"], ["W+4", "r4"], ["y3", "y4"]], no_bluff_wd4=True, draw=["g1", "g2", "g3", "g4"])
    refused(s, 1, {"type": "play", "card": "W+4", "color": "b"}, "wd4_has_color")
    s = game([["b1"], ["W+4", "g4"], ["y3", "y4"]], no_bluff_wd4=True, draw=["g1", "g2", "g3", "g4"])
    s = act(s, 1, {"type": "play", "card": "W+4", "color": "b"})
    assert s.pending is None and len(s.hands[2]) == 6 and s.turn == 0


def test_no_bluffing_with_stacking_offers_no_challenge():
    s = game([["b1"], ["W+4", "g4", "g5"], ["y3", "y4", "y6"]], no_bluff_wd4=True, stacking=True)
    s = act(s, 1, {"type": "play", "card": "W+4", "color": "b"})
    assert s.pending["kind"] == "wd4"
    assert {m["type"] for m in UNO.legal_moves(s, 2)} == {"accept"}
    refused(s, 2, "challenge", "no_challenge_rule")

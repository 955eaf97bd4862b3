"""The special wilds: Wild Swap Hands and Wild Customizable (Plus), Powers of Greyskull (MotU).

Rules: uno-plus.pt.txt ("Wild Swap Hands Card", "Carta Personalizável Wild", "E se a sua
última carta for uma Wild Swap Hands?", the house-rule suggestions),
uno-masters-of-the-universe.pt.txt ("Carta Curinga Poderes de Greyskull"), NOTES.md,
docs/uno-rules.md ("Swap Hands", "Greyskull", "Customizable Wild").

With ``make``'s default dealer 0 and three players, seat 1 starts, then 2, then 0.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.engine.uno.cards import build_deck
from tests.engine.uno.conftest import UNO, act, all_cards, events, make, refused

EXTRA = ["b7", "b8", "b9", "y7", "y8", "y9", "g7", "g8", "g9", "b6"]  # next cards drawn
EXTRA_MOTU = ["b7", "b8", "b9", "p7", "p8", "p9"]  # MotU has purple, no yellow


def wild(card: str, color: str, target=None) -> dict:
    move = {"type": "play", "card": card, "color": color}
    if target is not None:
        move["target"] = target
    return move


# -- Wild Swap Hands (Plus) ------------------------------------------------------------

def _swap_game():
    return make(edition="plus", hands=[["y1", "y2", "y3", "y4"], ["WS", "r1", "r2"], ["g1", "g2"]],
                top="r5")


@pytest.mark.parametrize("target", [0, 2])
def test_swap_hands_swaps_with_the_target_and_ends_the_turn(target):
    s = _swap_game()
    before = s.hands
    s2 = act(s, 1, wild("WS", "b", target))
    assert s2.hands[1] == before[target]
    assert s2.hands[target] == ("r1", "r2")
    other = ({0, 2} - {target}).pop()
    assert s2.hands[other] == before[other]
    assert s2.top == "WS" and s2.color == "b"
    assert s2.turn == 2
    assert {"type": "swap", "seat": 1, "target": target} in events(s2)
    assert all_cards(s2) == all_cards(s)


def test_swap_hands_as_last_card_takes_no_target_and_ends_the_hand():
    s = make(edition="plus", hands=[["y1", "y2"], ["WS"], ["g1", "g2"]], top="r5")
    s2 = act(s, 1, wild("WS", "g"))
    assert s2.phase == "hand_over"
    assert s2.hands[1] == ()
    assert s2.hands[0] == ("y1", "y2") and s2.hands[2] == ("g1", "g2")
    assert s2.scores == (0, 1 + 2 + 1 + 2, 0)
    assert s2.history[-1]["winner"] == 1
    assert not events(s2, "swap")


def test_swap_hands_as_last_card_with_a_target_is_refused():
    s = make(edition="plus", hands=[["y1", "y2"], ["WS"], ["g1", "g2"]], top="r5")
    refused(s, 1, wild("WS", "g", 0), "bad_move")


def test_swap_hands_as_last_card_offers_no_target():
    s = make(edition="plus", hands=[["y1", "y2"], ["WS"], ["g1", "g2"]], top="r5")
    plays = [m for m in UNO.legal_moves(s, 1) if m["type"] == "play"]
    assert plays and all("target" not in m for m in plays)


@pytest.mark.parametrize("target", [1, 3, -1, None, "0", True], ids=repr)
def test_swap_hands_target_self_or_invalid_is_refused(target):
    s = _swap_game()
    move = wild("WS", "b")
    if target is not None:
        move["target"] = target
    refused(s, 1, move, "bad_target")


def test_swap_hands_needs_a_colour():
    s = _swap_game()
    refused(s, 1, {"type": "play", "card": "WS", "target": 0}, "bad_color")
    refused(s, 1, wild("WS", "p", 0), "bad_color")  # purple is MotU only


def test_swap_hands_giving_away_one_card_exposes_the_receiver():
    s = make(edition="plus", hands=[["y1", "y2", "y3"], ["WS", "r1"], ["g1", "g2"]], top="r5")
    s2 = act(s, 1, wild("WS", "b", 0))
    assert s2.hands[0] == ("r1",)
    assert s2.exposed == (0,)
    s3 = act(s2, 2, {"type": "catch", "target": 0})
    assert len(s3.hands[0]) == 3


# -- Wild Customizable (Plus) ----------------------------------------------------------

def _custom(rules, p1=("WC1", "r1", "r2"), p2=("g1", "g2"), p0=("y1", "y2"), **kw):
    return make(edition="plus", hands=[list(p0), list(p1), list(p2)], top="r5", draw=EXTRA,
                house_rules=rules, **kw)


def test_house_rule_others_draw_2():
    s = _custom(["others_draw_2"])
    s2 = act(s, 1, wild("WC1", "g"))
    assert s2.hands[2] == ("g1", "g2", "b7", "b8")  # in playing order: seat 2, then seat 0
    assert s2.hands[0] == ("y1", "y2", "b9", "y7")
    assert s2.hands[1] == ("r1", "r2")
    assert s2.color == "g" and s2.top == "WC1"
    assert s2.turn == 2  # nobody is skipped
    assert events(s2, "house_rule") == [{"type": "house_rule", "seat": 1, "rule": 0,
                                         "key": "others_draw_2", "kind": "others_draw",
                                         "text": ""}]


def test_house_rule_discard_wilds():
    s = _custom(["discard_wilds"], p1=("WC1", "W", "r1"), p2=("W", "W+4", "g1"), p0=("W", "W"))
    s2 = act(s, 1, wild("WC1", "y"))
    assert s2.hands[2] == ("g1",)
    assert s2.hands[0] == ("W",)  # an all-wild hand keeps one card
    assert s2.hands[1] == ("W", "r1")  # the player's own wilds stay
    assert s2.discard == ("r5", "W", "W+4", "W", "WC1")  # under the card just played
    assert s2.top == "WC1" and s2.color == "y"
    assert s2.turn == 2
    assert s2.exposed == (0, 2)  # both are down to one card without a call
    assert all_cards(s2) == all_cards(s)


def test_house_rule_discard_wilds_with_no_wilds_changes_no_hand():
    s = _custom(["discard_wilds"])
    s2 = act(s, 1, wild("WC1", "y"))
    assert s2.hands[0] == s.hands[0] and s2.hands[2] == s.hands[2]
    assert s2.discard == ("r5", "WC1")


def test_house_rule_skip_all_player_goes_again():
    s = _custom(["skip_all"])
    s2 = act(s, 1, wild("WC1", "r"))
    assert s2.turn == 1
    assert s2.color == "r"
    assert events(s2, "skip") == [{"type": "skip", "seat": 2}, {"type": "skip", "seat": 0}]
    assert s2.hands[0] == s.hands[0] and s2.hands[2] == s.hands[2]
    s3 = act(s2, 1, "r1")
    assert s3.turn == 2


@pytest.mark.parametrize("rule, n", [("situps", 3), ("song", 2)])
def test_house_rule_dare_done_no_draw(rule, n):
    s = _custom([rule])
    s2 = act(s, 1, wild("WC1", "g"))
    assert s2.turn == 2
    assert s2.pending == {"kind": "dare", "by": 1, "rule": 0}
    assert UNO.view(s2, None)["pending"] == {"kind": "dare", "by": 1, "rule": 0}
    s3 = act(s2, 2, {"type": "dare", "done": True})
    assert s3.hands[2] == ("g1", "g2")
    assert s3.pending is None
    assert s3.turn == 2  # the dared player then plays normally
    s4 = act(s3, 2, "g1")
    assert s4.top == "g1" and s4.turn == 0


@pytest.mark.parametrize("rule, n", [("situps", 3), ("song", 2)])
def test_house_rule_dare_refused_draws_n(rule, n):
    s = _custom([rule])
    s2 = act(act(s, 1, wild("WC1", "g")), 2, {"type": "dare", "done": False})
    assert s2.hands[2] == ("g1", "g2", *EXTRA[:n])
    assert events(s2, "draw") == [{"type": "draw", "seat": 2, "count": n, "reason": "dare"}]
    assert s2.pending is None
    assert s2.turn == 2
    s3 = act(s2, 2, "g2")
    assert s3.turn == 0


def test_house_rule_dare_must_be_answered_first():
    s = act(_custom(["song"]), 1, wild("WC1", "g"))
    refused(s, 2, "g1", "answer_dare_first")
    refused(s, 2, "draw", "answer_dare_first")
    refused(s, 0, {"type": "dare", "done": True}, "not_your_turn")
    refused(s, 2, {"type": "dare", "done": "yes"}, "bad_move")
    refused(s, 2, {"type": "dare"}, "bad_move")


def test_dare_answer_with_nothing_pending_is_refused():
    s = _custom(["song"])
    refused(s, 1, {"type": "dare", "done": True}, "no_dare")


def test_written_free_rule_has_no_effect():
    s = _custom([{"kind": "free", "text": "Everybody sings the chorus"}])
    s2 = act(s, 1, wild("WC1", "b"))
    assert s2.hands[0] == s.hands[0] and s2.hands[2] == s.hands[2]
    assert s2.hands[1] == ("r1", "r2")
    assert s2.turn == 2 and s2.pending is None and s2.color == "b"
    assert events(s2, "house_rule") == [{"type": "house_rule", "seat": 1, "rule": 0,
                                         "key": "custom", "kind": "free",
                                         "text": "Everybody sings the chorus"}]
    assert UNO.view(s2, None)["events"][-1]["text"] == "Everybody sings the chorus"


def test_written_dare_with_custom_penalty():
    s = _custom([{"kind": "dare", "text": "Dance like He-Man", "n": 5}])
    s2 = act(s, 1, wild("WC1", "y"))
    assert s2.pending == {"kind": "dare", "by": 1, "rule": 0}
    assert events(s2, "house_rule")[0]["text"] == "Dance like He-Man"
    s3 = act(s2, 2, {"type": "dare", "done": False})
    assert s3.hands[2] == ("g1", "g2", *EXTRA[:5])
    s3 = act(s2, 2, {"type": "dare", "done": True})
    assert s3.hands[2] == ("g1", "g2")


def test_each_customizable_card_carries_its_own_rule():
    rules = ["others_draw_2", "skip_all", "song"]
    s = _custom(rules, p1=("WC1", "WC2", "WC3", "r1"))
    assert act(s, 1, wild("WC2", "r")).turn == 1  # skip_all
    assert act(s, 1, wild("WC3", "r")).pending["kind"] == "dare"  # song
    assert len(act(s, 1, wild("WC1", "r")).hands[2]) == 4  # others_draw_2


def test_customizable_wild_needs_a_colour_and_no_target():
    s = _custom(["others_draw_2"])
    refused(s, 1, {"type": "play", "card": "WC1"}, "bad_color")
    refused(s, 1, wild("WC1", "g", 0), "bad_move")


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_house_rules_count_sets_the_deck_size(k):
    rules = ["others_draw_2", "skip_all", "song"][:k]
    s = UNO.new(["A", "B", "C"], {"edition": "plus", "house_rules": rules, "dealer": 0}, seed=3)
    cards = all_cards(s)
    assert sum(cards.values()) == 108 + 1 + k
    assert sorted(c for c in cards if c.startswith("WC")) == [f"WC{i}" for i in range(1, k + 1)]
    assert cards["WS"] == 1
    assert Counter(build_deck("plus", k)) == cards


def test_default_house_rules_use_three_cards():
    s = UNO.new(["A", "B"], {"edition": "plus", "dealer": 0}, seed=3)
    assert [r["key"] for r in s.options["house_rules"]] == ["others_draw_2", "skip_all", "song"]
    assert sum(all_cards(s).values()) == 112


@pytest.mark.parametrize("rules", [["others_draw_2"] * 4, ["fly"], [{"kind": "free"}],
                                   [{"kind": "dare", "text": "x", "n": 11}]], ids=repr)
def test_bad_house_rules_are_refused(rules):
    from tablegames.engine import IllegalMove
    with pytest.raises(IllegalMove) as info:
        UNO.new(["A", "B"], {"edition": "plus", "house_rules": rules})
    assert info.value.code == "bad_option"


def test_customizable_card_not_in_play_cannot_be_stacked():
    from tablegames.engine import IllegalMove
    with pytest.raises(IllegalMove) as info:
        _custom(["song"], p1=("WC2", "r1"))
    assert info.value.code == "bad_option"


# -- Powers of Greyskull (MotU) --------------------------------------------------------

def test_greyskull_every_other_player_draws_three_nobody_skipped():
    s = make(edition="motu", hands=[["p1", "p2"], ["WG", "b1"], ["g1", "g2"]], top="b5",
             draw=EXTRA_MOTU)
    s2 = act(s, 1, wild("WG", "p"))
    assert s2.hands[2] == ("g1", "g2", *EXTRA_MOTU[:3])
    assert s2.hands[0] == ("p1", "p2", *EXTRA_MOTU[3:6])
    assert s2.hands[1] == ("b1",)
    assert s2.color == "p" and s2.top == "WG"
    assert s2.turn == 2
    assert not events(s2, "skip")
    assert {"type": "greyskull", "seat": 1} in events(s2)
    assert [e["seat"] for e in events(s2, "draw")] == [2, 0]
    assert all(e["count"] == 3 and e["reason"] == "greyskull" for e in events(s2, "draw"))


def test_greyskull_keeps_the_current_direction():
    # A Reverse turned up: the dealer (seat 0) starts and play goes counter-clockwise.
    s = make(edition="motu", hands=[["WG", "b1"], ["r1", "r2"], ["g1", "g2"]], top="bR",
             draw=EXTRA_MOTU)
    assert s.turn == 0 and s.direction == -1
    s2 = act(s, 0, wild("WG", "g"))
    assert s2.direction == -1
    assert s2.turn == 2
    assert len(s2.hands[1]) == 5 and len(s2.hands[2]) == 5


def test_greyskull_only_in_motu():
    from tablegames.engine import IllegalMove
    with pytest.raises(IllegalMove):
        make(edition="classic", hands=[["WG"], ["r1"], ["g1"]], top="r5")

"""The UNO view model under the house rules: stacking in the penalty text, the 7-0 target
picker, the jump-in button, the house rules line, the UNO! mark on a last card."""

from __future__ import annotations

from tests.games.test_uno_view_model import GAME, build, screen


def new(hands, top="r5", draw=(), **rules):
    stack = {"hands": hands, "top": top, "draw": list(draw)}
    return GAME.new(["Ana", "Bia", "Cid"], {"dealer": 0, "stack": stack, "preset": "custom", **rules},
                    seed=7)


def test_a_stack_shows_its_total_and_the_take_button():
    s = new([["r1", "b2", "y3"], ["r+2", "g4", "g6"], ["g+2", "b7", "b8"]], stacking=True)
    s = GAME.apply(s, 1, {"type": "play", "card": "r+2"})
    cid = build(screen(s, 2), "en")
    assert cid["pending"] == "Stack a Draw Two or take 2 cards."
    assert [a["id"] for a in cid["actions"]] == ["act-accept"]
    assert cid["actions"][0]["label"] == "Take 2 cards"
    assert {c["code"]: c["playable"] for g in cid["hand_groups"] for c in g}["g+2"]
    s = GAME.apply(s, 2, {"type": "play", "card": "g+2"})
    table = build(screen(s), "en")
    assert table["pending"] == "Ana must stack a Draw Two or take 4 cards."
    assert build(screen(s, 0), "pt-BR")["actions"][0]["label"] == "Comprar 4 cartas"
    assert table["house"] == "House rules: stacking"


def test_a_seven_opens_the_target_picker_whose_targets_send_the_swap():
    s = new([["b1", "b2", "b3", "b4"], ["r7", "g4", "g6"], ["y1", "y2"]], seven_zero=True)
    s = GAME.apply(s, 1, {"type": "play", "card": "r7"})
    bia = build(screen(s, 1), "en")
    assert bia["pending"] == "Your 7: choose whose hand you take."
    assert [a["id"] for a in bia["actions"]] == ["act-uno", "act-swap"]
    assert bia["actions"][1]["pick"] == "seven"
    picker = bia["picker"]["seven"]
    assert picker["direct"] and picker["target_title"] == "Whose hand do you take?"
    assert [(p["name"], p["detail"], p["move"]) for p in picker["targets"]] == [
        ("Ana", "4 cards", {"type": "swap", "target": 0}), ("Cid", "2 cards", {"type": "swap", "target": 2})]
    assert build(screen(s), "en")["pending"] == "Bia played a 7 and chooses whose hand to take."


def test_the_jump_in_button_shows_only_on_the_phone_with_the_identical_card():
    s = new([["r5", "b2"], ["g4", "g6"], ["y3", "y4"]], jump_in=True)
    ana = build(screen(s, 0), "en")
    assert ana["jump"] == {"card": "r5", "label": "Jump in!", "name": "red 5"}
    assert build(screen(s, 2), "en")["jump"] is None and build(screen(s, 1), "en")["jump"] is None
    s = GAME.apply(s, 0, {"type": "jump_in", "card": "r5"}, now=None)
    assert build(screen(s, 0), "en")["jump"] is None


def test_an_open_race_is_said_in_the_pending_line():
    s = new([["r5", "b2"], ["r5", "g6", "g7"], ["r9", "y3"]], top="b5", jump_in=True)
    s = GAME.apply(s, 1, {"type": "play", "card": "r5"}, now=10.0)
    s = GAME.apply(s, 0, {"type": "jump_in", "card": "r5"}, now=10.2)
    table = build(screen(s), "en")
    assert table["racing"] and table["pending"] == "Jump-in! The fastest phone plays the card."


def test_a_player_with_one_card_is_marked_uno_on_the_table_and_the_phones():
    s = new([["b1", "b2"], ["r6", "g4"], ["y3", "y4", "y5"]])
    s = GAME.apply(s, 1, {"type": "play", "card": "r6"})  # Bia: one card, no call
    table = build(screen(s), "en")
    bia = next(p for p in table["players"] if p["name"] == "Bia")
    assert "UNO!" in bia["badges"] and bia["detail"] == "1 card · UNO!"
    phone = build(screen(s, 2), "en")
    assert next(p for p in phone["players"] if p["name"] == "Bia")["detail"] == "1 card · UNO!"
    assert next(p for p in phone["players"] if p["name"] == "Ana")["badges"] == []


def test_a_turn_move_waiting_alone_does_not_tell_that_a_twin_is_held():
    s = new([["r5", "b2"], ["r5", "g6", "g7"], ["r9", "y3"]], top="b5", jump_in=True)
    s = GAME.apply(s, 1, {"type": "play", "card": "r5"}, now=10.0)
    s = GAME.apply(s, 2, {"type": "play", "card": "r9"}, now=10.5)  # Ana holds the twin: raced
    assert s.jump is not None
    for me in (-1, 1, 2):
        vm = build(screen(s, me), "en")
        assert not vm["racing"] and vm["pending"] == ""

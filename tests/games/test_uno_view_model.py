"""The UNO view model (``tablegames.games.uno.view_model.build``) on real engine states.

Screens are built the way ``rooms.service.screen`` builds them: the room's public facts,
the engine's view for the seat (JSON round trip), ``me``, ``to_act`` and ``is_host``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames.engine import get_game
from tablegames.games.uno.view_model import build, group_by_color, per_row

GAME = get_game("uno")
NAMES = ("Ana", "Bia", "Cid")
# Ana (seat 0) deals, Bia (seat 1) plays first.
STACK = {"hands": [["W", "g7", "g9"], ["r+2", "g3", "b1"], ["y4", "y6"]], "top": "r5",
         "draw": ["b5", "b6", "y1", "y2", "r2", "r8", "b9"]}


def new(stack: dict | None = None, names=NAMES, **options: Any):
    return GAME.new(list(names), {"dealer": 0, "stack": stack or STACK, **options}, seed=7)


def screen(state, me: int = -1, is_host: bool = False) -> dict[str, Any]:
    """One screen's data, as ``rooms.service.screen`` gives it (``me`` -1: the table)."""
    view = json.loads(json.dumps(GAME.view(state, me if me >= 0 else None)))
    to_act = list(GAME.to_act(state))
    return {"code": "ABCD", "game": "uno", "status": "playing", "version": 3,
            "options": view["options"], "locked": False, "asking": [],
            "seats": [{"seat": i, "id": i + 10, "name": n} for i, n in enumerate(state.players)],
            "view": view, "me": me, "removed": False, "is_host": is_host, "to_act": to_act}


def codes(vm: dict) -> list[list[str]]:
    return [[c["code"] for c in group] for group in vm["hand_groups"]]


def test_first_turn_phone_and_table():
    s = new()
    bia = build(screen(s, 1), "en")
    assert bia["my_turn"] and bia["status"] == "Your turn!"
    assert codes(bia) == [["r+2"], ["g3"], ["b1"]]
    tappable = {c["code"]: c["playable"] for g in bia["hand_groups"] for c in g}
    assert tappable == {"r+2": True, "g3": False, "b1": False}
    assert [a["id"] for a in bia["actions"]] == ["act-draw"]
    assert bia["actions"][0]["move"] == {"type": "draw"}
    assert bia["hand_count"] == "3 cards"
    assert [p["detail"] for p in bia["players"]] == ["3 cards", "3 cards", "2 cards"]
    assert [p["me"] for p in bia["players"]] == [False, True, False]
    assert [p["to_act"] for p in bia["players"]] == [False, True, False]
    assert bia["color_line"] == "Colour in play: Red"
    assert bia["events"] == ["First card: red 5."]
    assert bia["target_line"] == "First to 500 points wins."

    table = build(screen(s), "en")
    assert not table["my_turn"] and table["status"] == "Now playing: Bia"
    assert table["hand_groups"] == [] and table["actions"] == [] and table["picker"] == {}
    assert table["draw_pile"].startswith("Draw pile: ") and table["draw_pile"].endswith(" cards")

    ana = build(screen(s, 0), "pt-BR")
    assert not ana["my_turn"] and ana["status"] == "Agora joga: Bia"
    assert ana["color_line"] == "Cor em jogo: Vermelho"
    assert ana["direction"] == "↻ sentido horário"
    assert ana["events"] == ["Primeira carta: 5 vermelho."]
    assert all(not c["playable"] for g in ana["hand_groups"] for c in g)  # not her turn


def test_a_move_leaves_the_lines_of_the_players_it_did_not_touch_as_they_were():
    """The screens of the next version share those lines (a patch then skips them without a
    look inside); a phone's own line is its copy, the shared one stays another's."""
    s = new()
    before = build(screen(s), "en")
    drawn = GAME.apply(s, 1, {"type": "draw"}, 0.0)  # Bia draws b5, which she may play: still her turn
    after = build(screen(drawn), "en")
    assert after["players"][1] is not before["players"][1] and after["players"][1]["detail"] == "4 cards"
    assert after["players"][0] is before["players"][0] and after["players"][2] is before["players"][2]
    cid = build(screen(drawn, 2), "en")
    assert cid["players"][2]["me"] and not after["players"][2]["me"]
    assert cid["players"][0] is after["players"][0]


def test_wild_opens_a_picker_with_colour_names_in_the_language():
    s = GAME.apply(new(), 1, {"type": "play", "card": "r+2"})  # Cid draws 2 and is skipped
    ana = build(screen(s, 0), "pt-BR")
    assert ana["my_turn"]
    wild = next(c for g in ana["hand_groups"] for c in g if c["code"] == "W")
    assert wild == {"code": "W", "playable": True, "pick": True, "name": "Curinga", "key": "W.0"}
    picker = ana["picker"]["W"]
    assert picker["title"] == "Escolha uma cor" and not picker["swap"]
    assert [(c["color"], c["name"]) for c in picker["choices"]] == [
        ("r", "Vermelho"), ("y", "Amarelo"), ("g", "Verde"), ("b", "Azul")]
    assert picker["choices"][2]["move"] == {"type": "play", "card": "W", "color": "g"}
    assert build(screen(s, 0), "en")["picker"]["W"]["choices"][2]["name"] == "Green"
    cid = build(screen(s, 2), "en")
    assert [p["detail"] for p in cid["players"]][2] == "4 cards"
    assert "Cid draws 2 cards." in cid["events"] and "Cid loses a turn." in cid["events"]


def test_a_forgotten_uno_is_catchable_from_another_phone():
    s = GAME.apply(new(), 1, {"type": "play", "card": "r+2"})
    s = GAME.apply(s, 0, {"type": "play", "card": "W", "color": "g"})
    s = GAME.apply(s, 1, {"type": "play", "card": "g3"})  # down to one card, no UNO call
    ana = build(screen(s, 0), "en")
    catch = [a for a in ana["actions"] if a["id"] == "act-catch-1"]
    assert catch == [{"id": "act-catch-1", "label": "Catch Bia!", "move": {"type": "catch", "target": 1},
                      "color": "red", "pick": ""}]
    assert build(screen(s, 0), "pt-BR")["actions"][-1]["label"] == "Pegar Bia!"
    bia = build(screen(s, 1), "en")
    assert [a["id"] for a in bia["actions"]] == ["act-uno"]  # she may still call it


def test_wild_draw_four_is_announced_and_answered():
    stack = {"hands": [["W+4", "b3"], ["r2", "g4", "g5"], ["y4", "y6"]], "top": "g9"}
    s = new(stack)
    s = GAME.apply(s, 1, {"type": "play", "card": "g4"})
    s = GAME.apply(s, 2, {"type": "draw"})
    s = GAME.apply(s, 0, {"type": "play", "card": "W+4", "color": "b"})  # Ana: 1 card; Bia answers
    bia = build(screen(s, 1), "en")
    assert bia["pending"] == "Ana played a Wild Draw Four on you: challenge it or draw 4."
    ids = [a["id"] for a in bia["actions"]]
    assert ids[-2:] == ["act-challenge", "act-accept"] and "act-catch-0" in ids  # Ana forgot UNO
    table = build(screen(s), "pt-BR")
    assert table["pending"] == "Bia precisa desafiar o Curinga Comprar Quatro de Ana ou comprar 4."
    s = GAME.apply(s, 1, {"type": "challenge"})
    bia = build(screen(s, 1), "en")
    assert bia["reveal"]["title"] == "Ana's hand, shown to you:"
    assert bia["pending"] == ""


def test_swap_hands_picker_names_the_other_players():
    stack = {"hands": [["WS", "b3", "b4"], ["r2", "g4", "g5"], ["y4", "y6"]], "top": "g9"}
    s = new(stack, edition="plus", house_rules=[])
    s = GAME.apply(s, 1, {"type": "play", "card": "g4"})
    s = GAME.apply(s, 2, {"type": "draw"})
    ana = build(screen(s, 0), "en")
    picker = ana["picker"]["WS"]
    assert picker["swap"] and picker["target_title"] == "Who swaps hands with you?"
    assert picker["targets"] == [{"seat": "1", "name": "Bia", "detail": "2 cards", "move": {}},
                                 {"seat": "2", "name": "Cid", "detail": "3 cards", "move": {}}]
    red = picker["choices"][0]
    assert red["move"] == {}
    assert red["by_target"] == {"1": {"type": "play", "card": "WS", "color": "r", "target": 1},
                                "2": {"type": "play", "card": "WS", "color": "r", "target": 2}}
    assert build(screen(s, 0), "pt-BR")["picker"]["WS"]["target_title"] == "Com quem você troca de mão?"


def test_game_over_with_plural_points_in_both_languages():
    stack = {"hands": [["r7"], ["r1"]], "top": "r5"}
    s = new(stack, names=("Ana", "Bia"), target=1, dealer=1)  # Ana plays first and goes out
    s = GAME.apply(s, 0, {"type": "play", "card": "r7"})
    assert s.phase == "game_over"
    for lang, headline, points, first, second, place in (
            ("en", "Ana wins!", "1 point", "1st", "2nd", "2nd place"),
            ("pt-BR", "Ana venceu!", "1 ponto", "1º", "2º", "2º lugar")):
        vm = build(screen(s, 1), lang)
        assert vm["game_over"]["headline"] == headline and vm["game_over"]["winner_names"] == "Ana"
        assert [{k: line[k] for k in ("place", "name", "score", "winner", "me")}
                for line in vm["game_over"]["lines"]] == [
            {"place": first, "name": "Ana", "score": points, "winner": True, "me": False},
            {"place": second, "name": "Bia", "score": t0(lang), "winner": False, "me": True}]
        assert vm["game_over"]["my_place"] == place and vm["game_over"]["my_score"] == t0(lang)
        assert not vm["game_over"]["my_winner"] and not vm["game_over"]["celebrate"]
        assert vm["game_over"]["target"] == vm["target_line"]
        assert vm["players"][0]["score"] == points
        assert vm["scores"][0]["mark"] == "★" and vm["scores"][1]["mark"] == ""
        assert not vm["my_turn"] and vm["actions"] == []
        assert vm["my_result"] == t_(lang, "ui.uno.your_place", place=second)
    assert build(screen(s, 0), "en")["my_result"] == "You won!"
    table = build(screen(s, is_host=True), "en")
    assert table["my_result"] == ""
    assert table["score_title"] == "Game over" and table["next_label"] == "Rematch"
    assert table["target_line"] == "First to 1 point wins."
    assert "Ana wins the game!" in table["events"]


def t_(lang: str, key: str, **params) -> str:
    from tablegames.i18n import t
    return t(lang, key, **params)


def t0(lang: str) -> str:
    from tablegames.i18n import t
    return t(lang, "count.points", count=0)


def test_hand_over_between_hands():
    stack = {"hands": [["r7"], ["r1", "b9"]], "top": "r5"}
    s = new(stack, names=("Ana", "Bia"), dealer=1)
    s = GAME.apply(s, 0, {"type": "play", "card": "r7"})
    assert s.phase == "hand_over"
    vm = build(screen(s, 0), "en")
    assert vm["status"] == "Hand over" and vm["game_over"] is None
    assert vm["score_title"] == "Hand over" and vm["next_label"] == "Deal the next hand"
    assert [(r["name"], r["cards"], r["score"]) for r in vm["scores"]] == [
        ("Ana", "0 cards", "10 points"), ("Bia", "2 cards", "0 points")]
    assert vm["waiting"] == "Waiting for the host…"
    assert vm["hand_line"] == "Ana wins the hand and scores 10 points!"
    assert [(r["mark"], r["winner"]) for r in vm["scores"]] == [("★", True), ("", False)]  # the hand's winner
    assert build(screen(s, 0), "pt-BR")["hand_line"] == "Ana vence a rodada e marca 10 pontos!"
    assert [p["to_act"] for p in vm["players"]] == [False, False]


def test_lobby_screen_has_the_shared_keys():
    data = {"code": "ABCD", "game": "uno", "status": "lobby", "version": 1, "view": None, "me": 0,
            "seats": [{"seat": 0, "id": 5, "name": "Ana"}], "to_act": []}
    vm = build(data, "en")
    assert vm["players"][0]["me"] and vm["status"] == "Waiting for the host…"
    assert vm["game_over"] is None and vm["events"] == [] and not vm["my_turn"]


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_sentence_comes_from_the_catalog(lang):
    """No catalog key leaks through untranslated (a missing key comes back as itself)."""
    s = GAME.apply(new(), 1, {"type": "play", "card": "r+2"})
    vm = build(screen(s, 0), lang)
    texts = [vm["status"], vm["color_line"], vm["direction"], vm["draw_pile"], vm["target_line"],
             *vm["events"], *(a["label"] for a in vm["actions"]),
             *(p[k] for p in vm["players"] for k in ("score", "detail"))]
    assert all(text and not text.startswith(("ui.", "count.", "event.")) for text in texts), texts


def test_group_by_color():
    assert group_by_color(["r1", "r7", "gS", "W", "W+4"]) == [["r1", "r7"], ["gS"], ["W", "W+4"]]


def test_a_big_hand_is_drawn_dense():
    hands = [["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "y1", "y2", "y3", "y4"], ["g1"]]
    s = new({"hands": hands, "top": "b5"}, names=("Ana", "Bia"), dealer=1)
    ana = build(screen(s, 0), "en")
    assert ana["hand_dense"] and ana["hand_fan"] and ana["hand_count"] == "13 cards"
    assert not build(screen(s, 1), "en")["hand_dense"]


def test_past_five_cards_the_hand_overlaps():
    """Six cards and more overlap on the phone (12 in two rows); five lie side by side."""
    hands = [["r1", "r2", "r3", "y4", "y5", "g6"], ["g1", "g2", "b3", "b4", "y9"]]
    s = new({"hands": hands, "top": "b5"}, names=("Ana", "Bia"), dealer=1)
    ana, bia = build(screen(s, 0), "en"), build(screen(s, 1), "en")
    assert ana["hand_fan"] and not ana["hand_dense"]
    assert not bia["hand_fan"] and not bia["hand_dense"]
    assert (ana["hand_per_row"], bia["hand_per_row"]) == (6, 5)


def test_rows_of_the_hand_are_balanced():
    """Cards to a row of the phone's hand: 6 overlapped (7 smaller ones), shared evenly."""
    assert [per_row(n) for n in (1, 5, 6, 7, 12, 13, 14, 20, 22)] == [1, 5, 6, 4, 6, 7, 7, 7, 6]

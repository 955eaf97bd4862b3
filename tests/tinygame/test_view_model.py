"""Duel's view model without a browser: sentences, tappable cards, the game's end."""

from __future__ import annotations

import pytest

import tests.tinygame  # noqa: F401 (registers "tiny" and its texts)
from tablegames.engine import get_game
from tests.tinygame.ui.view_model import build

DUEL = get_game("tiny")
STACK = {"hands": [[2, 9, 5], [7, 3, 8]]}


def screen(state, me):
    view = DUEL.view(state, me if me >= 0 else None) if state is not None else None
    return {"game": "tiny", "me": me, "view": view, "to_act": list(DUEL.to_act(state)) if state else []}


def test_lobby_has_no_game_data():
    assert build(screen(None, -1), "en") == {}


def test_phone_on_turn_and_waiting():
    state = DUEL.new(["Ana", "Bia"], {"stack": STACK}, seed=1)
    ana = build(screen(state, 0), "en")
    assert ana["my_turn"] and ana["status"] == "Your lead: play a card"
    assert [c["number"] for c in ana["hand"]] == [2, 5, 9] and all(c["tappable"] for c in ana["hand"])
    assert ana["hand"][0]["id"] == "tiny-card-2"
    assert ana["players"][0] == {"seat": 0, "name": "Ana", "me": True, "to_act": True, "score": "0 tricks",
                                 "detail": "3 cards in hand"}
    bia = build(screen(state, 1), "pt-BR")
    assert not bia["my_turn"] and bia["status"] == "Ana está jogando"
    assert not any(c["tappable"] for c in bia["hand"])
    assert bia["trick"] == ["Nenhuma carta na mesa ainda"]
    state = DUEL.apply(state, 0, {"type": "play", "card": 9})
    bia = build(screen(state, 1), "en")
    assert bia["status"] == "Your turn: answer Ana's 9" and bia["trick"] == ["Ana played 9"]
    assert bia["events"] == ["Ana played 9"]


def test_table_sees_no_hand_and_plural_forms():
    state = DUEL.new(["Ana", "Bia"], {"stack": STACK}, seed=1)
    for seat, card in ((0, 9), (1, 3)):
        state = DUEL.apply(state, seat, {"type": "play", "card": card})
    table = build(screen(state, -1), "en")
    assert table["hand"] == [] and not table["my_turn"]
    assert [p["score"] for p in table["players"]] == ["1 trick", "0 tricks"]
    assert table["events"][-1] == "Ana takes the trick with 9"
    assert table["rule"] == "The higher card takes the trick"


@pytest.mark.parametrize("lang, title, tie", [("en", "The duel is over", "Ana and Bia share the win!"),
                                              ("pt-BR", "Fim do duelo", "Ana e Bia dividem a vitória!")])
def test_game_over(lang, title, tie):
    state = DUEL.new(["Ana", "Bia"], {"stack": STACK}, seed=1)
    for seat, card in ((0, 9), (1, 3), (0, 2), (1, 7), (1, 8), (0, 5)):
        state = DUEL.apply(state, seat, {"type": "play", "card": card})
    assert build(screen(state, 0), lang)["hand_title"] == ""  # no card left to show
    over = build(screen(state, 0), lang)["game_over"]
    assert over["title"] == title and over["headline"] in ("Bia wins!", "Bia venceu!")  # the winner said once
    assert [(line["name"], line["winner"]) for line in over["lines"]] == [("Bia", True), ("Ana", False)]
    assert over["lines"][0]["place"] in ("1st", "1º")
    tied = DUEL.new(["Ana", "Bia"], {"hand": 4, "stack": {"hands": [[1, 2, 9, 10], [3, 4, 7, 8]]}}, seed=1)
    for seat, card in ((0, 10), (1, 3), (0, 9), (1, 4), (0, 1), (1, 7), (1, 8), (0, 2)):
        tied = DUEL.apply(tied, seat, {"type": "play", "card": card})
    assert DUEL.result(tied)["winners"] == [0, 1]
    tied_over = build(screen(tied, -1), lang)["game_over"]
    assert tied_over["title"] == title and tied_over["headline"] == tie  # the winners said once

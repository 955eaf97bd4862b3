"""The shared ending of every game's view model (``games.standings.game_over``): the
winner big, places with shared ties, the points target, each phone's own place and the
celebration, in both languages, from real finished games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames.engine import get_game
from tablegames.games import standings
from tablegames.games.faces.view_model import build as faces_build
from tablegames.games.uestop.view_model import build as uestop_build
from tablegames.games.uno.view_model import build as uno_build
from tablegames.games.upwords.view_model import build as upwords_build
from tests.games import test_uestop_view_model as uestop_tests
from tests.games import test_upwords_view_model as upwords_tests

SHARED = {"title", "headline", "winner_names", "target", "lines", "my_place", "my_score", "my_winner", "celebrate"}
LINE = {"seat", "rank", "place", "name", "score", "winner", "me", "detail"}


def _screen(game: str, state: Any, me: int, engine: Any = None) -> dict[str, Any]:
    engine = engine or get_game(game)
    data = {"code": "ABCD", "game": game, "status": "finished", "version": 9, "options": {},
            "seats": [{"seat": i, "id": i + 10, "name": n} for i, n in enumerate(state.players)],
            "locked": False, "asking": [], "view": engine.view(state, me if me >= 0 else None), "me": me,
            "removed": False, "to_act": list(engine.to_act(state)), "is_host": me < 0}
    return json.loads(json.dumps(data))


def _uno_finished():
    """Bia goes out on the first play of a game to 1 point; Ana and Cid tie for 2nd."""
    uno = get_game("uno")
    state = uno.new(["Ana", "Bia", "Cid"], {"dealer": 0, "target": 1,
                                            "stack": {"hands": [["r1"], ["r7"], ["g2"]], "top": "r5"}}, seed=7)
    return uno.apply(state, 1, {"type": "play", "card": "r7"})


def _check_shape(over: dict[str, Any]) -> None:
    assert SHARED <= set(over)
    assert over["lines"] and all(LINE <= set(line) for line in over["lines"])
    ranks = [line["rank"] for line in over["lines"]]
    assert ranks == sorted(ranks) and ranks[0] == 1  # best first
    assert all(line["winner"] == (line["rank"] == 1) for line in over["lines"])


def test_uno_the_winner_big_the_places_shared_and_the_target():
    state = _uno_finished()
    assert state.phase == "game_over"
    table = uno_build(_screen("uno", state, -1), "en")["game_over"]
    _check_shape(table)
    assert table["headline"] == "Bia wins!" and table["winner_names"] == "Bia"
    assert table["target"] == "First to 1 point wins."
    assert [(x["place"], x["name"]) for x in table["lines"]] == [("1st", "Bia"), ("2nd", "Ana"), ("2nd", "Cid")]
    assert table["my_place"] == "" and table["celebrate"] and not any(x["me"] for x in table["lines"])
    bia, ana = (uno_build(_screen("uno", state, seat), "en")["game_over"] for seat in (1, 0))
    assert (bia["my_place"], bia["my_winner"], bia["celebrate"]) == ("You won!", True, True)
    assert (ana["my_place"], ana["my_winner"], ana["celebrate"]) == ("2nd place", False, False)
    assert ana["my_score"] == "0 points" and [x["me"] for x in ana["lines"]] == [False, True, False]
    pt = uno_build(_screen("uno", state, 2), "pt-BR")["game_over"]
    assert (pt["headline"], pt["my_place"], pt["my_score"]) == ("Bia venceu!", "2º lugar", "0 pontos")
    assert pt["target"] == "Vence quem chegar primeiro a 1 ponto."


def test_upwords_a_shared_win_and_no_target():
    state = upwords_tests.new()
    for seat in (0, 1):
        state = upwords_tests.GAME.apply(state, seat, {"type": "pass"})
    over = upwords_build(_screen("upwords", state, 0, upwords_tests.GAME), "en")["game_over"]
    _check_shape(over)
    assert over["headline"] == "Ana and Bia share the win!" and over["target"] == ""
    assert [x["place"] for x in over["lines"]] == ["1st", "1st"]
    assert over["my_place"] == "You share the win!" and over["celebrate"]
    assert over["lines"][0]["detail"] == "7 tiles left: −35"


def test_faces_every_place_and_each_phone_its_own():
    faces = get_game("faces")
    state = faces.new(["Ana", "Bia", "Cid"], {"stack": {"hands": [[1, 2], [3, 4], [5]], "pile": [], "exact": True}},
                      seed=1)
    assert state.phase == "game_over"
    table = faces_build(_screen("faces", state, -1), "en")["game_over"]
    _check_shape(table)
    assert table["winners_text"] and table["title"] == "Game over"  # Faces' own key is kept
    cid = faces_build(_screen("faces", state, 2), "pt-BR")["game_over"]
    assert cid["my_place"] == "Você divide a vitória!" and cid["lines"][2]["me"]
    assert cid["headline"].endswith("dividem a vitória!")


def test_uestop_the_victory_and_the_cards_to_win():
    t0 = uestop_tests.T0
    BIA, ANA, CID = uestop_tests.BIA, uestop_tests.ANA, uestop_tests.CID
    play = uestop_tests.play
    state = play(uestop_tests.raced(uestop_tests.start()), (BIA, {"type": "answer", "texts": {"1": "Marina"}}, t0 + 5),
                 (ANA, {"type": "vote", "accept": True}, t0 + 6), (CID, {"type": "vote", "accept": True}, t0 + 7))
    t1 = t0 + 10
    state = play(state, (BIA, {"type": "reveal"}, t1), (BIA, {"type": "slap"}, t1 + 0.8),
                 (None, {"type": "settle"}, t1 + 2))
    state = play(state, (BIA, {"type": "answer", "spoken": True, "category": 2}, t1 + 3),
                 (ANA, {"type": "vote", "accept": True}, t1 + 4), (CID, {"type": "vote", "accept": True}, t1 + 5))
    table = uestop_build(uestop_tests.screen(state, None), "en")["game_over"]
    _check_shape(table)
    assert table["headline"] == "Bia wins!" and table["target"] == "Cards to win: 2"
    assert table["victory_name"] == "Bia" and table["lines"][0]["text"] == "Bia: 2 cards ★"
    cid = uestop_build(uestop_tests.screen(state, CID), "en")["game_over"]
    assert cid["my_place"] == "2nd place" and cid["my_score"] == "0 cards" and not cid["celebrate"]


# -- the shared builder itself ------------------------------------------------------------

def _rows(*scores: int, winners: tuple[int, ...] = (0,)) -> list[dict[str, Any]]:
    return [{"seat": i, "name": "ABCD"[i], "value": v, "score": f"{v} pts", "winner": i in winners}
            for i, v in enumerate(scores)]


def test_places_skip_after_a_tie_and_winners_come_first():
    over = standings.game_over("en", _rows(10, 5, 5, 1), 3)
    assert [(x["name"], x["place"]) for x in over["lines"]] == [("A", "1st"), ("B", "2nd"), ("C", "2nd"),
                                                                 ("D", "4th")]
    assert over["my_place"] == "4th place" and over["my_score"] == "1 pts"
    # the engine's winner is first even when a total alone would not say so (lowest wins)
    low = standings.game_over("en", _rows(-3, -9, winners=(0,)), -1)
    assert [x["name"] for x in low["lines"]] == ["A", "B"]
    upset = standings.game_over("en", _rows(1, 50, winners=(0,)), 1)
    assert [x["name"] for x in upset["lines"]] == ["A", "B"] and upset["my_place"] == "2nd place"


def test_the_builder_keeps_a_games_title_and_extra_keys():
    over = standings.game_over("pt-BR", _rows(3, 3, winners=(0, 1)), 0, title="Empate", extra={"rounds": "2"})
    assert over["title"] == "Empate" and over["rounds"] == "2"
    assert over["headline"] == "A e B dividem a vitória!" and over["my_place"] == "Você divide a vitória!"
    none = standings.game_over("en", _rows(0, 0, winners=()), -1)
    assert none["headline"] == "" and none["winner_names"] == ""


@pytest.mark.parametrize("score", ["won", lambda p: (p["won"], -p["seat"])])
def test_ranked_takes_a_key_or_a_function(score):
    players = [{"seat": 0, "won": 2}, {"seat": 1, "won": 5}, {"seat": 2, "won": 2}]
    places = [(place, p["seat"]) for place, p in standings.ranked(players, score)]
    assert places[0] == (1, 1)
    assert places[1:] == ([(2, 0), (2, 2)] if score == "won" else [(2, 0), (3, 2)])

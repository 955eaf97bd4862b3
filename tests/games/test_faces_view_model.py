"""Faces' view model without a browser: real engine states, the screen dict a room builds,
and what the phone and table would show (tappable groups and cells, left/right neighbours,
sentences in both languages, plural forms, game over)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames.engine import get_game
from tablegames.games.faces.view_model import build, place_text

NAMES = ["Ana", "Bia", "Cid"]
# As in tests/e2e/test_faces_game.py: after one pass Bia holds three "happy" (6).
MAIN_STACK = {"hands": [[1, 1, 6, 9], [2, 3, 6, 6], [4, 5, 5, 10]], "pile": [7, 8, 12], "exact": True}
MEMORY_GRID = [1, 2, 3, 4, 5, 1, 6, 7, 8, 9, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10]
MEMORY_STACK = {"grid": MEMORY_GRID, "pile": [11, 12, 13], "exact": True}
GAME = get_game("faces")


def screen(state: Any, seat: int | None, options: dict | None = None, host: bool = False) -> dict[str, Any]:
    """The screen dict the way ``rooms.service.screen`` builds it (``me`` -1: the table),
    plus ``to_act`` (the engine's) and ``is_host``; plain JSON types."""
    view = GAME.view(state, seat)
    data = {
        "code": "ABCD", "game": "faces", "status": "playing", "version": 3,
        "options": GAME.public_options(dict(options or {})),
        "seats": [{"seat": i, "id": i + 10, "name": n} for i, n in enumerate(state.players)],
        "locked": False, "asking": [],
        "view": view, "me": -1 if seat is None else seat, "removed": False,
        "to_act": list(GAME.to_act(state)), "is_host": host,
    }
    return json.loads(json.dumps(data))


def main_game(*moves: tuple[int, dict]) -> Any:
    state = GAME.new(NAMES, {"stack": MAIN_STACK}, seed=1)
    for seat, move in moves:
        state = GAME.apply(state, seat, move)
    return state


PASS_1 = [(0, {"type": "choose_pass", "card": 6, "round": 1}),
          (1, {"type": "choose_pass", "card": 2, "round": 1}),
          (2, {"type": "choose_pass", "card": 4, "round": 1})]


def walk(value: Any, keys: set[str]) -> list[tuple[str, Any]]:
    """Every (key, value) of ``keys`` anywhere in ``value``."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k in keys:
                found.append((k, v))
            found += walk(v, keys)
    elif isinstance(value, list):
        for v in value:
            found += walk(v, keys)
    return found


# -- the main game ----------------------------------------------------------------------------

def test_hand_groups_are_tappable_and_name_the_left_neighbour():
    state = main_game((0, {"type": "choose_pass", "card": 9, "round": 1}))
    vm = build(screen(state, 0), "en")
    groups = {g["face"]: g for g in vm["groups"]}
    assert [(g["face"], g["count"]) for g in vm["groups"]] == [(1, 2), (6, 1), (9, 1)]
    assert groups[1]["count_text"] == "×2" and groups[6]["count_text"] == ""
    assert groups[9]["chosen"] and not groups[9]["tappable"] and groups[9]["chosen_tag"] == "→ Bia"
    assert groups[1]["tappable"] and groups[1]["class_name"] == "fc-group tap"
    assert groups[6]["move"] == {"type": "choose_pass", "card": 6, "round": 1}
    assert vm["left_name"] == "Bia" and vm["right_name"] == "Cid"
    assert vm["status"] == "You pass “proud” to Bia. Tap another card to change."
    assert vm["waiting_text"] == "Waiting for Bia and Cid to choose."
    # Cid (seat 2) passes to Ana (seat 0): the arithmetic wraps around.
    cid = build(screen(state, 2), "pt-BR")
    assert cid["left_name"] == "Ana" and cid["right_name"] == "Bia"
    assert cid["status"] == "Toque numa carta para passá-la para Ana."


def test_my_turn_follows_to_act():
    state = main_game((0, {"type": "choose_pass", "card": 9, "round": 1}))
    for seat in (0, 1, 2):
        data = screen(state, seat)
        assert build(data, "en")["my_turn"] is (seat in data["to_act"])
    table = build(screen(state, None), "en")
    assert table["my_turn"] is False
    # everybody chooses at once: no chip is lit, the table names who is still choosing
    assert [p["to_act"] for p in table["players"]] == [False, False, False]
    assert table["waiting_for_text"] == "Waiting for Bia and Cid to choose."
    assert build(screen(state, None), "pt-BR")["waiting_for_text"] == "Ainda escolhendo: Bia e Cid."
    assert table["groups"] == [] and table["hand_size"] == 0
    # While a face is made, only the guesser on turn must act.
    state = main_game(*PASS_1, (1, {"type": "stop"}))
    assert [build(screen(state, s), "en")["my_turn"] for s in (0, 1, 2)] == [False, False, True]
    assert [p["to_act"] for p in build(screen(state, None), "en")["players"]] == [False, False, True]


def test_my_turn_follows_the_engines_to_act():
    state = main_game((0, {"type": "choose_pass", "card": 9, "round": 1}))
    assert build(screen(state, 1), "en")["my_turn"] is True
    assert build(screen(state, 0), "en")["my_turn"] is False  # Ana has chosen


def test_the_table_sentences_and_plural_forms():
    state = main_game((0, {"type": "choose_pass", "card": 9, "round": 1}))
    en, pt = build(screen(state, None), "en"), build(screen(state, None), "pt-BR")
    assert en["ready_text"] == "1 of 3 ready" and pt["ready_text"] == "1 de 3 prontos"
    assert en["pass_round_text"] == "Pass 1" and pt["pass_round_text"] == "Passada 1"
    assert en["pile_text"] == "Draw pile: 3 cards"
    assert [d["on"] for d in en["dots"]] == [True, False, False]
    ana = en["players"][0]
    assert ana["score"] == "0 cards won" and ana["in_hand"] == "4 cards in hand"
    assert ana["detail"] == "oldest · ✓ ready"
    assert pt["players"][0]["score"] == "0 cartas ganhas"  # zero is plural in Brazil (i18n.ZERO_IS_PLURAL)
    assert {"text": "oldest", "kind": "oldest", "class_name": "fc-badge fc-badge-oldest"} in ana["badges"]
    assert {"text": "✓ ready", "kind": "ready", "class_name": "fc-badge fc-badge-ready"} in ana["badges"]
    assert en["events"] == ["Ana is ready (1 of 3)."]
    assert pt["events"] == [pt["events"][0]] and "Ana" in pt["events"][0]


def test_after_the_pass_stop_lights_up_for_the_set_holder_only():
    state = main_game(*PASS_1)
    bia, ana = build(screen(state, 1), "en"), build(screen(state, 0), "en")
    assert bia["stop_shown"] and bia["stop_lit"]
    assert bia["status"] == "Three of a kind! Tap STOP!" and bia["phone_status_class"] == "fc-status fc-status-stop"
    assert ana["stop_shown"] and not ana["stop_lit"]
    assert ana["got"]["text"] == "You got “surprised” from Cid."  # from the right-hand neighbour
    cid = build(screen(state, 2), "en")
    assert cid["got"]["face"] == 2 and cid["got"]["text"] == "You got “angry” from Bia."
    assert build(screen(state, 1), "en")["pass_round_text"] == "Pass 2"


def test_guessing_the_mimer_sees_the_face_the_guesser_the_picker():
    state = main_game(*PASS_1, (1, {"type": "stop"}))
    bia, cid, ana = (build(screen(state, s), "en") for s in (1, 2, 0))
    table = build(screen(state, None), "en")
    assert bia["make"]["face"] == 6 and bia["make"]["name"] == "happy"
    assert bia["make"]["title"] == "Make this face!" and bia["make"]["hint"]
    assert cid["make"] is None and cid["guess_picker"] and cid["my_turn"]
    assert cid["your_guess_text"] == "Your guess! Tap the face Bia is making."
    assert ana["hand_hidden_text"].startswith("Your cards are hidden while Bia")
    assert not ana["guess_picker"] and ana["wait_guess_text"] == "Cid is guessing…"
    assert table["mimer_text"] == "Bia is making a face!" and table["guesser_text"] == "Cid, your guess!"
    assert table["status"] == "Cid, your guess!"
    roles = {p["name"]: p["role"] for p in table["players"]}
    assert roles == {"Ana": "", "Bia": "mimer", "Cid": "guesser"}
    # The mimed emotion reaches nobody but the mimer (the e2e audit's rule, here for the VM).
    for vm in (cid, ana, table):
        assert not [v for k, v in walk(vm, {"face", "emotion"}) if v == 6 and k == "emotion"]
        assert vm["make"] is None
    assert not walk(table, {"hand", "mime", "peek", "emotion", "received", "passed", "my_choice"})


def test_a_wrong_then_a_right_guess_and_the_last_face():
    state = main_game(*PASS_1, (1, {"type": "stop"}), (2, {"type": "guess", "emotion": 7}))
    table = build(screen(state, None), "pt-BR")
    assert [(g["name"], g["face"], g["right"]) for g in table["guesses"]] == [("Cid", 7, False)]
    assert table["guesses"][0]["verdict"] == "✗ não"
    assert table["guesser_text"] == "Ana, seu chute!"
    state = GAME.apply(state, 0, {"type": "guess", "emotion": 6})
    table = build(screen(state, None), "en")
    assert table["last"]["face"] == 6 and table["last"]["text"] == "Ana guessed it!"
    assert table["last"]["line"] == "The last face was “happy”."
    assert table["last"]["summary"] == "The last face was “happy”. Ana guessed it!"
    assert any("happy" in line for line in table["events"])
    scores = {p["name"]: p["score"] for p in table["players"]}
    assert scores == {"Ana": "1 card won", "Bia": "2 cards won", "Cid": "0 cards won"}


def test_game_over_standings_and_places():
    stack = {"hands": [[1, 2], [3, 4], [5]], "pile": [], "exact": True}
    state = GAME.new(NAMES, {"stack": stack}, seed=1)
    table = build(screen(state, None, host=True), "en")
    over = table["game_over"]
    assert over["title"] and over["title"] != "ui.game_over"
    assert over["winners_text"] == "Winners: Ana, Bia, and Cid"
    assert [(line["place"], line["name"], line["winner"]) for line in over["lines"]] == [
        ("1st", "Ana", True), ("1st", "Bia", True), ("1st", "Cid", True)]
    assert table["is_host"] and table["status"] == over["title"]
    pt = build(screen(state, 0), "pt-BR")["game_over"]
    assert pt["winners_text"].startswith("Vencedores: ") and pt["lines"][0]["place"] == "1º"
    assert pt["lines"][0]["score"] == "0 cartas ganhas"


def test_the_deal_says_the_pile_with_plural_forms():
    one = GAME.new(NAMES, {"stack": {**MAIN_STACK, "pile": [7]}}, seed=1)
    assert build(screen(one, None), "en")["events"] == ["The cards are dealt. 1 card left in the draw pile."]
    assert build(screen(main_game(), None), "pt-BR")["events"] == ["As cartas foram distribuídas. No monte: 3 cartas."]


def test_places_and_plurals_in_both_languages():
    assert [place_text("en", n) for n in (1, 2, 3, 4, 11, 21)] == ["1st", "2nd", "3rd", "4th", "11th", "21st"]
    assert place_text("pt-BR", 2) == "2º"


def test_no_view_in_the_lobby_names_the_oldest():
    lobby = {"game": "faces", "status": "lobby", "view": None, "me": -1, "is_host": True,
             "options": {"variant": "memory", "oldest": 1},
             "seats": [{"seat": 0, "id": 5, "name": "Ana"}, {"seat": 1, "id": 6, "name": "Bia"}]}
    vm = build(lobby, "pt-BR")
    assert [(p["name"], p["me"], p["score"]) for p in vm["players"]] == [("Ana", False, ""), ("Bia", False, "")]
    assert vm["game_over"] is None and vm["my_turn"] is False and vm["status"] == "Esperando o anfitrião…"
    assert vm["oldest_name"] == "Bia" and vm["oldest_value"] == "1"
    assert vm["oldest_line"] == "Jogador mais velho: Bia" and "lobby_variant_text" not in vm
    assert [s["value"] for s in vm["seats"]] == ["0", "1"]


# -- Memory -----------------------------------------------------------------------------------

def memory(*moves: tuple[int, dict], oldest: int = 1) -> Any:
    state = GAME.new(NAMES, {"variant": "memory", "oldest": oldest, "stack": MEMORY_STACK}, seed=1)
    for seat, move in moves:
        state = GAME.apply(state, seat, move)
    return state


def test_memory_only_the_active_phone_may_tap_down_cards():
    state = memory()
    bia, ana = build(screen(state, 1), "en"), build(screen(state, 0), "en")
    assert all(c["tappable"] for c in bia["cells"]) and len(bia["cells"]) == 20
    assert not any(c["tappable"] for c in ana["cells"])
    assert bia["cells"][3]["move"] == {"type": "pick", "pos": 3}
    assert bia["my_turn"] and not ana["my_turn"]
    assert bia["phone_status"] == "Your turn! Tap a card to lift it: only Cid will see it."
    assert ana["phone_status"] == "Bia: lift a card"
    assert bia["grid_class"] == "fc-grid fc-grid-5" and bia["grid_cards"] == 20
    assert bia["cards_left_text"] == "20 cards in the grid"
    assert build(screen(state, None), "pt-BR")["pile_text"] == "Monte: 3 cartas"


def test_memory_lift_peek_for_the_left_neighbour_then_a_pair():
    state = memory((1, {"type": "pick", "pos": 0}))
    bia, cid, ana = (build(screen(state, s), "en") for s in (1, 2, 0))
    assert cid["peek_face"]["face"] == 1 and cid["peek_face"]["note"] == "Only you can see Bia's card."
    assert cid["phone_status"] == ""  # the big face says it all
    assert bia["peek_face"] is None and ana["peek_face"] is None
    assert bia["can_decide"] and not cid["can_decide"]
    assert [c["pos"] for c in bia["cells"] if c["tappable"]] == [0]  # only the lifted card
    assert bia["cells"][0]["move"] == {"type": "flip", "pos": 0} and "lifted" in bia["cells"][0]["class_name"]
    table = build(screen(state, None), "en")
    assert table["memory_status"] == "Cid makes the face of Bia's card"
    assert table["decide_more"] == "Bia: end the turn, or try for a pair?"
    state = GAME.apply(GAME.apply(state, 1, {"type": "flip"}), 1, {"type": "flip", "pos": 5})
    table = build(screen(state, None), "en")
    assert table["last_try"]["pair"] and table["last_try"]["text"] == "A pair! Bia keeps both cards."
    assert table["last_try"]["who_text"] == "Last try: Bia"
    assert table["players"][1]["score"] == "2 cards won" and table["grid_cards"] == 18
    assert table["cards_left_text"] == "18 cards in the grid"


def test_memory_a_miss_keeps_both_cards_shown_until_the_next_pick():
    state = memory((1, {"type": "pick", "pos": 0}), (1, {"type": "end_turn"}),
                   (2, {"type": "pick", "pos": 1}), (2, {"type": "flip"}), (2, {"type": "flip", "pos": 2}))
    table = build(screen(state, None), "pt-BR")
    cells = {c["pos"]: c for c in table["cells"]}
    assert cells[1]["face"] == 2 and "shown miss" in cells[1]["class_name"]
    assert cells[2]["face"] == 3 and cells[2]["state"] == "down"
    assert table["last_try"]["text"] == "Não é par: os outros ganham uma carta do monte."
    assert not table["last_try"]["pair"]
    assert table["memory_status"] == "Ana: levante uma carta"


def test_memory_grid_of_13_pairs_has_seven_columns():
    state = GAME.new(NAMES[:2], {"variant": "memory", "pairs": 13}, seed=3)
    vm = build(screen(state, 0), "en")
    assert vm["grid_class"] == "fc-grid fc-grid-7" and len(vm["cells"]) == 28 and vm["grid_cards"] == 26


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_sentence_is_filled_in(lang: str):
    """No ``{placeholder}`` and no catalog key is left in any text the VM gives."""
    states = [main_game(), main_game(*PASS_1), main_game(*PASS_1, (1, {"type": "stop"})), memory(),
              memory((1, {"type": "pick", "pos": 0}))]
    for state in states:
        for seat in (None, 0, 1, 2):
            vm = build(screen(state, seat), lang)
            for text in _strings(vm):
                assert "{" not in text, text
                assert not text.startswith(("ui.", "emotion.", "event.")), text


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_after_a_face_no_chip_stays_lit_for_the_next_pass():
    """Once the face is guessed and the next pass starts, nobody is marked as making the
    face or guessing, and no chip is lit (everybody chooses); the words name who chooses."""
    state = main_game(*PASS_1, (1, {"type": "stop"}), (2, {"type": "guess", "emotion": 7}),
                      (0, {"type": "guess", "emotion": 6}))
    table = build(screen(state, None), "en")
    assert table["phase"] == "passing"
    assert [p["role"] for p in table["players"]] == ["", "", ""]
    assert not any(p["to_act"] for p in table["players"])
    assert table["waiting_for_text"] == "Waiting for Ana, Bia, and Cid to choose."


def test_every_memory_place_has_a_name_for_screen_readers():
    """A face-down card shows no word: its button is named by its place; a card face up by
    its emotion (axe: every button has a discernible name)."""
    cells = build(screen(memory(), 0), "en")["cells"]
    assert cells[0]["label"] == "Face-down card 1" and cells[19]["label"] == "Face-down card 20"
    assert build(screen(memory(), 0), "pt-BR")["cells"][0]["label"] == "Carta virada para baixo 1"

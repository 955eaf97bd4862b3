"""UeStop!'s view model without a browser: real engine states (stacked decks, server times
given as ``now``), the screen dict a room builds, and what the phones and the table would
show: my turn (the phones now vibrate), the buttons each phone has, the race rows, the
answer and its checks, the votes, sentences in both languages, plural forms, game over."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames.engine import get_game
from tablegames.games.uestop.view_model import build

NAMES = ["Ana", "Bia", "Cid"]
ANA, BIA, CID = 0, 1, 2
GAME = get_game("uestop")
# As in tests/e2e/test_uestop_game.py: red-01 is the Category Card, blue-01 then yellow-05.
STACK = {"category": "red-01", "deck": ["blue-01", "yellow-05"]}
OPTIONS = {"mode": "tome_lhe_tapao", "first": ANA, "target": 2, "ties": "reject", "stack": STACK,
           "slap_window_ms": 250, "reveal_delay_ms": 300}
T0 = 1_000.0


def screen(state: Any, seat: int | None) -> dict[str, Any]:
    """The screen dict the way ``rooms.service.screen`` builds it (``me`` -1: the table),
    plus ``to_act`` (the engine's); plain JSON types."""
    data = {
        "code": "ABCD", "game": "uestop", "status": "playing", "version": 5,
        "options": GAME.public_options(dict(OPTIONS)),
        "seats": [{"seat": i, "id": i + 10, "name": n} for i, n in enumerate(state.players)],
        "locked": False, "asking": [],
        "view": GAME.view(state, seat), "me": -1 if seat is None else seat, "removed": False,
        "to_act": list(GAME.to_act(state)), "is_host": seat is None,
    }
    return json.loads(json.dumps(data))


def vm(state: Any, seat: int | None, lang: str = "en") -> dict[str, Any]:
    return build(screen(state, seat), lang)


def play(state: Any, *moves: tuple[int | None, dict, float]) -> Any:
    for seat, move, now in moves:
        state = GAME.apply(state, seat, move, now=now)
    return state


def start(options: dict | None = None) -> Any:
    return GAME.new(NAMES, {**OPTIONS, **(options or {})}, seed=1)


def raced(state: Any) -> Any:
    """Ana reveals at T0; Bia slaps 0.5 s after the card shows, Cid 0.1 s later; settled."""
    return play(state, (ANA, {"type": "reveal"}, T0), (BIA, {"type": "slap"}, T0 + 0.8),
                (CID, {"type": "slap"}, T0 + 0.9), (None, {"type": "settle"}, T0 + 2.0))


def test_reading_the_opener_reveals_and_everybody_may_discard():
    state = start()
    ana, bia, table = vm(state, ANA), vm(state, BIA), vm(state, None)
    assert ana["can_reveal"] and not bia["can_reveal"]
    assert ana["my_turn"] and not bia["my_turn"] and not table["my_turn"]
    assert ana["status"] == "Your turn: reveal the next card!"
    assert bia["status"] == bia["wait_opener_text"] == "Ana opens the next card."
    assert table["opener_text"] == "Ana opens the next card."
    assert bia["can_discard"] and bia["discard_move"] == {"type": "discard_category", "agree": True}
    assert bia["discard_count_text"] == "0 / 3 agree to discard it"
    assert bia["slap"] == {"label": "Wait for the card…", "class_name": "ues-slap ues-slap-wait",
                           "sub": "", "tapped": False}
    assert ana["my_badges"][0]["text"] == "▶ opens" and ana["my_points_text"] == "0 / 2"
    assert table["round_text"] == "Round 1" and table["target_text"] == "Cards to win: 2"
    assert table["revealed_label"] == "Word Deck" and table["race"] is None
    assert vm(state, None, "pt-BR")["round_text"] == "Rodada 1"


def test_discard_agreement_counts_with_plural_forms():
    state = play(start(), (ANA, {"type": "discard_category", "agree": True}, T0))
    ana = vm(state, ANA)
    assert ana["discard_label"] == "Withdraw: it can be answered"
    assert ana["discard_move"] == {"type": "discard_category", "agree": False}
    assert ana["discard_count_text"] == "1 / 3 agrees to discard it"
    assert vm(state, BIA, "pt-BR")["discard_count_text"] == "1 / 3 concorda em descartá-la"
    assert vm(state, None)["table_discard_text"] == "1 / 3 agrees to discard it"


def test_the_race_every_phone_that_may_slap_must_act():
    state = play(start(), (ANA, {"type": "reveal"}, T0))
    for seat in (ANA, BIA, CID):
        phone = vm(state, seat)
        assert phone["my_turn"], seat
        assert phone["slap"]["class_name"] == "ues-slap ues-slap-live"
        assert phone["slap"]["sub"] == "the Category Card"
    assert vm(state, None)["race"]["title_id"] == "ues-slap-now"
    assert vm(state, None)["reveal_at"] == str((T0 + 0.3) * 1000)
    state = play(state, (BIA, {"type": "slap"}, T0 + 0.8))
    bia, cid = vm(state, BIA), vm(state, CID)
    assert bia["slap"]["label"] == "You slapped!" and bia["slap"]["tapped"] and not bia["my_turn"]
    assert cid["my_turn"]
    assert vm(state, None)["race"]["title"] == "Waiting for slower phones…"


def test_the_race_result_rows_and_sentences():
    state = raced(start())
    table = vm(state, None)
    race = table["race"]
    assert race["title"] == "Bia won the race!" and race["title_id"] == "ues-race-winner"
    assert race["summary"] == "Reaction 500 ms · 100 ms ahead of Cid"
    assert [(r["name"], r["place"], r["reaction_text"], r["margin_text"]) for r in race["rows"]] == [
        ("Bia", "1", "500 ms", "first"), ("Cid", "2", "600 ms", "100 ms behind")]
    assert race["rows"][1]["data_margin"] == "100" and race["rows"][1]["data_arrival"] == "600"
    # the raw figures only in the details
    assert race["details"][0] == "Bia: tapped 500 ms after the reveal, reached the table 500 ms after it"
    assert race["rows"][0]["details"] == race["details"][0] and race["flagged_lines"] == []
    pt = vm(state, None, "pt-BR")["race"]
    assert pt["title"] == "Bia bateu primeiro!" and pt["summary"] == "Reação 500 ms · 100 ms na frente de Cid"
    bia, cid = vm(state, BIA), vm(state, CID)
    assert bia["answering_me"] and bia["my_turn"]
    assert bia["you_answer_text"] == bia["status"] == "You won the race, 100 ms ahead of Cid!"
    assert not cid["answering_me"] and cid["listen_text"] == "Bia answers: listen!"
    assert cid["race_result_text"] == "Bia won the race, 100 ms ahead."
    assert table["listen_text_all"] == "Bia answers: listen!"
    assert bia["category_labels"] == ["1. Precious stones", "2. Girls' names", "3. I wish I could ride…",
                                      "4. Cold things"]
    assert vm(state, BIA, "pt-BR")["category_labels"][1] == "2. Nomes femininos"
    assert "Mandatory" not in " ".join(table["events"])  # the letter is left for players to find
    assert table["events"] == ["Bia slapped first and answers."]


def test_judging_votes_and_checks():
    state = play(raced(start()), (BIA, {"type": "answer", "texts": {"1": "Marina"}}, T0 + 5))
    ana, bia, table = vm(state, ANA), vm(state, BIA), vm(state, None, "pt-BR")
    assert ana["can_vote"] and ana["my_turn"] and ana["judge_text"] == "Judge the answer of Bia"
    assert ana["status"] == "Judge the answer of Bia"
    assert not bia["can_vote"] and bia["is_answerer"] and not bia["my_turn"]
    answer = table["answer"]
    assert answer["title"] == "Bia — resposta digitada"
    assert [(ln["index"], ln["text"], ln["category"]) for ln in answer["lines"]] == [(1, "Marina", "Nomes femininos")]
    assert answer["checks"]["rule_text"] == "começa com a Letra Obrigatória"
    assert answer["checks"]["chips"] == [{"n": "2", "ok": True, "text": "✔"}]
    assert table["votes"]["voters_text"] == "2 votantes" and table["votes"]["accept_text"] == "✔ 0"
    assert table["mandatory_letter"] == "M" and table["judging"]
    state = play(state, (ANA, {"type": "vote", "accept": True}, T0 + 6))
    ana = vm(state, ANA)
    assert not ana["can_vote"] and ana["voted_text"] == "You voted. Waiting for the others…"
    assert vm(state, None)["votes"]["by_seat"] == [{"seat": 0, "text": "Ana ✔", "color": "grass"}]
    assert vm(state, CID)["my_turn"]
    state = play(state, (CID, {"type": "vote", "accept": True}, T0 + 7))
    table = vm(state, None)
    assert table["players"][BIA]["score"] == "1 card" and table["players"][ANA]["score"] == "0 cards"
    assert vm(state, None, "pt-BR")["players"][BIA]["score"] == "1 carta"
    assert "Bia takes the card: 1 card in all." in table["events"]
    assert table["last_round_text"] == "Last round: Bia — took the card"


def test_a_spoken_answer_wins_the_game_and_the_victory_card():
    state = play(raced(start()), (BIA, {"type": "answer", "texts": {"1": "Marina"}}, T0 + 5),
                 (ANA, {"type": "vote", "accept": True}, T0 + 6), (CID, {"type": "vote", "accept": True}, T0 + 7))
    t1 = T0 + 10
    state = play(state, (BIA, {"type": "reveal"}, t1), (BIA, {"type": "slap"}, t1 + 0.8),
                 (None, {"type": "settle"}, t1 + 2))
    state = play(state, (BIA, {"type": "answer", "spoken": True, "category": 2}, t1 + 3))
    table = vm(state, None)
    assert table["answer"]["spoken"] and table["answer"]["category_text"] == "Fruits"
    assert table["answer"]["category_n"] == "3" and table["answer"]["spoken_text"] == "Said aloud — Fruits"
    state = play(state, (ANA, {"type": "vote", "accept": True}, t1 + 4), (CID, {"type": "vote", "accept": True}, t1 + 5))
    table, bia, ana = vm(state, None), vm(state, BIA), vm(state, ANA, "pt-BR")
    over = table["game_over"]
    assert over["victory_name"] == "Bia" and over["tied_text"] == ""
    assert over["rounds_text"] == "2 rounds played"
    assert [(ln["place"], ln["name"], ln["score"], ln["winner"]) for ln in over["lines"]] == [
        ("1st", "Bia", "2 cards", True), ("2nd", "Ana", "0 cards", False), ("2nd", "Cid", "0 cards", False)]
    assert ana["game_over"]["lines"][1]["place"] == "2º"
    assert bia["you_win"] and not ana["you_win"]
    assert ana["game_over"]["lines"][0]["text"] == "Bia: 2 cartas ★"
    assert not any(vm_["my_turn"] for vm_ in (table, bia, ana))


def test_cha_da_tarde_no_peeking_hides_the_categories_from_the_answerer_only():
    opts = {"mode": "cha_da_tarde", "stack": {"category": "red-01", "deck": ["blue-01", "green-03"]}}
    state = play(start(opts), (ANA, {"type": "reveal"}, T0), (CID, {"type": "slap"}, T0 + 0.8),
                 (None, {"type": "settle"}, T0 + 2))
    cid, ana, table = vm(state, CID), vm(state, ANA), vm(state, None)
    assert cid["categories_hidden"] and table["categories_hidden"] and not ana["categories_hidden"]
    assert cid["category_labels"] == ["Category 1", "Category 2", "Category 3", "Category 4"]
    assert cid["answer_style"] == "all" and vm(raced(start()), BIA)["answer_style"] == "one"
    assert cid["category_suit"] == "red"
    assert cid["mandatory_choice"] is False and cid["can_skip"] is False
    state = play(state, (CID, {"type": "give_up"}, T0 + 3))
    table = vm(state, None, "pt-BR")
    assert table["last_round_text"] == "Última rodada: Cid — desistiu"
    assert {"text": "fica de fora", "color": "red", "kind": "benched"} in table["players"][CID]["badges"]


def test_no_view_in_the_lobby():
    lobby = {"game": "uestop", "status": "lobby", "view": None, "me": 1, "to_act": [],
             "seats": [{"seat": 0, "id": 7, "name": "Ana"}, {"seat": 1, "id": 8, "name": "Bia"}]}
    out = build(lobby, "en")
    assert [(p["name"], p["me"]) for p in out["players"]] == [("Ana", False), ("Bia", True)]
    assert out["game_over"] is None and out["my_turn"] is False and out["events"] == []


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_every_sentence_is_filled_in(lang: str):
    """No ``{placeholder}`` and no catalog key is left in any text the VM gives."""
    reading = start()
    racing = play(reading, (ANA, {"type": "reveal"}, T0))
    answering = raced(reading)
    judging = play(answering, (BIA, {"type": "answer", "texts": {"1": "Marina"}}, T0 + 5))
    for state in (reading, racing, answering, judging):
        for seat in (None, ANA, BIA, CID):
            for text in _strings(build(screen(state, seat), lang)):
                assert "{" not in text, text
                assert not text.startswith(("ui.", "event.", "error.")), text


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in ("category_card", "revealed") for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_the_race_reads_in_seconds_and_explains_a_flagged_tap_in_words():
    """A tap claiming to come sooner than a human can react counts at its arrival: the row
    says so, a sentence explains it; a slow reaction reads in seconds."""
    state = play(start(), (ANA, {"type": "reveal"}, T0),
                 (BIA, {"type": "slap", "t": T0 + 0.31}, T0 + 2.5),  # 10 ms after the card showed
                 (CID, {"type": "slap"}, T0 + 2.6), (None, {"type": "settle"}, T0 + 4.0))
    race = vm(state, None)["race"]
    bia = next(r for r in race["rows"] if r["name"] == "Bia")
    assert bia["flagged"] and bia["flag_text"] == "⚑ counted on arrival"
    assert bia["reaction_text"] == "2.2 s"
    assert race["flagged_lines"] == [
        "⚑ Bia: this phone's tap time was not believable (faster than a human, or older than its network "
        "allows), so the tap counted when it reached the table."]
    assert vm(state, None, "pt-BR")["race"]["rows"][0]["reaction_text"] == "2,2 s"

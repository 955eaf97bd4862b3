"""The guard's size check of an event's arguments counts the bytes the socket carried
(UTF-8 JSON), and refuses what JSON cannot hold, before any handler runs."""

from __future__ import annotations

from tablegames.state import guard
from tablegames.state.quick_events import MOVE_EVENT


def move_event(move: object, seen_version: object = 3) -> dict[str, object]:
    return {"name": MOVE_EVENT, "payload": {"move": move, "seen_version": seen_version}}


def test_a_move_of_a_normal_size_goes_on():
    assert guard.check_event(move_event({"type": "play", "card": "r5"})) is None


def test_an_argument_is_measured_in_the_bytes_of_its_json():
    quotes_and_braces = len('{"name":""}')
    ascii_name = "a" * (guard.MAX_ARG - quotes_and_braces)
    assert guard.check_event(move_event({"name": ascii_name})) is None
    assert guard.check_event(move_event({"name": ascii_name + "a"})) == "too_large"
    # "ç" is two bytes of UTF-8: half as many fit
    assert guard.check_event(move_event({"name": "ç" * ((guard.MAX_ARG - quotes_and_braces) // 2)})) is None
    assert guard.check_event(move_event({"name": "ç" * ((guard.MAX_ARG - quotes_and_braces) // 2 + 1)})) == "too_large"


def test_a_number_json_cannot_carry_is_refused():
    assert guard.check_event(move_event({"type": "play", "card": 2**70})) == "bad_request"
    assert guard.check_event(move_event({"type": "draw"}, seen_version=2**70)) == "bad_request"

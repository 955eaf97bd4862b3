"""``RoomShared.facts``: a digest of what a room shows besides the game (``fanout.facts_digest``).

It changes exactly when the facts do, and a move of the game reuses the last digest
without hashing the facts again (they are the same objects)."""

from __future__ import annotations

import random

import pytest

from tablegames.engine import get_game
from tablegames.rooms import service
from tablegames.state import fanout


def _fresh(code: str, version: int) -> str:
    """The digest computed from nothing remembered."""
    fanout._DIGESTS.clear()
    return fanout.facts_digest(code, version)


@pytest.fixture(autouse=True)
def _no_digests():
    fanout._DIGESTS.clear()
    yield
    fanout._DIGESTS.clear()


def test_the_digest_follows_the_facts_and_a_move_of_the_game_reuses_it(db):
    code, host = service.create_room(db, "uno")
    seats = [service.join_room(db, code, name)[0] for name in ("Ana", "Bia", "Cid")]
    lobby = fanout.facts_digest(code, service.room_version(db, code))
    service.screen(db, code, None)  # the room's public facts, as a page load reads them
    service.start_game(db, code, host, seed=11)
    version = service.room_version(db, code)
    started = fanout.facts_digest(code, version)
    assert started != lobby
    rng = random.Random(3)
    digests = [started]
    while service.screen(db, code, None)["status"] == "playing" and len(digests) < 60:
        state = service.current_state(db, code)[0]
        acting = sorted(get_game("uno").to_act(state))
        if not acting:
            break
        seat = seats[acting[0]]
        place = acting[0]
        moves = get_game("uno").legal_moves(state, place)
        _, version = service.apply_move(db, code, seat, rng.choice(moves))
        digests.append(fanout.facts_digest(code, version))
        # the same as hashing the facts afresh, move after move
        facts = service.facts_at(code, version, fanout.PER_MOVE)
        table = service.screen_at(code, version, None)
        assert facts == {k: v for k, v in table.items() if k not in fanout.PER_MOVE}
        assert digests[-1] == _fresh(code, version)
    assert len(digests) > 10
    # moves of the game change no fact until the hand or game ends
    assert len(set(digests[:5])) == 1


def test_a_hands_end_and_the_next_deal_change_no_fact(db):
    """When a new player may sit down (``late_join``) turns at a hand's end and at the next
    deal; only the screen shows it, so the other tabs get their screen alone then too."""
    deal = {"hands": [["y4", "y6"], ["r1"], ["b8", "b9"]], "top": "r5"}
    code, host = service.create_room(db, "uno", {"dealer": 0, "stack": deal})
    for name in ("Ana", "Bia", "Cid"):
        service.join_room(db, code, name)
    service.start_game(db, code, host, seed=1)
    version = service.room_version(db, code)
    service.screen(db, code, None)
    playing = fanout.facts_digest(code, version)
    assert service.screen_at(code, version, None)["late_join"] == "after_round"

    _, version = service.apply_move(db, code, 1, {"type": "play", "card": "r1"})  # Bia goes out
    assert service.screen_at(code, version, None)["late_join"] == "now"  # the hand is over
    assert fanout.facts_digest(code, version) == playing

    service.next_hand(db, code, host)
    version = service.room_version(db, code)
    service.screen(db, code, None)
    assert service.screen_at(code, version, None)["late_join"] == "after_round"
    assert fanout.facts_digest(code, version) == playing
    assert fanout.facts_digest(code, version) == _fresh(code, version)


def test_a_join_changes_the_digest(db):
    code, _host = service.create_room(db, "uno")
    service.join_room(db, code, "Ana")
    before = fanout.facts_digest(code, service.room_version(db, code))
    service.screen(db, code, None)
    service.join_room(db, code, "Bia")
    service.screen(db, code, None)
    after = fanout.facts_digest(code, service.room_version(db, code))
    assert after != before and after == _fresh(code, service.room_version(db, code))


def test_a_version_this_process_does_not_hold_gets_a_digest_of_its_own(db):
    code, _host = service.create_room(db, "uno")
    assert fanout.facts_digest(code, 99) == "v99"

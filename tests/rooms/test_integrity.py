"""Issue 12: seats, options, system moves and names that no player at the table can bend.

Each test here failed before its fix: a removed seat shifted everybody's seat (finding 1),
a host could deal from a hidden stacked deck (5), any phone could deal the next hand (6),
and look-alike or invisible names sat side by side (9).
"""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session, SQLModel, create_engine, select

from tablegames.engine import IllegalMove, get_game
from tablegames.rooms import service
from tablegames.rooms.models import MoveLog
from tablegames.rooms.service import RoomError

UNO = get_game("uno")


@pytest.fixture
def engine(tmp_path):
    eng = create_engine(f"sqlite:///{tmp_path / 'rooms.db'}")
    SQLModel.metadata.create_all(eng)
    service.clear_cache()
    yield eng
    service.clear_cache()


@pytest.fixture
def db(engine):
    with Session(engine) as session:
        yield session


@pytest.fixture
def live(monkeypatch):
    """The app as players run it: not in test mode."""
    monkeypatch.delenv(service.TEST_MODE_ENV, raising=False)


def refused(call, code: str, exc=RoomError):
    with pytest.raises(exc) as err:
        call()
    assert err.value.code == code, err.value
    return err.value


# -- finding 1: stable seat ids --------------------------------------------------------------

def test_a_removed_seat_never_shifts_another_seat(db):
    code, host = service.create_room(db, "uno", {"dealer": 0})
    ids, secrets = {}, {}
    for name in ("Ana", "Bia", "Cid"):
        ids[name], secrets[name] = service.join_room(db, code, name)
    service.remove_seat(db, code, host, ids["Bia"])
    ids["Dan"], secrets["Dan"] = service.join_room(db, code, "Dan")
    assert len(set(ids.values())) == 4  # Dan never gets Bia's (or anybody's) old id
    # Each secret still names its own seat; the removed one is told so.
    for name in ("Ana", "Cid", "Dan"):
        assert service.rejoin(db, code, secrets[name]) == ids[name]
    refused(lambda: service.rejoin(db, code, secrets["Bia"]), "removed")
    state = service.start_game(db, code, host, seed=3)
    assert list(state.players) == ["Ana", "Cid", "Dan"]
    for name in ("Ana", "Cid", "Dan"):
        screen = service.screen(db, code, ids[name])
        me = screen["me"]
        assert state.players[me] == name
        assert sorted(screen["view"]["hand"]) == sorted(state.hands[me])
    # Bia's stale tab sees no hand and can do nothing.
    removed = service.screen(db, code, ids["Bia"])
    assert removed["me"] == -1 and removed["removed"] and "hand" not in removed["view"]
    for move in ({"type": "draw"}, {"type": "uno"}):
        refused(lambda: service.apply_move(db, code, ids["Bia"], move), "removed")
    # Cid's tab moves for Cid: the log names Cid's engine seat.
    turn = state.turn
    mover = state.players[turn]
    service.apply_move(db, code, ids[mover], {"type": "draw"})
    last = db.exec(select(MoveLog).order_by(MoveLog.version.desc())).first()
    assert last.seat == turn


def test_the_last_seat_s_id_is_never_given_again(db):
    code, host = service.create_room(db, "uno", {"dealer": 0})
    ana, _ = service.join_room(db, code, "Ana")
    bia, bia_secret = service.join_room(db, code, "Bia")
    service.remove_seat(db, code, host, bia)
    cid, _ = service.join_room(db, code, "Cid")
    assert cid not in (ana, bia)
    refused(lambda: service.rejoin(db, code, bia_secret), "removed")
    assert [s["id"] for s in service.screen(db, code, None)["seats"]] == [ana, cid]
    refused(lambda: service.remove_seat(db, code, host, bia), "bad_seat")  # already gone


def test_the_removed_player_may_join_again_as_a_new_seat(db):
    code, host = service.create_room(db, "uno", {"dealer": 0})
    service.join_room(db, code, "Ana")
    bia, _ = service.join_room(db, code, "Bia")
    service.remove_seat(db, code, host, bia)
    again, secret = service.join_room(db, code, "Bia")
    assert again != bia and service.rejoin(db, code, secret) == again


def test_screen_at_maps_seat_ids_like_screen(db):
    code, host = service.create_room(db, "uno", {"dealer": 0})
    ids = [service.join_room(db, code, n)[0] for n in ("Ana", "Bia", "Cid")]
    service.remove_seat(db, code, host, ids[0])
    state = service.start_game(db, code, host, seed=1)
    version = service.room_version(db, code)
    service.screen(db, code, None)  # the public facts of this version are now in memory
    for seat_id, name in zip(ids[1:], ("Bia", "Cid"), strict=True):
        data = service.screen_at(code, version, seat_id)
        assert data is not None and state.players[data["me"]] == name
        assert sorted(data["view"]["hand"]) == sorted(state.hands[data["me"]])
    gone = service.screen_at(code, version, ids[0])
    assert gone["me"] == -1 and gone["removed"] and "hand" not in gone["view"]


def test_acting_at_is_the_tables_screen_at_without_its_view(db):
    code, host = service.create_room(db, "uno", {"dealer": 0, "turn_timer": "30"})
    for name in ("Ana", "Bia"):
        service.join_room(db, code, name)
    assert service.acting_at(code, 0) is None  # not held in this process's memory
    service.screen(db, code, None)
    lobby = service.room_version(db, code)
    assert service.acting_at(code, lobby) == {**service.screen_at(code, lobby, None), "view": None}
    service.start_game(db, code, host, seed=1)
    version = service.room_version(db, code)
    service.screen(db, code, None)
    table = service.screen_at(code, version, None)
    acting = service.acting_at(code, version)
    assert table["view"] and acting == {**table, "view": None} and acting["deadline"] is not None


# -- finding 5: test-only options ------------------------------------------------------------

STACK = {"hands": [["W", "W+4", "W+4"], ["r1", "r2", "r3"]], "top": "g5"}


def test_a_stacked_deck_is_refused_outside_test_mode(db, live):
    refused(lambda: service.create_room(db, "uno", {"stack": STACK}), "test_only")
    code, host = service.create_room(db, "uno", {"dealer": 0})
    refused(lambda: service.update_options(db, code, host, {"stack": STACK}), "test_only")
    assert "stack" not in service.room_info(db, code).options
    for game, stack in (("upwords", {"racks": [["A"] * 7, ["B"] * 7]}),
                        ("faces", {"hands": [[0], [1], [2]]}), ("uestop", {"deck": []})):
        refused(lambda game=game, stack=stack: service.create_room(db, game, {"stack": stack}), "test_only")


def test_a_stacked_deck_is_accepted_in_test_mode(db, monkeypatch):
    monkeypatch.setenv(service.TEST_MODE_ENV, "1")
    code, _ = service.create_room(db, "uno", {"stack": STACK})
    assert service.room_info(db, code).options["stack"]


@pytest.mark.parametrize("game, options", [
    ("uno", {"edition": "plus", "target": 300, "scoring": "standard", "teams": False,
             "wd4_bluff": True, "two_player_rules": True, "house_rules": ["skip_all"]}),
    ("upwords", {"words": "auto", "first": 1}),
    ("faces", {"variant": "memory", "pairs": 13}),
    ("uestop", {"mode": "tome_lhe_tapao", "target": 3}),
])
def test_every_option_a_host_sets_is_shown_to_every_screen(db, live, game, options):
    code, host = service.create_room(db, game, options)
    seat, _ = service.join_room(db, code, "Ana")
    in_force = service.room_info(db, code).options
    assert in_force == options
    for who in (None, seat):
        assert service.screen(db, code, who)["options"] == in_force


# -- finding 6: the next hand is the host's, through the room ---------------------------------

def test_no_phone_deals_the_next_hand(db, monkeypatch):
    monkeypatch.setenv(service.TEST_MODE_ENV, "1")
    code, host = service.create_room(db, "uno", {"dealer": 0, "target": 500,
                                                 "stack": {"hands": [["r1"], ["g5", "y5"]], "top": "r9"}})
    seats = [service.join_room(db, code, n)[0] for n in ("Ana", "Bia")]
    service.start_game(db, code, host, seed=1)
    state, _ = service.apply_move(db, code, seats[1], {"type": "draw"})
    if state.turn == 1:
        state, _ = service.apply_move(db, code, seats[1], {"type": "pass"})
    state, version = service.apply_move(db, code, seats[0], {"type": "play", "card": "r1"})
    assert state.phase == "hand_over"
    for seat in seats:
        refused(lambda seat=seat: service.apply_move(db, code, seat, {"type": "next_hand"}),
                "system_move", IllegalMove)
    assert service.room_version(db, code) == version
    assert service.next_hand(db, code, host).phase == "play"


# -- finding 9: names -------------------------------------------------------------------------

@pytest.mark.parametrize("raw, stored", [
    ("Ana", "Ana"),
    ("  Ana   Bia ", "Ana Bia"),
    ("Jose\u0301", "José"),  # NFC
    ("A\u200bna", "Ana"),  # zero-width space
    ("\u202eanA", "anA"),  # right-to-left override
    ("Ana\u2066\u2069", "Ana"),  # bidi isolates
    ("An\u00ada", "Ana"),  # soft hyphen
    ("An\ta", "An a"),
    ("\ufeffAna", "Ana"),  # byte order mark
])
def test_names_are_normalised(db, raw, stored):
    code, _ = service.create_room(db, "uno", {"dealer": 0})
    service.join_room(db, code, raw)
    assert [name for _, name in service.room_info(db, code).seats] == [stored]


@pytest.mark.parametrize("raw", ["\u200b", "\u202e\u200d", " \u2066 ", "Ana\x00", "\x00", "\ufeff"])
def test_invisible_names_and_nul_are_refused(db, raw):
    code, _ = service.create_room(db, "uno", {"dealer": 0})
    refused(lambda: service.join_room(db, code, raw), "bad_name")
    assert service.room_info(db, code).seats == ()


@pytest.mark.parametrize("other", ["Ana", "ana", "A\u200bna", "\u0410na", "Anа", "\u0391na"])
def test_names_that_look_the_same_are_refused(db, other):
    code, _ = service.create_room(db, "uno", {"dealer": 0})
    service.join_room(db, code, "Ana")
    err = refused(lambda: service.join_room(db, code, other), "name_taken")
    assert err.params["name"] == "Ana"
    assert len(service.room_info(db, code).seats) == 1


def test_names_that_only_share_letters_are_fine(db):
    code, _ = service.create_room(db, "uno", {"dealer": 0})
    for name in ("Ana", "Anna", "Ana B", "Иван", "Zoë", "Zoe"):
        service.join_room(db, code, name)
    assert len(service.room_info(db, code).seats) == 6


def test_refused_names_change_nothing(db):
    code, _ = service.create_room(db, "uno", {"dealer": 0})
    service.join_room(db, code, "Ana")
    version = service.room_version(db, code)
    for raw in ("\u200b", "\u0410na", None, 42):
        with pytest.raises(RoomError):
            service.join_room(db, code, raw)
    assert service.room_version(db, code) == version
    assert json.dumps(service.screen(db, code, None)["seats"]).count("name") == 1


# -- finding 2: a phone never sends its own tap time -----------------------------------------

def test_a_tap_time_only_comes_from_the_server_s_clock_estimate(db):
    code, host = service.create_room(db, "uestop", {"first": 0, "stack": {"category": "red-01",
                                                                         "deck": ["blue-01"]}})
    seats = [service.join_room(db, code, n)[0] for n in ("Ana", "Bia")]
    service.start_game(db, code, host, seed=1)
    service.apply_move(db, code, seats[0], {"type": "reveal"})
    version = service.room_version(db, code)
    for forged in ({"type": "slap", "t": 1.0}, {"type": "slap", "delays": [9999, 9999]}):
        refused(lambda forged=forged: service.apply_move(db, code, seats[1], forged), "bad_move", IllegalMove)
    assert service.room_version(db, code) == version
    state, _ = service.current_state(db, code)
    # The room's own clock bookkeeping builds them (a ServerMove). It arrives before the card
    # shows: ``now`` given, so a slow machine (seconds between the reveal and this line) can't
    # let it arrive after.
    refused(lambda: service.apply_move(db, code, seats[1], service.ServerMove(type="slap", t=state.reveal_time),
                                       now=state.reveal_time - 0.1),
            "slap_too_early", IllegalMove)

"""Absent players, host moves on, late arrivals: the rooms layer without a browser.

- the table plays for an away seat (its ``auto`` flag), with or without a turn timer;
- a seat handed to a new phone: the old secret is refused, the new phone gets the hand;
- the host role handed on by the host, and passed on by itself when the host is gone;
- a seat removed mid-game (UNO: its cards under the draw pile, every card kept), and
  the refusal where a game's rules don't allow it;
- late arrivals: UNO seats them between hands, other games between games.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from sqlmodel import select

from tablegames.engine import IllegalMove, get_game
from tablegames.rooms import hosting, seats, service
from tablegames.rooms.models import MoveLog, Room
from tablegames.rooms.service import RoomError

UNO = get_game("uno")
# Ana deals (seat 0): Bia (seat 1) plays first
DEAL = {"hands": [["y1", "y2", "y3"], ["r1", "g2", "b3"], ["b8", "b9", "g7"], ["y4", "y6", "g5"]],
        "top": "r5", "draw": ["g9", "g8", "b1", "b2"]}


def uno_room(db, names=("Ana", "Bia", "Cid", "Dan"), deal=DEAL, **options):
    code, host = service.create_room(db, "uno", {"dealer": 0, "stack": deal, **options})
    secrets = [service.join_room(db, code, n)[1] for n in names]
    service.start_game(db, code, host, seed=1)
    return code, host, secrets


def state_of(db, code):
    return service.current_state(db, code)[0]


def any_move(db, code):
    """Whoever acts and one of her legal moves (seat ids are the engine seats here)."""
    state = state_of(db, code)
    seat = UNO.to_act(state)[0]
    return seat, UNO.legal_moves(state, seat)[0]


def all_cards(s) -> Counter:
    return Counter([*s.draw_pile, *s.discard, *(c for h in s.hands for c in h)])


# -- the table plays for an away seat ----------------------------------------------------

def test_the_table_plays_for_an_away_seat_without_a_turn_timer(db):
    code, host, _ = uno_room(db)
    assert service.screen(db, code, None)["deadline"] is None  # no timer: nothing by itself
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"})  # Cid (seat 2) is next
    seats.set_auto(db, code, host, 2, True)
    screen = service.screen(db, code, None)
    assert screen["seats"][2]["auto"] and screen["to_act"] == [2]
    due = screen["deadline"]
    assert due == pytest.approx(screen["changed_at"] + seats.setting("stand_in_after_s"))
    assert screen["turn_deadline"] is None  # no countdown: not the turn timer's
    assert service.apply_due(db, code, now=due - 1) is None
    assert service.apply_due(db, code, now=due + 0.1) is not None
    s = state_of(db, code)
    assert s.turn == 3 and len(s.hands[2]) == 4  # Cid drew one (no red, no 1) and kept it
    assert [e["type"] for e in s.events][:2] == ["stand_in", "draw"]
    last = db.exec(select(MoveLog).order_by(MoveLog.version.desc())).first()
    assert last.seat is None and json.loads(last.move_json) == {"type": "stand_in", "seat": 2}
    # Dan is not away: nothing more is due
    assert service.screen(db, code, None)["deadline"] is None
    assert service.apply_due(db, code, now=due + 100) is None


def test_a_turn_timer_firing_while_the_player_is_away(db):
    code, host, _ = uno_room(db, turn_timer="30")
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"})
    screen = service.screen(db, code, None)
    assert screen["turn_deadline"] is not None  # Cid's phone is away; the timer runs
    assert service.apply_due(db, code, now=screen["turn_deadline"] + 0.1) is not None
    s = state_of(db, code)
    assert s.turn == 3 and [e["type"] for e in s.events][0] == "timeout"


def test_only_the_host_lets_the_table_play_and_the_phone_takes_it_back(db):
    code, host, (ana, bia, *_) = uno_room(db)
    with pytest.raises(RoomError) as err:
        seats.set_auto(db, code, ana, 1, True)
    assert err.value.code == "not_host"
    seats.set_auto(db, code, host, 1, True)
    assert seats.back(db, code, bia) is not None  # Bia's phone is back
    assert not service.screen(db, code, None)["seats"][1]["auto"]
    assert seats.back(db, code, bia) is None


def test_a_stand_in_is_refused_from_a_seat_and_for_a_seat_not_to_act(db):
    code, _, _ = uno_room(db)
    with pytest.raises(IllegalMove) as err:
        service.apply_move(db, code, 1, {"type": "stand_in", "seat": 0})
    assert err.value.code == "system_move"
    with pytest.raises(IllegalMove) as err:
        service.apply_move(db, code, None, {"type": "stand_in", "seat": 2})
    assert err.value.code == "not_waiting"


# -- handing a seat to a new phone ----------------------------------------------------------

def test_a_seat_handed_to_a_new_phone(db):
    code, host, (_, bia, *_) = uno_room(db)
    hand = service.screen(db, code, 1)["view"]["hand"]
    with pytest.raises(RoomError):
        seats.start_handover(db, code, bia, 1)  # only the host
    token = seats.start_handover(db, code, host, 1)
    seat, secret, gen = seats.take_handover(db, code, token)
    assert (seat, gen) == (1, 1)
    assert service.rejoin(db, code, secret) == 1
    assert service.screen(db, code, 1)["view"]["hand"] == hand  # the new phone gets the hand
    with pytest.raises(RoomError) as err:
        service.rejoin(db, code, bia)
    assert err.value.code == "seat_moved"  # the old phone is told its seat moved on
    with pytest.raises(RoomError) as err:
        seats.take_handover(db, code, token)
    assert err.value.code == "handover_used"  # one time only
    with pytest.raises(RoomError) as err:  # a tab still holding the seat from before
        service.apply_move(db, code, 1, {"type": "play", "card": "r1"}, holder=0)
    assert err.value.code == "seat_moved"
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"}, holder=gen)


def test_a_handover_of_the_host_seat_takes_the_host_along(db):
    code, host, (ana, *_) = uno_room(db)
    hosting.hand_host(db, code, host, 0)
    token = seats.start_handover(db, code, ana, 0)
    _, secret, _ = seats.take_handover(db, code, token)
    assert service.is_host(db, code, secret) and not service.is_host(db, code, ana)


# -- host moves on ------------------------------------------------------------------------

def test_the_host_hands_the_role_to_another_seat(db):
    code, host, (ana, bia, *_) = uno_room(db)
    with pytest.raises(RoomError):
        hosting.hand_host(db, code, bia, 1)
    hosting.hand_host(db, code, host, 1)
    assert service.is_host(db, code, bia) and not service.is_host(db, code, host)
    screen = service.screen(db, code, None)
    assert (screen["host_seat"], screen["host_name"], screen["host_note"]) == (1, "Bia", "manual")
    service.remove_seat(db, code, [bia], 3)  # Bia's phone acts as host with its seat secret
    with pytest.raises(RoomError) as err:
        hosting.hand_host(db, code, bia, 1)
    assert err.value.code == "already_host"


def test_the_host_role_passes_by_itself_when_the_host_is_gone(db):
    code, host, (ana, bia, cid, _) = uno_room(db)
    t0 = 1_000_000.0
    assert hosting.maybe_move_on(db, code, [0, 1, 2], host_here=False, now=t0) is None  # clock starts
    assert hosting.maybe_move_on(db, code, [0, 1, 2], host_here=True, now=t0 + 100) is None  # seen
    gone = seats.setting("host_gone_after_s")
    assert hosting.maybe_move_on(db, code, [1, 2], host_here=False, now=t0 + 100 + gone - 1) is None
    version = hosting.maybe_move_on(db, code, [1, 2], host_here=False, now=t0 + 100 + gone + 1)
    assert version is not None
    # Ana (seated first) is not connected: Bia, the longest-seated one who is, hosts
    assert service.is_host(db, code, bia) and not service.is_host(db, code, host)
    screen = service.screen(db, code, None)
    assert (screen["host_seat"], screen["host_note"]) == (1, "auto")
    room = db.exec(select(Room)).one()
    assert room.host_gen == 1


def test_a_watch_skipped_by_the_memo_would_have_changed_nothing(db):
    """Every open page reports every 10 s; ``watch_is_due`` spares the database the reports
    that could change nothing. Random walks of reports (host here or not, seconds apart),
    each due one run as the page runs it, or noted by a move made then: at each skipped one,
    the host could not have moved on, and the last note of the host is recent enough."""
    import random

    gone, every = seats.setting("host_gone_after_s"), seats.setting("host_seen_every_s")
    skipped, moved = 0, 0
    for walk in range(20):
        rng = random.Random(walk)
        code, _host, _ = uno_room(db)
        now = 5_000_000.0 + walk * 10_000
        for _ in range(60):
            now += rng.choice((1, 5, 10, 10, 10, 30, gone / 2))
            here = rng.random() < (0.2 if walk % 2 else 0.8)
            quiet = hosting.reports_quiet(code, now)  # what the socket drops without any state
            if here and rng.random() < 0.3 and hosting.watch_is_due(code, True, now):  # a move notes it
                seat, move = any_move(db, code)
                service.apply_move(db, code, seat, move, now=now, host_seen_at=now)
                continue
            if hosting.watch_is_due(code, here, now):
                assert not quiet, f"walk {walk}: a due report would have been dropped"
                moved += hosting.maybe_move_on(db, code, [1, 2], here, now=now) is not None
                continue
            skipped += 1
            room = service._room(db, code)
            db.refresh(room)
            if here:
                assert now - room.host_seen_at < 2 * every, f"walk {walk}: the host's note is stale"
            else:
                assert now - room.host_seen_at < gone, f"walk {walk}: a skipped report hid a move-on"
    assert skipped > 400 and moved > 0, (skipped, moved)


def test_a_move_notes_the_host_seen_and_the_next_reports_are_not_due(db):
    """A move made while a host device is connected carries the note (``host_seen_at``), so
    the pages' reports within ``host_seen_every_s`` have nothing to write; a move without
    it leaves the last note as it was."""
    code, _host, _ = uno_room(db)
    every = seats.setting("host_seen_every_s")
    t0 = 2_000_000.0
    assert hosting.watch_is_due(code, True, t0)
    seat, move = any_move(db, code)
    service.apply_move(db, code, seat, move, now=t0, host_seen_at=t0)  # notes it in hosting's memory too
    room = service._room(db, code)
    db.refresh(room)
    assert room.host_seen_at == t0
    assert not hosting.watch_is_due(code, True, t0 + every - 1)
    assert hosting.reports_quiet(code, t0 + every - 1)
    assert hosting.watch_is_due(code, True, t0 + every)
    seat, move = any_move(db, code)
    service.apply_move(db, code, seat, move, now=t0 + 5)  # no host note: the row keeps t0
    db.refresh(room)
    assert room.host_seen_at == t0


def test_nobody_connected_nobody_hosts(db):
    code, host, _ = uno_room(db)
    hosting.maybe_move_on(db, code, [], host_here=False, now=10.0)
    assert hosting.maybe_move_on(db, code, [], host_here=False, now=10_000.0) is None
    assert service.is_host(db, code, host)


# -- removing a seat mid-game -----------------------------------------------------------

def test_remove_mid_game_in_uno_keeps_every_card_under_the_draw_pile(db):
    code, host, (ana, bia, cid, dan) = uno_room(db)
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"})  # Cid (seat id 2) on turn
    before = state_of(db, code)
    held = before.hands[2]
    service.remove_seat(db, code, host, 2)
    after = state_of(db, code)
    assert all_cards(after) == all_cards(before)  # no card leaves the game
    assert after.draw_pile[:len(held)] == held  # under the draw pile (its last card is the top)
    assert after.players == ("Ana", "Bia", "Dan") and after.turn == 2  # Dan, next in play
    screen = service.screen(db, code, None)
    assert [(s["seat"], s["id"]) for s in screen["seats"]] == [(0, 0), (1, 1), (2, 3)]
    assert service.screen(db, code, 3)["me"] == 2  # Dan's seat id 3 is place 2 now
    with pytest.raises(RoomError) as err:
        service.apply_move(db, code, 2, {"type": "draw"})
    assert err.value.code == "removed"
    service.apply_move(db, code, 3, {"type": "draw"})  # Dan plays on
    assert state_of(db, code).hands[2] == ("y4", "y6", "g5", "g9")


def test_remove_mid_game_the_dealer_and_scores_shift(db):
    code, host, _ = uno_room(db)
    service.remove_seat(db, code, host, 0)  # Ana dealt: the deal passes as if she had dealt
    s = state_of(db, code)
    assert s.dealer == 2 and len(s.scores) == 3 and s.turn == 0  # Dan (place 2) deals; Bia on turn


def test_remove_mid_game_is_refused_where_the_rules_do_not_allow_it(db):
    code, host, _ = uno_room(db, names=("Ana", "Bia"), deal={"hands": [["r1", "g2"], ["y4", "y6"]], "top": "r5"})
    with pytest.raises(IllegalMove) as err:
        service.remove_seat(db, code, host, 1)
    assert err.value.code == "too_few_players"
    for game, options in (("faces", {}), ("uestop", {})):
        code, host = service.create_room(db, game, options)
        for name in ("Ana", "Bia", "Cid"):
            service.join_room(db, code, name)
        if game == "faces":
            service.update_options(db, code, host, {"oldest": 0})
        service.start_game(db, code, host, seed=2)
        with pytest.raises(IllegalMove) as err:
            service.remove_seat(db, code, host, 2)
        assert err.value.code == "cannot_remove"
        assert len(service.screen(db, code, None)["seats"]) == 3  # nothing changed


def test_remove_the_host_seat_mid_game_hands_the_host_on(db):
    code, host, (ana, bia, *_) = uno_room(db)
    hosting.hand_host(db, code, host, 0)
    service.remove_seat(db, code, ana, 0)
    assert not service.is_host(db, code, ana) and service.is_host(db, code, bia)


# -- late arrivals ------------------------------------------------------------------------

def test_uno_seats_a_late_arrival_between_hands(db):
    deal = {"hands": [["y4", "y6"], ["r1"], ["b8", "b9"]], "top": "r5"}
    code, host, _ = uno_room(db, names=("Ana", "Bia", "Cid"), deal=deal)
    with pytest.raises(RoomError) as err:
        service.join_room(db, code, "Eva")
    assert err.value.code == "wait_round"
    assert service.screen(db, code, None)["late_join"] == "after_round"
    service.apply_move(db, code, 1, {"type": "play", "card": "r1"})  # Bia goes out: the hand is over
    assert service.screen(db, code, None)["late_join"] == "now"
    seat, secret = service.join_room(db, code, "Eva")
    assert state_of(db, code).players[-1] == "Eva"
    assert service.screen(db, code, seat)["me"] == 3
    service.next_hand(db, code, host)
    s = state_of(db, code)
    assert len(s.hands) == 4 and len(s.hands[3]) == 7  # Eva is dealt in


def test_other_games_seat_a_late_arrival_between_games(db):
    code, host = service.create_room(db, "upwords", {"first": 0})
    for name in ("Ana", "Bia"):
        service.join_room(db, code, name)
    service.start_game(db, code, host, seed=3)
    assert service.screen(db, code, None)["late_join"] == "next_game"
    with pytest.raises(RoomError) as err:
        service.join_room(db, code, "Cid")
    assert err.value.code == "wait_game"

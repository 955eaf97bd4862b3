"""The "online / away" grace period (``tablegames/rooms/presence.py``)."""

from __future__ import annotations

from tablegames.rooms import presence


def test_a_seat_connected_now_is_present():
    assert presence.present({}, [3], now=100.0) == {3}
    assert presence.seen({}, [3], now=100.0) == {3: 100.0}


def test_a_dropped_socket_stays_present_for_the_grace_period_then_goes_away():
    last = presence.seen({}, [1, 2], now=0.0)
    last = presence.seen(last, [1], now=5.0)  # 2's socket dropped
    assert presence.present(last, [1], now=5.0) == {1, 2}
    last = presence.seen(last, [1], now=10.0)  # missed twice: still within the grace
    assert presence.present(last, [1], now=10.0) == {1, 2}
    last = presence.seen(last, [1], now=15.0)  # three heartbeats missed (> GRACE_S): away
    assert presence.present(last, [1], now=15.0) == {1}
    assert 2 not in last  # forgotten once away


def test_the_grace_is_more_than_two_table_heartbeats():
    assert presence.GRACE_S > 2 * presence.TABLE_HEARTBEAT_MS / 1000


def test_a_flapping_socket_never_flickers():
    """Connected at every other heartbeat (the sampled bug: 7 flips in 12 samples)."""
    last: dict[int, float] = {}
    shown = []
    for beat in range(12):
        now = beat * presence.TABLE_HEARTBEAT_MS / 1000
        connected = [7] if beat % 2 == 0 else []
        last = presence.seen(last, connected, now)
        shown.append(7 in presence.present(last, connected, now))
    assert shown == [True] * 12

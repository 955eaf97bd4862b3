"""Host reports dropped at the socket (``state/quick_events._quiet_report``), with any state
manager: only a report of a room whose host was noted here within ``host_seen_every_s``,
the room read from the page's route; anything else goes on to its handler."""

from __future__ import annotations

from tablegames.rooms import hosting
from tablegames.state.quick_events import MOVE_EVENT, WATCH_HOST_EVENT, _quiet_report


def report(path, name=WATCH_HOST_EVENT):
    return {"name": name, "payload": {}, "router_data": {"pathname": path, "asPath": path, "query": {}}}


def test_a_report_of_a_room_noted_just_now_is_dropped_and_nothing_else(monkeypatch):
    monkeypatch.setattr(hosting, "_NOTED", {})
    now = 1_000.0
    assert not _quiet_report(report("/play/QZXW"), now)  # never noted here: the handler looks
    hosting._note("QZXW", now)
    assert _quiet_report(report("/play/QZXW"), now) and _quiet_report(report("/table/qzxw"), now)
    assert not _quiet_report(report("/play/BCDF"), now)  # another room
    assert not _quiet_report(report("/play/QZXW", name=MOVE_EVENT), now)  # not a report
    assert not _quiet_report(report("/"), now)  # no room in the route
    assert not _quiet_report({"name": WATCH_HOST_EVENT, "router_data": "x"}, now)  # tampered
    assert not _quiet_report({"name": WATCH_HOST_EVENT, "router_data": {"pathname": 7}}, now)
    assert not _quiet_report({"name": WATCH_HOST_EVENT}, now)
    now += hosting.setting("host_seen_every_s")  # a note is due again
    assert not _quiet_report(report("/play/QZXW"), now)

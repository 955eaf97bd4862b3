"""Timed system moves for every game (``tablegames/state/deadlines.py``): a move that leaves
a deadline starts one timer, and what is due is applied once, as no seat's move."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from sqlmodel import Session, SQLModel, create_engine, select

from tablegames.rooms import service
from tablegames.rooms.models import MoveLog
from tablegames.state import db, deadlines


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.setenv(service.TEST_MODE_ENV, "1")
    url = f"sqlite:///{tmp_path / 'app.db'}"
    engine = create_engine(url)
    SQLModel.metadata.create_all(engine)
    engine.dispose()
    service.clear_cache()
    deadlines._TIMERS.clear()
    yield url
    from tablegames.reflex_adapter import db_engine

    db_engine(url).dispose()
    service.clear_cache()


def _race(session: Session) -> tuple[str, int]:
    """A UeStop! table whose race somebody slapped in: (code, version)."""
    code, host = service.create_room(session, "uestop", {"reveal_delay_ms": 0, "slap_window_ms": 200})
    seats = [service.join_room(session, code, n)[0] for n in ("Ana", "Bia", "Cid")]
    service.start_game(session, code, host, seed=5)
    opener = service.screen(session, code, None)["to_act"][0]
    service.apply_move(session, code, seats[opener], {"type": "reveal"})
    _, version = service.apply_move(session, code, seats[(opener + 1) % 3], {"type": "slap"})
    return code, version


def test_a_move_that_leaves_a_deadline_starts_one_timer(url):
    with Session(create_engine(url)) as session:
        code, version = _race(session)
        assert service.screen_at(code, version, None)["deadline"] is not None
        timer = deadlines.follow(code, version)
        assert timer is not None and timer.handler.fn.__name__ == "run_at"
        assert deadlines.follow(code, version) is None  # the same deadline: no second timer
        service.create_room(session, "uno")  # a game without deadlines starts none


def test_what_is_due_is_applied_once_as_no_seat(url):
    with Session(create_engine(url)) as session:
        code, version = _race(session)
        deadline = service.screen(session, code, None)["deadline"]

    async def scenario():
        await asyncio.sleep(max(0.0, deadline - time.time()) + 0.02)
        return await db.run(lambda s: service.apply_due(s, code), url), \
            await db.run(lambda s: service.apply_due(s, code), url)

    first, second = asyncio.run(scenario())
    assert first == version + 1 and second is None
    with Session(create_engine(url)) as session:
        last = session.exec(select(MoveLog).order_by(MoveLog.version)).all()[-1]
        assert last.seat is None and json.loads(last.move_json) == {"type": "settle"}
        assert service.screen(session, code, None)["deadline"] is None


def test_a_tap_is_judged_at_its_arrival_not_after_the_wait_for_the_database(url, monkeypatch):
    """A slap's ``now`` is when its event reached the handler, where a ping's server time is
    noted too: time spent waiting for the database thread is not the phone's network delay
    (a tap delayed there looked older than its pings allow and was flagged)."""
    from tablegames.games.uestop.state import _apply

    with Session(create_engine(url)) as session:
        code, host = service.create_room(session, "uestop", {"reveal_delay_ms": 0, "slap_window_ms": 200})
        seats = [service.join_room(session, code, n)[0] for n in ("Ana", "Bia", "Cid")]
        service.start_game(session, code, host, seed=5)
        opener = service.screen(session, code, None)["to_act"][0]
        service.apply_move(session, code, seats[opener], {"type": "reveal"})
    slapper = seats[(opener + 1) % 3]
    real_run = db.run

    async def slow_run(action, url_=None, quick=False):
        await asyncio.sleep(0.3)  # a busy database
        return await real_run(action, url, quick)

    monkeypatch.setattr("tablegames.games.uestop.state.db_run", slow_run)
    arrived = time.time()
    state, _version = asyncio.run(_apply(code, slapper, service.ServerMove(type="slap"), arrived))
    assert [tap["arrival"] for tap in state.taps] == [arrived]
    with Session(create_engine(url)) as session:
        last = session.exec(select(MoveLog).order_by(MoveLog.version)).all()[-1]
        assert json.loads(last.move_json) == {"type": "slap"} and last.created_at == arrived

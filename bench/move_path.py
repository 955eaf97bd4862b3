#!/usr/bin/env python3
"""The CPU of a move's own path in one process, stage by stage: what ``bench/load.py``
cannot tell apart from the machine's noise.

Run from the repository root, in the venv:

    python bench/move_path.py                    # 5 rounds of the same 4-player UNO games
    python bench/move_path.py --rounds 9 --moves 800 --json artifacts/move_path.json
    python bench/move_path.py --rooms 100 --moves 1500  # 100 rooms at once, a move in each in turn

Each round plays the same seeded UNO games of four phones and a table, move by move, on a
fresh SQLite database (WAL, as the app's: the loop's connection commits with
``synchronous=NORMAL`` and its log is synced in a thread before the move is answered,
``state/wal_sync.py``), through the functions a phone's move goes through on one worker
(``state/quick_events.py``):

* ``store``: the move applied and committed on the loop's own connection
  (``state.db.run(room.seat_move(...), quick=True)``: the engine, the SQL, the commit);
* ``facts``: whether the room's facts changed (``fanout.facts_digest``, in ``bump_room``);
* ``screens``: the five tabs' screens (``room.tab_screen``: the seat's view, its view model,
  its cues);
* ``frames``: each tab's patch from the screen it had (``patches.diff``) and the frame's
  JSON (``orjson``), as ``reflex_adapter._queue_update`` makes them.

The figure of a stage is the CPU time of this thread (``time.thread_time_ns``; the disk's
sync, in its own thread, is not in it) per move of the players, the least of the rounds: the
machine's noise only ever adds. What Reflex and the sockets add around these (the room's
lock, the delta's wrapping, Engine.IO) is not here: ``bench/load.py`` measures the whole.
The host's "next hand" between hands is played and not counted.

With ``--rooms N`` the round seats N rooms and plays a move in each in turn, as a worker's
moves come from its many rooms: each move then finds less of its room's objects in the
processor's caches, which one room played alone keeps warm.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

STAGES = ("store", "facts", "screens", "frames")
PLAYERS = ("Ana", "Bia", "Cid", "Dan")


@dataclass
class _Room:
    """One seated room of the round: its code, host secret, seat ids, version and the
    screens its five tabs hold."""

    code: str
    host: str
    seats: list[int]
    tabs: list[Any]
    version: int
    held: list[dict[str, Any]]


async def play_round(moves: int, seed: int, rooms: int = 1) -> dict[str, int]:
    """Plays ``moves`` moves of seeded UNO games on a fresh database, ``rooms`` rooms at
    once, a move in each in turn (one room: one game after another); the CPU nanoseconds of
    each stage, summed, and the moves counted."""
    import orjson
    from sqlmodel import Session, SQLModel, create_engine

    from tablegames import patches
    from tablegames.engine import get_game
    from tablegames.rooms import connections  # noqa: F401 (the app's SQLite settings on every engine)
    from tablegames.rooms import service
    from tablegames.state import db, fanout, room

    cpu = time.thread_time_ns
    spent = dict.fromkeys(STAGES, 0)
    engine_rules = get_game("uno")
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/move_path.db"
        setup = create_engine(url)
        SQLModel.metadata.create_all(setup)

        async def seat(game: int) -> _Room:
            """A new room of four phones and a table, its game started with the seed
            ``seed + game``."""
            with Session(setup) as session:
                code, host = service.create_room(session, "uno", {"dealer": 0})
                seats = [service.join_room(session, code, name)[0] for name in PLAYERS]
                service.start_game(session, code, host, seed=seed + game)
                version = service.room_version(session, code)
                service.screen(session, code, None)  # the public facts, held as a worker holds them
            tabs = [fanout.TabScreen(code, "phone", seat, "en", False, 0, 0, False, False) for seat in seats]
            tabs.append(fanout.TabScreen(code, "table", -1, "en", True, 0, 0, False, False))
            return _Room(code, host, seats, tabs, version, [await room.tab_screen(tab, version) for tab in tabs])

        seated = [await seat(at) for at in range(rooms)]
        counted, turn = 0, 0
        while counted < moves:
            at = turn % rooms
            turn += 1
            playing = seated[at]
            code = playing.code
            with Session(setup) as session:
                state, _version = service.current_state(session, code)
            if state is None or engine_rules.result(state):  # the game is over: a new room takes its place
                seated[at] = await seat(counted + at)  # one room alone plays the games it always played
                continue
            acting = engine_rules.to_act(state)
            if not acting:  # a hand is over: the host deals the next (not counted)
                playing.version = await db.run(lambda s: (service.advance(s, code, playing.host),
                                                          service.room_version(s, code))[1], url, quick=True)
                playing.held = [await room.tab_screen(tab, playing.version) for tab in playing.tabs]
                continue
            place = acting[0]
            move = engine_rules.legal_moves(state, place)[0]
            start = cpu()
            version = await db.run(room.seat_move(code, playing.seats[place], 0, move, playing.version), url,
                                   quick=True)
            stored = cpu()
            fanout.facts_digest(code, version)
            digested = cpu()
            screens = [await room.tab_screen(tab, version) for tab in playing.tabs]
            built = cpu()
            for before, after in zip(playing.held, screens):
                orjson.dumps({"$patch": patches.diff(before, after), "$same": {"version": before["version"]}})
            framed = cpu()
            playing.held, playing.version = screens, version
            spent["store"] += stored - start
            spent["facts"] += digested - stored
            spent["screens"] += built - digested
            spent["frames"] += framed - built
            counted += 1
        db._reset(url)
        setup.dispose()
    return {**spent, "moves": counted}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=600, help="players' moves a round (600)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; each stage's least is kept (5)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rooms", type=int, default=1,
                        help="rooms played at once, a move in each in turn (1): a worker's many rooms "
                             "share the processor's caches")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    if args.rooms < 1:
        parser.error("--rooms must be at least 1")

    rounds = [asyncio.run(play_round(args.moves, args.seed, args.rooms)) for _ in range(args.rounds)]
    moves = rounds[0]["moves"]
    least = {stage: min(r[stage] for r in rounds) / moves / 1000 for stage in STAGES}
    totals = sorted(sum(r[stage] for stage in STAGES) / moves / 1000 for r in rounds)
    print(f"bench/move_path.py: {platform.machine()}, Python {platform.python_version()}; "
          f"{args.rounds} rounds of {moves} moves (4-player UNO, seed {args.seed}, "
          f"{args.rooms} room{'s' if args.rooms != 1 else ''} at once)")
    print(f"{'stage':<10}{'µs a move (least)':>20}")
    for stage in STAGES:
        print(f"{stage:<10}{least[stage]:>20.1f}")
    print(f"{'sum':<10}{sum(least.values()):>20.1f}   (whole rounds: least {totals[0]:.1f}, "
          f"median {totals[len(totals) // 2]:.1f}, most {totals[-1]:.1f})")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"moves": moves, "rooms": args.rooms, "rounds": rounds, "least_us": least},
                                        indent=1))


if __name__ == "__main__":
    main()

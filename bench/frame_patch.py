#!/usr/bin/env python3
"""What a move's frame weighs: the whole screen it brings, and the frame as sent.

Run from the repository root, in the venv:
    python bench/frame_patch.py                 # one UNO room, a table and 4 phones, 60 moves
    python bench/frame_patch.py --moves 200 --players 2

It starts one backend as ``bench/load.py`` does (SQLite, the memory state manager), seats
one room through ``bench/load.py``'s ``seat_room`` and plays it with the bench's move
chooser, one move at a time. For every device but the mover it prints the size of the
screen the move brought (what a frame carried before frames were patched), the frame that
brought it, as it came over the socket (a patch of the screen the device had,
``tablegames/frame_patches.py``, in its Socket.IO envelope), and which keys of the screen
the patches are made of.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
for path in (REPO_ROOT, REPO_ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from tablegames import patches  # noqa: E402
from load import DEAL_ON, choose_move, on_turn, percentile, seat_room, start_single  # noqa: E402


def size(value: Any) -> int:
    """Bytes of ``value`` as compact JSON (UTF-8)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


async def measure(url: str, code: str, host: str, players: int, moves: int, seed: int) -> dict[str, Any]:
    room = await seat_room(url, code, host, players)
    rng = random.Random(seed)
    whole: list[int] = []
    sent: list[int] = []
    by_key: Counter[str] = Counter()
    try:
        played = 0
        while played < moves:
            view, version = room.table.view, room.table.version
            before = {id(d): copy.deepcopy(d.screen) for d in room.devices}
            frames = {id(d): len(d.move_frames) for d in room.devices}
            mover = room.table
            if view.get("phase") in DEAL_ON:  # the table deals on, as in the bench
                await room.table.host(DEAL_ON[view["phase"]])
            else:
                mover = on_turn(room)
                if mover is None:
                    break
                await mover.until_version(version, 15)
                move = choose_move(mover.view, rng)
                if move is None:  # nothing the bench's simple player can do in that view
                    break
                await mover.move(move, version)
                played += 1
            for device in room.devices:
                await device.until_version(version + 1, 15)
            for device in room.devices:
                if device is mover:
                    continue
                if len(device.move_frames) != frames[id(device)] + 1:
                    continue  # the move came with something else (or not alone): not a move's frame
                whole.append(size(device.screen))
                sent.append(device.move_frames[-1])
                by_key.update({key: size(value) for key, value in
                               patches.diff(before[id(device)], device.screen).items()})
    finally:
        await asyncio.gather(*(d.close() for d in room.devices), return_exceptions=True)
    return {"frames": len(whole), "whole": whole, "sent": sent, "by_key": by_key}


def report(result: dict[str, Any]) -> None:
    n = result["frames"]
    if not n:
        print("no move was played")
        return
    for name, values in (("whole screen", result["whole"]), ("frame as sent", result["sent"])):
        print(f"  {name:13s}  mean {sum(values) / n:6.0f} B  p50 {percentile(values, .5):6.0f} B  "
              f"p95 {percentile(values, .95):6.0f} B  max {max(values):6d} B")
    print(f"  sent / whole: {sum(result['sent']) / sum(result['whole']):.2f}  ({n} frames)")
    print("  the patches' bytes per frame, by key of the screen:")
    for key, total in result["by_key"].most_common(8):
        print(f"    {key:16s} {total / n:6.0f} B")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from sqlmodel import Session, create_engine

    from tablegames.rooms import service

    with tempfile.TemporaryDirectory(prefix="tg-frame-patch-") as tmp:
        server = start_single(Path(tmp))
        try:
            engine = create_engine(server.database_url)
            with Session(engine) as db:
                code, host = service.create_room(db, "uno", {"target": 10_000})
            engine.dispose()
            print(f"one UNO room, a table and {args.players} phones, up to {args.moves} moves")
            report(asyncio.run(measure(server.url, code, host, args.players, args.moves, args.seed)))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
